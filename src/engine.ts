import { describeError } from './api/errors.ts';
import type { ContentSummary, ServiceApi } from './api/types.ts';
import type { ItemRun } from './apply/apply.ts';
import type { ApplyResult } from './apply/types.ts';
import type { Clock, PollPolicy } from './apply/wait.ts';
import type { Logger } from './log.ts';
import { loadManifests } from './manifest/load.ts';
import type { DesiredItem, LoadResult, Problem } from './manifest/types.ts';
import type { Mode, Plan, PlanItem, Step } from './plan/types.ts';

// The one pipeline both the action and the CLI run:
// manifests -> observed state -> plan -> apply.
// Validate stops after loading, so everything past it (observe, plan, apply)
// is imported only when a run gets there: the action's cold start in validate
// mode does not parse or compile it.

/** The modules of the stages after loading, imported once per process on first use. */
async function importStages() {
  const [errors, apply, wait, concurrency, identity, observe, planning] = await Promise.all([
    import('./api/errors.ts'),
    import('./apply/apply.ts'),
    import('./apply/wait.ts'),
    import('./plan/concurrency.ts'),
    import('./plan/identity.ts'),
    import('./plan/observe.ts'),
    import('./plan/plan.ts'),
  ]);
  return { ...errors, ...apply, ...wait, ...concurrency, ...identity, ...observe, ...planning };
}
type Stages = Awaited<ReturnType<typeof importStages>>;

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

/** Reads a manifest as it was at an earlier commit, to find renamed titles. */
export interface PreviousVersions {
  /** The file at the run's base commit; null when it did not exist there. */
  read(file: string): Promise<string | null>;
  /**
   * The file as each earlier commit of the history had it, newest first (a
   * bounded number): a rename whose own run applied nothing is still found.
   * Absent where no history is at hand (the contents API of a shallow clone).
   */
  earlier?(file: string): Promise<string[]>;
}

export interface EngineOptions {
  mode: Mode;
  /** Workspace root; manifest paths are reported relative to it. */
  cwd: string;
  /** Glob of manifests relative to cwd. */
  manifests: string;
  /** A glob that matches no manifest is an error (most likely a typo) unless this is set. */
  allowEmpty?: boolean;
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
  onPlan?: (plan: Plan, problems: readonly Problem[]) => void | Promise<void>;
  /** Monotonic clock and sleep used while waiting; tests shrink it. */
  clock?: Clock;
  /** Task-status polling schedule; default 0.5 s growing to 10 s. */
  poll?: PollPolicy;
  /** Detail reads in flight at once while observing; default 32. */
  readConcurrency?: number;
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
}

/** FNV-1a of the manifest path: a split that does not move when other manifests come and go. */
export function shardOf(file: string, count: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < file.length; i++) {
    hash ^= file.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return (hash % count) + 1;
}

/** Step kinds a run may carry out: plan mode only ever writes drafts (script previews). */
export function allowedSteps(mode: Mode, permissions: Permissions): Set<Step['kind']> {
  const allowed = new Set<Step['kind']>();
  if (mode === 'validate') return allowed;
  if (permissions.write) allowed.add('create').add('edit');
  if (mode !== 'apply') return allowed;
  allowed.add('wait');
  if (permissions.render) allowed.add('render');
  if (permissions.publish) allowed.add('upload');
  return allowed;
}

/**
 * What a PR script preview may do to an item: create it, or edit a draft
 * (never rendered) other than its title. The title is how every other run
 * finds the item, so a rename waits for the merge; a rendered or published
 * item is not touched before the merge at all.
 */
function asPreview(item: PlanItem): PlanItem[] {
  if (item.remote !== null && item.remote.status !== 'NEW') return [];
  const steps = item.steps.flatMap((step): Step[] => {
    if (step.kind !== 'edit') return [step];
    const changes = step.changes.filter((change) => change.field !== 'title');
    const send = item.remote === null ? step.send : { ...step.send, title: item.remote.title };
    return changes.length > 0 ? [{ ...step, changes, send }] : [];
  });
  return [{ ...item, steps }];
}

/** Milliseconds on a monotonic clock (not `performance`, whose first use loads perf_hooks). */
const monotonicMs = (): number => Number(process.hrtime.bigint() / 1_000_000n);
const elapsed = (since: number): number => Math.round(monotonicMs() - since);

