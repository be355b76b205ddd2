import type { ServiceTermsNote } from '../apply/readback.ts';
import type { ItemResult } from '../apply/types.ts';
import type { PlanScope } from '../engine/types.ts';
import { wallTime } from '../text/wall-clock.ts';
import type { PublishOptions } from '../service-client/types.ts';
import type {
  Drift,
  FieldChange,
  Hold,
  KeptValue,
  NotReviewedWhy,
  PlanItem,
  PublicationTarget,
  RenderReason,
  ReviewChange,
  Step,
} from '../plan/types.ts';
import { previewEdit } from '../plan/permissions.ts';
import { publicationOf } from '../plan/steps.ts';
import { thousands } from '../text/thousands.ts';
import { formatInstant, serviceEditHoldText, serviceEditsText } from './service-edit-words.ts';

export { formatInstant };

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

const RENDER_REASONS: Record<RenderReason, string> = {
  never_rendered: 'not rendered yet',
  script_changed: 'script changed',
  settings_changed: 'video settings changed',
  retry_failed: 'retrying a failed render',
  publish_in_one_request: 'again, because only the generation request carries its privacy or TikTok settings',
  changed_since_preview: 'again: the manifest changed since the render its pull request previewed',
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
    case 'paused':
      return pausedText(hold);
    case 'frozen':
      return `frozen until ${formatIn(hold.until, hold.timeZone)}, ${hold.reasons.join('; ')} (since ${formatIn(hold.since, hold.timeZone)}): ${FROZEN_OUTCOME[hold.what]}`;
    case 'publish_disabled':
      return hold.by === 'input' ? 'publishing is turned off for this run' : 'not published on this event';
    case 'render_disabled':
      return 'not rendered on this event';
    case 'preview_credits':
      return hold.spent === null
        ? 'not rendered as a preview: the credit balance could not be read to check preview-credits'
        : `not rendered as a preview: this run's previews spent ${hold.spent} of the ${hold.ceiling} credits preview-credits allows`;
    case 'generating':
      return `generating now (${hold.status}); left alone unless cancel-running is set`;
    case 'already_retried':
      return `failed again (${hold.status}); retried once already`;
    case 'script_changed_since_plan':
      return 'its script changed on the service after the plan was made; not rendered in this run';
    case 'changed_since_plan':
      return `moved from ${hold.planned} to ${hold.found} while this run worked; left for the next run`;
    case 'listing_incomplete':
      return 'not created: the listing of contents is not proven complete, so the item may already exist (see the note on the listing)';
    case 'unknown_value':
      return `left alone: the service shows ${hold.field} ${JSON.stringify(hold.value)}, which this version does not know`;
    case 'late':
      return `publish.at passed ${hold.days} day${hold.days === 1 ? '' : 's'} ago (${formatInstant(hold.at)}); held, not published late. Set publish.late: publish to publish it anyway, or move publish.at`;
    case 'upload_cannot_carry':
      return `held: the upload endpoint is not shown to carry ${hold.fields.join(', ')}, so an upload could publish wider than asked; render it again in one request (change the script or settings), or drop those settings`;
    case 'partly_published':
      return `held: the failed upload reached ${hold.platform} before it failed, and which other accounts got it is not shown; publish the rest by hand`;
    case 'looks_like_rename':
      return `held: looks like a rename of item ${hold.id} (title "${hold.title}"); pin id: ${hold.id} to adopt it, or change full_text to make a new item`;
    case 'not_started':
      return `the service accepted the request but the item stayed ${hold.status}; the next run picks it up`;
    case 'duplicate_marked':
      return `another run created "${hold.title}" at the same moment; this run's item ${hold.id} was marked as a duplicate of ${hold.winner} and left alone`;
    case 'race_undecided':
      return `held: ${hold.ids.length} items are titled "${hold.title}" (${hold.ids.join(', ')}) and ${hold.why}, so which one to keep cannot be decided; none is rendered or published${hold.marked.length > 0 ? '' : '. Delete the one that is not wanted in the service'}`;
    case 'outcome_unknown':
      return outcomeUnknownText(hold);
    case 'after_deadline':
      return `not sent in this run: the service's pace allows the next generation at ${formatInstant(hold.nextAt)}, after this run's deadline; the next run sends it`;
    case 'not_read_back':
      return `the service accepted the write, but reading the item back failed (${hold.reason}); the rest waits for the next run`;
    case 'cleared_on_service':
      return `the service accepted the edit but shows ${hold.fields.join(', ')} empty; nothing more is done to it in this run. Check how the service stores them`;
    case 'changed_since_review':
      return `changed since review in pull request #${hold.pr}: ${hold.changes.map((change) => REVIEW_CHANGES[change]).join(', ')}${hold.reviewedHead && hold.mergedHead ? ` (the reviewed plan was computed for ${hold.reviewedHead.slice(0, 7)}, the pull request merged ${hold.mergedHead.slice(0, 7)})` : ''}; not rendered or published. ${RELEASE}`;
    case 'service_edit':
      return serviceEditHoldText(hold);
    case 'not_reviewed':
      if (hold.why === 'unverified') {
        return `not reviewed: the reviewed plan in the comment of pull request #${hold.pr ?? '?'} does not verify (${UNVERIFIED_CAUSES}); held whatever require-review says, not rendered or published. ${RELEASE}`;
      }
      return `not reviewed: ${NOT_REVIEWED[hold.why]}${hold.pr === null ? '' : ` (pull request #${hold.pr})`}, and require-review is hold; not rendered or published. ${RELEASE}`;
  }
}

