import * as core from '@actions/core';
import { registerSecret, scrubSecrets } from '../secrets.ts';
import { safeText } from '../text/safe-line.ts';

// The runner's workflow commands, all through @actions/core: inputs, masks,
// log lines, annotations, groups, outputs and the job summary. What this
// adapter adds is the action's own two rules, for every byte it is given:
// `redact` (scrubSecrets, the one scrubber) first, so a registered secret or a signed media URL never reaches
// the log, an output or the summary; then, for what goes to the log,
// `safeText`, so no text from a manifest or the service becomes a workflow
// command (`::`, `##[`, control and bidi characters are neutralised).

export interface AnnotationProperties {
  title?: string;
  file?: string;
  startLine?: number;
  startColumn?: number;
  endLine?: number;
  endColumn?: number;
}

export type AnnotationLevel = 'error' | 'warning' | 'notice';

export class WorkflowCommands {
  readonly #secrets: string[] = [];

  /** An input as the runner passes it (`INPUT_<NAME>`), trimmed; '' when not given. */
  input(name: string): string {
    return core.getInput(name);
  }

  /**
   * Registers a secret: the runner masks it in the log, and every scrubber of
   * the process removes it, in every encoding, from everything written. The
   * `add-mask` line itself is the one place the value is written, exactly:
   * the runner consumes it and never shows it.
   */
  mask(secret: string): void {
    if (!secret) return;
    this.#secrets.push(secret);
    registerSecret(secret);
    for (const line of secret.split(/\r?\n/)) if (line.trim()) core.setSecret(line);
  }

  redact(text: string): string {
    return scrubSecrets(text, this.#secrets);
  }

  /** Scrubbed, then made safe: a key with `::` in it must still match before it is broken. */
  #logText(text: string): string {
    return safeText(this.redact(text));
  }

  info(message: string): void {
    core.info(this.#logText(message));
  }

  debug(message: string): void {
    core.debug(this.#logText(message));
  }

  annotate(level: AnnotationLevel, message: string, properties: AnnotationProperties = {}): void {
    const safe: AnnotationProperties = { ...properties };
    if (properties.title !== undefined) safe.title = this.#logText(properties.title);
    if (properties.file !== undefined) safe.file = this.#logText(properties.file);
    core[level](this.#logText(message), safe);
  }

  warning(message: string, properties?: AnnotationProperties): void {
    this.annotate('warning', message, properties);
  }

  error(message: string, properties?: AnnotationProperties): void {
    this.annotate('error', message, properties);
  }

  /** Fails the step with one error annotation. */
  fail(message: string): void {
    core.setFailed(this.#logText(message));
  }

  startGroup(title: string): void {
    core.startGroup(this.#logText(title));
  }

  endGroup(): void {
    core.endGroup();
  }

  async setOutput(name: string, value: string): Promise<void> {
    core.setOutput(name, this.redact(value));
  }

  /** Appends Markdown to the job summary; without a summary file (a local run) the log says so. */
  async appendSummary(markdown: string): Promise<void> {
    if (process.env.GITHUB_STEP_SUMMARY) await core.summary.addRaw(this.redact(markdown)).write();
    else this.debug('No GITHUB_STEP_SUMMARY file: the job summary was not written.');
  }
}
