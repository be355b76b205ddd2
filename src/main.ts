import path from 'node:path';
import { annotationsFor, emitAnnotations } from './action/annotations.ts';
import { WorkflowCommands } from './action/commands.ts';
import { readEvent, type RunEvent } from './action/event.ts';
import { readInputs, SECRET_INPUTS, type ActionInputs } from './action/inputs.ts';
import { ActionLogger } from './action/logger.ts';
import { runDoctorMode } from './action/doctor.ts';
import { baseUrlGate, decideRun, decisionLine, type RunDecision } from './action/mode.ts';
import { boundedOutput, OUTPUT_LIMITS, outputsFor, writeOutputs } from './action/outputs.ts';
import { writeRunFile } from './action/run-files.ts';
import { runImportMode } from './action/import.ts';
import { postComment } from './action/pr-comment.ts';
import { previousVersionsFor } from './action/previous.ts';
import { createClient, describeError, type ServiceClient } from './api/index.ts';
import { createGitHubClient, type GitHubClient } from './github/client.ts';
import { markerFor } from './github/sticky-comment.ts';
import { gitPreviousVersions } from './git/history.ts';
import { runEngine } from './engine/engine.ts';
import type { PreviousVersions } from './git/earlier-versions.ts';
import { comparesWithReview, reviewCheckFor, type ReviewCheck } from './action/review.ts';
import type { RunReport } from './engine/types.ts';
import type { ReportContext } from './report/markdown.ts';
import { summaryMarkdown } from './report/summary.ts';
import { reviewNotes } from './report/words.ts';
import { runSettingsFromInputs } from './action/settings.ts';

// The action: inputs -> event -> mode -> engine -> annotations, outputs,
// job summary, PR comment.

/** The run's one failure, thrown after everything that succeeded has been reported. */
class RunFailed extends Error {
  override name = 'RunFailed';
}

/** The action's one entry point; the only place that fails the step. */
export async function run(): Promise<void> {
  const env = process.env;
  const commands = new WorkflowCommands();
  try {
    // Before anything else can print: the runner masks these from here on.
    for (const name of SECRET_INPUTS) commands.mask(commands.input(name));
    await runAction(commands, env);
  } catch (error) {
    const unexpected = error instanceof Error || typeof error === 'string' ? '' : 'Unexpected error: ';
    commands.fail(error instanceof RunFailed ? error.message : `${unexpected}${describeError(error)}`);
  }
}

async function runAction(commands: WorkflowCommands, env: NodeJS.ProcessEnv): Promise<void> {
  const inputs = readInputs((name) => commands.input(name));
  const gate = baseUrlGate(inputs);
  if (gate.refused !== null) throw new RunFailed(gate.refused);
  if (gate.warning !== null) commands.warning(gate.warning);
  if (inputs.mode === 'doctor') {
    const failure = await runDoctorMode(commands, inputs);
    if (failure) throw new RunFailed(failure);
    return;
  }
  const event = await readEvent(env);
  if (inputs.mode === 'import') {
    const failure = await runImportMode(commands, inputs, event, env.GITHUB_WORKSPACE || process.cwd());
    if (failure) throw new RunFailed(failure);
    return;
  }
  const decision = decideRun({ ...inputs, mode: inputs.mode }, event);
  if ('refused' in decision) throw new RunFailed(decision.refused);
  const notes: string[] = [];
  if (decision.note !== null) {
    notes.push(decision.note);
    commands.info(decision.note);
  }
  commands.info(decisionLine(decision, event, inputs.shard));

  const review = await reviewCheck(decision, event, inputs, commands);
  if (review.note) {
    notes.push(review.note);
    commands.warning(review.note);
  }

  const logger = new ActionLogger(commands);
  let client: ServiceClient | undefined;
  let report: RunReport;
  try {
    if (decision.mode !== 'validate') {
      // No request, retries included, outlives the time the run may wait.
      const runMs = Math.round(inputs.timeoutMinutes * 60_000);
      client = createClient({
        baseUrl: inputs.baseUrl,
        apiKey: inputs.apiKey,
        allowInsecureHttp: inputs.allowInsecureHttp,
        requestTimeoutMs: Math.min(30_000, runMs),
        retry: { deadlineMs: Math.min(15 * 60_000, runMs) },
      });
    }
    const previous = await previousVersions(decision, event, inputs, env, (message) =>
      commands.info(message),
    );
    report = await runEngine({
      settings: runSettingsFromInputs(inputs, decision, env.GITHUB_WORKSPACE || process.cwd()),
      deps: {
        ...(client ? { client } : {}),
        ...previous,
        ...(review.gate ? { review: review.gate } : {}),
        logger,
      },
    });
  } finally {
    await client?.close();
  }

  if (report.review) {
    for (const note of reviewNotes(report.review)) {
      notes.push(note);
      commands.warning(note);
    }
  }
  const hidden = emitAnnotations(commands, annotationsFor(report));
  const outputs = outputsFor(report);
  // The same JSON as the outputs, made once: 10,000 items take a while to serialise.
  const planFile = report.plan === null ? null : await writeRunFile('plan', outputs.plan, inputs.shard, env);
  const resultsFile =
    report.result === null ? null : await writeRunFile('results', outputs.results, inputs.shard, env);
  const results = report.result?.items.length ?? 0;
  await writeOutputs(commands, {
    ...outputs,
    plan: boundedOutput(outputs.plan, OUTPUT_LIMITS.plan, planFile, report.plan?.items.length ?? 0),
    results: boundedOutput(outputs.results, OUTPUT_LIMITS.results, resultsFile, results),
    // Every published URL is in the results file too, under each item.
    'published-urls': boundedOutput(
      outputs['published-urls'],
      OUTPUT_LIMITS['published-urls'],
      resultsFile,
      (JSON.parse(outputs['published-urls']) as unknown[]).length,
    ),
  });
  await commands.setOutput('plan-file', planFile ?? '');
  await commands.setOutput('results-file', resultsFile ?? '');
  const context: ReportContext = {
    event: event.name,
    because: decision.because,
    shard: inputs.shard,
    fileUrl: fileUrlFor(event),
    runUrl: event.runUrl,
    notes,
    pullRequest: decision.isPullRequest,
    planFile: planFile === null ? null : path.basename(planFile),
  };
  if (!(await commands.appendSummary(summaryMarkdown(report, context, hidden)))) {
    commands.debug('No GITHUB_STEP_SUMMARY file: the job summary was not written.');
  }
  if (decision.isPullRequest && inputs.comment) await postComment(commands, report, context, event, inputs);

  const failure = failureMessage(report);
  if (failure) throw new RunFailed(failure);
}