const RELEASE = 'A pull request that shows it, or a run with require-review: off, releases it';

const FROZEN_OUTCOME: Record<Extract<Hold, { kind: 'frozen' }>['what'], string> = {
  publish: 'published when the window ends',
  render: 'not rendered until the window ends',
  edit: 'not created or edited until the window ends',
};

/** `create, render and publish`: words joined as a sentence lists them. */
export function joinWords(words: readonly string[]): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/** Why, and since when, as a pause says it: `: Brand review (since 2026-11-20 00:00 UTC)`. */
export function whyAndSince(pause: { reason: string | null; since: string | null }): string {
  return `${pause.reason ? `: ${pause.reason}` : ''}${pause.since ? ` (since ${formatInstant(pause.since)})` : ''}`;
}

function pausedText(hold: Extract<Hold, { kind: 'paused' }>): string {
  const why = whyAndSince(hold);
  // What the pause kept from happening.
  const held = `not ${joinWords(hold.held) || 'nothing'}`;
  switch (hold.scope) {
    case 'input':
      return `paused by the pause input${why}: ${held} in this run`;
    case 'release_file':
      return `paused by ${hold.file ?? 'the release file'}${why}: ${held} until paused is removed`;
    case 'item':
      return `paused in ${hold.file ?? 'the manifest'}${why}: ${held} until paused is removed`;
    case 'account':
      return `account ${hold.account?.platform ?? ''} "${hold.account?.name ?? ''}" is paused in ${hold.file ?? 'the release file'}${why}: not published until it is resumed, to none of its accounts (never to fewer than asked)`;
  }
}

const REVIEW_CHANGES: Record<ReviewChange, string> = {
  manifest: 'the manifest differs from the one reviewed',
  script: 'a script other than the one shown',
  render: 'a render not shown',
  publication: 'a publication not shown',
  target: 'accounts or publication settings other than the ones shown',
};

const NOT_REVIEWED: Record<NotReviewedWhy, string> = {
  direct_push: 'the push came from no pull request',
  not_in_plan: "the pull request's reviewed plan does not list it",
  no_plan: 'the pull request has no comment with a reviewed plan',
  unreadable: 'the reviewed plan could not be read from GitHub',
  unverified: "the reviewed plan in the pull request's comment does not verify",
};

const UNVERIFIED_CAUSES =
  'edited after the action wrote it, copied from another pull request, or sealed with another review-key or api-key';

/** A value the service stored in its own terms; said once, on the run that wrote it. */
export function noteText(note: ServiceTermsNote): string {
  switch (note.how) {
    case 'normalised_text':
      return `the service stored ${note.field} with its own line ends and trailing whitespace; compared that way from now on`;
    case 'filled_defaults':
      return `the service filled its defaults into ${note.field}; only the keys the manifest sets are compared`;
    case 'ignored':
      return `the service did not take ${note.field}; it is compared by what the service reports`;
  }
}

/** What an apply found about one item besides its outcome: holds that arose, normal forms met. */

