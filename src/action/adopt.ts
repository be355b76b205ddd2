import { gitPreviousVersions } from '../git/history.ts';
import { adoptLines, runAdopt } from '../import/adopt.ts';
import { inlineText } from '../report/escape.ts';
import type { WorkflowCommands } from './commands.ts';
import type { ActionInputs } from './inputs.ts';
import { ActionLogger } from './logger.ts';
import { withReadOnlyClient } from './service.ts';

// `mode: adopt`: the service's values of the fields edited there written
// into the manifests in the workspace (src/import/adopt.ts), for a later
// step to commit: a pull request brings the web app's work into git. It
// reads the service only. Run by hand, on workflow_dispatch, as import is:
// on any other event it refuses, so that no push or pull request rewrites
// the checkout behind the other steps' backs.

export async function runAdoptMode(
  commands: WorkflowCommands,
  inputs: ActionInputs,
  workspace: string,
): Promise<string | null> {
  const result = await withReadOnlyClient(inputs, (client) =>
    runAdopt({
      settings: {
        mode: 'plan',
        cwd: workspace,
        manifests: inputs.manifests,
        allowEmpty: inputs.allowEmpty,
        permissions: { write: false, render: false, publish: false, publishDisabledBy: 'event' },
        maxPublications: inputs.maxPublications,
        cancelRunning: false,
        concurrency: inputs.concurrency,
        wait: false,
        timeoutMs: Math.round(inputs.timeoutMinutes * 60_000),
        lateWindowMs: inputs.lateWindowMs,
      },
      // A dispatched run has no base: what the repository asked is read from the history of the checkout.
      deps: { client, logger: new ActionLogger(commands), previous: gitPreviousVersions(workspace, '') },
    }),
  );
  const lines = adoptLines(result);
  for (const line of lines) commands.info(line);
  const summary = ['### content-as-code · adopt', '', ...lines.map((line) => inlineText(line.trim()))];
  await commands.appendSummary(`${summary.join('\n\n')}\n`);
  return result.refused === null ? null : lines[0]!;
}
