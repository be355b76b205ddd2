import type {
  Account,
  ContentEdit,
  ContentFields,
  ContentStatus,
  PublishOptions,
  RenderOptions,
  Scope,
  ContentSummary,
} from '../service-client/types.ts';
import type { DesiredItem, Flow, FreezeHold, PausedAccount, Problem, Stage } from '../manifest/types.ts';
import type { FreezeCalendar } from './freeze-windows.ts';

// The plan is data: typed steps with typed reasons, no sentences. The report
// layer turns it into words; plan mode is this same value with no writes.

export type Mode = 'validate' | 'plan' | 'apply';

/** How a manifest was matched to a remote item. */
export type Match = 'pinned' | 'title' | 'renamed' | 'new';

export type ManagedField = keyof ContentFields;

export interface FieldChange {
  field: ManagedField;
  from: unknown;
  to: unknown;
}

export type RenderReason =
  | 'never_rendered'
  | 'script_changed'
  | 'settings_changed'
  | 'retry_failed'
  /** Rendered, but the upload cannot carry its publication settings: the one-shot request renders and publishes. */
  | 'publish_in_one_request'
  /** Rendered by its pull request's preview, and changed since: that render is not what the manifest asks for. */
  | 'changed_since_preview';

export interface PublicationTarget {
  accounts: Account[];
  options: PublishOptions;
}

export type Step =
  | { kind: 'create'; fields: ContentFields }
  /** `send` is the whole PUT body: the changes and every other field as it stands (A13). */
  | { kind: 'edit'; changes: FieldChange[]; cancelGeneration: boolean; send: ContentEdit }
  /** One-shot carries its publication inside the render; stepwise never does. */
  | { kind: 'render'; reason: RenderReason; render: RenderOptions; publish: PublicationTarget | null }
  | { kind: 'upload'; publish: PublicationTarget; retry: boolean }
  /** Something is in flight on the service: poll it to the end, send nothing. */
  | { kind: 'wait'; status: ContentStatus };

/** What a pause or a freeze kept from happening: the review and the reports read it. */
export type HeldWork = 'create' | 'edit' | 'render' | 'publish';

/** Why something the manifest asks for does not happen in this run. */
export type Hold =
  | { kind: 'scheduled'; at: string }
  /**
   * Paused: by the `pause` input or the release file's `paused` (every write
   * of the run), by the manifest or a `_defaults.yml` (this item), or by an
   * account the release file pauses (the item's publication, whatever other
   * accounts it names). `file` is where the pause is written.
   */
  | {
      kind: 'paused';
      scope: 'input' | 'release_file' | 'item' | 'account';
      file: string | null;
      account: { platform: string; name: string } | null;
      reason: string | null;
      since: string | null;
      held: HeldWork[];
    }
  /** A freeze window of the release file holds what it names (`what`) from `since` until `until`. */
  | {
      kind: 'frozen';
      what: FreezeHold;
      since: string;
      until: string;
      reasons: string[];
      /** The zone the window is written in, for the reports; null for instants written with an offset. */
      timeZone: string | null;
      held: HeldWork[];
    }
  | { kind: 'publish_disabled'; by: 'input' | 'event' }
  | { kind: 'render_disabled'; by: 'event' }
  | { kind: 'generating'; status: ContentStatus }
  | { kind: 'already_retried'; status: ContentStatus }
  /** The item moved on the service between planning and applying: nothing was sent; the next run plans it again. */
  | { kind: 'changed_since_plan'; planned: ContentStatus; found: ContentStatus }
  /** A stepwise script differs from the one the plan showed: it is not rendered unreviewed. */
  | { kind: 'script_changed_since_plan' }
  /** GET /contents could not be proven complete: the item may exist on a page not read, so it is not created (A7). */
  | { kind: 'listing_incomplete'; gap: string }
  /** The service showed a value the interface does not list (A35): nothing is done to this item. */
  | { kind: 'unknown_value'; field: 'status' | 'account platform'; value: string }
  /** publish.at passed longer ago than the late window: publishing now would surprise (`publish.late: publish` overrides). */
  | { kind: 'late'; at: string; days: number }
  /**
   * A rendered video whose publication settings (manifest names) the upload
   * endpoint is not shown to carry: uploading would publish wider than asked.
   */
  | { kind: 'upload_cannot_carry'; fields: string[] }
  /** FAILED_UPLOAD after a publication reached some account: which ones is not knowable, so nothing is resent. */
  | { kind: 'partly_published'; platform: string }
  /** A new manifest whose full_text is an unmanaged item's: creating it would make a second item. */
  | { kind: 'looks_like_rename'; id: string; title: string }
  /**
   * A pull request's preview render not sent: the previews of this run have
   * spent `spent` credits (null: the balance could not be read) of the
   * `preview-credits` ceiling, and one more may pass it.
   */
  | { kind: 'preview_credits'; spent: number | null; ceiling: number }
  /** The service accepted a generation or upload but did not start it within the wait. */
  | { kind: 'not_started'; status: ContentStatus }
  /** Another run created the same title at the same time; this run's item was marked and left alone. */
  | { kind: 'duplicate_marked'; id: string; title: string; winner: string }
  /**
   * Another item has this title too, and which one every run keeps cannot be
   * decided (the service shows no creation time for one of them, or its
   * listing could not be read): neither is rendered or published.
   */
  /** `marked`: the items this run retitled as duplicates (its own, or every one it could not tell from its own). */
  | { kind: 'race_undecided'; title: string; ids: string[]; why: string; marked: string[] }
  /**
   * A generation or upload lost its answer and the service shows no sign of
   * it: `sends` times sent (2: sent again once past the stall threshold, and
   * lost again; 1: held by at-most-once, never sent again). It may have been
   * received, so it is not sent again; a person or a later run decides.
   */
  | { kind: 'outcome_unknown'; request: string; sentAt: string; sends?: number; atMostOnce?: boolean }
  /** Not sent: the service's pace allows the next generation request only after the run's deadline. */
  | { kind: 'after_deadline'; nextAt: string }
  /** The service accepted this run's write; reading the item back failed, so the rest waits for the next run. */
  | { kind: 'not_read_back'; reason: string }
  /** The service accepted the edit but shows fields it set empty; nothing more is done to the item in this run. */
  | { kind: 'cleared_on_service'; fields: string[] }
  /**
   * What the apply would render or publish differs from the plan its pull
   * request showed: neither is done until a review shows it (or require-review: off).
   */
  | {
      kind: 'changed_since_review';
      pr: number;
      url: string | null;
      changes: ReviewChange[];
      /** The head the reviewed plan was computed for, when older than the merged head. */
      reviewedHead: string | null;
      mergedHead: string | null;
    }
  /** No reviewed plan covers this item, and `require-review: hold` asks for one. */
  | { kind: 'not_reviewed'; why: NotReviewedWhy; pr: number | null; url: string | null }
  /**
   * Fields the service shows otherwise than the manifest, changed in the
   * repository and in the service since the last apply (conflict), or whose
   * writer cannot be told (unknown): nothing is written to the item, nor
   * rendered or published, until one side gives way (plan/service-edits.ts).
   */
  | { kind: 'service_edit'; conflict: string[]; unknown: string[] };

