import * as core from '@actions/core';
import { redact } from '../report/redact.ts';

// The runner's workflow commands, all through @actions/core: inputs, masks,
// log lines, annotations, groups, outputs and the job summary. What this
// adapter adds is the action's own rule that every byte goes through
// `redact` first, so a registered secret or a signed media URL never reaches
// the log, an output or the summary, on a runner or in a local run that does
// not mask.

export interface AnnotationProperties {
  title?: string;
  file?: string;
  startLine?: number;
  startColumn?: number;
  endLine?: number;
  endColumn?: number;
}

export type AnnotationLevel = 'error' | 'warning' | 'notice';

/**
 * A log line that the runner cannot read as a command: text from manifests
 * (a title such as `::add-mask::x`) must not become a workflow command.
 */
export function plainText(text: string): string {
  return text.replace(/^(\s*)::/gm, '$1:\u200b:');
}

export class WorkflowCommands {
  readonly #secrets: string[] = [];

  /** An input as the runner passes it (`INPUT_<NAME>`), trimmed; '' when not given. */
  input(name: string): string {
    return core.getInput(name);
  }

  /**
   * Registers a secret: the runner masks it in the log, and this object
   * removes it from everything it writes. The `add-mask` line itself is the
   * one place the value is written; the runner consumes it and never shows it.
   */
  mask(secret: string): void {
    if (!secret) return;
    this.#secrets.push(secret);
    for (const line of secret.split(/\r?\n/)) if (line.trim()) core.setSecret(line);
  }

  redact(text: string): string {
    return redact(text, this.#secrets);
  }

  info(message: string): void {
    core.info(plainText(this.redact(message)));
  }

  debug(message: string): void {
    core.debug(this.redact(message));
  }

  annotate(level: AnnotationLevel, message: string, properties: AnnotationProperties = {}): void {
    const safe: AnnotationProperties = { ...properties };
    if (properties.title !== undefined) safe.title = this.redact(properties.title);
    core[level](this.redact(message), safe);
  }

  warning(message: string, properties?: AnnotationProperties): void {
    this.annotate('warning', message, properties);
  }

  error(message: string, properties?: AnnotationProperties): void {
    this.annotate('error', message, properties);
  }

  /** Fails the step with one error annotation. */
  fail(message: string): void {
    core.setFailed(this.redact(message));
  }

  startGroup(title: string): void {
    core.startGroup(this.redact(title));
  }

  endGroup(): void {
    core.endGroup();
  }

  async setOutput(name: string, value: string): Promise<void> {
    core.setOutput(name, this.redact(value));
  }

  /** Appends Markdown to the job summary; false when the runner gave no summary file (a local run). */
  async appendSummary(markdown: string): Promise<boolean> {
    if (!process.env.GITHUB_STEP_SUMMARY) return false;
    await core.summary.addRaw(this.redact(markdown)).write();
    return true;
  }
}
