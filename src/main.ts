import { WorkflowCommands } from './action/commands.ts';
import { runDoctorMode } from './action/doctor.ts';
import { runEngineFor, type ActionRun } from './action/engine-run.ts';
import { readEvent, type RunEvent } from './action/event.ts';
import { runImportMode } from './action/import.ts';
import { runAdoptMode } from './action/adopt.ts';
import { readInputs, SECRET_INPUTS, type ActionInputs } from './action/inputs.ts';
import { clientOnFirstNeed, type GitHubClient } from './github/client.ts';
import { baseUrlGate, chooseRun, decisionLine } from './action/mode.ts';
import { failureMessage, reportRun } from './action/report.ts';
import { describeError } from './service-client/index.ts';

// The action: inputs -> event -> decision (src/action/mode.ts) -> engine
// (src/action/engine-run.ts) -> annotations, outputs, job summary, PR
// comment (src/action/report.ts).

/** The run's one failure, thrown after everything that succeeded has been reported. */
class RunFailed extends Error {
  override name = 'RunFailed';
}

/** The action's one entry point; the only place that fails the step. */
export async function run(): Promise<void> {
  const env = process.env;
  const commands = new WorkflowCommands();
  try {
    // Before anything else can print: the runner masks these from here on.
    for (const name of SECRET_INPUTS) commands.mask(commands.input(name));
    await runAction(commands, env);
  } catch (error) {
    const unexpected = error instanceof Error || typeof error === 'string' ? '' : 'Unexpected error: ';
    commands.fail(error instanceof RunFailed ? error.message : `${unexpected}${describeError(error)}`);
  }
}

async function runAction(commands: WorkflowCommands, env: NodeJS.ProcessEnv): Promise<void> {
  const inputs = readInputs((name) => commands.input(name));
  const gate = baseUrlGate(inputs);
  failWith(gate.refused);
  if (gate.warning !== null) commands.warning(gate.warning);
  const event = await readEvent(env);
  const workspace = env.GITHUB_WORKSPACE || process.cwd();
  // Set whatever the run decides, so that a later step can read it.
  if (inputs.mode === 'import') await commands.setOutput('imported', '[]');
  const choice = chooseRun(inputs, event);
  switch (choice.kind) {
    case 'refused':
      return failWith(choice.refused);
    case 'doctor':
      return failWith(await runDoctorMode(commands, inputs));
    case 'import':
      return failWith(await runImportMode(commands, inputs, workspace));
    case 'adopt':
      return failWith(await runAdoptMode(commands, inputs, workspace));
    case 'engine':
      return runEngineMode(
        commands,
        { inputs, event, decision: choice.decision, workspace, github: githubOf(commands, inputs, event) },
        env,
      );
  }
}

async function runEngineMode(
  commands: WorkflowCommands,
  run: ActionRun,
  env: NodeJS.ProcessEnv,
): Promise<void> {
  const { inputs, event, decision } = run;
  if (decision.note !== null) commands.info(decision.note);
  commands.info(decisionLine(decision, event, inputs.shard));

  const { report, notes } = await runEngineFor(commands, run);
  await reportRun(commands, { ...run, report, notes, env });
  failWith(failureMessage(report));
}

/** The run's one GitHub client: the review, the change, the comment and the deployments all ask it. */
function githubOf(
  commands: WorkflowCommands,
  inputs: ActionInputs,
  event: RunEvent,
): () => GitHubClient | null {
  return clientOnFirstNeed({
    apiUrl: event.apiUrl,
    token: inputs.githubToken,
    log: (message) => commands.info(message),
  });
}

/** Fails the run with `message`, once everything before it has been reported; null: no failure. */
function failWith(message: string | null): void {
  if (message !== null) throw new RunFailed(message);
}
