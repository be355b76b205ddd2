import { describeError } from '../api/errors.ts';
import type { ContentSummary, ServiceApi } from '../api/types.ts';
import { applyItems, untouched } from '../apply/apply.ts';
import { itemResults } from '../apply/results.ts';
import type { ApplyResult, ItemRun } from '../apply/types.ts';
import { realClock } from '../apply/wait.ts';
import { previousTitle, publishedWith } from '../git/earlier-versions.ts';
import { loadManifests, type LoadOptions } from '../manifest/load.ts';
import type { DesiredItem, LoadResult } from '../manifest/types.ts';
import { mapLimit } from '../plan/concurrency.ts';
import { matchItems, orphanTitles, renameCandidates } from '../plan/identity.ts';
import { pastSchedules } from '../plan/late-window.ts';
import { outlineAccountProblems } from '../plan/accounts.ts';
import { allowedSteps, asPreview } from '../plan/permissions.ts';
import { plan as makePlan, otherShardProblems, statedScopes } from '../plan/plan.ts';
import { gateByReview, type ReviewGate } from './review.ts';
import { withReviewKeys } from './review-key.ts';
import { inShard, splitShard } from '../plan/shard.ts';
import type { Plan } from '../plan/types.ts';
import {
  bestEffortCredits,
  DEFAULT_READ_CONCURRENCY,
  refreshScripts,
  startObservation,
  type Observation,
} from './observe.ts';
import type { EngineOptions, RunReport } from './types.ts';

// The one pipeline both the action and the CLI run:
// manifests -> observed state -> plan -> apply -> results.

/** Milliseconds on a monotonic clock. */
const monotonicMs = (): number => Number(process.hrtime.bigint() / 1_000_000n);
const elapsed = (since: number): number => Math.round(monotonicMs() - since);

/** The earlier titles of this shard's manifests that may have been renamed from an unclaimed remote item. */
async function previousTitles(
  options: EngineOptions,
  items: readonly DesiredItem[],
  everyShard: readonly DesiredItem[],
  contents: readonly ContentSummary[],
): Promise<Map<string, string>> {
  const titles = new Map<string, string>();
  const previous = options.previous;
  const orphans = orphanTitles(everyShard, contents);
  if (!previous || orphans.size === 0) return titles;
  const candidates = renameCandidates(items, contents);
  const found = await mapLimit(candidates, 8, (item) => previousTitle(previous, item, orphans));
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
  // The listing does not depend on the manifests: it is read while they are
  // found and parsed (10,000 of them take seconds), and each item of this
  // shard is read in detail once its manifest is parsed and its page is in.
  const observation =
    mode !== 'validate' && options.client
      ? startObservation(options.client, options.readConcurrency ?? DEFAULT_READ_CONCURRENCY)
      : null;
  const loadOptions: LoadOptions = {
    cwd: options.cwd,
    pattern: options.manifests,
    onNamed: (named) => {
      if (inShard(named.file, options.shard)) observation?.name([named]);
    },
  };
  try {
    const load = await loadManifests(loadOptions);
    return await afterLoad(options, load, started, observation);
  } finally {
    await observation?.stop();
  }
}

async function afterLoad(
  options: EngineOptions,
  load: LoadResult,
  started: number,
  observation: Observation | null,
): Promise<RunReport> {
  const { mode } = options;
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
  if (mode === 'validate') {
    report.problems.push(...pastSchedules(load.items, options.now?.() ?? new Date()));
    return report;
  }
  const client = options.client;
  // The observation started with the run whenever there is a client to read through.
  if (!client || observation === null) {
    report.fatal = `Mode ${mode} needs the service: give an API key and a base URL.`;
    return report;
  }

  try {
    const planStarted = monotonicMs();
    const { mine, others } = splitShard(load.items, options.shard);
    const sharded = options.shard !== undefined && options.shard.count > 1;
    // Each item of this shard was named as it was parsed, and its detail read
    // started once its listing page arrived; what is planned waits for the
    // whole, proven listing.
    const listing = await observation.listing;
    const reads = observation.reads;
    const match = {
      previousTitles: await previousTitles(options, mine, load.items, listing.contents),
      reserved: others,
      listUnmanaged: !sharded,
    };
    const matched = matchItems(mine, listing.contents, match).matched;
    const ids = matched.flatMap((entry) => (entry.remote ? [entry.remote.id] : []));
    const details = await reads.settle(ids);
    // Published videos: what they were published with, to report later changes as drift.
    const published = matched.flatMap((entry) =>
      entry.remote !== null && details.get(entry.remote.id)?.status === 'UPLOADED' ? [entry.item] : [],
    );
    const publishedSettings = await publishedWith(options.previous, published);
    const planned = makePlan(
      mine,
      { ...listing, details },
      {
        mode,
        now: options.now?.() ?? new Date(),
        permissions: options.permissions,
        cancelRunning: options.cancelRunning,
        match,
        publishedWith: publishedSettings,
        ...(options.lateWindowMs === undefined ? {} : { lateWindowMs: options.lateWindowMs }),
      },
    );
    const keyed = { ...planned, items: withReviewKeys(planned.items, mine, listing.accounts) };
    const plan = options.review ? heldForReview(keyed, options.review, report) : keyed;
    report.plan = plan;
    report.problems.push(...plan.problems);
    if (sharded) report.problems.push(...otherShardProblems(others, mine, listing));
    // Manifests with errors are not planned; the accounts they name are looked up all the same.
    const valid = new Set(load.items.map((item) => item.file));
    const unplanned = load.outlines.filter((outline) => !valid.has(outline.file));
    report.problems.push(...outlineAccountProblems(unplanned, listing.accounts));
    report.timings.planMs = elapsed(planStarted);
    await options.onPlan?.(plan, report.problems);
    await execute(options, client, plan, report);
  } catch (error) {
    report.fatal = describeError(error);
  }
  return report;
}

/** What was reviewed is what ships: renders and publications the review did not show are held. */
function heldForReview(plan: Plan, gate: ReviewGate, report: RunReport): Plan {
  const verdict = gateByReview(plan, gate);
  report.review = { held: verdict.held, unreviewed: verdict.unreviewed };
  return verdict.plan;
}

async function execute(
  options: EngineOptions,
  client: ServiceApi,
  plan: Plan,
  report: RunReport,
): Promise<void> {
  const { mode, logger } = options;
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
  if (mode === 'apply') report.creditsBefore = await bestEffortCredits(client, report.notes, 'before');
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
    ...(options.createLookMs === undefined ? {} : { createLookMs: options.createLookMs }),
    ...(options.startWaitMs === undefined ? {} : { startWaitMs: options.startWaitMs }),
  });
  const byFile = new Map(runs.map((run) => [run.item.file, run]));
  const allRuns: ItemRun[] = plan.items.map((item) => byFile.get(item.file) ?? untouched(item));
  // What was done is reported even when reading it back fails.
  let listing: ContentSummary[] | null = null;
  try {
    listing = (await client.listContents()).items;
    if (mode !== 'apply') await refreshScripts(client, plan, runs, options.readConcurrency);
  } catch (error) {
    report.fatal = `The changes were made, but reading the results back failed: ${describeError(error)}`;
  }
  if (mode === 'apply') report.creditsAfter = await bestEffortCredits(client, report.notes, 'after');
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