/** How a plan item's publication goes out, and every setting it sends, in the manifest's words. */
function publishViaText(item: Pick<PlanItem, 'publishVia' | 'flow' | 'publication'>): string | null {
  if (!item.publishVia) return null;
  const sent = publicationSettings(item.publication?.options);
  if (item.publishVia === 'upload') return `publishes with an upload (${sent})`;
  // A stepwise item publishes this way only when the upload could not carry its privacy or TikTok settings.
  return item.flow === 'stepwise'
    ? `publishes in one one-shot request with its render (${sent}): an upload cannot carry its privacy or TikTok settings`
    : `publishes in the one-shot generation request (${sent})`;
}

/** A publication's settings as the manifest names them: those always sent, then those it sets. */
function publicationSettings(options: PublishOptions | undefined): string {
  const always = ['accounts', 'made_for_kids', 'age_restricted', 'notify_subscribers', 'ai_disclosure'];
  const set = options
    ? [
        options.privacy !== undefined && 'privacy',
        options.category !== undefined && 'category',
        options.tiktok_post_mode !== undefined && 'tiktok.post_mode',
        options.tiktok_privacy !== undefined && 'tiktok.privacy',
      ].filter((name) => name !== false)
    : [];
  return [...always, ...set].join(', ');
}

/** The FLOW column: the declared flow, and how a declared stepwise item is published when it goes one-shot. */
export function flowText(item: Pick<PlanItem, 'publishVia' | 'flow'>): string {
  return item.flow === 'stepwise' && item.publishVia === 'oneshot' ? 'stepwise→oneshot' : item.flow;
}

const DRIFT_FIELDS: Partial<Record<Drift['field'], string>> = {
  video_settings: 'video settings',
  accounts: 'accounts',
  publish: 'publish settings',
};

export function driftText(drift: Drift, compact = false): string {
  const field = DRIFT_FIELDS[drift.field] ?? drift.field;
  if (compact) return `drift: ${field}`;
  const what =
    drift.field === 'accounts' || drift.field === 'publish'
      ? `drift: ${field} differ from the published video (${driftValue(drift.remote)} → ${driftValue(drift.desired)}; a published video is not published again)`
      : `drift: ${field} differs from the published video (not re-rendered)`;
  return `${what}; ${driftWayOut(drift)}`;
}

/** A published video's script, render or publication changes only as a new item: the service never redoes one. */
const AS_A_NEW_VIDEO = 'as a new video (a new title, no id)';

/**
 * What to do about one drift, in one line: take the published value (the
 * service's, which no run changes) back into the manifest, or make the change
 * a new video.
 */
function driftWayOut(drift: Drift): string {
  switch (drift.field) {
    case 'video_settings':
      return `set video back to the settings it was rendered with, or render the change ${AS_A_NEW_VIDEO}`;
    case 'accounts':
      return `set publish.accounts back to those it was published to, or publish to the new ones ${AS_A_NEW_VIDEO}`;
    case 'publish':
      return `set the publish settings back to those it was published with, or publish with the new ones ${AS_A_NEW_VIDEO}`;
    default:
      return `set ${drift.field} back to the published one, or publish the change ${AS_A_NEW_VIDEO}`;
  }
}

function driftValue(value: unknown): string {
  if (Array.isArray(value)) return value.join(', ');
  if (value !== null && typeof value === 'object')
    return Object.entries(value)
      .map(([key, entry]) => `${key} ${String(entry)}`)
      .join(', ');
  return String(value);
}

