// "Did you mean": the closest candidate to what a user wrote, or nothing when
// no candidate is close enough to be a likely typo.

function squash(value: string): string {
  return value.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
}

/** Edit distance counting a swap of two neighbours as one edit (optimal string alignment). */
function distance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[] = new Array<number>(rows * cols).fill(0);
  for (let i = 0; i < rows; i++) d[i * cols] = i;
  for (let j = 0; j < cols; j++) d[j] = j;
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(
        d[(i - 1) * cols + j]! + 1,
        d[i * cols + j - 1]! + 1,
        d[(i - 1) * cols + j - 1]! + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, d[(i - 2) * cols + j - 2]! + 1);
      }
      d[i * cols + j] = best;
    }
  }
  return d[rows * cols - 1]!;
}

/**
 * The candidate the user most likely meant: the same word in other casing, the
 * same word in another spelling convention (`notifySubscribers` ->
 * `notify_subscribers`), or the nearest one within a few typos.
 */
export function suggest(input: string, candidates: readonly string[]): string | undefined {
  if (candidates.includes(input)) return input;
  const lower = input.toLowerCase();
  const sameCase = candidates.find((candidate) => candidate.toLowerCase() === lower);
  if (sameCase !== undefined) return sameCase;
  const squashed = squash(input);
  if (squashed === '') return undefined;
  const sameWord = candidates.find((candidate) => squash(candidate) === squashed);
  if (sameWord !== undefined) return sameWord;
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const target = squash(candidate);
    // Allow about one typo per three letters, at least one.
    const limit = Math.max(1, Math.floor(Math.min(squashed.length, target.length) / 3));
    if (Math.abs(target.length - squashed.length) > limit) continue;
    const d = distance(squashed, target);
    if (d <= limit && d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}
