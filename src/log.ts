import type { ContentStatus, Progress } from './api/types.ts';

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
  progress(event: { file: string; title: string; status: ContentStatus; progress: Progress | null }): void;
}

export const silentLogger: Logger = {
  info: () => undefined,
  warning: () => undefined,
  debug: () => undefined,
  group: (_title, fn) => fn(),
  progress: () => undefined,
};