/** How an item differs from what its pull request showed. */
export type ReviewChange = 'manifest' | 'script' | 'render' | 'publication' | 'target';

/**
 * Why no reviewed plan covers an item: a push from no pull request, an item
 * the reviewed plan does not list, a pull request without the plan block,
 * GitHub could not be asked, or the block does not verify (then the item is
 * held whatever require-review says).
 */
export type NotReviewedWhy = 'direct_push' | 'not_in_plan' | 'no_plan' | 'unreadable' | 'unverified';

/** A difference that apply will not fix: the video is already published. */
export interface Drift {
  /** `accounts` and `publish` (privacy and other publication settings): changed after publication. */
  field: ManagedField | 'video_settings' | 'accounts' | 'publish';
  remote: unknown;
  desired: unknown;
}

export interface RemoteRef {
  id: string;
  title: string;
  status: ContentStatus;
}

/** One account a publication asked for, and the URL the service shows for it there, if any. */
export interface AccountPublication {
  accountId: string;
  platform: string;
  name: string;
  url: string | null;
}

export type Confirmation =
  /** A URL for every account asked. */
  | { state: 'confirmed'; accounts: AccountPublication[] }
  /** The service shows one URL for the item, however many accounts it was published to. */
  | { state: 'one_url'; accounts: AccountPublication[] }
  /** Some accounts have no URL the service shows. */
  | { state: 'unconfirmed'; accounts: AccountPublication[]; missing: AccountPublication[] };

