import type { ItemResult } from '../apply/types.ts';
import type {
  Drift,
  FieldChange,
  Hold,
  PlanItem,
  PublicationTarget,
  RenderReason,
  Step,
} from '../plan/types.ts';

// The words for a plan, shared by the terminal and the Markdown reports so
// that the CLI and the action say the same thing about the same plan. The
// callers decide only how account names are shown (escaped, shortened).

export interface Labels {
  /** How an account is named: escaped for Markdown, platform only in a narrow terminal table. */
  account: (account: PublicationTarget['accounts'][number]) => string;
  /** How a short manifest value is quoted: escaped and shortened by the caller. */
  value: (text: string) => string;
}

/** Fields short enough to show as old → new; scripts are shown as diffs instead. */
const SHOWN_VALUES: ReadonlySet<FieldChange['field']> = new Set([
  'title',
  'description',
  'hashtags',
  'persona_id',
]);

export const RENDER_REASONS: Record<RenderReason, string> = {
  never_rendered: 'not rendered yet',
  script_changed: 'script changed',
  settings_changed: 'video settings changed',
  retry_failed: 'retrying a failed render',
};

function targets(publish: PublicationTarget, labels: Labels): string {
  return [...new Set(publish.accounts.map(labels.account))].join(', ');
}

function changeText(change: FieldChange, labels: Labels): string {
  if (!SHOWN_VALUES.has(change.field)) return change.field;
  const quote = (value: unknown): string =>
    typeof value === 'string' && value !== '' ? labels.value(value) : '(none)';
  return `${change.field} ${quote(change.from)} → ${quote(change.to)}`;
}

export function stepText(step: Step, labels: Labels): string {
  switch (step.kind) {
    case 'create':
      return 'create';
    case 'edit':
      return `edit ${step.changes.map((change) => changeText(change, labels)).join(', ')}${step.cancelGeneration ? ' (cancels the running generation)' : ''}`;
    case 'render':
      return `render (${RENDER_REASONS[step.reason]})${step.publish ? ` and publish to ${targets(step.publish, labels)}` : ''}`;
    case 'upload':
      return `${step.retry ? 'retry publishing' : 'publish'} to ${targets(step.publish, labels)}`;
    case 'wait':
      return `wait for ${step.status}`;
  }
}

export function holdText(hold: Hold): string {
  switch (hold.kind) {
    case 'scheduled':
      return `publishes at ${formatInstant(hold.at)}`;
    case 'publish_disabled':
      return hold.by === 'input' ? 'publishing is turned off for this run' : 'not published on this event';
    case 'render_disabled':
      return 'not rendered on this event';
    case 'generating':
      return `generating now (${hold.status}); left alone unless cancel-running is set`;
    case 'already_retried':
      return `failed again (${hold.status}); retried once already`;
    case 'script_changed_since_plan':
      return 'its script changed on the service after the plan was made; not rendered in this run';
    case 'changed_since_plan':
      return `moved from ${hold.planned} to ${hold.found} while this run worked; left for the next run`;
    case 'listing_incomplete':
      return `not created: the service's listing could not be proven complete (${hold.gap}), so the item may already exist`;
    case 'unknown_value':
      return `left alone: the service shows ${hold.field} ${JSON.stringify(hold.value)}, which this version does not know`;
  }
}

export function driftText(drift: Drift, compact = false): string {
  const field = drift.field === 'video_settings' ? 'video settings' : drift.field;
  return compact ? `drift: ${field}` : `drift: ${field} differs from the published video (not re-rendered)`;
}

/** `2030-06-01T15:00:00.000Z` → `2030-06-01 15:00 UTC`; anything else is returned as it is. */
export function formatInstant(iso: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::\d{2}(?:\.\d+)?)?Z$/.exec(iso);
  return match ? `${match[1]} ${match[2]} UTC` : iso;
}

/**
 * What the results table says beside an outcome: why a skipped item was
 * skipped (every skip has a reason), and when a parked item publishes. Null
 * when the outcome says it all.
 */
export function resultNote(item: ItemResult, planned: PlanItem | undefined): string | null {
  const holds = [...(item.holds ?? []), ...(planned?.holds ?? [])];
  const notes = [...new Set(holds.map(holdText))];
  if (notes.length > 0) return notes.join('; ');
  if (item.outcome === 'skipped') return 'not allowed in this run';
  return null;
}

/**
 * The service reports one public URL per item (A18), however many accounts it
 * published to: the accounts an item was published to, when there were several.
 */
export function accountsBehindOneUrl(planned: PlanItem | undefined): string[] {
  const accounts = (planned?.steps ?? []).flatMap((step) =>
    step.kind === 'upload' || (step.kind === 'render' && step.publish !== null)
      ? (step.publish?.accounts ?? [])
      : [],
  );
  const names = [...new Set(accounts.map((account) => `${account.platform} "${account.name}"`))];
  return names.length > 1 ? names : [];
}
