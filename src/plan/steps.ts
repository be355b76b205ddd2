import type { Scope } from '../service-client/types.ts';
import type { PublicationTarget, Step } from './types.ts';

// What a step does, asked in one place: the planner, the review, the
// engine's preflight and the reports all ask these, and none re-derives them.

/** The publication a step sends: an upload's, or the one a one-shot render carries; null when it publishes nothing. */
export function publicationOf(step: Step): PublicationTarget | null {
  if (step.kind === 'upload') return step.publish;
  if (step.kind === 'render') return step.publish;
  return null;
}

/** Whether any of the steps publishes. */
export function publishes(steps: readonly Step[]): boolean {
  return steps.some((step) => publicationOf(step) !== null);
}

/** Whether any of the steps renders (and so spends credits on a video). */
export function renders(steps: readonly Step[]): boolean {
  return steps.some((step) => step.kind === 'render');
}

/** Whether any of the steps sends a generation or an upload: the requests that are rate limited and need `generate`. */
export function generates(steps: readonly Step[]): boolean {
  return steps.some((step) => step.kind === 'render' || step.kind === 'upload');
}

/** (item, account) pairs a list of steps would publish. */
export function publicationsOf(steps: readonly Step[]): number {
  return steps.reduce((count, step) => count + (publicationOf(step)?.accounts.length ?? 0), 0);
}

/**
 * Scopes the interface itself states for the given steps (A29): generation
 * and upload need `generate`. Which scope content writes need is not shown,
 * so none is guessed for them; a 403 tells.
 */
export function statedScopes(steps: readonly Step[]): Scope[] {
  return generates(steps) ? ['generate'] : [];
}
