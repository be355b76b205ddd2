import { ServiceError, describeError } from '../api/errors.ts';
import type { ContentDetail, ContentSummary, Introspection, ServiceApi } from '../api/types.ts';
import { applyItems, untouched } from '../apply/apply.ts';
import { itemResults } from '../apply/results.ts';
import type { ApplyResult, ItemRun } from '../apply/types.ts';
import { realClock } from '../apply/wait.ts';
import { personaChangedSince, previousTitle, publishedWith } from '../git/earlier-versions.ts';
import { loadManifests, type LoadOptions } from '../manifest/index.ts';
import { blocksWrites, type DesiredItem, type LoadResult } from '../manifest/types.ts';
import { mapLimit } from '../concurrency.ts';
import { matchItems, orphanTitles, renameCandidates, type Matched } from '../plan/identity.ts';
import { personaDifference } from '../plan/diff.ts';
import { pastSchedules } from '../plan/late-window.ts';
import { outlineAccountProblems } from '../plan/accounts.ts';
import { allowedSteps, asPreview } from '../plan/permissions.ts';
import { plan as makePlan, otherShardProblems, statedScopes } from '../plan/plan.ts';
import { gateByReview, type ReviewGate } from './review.ts';
import { withReviewKeys } from './review-key.ts';
import { inShard, splitShard } from '../plan/shard.ts';
import type { Plan, Step } from '../plan/types.ts';
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

/**
 * The manifests whose persona the service shows otherwise and whose change
 * set it since the base commit: only those are sent it (PlanContext). The
 * others are counted in one note. Null when there are no earlier versions.
 */
async function personasAsked(
  options: EngineOptions,
  matched: readonly Matched[],
  details: ReadonlyMap<string, ContentDetail>,
  report: RunReport,
): Promise<Set<string> | null> {
  const previous = options.previous;
  if (!previous) return null;
  const differing = matched.flatMap((entry) => {
    const detail = entry.remote === null ? undefined : details.get(entry.remote.id);
    return detail && personaDifference(entry.item.fields, detail) !== null ? [entry.item] : [];
  });
  const changed = await mapLimit(differing, 8, (item) => personaChangedSince(previous, item));
  const asked = new Set(differing.filter((_, index) => changed[index]).map((item) => item.file));
  const kept = differing.length - asked.size;
  if (kept > 0)
    report.notes.push(
      `${kept} item(s) show a persona other than their manifest's (the service's own, or one set on the ` +
        "service). A manifest's persona is sent when a commit changes it; this run leaves those as they are.",
    );
  return asked;
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
    const { read: details, unreadable } = await reads.settle(ids);
    // Published videos: what they were published with, to report later changes as drift.
    const published = matched.flatMap((entry) =>
      entry.remote !== null && details.get(entry.remote.id)?.status === 'UPLOADED' ? [entry.item] : [],
    );
    const publishedSettings = await publishedWith(options.previous, published);
    const personaChanged = await personasAsked(options, matched, details, report);
    const planned = makePlan(
      mine,
      { ...listing, details, unreadable },
      {
        mode,
        now: options.now?.() ?? new Date(),
        permissions: options.permissions,
        cancelRunning: options.cancelRunning,
        match,
        publishedWith: publishedSettings,
        ...(personaChanged === null ? {} : { personaChanged }),
        ...(options.lateWindowMs === undefined ? {} : { lateWindowMs: options.lateWindowMs }),
      },
    );
    const keyed = { ...planned, items: withReviewKeys(planned.items, mine, listing.accounts) };
    const plan = options.review ? heldForReview(keyed, options.review, report) : keyed;
    report.plan = plan;
    report.notes.push(...heldCreatesNote(plan, listing.contentsGap));
    report.problems.push(...plan.problems);
    if (sharded) report.problems.push(...otherShardProblems(others, mine, listing));
    // Manifests with errors are not planned; the accounts they name are looked up all the same,
    // where the listing of accounts is whole (an account it might lack is no mistake to report).
    const valid = new Set(load.items.map((item) => item.file));
    const unplanned = load.outlines.filter((outline) => !valid.has(outline.file));
    if (listing.accountsError === null && listing.accountsGap === null)
      report.problems.push(...outlineAccountProblems(unplanned, listing.accounts));
    report.timings.planMs = elapsed(planStarted);
    await options.onPlan?.(plan, report.problems);
    await execute(options, client, plan, report);
  } catch (error) {
    report.fatal = describeError(error);
  }
  return report;
}

/**
 * Only what the interface states is checked before writing (A29): the key is
 * active, and generation needs `generate`; what content writes need is not
 * shown, so it is learned from the first 403 instead. The key's scopes, or
 * null when the run must not write. An introspection that cannot be read
 * proves nothing either way: the writes go, and the service's own 401 or 403
 * stops them.
 */
async function preflight(
  client: ServiceApi,
  writes: readonly Step[],
  report: RunReport,
): Promise<string[] | null> {
  let introspection: Introspection;
  try {
    introspection = await client.introspect();
  } catch (error) {
    if (error instanceof ServiceError && error.status === 401) throw error;
    report.notes.push(
      `The key could not be checked before writing (${describeError(error)}); the service's answers to the writes decide.`,
    );
    return [];
  }
  const missing = statedScopes(writes).filter((scope) => !introspection.scopes.includes(scope));
  if (introspection.active && missing.length === 0) return introspection.scopes;
  report.fatal = !introspection.active
    ? 'The API key is not active: create a new key in the web app under Settings, API Keys.'
    : `The API key lacks the scope ${missing.join(', ')} that generation needs (it has ` +
      `${introspection.scopes.join(', ') || 'none'}). Nothing was changed. Create a key with ` +
      `${missing.join(', ')} in the web app under Settings, API Keys.`;
  return null;
}

/**
 * Creates held because GET /contents is not proven complete (A7): said once
 * for the run, with why and what to do, rather than once per item.
 */
function heldCreatesNote(plan: Plan, gap: string | null): string[] {
  const held = plan.items.filter((item) => item.holds.some((hold) => hold.kind === 'listing_incomplete'));
  if (gap === null || held.length === 0) return [];
  return [
    `${held.length} new item(s) are not created in this run: GET /contents could not be proven complete (${gap}), ` +
      'so any of them may already exist on a part of the listing not read, and creating it would make a second one. ' +
      'Items that match are planned and applied as usual. `content-as-code doctor` shows how the service answers its ' +
      'listing; an item created in the service (its web app) and pinned with `id:` is managed without a create.',
  ];
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
  if (report.problems.some(blocksWrites)) {
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
  const scopes = writes.length > 0 ? await preflight(client, writes, report) : [];
  if (scopes === null) return;
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
  // Informational reads: what was done is reported whether or not they succeed.
  let listing: ContentSummary[] | null = null;
  try {
    listing = (await client.listContents()).items;
  } catch (error) {
    report.notes.push(
      `The changes were made; the listing read after them failed (${describeError(error)}), so statuses and published URLs are those the run saw.`,
    );
  }
  if (mode !== 'apply') {
    try {
      await refreshScripts(client, plan, runs, options.readConcurrency);
    } catch (error) {
      report.notes.push(`The scripts the service wrote could not be read back: ${describeError(error)}`);
    }
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
