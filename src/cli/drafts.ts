import { ConfigurationError, describeError } from '../service-client/errors.ts';
import { createClient } from '../service-client/client.ts';
import { listDrafts, renderDraftsText } from '../import/drafts.ts';
import { scrubSecrets } from '../secrets.ts';
import type { CliOptions } from './args.ts';
import { inCliWords, serviceSettings } from './connect.ts';
import { EXIT } from './help.ts';
import type { RunSeams } from './run.ts';
import { writeLine, type CliIO } from './terminal.ts';

// `content-as-code drafts`: the unpublished items no manifest names
// (src/import/drafts.ts). It reads the service only.

export async function runDraftsCommand(
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
    const report = await listDrafts({ client, cwd: options.cwd, manifests: options.manifests });
    const code = report.refused === null ? EXIT.ok : EXIT.failed;
    writeLine(io.stdout, scrub(options.json ? JSON.stringify(report, null, 2) : renderDraftsText(report)));
    return code;
  } catch (error) {
    writeLine(io.stderr, `error: ${scrub(inCliWords(describeError(error)))}`);
    return error instanceof ConfigurationError ? EXIT.usage : EXIT.service;
  } finally {
    await client?.close();
  }
}
