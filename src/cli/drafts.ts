import { createClient } from '../service-client/client.ts';
import { listDrafts, renderDraftsText } from '../import/drafts.ts';
import type { CliOptions } from './args.ts';
import { readOnlyCommand } from './connect.ts';
import { EXIT } from './help.ts';
import type { RunSeams } from './run.ts';
import { writeLine, type CliIO } from './terminal.ts';

// `content-as-code drafts`: the unpublished items no manifest names
// (src/import/drafts.ts). It reads the service only.

export function runDraftsCommand(options: CliOptions, io: CliIO, seams: RunSeams = {}): Promise<number> {
  return readOnlyCommand(options, io, async (settings, scrub) => {
    const client = createClient({ ...settings, readOnly: true, ...seams.clientOptions });
    try {
      const report = await listDrafts({ client, cwd: options.cwd, manifests: options.manifests });
      writeLine(io.stdout, scrub(options.json ? JSON.stringify(report, null, 2) : renderDraftsText(report)));
      return report.refused === null ? EXIT.ok : EXIT.failed;
    } finally {
      await client.close();
    }
  });
}