function keptValue(value: unknown): string {
  const text = typeof value === 'string' ? `"${value}"` : JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

/**
 * Values the service holds that the manifest does not set, on an item the
 * plan renders or publishes: they go out with the video, so they are named
 * (plan/diff.ts, keptFromService). The callers escape the whole line.
 */
function keptText(kept: readonly KeptValue[] | undefined, compact = false): string | null {
  if (kept === undefined || kept.length === 0) return null;
  if (compact) return `kept from the service: ${kept.map((entry) => entry.field).join(', ')}`;
  const values = kept.map((entry) => `${entry.field} = ${keptValue(entry.value)}`).join(', ');
  return `kept from the service, which the manifest does not set (they go out with the video; set them in the manifest to change them): ${values}`;
}

/**
 * What a pull request's preview left out of a planned edit of an existing
 * draft, and why (plan/permissions.ts); null when it sends the whole edit or
 * the run does not preview.
 */
function notPreviewedText(item: PlanItem): string | null {
  const step = item.steps.find((entry) => entry.kind === 'edit');
  if (item.preview === undefined || step?.kind !== 'edit') return null;
  const { withheld, blocked } = previewEdit(item, step, item.preview);
  if (withheld.length === 0) return null;
  const fields = `not previewed: ${withheld.join(', ')}`;
  switch (blocked) {
    case 'no_base':
      return `${fields}: the pull request's base could not be read, so no item the service holds is edited before the merge (use fetch-depth: 0 in actions/checkout)`;
    case 'not_at_base':
      return `${fields}: main has no manifest of this item at this path (new in this pull request, or another title there), so a preview edit would stay in the service after this pull request`;
    case 'base_invalid':
      return `${fields}: main's manifest at this path has errors, so a preview edit would stay in the service after this pull request`;
    case null:
      return `not previewed: ${ownReasons(withheld)}, so a preview would leave ${withheld.length === 1 ? 'it' : 'them'} in the service after this pull request`;
  }
}

/** Why each withheld field of a preview is main's to leave: it sets no such field, or keeps the service's persona. */
function ownReasons(withheld: readonly string[]): string {
  const unset = withheld.filter((field) => field !== 'persona_id');
  const reasons =
    unset.length > 0
      ? [`${unset.join(', ')}: main's manifest does not set ${unset.length === 1 ? 'it' : 'them'}`]
      : [];
  if (withheld.includes('persona_id')) reasons.push('persona_id: main keeps the persona the service shows');
  return reasons.join('; ');
}

const WEEKDAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** An instant as a time zone shows it, with the weekday (`Mon 2026-11-30 00:00 Europe/Paris`); UTC without a zone. */
export function formatIn(iso: string, zone: string | null): string {
  if (zone === null) return formatInstant(iso);
  const wall = new Date(wallTime(zone, Date.parse(iso)));
  const text = wall.toISOString();
  return `${WEEKDAY_NAMES[wall.getUTCDay()]} ${text.slice(0, 10)} ${text.slice(11, 16)} ${zone}`;
}

/**
 * The notes beside a plan item's steps, in the order every report gives
 * them; `compact` names fields without their values, and leaves out how the
 * publication goes out.
 */
export function planNotes(item: PlanItem, compact = false): string[] {
  return [
    confirmationText(item),
    ...item.holds.map(holdText),
    ...item.drift.map((drift) => driftText(drift, compact)),
    serviceEditsText(item.serviceEdits, compact),
    keptText(item.kept, compact),
    notPreviewedText(item),
    compact ? null : publishViaText(item),
  ].filter((text): text is string => text !== null);
}

/**
 * What the results table says beside an outcome: why a skipped or held item
 * was (every one has a reason), what drifted and what to do about it, and
 * when a parked item publishes. Null when the outcome says it all.
 */
export function resultNote(item: ItemResult, planned: PlanItem | undefined): string | null {
  const holds = [...(item.holds ?? []), ...(planned?.holds ?? [])];
  // A drift stays after the run, whatever else it did: the results say it and the way out too.
  const drift = (planned?.drift ?? []).map((entry) => driftText(entry));
  const live = [unknownText(item), confirmationText(item)].filter((text): text is string => text !== null);
  const planNotes = [
    serviceEditsText(planned?.serviceEdits),
    keptText(planned?.kept),
    planned ? notPreviewedText(planned) : null,
  ].flatMap((text) => (text === null ? [] : [text]));
  const notes = [
    ...new Set([
      ...live,
      ...holds.map(holdText),
      ...drift,
      ...planNotes,
      ...(item.notes ?? []).map(noteText),
    ]),
  ];
  if (notes.length > 0) return notes.join('; ');
  if (item.outcome === 'skipped') return 'not allowed in this run';
  return null;
}

/** How a person settles a publication whose outcome is unknown. */
const DECIDE =
  'check the channel: if the video is there, nothing is to be done; if not, run again (the next run sends it ' +
  'while the service shows it unpublished, at-most-once or not, so run it only after checking) or publish it by hand';

/** What may have come of a request sent again after its answer was lost. */
const MAYBE_TWICE =
  'if the service had queued the first, the video may be published twice: check the channel for a second post';

/** A request whose answer was lost and of which the service shows no sign: said as it happened, never "not sent" after a resend. */
function outcomeUnknownText(hold: Extract<Hold, { kind: 'outcome_unknown' }>): string {
  const sent = formatInstant(hold.sentAt);
  if (hold.atMostOnce === true)
    return `publication unknown: the request sent ${sent} lost its answer and the service shows no sign of it; held by at-most-once, never sent again. To decide, ${DECIDE}`;
  if ((hold.sends ?? 2) > 1)
    return `publication unknown: the request sent ${sent} lost its answer, was sent again once when the service showed no sign of it past the stall threshold, and lost its answer again; it is not sent a third time, and a later run reads what the service shows. ${MAYBE_TWICE}`;
  return `publication unknown: the request sent ${sent} lost its answer and the service shows no sign of it; a later run reads what the service shows`;
}

/** A publication whose answer was lost, not yet shown published (unknown, and since when), or sent again after it. */
function unknownText(item: ItemResult): string | null {
  if (item.holds?.some((hold) => hold.kind === 'outcome_unknown')) return null;
  if (item.outcome !== 'unknown')
    return item.resentAfterLoss === true ? `sent again after its answer was lost: ${MAYBE_TWICE}` : null;
  const since = item.unknownSince ? ` (first sent ${formatInstant(item.unknownSince)})` : '';
  if (item.resentAfterLoss === true)
    return `publication unknown${since}: its answer was lost and the service showed no sign of it past the stall threshold, so it was sent again once; the service has not shown it published yet, and the next run reads what it shows. ${MAYBE_TWICE}`;
  return `publication unknown${since}: its answer was lost, the service showed it received, and it was not sent again; the service has not shown it published yet, and the next run reads what it shows`;
}

/**
 * Published, and what the service shows of it on each account asked
 * (plan/confirmation.ts). One URL for several accounts is said where this run
 * published; an unconfirmed publication is said in every run until it is live.
 */
function confirmationText(
  item: Pick<ItemResult, 'confirmation'> & Partial<Pick<ItemResult, 'outcome'>>,
): string | null {
  const confirmation = item.confirmation;
  if (confirmation === undefined || confirmation.state === 'confirmed') return null;
  const label = (account: { platform: string; name: string }) => `${account.platform} "${account.name}"`;
  if (confirmation.state === 'one_url') {
    if (item.outcome !== 'published') return null;
    return `published to ${confirmation.accounts.map(label).join(', ')}; the service shows one URL for the item, not one per account`;
  }
  const missing = confirmation.accounts.filter((account) => account.url === null).map(label);
  return `published, unconfirmed: the service shows no URL for ${missing.join(', ')}`;
}

/** The item's one URL stands for several accounts: the service shows no URL per account (A28). */
export function oneUrlForSeveral(item: Pick<ItemResult, 'publishedUrls' | 'confirmation'>): boolean {
  if (item.confirmation !== undefined) return item.confirmation.state === 'one_url';
  return item.publishedUrls.length === 1;
}

/**
 * The service reports one public URL per item (A18), however many accounts it
 * published to: the accounts an item was published to, when there were several.
 */
export function accountsBehindOneUrl(planned: PlanItem | undefined): string[] {
  const accounts = (planned?.steps ?? []).flatMap((step) => publicationOf(step)?.accounts ?? []);
  const names = [...new Set(accounts.map((account) => `${account.platform} "${account.name}"`))];
  return names.length > 1 ? names : [];
}

/** What the run says once about the comparison with reviewed plans, above the tables. */
export function reviewNotes(review: {
  held: number;
  unreviewed: ReadonlyArray<{ why: NotReviewedWhy }>;
}): string[] {
  const notes: string[] = [];
  if (review.held > 0) {
    notes.push(
      `${review.held} item${review.held === 1 ? ' was' : 's were'} held: what this apply would render or publish is not what a reviewed pull request showed. ` +
        'A pull request that shows them, or a run with require-review: off, releases them.',
    );
  }
  const whys = [...new Set(review.unreviewed.map((entry) => NOT_REVIEWED[entry.why]))];
  if (whys.length > 0) {
    const count = review.unreviewed.length;
    notes.push(
      `${count} item${count === 1 ? ' is' : 's are'} rendered or published without a reviewed plan (${whys.join('; ')}): ` +
        'require-review: warn lets them through; require-review: hold would hold them.',
    );
  }
  return notes;
}

/** What a change's plan covers, as the summary, the comment and the CLI say it; `code` marks up the base. */
export function scopeText(scope: PlanScope, code: (text: string) => string = (text) => text): string {
  const count = thousands;
  return (
    `the plan covers the change since ${code(scope.base)}: ${count(scope.planned)} changed ` +
    `${scope.planned === 1 ? 'manifest' : 'manifests'} planned; ${count(scope.unread)} unchanged not read`
  );
}
