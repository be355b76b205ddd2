import { ServiceError, describeError } from '../service-client/errors.ts';
import type { ContentSummary, Introspection, ServiceApi } from '../service-client/types.ts';
import { applyItems, type ApplyOptions } from '../apply/apply.ts';
import { untouched } from '../apply/item-run.ts';
import { PreviewBudget } from '../apply/preview-budget.ts';
import { itemResults } from '../apply/results.ts';
import type { ItemRun } from '../apply/types.ts';
import { realClock } from '../apply/wait.ts';
import { blocksWrites } from '../manifest/types.ts';
import { allowedSteps, asPreview } from '../plan/permissions.ts';
import { sendBlock } from '../plan/release-control.ts';
import { generates, statedScopes } from '../plan/steps.ts';
import type { Plan, PlanItem, ReleaseRules, Step } from '../plan/types.ts';
import { bestEffortCredits, refreshScripts, statedPace } from './observe.ts';
import { previewedFields } from './preview-records.ts';
import { previewSteps, rendersPreviews } from './preview-render.ts';
import type { EngineOptions, RunReport } from './types.ts';

// The applying stage of a run: what this run may do of the plan, checked
// against the run's limits and the key, carried out (src/apply/), and read
// back for the report.

/** Milliseconds on a monotonic clock. */
export const monotonicMs = (): number => Number(process.hrtime.bigint() / 1_000_000n);

/** Step kinds this run may send: a pull request's run that renders previews may render too (never publish). */
function allowedFor(options: EngineOptions): Set<Step['kind']> {
  const { mode, permissions } = options.settings;
  const allowed = allowedSteps(mode, permissions);
  return rendersPreviews(options) ? allowed.add('render') : allowed;
}

/** A pull request's run: the drafts it writes, and its preview renders (never a publication). */
function previewWork(plan: Plan): PlanItem[] {
  return plan.items.flatMap(asPreview).map(previewSteps);
}

/** The plan's items this run carries out, and the writes among their steps. */
function workOf(options: EngineOptions, plan: Plan): { items: PlanItem[]; writes: Step[] } {
  const { permissions } = options.settings;
  const allowed = allowedFor(options);
  const items = (permissions.draftsOnly ? previewWork(plan) : plan.items).filter((item) =>
    item.steps.some((step) => allowed.has(step.kind)),
  );
  const writes = items
    .flatMap((item) => item.steps)
    .filter((step) => allowed.has(step.kind) && step.kind !== 'wait');
  return { items, writes };
}

/** Why nothing may be sent at all, or null: errors in the manifests, or more publications than allowed. */
function refusal(options: EngineOptions, plan: Plan, report: RunReport): 'errors' | 'limit' | null {
  const { mode, maxPublications } = options.settings;
  if (report.problems.some(blocksWrites)) {
    options.deps.logger.warning('Nothing was sent to the service: fix the errors above first.');
    return 'errors';
  }
  if (mode !== 'apply' || plan.publications <= maxPublications) return null;
  report.fatal =
    `This plan would publish ${plan.publications} time(s) (item × account), more than max-publications ` +
    `(${maxPublications}). Nothing was changed. Raise max-publications if this is intended, or ` +
    'publish fewer items per run.';
  return 'limit';
}

/** Carries out what this run may do of the plan; the results go to the report. */
export async function execute(
  options: EngineOptions,
  client: ServiceApi,
  { plan, rules }: { plan: Plan; rules: ReleaseRules },
  report: RunReport,
): Promise<void> {
  const { mode } = options.settings;
  const { items, writes } = workOf(options, plan);
  if (options.settings.permissions.draftsOnly === true) report.previewed = previewedFields(items);
  if (mode !== 'apply' && writes.length === 0) return;
  if (refusal(options, plan, report) !== null) return;
  const scopes = writes.length > 0 ? await preflight(client, writes, report) : [];
  if (scopes === null) return;
  const started = monotonicMs();
  const [credits] = await Promise.all([
    mode === 'apply' ? bestEffortCredits(client, report.notes, 'before') : null,
    generates(writes) ? statedPace(client, report.notes) : null,
  ]);
  report.creditsBefore = credits;
  const runs = await applyItems(items, applyOptions(options, client, rules));
  await recordResults(options, client, plan, runs, scopes, report);
  report.timings.applyMs = Math.round(monotonicMs() - started);
}