/** An apply on a push compares with the plan its pull request showed (src/action/review.ts). */
async function reviewCheck(
  decision: RunDecision,
  event: RunEvent,
  inputs: ActionInputs,
  commands: WorkflowCommands,
): Promise<ReviewCheck> {
  if (!comparesWithReview(decision, event, inputs)) return { gate: null, note: null };
  const check = await reviewCheckFor(decision, event, inputs, markerFor(inputs.shard), () =>
    inputs.githubToken === ''
      ? null
      : createGitHubClient({ apiUrl: event.apiUrl, token: inputs.githubToken, log: (m) => commands.info(m) }),
  );
  if (check.gate?.evidence.kind === 'pulls') {
    const pulls = check.gate.evidence.sources.map((source) => `#${source.pr}`).join(', ');
    commands.info(`This push came from pull request ${pulls}: comparing with the plan it showed.`);
  }
  return check;
}

function fileUrlFor(event: RunEvent): ReportContext['fileUrl'] {
  if (!event.owner || !event.repo || !event.sha) return () => null;
  const base = `${event.serverUrl}/${event.owner}/${event.repo}/blob/${event.sha}/`;
  return (file, line) => `${base}${file.split('/').map(encodeURIComponent).join('/')}#L${line}`;
}

/**
 * Renames are found from the manifest as it was at the base commit (PR base,
 * push `before`), and in the clone's history of the file. Runs with no base
 * (schedule, workflow_dispatch) have the history only.
 */
async function previousVersions(
  decision: RunDecision,
  event: RunEvent,
  inputs: ActionInputs,
  env: NodeJS.ProcessEnv,
  log: (message: string) => void,
): Promise<{ previous?: PreviousVersions }> {
  if (decision.mode === 'validate') return {};
  if (!event.baseSha) {
    return { previous: gitPreviousVersions(env.GITHUB_WORKSPACE || process.cwd(), '') };
  }
  let github: GitHubClient | null = null;
  return {
    previous: previousVersionsFor({
      cwd: env.GITHUB_WORKSPACE || process.cwd(),
      baseSha: event.baseSha,
      owner: event.owner,
      repo: event.repo,
      pullNumber: event.pullRequest?.number ?? null,
      github: () =>
        inputs.githubToken === ''
          ? null
          : (github ??= createGitHubClient({ apiUrl: event.apiUrl, token: inputs.githubToken, log })),
      log,
    }),
  };
}

function failureMessage(report: RunReport): string | null {
  if (report.fatal !== null) return report.fatal;
  const errors = report.problems.filter((problem) => problem.severity === 'error').length;
  const failed = (report.result?.items ?? []).filter(
    (item) => item.outcome === 'failed' || item.outcome === 'error',
  );
  const parts = [
    errors > 0 ? `${errors} manifest ${errors === 1 ? 'error' : 'errors'}` : null,
    failed.length > 0 ? `${failed.length} ${failed.length === 1 ? 'item' : 'items'} failed` : null,
  ].filter(Boolean);
  if (parts.length === 0 && !report.result?.failed) return null;
  if (parts.length === 0) parts.push('an item failed');
  return `content-as-code: ${parts.join(', ')}. The annotations and the job summary say what and where.`;
}
