import { describeError } from '../service-client/errors.ts';
import { runEmulatorCommand } from '../emulator/command.ts';
import { VERSION } from '../version.ts';
import { parseCliArgs, UsageError } from './args.ts';
import { runDoctorCommand } from './doctor.ts';
import { runDraftsCommand } from './drafts.ts';
import { runImportCommand } from './import.ts';
import { runAdoptCommand } from './adopt.ts';
import { EXIT, helpText } from './help.ts';
import { runEngineCommand, type RunSeams } from './run.ts';
import { printSchema } from './schema.ts';
import { processIO, scrubbing, writeLine, type CliIO } from './terminal.ts';

/**
 * Runs the CLI with its arguments; resolves to the exit code (see help.ts).
 * Every command writes through the one scrubber (terminal.ts), but the
 * emulator's, which prints its own local key for the user to export.
 */
export async function main(
  argv: string[],
  terminal: CliIO = processIO(),
  seams: RunSeams = {},
): Promise<number> {
  const io: CliIO = { ...terminal, stdout: scrubbing(terminal.stdout), stderr: scrubbing(terminal.stderr) };
  let options;
  try {
    const parsed = parseCliArgs(argv, io.cwd);
    if (parsed === 'version') {
      writeLine(io.stdout, VERSION);
      return EXIT.ok;
    }
    options = parsed;
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    writeLine(io.stderr, `error: ${error.message}`);
    writeLine(io.stderr, 'Run content-as-code --help for the commands and options.');
    return EXIT.usage;
  }

  switch (options.command) {
    case 'help':
      io.stdout.write(helpText());
      return EXIT.ok;
    case 'schema':
      return printSchema(io, options.rest);
    case 'emulator':
      return emulator(options.rest, terminal);
    case 'doctor':
      return runDoctorCommand(options, io, seams);
    case 'import':
      return runImportCommand(options, io, seams);
    case 'drafts':
      return runDraftsCommand(options, io, seams);
    case 'adopt':
      return runAdoptCommand(options, io, seams);
    case 'validate':
    case 'plan':
    case 'apply':
      return runEngineCommand(options.command, options, io, seams);
  }
}

/** Runs until Ctrl-C (or SIGTERM), then closes the server (and writes --state once more). */
async function emulator(argv: string[], io: CliIO): Promise<number> {
  let running;
  try {
    running = await runEmulatorCommand(argv, (line) => writeLine(io.stdout, line));
  } catch (error) {
    writeLine(io.stderr, `error: ${describeError(error)}`);
    return EXIT.usage;
  }
  if (running === 'help') return EXIT.ok;
  writeLine(io.stdout, 'Press Ctrl-C to stop.');
  await io.interrupted();
  await running.close();
  writeLine(io.stderr, 'Emulator stopped.');
  return EXIT.ok;
}
