import { ConfigurationError, describeError } from '../service-client/errors.ts';
import { createClient } from '../service-client/client.ts';
import { gitPreviousVersions } from '../git/history.ts';
import { adoptLines, runAdopt } from '../import/adopt.ts';
import { renderPlanText } from '../report/text.ts';
import { scrubSecrets } from '../secrets.ts';
import type { CliOptions } from './args.ts';
import { inCliWords, serviceSettings } from './connect.ts';
import { EXIT } from './help.ts';
import type { RunSeams } from './run.ts';
import { runSettingsFromFlags } from './settings.ts';
import { styleFor, terminalLogger, writeLine, type CliIO } from './terminal.ts';

// `content-as-code adopt`: the service's values of the fields edited there
// written into the manifests (src/import/adopt.ts). It reads the service
// only; it rewrites manifests in the working tree, for a commit to keep.

export async function runAdoptCommand(options: CliOptions, io: CliIO, seams: RunSeams = {}): Promise<number> {
  let settings, client;
  try {
    settings = await serviceSettings(options, io, (message) => writeLine(io.stderr, `warning: ${message}`));
    // A key the client refuses (not a service key) is the user's to fix, said as any other setting.
    client = createClient({ ...settings, readOnly: true, ...seams.clientOptions });
  } catch (error) {
    writeLine(io.stderr, `error: ${inCliWords(describeError(error))}`);
    return error instanceof ConfigurationError ? EXIT.usage : EXIT.service;
  }
  const scrub = (text: string): string => scrubSecrets(text, [settings.apiKey]);
  try {
    const result = await runAdopt({
      settings: runSettingsFromFlags('plan', options),
      deps: {
        client,
        logger: terminalLogger(io.stderr, io.stderr, styleFor(io.stderr, io.env), io.env),
        previous: gitPreviousVersions(options.cwd, options.base ?? 'HEAD'),
      },
      ...(seams.now ? { seams: { now: seams.now } } : {}),
    });
    if (result.report.plan !== null) writeLine(io.stderr, scrub(renderPlanText(result.report.plan)));
    for (const line of adoptLines(result)) writeLine(io.stdout, scrub(line));
    return result.refused === null ? EXIT.ok : EXIT.failed;
  } catch (error) {
    writeLine(io.stderr, `error: ${scrub(inCliWords(describeError(error)))}`);
    return error instanceof ConfigurationError ? EXIT.usage : EXIT.service;
  } finally {
    await client.close();
  }
}
