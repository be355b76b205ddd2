import type { ServiceApi } from './api/types.ts';
import type { ApplyResult } from './apply/types.ts';
import type { Logger } from './log.ts';
import type { LoadResult, Problem } from './manifest/types.ts';
import type { Mode, Plan } from './plan/types.ts';

// The one pipeline both the action and the CLI run:
// manifests -> observed state -> plan -> apply.

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
}

/** Reads a manifest as it was at an earlier commit, to find renamed titles. */
export interface PreviousVersions {
  read(file: string): Promise<string | null>;
}

export interface EngineOptions {
  mode: Mode;
  /** Workspace root; manifest paths are reported relative to it. */
  cwd: string;
  /** Glob of manifests relative to cwd. */
  manifests: string;
  /** Required unless mode is validate. */
  client?: ServiceApi;
  permissions: Permissions;
  maxPublications: number;
  cancelRunning: boolean;
  concurrency: number;
  wait: boolean;
  timeoutMs: number;
  /** `{index, count}` with 1 <= index <= count; absent = all manifests. */
  shard?: { index: number; count: number };
  previous?: PreviousVersions;
  logger: Logger;
  /** The clock the engine schedules by; tests shrink it. */
  now?: () => Date;
  /**
   * Called once with the plan, after planning and before the first write, so
   * the CLI can print the plan table above the progress lines of apply.
   */
  onPlan?: (plan: Plan) => void;
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
  timings: { loadMs: number; planMs: number; applyMs: number };
}

export async function runEngine(_options: EngineOptions): Promise<RunReport> {
  throw new Error('runEngine is implemented in src/engine.ts by the engine layer');
}
