import { doctorPassed, runDoctor } from '../doctor/doctor.ts';
import { doctorHeadline, renderDoctorMarkdown, renderDoctorText } from '../doctor/render.ts';
import type { WorkflowCommands } from './commands.ts';
import type { ActionInputs } from './inputs.ts';

// `mode: doctor`: the service's readings of the "not shown" rules, in the log
// and the job summary. It reads only (the client refuses anything else), so
// it is safe on any event (src/action/mode.ts lets it run); it fails the step when a rule is not understood,
// or when it could observe no rule at all.

export async function runDoctorMode(
  commands: WorkflowCommands,
  inputs: ActionInputs,
): Promise<string | null> {
  const { baseUrl, apiKey, allowInsecureHttp } = inputs;
  const report = await runDoctor({ baseUrl, apiKey, allowInsecureHttp });
  for (const line of renderDoctorText(report).split('\n')) commands.info(line);
  await commands.appendSummary(renderDoctorMarkdown(report));
  return doctorPassed(report) ? null : doctorHeadline(report);
}