function splitShard(
  items: readonly DesiredItem[],
  shard: EngineOptions['shard'],
): {
  mine: DesiredItem[];
  others: DesiredItem[];
} {
  if (!shard || shard.count <= 1) return { mine: [...items], others: [] };
  const mine: DesiredItem[] = [];
  const others: DesiredItem[] = [];
  for (const item of items) (shardOf(item.file, shard.count) === shard.index ? mine : others).push(item);
  return { mine, others };
}

async function previousTitles(
  { renameCandidates, mapLimit, previousTitle }: Stages,
  options: EngineOptions,
  items: readonly DesiredItem[],
  contents: readonly ContentSummary[],
): Promise<Map<string, string>> {
  const titles = new Map<string, string>();
  const previous = options.previous;
  if (!previous) return titles;
  const candidates = renameCandidates(items, contents);
  const remoteTitles = new Set(contents.map((summary) => summary.title));
  const found = await mapLimit(candidates, 8, (item) => previousTitle(previous, item, remoteTitles));
  candidates.forEach((item, index) => {
    const title = found[index];
    if (title) titles.set(item.file, title);
  });
  return titles;
}

/** The one pipeline: load → observe → plan → preflight → apply → results. */
export async function runEngine(options: EngineOptions): Promise<RunReport> {
  const { mode } = options;
  const started = monotonicMs();
  const load = await loadManifests({ cwd: options.cwd, pattern: options.manifests });
  const report: RunReport = {
    mode,
    load,
    plan: null,
    result: null,
    problems: [...load.problems],
    fatal: null,
    creditsBefore: null,
    creditsAfter: null,
    notes: [],
    timings: { loadMs: elapsed(started), planMs: 0, applyMs: 0 },
  };
  if (load.files.length === 0 && !options.allowEmpty) {
    report.fatal =
      `No manifest matches ${options.manifests}: check the pattern and the folder it is relative to. ` +
      'An empty catalogue is accepted only when asked for: --allow-empty, or the action input allow-empty: true.';
    return report;
  }
  if (mode === 'validate') return report;
  const client = options.client;
  if (!client) {
    report.fatal = `Mode ${mode} needs the service: give an API key and a base URL.`;
    return report;
  }

  const stages = await importStages();
  const { observeListing, matchItems, observeDetails, DEFAULT_READ_CONCURRENCY, plan: makePlan } = stages;
  try {
    const planStarted = monotonicMs();
    const { mine, others } = splitShard(load.items, options.shard);
    const sharded = options.shard !== undefined && options.shard.count > 1;
    const listing = await observeListing(client);
    const match = {
      previousTitles: await previousTitles(stages, options, mine, listing.contents),
      reserved: others,
      listUnmanaged: !sharded,
    };
    const matched = matchItems(mine, listing.contents, match).matched;
    const ids = matched.flatMap((entry) => (entry.remote ? [entry.remote.id] : []));
    const details = await observeDetails(client, ids, options.readConcurrency ?? DEFAULT_READ_CONCURRENCY);
    const plan = makePlan(
      mine,
      { ...listing, details },
      {
        mode,
        now: options.now?.() ?? new Date(),
        permissions: options.permissions,
        cancelRunning: options.cancelRunning,
        match,
      },
    );
    report.plan = plan;
    report.problems.push(...plan.problems);
    if (sharded) report.problems.push(...stages.otherShardProblems(others, mine, listing));
    report.timings.planMs = elapsed(planStarted);
    await options.onPlan?.(plan, report.problems);
    await execute(stages, options, client, plan, report);
  } catch (error) {
    report.fatal = stages.describeError(error);
  }
  return report;
}

