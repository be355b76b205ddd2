import { mapLimit } from '../concurrency.ts';
import { git } from './history.ts';

// When each file last changed in the clone's history: a pull request's
// preview renders go to its newest changes first (engine/preview-render.ts).

/**
 * Commit time (ms) of the last commit that touched each file; a file no
 * commit has (new in the working tree) counts as the newest of all, and one
 * git cannot read as the oldest: the order is a preference, never a gate.
 */
export async function lastChangedTimes(cwd: string, files: readonly string[]): Promise<Map<string, number>> {
  const times = await mapLimit(files, 4, async (file) => {
    const log = await git(cwd, ['log', '-1', '--format=%ct', '--', file]);
    if (!log.ok) return 0;
    const seconds = Number(log.stdout.trim());
    return log.stdout.trim() === '' ? Number.MAX_SAFE_INTEGER : Number.isFinite(seconds) ? seconds * 1000 : 0;
  });
  return new Map(files.map((file, index) => [file, times[index]!]));
}
