import { previewWriteKey } from '../engine/preview-records.ts';
import type { PreviewWrites } from '../engine/types.ts';
import { statusOf, type GitHubClient } from '../github/client.ts';
import { readPreviewRecords } from '../github/preview-records.ts';
import { ReviewSeal } from '../github/reviewed-block.ts';
import { commentAuthor, markerFor } from '../github/sticky-comment.ts';
import type { RunEvent } from './event.ts';
import type { ActionInputs } from './inputs.ts';
import type { RunDecision } from './mode.ts';
import { reviewSecret } from './review.ts';

// The records of pull requests' previews, for the engine to tell a
// preview's draft from a person's edit (engine/service-edits.ts). Read from
// GitHub once, and only when a draft holds a value the repository never
// asked for; without a token, or when GitHub cannot be read, they are
// unreadable, and such a draft is held rather than guessed about.

export function previewWritesFor(
  { event, inputs, decision }: { event: RunEvent; inputs: ActionInputs; decision: RunDecision },
  github: () => GitHubClient | null,
  log: (message: string) => void,
): { previewWrites?: PreviewWrites } {
  const { owner, repo } = event;
  if (decision.mode === 'validate' || !owner || !repo) return {};
  const read = async (): Promise<Set<string> | null> => {
    const client = github();
    if (client === null) return null;
    try {
      const author = await commentAuthor(client, inputs.commentAuthor);
      const seal = new ReviewSeal(reviewSecret(inputs));
      return await readPreviewRecords(client, { owner, repo, marker: markerFor(inputs.shard), author, seal });
    } catch (error) {
      log(
        `The pull requests' records of their script previews could not be read (GitHub answered ${statusOf(error) ?? 'with an error'}): a draft holding a value the repository never asked for is held.`,
      );
      return null;
    }
  };
  let keys: Promise<Set<string> | null> | null = null;
  return {
    previewWrites: {
      wrote: async (id, field, value) => {
        const known = await (keys ??= read());
        return known === null ? null : known.has(previewWriteKey(id, field, value));
      },
    },
  };
}
