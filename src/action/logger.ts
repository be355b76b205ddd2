import { AsyncLocalStorage } from 'node:async_hooks';
import type { Logger } from '../log.ts';
import { formatCommand, plainText, type WorkflowCommands } from './commands.ts';

// The engine's Logger on a GitHub runner. Items are worked on concurrently,
// but a log group is a contiguous block, so each item's lines are collected
// and written as one `::group::` block when the item is done. Progress lines
// are written at once, outside any group, so the log moves while waiting;
// they are throttled per item (a new status, a step of at least 10 %, or a
// minute of silence) so a long render does not flood the log.

const PROGRESS_STEP = 10;
const PROGRESS_QUIET_MS = 60_000;

interface Buffer {
  lines: string[];
}

interface LastProgress {
  status: string;
  percentage: number | null;
  at: number;
}

export class ActionLogger implements Logger {
  readonly #commands: WorkflowCommands;
  readonly #now: () => number;
  readonly #group = new AsyncLocalStorage<Buffer>();
  readonly #progress = new Map<string, LastProgress>();

  constructor(commands: WorkflowCommands, now: () => number = Date.now) {
    this.#commands = commands;
    this.#now = now;
  }

  info(message: string): void {
    const buffer = this.#group.getStore();
    // Scrubbed before it is made safe: a key with `::` in it must still match.
    if (buffer) buffer.lines.push(plainText(this.#commands.redact(message)));
    else this.#commands.info(message);
  }

  warning(message: string): void {
    const buffer = this.#group.getStore();
    if (buffer) buffer.lines.push(formatCommand('warning', {}, this.#commands.redact(message)));
    else this.#commands.warning(message);
  }

  debug(message: string): void {
    const buffer = this.#group.getStore();
    if (buffer) buffer.lines.push(formatCommand('debug', {}, this.#commands.redact(message)));
    else this.#commands.debug(message);
  }

  async group<T>(title: string, fn: () => Promise<T>): Promise<T> {
    if (this.#group.getStore()) return fn(); // GitHub has no nested groups: stay in the outer one.
    const buffer: Buffer = { lines: [] };
    try {
      return await this.#group.run(buffer, fn);
    } finally {
      const heading = formatCommand('group', {}, this.#commands.redact(title));
      this.#commands.writeLines([heading, ...buffer.lines, '::endgroup::']);
    }
  }

  progress(event: Parameters<Logger['progress']>[0]): void {
    const now = this.#now();
    const percentage = event.progress?.percentage ?? null;
    const last = this.#progress.get(event.file);
    const due =
      last === undefined ||
      last.status !== event.status ||
      (percentage !== null && (last.percentage === null || percentage - last.percentage >= PROGRESS_STEP)) ||
      now - last.at >= PROGRESS_QUIET_MS;
    if (!due) return;
    this.#progress.set(event.file, { status: event.status, percentage, at: now });
    const detail = [
      percentage !== null ? `${Math.round(percentage)}%` : null,
      event.progress?.step ?? null,
      event.progress?.message ?? null,
    ]
      .filter(Boolean)
      .join(' · ');
    this.#commands.info(`⏳ ${event.title} (${event.file}): ${event.status}${detail ? ` — ${detail}` : ''}`);
  }
}
