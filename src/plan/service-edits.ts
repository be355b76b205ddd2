import type { ContentDetail } from '../service-client/types.ts';
import type { DesiredItem } from '../manifest/types.ts';
import type { FieldChange, Hold, PlanContext, ServiceEdit } from './types.ts';

// People edit items in the service's web app too. A field whose service
// value differs from what the repository last asked for was edited there:
// the plan keeps it as the service has it and says so, unless self-heal
// asks for the manifest's value back. A field changed on both sides since
// the last apply is a conflict, and a field whose writer cannot be told is
// held: neither is written either way. Who changed what is read by the
// engine from git and the previews' records (engine/service-edits.ts); a
// field it gives no origin is the repository's, written as ever.

/** The changes this plan writes, the service edits it reports, and the hold of a conflict or an unknown writer. */
export interface SettledChanges {
  changes: FieldChange[];
  edits: ServiceEdit[];
  hold: Hold | null;
}

/** The changes less the fields the manifest leaves to the service once the item exists (`ignore_service_edits`). */
export function withoutIgnored(item: DesiredItem, changes: readonly FieldChange[]): FieldChange[] {
  const ignored = new Set<string>(item.ignoreServiceEdits ?? []);
  return changes.filter((change) => !ignored.has(change.field));
}

function editOf(change: FieldChange, detail: ContentDetail, outcome: ServiceEdit['outcome']): ServiceEdit {
  return {
    field: change.field,
    service: change.from,
    manifest: change.to,
    since: detail.updated_at ?? null,
    outcome,
  };
}

/**
 * The manifest's changes of an existing item, settled against who made each
 * difference: the repository's are written; an edit made in the service is
 * kept (or written back with self-heal, in the run's input or the manifest);
 * a conflict or an unknown writer holds the item.
 */
export function settleChanges(
  item: DesiredItem,
  detail: ContentDetail,
  changes: readonly FieldChange[],
  context: Pick<PlanContext, 'origins' | 'selfHeal'>,
): SettledChanges {
  const origins = context.origins?.get(item.file);
  const heal = context.selfHeal === true || item.selfHeal === true;
  const written: FieldChange[] = [];
  const edits: ServiceEdit[] = [];
  for (const change of withoutIgnored(item, changes)) {
    const origin = origins?.get(change.field) ?? { kind: 'repository' };
    if (origin.kind === 'repository') {
      written.push(change);
    } else if (heal) {
      written.push(change);
      edits.push(editOf(change, detail, 'healed'));
    } else if (origin.kind === 'service') {
      edits.push(editOf(change, detail, 'kept'));
    } else if (origin.kind === 'conflict') {
      edits.push({ ...editOf(change, detail, 'conflict'), asked: origin.asked });
    } else {
      edits.push({ ...editOf(change, detail, 'unknown'), why: origin.why });
    }
  }
  const conflict = edits.filter((edit) => edit.outcome === 'conflict').map((edit) => edit.field);
  const unknown = edits.filter((edit) => edit.outcome === 'unknown').map((edit) => edit.field);
  const hold: Hold | null =
    conflict.length + unknown.length > 0 ? { kind: 'service_edit', conflict, unknown } : null;
  return { changes: hold === null ? written : [], edits, hold };
}
