import type { ServiceApi } from '../service-client/types.ts';
import type { ApplyResult } from '../apply/types.ts';
import type { Clock, PollPolicy } from '../apply/wait.ts';
import type { ChangeScope } from '../git/changes.ts';
import type { PreviousVersions } from '../git/earlier-versions.ts';
import type { Logger } from '../log.ts';
import type { LoadResult, Problem } from '../manifest/types.ts';
import type { ReleaseStatus } from '../plan/release-status.ts';
import type { ManagedField, Permissions } from '../plan/types.ts';
import type { PreviewLinks, PreviewReport } from './preview-report.ts';
import type { ReviewGate, ReviewVerdict } from './review.ts';
import type { Shard } from '../plan/shard.ts';
import type { Mode, Plan } from '../plan/types.ts';

// What the pipeline is given and what it reports: shared by the action, the
// CLI and the report renderers, which all sit above the engine.

/**
 * What a run does, decided once from the action's inputs or the CLI's flags:
 * the one type both produce (src/action/settings.ts, src/cli/settings.ts).
 */
export interface RunSettings {
  mode: Mode;
  /** Workspace root; manifest paths are reported relative to it. */
  cwd: string;
  /** Glob of manifests relative to cwd. */
  manifests: string;
  /** A glob that matches no manifest is an error (most likely a typo) unless this is set. */
  allowEmpty: boolean;
  permissions: Permissions;
  maxPublications: number;
  cancelRunning: boolean;
  concurrency: number;
  wait: boolean;
  timeoutMs: number;
  /** A publish.at missed by more than this is held, not published (the `late-window` input). */
  lateWindowMs: number;
  /** `{index, count}` with 1 <= index <= count; absent = all manifests. */
  shard?: Shard;
  /** The `pause` input: every write of the run is held, with the reason when it gives one. Absent: not paused. */
  pause?: { reason: string | null } | null;
  /** `override-freeze` on a workflow_dispatch: the release file's freeze windows are lifted for this run. */
  overrideFreeze?: boolean;
  /** `self-heal`: every field edited in the service is put back to the manifest's value, and said. */
  selfHeal?: boolean;
  /** `at-most-once`: a publication whose answer was lost is held as unknown until a person decides, never sent again. */
  atMostOnce?: boolean;
  /**
   * A pull request's preview renders (src/engine/preview-render.ts): at most
   * `limit` items rendered, never published, within `credits` spent (null:
   * no ceiling besides the count). Absent: none. Only runs that preview.
   */
  previewRenders?: { limit: number; credits: number | null };
}

/** What the engine works through and reports to. */
export interface EngineDependencies {
  /** Required unless mode is validate. */
  client?: ServiceApi;
  logger: Logger;
  /** Earlier versions of the manifests: renames, what was published with what, a persona asked for. */
  previous?: PreviousVersions;
  /**
   * The plan of a change (a pull request, `plan --changed-since`): only the
   * manifests it touches are read in detail and planned. Plan mode only. A
   * promise, worked out beside the manifests' load (git compares the whole
   * working tree); null when git could not tell: every manifest is planned.
   */
  changes?: Promise<ChangeScope | null>;
  /** When each file last changed (ms), newest first for preview renders; absent: by path. */
  lastChanged?: (files: readonly string[]) => Promise<ReadonlyMap<string, number>>;
  /** An apply on a push: the plans its pull requests showed, and what to do where none covers an item. */
  review?: ReviewGate;
  /**
   * What pull requests' script previews wrote to the service, as the action
   * recorded it: a preview's value is the repository's to put back, never a
   * person's edit. Absent: no record can be read, so a draft whose field is
   * none of the repository's values has a writer that cannot be told.
   */
  previewWrites?: PreviewWrites;
  /**
   * Called once with the plan, after planning and before the first write, so
   * the CLI can print the plan table above the progress lines of apply,
   * under what release control holds and the problems found so far.
   */
  onPlan?: (plan: Plan, report: Pick<RunReport, 'problems' | 'release'>) => void | Promise<void>;
}

/** The records of pull requests' script previews (EngineDependencies.previewWrites). */
export interface PreviewWrites {
  /** Whether a preview wrote `value` into this field of this item; null when the records cannot be read. */
  wrote(contentId: string, field: ManagedField, value: unknown): Promise<boolean | null>;
}

/** Clocks and paces tests shrink; a real run leaves every one out. */
export interface EngineSeams {
  /** The clock the engine schedules by. */
  now?: () => Date;
  /** Monotonic clock and sleep used while waiting. */
  clock?: Clock;
  /** Task-status polling schedule; default 0.5 s growing to 10 s. */
  poll?: PollPolicy;
  /** Detail reads in flight at once while observing; default one per connection but two. */
  readConcurrency?: number;
  /** How long a lost create is looked for before it is sent again; default the client's retry deadline. */
  createLookMs?: number;
  /** How long a dispatched job may stay queued before the run stops waiting for it; default 120 s. */
  startWaitMs?: number;
  /** How long a generation or upload whose answer was lost may show no sign before it is sent again; default 60 s. */
  stallMs?: number;
}

export interface EngineOptions {
  settings: RunSettings;
  deps: EngineDependencies;
  seams?: EngineSeams;
}

export interface RunReport {
  mode: Mode;
  load: LoadResult;
  plan: Plan | null;
  result: ApplyResult | null;
  /** Every problem: manifest validation, matching, preflight; errors fail the run. */
  problems: Problem[];
  /** Unrecoverable run-level error (auth, scopes, max-publications), already free of secrets. */
  fatal: string | null;
  creditsBefore: number | null;
  creditsAfter: number | null;
  /** Things the report should say that changed nothing: informational reads that failed. */
  notes: string[];
  timings: { loadMs: number; planMs: number; applyMs: number };
  /** A change's plan: what it planned and how many unchanged manifests (of this shard) it did not read. */
  scope?: PlanScope;
  /** An apply compared with reviewed plans: how many items were held, which went through unreviewed (warn). */
  review?: Pick<ReviewVerdict, 'held' | 'unreviewed'>;
  /** What is paused or frozen for this run, why and since when; absent or null when nothing is. */
  release?: ReleaseStatus | null;
  /** A pull request's preview renders: each rendered, or not and why (preview-results.ts). */
  previews?: PreviewReport[];
  /** Their signed links, apart from the report: only a private repository's PR comment shows them. */
  previewLinks?: PreviewLinks;
  /** A pull request's preview: the keys of the fields it wrote into existing drafts, for the record main reads (preview-records.ts). */
  previewed?: string[];
  /** How the plan read GET /accounts, which publish.accounts are checked against: why not whole, or null. */
  accountsRead?: { error: string | null; gap: string | null };
}

/** The plan of a change: the manifests it touches are planned, the others counted. */
export interface PlanScope {
  /** The base the change is measured from, as the report names it. */
  base: string;
  planned: number;
  unread: number;
}
