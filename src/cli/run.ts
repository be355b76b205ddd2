import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { ServiceClient } from '../service-client/client.ts';
import { ConfigurationError, describeError } from '../service-client/errors.ts';
import type { PollPolicy } from '../apply/wait.ts';
import { runEngine } from '../engine/engine.ts';
import type { EngineOptions, RunReport } from '../engine/types.ts';
import type { ChangeScope } from '../git/changes.ts';
import { gitPreviousVersions } from '../git/history.ts';
import type { Problem } from '../manifest/types.ts';
import type { Plan } from '../plan/types.ts';
import { releaseLines } from '../report/release.ts';
import { summaryMarkdown } from '../report/summary.ts';
import { writeScrubbedFile } from '../secrets.ts';
import { renderPlanText, renderResultsText, type TextStyle } from '../report/text.ts';
import { checkAccounts } from './accounts-check.ts';
import { changedSince, scopeNote } from './changed-since.ts';
import type { CliOptions } from './args.ts';
import { connect, connectIfConfigured, inCliWords, type ClientSeams } from './connect.ts';
import { EXIT, exitCodeForSignal } from './help.ts';
import { watchClient, type WatchedClient } from './interrupt.ts';
import { jsonOutput } from './json.ts';
import { problemLine, validateSummary } from './problems.ts';
import { styleFor, terminalLogger, writeLine, type CliIO, type Output } from './terminal.ts';
import { runSettingsFromFlags, type EngineCommand } from './settings.ts';

// validate, plan and apply: the same engine as the action, with the terminal
// as its log. Problems come first, then the plan (labelled when it will not
// run), then progress and results. What each exit code means is in help.ts.

/** Test seams; the real CLI passes none. */
export interface RunSeams extends ClientSeams {
  now?: () => Date;
  /** Task-status polling; the demo polls faster when its emulator runs faster. */
  poll?: PollPolicy;
  /** Receives the run report (the demo renders it as Markdown). */
  onReport?: (report: RunReport) => void;
}

interface Printed {
  problems: number;
  plan: boolean;
  release: boolean;
}

/** One command's run: what it was asked, and where and how it writes. */
interface CommandRun {
  command: EngineCommand;
  options: CliOptions;
  /** The terminal, secrets scrubbed from both streams (by main). */
  io: CliIO;
  seams: RunSeams;
  /** Where the human-readable report goes: stderr under --json, so stdout holds the JSON alone. */
  out: Output;
  style: TextStyle;
  warn: (message: string) => void;
  printed: Printed;
}

type Accounts = { checked: boolean; note: string | null };

export async function runEngineCommand(
  command: EngineCommand,
  options: CliOptions,
  terminal: CliIO,
  seams: RunSeams = {},
): Promise<number> {
  const run = commandRun(command, options, terminal, seams);
  const { io, warn } = run;
  const interrupted = io.interrupted();
  let watched: WatchedClient | undefined;
  let accountsClient: ServiceClient | string | undefined;
  try {
    if (command !== 'validate') watched = watchClient(await connect(options, io, seams, warn));
    // git compares the whole working tree: the engine finds and parses the manifests meanwhile.
    const changes = changedSince(options.cwd, options.changedSince, warn);
    const finished = await Promise.race([
      runEngine(engineOptions(run, watched, changes)),
      interrupted.then((signal) => signal ?? 'SIGINT'),
    ]);
    if (typeof finished === 'string') return stopped(finished, watched, io);
    await changes; // its warning, if any, comes before the outcome, however early the run stopped
    const report = finished;
    if (report.fatal !== null) report.fatal = inCliWords(report.fatal);
    let accounts: Accounts | undefined;
    if (command === 'validate' && report.fatal === null) {
      accountsClient = await connectIfConfigured(options, io, seams, warn);
      accounts = await checkAccounts(report, accountsClient);
    }
    seams.onReport?.(report);
    const code = exitCode(report, options, watched?.wrote ?? false);
    printOutcome(run, report, code, accounts);
    return code;
  } catch (error) {
    writeLine(io.stderr, `error: ${inCliWords(describeError(error))}`);
    if (error instanceof ConfigurationError) return EXIT.usage;
    return watched?.wrote ? EXIT.failed : EXIT.service;
  } finally {
    await watched?.client.close();
    if (typeof accountsClient === 'object') await accountsClient.close();
  }
}

function commandRun(command: EngineCommand, options: CliOptions, io: CliIO, seams: RunSeams): CommandRun {
  const out = options.json ? io.stderr : io.stdout;
  return {
    command,
    options,
    io,
    seams,
    out,
    style: styleFor(out, io.env),
    warn: (message) => writeLine(io.stderr, `warning: ${message}`),
    printed: { problems: 0, plan: false, release: false },
  };
}

