import { AsyncLocalStorage } from 'node:async_hooks';
import type { ItemDone, Logger, Tally } from '../log.ts';
import type { WorkflowCommands } from './commands.ts';
import { thousands } from '../text/thousands.ts';

// The engine's Logger on a GitHub runner. Items are worked on concurrently,
// but a log group is a contiguous block, so each item's lines are collected
// and written as one group, synchronously, when the item is done. Progress lines
// are written at once, outside any group, so the log moves while waiting:
// one per state change of an item, and one after a minute without any, so
// that an apply of a thousand items stays a log a person can follow. Each
// carries the apply's running count, as does the line that ends each item.

const PROGRESS_QUIET_MS = 60_000;
const FAILED_OUTCOMES = new Set(['failed', 'error']);

/** `[12/1,000] ` while an apply has several items; nothing for one. */
function countPrefix(tally: Tally | undefined): string {
  if (tally === undefined || tally.total < 2) return '';
  return `[${thousands(tally.done)}/${thousands(tally.total)}] `;
}

interface Buffer {
  /** The item's lines, written when its group closes. */
  lines: Array<() => void>;
}

interface LastProgress {
  status: string;
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
    if (buffer) buffer.lines.push(() => this.#commands.info(message));
    else this.#commands.info(message);
  }

  warning(message: string): void {
    const buffer = this.#group.getStore();
    if (buffer) buffer.lines.push(() => this.#commands.warning(message));
    else this.#commands.warning(message);
  }

  debug(message: string): void {
    const buffer = this.#group.getStore();
    if (buffer) buffer.lines.push(() => this.#commands.debug(message));
    else this.#commands.debug(message);
  }

  async group<T>(title: string, fn: () => Promise<T>): Promise<T> {
    if (this.#group.getStore()) return fn(); // GitHub has no nested groups: stay in the outer one.
    const buffer: Buffer = { lines: [] };
    try {
      return await this.#group.run(buffer, fn);
    } finally {
      // No await in between: no other item's line can land inside this group.
      this.#commands.startGroup(title);
      for (const line of buffer.lines) line();
      this.#commands.endGroup();
    }
  }

  progress(event: Parameters<Logger['progress']>[0]): void {
    const now = this.#now();
    const percentage = event.progress?.percentage ?? null;
    const last = this.#progress.get(event.file);
    const due = last === undefined || last.status !== event.status || now - last.at >= PROGRESS_QUIET_MS;
    if (!due) return;
    this.#progress.set(event.file, { status: event.status, at: now });
    const detail = [
      percentage !== null ? `${Math.round(percentage)}%` : null,
      event.progress?.step ?? null,
      event.progress?.message ?? null,
    ]
      .filter(Boolean)
      .join(' · ');
    this.#commands.info(
      `⏳ ${countPrefix(event.tally)}${event.title} (${event.file}): ${event.status}${detail ? ` — ${detail}` : ''}`,
    );
  }

  itemDone(event: ItemDone): void {
    // Done with: what is kept per item lasts only as long as the item runs.
    this.#progress.delete(event.file);
    const mark = FAILED_OUTCOMES.has(event.outcome) ? '✖' : '✔';
    this.#commands.info(
      `${mark} ${countPrefix(event.tally)}${event.title} (${event.file}): ${event.outcome}`,
    );
  }
}