async function execute(
  stages: Stages,
  options: EngineOptions,
  client: ServiceApi,
  plan: Plan,
  report: RunReport,
): Promise<void> {
  const { mode, logger } = options;
  const { statedScopes, realClock, applyItems, itemResults } = stages;
  const allowed = allowedSteps(mode, options.permissions);
  const items = (options.permissions.draftsOnly ? plan.items.flatMap(asPreview) : plan.items).filter((item) =>
    item.steps.some((step) => allowed.has(step.kind)),
  );
  const writes = items
    .flatMap((item) => item.steps)
    .filter((step) => allowed.has(step.kind) && step.kind !== 'wait');
  if (mode !== 'apply' && writes.length === 0) return;
  if (report.problems.some((problem) => problem.severity === 'error')) {
    logger.warning('Nothing was sent to the service: fix the errors above first.');
    return;
  }
  if (mode === 'apply' && plan.publications > options.maxPublications) {
    report.fatal =
      `This plan would publish ${plan.publications} time(s) (item × account), more than max-publications ` +
      `(${options.maxPublications}). Nothing was changed. Raise max-publications if this is intended, or ` +
      'publish fewer items per run.';
    return;
  }
  let scopes: string[] = [];
  if (writes.length > 0) {
    // Preflight: only what the interface states (A29). The key is active, and
    // generation needs `generate`; what content writes need is not shown, so
    // it is learned from the first 403 instead of guessed here.
    const introspection = await client.introspect();
    scopes = introspection.scopes;
    const missing = statedScopes(writes).filter((scope) => !introspection.scopes.includes(scope));
    if (!introspection.active || missing.length > 0) {
      report.fatal = !introspection.active
        ? 'The API key is not active: create a new key in the web app under Settings, API Keys.'
        : `The API key lacks the scope ${missing.join(', ')} that generation needs (it has ` +
          `${introspection.scopes.join(', ') || 'none'}). Nothing was changed. Create a key with ` +
          `${missing.join(', ')} in the web app under Settings, API Keys.`;
      return;
    }
  }
  const applyStarted = monotonicMs();
  if (mode === 'apply') report.creditsBefore = await bestEffortCredits(client, report, 'before');
  const clock = options.clock ?? realClock;
  const runs: ItemRun[] = await applyItems(items, {
    client,
    allowed,
    concurrency: options.concurrency,
    wait: options.wait,
    timeoutMs: options.timeoutMs,
    logger,
    clock,
    ...(options.poll ? { poll: options.poll } : {}),
  });
  const byFile = new Map(runs.map((run) => [run.item.file, run]));
  const allRuns: ItemRun[] = plan.items.map((item) => byFile.get(item.file) ?? stages.untouched(item));
  // What was done is reported even when reading it back fails.
  let listing: ContentSummary[] | null = null;
  try {
    listing = (await client.listContents()).items;
    if (mode !== 'apply') await refreshScripts(stages, client, plan, runs, options.readConcurrency);
  } catch (error) {
    report.fatal = `The changes were made, but reading the results back failed: ${stages.describeError(error)}`;
  }
  if (mode === 'apply') report.creditsAfter = await bestEffortCredits(client, report, 'after');
  const refusal = client.writeRefusal ?? null;
  if (refusal) {
    report.fatal =
      `The service refused a write: ${refusal.message} The key has ` +
      `${scopes.join(', ') || 'no scopes'} (GET /api-keys/introspect). No write was sent after that refusal; ` +
      'what was done before it is listed below, and a run with a key holding the scopes converges.';
  }
  const results = itemResults(allRuns, listing);
  const result: ApplyResult = {
    items: results,
    creditsBefore: report.creditsBefore,
    creditsAfter: report.creditsAfter,
    changed: runs.some((run) => run.created || run.edited || run.rendered || run.published),
    failed: results.some((item) => item.outcome === 'failed' || item.outcome === 'error'),
  };
  report.result = result;
  report.timings.applyMs = elapsed(applyStarted);
}

/**
 * GET /users/credits is informational: a failure or a shape no reading covers
 * is a note in the report, never a reason to stop (A10).
 */
async function bestEffortCredits(
  client: ServiceApi,
  report: RunReport,
  when: 'before' | 'after',
): Promise<number | null> {
  try {
    return await client.credits();
  } catch (error) {
    report.notes.push(`The credit balance ${when} the run could not be read: ${describeError(error)}`);
    return null;
  }
}

/** Script previews: after drafts were created or edited, the plan shows the scripts the service wrote (A15). */
async function refreshScripts(
  { observeDetails, DEFAULT_READ_CONCURRENCY }: Stages,
  client: ServiceApi,
  plan: Plan,
  runs: readonly ItemRun[],
  concurrency = DEFAULT_READ_CONCURRENCY,
): Promise<void> {
  const touched = runs.filter((run) => run.id !== null && (run.created || run.edited));
  const details = await observeDetails(
    client,
    touched.map((run) => run.id as string),
    concurrency,
  );
  for (const run of touched) {
    const detail = details.get(run.id as string);
    const item = plan.items.find((entry) => entry.file === run.item.file);
    if (detail && item) item.script = { ...item.script, remote: detail.textover };
  }
}
