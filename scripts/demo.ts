// `npm run demo [-- --with-failure] [--phase-ms MS] [--summary FILE] [--dialect NAME] [--help]`
//
// The project's main job, end to end, with nothing but this repository: it
// starts the service emulator in-process, then runs the CLI (the same engine
// as the action) on examples/content/: validate, apply (the plan table, a
// line per state change while items render and publish, the results), and a
// second plan that shows the run converged. The final report is also written
// as Markdown, the same job summary the action writes.
//
// --with-failure adds examples/failure/, whose render the emulator fails, to
// show how a failed item is reported; the demo then exits non-zero, as the
// workflow run would. DEMO_PHASE_MS (or --phase-ms) shortens each emulated
// phase, for tests.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { RunReport } from '../src/engine/types.ts';
import { main } from '../src/cli/main.ts';
import { processIO, writeLine } from '../src/cli/terminal.ts';
import { startEmulator } from '../src/emulator/index.ts';
import type { EmulatorOptions, FailureRule } from '../src/emulator/index.ts';
import { summaryMarkdown } from '../src/report/summary.ts';

const ROOT = resolve(import.meta.dirname, '..');

/** The title of examples/failure/failing-render.yml contains this. */
export const FAILURE_RULE: FailureRule = {
  titleIncludes: '(fails on purpose)',
  phase: 'video',
  message: 'Render failed: no stock footage matched the script (demo failure)',
};

const USAGE = `Usage: npm run demo [-- OPTIONS]

Starts the local emulator of the service, then validates, plans and applies
examples/content/ with the CLI, and prints the summary the action would write.
Needs no account, no key and no credits.

Options:
  --with-failure   add examples/failure/, whose render fails, to show how a
                   failed item is reported (the demo then exits 1)
  --phase-ms MS    how long each emulated phase lasts (default: about a second)
  --summary FILE   where to write the Markdown summary (default .cache/demo/summary.md)
  --dialect NAME   the emulator's reading of what the interface leaves open
                   (docs/emulator.md lists them)
  -h, --help       print this and exit
`;

interface DemoOptions {
  help: boolean;
  withFailure: boolean;
  phaseMs: number | null;
  summary: string;
  /** The emulator's reading of what the interface leaves "not shown" (docs/emulator.md). */
  dialect: string;
}

function readOptions(argv: string[], env: NodeJS.ProcessEnv): DemoOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      'with-failure': { type: 'boolean', default: false },
      'phase-ms': { type: 'string' },
      summary: { type: 'string' },
      dialect: { type: 'string', default: 'reference' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  const rawPace = values['phase-ms'] ?? env['DEMO_PHASE_MS'];
  const phaseMs = rawPace === undefined || rawPace === '' ? null : Number(rawPace);
  if (phaseMs !== null && !(Number.isFinite(phaseMs) && phaseMs >= 0)) {
    throw new Error(`--phase-ms expects milliseconds (a number of at least 0), got '${rawPace}'`);
  }
  return {
    help: values.help,
    withFailure: values['with-failure'],
    phaseMs,
    summary: resolve(values.summary ?? join(ROOT, '.cache', 'demo', 'summary.md')),
    dialect: values.dialect,
  };
}

export async function demo(argv: string[]): Promise<number> {
  const options = readOptions(argv, process.env);
  if (options.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  const emulatorOptions: EmulatorOptions = {
    dialect: options.dialect,
    failures: options.withFailure ? [FAILURE_RULE] : [],
    ...(options.phaseMs !== null
      ? { phaseMs: { audio: options.phaseMs, video: options.phaseMs, upload: options.phaseMs } }
      : {}),
  };
  const emulator = await startEmulator(emulatorOptions);
  const base = processIO();
  // The key goes to the CLI through its environment, as a user would export it; it is never printed.
  const io = {
    ...base,
    cwd: ROOT,
    env: { ...base.env, CONTENT_BASE_URL: emulator.baseUrl, CONTENT_API_KEY: emulator.apiKey },
  };
  const out = io.stdout;
  const glob = options.withFailure
    ? 'examples/{content,failure}/**/*.{yml,yaml}'
    : 'examples/content/**/*.{yml,yaml}';
  const common = ['--manifests', glob];
  const fast = options.phaseMs !== null && options.phaseMs < 500;
  const seams = fast
    ? { poll: { initialMs: Math.max(5, options.phaseMs! / 4), maxMs: 200, factor: 1.5 } }
    : {};

  try {
    writeLine(
      out,
      `Service emulator on ${emulator.baseUrl}, dialect ${options.dialect} (in-process; no account, no credits spent).`,
    );
    writeLine(out, `Manifests: ${glob}\n`);

    step(out, '1/3', `content-as-code validate --manifests '${glob}'`);
    const validated = await main(['validate', ...common], io);
    if (validated !== 0) return validated;

    step(out, '2/3', `content-as-code apply --manifests '${glob}'`);
    const reports: RunReport[] = [];
    const applied = await main(['apply', ...common], io, {
      ...seams,
      onReport: (value) => reports.push(value),
    });
    const report = reports[0];
    if (report !== undefined) {
      await mkdir(dirname(options.summary), { recursive: true });
      await writeFile(
        options.summary,
        summaryMarkdown(report, { event: 'cli' }, { hiddenErrors: 0, hiddenWarnings: 0 }),
      );
      writeLine(
        out,
        `\nJob summary (Markdown, as the action writes it): ${relative(process.cwd(), options.summary)}`,
      );
    }

    step(out, '3/3', `content-as-code plan --manifests '${glob}'   (again: what is left to do)`);
    await main(['plan', ...common], io, seams);

    writeLine(out, '');
    writeLine(
      out,
      applied === 0
        ? 'Demo finished: every item reached its stage. Exit status 0.'
        : `Demo finished with failures, as a workflow run would. Exit status ${applied}.`,
    );
    return applied;
  } finally {
    await emulator.close();
  }
}

function step(out: { write(text: string): unknown }, number: string, command: string): void {
  writeLine(out, `\n== ${number}  ${command}\n`);
}

if (import.meta.main) {
  process.exitCode = await demo(process.argv.slice(2)).catch((error: unknown) => {
    process.stderr.write(`demo: ${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  });
}
