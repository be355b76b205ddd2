import { AsyncLocalStorage } from 'node:async_hooks';
import type { Logger } from '../log.ts';
import { scrubSecrets } from '../secrets.ts';
import { createProgressPrinter, type TextStyle } from '../report/text.ts';
import { guardTerminalOutput } from '../text/safe-line.ts';

// Where the CLI writes. Tests pass their own streams and environment; the
// real process passes process.stdout and friends.

export interface Output {
  write(text: string): unknown;
  isTTY?: boolean | undefined;
  /** A terminal's width in characters. */
  columns?: number | undefined;
}

export interface CliIO {
  stdout: Output;
  stderr: Output;
  /** Read in full only when --api-key-stdin asks for it. */
  stdin: AsyncIterable<string | Uint8Array>;
  env: Record<string, string | undefined>;
  cwd: string;
  /** Resolves, with the signal's name when there is one, when the user asks to stop (Ctrl-C, SIGTERM). */
  interrupted: () => Promise<string | void>;
}

export function processIO(): CliIO {
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    stdin: process.stdin,
    env: process.env,
    cwd: process.cwd(),
    interrupted: () =>
      new Promise((resolve) => {
        process.once('SIGINT', () => resolve('SIGINT'));
        process.once('SIGTERM', () => resolve('SIGTERM'));
      }),
  };
}

/** A terminal's width when it does not say. */
const TERMINAL_COLUMNS = 120;

/**
 * Colour only on a terminal, and never when NO_COLOR is set
 * (https://no-color.org); tables within a terminal's width, and whole rows
 * in a pipe or a file, where a line is read by grep rather than by eye.
 */
export function styleFor(output: Output, env: Record<string, string | undefined>): TextStyle {
  const noColor = env['NO_COLOR'] !== undefined && env['NO_COLOR'] !== '';
  const tty = output.isTTY === true;
  return {
    color: tty && !noColor && env['TERM'] !== 'dumb',
    ...(tty ? { columns: output.columns || TERMINAL_COLUMNS } : {}),
  };
}

/**
 * An output that never prints the key or anything shaped like a key or token
 * (the service may echo a key into `last_error`, and a manifest may hold
 * one), nor an escape sequence or a workflow command from a title or a
 * service message. On a terminal the CLI's own colour codes stay.
 */
export function scrubbing(output: Output): Output {
  const keepStyle = output.isTTY === true;
  return {
    isTTY: output.isTTY,
    columns: output.columns,
    write: (text: string) => output.write(guardTerminalOutput(scrubSecrets(text), keepStyle)),
  };
}

export function writeLine(output: Output, text = ''): void {
  output.write(`${text}\n`);
}

/**
 * The engine's logger for a terminal: messages and progress lines on `out`
 * (stderr when --json keeps stdout for the JSON), warnings on stderr, debug
 * only when RUNNER_DEBUG=1 as on GitHub. Items are worked on concurrently, so
 * instead of printing a group's title (its lines would interleave with other
 * groups') each message is prefixed with the manifest its group is about.
 */
export function terminalLogger(
  out: Output,
  err: Output,
  style: TextStyle,
  env: Record<string, string | undefined>,
): Logger {
  const debug = env['RUNNER_DEBUG'] === '1';
  const progress = createProgressPrinter((line) => writeLine(out, line), style);
  const groups = new AsyncLocalStorage<string>();
  // The label names the file once; a message that starts with it too loses its copy.
  const prefixed = (kind: string, message: string): string => {
    const label = groups.getStore();
    if (label === undefined) return `${kind}${message}`;
    const own = message.startsWith(`${label}: `) ? message.slice(label.length + 2) : message;
    return `  ${label}  ${kind}${own}`;
  };
  return {
    info: (message) => writeLine(out, prefixed('', message)),
    warning: (message) => writeLine(err, prefixed('warning: ', message)),
    debug: (message) => {
      if (debug) writeLine(err, prefixed('debug: ', message));
    },
    group: (title, fn) => groups.run(groupLabel(title), fn),
    progress,
    itemDone: (event) => {
      // One item needs no count: its result follows at once.
      if (event.tally.total > 1)
        writeLine(
          out,
          `  ${event.file}  ${event.outcome}  (${event.tally.done} of ${event.tally.total} done)`,
        );
    },
  };
}

/** `Title (content/a.yml)` → `content/a.yml`; any other title is kept. */
function groupLabel(title: string): string {
  return /\(([^()]+\.ya?ml)\)$/.exec(title)?.[1] ?? title;
}
