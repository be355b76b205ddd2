import type { ContentSummary } from '../service-client/types.ts';

// Two runs that create the same title at the same moment (the service offers
// no lock) each make an item. Every run settles it the same way, from the
// listing alone: the oldest item wins (creation_date, then the smaller id),
// and the run whose own item lost retitles it with a mark, so that no later
// run matches it, renders it or publishes it.

const MARK = / \[duplicate of ([^\]\s]+)\]$/;

/** The title a losing item is given: its own title and the winner's id. */
export function duplicateTitle(title: string, winnerId: string): string {
  return `${title} [duplicate of ${winnerId}]`;
}

/** A title this project gave to an item that lost a race for its title. */
export function isMarkedDuplicate(title: string): boolean {
  return MARK.test(title);
}

/** Whether the service shows when the item was created: the one fact a race is settled by. */
export function hasCreationTime(summary: ContentSummary): boolean {
  return summary.creation_date !== null && !Number.isNaN(Date.parse(summary.creation_date));
}

function createdAt(summary: ContentSummary): number {
  const time = summary.creation_date === null ? NaN : Date.parse(summary.creation_date);
  return Number.isNaN(time) ? Infinity : time;
}

/** The item every run keeps among items of one title: oldest creation_date, then the smallest id. */
export function winnerOf(candidates: readonly ContentSummary[]): ContentSummary | null {
  let best: ContentSummary | null = null;
  for (const candidate of candidates) {
    if (
      best === null ||
      createdAt(candidate) < createdAt(best) ||
      (createdAt(candidate) === createdAt(best) && candidate.id < best.id)
    )
      best = candidate;
  }
  return best;
}

/**
 * Another item created at the very instant `candidate` was, as far as the
 * service's times tell (to the second, say): which of the two came first
 * cannot be known, so the id must not decide it, or the run that created
 * the later one, having seen only its own, would keep it beside the first.
 */
export function createdAtSameInstant(
  candidate: ContentSummary,
  candidates: readonly ContentSummary[],
): ContentSummary | null {
  return (
    candidates.find((other) => other.id !== candidate.id && createdAt(other) === createdAt(candidate)) ?? null
  );
}
