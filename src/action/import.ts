import { runImport } from '../import/import.ts';
import { importHeadline, renderImportMarkdown, renderImportText } from '../import/render.ts';
import type { WorkflowCommands } from './commands.ts';
import type { ActionInputs } from './inputs.ts';
import { withReadOnlyClient } from './service.ts';

// `mode: import`: writes a manifest for each item no manifest manages yet
// into the workspace, for a later step to commit (examples/workflows/import.yml
// opens a pull request with them). It reads the service only. Run by hand,
// on workflow_dispatch (src/action/mode.ts refuses it on any other event), so
// that a push or a pull request never rewrites the checkout behind the other
// steps' backs.

export async function runImportMode(
  commands: WorkflowCommands,
  inputs: ActionInputs,
  workspace: string,
): Promise<string | null> {
  const report = await withReadOnlyClient(inputs, (client) =>
    runImport({ client, cwd: workspace, manifests: inputs.manifests, concurrency: 32 }),
  );
  for (const line of renderImportText(report).split('\n')) commands.info(line);
  await commands.setOutput('imported', JSON.stringify(report.imported.map((item) => item.file)));
  await commands.appendSummary(renderImportMarkdown(report));
  const unkept = report.refused !== null || (report.check?.changes.length ?? 0) > 0;
  return unkept ? importHeadline(report) : null;
}
