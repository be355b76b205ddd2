import { runEngine } from '../engine/engine.ts';
import type { EngineOptions, RunReport } from '../engine/types.ts';
import type { PreviousVersions } from '../git/earlier-versions.ts';
import { lastChangedTimes } from '../git/file-times.ts';
import { gitPreviousVersions } from '../git/history.ts';
import type { GitHubClient } from '../github/client.ts';
import { markerFor } from '../github/sticky-comment.ts';
import { pullRequestScope } from './change-scope.ts';
import type { WorkflowCommands } from './commands.ts';
import type { RunEvent } from './event.ts';
import type { ActionInputs } from './inputs.ts';
import { ActionLogger } from './logger.ts';
import type { RunDecision } from './mode.ts';
import { previousVersionsFor } from './previous.ts';
import { previewWritesFor } from './preview-records.ts';
import { reviewCheckFor, type ReviewCheck } from './review.ts';
import { runBase, type RunBase } from './run-base.ts';
import { serviceClient } from './service.ts';
import { runSettingsFromInputs } from './settings.ts';

// The engine on a runner, once the run is decided (src/action/mode.ts): the
// service client the run's time allows, the earlier versions of the
// manifests, the reviewed plan an apply on a push compares with, and the
// log. What it reports is written by src/action/report.ts.

/** What the run was decided from, and what was decided. */
export interface ActionRun {
  inputs: ActionInputs;
  event: RunEvent;
  decision: RunDecision;
  /** The workspace the manifests are read from. */
  workspace: string;
  /** The run's one GitHub client, made on first need; null without a github-token. */
  github: () => GitHubClient | null;
}

/** The engine's report, and the notes the log has said that the summary says too. */
export async function runEngineFor(
  commands: WorkflowCommands,
  run: ActionRun,
): Promise<{ report: RunReport; notes: string[] }> {
  const notes = run.decision.note === null ? [] : [run.decision.note];
  const override = run.decision.overrideIgnored;
  if (override) {
    notes.push(override);
    commands.warning(override);
  }
  if (run.event.pullRequest?.fork === true && run.inputs.previewRenders > 0) {
    notes.push(
      'No preview is rendered: this pull request comes from a fork, whose content is not trusted (nor given the key). ' +
        'The merge renders what it changes.',
    );
  }
  const review = await reviewCheck(commands, run);
  if (review.note) {
    notes.push(review.note);
    commands.warning(review.note);
  }
  const { github } = run;
  const base = runBase(run.event, run.workspace, github);
  // git compares the whole working tree: the engine finds and parses the manifests meanwhile.
  const changes = pullRequestScope(run, base).then((scope) => {
    if (scope.note) {
      notes.push(scope.note);
      commands.info(scope.note);
    }
    return scope.changes ?? null;
  });
  const logger = new ActionLogger(commands);
  const client = run.decision.mode === 'validate' ? undefined : serviceClient(run.inputs);
  try {
    const options: EngineOptions = {
      settings: runSettingsFromInputs(run.inputs, run.decision, run.workspace),
      deps: {
        ...(client ? { client } : {}),
        ...previousVersions(run, base, (message) => commands.info(message)),
        ...(review.gate ? { review: review.gate } : {}),
        ...previewWritesFor(run, github, (message) => commands.info(message)),
        changes,
        lastChanged: (files) => lastChangedTimes(run.workspace, files),
        logger,
      },
    };
    const report = await runEngine(options);
    // A run that stopped before its plan said nothing of its change yet: its note is the run's all the same.
    await changes;
    return { report, notes };
  } finally {
    await client?.close();
  }
}

/** An apply on a push compares with the plan its pull request showed (src/action/review.ts). */
async function reviewCheck(
  commands: WorkflowCommands,
  { decision, event, inputs, github }: ActionRun,
): Promise<ReviewCheck> {
  if (decision.requireReview === 'off') return { gate: null, note: null };
  const check = await reviewCheckFor(decision, event, inputs, markerFor(inputs.shard), github);
  if (check.gate?.evidence.kind === 'pulls') {
    const pulls = check.gate.evidence.sources.map((source) => `#${source.pr}`).join(', ');
    commands.info(`This push came from pull request ${pulls}: comparing with the plan it showed.`);
  }
  return check;
}

/**
 * Renames are found from the manifest as it was at the base commit (PR base,
 * push `before`), and in the clone's history of the file. Runs with no base
 * (schedule, workflow_dispatch) have the history only.
 */
function previousVersions(
  { decision, event, workspace, github }: ActionRun,
  base: RunBase | null,
  log: (message: string) => void,
): { previous?: PreviousVersions } {
  if (decision.mode === 'validate') return {};
  if (base === null) return { previous: gitPreviousVersions(workspace, '') };
  return {
    previous: previousVersionsFor({
      cwd: workspace,
      base,
      owner: event.owner,
      repo: event.repo,
      github,
      log,
    }),
  };
}