export interface PlanItem {
  file: string;
  line: number;
  column: number;
  title: string;
  stage: Stage;
  flow: Flow;
  match: Match;
  /** The title the item had before a rename, found in git history. */
  renamedFrom: string | null;
  remote: RemoteRef | null;
  steps: Step[];
  holds: Hold[];
  drift: Drift[];
  /** publish.at when the manifest sets one. */
  publishAt: string | null;
  /**
   * The publication the manifest asks for, its accounts resolved once for the
   * run (null below the published stage): the review fingerprints it as is.
   */
  publication?: PublicationTarget | null;
  /** A published item the service does not yet show live on every account (plan/confirmation.ts). */
  confirmation?: { state: 'unconfirmed'; accounts: AccountPublication[] };
  /**
   * How the publication goes out: inside the one-shot generation request, or
   * with POST /contents/upload; null when this item publishes nothing.
   */
  publishVia?: 'oneshot' | 'upload' | null;
  /** The script reviewers read: the manifest's textover, else the service's. */
  script: { desired: string | null; remote: string | null };
  /**
   * Fingerprints of what a review of this item sees: the manifest as planned
   * and the publication it asks for (accounts as resolved, settings, publish.at).
   */
  review?: { manifest: string; target: string | null };
  /**
   * A pull request's script preview: what it may write to this existing
   * draft (plan/permissions.ts, asPreview). Set only on runs that preview.
   */
  preview?: PreviewReach;
  /**
   * Values the service holds that the manifest does not set, on an item this
   * plan renders or publishes: they go out with the video as the service has
   * them, so the plan shows them (plan/diff.ts, keptFromService).
   */
  kept?: KeptValue[];
  /** A pull request's preview render of this item (src/engine/preview-render.ts); set only on runs that render previews. */
  previewRender?: PreviewRenderChoice;
  /** Fields edited in the service since the repository last asked for them, and what this plan does about each. */
  serviceEdits?: ServiceEdit[];
}

/**
 * Who last changed a field that the service shows otherwise than the
 * manifest, as git and the action's records tell it (engine/service-edits.ts):
 * the repository asked for a value the service does not hold yet (written as
 * ever), a change made in the service since (kept), both (a conflict), or it
 * cannot be told, and why.
 */
export type FieldOrigin =
  | { kind: 'repository' }
  | { kind: 'service' }
  | { kind: 'conflict'; asked: unknown }
  | { kind: 'unknown'; why: UnknownOrigin };

/**
 * Why the writer of a field cannot be told: a draft a pull request's
 * preview may have written, and no record of the previews could be read.
 */
type UnknownOrigin = 'preview_unrecorded';

/**
 * A field edited in the service: its value there and the manifest's, when
 * the item last changed in the service (its updated_at) where shown, and
 * what the plan does: keep it, put the manifest's back (self-heal), or hold
 * it as a conflict (with what the repository asked before) or unknown.
 */
export interface ServiceEdit {
  field: ManagedField;
  service: unknown;
  manifest: unknown;
  since: string | null;
  outcome: 'kept' | 'healed' | 'conflict' | 'unknown';
  /** A conflict: the value the repository asked for at the last apply. */
  asked?: unknown;
  why?: UnknownOrigin;
}

/**
 * What a pull request's run does about rendering this item for reviewers:
 * renders it now (`chosen`), shows the render an earlier run of the pull
 * request made (`earlier`), or not, and why. `fingerprint`: what the render
 * is made from (engine/preview-render.ts, renderFingerprint).
 */
export type PreviewRenderChoice =
  | { state: 'chosen'; fingerprint: string; render: RenderOptions }
  | { state: 'earlier'; fingerprint: string }
  | { state: 'skipped'; why: PreviewSkip };

/**
 * Why an item the pull request changes is not rendered for review: past
 * `preview-renders`, held by a freeze or a pause, a preview that could not
 * write what the render is made from, or rendered from an earlier version of
 * the pull request (a rendered item is never changed before the merge), or
 * a publication only the one-shot request carries (the merge renders it
 * again with it, so a preview render would be spent twice).
 */
export type PreviewSkip = 'limit' | 'freeze' | 'pause' | 'withheld' | 'stale' | 'one_request';

/** A value the service holds that no manifest sets: a field, or a key inside fine_tuning (`fine_tuning.style`). */
export interface KeptValue {
  field: string;
  value: unknown;
}

/**
 * How far a pull request's preview may edit an item the service already
 * holds: the fields (and fine_tuning keys) main's manifest of the item sets
 * at the pull request's base, with its defaults; or nothing, and why.
 */
export type PreviewReach =
  { kind: 'owned'; fields: Partial<Record<ManagedField, unknown>> } | { kind: 'none'; why: PreviewBlock };

/**
 * Why a preview edits nothing of an existing item: the base's manifests
 * cannot be read (no base commit in the clone, no earlier versions), the
 * base has no manifest of this item at this path (new in the pull request,
 * or naming another title), or its manifest there has errors.
 */
export type PreviewBlock = 'no_base' | 'not_at_base' | 'base_invalid';

export interface Plan {
  mode: Mode;
  items: PlanItem[];
  /** Remote items no manifest claims; listed, never touched. */
  unmanaged: RemoteRef[];
  /** (item, account) pairs this plan would publish now. */
  publications: number;
  /**
   * Scopes the interface states for this plan's requests (generation needs
   * `generate`), checked before the first write. Any other requirement is
   * learned from the service's first 403 (A29).
   */
  statedScopes: Scope[];
  /** Matching problems found while planning (duplicate remote titles, unknown accounts). */
  problems: Problem[];
}

