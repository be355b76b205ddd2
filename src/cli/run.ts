import { insecureBaseUrl } from '../api/base-url-policy.ts';
import { createClient, type ServiceClient } from '../api/client.ts';
import { ConfigurationError, describeError } from '../api/errors.ts';
import type { PollPolicy } from '../apply/wait.ts';
import { runEngine, type EngineOptions, type Permissions, type RunReport } from '../engine.ts';
import { gitPreviousVersions } from '../git/history.ts';
import { formatProblem } from '../manifest/format.ts';
import { renderPlanText, renderResultsText, type TextStyle } from '../report/text.ts';
import type { CliOptions } from './args.ts';
import { EXIT } from './help.ts';
import { scrubbing, styleFor, terminalLogger, writeLine, type CliIO } from './terminal.ts';

// validate, plan and apply: the same engine as the action, with the terminal
// as its log. What each exit code means is in help.ts.

export type EngineCommand = 'validate' | 'plan' | 'apply';

/** Test seams; the real CLI passes none. */
export interface RunSeams {
  clientOptions?: { secondMs?: number; sleep?: (ms: number) => Promise<void> };
  now?: () => Date;
  /** Task-status polling; the demo polls faster when its emulator runs faster. */
  poll?: PollPolicy;
  /** Receives the run report (the demo renders it as Markdown). */
  onReport?: (report: RunReport) => void;
}

export async function runEngineCommand(
  command: EngineCommand,
  options: CliOptions,
  terminal: CliIO,
  seams: RunSeams = {},
): Promise<number> {
  const io: CliIO = { ...terminal, stdout: scrubbing(terminal.stdout), stderr: scrubbing(terminal.stderr) };
  const out = options.json ? io.stderr : io.stdout;
  const style = styleFor(out, io.env);
  let client: ServiceClient | undefined;
  try {
    if (command !== 'validate') client = await connect(options, io, seams);
    let planShown = false;
    const engineOptions: EngineOptions = {
      mode: command,
      cwd: options.cwd,
      manifests: options.manifests,
      client,
      permissions: permissionsFor(command, options),
      maxPublications: options.maxPublications,
      cancelRunning: options.cancelRunning,
      concurrency: options.concurrency,
      wait: options.wait,
      timeoutMs: options.timeoutMinutes * 60_000,
      logger: terminalLogger(out, io.stderr, style, io.env),
      ...(options.base !== null ? { previous: gitPreviousVersions(options.cwd, options.base) } : {}),
      ...(seams.now ? { now: seams.now } : {}),
      ...(seams.poll ? { poll: seams.poll } : {}),
      onPlan: (plan) => {
        if (options.json || command === 'validate') return;
        writeLine(out, `${renderPlanText(plan, style)}\n`);
        planShown = true;
      },
    };
    const report = await runEngine(engineOptions);
    seams.onReport?.(report);
    if (options.json) {
      writeLine(io.stdout, JSON.stringify(report, null, 2));
    } else {
      writeReport(report, out, io.stderr, style, planShown);
    }
    return exitCode(report, options);
  } catch (error) {
    const message = describeError(error);
    if (error instanceof ConfigurationError) {
      writeLine(io.stderr, `error: ${message}`);
      return EXIT.usage;
    }
    writeLine(io.stderr, `error: ${message}`);
    return EXIT.service;
  } finally {
    await client?.close();
  }
}

/**
 * A terminal is not a PR run: `plan` shows what `apply` would render and
 * publish (it writes nothing, being plan mode), and only --no-publish holds
 * publications back.
 */
export function permissionsFor(command: EngineCommand, options: CliOptions): Permissions {
  const publish = options.publish;
  if (command === 'validate') return { write: false, render: false, publish: false };
  return { write: command === 'apply', render: true, publish, publishDisabledBy: 'input' };
}

async function connect(options: CliOptions, io: CliIO, seams: RunSeams): Promise<ServiceClient> {
  const { baseUrl, apiKey } = await serviceSettings(options, io);
  return createClient({ baseUrl, apiKey, ...seams.clientOptions });
}

/** The base URL and the key, from the options, the environment or standard input; ConfigurationError when missing. */
export async function serviceSettings(
  options: CliOptions,
  io: CliIO,
): Promise<{ baseUrl: string; apiKey: string }> {
  const baseUrl = options.baseUrl ?? io.env['CONTENT_API_URL'] ?? '';
  if (baseUrl.trim() === '') {
    throw new ConfigurationError(
      'No service base URL: pass --base-url URL or set CONTENT_API_URL. To try without an account, run ' +
        '`content-as-code emulator` in another terminal and export the two variables it prints.',
    );
  }
  const insecure = insecureBaseUrl(baseUrl, '--allow-insecure-http');
  if (insecure !== null && !options.allowInsecureHttp) throw new ConfigurationError(insecure);
  if (insecure !== null) writeLine(io.stderr, `warning: ${insecure}`);
  const apiKey = options.apiKeyStdin ? await readAll(io.stdin) : (io.env['CONTENT_API_KEY'] ?? '');
  if (apiKey.trim() === '') {
    throw new ConfigurationError(
      options.apiKeyStdin
        ? 'No API key on standard input: pipe it in, for example `content-as-code plan --api-key-stdin < key.txt`.'
        : 'No API key: set CONTENT_API_KEY (for example `read -rs CONTENT_API_KEY && export CONTENT_API_KEY`), ' +
            'or pass --api-key-stdin and pipe it in. Keys are created in the web app under Settings, API Keys.',
    );
  }
  return { baseUrl, apiKey: apiKey.trim() };
}

async function readAll(stream: AsyncIterable<string | Uint8Array>): Promise<string> {
  const decoder = new TextDecoder();
  let text = '';
  for await (const chunk of stream)
    text += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
  return text + decoder.decode();
}

export function exitCode(report: RunReport, options: Pick<CliOptions, 'maxPublications'>): number {
  const errors = report.problems.some((problem) => problem.severity === 'error');
  if (report.fatal !== null) {
    // A plan refused for safety is the manifests' doing, not the service's.
    const refused = report.plan !== null && report.plan.publications > options.maxPublications;
    return refused || errors ? EXIT.failed : EXIT.service;
  }
  if (errors || report.result?.failed === true) return EXIT.failed;
  return EXIT.ok;
}

function writeReport(
  report: RunReport,
  out: CliIO['stdout'],
  err: CliIO['stderr'],
  style: TextStyle,
  planShown: boolean,
): void {
  for (const problem of report.problems) writeLine(err, formatProblem(problem));
  if (report.mode === 'validate') {
    writeLine(out, validateSummary(report));
    return;
  }
  if (report.plan && !planShown) writeLine(out, `\n${renderPlanText(report.plan, style)}`);
  if (report.result) writeLine(out, `\n${renderResultsText(report.result, style)}`);
  for (const note of report.notes) writeLine(err, `note: ${note}`);
  if (report.fatal !== null) writeLine(err, `\nerror: ${report.fatal}`);
}

export function validateSummary(report: RunReport): string {
  const files = report.load.files.length;
  const errors = report.problems.filter((problem) => problem.severity === 'error');
  const warnings = report.problems.length - errors.length;
  const counted = `${files} manifest${files === 1 ? '' : 's'}`;
  if (errors.length === 0) {
    return `${counted} valid${warnings > 0 ? `, ${warnings} warning${warnings === 1 ? '' : 's'}` : ''}.`;
  }
  const failing = new Set(errors.map((problem) => problem.file)).size;
  return `${errors.length} error${errors.length === 1 ? '' : 's'} in ${failing} of ${counted}; nothing was sent to the service.`;
}
