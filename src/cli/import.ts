import { ConfigurationError, describeError } from '../service-client/errors.ts';
import { scrubSecrets } from '../secrets.ts';
import { createClient } from '../service-client/client.ts';
import { ImportUsageError, runImport } from '../import/import.ts';
import { renderImportText } from '../import/render.ts';
import type { CliOptions } from './args.ts';
import { importDocument } from './documents.ts';
import { EXIT } from './help.ts';
import { inCliWords, serviceSettings } from './connect.ts';
import type { RunSeams } from './run.ts';
import { writeLine, type CliIO } from './terminal.ts';

// `content-as-code import`: one manifest per item of the catalogue that no
// manifest manages yet. It reads the service only; it writes new files only.

export async function runImportCommand(
  options: CliOptions,
  io: CliIO,
  seams: RunSeams = {},
): Promise<number> {
  let settings;
  try {
    settings = await serviceSettings(options, io, (message) => writeLine(io.stderr, `warning: ${message}`));
  } catch (error) {
    writeLine(io.stderr, `error: ${inCliWords(describeError(error))}`);
    return error instanceof ConfigurationError ? EXIT.usage : EXIT.service;
  }
  const scrub = (text: string): string => scrubSecrets(text, [settings.apiKey]);
  let client;
  try {
    client = createClient({ ...settings, readOnly: true, ...seams.clientOptions });
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
  } catch (error) {
    writeLine(io.stderr, `error: ${scrub(inCliWords(describeError(error)))}`);
    const usage = error instanceof ConfigurationError || error instanceof ImportUsageError;
    return usage ? EXIT.usage : EXIT.service;
  } finally {
    await client?.close();
  }
}