function applyOptions(options: EngineOptions, client: ServiceApi, rules: ReleaseRules): ApplyOptions {
  const { settings, deps, seams } = options;
  return {
    client,
    sendHold: sendGate(options, rules),
    atMostOnce: settings.atMostOnce === true,
    allowed: allowedFor(options),
    ...previewBudget(options, client),
    concurrency: settings.concurrency,
    wait: settings.wait,
    timeoutMs: settings.timeoutMs,
    logger: deps.logger,
    clock: seams?.clock ?? realClock,
    ...(seams?.poll ? { poll: seams.poll } : {}),
    ...(seams?.createLookMs === undefined ? {} : { createLookMs: seams.createLookMs }),
    ...(seams?.startWaitMs === undefined ? {} : { startWaitMs: seams.startWaitMs }),
    ...(seams?.stallMs === undefined ? {} : { stallMs: seams.stallMs }),
  };
}

/** The preview-credits ceiling of a pull request's preview renders, when it sets one. */
function previewBudget(options: EngineOptions, client: ServiceApi): Pick<ApplyOptions, 'renderBudget'> {
  const ceiling = options.settings.previewRenders?.credits ?? null;
  return rendersPreviews(options) && ceiling !== null
    ? { renderBudget: new PreviewBudget(client, ceiling) }
    : {};
}

/**
 * What holds a generation or upload at the moment it would be sent: the plan
 * was made earlier, and a freeze may have begun while the run waited on
 * renders or on the generation pace, or begin before the job it starts ends.
 */
function sendGate(options: EngineOptions, rules: ReleaseRules): ApplyOptions['sendHold'] {
  const now = options.seams?.now ?? (() => new Date());
  return (send) => sendBlock(rules, send, now().getTime());
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
 * The results of the runs, read back with one listing (statuses, public
 * URLs); informational reads, so what was done is reported whether or not
 * they succeed. A write the service refused (403) stops the run.
 */
async function recordResults(
  options: EngineOptions,
  client: ServiceApi,
  plan: Plan,
  runs: readonly ItemRun[],
  scopes: readonly string[],
  report: RunReport,
): Promise<void> {
  const { mode } = options.settings;
  const listing = await listingAfter(client, report);
  if (mode !== 'apply') await scriptsAfter(options, client, plan, runs, report);
  if (mode === 'apply') report.creditsAfter = await bestEffortCredits(client, report.notes, 'after');
  const refused = client.writeRefusal ?? null;
  if (refused) {
    report.fatal =
      `The service refused a write: ${refused.message} The key has ` +
      `${scopes.join(', ') || 'no scopes'} (GET /api-keys/introspect). No write was sent after that refusal; ` +
      'what was done before it is listed below, and a run with a key holding the scopes converges.';
  }
  const byFile = new Map(runs.map((run) => [run.item.file, run]));
  const results = itemResults(
    plan.items.map((item) => byFile.get(item.file) ?? untouched(item)),
    listing,
  );
  report.result = {
    items: results,
    creditsBefore: report.creditsBefore,
    creditsAfter: report.creditsAfter,
    changed: runs.some((run) => run.created || run.edited || run.rendered || run.published),
    failed: results.some((item) => item.outcome === 'failed' || item.outcome === 'error'),
  };
}

async function listingAfter(client: ServiceApi, report: RunReport): Promise<ContentSummary[] | null> {
  try {
    return (await client.listContents()).items;
  } catch (error) {
    report.notes.push(
      `The changes were made; the listing read after them failed (${describeError(error)}), so statuses and published URLs are those the run saw.`,
    );
    return null;
  }
}

/** Script previews: the scripts the service wrote for this run's drafts. */
async function scriptsAfter(
  options: EngineOptions,
  client: ServiceApi,
  plan: Plan,
  runs: readonly ItemRun[],
  report: RunReport,
): Promise<void> {
  try {
    await refreshScripts(client, plan, runs, options.seams?.readConcurrency);
  } catch (error) {
    report.notes.push(`The scripts the service wrote could not be read back: ${describeError(error)}`);
  }
}
