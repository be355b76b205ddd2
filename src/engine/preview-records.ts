import { createHash } from 'node:crypto';
import type { ManagedField, PlanItem } from '../plan/types.ts';
import { serviceText } from '../text/service-terms.ts';
import type { PreviewWrites } from './types.ts';

// What a pull request's script preview wrote to items the service already
// held: the record main's apply reads to tell a preview's value (the
// repository asking on a branch: put back) from a person's edit in the
// service (kept). Each write is one key, a digest of the item's id, the
// field and the value in the service's terms: nothing of the text itself
// is recorded, and the key fits the sealed block of the pull request's
// comment (src/github/reviewed-block.ts).

/** Objects with their keys sorted, so one value has one key. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value as Record<string, unknown>).filter(([, entry]) => entry !== undefined);
  return Object.fromEntries(entries.sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, v]) => [k, canonical(v)]));
}

/** 64 bits of SHA-256 of one write, the value as the service keeps it (text without trailing blanks). */
export function previewWriteKey(id: string, field: ManagedField, value: unknown): string {
  const kept = typeof value === 'string' ? serviceText(value) : canonical(value);
  const text = JSON.stringify([id, field, kept ?? null]);
  return createHash('sha256').update(text).digest('hex').slice(0, 16);
}

/** The keys of what the preview's edits of existing drafts send (the items as asPreview made them). */
export function previewedFields(items: readonly PlanItem[]): string[] {
  return items.flatMap((item) =>
    item.remote === null
      ? []
      : item.steps.flatMap((step) =>
          step.kind !== 'edit'
            ? []
            : step.changes.map((change) => previewWriteKey(item.remote!.id, change.field, change.to)),
        ),
  );
}

/** The records read back as the engine asks them; null: they could not be read. */
export function previewWritesOf(keys: Iterable<string> | null): PreviewWrites {
  const known = keys === null ? null : new Set(keys);
  return {
    wrote: (id, field, value) =>
      Promise.resolve(known === null ? null : known.has(previewWriteKey(id, field, value))),
  };
}
