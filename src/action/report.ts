import path from 'node:path';
import type { RunReport } from '../engine/types.ts';
import type { ReportContext } from '../report/markdown.ts';
import { summaryMarkdown } from '../report/summary.ts';
import { releaseLines } from '../report/release.ts';
import { planHeadline, resultsHeadline } from '../report/text.ts';
import { reviewNotes } from '../report/words.ts';
import { annotationsFor, emitAnnotations } from './annotations.ts';
import type { WorkflowCommands } from './commands.ts';
import { recordDeployments } from './deployments.ts';
import type { ActionRun } from './engine-run.ts';
import type { RunEvent } from './event.ts';
import { boundedOutput, OUTPUT_LIMITS, outputsFor, writeOutputs } from './outputs.ts';
import { postComment } from './pr-comment.ts';
import { writeRunFile } from './run-files.ts';

// What a run leaves behind once the engine is done: the annotations, the
// step outputs and the run files they point to, the publications as GitHub
// deployments (when asked), the job summary, and on a pull request the
// comment; then the one message the step fails with, if any.

interface FinishedRun extends ActionRun {
  report: RunReport;
  /** Said in the log already; the summary and the comment say them too. */
  notes: string[];
  env: NodeJS.ProcessEnv;
}

export async function reportRun(commands: WorkflowCommands, run: FinishedRun): Promise<void> {
  const { report, decision, event, inputs } = run;
  const notes = [...run.notes];
  // The summary and the comment open with these too (src/report/markdown.ts); the log says them here.
  for (const line of releaseLines(report.release)) commands.info(`Release control: ${line}`);
  // The log says what the run planned and did in a line each; the tables are in the summary.
  if (report.plan) commands.info(`Plan: ${planHeadline(report.plan)}`);
  if (report.result) commands.info(`Results: ${resultsHeadline(report.result, report.plan)}`);
  if (report.review) {
    for (const note of reviewNotes(report.review)) {
      notes.push(note);
      commands.warning(note);
    }
  }
  const hidden = emitAnnotations(commands, annotationsFor(report));
  const planFile = await writeStepOutputs(commands, run);
  notes.push(...(await recordDeployments(commands, report, event, inputs, run.github)));
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
  await commands.appendSummary(summaryMarkdown(report, context, hidden));
  if (decision.isPullRequest && inputs.comment)
    await postComment(commands, report, context, event, inputs, run.github);
}

/**
 * The outputs, each whole when it fits and else pointing to its run file,
 * and the run files' paths; returns the plan file's path, null without a plan.
 */
async function writeStepOutputs(
  commands: WorkflowCommands,
  { report, inputs, env }: FinishedRun,
): Promise<string | null> {
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
  return planFile;
}

function fileUrlFor(event: RunEvent): ReportContext['fileUrl'] {
  if (!event.owner || !event.repo || !event.sha) return () => null;
  const base = `${event.serverUrl}/${event.owner}/${event.repo}/blob/${event.sha}/`;
  return (file, line) => `${base}${file.split('/').map(encodeURIComponent).join('/')}#L${line}`;
}

/** The step's one failure message, or null when the run succeeded. */
export function failureMessage(report: RunReport): string | null {
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