/** A manifest and the remote item it is about (identity.ts), or none. */
export interface Matched {
  item: DesiredItem;
  match: Match;
  remote: ContentSummary | null;
  renamedFrom: string | null;
}

export interface MatchResult {
  matched: Matched[];
  unmanaged: RemoteRef[];
  problems: Problem[];
}

/** What the planner is told besides the manifests and the observed state. */
export interface PlanContext {
  mode: Mode;
  now: Date;
  permissions: Permissions;
  cancelRunning: boolean;
  match?: MatchOptions;
  /**
   * The matching of these manifests to `contents` with `match`, when the
   * caller made it already (the engine does, to know which items to read in
   * detail); made here otherwise. Ten thousand manifests are matched once.
   */
  matching?: MatchResult;
  /** A publish.at missed by more than this is held; default 24 h. */
  lateWindowMs?: number;
  /** file → publication settings of the manifest version that was published (the base commit's). */
  publishedWith?: ReadonlyMap<string, Omit<PublishOptions, 'account_ids'>>;
  /**
   * Manifests whose persona changed since the run's base commit. A persona
   * the service shows differently is written only for these: otherwise the
   * difference is the service's (one that takes no persona_id keeps its own),
   * and writing it again would edit, and re-render, on every run. Absent when
   * the run has no earlier versions at all: every difference is written.
   */
  personaChanged?: ReadonlySet<string>;
  /** Freeze windows, the kill switch and paused accounts (plan/release-control.ts); absent: none. */
  release?: ReleaseRules;
  /**
   * file → field → who last changed each field the service shows otherwise
   * (engine/service-edits.ts). A field without an origin is the repository's
   * to write, as is every field when the run has no earlier versions at all.
   */
  origins?: ReadonlyMap<string, ReadonlyMap<ManagedField, FieldOrigin>>;
  /** The `self-heal` input: every field edited in the service is put back to the manifest's value. */
  selfHeal?: boolean;
}

/** The kill switch of a run: the release file's `paused`, or the `pause` input. */
export interface RunPause {
  by: 'input' | 'release_file';
  /** The release file, when it is the one that pauses. */
  file: string | null;
  reason: string | null;
  since: string | null;
}

/** What the release file and the run's inputs say for this run, ready for the planner. */
export interface ReleaseRules {
  pause: RunPause | null;
  accounts: readonly PausedAccount[];
  /** The freeze windows; null when there are none. */
  calendar: FreezeCalendar | null;
  /** override-freeze: the windows hold nothing in this run, and still count as closed time for lateness. */
  overrideFreeze: boolean;
  /** Paused accounts an incomplete accounts listing did not show: any account of their platform may be one. */
  unseen?: readonly PausedAccount[];
}

/** What a run may do to the service. The action derives it from mode, event and inputs. */
export interface Permissions {
  /** Create and edit items (drafts). False in plan mode unless PR script previews are on. */
  write: boolean;
  /** Start generations (spends credits). Never on PR runs. */
  render: boolean;
  /** Publish to accounts. Never on PR runs; false when the `publish` input is false. */
  publish: boolean;
  /**
   * Why `publish` is false: the `publish` input, or the event (PR runs). Plan
   * mode shows what an apply would publish unless the input forbids it.
   * Default: `input` in apply mode, `event` in plan mode.
   */
  publishDisabledBy?: 'input' | 'event';
  /**
   * PR script previews: writes only create items and edit items that were
   * never rendered (status NEW). A pull request never changes a rendered or
   * published item before it is merged.
   */
  draftsOnly?: boolean;
}

export interface MatchOptions {
  /** file → title the file had before this change (only for files whose title changed). */
  previousTitles?: ReadonlyMap<string, string>;
  /** Manifests handled by other shards: their remote items are neither matched nor listed. */
  reserved?: readonly DesiredItem[];
  /** List unclaimed remote items; false when sharded (another shard may claim them). */
  listUnmanaged?: boolean;
}

/**
 * The one word for a plan item with nothing to do now, which the plan's
 * headline, its tables and the results all use: `held` (a hold says why),
 * `drifted` (the published video differs from the manifest, and stays so),
 * or `unchanged`. A hold comes first: it is what keeps the item waiting.
 */
export type IdleState = 'held' | 'drifted' | 'unchanged';

export function idleState(item: Pick<PlanItem, 'holds' | 'drift'>): IdleState {
  if (item.holds.length > 0) return 'held';
  if (item.drift.length > 0) return 'drifted';
  return 'unchanged';
}
