import { appendFileSync } from 'node:fs';
import { redact } from '../report/redact.ts';
import { registerSecret } from '../secrets.ts';
import { guardCommandOutput, safeText } from '../text/safe-line.ts';

// The runner's workflow-command protocol, written byte for byte as
// @actions/core writes it (`::error file=…,line=…::message`, `::add-mask::`,
// the GITHUB_OUTPUT heredoc, appends to GITHUB_STEP_SUMMARY). @actions/core 3
// itself is not loaded: it imports @actions/http-client, and with it undici,
// at start-up (for OIDC tokens this action never asks for), which alone costs
// about 70 ms and 24 MiB, more than the whole validate run may take.
//
// Every byte goes through `redact`, so a registered secret or a signed media
// URL never reaches the log, an output or the summary; every text put in a
// line goes through safeText and every byte written through
// guardCommandOutput, so no text becomes a workflow command.

export interface AnnotationProperties {
  title?: string;
  file?: string;
  startLine?: number;
  startColumn?: number;
  endLine?: number;
  endColumn?: number;
}

export type AnnotationLevel = 'error' | 'warning' | 'notice';

export interface WorkflowCommandsOptions {
  env?: NodeJS.ProcessEnv;
  /** Where command lines go; the runner reads stdout. */
  write?: (text: string) => void;
}

export function escapeData(value: string): string {
  return value.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

function escapeProperty(value: string): string {
  return escapeData(value).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

export function formatCommand(
  name: string,
  properties: Record<string, string | number | undefined>,
  message: string,
): string {
  const props = Object.entries(properties)
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined && entry[1] !== '')
    .map(([key, value]) => `${key}=${escapeProperty(safeText(String(value)))}`)
    .join(',');
  return `::${name}${props ? ` ${props}` : ''}::${escapeData(safeText(message))}`;
}

/**
 * A log line that the runner cannot read as a command: text from manifests
 * (a title such as `::add-mask::x`) must not become a workflow command.
 */
export function plainText(text: string): string {
  return safeText(text);
}

export class WorkflowCommands {
  readonly #env: NodeJS.ProcessEnv;
  readonly #write: (text: string) => void;
  readonly #secrets: string[] = [];

  constructor(options: WorkflowCommandsOptions = {}) {
    this.#env = options.env ?? process.env;
    const write = options.write ?? ((text: string) => void process.stdout.write(text));
    this.#write = (text) => write(guardCommandOutput(text));
  }

  /** An input as the runner passes it (`INPUT_<NAME>`), trimmed; '' when not given. */
  input(name: string): string {
    return (this.#env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] ?? '').trim();
  }

  env(name: string): string | undefined {
    const value = this.#env[name];
    return value === undefined || value === '' ? undefined : value;
  }

  /**
   * Registers a secret: the runner masks it in the log, and this object
   * removes it from everything it writes. The `add-mask` line itself is the
   * one place the value is written; the runner consumes it and never shows it.
   */
  mask(secret: string): void {
    if (!secret) return;
    this.#secrets.push(secret);
    registerSecret(secret);
    for (const line of secret.split(/\r?\n/)) {
      // Written as is: the runner must mask the exact value.
      if (line.trim()) this.#write(`::add-mask::${escapeData(line)}\n`);
    }
  }

  redact(text: string): string {
    return redact(text, this.#secrets);
  }

  info(message: string): void {
    this.#line(plainText(this.redact(message)));
  }

  debug(message: string): void {
    this.#line(formatCommand('debug', {}, this.redact(message)));
  }

  annotate(level: AnnotationLevel, message: string, properties: AnnotationProperties = {}): void {
    this.#line(
      formatCommand(
        level,
        {
          title: properties.title === undefined ? undefined : this.redact(properties.title),
          file: properties.file,
          line: properties.startLine,
          endLine: properties.endLine,
          col: properties.startColumn,
          endColumn: properties.endColumn,
        },
        this.redact(message),
      ),
    );
  }

  warning(message: string, properties?: AnnotationProperties): void {
    this.annotate('warning', message, properties);
  }

  error(message: string, properties?: AnnotationProperties): void {
    this.annotate('error', message, properties);
  }

  startGroup(title: string): void {
    this.#line(formatCommand('group', {}, this.redact(title)));
  }

  endGroup(): void {
    this.#line('::endgroup::');
  }

  /** Writes raw lines (already formatted) as one chunk, so concurrent groups never interleave. */
  writeLines(lines: readonly string[]): void {
    if (lines.length > 0) this.#write(`${lines.map((line) => this.redact(line)).join('\n')}\n`);
  }

  async setOutput(name: string, value: string): Promise<void> {
    const safe = this.redact(value);
    const file = this.env('GITHUB_OUTPUT');
    if (!file) {
      // Runners older than the file command; what @actions/core falls back to as well.
      this.#line(formatCommand('set-output', { name }, safe));
      return;
    }
    // Unguessable enough for a heredoc delimiter, and checked against the value;
    // node:crypto is not loaded for it (it costs start-up time).
    let delimiter: string;
    do {
      delimiter = `ghadelimiter_${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`;
    } while (safe.includes(delimiter) || name.includes(delimiter));
    appendFileSync(file, `${name}<<${delimiter}\n${safe}\n${delimiter}\n`, 'utf8');
  }

  /** Appends Markdown to the job summary; false when the runner gave no summary file (a local run). */
  async appendSummary(markdown: string): Promise<boolean> {
    const file = this.env('GITHUB_STEP_SUMMARY');
    if (!file) return false;
    appendFileSync(file, this.redact(markdown), 'utf8');
    return true;
  }

  #line(text: string): void {
    this.#write(`${text}\n`);
  }
}
