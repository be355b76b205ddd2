import type { Hold, ServiceEdit } from '../plan/types.ts';

// The words for fields edited in the service (plan/service-edits.ts), shared
// by the terminal, the summary and the pull request's comment. The callers
// escape every line: values come from the service and the manifests.

/** The persona is named as the manifest names it. */
export function fieldName(field: string): string {
  return field === 'persona_id' ? 'persona' : field;
}

/** `2030-06-01T15:00:00.000Z` → `2030-06-01 15:00 UTC`; anything else is returned as it is. */
export function formatInstant(iso: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::\d{2}(?:\.\d+)?)?Z$/.exec(iso);
  return match ? `${match[1]} ${match[2]} UTC` : iso;
}

/** The ways out of a kept edit, said once per line. */
const WAYS_OUT =
  "to take it into git run content-as-code adopt (or mode: adopt); to put the manifest's back set self-heal: true; to leave the field to the service list it in ignore_service_edits";

/** A value on one line, quoted, at most 80 characters. */
export function editValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(none)';
  const text = typeof value === 'string' ? `"${value.replace(/\s+/g, ' ')}"` : JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

function since(edit: ServiceEdit): string {
  return edit.since === null ? '' : ` (the item last changed in the service ${formatInstant(edit.since)})`;
}

/** One edit as a sentence: what the service holds, what the manifest says, and what this run does. */
function serviceEditSentence(edit: ServiceEdit): string {
  const field = fieldName(edit.field);
  const values = `the service has ${editValue(edit.service)}, the manifest ${editValue(edit.manifest)}`;
  switch (edit.outcome) {
    case 'kept':
      return `${field} edited in the service${since(edit)}: kept as the service has it (${values}); ${WAYS_OUT}`;
    case 'healed':
      return `${field} edited in the service${since(edit)}: put back to the manifest's value by self-heal (${values})`;
    case 'conflict':
      return `${field} changed in the service and in the repository since the last apply${since(edit)}: a conflict, written neither way until one side gives way (${values}, the last apply asked for ${editValue(edit.asked)}); adopt the service's value, set the manifest back, or set self-heal: true`;
    case 'unknown':
      return `${field} changed outside the repository${since(edit)}, in the service or by a pull request's preview: which cannot be told, as no record of the previews could be read; held, written neither way (${values}); adopt the service's value, or set self-heal: true to put the manifest's back`;
  }
}

/** Every edit of an item, in one note; the compact form names the fields only. Null when there is none. */
export function serviceEditsText(edits: readonly ServiceEdit[] | undefined, compact = false): string | null {
  if (edits === undefined || edits.length === 0) return null;
  if (compact) {
    const named = edits.map((edit) => `${fieldName(edit.field)} (${edit.outcome})`).join(', ');
    return `edited in the service: ${named}`;
  }
  return edits.map(serviceEditSentence).join('; ');
}

/** The outcome of an edit in a table cell. */
export function serviceEditOutcome(edit: ServiceEdit): string {
  switch (edit.outcome) {
    case 'kept':
      return 'edited in the service: kept';
    case 'healed':
      return 'edited in the service: put back (self-heal)';
    case 'conflict':
      return 'changed in the service and in the repository: conflict, written neither way';
    case 'unknown':
      return 'changed outside the repository, writer unknown: held';
  }
}

/** The hold of a conflict or an unknown writer: the fields, said in the edits' own note. */
export function serviceEditHoldText(hold: Extract<Hold, { kind: 'service_edit' }>): string {
  const parts = [
    hold.conflict.length > 0 ? `${hold.conflict.map(fieldName).join(', ')} in conflict` : null,
    hold.unknown.length > 0 ? `${hold.unknown.map(fieldName).join(', ')} of an unknown writer` : null,
  ].filter((part): part is string => part !== null);
  return `held: ${parts.join(' and ')}; nothing is written, rendered or published for this item until one side gives way`;
}
