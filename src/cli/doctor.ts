import { ConfigurationError, describeError } from '../service-client/errors.ts';
import { scrubSecrets } from '../secrets.ts';
import { doctorPassed, runDoctor } from '../doctor/doctor.ts';
import { renderDoctorText } from '../doctor/render.ts';
import type { CliOptions } from './args.ts';
import { doctorDocument } from './documents.ts';
import { EXIT } from './help.ts';
import { inCliWords, serviceSettings } from './connect.ts';
import type { RunSeams } from './run.ts';
import { writeLine, type CliIO } from './terminal.ts';

// `content-as-code doctor`: which reading of each "not shown" rule the
// service speaks, read-only and within --budget requests.

export async function runDoctorCommand(
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
  try {
    const report = await runDoctor({
      ...settings,
      budget: options.budget,
      client: seams.clientOptions ?? {},
    });
    const scrub = (text: string): string => scrubSecrets(text, [settings.apiKey]);
    const code = doctorPassed(report) ? EXIT.ok : EXIT.failed;
    const shown = options.json
      ? JSON.stringify(doctorDocument(report, code), null, 2)
      : renderDoctorText(report);
    // The findings quote the service's errors in the client's words, which name the action's inputs.
    writeLine(io.stdout, scrub(inCliWords(shown)));
    return code;
  } catch (error) {
    writeLine(io.stderr, `error: ${inCliWords(describeError(error))}`);
    return error instanceof ConfigurationError ? EXIT.usage : EXIT.service;
  }
}
