import type { PlanItem, ManagedField } from '../plan/types.ts';
import { serviceText } from '../text/service-terms.ts';
import { fingerprint } from './fingerprint.ts';
import type { PreviewWrites } from './types.ts';

// What a pull request's script preview wrote to items the service already
// held, as fingerprints: the record main's apply reads to tell a preview's
// value (the repository asking on a branch: put back) from a person's edit
// in the service (kept). Nothing of the text itself is recorded.

/** One field a preview wrote into an existing item. */
export interface PreviewWrite {
  id: string;
  field: ManagedField;
  /** fingerprint of the value in the service's terms (previewFingerprint). */
  value: string;
}

/** Objects with their keys sorted, so one value has one fingerprint. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value as Record<string, unknown>).filter(([, entry]) => entry !== undefined);
  return Object.fromEntries(entries.sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, v]) => [k, canonical(v)]));
}

/** A value as the service keeps it (text without trailing blanks), fingerprinted. */
function previewFingerprint(value: unknown): string {
  const kept = typeof value === 'string' ? serviceText(value) : canonical(value);
  return fingerprint(kept) ?? 'null';
}

/** The fields the preview's edits of existing drafts send (the items as asPreview made them). */
export function previewedFields(items: readonly PlanItem[]): PreviewWrite[] {
  return items.flatMap((item) =>
    item.remote === null
      ? []
      : item.steps.flatMap((step) =>
          step.kind !== 'edit'
            ? []
            : step.changes.map((change) => ({
                id: item.remote!.id,
                field: change.field,
                value: previewFingerprint(change.to),
              })),
        ),
  );
}

/** The records read back as the engine asks them; null records: they could not be read. */
export function previewWritesOf(records: readonly PreviewWrite[] | null): PreviewWrites {
  const known = new Set((records ?? []).map((write) => `${write.id}\n${write.field}\n${write.value}`));
  return {
    wrote: (id, field, value) =>
      Promise.resolve(records === null ? null : known.has(`${id}\n${field}\n${previewFingerprint(value)}`)),
  };
}
