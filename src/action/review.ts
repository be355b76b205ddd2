import { statusOf, type GitHubClient } from '../github/client.ts';
import { ReviewSeal } from '../github/reviewed-block.ts';
import { readReviewEvidence } from '../github/reviewed-pulls.ts';
import { commentAuthor } from '../github/sticky-comment.ts';
import type { ReviewEvidence, ReviewGate } from '../engine/review.ts';
import type { RunEvent } from './event.ts';
import type { ActionInputs } from './inputs.ts';
import type { RunDecision } from './mode.ts';

// What comparing with a reviewed plan reads, and what a failure to read it
// means. Which runs compare is the run's decision (mode.ts: an apply on a
// push, the merge of a pull request or a direct push; never a schedule or a
// manual dispatch). Reading GitHub is best-effort in the way that is safe
// for each setting:
// - hold: a GitHub failure is "not reviewed", so renders and publications
//   are held rather than released unreviewed;
// - warn: a failure is a warning and the apply goes on, as it would without
//   the check; it never crashes the run;
// - off: GitHub is not asked.

export interface ReviewCheck {
  gate: ReviewGate | null;
  /** Said in the log and the summary. */
  note: string | null;
}

const NONE: ReviewCheck = { gate: null, note: null };

export async function reviewCheckFor(
  decision: RunDecision,
  event: RunEvent,
  inputs: ActionInputs,
  marker: string,
  github: () => GitHubClient | null,
): Promise<ReviewCheck> {
  // Only an apply on a push compares (mode.ts), and only when require-review is not off.
  const require = decision.requireReview;
  if (require === 'off') return NONE;
  // The key is the workflow's; without api-key an apply has stopped long before.
  const seal = new ReviewSeal(reviewSecret(inputs));
  const unavailable = (detail: string): ReviewCheck => ({
    gate: { require, evidence: { kind: 'unavailable', detail } },
    note:
      `The plan reviewed in the pull request could not be read: ${detail}. ` +
      (require === 'hold'
        ? 'require-review: hold, so nothing is rendered or published unreviewed.'
        : 'require-review: warn, so the apply goes on without the comparison.'),
  });
  if (!event.owner || !event.repo || !event.sha)
    return unavailable('the event names no repository or commit');
  const client = github();
  if (client === null) return unavailable('no github-token was given');
  let evidence: ReviewEvidence;
  try {
    evidence = await readReviewEvidence(client, {
      owner: event.owner,
      repo: event.repo,
      sha: event.sha,
      marker,
      author: await commentAuthor(client, inputs.commentAuthor),
      seal,
    });
  } catch (error) {
    return unavailable(`GitHub answered ${statusOf(error) ?? 'with an error'} (${describe(error)})`);
  }
  return { gate: { require, evidence }, note: null };
}

function describe(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.split('\n')[0]!.slice(0, 200);
}

/** What seals the reviewed plan: review-key when given, else the API key, both secrets the workflow holds. */
export function reviewSecret(inputs: Pick<ActionInputs, 'reviewKey' | 'apiKey'>): string {
  return inputs.reviewKey || inputs.apiKey;
}
