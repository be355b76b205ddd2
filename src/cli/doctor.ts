import { doctorPassed, runDoctor } from '../doctor/doctor.ts';
import { renderDoctorText } from '../doctor/render.ts';
import type { CliOptions } from './args.ts';
import { doctorDocument } from './documents.ts';
import { EXIT } from './help.ts';
import { inCliWords, readOnlyCommand } from './connect.ts';
import type { RunSeams } from './run.ts';
import { writeLine, type CliIO } from './terminal.ts';

// `content-as-code doctor`: which reading of each "not shown" rule the
// service speaks, read-only and within --budget requests.

export function runDoctorCommand(options: CliOptions, io: CliIO, seams: RunSeams = {}): Promise<number> {
  return readOnlyCommand(options, io, async (settings, scrub) => {
    const report = await runDoctor({
      ...settings,
      budget: options.budget,
      client: seams.clientOptions ?? {},
    });
    const code = doctorPassed(report) ? EXIT.ok : EXIT.failed;
    const shown = options.json
      ? JSON.stringify(doctorDocument(report, code), null, 2)
      : renderDoctorText(report);
    // The findings quote the service's errors in the client's words, which name the action's inputs.
    writeLine(io.stdout, scrub(inCliWords(shown)));
    return code;
  });
}
