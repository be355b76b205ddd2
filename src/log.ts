import type { ContentStatus, Progress } from './service-client/types.ts';

/**
 * Where the engine reports what it is doing. The action writes it to the
 * runner's log (groups, annotations); the CLI to the terminal; tests collect it.
 */
export interface Logger {
  info(message: string): void;
  warning(message: string): void;
  debug(message: string): void;
  /** Runs fn with its output grouped under title (a collapsible group on GitHub). */
  group<T>(title: string, fn: () => Promise<T>): Promise<T>;
  /** A state change or a new progress snapshot of an item being waited on. */
  progress(event: ProgressReport): void;
  /** An item of an apply is done: what came of it, and how many of the apply's items are done now. */
  itemDone(event: ItemDone): void;
}

/** How many of the apply's items with work are done, of how many. */
export interface Tally {
  done: number;
  total: number;
}

interface ProgressReport {
  file: string;
  title: string;
  status: ContentStatus;
  progress: Progress | null;
  /** The apply's running count when the event happened; absent outside an apply. */
  tally?: Tally;
}

export interface ItemDone {
  file: string;
  title: string;
  /** The item's outcome, as the results name it (`published`, `failed`, …). */
  outcome: string;
  tally: Tally;
}

export const silentLogger: Logger = {
  info: () => undefined,
  warning: () => undefined,
  debug: () => undefined,
  group: (_title, fn) => fn(),
  progress: () => undefined,
  itemDone: () => undefined,
};
