import { describeError } from '../service-client/errors.ts';
import { rememberedVersions } from '../git/earlier-versions.ts';
import { loadManifests } from '../manifest/index.ts';
import type { LoadResult } from '../manifest/types.ts';
import { pastSchedules } from '../plan/late-window.ts';
import { releaseRules } from '../plan/release-control.ts';
import type { ReleaseRules } from '../plan/types.ts';
import { pauseWarnings, releaseStatus } from '../plan/release-status.ts';
import { execute, monotonicMs } from './execute.ts';
import { DEFAULT_READ_CONCURRENCY, startObservation, type Observation } from './observe.ts';
import { planStage } from './plan-stage.ts';
import { reportPreviews } from './preview-results.ts';
import { askBasesAhead, parseFocus, plansFile } from './scope.ts';
import type { EngineOptions, RunReport } from './types.ts';

// The one pipeline both the action and the CLI run:
// manifests -> observed state -> plan -> apply -> results.

const elapsed = (since: number): number => Math.round(monotonicMs() - since);

/** The one pipeline: load → observe → plan → preflight → apply → results. */
export async function runEngine(given: EngineOptions): Promise<RunReport> {
  const options = withRememberedVersions(given);
  const { settings, deps, seams } = options;
  const started = monotonicMs();
  // The listing does not depend on the manifests: it is read while they are
  // found and parsed (10,000 of them take seconds), and each item of this
  // shard is read in detail once its manifest is parsed and its page is in.
  const observation =
    settings.mode !== 'validate' && deps.client
      ? startObservation(deps.client, seams?.readConcurrency ?? DEFAULT_READ_CONCURRENCY)
      : null;
  // A change's plan names only what the change touches: a name waits for git
  // to tell the change. A change that fails fails the plan stage, which awaits it too.
  const plans = plansFile(options);
  askBasesAhead(options, plans);
  const focus = parseFocus(options);
  try {
    const load = await loadManifests({
      cwd: settings.cwd,
      pattern: settings.manifests,
      onNamed: (named) => {
        void plans.then(
          (planned) => planned(named.file) && observation?.name([named]),
          () => undefined,
        );
      },
      // Workers free the main thread for the service's answers; with none to read, they only cost their start.
      ...(observation === null ? { workers: 0 } : {}),
      ...(focus === undefined ? {} : { focus }),
    });
    // The release file and the run's inputs, read once for the plan, the report and every send.
    const rules = releaseRules(load.release ?? null, runRelease(options.settings));
    const report = emptyReport(options, load, rules, elapsed(started));
    if (stopsBeforeService(options, load, report)) return report;
    return await withService(options, { load, rules }, observation, report);
  } finally {
    await observation?.stop();
  }
}

function emptyReport(
  options: EngineOptions,
  load: LoadResult,
  rules: ReleaseRules,
  loadMs: number,
): RunReport {
  const { settings, seams } = options;
  const now = seams?.now?.() ?? new Date();
  const control = load.release ?? null;
  return {
    mode: settings.mode,
    load,
    plan: null,
    result: null,
    // Every run says what is paused or frozen, and warns of a pause left on too long, whatever its mode.
    release: releaseStatus(load.items, rules, now),
    problems: [...load.problems, ...pauseWarnings(control, load.items, now)],
    fatal: null,
    creditsBefore: null,
    creditsAfter: null,
    notes: [],
    timings: { loadMs, planMs: 0, applyMs: 0 },
  };
}

/** The run's earlier versions, each asked once (rememberedVersions). */
function withRememberedVersions(options: EngineOptions): EngineOptions {
  const { previous } = options.deps;
  return previous
    ? { ...options, deps: { ...options.deps, previous: rememberedVersions(previous) } }
    : options;
}

/** An empty catalogue nobody asked for, or a validate run: the report is complete without the service. */
function stopsBeforeService(options: EngineOptions, load: LoadResult, report: RunReport): boolean {
  const { settings, seams } = options;
  if (load.files.length === 0 && !settings.allowEmpty) {
    report.fatal =
      `No manifest matches ${settings.manifests}: check the pattern and the folder it is relative to. ` +
      'An empty catalogue is accepted only when asked for: --allow-empty, or the action input allow-empty: true.';
    return true;
  }
  if (settings.mode !== 'validate') return false;
  report.problems.push(...pastSchedules(load.items, seams?.now?.() ?? new Date()));
  return true;
}

/** What the run's own settings add to the release file: the pause input, override-freeze. */
function runRelease(settings: EngineOptions['settings']): Parameters<typeof releaseRules>[1] {
  return { pause: settings.pause ?? null, overrideFreeze: settings.overrideFreeze ?? false };
}

/** Plan, then carry it out; anything unrecoverable is the report's one fatal error. */
async function withService(
  options: EngineOptions,
  { load, rules }: { load: LoadResult; rules: ReleaseRules },
  observation: Observation | null,
  report: RunReport,
): Promise<RunReport> {
  const client = options.deps.client;
  // The observation started with the run whenever there is a client to read through.
  if (!client || observation === null) {
    report.fatal = `Mode ${options.settings.mode} needs the service: give an API key and a base URL.`;
    return report;
  }
  try {
    const planStarted = monotonicMs();
    const plan = await planStage(options, { load, rules }, observation, report);
    report.plan = plan;
    report.timings.planMs = elapsed(planStarted);
    await options.deps.onPlan?.(plan, report);
    await execute(options, client, { plan, rules }, report);
    await reportPreviews(client, plan, report);
  } catch (error) {
    report.fatal = describeError(error);
  }
  return report;
}
