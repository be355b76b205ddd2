import { ConfigurationError, describeError } from '../api/errors.ts';
import { scrubSecrets } from '../secrets.ts';
import { doctorPassed, runDoctor } from '../doctor/doctor.ts';
import { renderDoctorText } from '../doctor/render.ts';
import type { CliOptions } from './args.ts';
import { EXIT } from './help.ts';
import { serviceSettings } from './connect.ts';
import type { RunSeams } from './run.ts';
import { scrubbing, writeLine, type CliIO } from './terminal.ts';

// `content-as-code doctor`: which reading of each "not shown" rule the
// service speaks, read-only and within --budget requests.

export async function runDoctorCommand(
  options: CliOptions,
  terminal: CliIO,
  seams: RunSeams = {},
): Promise<number> {
  const io: CliIO = { ...terminal, stdout: scrubbing(terminal.stdout), stderr: scrubbing(terminal.stderr) };
  let settings;
  try {
    settings = await serviceSettings(options, io, (message) => writeLine(io.stderr, `warning: ${message}`));
  } catch (error) {
    writeLine(io.stderr, `error: ${describeError(error)}`);
    return error instanceof ConfigurationError ? EXIT.usage : EXIT.service;
  }
  try {
    const report = await runDoctor({
      ...settings,
      budget: options.budget,
      client: seams.clientOptions ?? {},
    });
    const scrub = (text: string): string => scrubSecrets(text, [settings.apiKey]);
    writeLine(io.stdout, scrub(options.json ? JSON.stringify(report, null, 2) : renderDoctorText(report)));
    return doctorPassed(report) ? EXIT.ok : EXIT.failed;
  } catch (error) {
    writeLine(io.stderr, `error: ${describeError(error)}`);
    return error instanceof ConfigurationError ? EXIT.usage : EXIT.service;
  }
}
