import type { Platform, PublishOptions, RenderOptions } from '../service-client/types.ts';

export const STAGES = ['draft', 'rendered', 'published'] as const;
export type Stage = (typeof STAGES)[number];

export const FLOWS = ['oneshot', 'stepwise'] as const;
export type Flow = (typeof FLOWS)[number];

/** A position in a manifest; lines and columns count from 1. */
export interface SourceLocation {
  file: string;
  line: number;
  column: number;
}

/** An account as the manifest names it; resolved through GET /accounts by the engine. */
export type AccountSelector =
  | { kind: 'id'; id: string; location: SourceLocation }
  | { kind: 'name'; platform: Platform; name: string; location: SourceLocation };

/**
 * Item fields as the manifest wants them. An absent property is not managed:
 * it is neither sent nor compared (the service keeps its own value).
 */
export interface DesiredFields {
  title: string;
  description?: string;
  full_text?: string;
  textover?: string;
  /** Already joined to the one string the service takes. */
  hashtags?: string;
  fine_tuning?: Record<string, unknown>;
  persona_id?: string;
}

export interface DesiredPublish {
  accounts: AccountSelector[];
  /** ISO 8601 instant in UTC (`…Z`), or null for "as soon as rendered". */
  at: string | null;
  /** A publish.at older than the late window: `hold` (absent: the default) or `publish` anyway. */
  late?: 'hold' | 'publish';
  options: Omit<PublishOptions, 'account_ids'>;
}

/** One manifest, validated and normalized: the engine's desired state for one item. */
export interface DesiredItem {
  /** Workspace-relative path with forward slashes; the item's stable key. */
  file: string;
  /** Where the manifest's `title` is written. */
  location: SourceLocation;
  /** Positions of fields the engine may need to point at, by dotted path (`publish.accounts.1`). */
  locations: Record<string, SourceLocation>;
  /** Pinned remote id, if the manifest sets `id`. */
  id: string | null;
  fields: DesiredFields;
  stage: Stage;
  flow: Flow;
  render: RenderOptions;
  publish: DesiredPublish | null;
  /** `paused` in the manifest or a `_defaults.yml` above it: nothing is done to the item. Absent: not paused. */
  paused?: Pause;
  /** `self_heal: true`: fields edited in the service are put back to the manifest's values. Absent: kept. */
  selfHeal?: boolean;
  /** `ignore_service_edits`: fields (as DesiredFields names) sent at create and never compared again. */
  ignoreServiceEdits?: (keyof Omit<DesiredFields, 'title'>)[];
}

/** A pause written in a repository file: why, since when, and where (for the reports and the age warning). */
export interface Pause {
  reason: string | null;
  /** ISO 8601 instant in UTC, or null when the file does not say. */
  since: string | null;
  location: SourceLocation;
}

/** What a freeze window holds: publications (the default), renders, or creates and edits. */
export const FREEZE_HOLDS = ['publish', 'render', 'edit'] as const;
export type FreezeHold = (typeof FREEZE_HOLDS)[number];

export const WEEKDAYS = [
  'sunday',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
] as const;

/**
 * A freeze window of the release file. Fixed: two instants. Recurring: on
 * the given weekdays (0 is Sunday), from one wall-clock minute to another in
 * an IANA time zone; an end at or before the start runs into the next day.
 */
export type FreezeWindow = { reason: string; holds: FreezeHold[]; location: SourceLocation } & (
  | { kind: 'fixed'; from: string; until: string; timeZone: string | null }
  | { kind: 'recurring'; days: number[]; fromMinute: number; untilMinute: number; timeZone: string }
);

/** An account the release file pauses, as publish.accounts names it. */
export interface PausedAccount {
  account: AccountSelector;
  pause: Pause;
}

/** The release file (`_release.yml` in the manifests' folder), validated. */
export interface ReleaseControl {
  file: string;
  /** The kill switch: every write of every run stops while it is set. */
  paused: Pause | null;
  /** A pause older than this is a warning in every run. */
  warnPausedAfterMs: number;
  windows: FreezeWindow[];
  accounts: PausedAccount[];
}

type Severity = 'error' | 'warning';

/** A problem found in the manifests or while matching them to the service; becomes an annotation. */
export interface Problem {
  severity: Severity;
  /** Stable machine code, for example `unknown_key`, `duplicate_title`, `unknown_account`. */
  code: string;
  file: string;
  line: number;
  column: number;
  /** Dotted path of the offending field, when there is one. */
  field?: string;
  /** One sentence that says what is wrong and what to do. */
  message: string;
  /**
   * An error of this item alone, found on the service (an item that could not
   * be read, accounts that could not be listed): the item is held and the run
   * fails at the end, but the other items go on. Errors without it are the
   * manifests' own, and nothing is sent while any stands.
   */
  itemOnly?: true;
}

/** Whether a problem stops every write of the run (see Problem.itemOnly). */
export function blocksWrites(problem: Problem): boolean {
  return problem.severity === 'error' && problem.itemOnly !== true;
}

/** An entry of publish.accounts with its place in the list. */
export interface IndexedSelector {
  index: number;
  selector: AccountSelector;
}

/**
 * What can be read of one manifest whatever its errors: its identity and the
 * accounts written well. Titles are compared, and accounts looked up, over
 * these, so that every mistake is reported in one run.
 */
export interface ManifestOutline {
  file: string;
  /** Null when the manifest has no usable title. */
  title: string | null;
  id: string | null;
  /** Where the title is written (the file's start when it is not). */
  location: SourceLocation;
  locations: Record<string, SourceLocation>;
  accounts: IndexedSelector[];
}

export interface LoadResult {
  /**
   * Manifests without an error. A manifest with an error, one under a broken
   * `_defaults.yml`, and manifests sharing a title or a pinned id have none.
   * Any problem of severity `error` means nothing may be sent.
   */
  items: DesiredItem[];
  problems: Problem[];
  /** Every manifest file the glob matched, in stable order (defaults files excluded). */
  files: string[];
  /** The outline of every manifest that could be read as a mapping, valid or not. */
  outlines: ManifestOutline[];
  /** The release file, when there is one and it is valid; its problems are among `problems`. */
  release?: ReleaseControl | null;
  /** Worker threads that parsed manifests (a large catalogue); absent when the main thread parsed them all. */
  workerThreads?: number;
  /**
   * Manifests a change's plan found and did not parse (LoadOptions.focus):
   * unchanged, and no change to a title or id asks for them. Among `files`;
   * absent when every manifest was parsed.
   */
  unparsed?: string[];
}