/** The engine on a terminal: the flags as settings, the plan printed as soon as it is made. */
function engineOptions(
  run: CommandRun,
  watched: WatchedClient | undefined,
  changes: Promise<ChangeScope | null>,
): EngineOptions {
  const { options, io, out, style, printed, seams } = run;
  return {
    settings: runSettingsFromFlags(run.command, options),
    deps: {
      ...(watched ? { client: watched.client } : {}),
      logger: terminalLogger(out, io.stderr, style, io.env),
      // Renames are found in git history by default (HEAD and the commits before it), as the action does;
      // a change's plan finds them at the ref it is measured from.
      previous: gitPreviousVersions(options.cwd, options.base ?? options.changedSince ?? 'HEAD'),
      changes,
      onPlan: (plan, { problems, release }) => {
        watched?.know(plan);
        if (options.json) return;
        printRelease(release, io.stderr, printed);
        printProblems(problems, io.stderr, printed);
        writeLine(out, `${planText(plan, problems, style)}\n`);
        printed.plan = true;
      },
    },
    seams: { ...(seams.now ? { now: seams.now } : {}), ...(seams.poll ? { poll: seams.poll } : {}) },
  };
}

/** Ctrl-C or SIGTERM: nothing more leaves, and the terminal is told what already did. */
function stopped(signal: string, watched: WatchedClient | undefined, io: CliIO): number {
  watched?.stop();
  const lines = watched?.report(signal) ?? [`Interrupted by ${signal}: nothing was sent to the service.`];
  for (const line of lines) writeLine(io.stderr, line);
  return exitCodeForSignal(signal);
}

/** The summary file when asked for, then the report: one JSON document, or text. */
function printOutcome(
  run: CommandRun,
  report: RunReport,
  code: number,
  accounts: Accounts | undefined,
): void {
  const { options, io } = run;
  if (options.summary !== null) writeSummaryFile(options.summary, report, io.cwd, run.warn);
  if (options.json) {
    const shaped = jsonOutput(report, {
      pattern: options.manifests,
      exitCode: code,
      ...(accounts ? { accounts } : {}),
    });
    writeLine(io.stdout, JSON.stringify(shaped, null, 2));
  } else {
    writeReport(report, run.out, io.stderr, run.style, run.printed, accounts);
  }
}

/**
 * 3 is kept for a service that could not be used before any work began: once
 * a write has left, a failure is the run's (1), and a re-run converges.
 */
export function exitCode(
  report: RunReport,
  options: Pick<CliOptions, 'maxPublications'>,
  wrote = false,
): number {
  const errors = report.problems.some((problem) => problem.severity === 'error');
  if (report.fatal !== null) {
    const empty = report.load.files.length === 0;
    // A plan refused for safety is the manifests' doing, not the service's.
    const refused = report.plan !== null && report.plan.publications > options.maxPublications;
    return refused || errors || empty || wrote ? EXIT.failed : EXIT.service;
  }
  if (errors || report.result?.failed === true) return EXIT.failed;
  return EXIT.ok;
}

function errorCount(problems: readonly Problem[]): number {
  return problems.filter((problem) => problem.severity === 'error').length;
}

/** The plan table; its headline says so when errors keep it from running. */
function planText(plan: Plan, problems: readonly Problem[], style: TextStyle): string {
  const errors = errorCount(problems);
  if (errors === 0) return renderPlanText(plan, style);
  return renderPlanText(
    plan,
    style,
    `Plan (will not run: fix the ${errors === 1 ? 'error' : `${errors} errors`} above first)`,
  );
}

/** What release control holds opens the output (docs/release-control.md), once. */
function printRelease(release: RunReport['release'], err: Output, printed: Printed): void {
  if (printed.release) return;
  for (const line of releaseLines(release)) writeLine(err, `release control: ${line}`);
  printed.release = true;
}

function printProblems(problems: readonly Problem[], err: Output, printed: Printed): void {
  for (const problem of problems.slice(printed.problems)) writeLine(err, problemLine(problem));
  if (problems.length > printed.problems) writeLine(err);
  printed.problems = problems.length;
}

function writeReport(
  report: RunReport,
  out: Output,
  err: Output,
  style: TextStyle,
  printed: Printed,
  accounts: Accounts | undefined,
): void {
  printRelease(report.release, err, printed);
  printProblems(report.problems, err, printed);
  if (report.mode === 'validate') {
    if (report.fatal !== null) writeLine(err, `error: ${report.fatal}`);
    else writeLine(out, validateSummary(report));
    if (accounts?.note) writeLine(err, accounts.note);
    return;
  }
  if (report.plan && !printed.plan) writeLine(out, `\n${planText(report.plan, report.problems, style)}`);
  if (report.result) writeLine(out, `\n${renderResultsText(report.result, style, report.plan)}`);
  if (report.scope) writeLine(err, `note: ${scopeNote(report.scope)}`);
  for (const note of report.notes) writeLine(err, `note: ${note}`);
  if (report.fatal !== null) writeLine(err, `\nerror: ${report.fatal}`);
}

function writeSummaryFile(
  file: string,
  report: RunReport,
  cwd: string,
  warn: (message: string) => void,
): void {
  const target = path.resolve(cwd, file);
  try {
    mkdirSync(path.dirname(target), { recursive: true });
    const markdown = summaryMarkdown(report, { event: 'cli' }, { hiddenErrors: 0, hiddenWarnings: 0 });
    writeScrubbedFile(target, markdown);
  } catch (error) {
    warn(`the summary could not be written to ${file}: ${describeError(error)}`);
  }
}
