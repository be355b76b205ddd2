import { ConfigurationError } from '../service-client/errors.ts';
import { createClient } from '../service-client/client.ts';
import { ImportUsageError, runImport } from '../import/import.ts';
import { renderImportText } from '../import/render.ts';
import type { CliOptions } from './args.ts';
import { importDocument } from './documents.ts';
import { EXIT } from './help.ts';
import { readOnlyCommand } from './connect.ts';
import type { RunSeams } from './run.ts';
import { writeLine, type CliIO } from './terminal.ts';

// `content-as-code import`: one manifest per item of the catalogue that no
// manifest manages yet. It reads the service only; it writes new files only.

export function runImportCommand(options: CliOptions, io: CliIO, seams: RunSeams = {}): Promise<number> {
  const isUsage = (error: unknown): boolean =>
    error instanceof ConfigurationError || error instanceof ImportUsageError;
  return readOnlyCommand(
    options,
    io,
    async (settings, scrub) => {
      const client = createClient({ ...settings, readOnly: true, ...seams.clientOptions });
      try {
        const report = await runImport({
          client,
          cwd: options.cwd,
          manifests: options.manifests,
          out: options.out,
          only: options.only,
          statuses: options.status,
        });
        const unkept = report.refused !== null || (report.check?.changes.length ?? 0) > 0;
        const code = unkept ? EXIT.failed : EXIT.ok;
        const shown = options.json
          ? JSON.stringify(importDocument(report, code), null, 2)
          : renderImportText(report);
        writeLine(io.stdout, scrub(shown));
        return code;
      } finally {
        await client.close();
      }
    },
    isUsage,
  );
}
