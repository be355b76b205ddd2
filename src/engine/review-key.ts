import type { DesiredItem } from '../manifest/types.ts';
import { publishes } from '../plan/steps.ts';
import { serviceText } from '../text/service-terms.ts';
import { fingerprint } from './fingerprint.ts';
import type { HeldWork, Hold, PlanItem, PublicationTarget, Step } from '../plan/types.ts';

// The fingerprints a review is compared by. The pull request's comment keeps
// them for every item (src/github/reviewed-block.ts); the apply after the
// merge computes them again and compares (src/engine/review.ts). The engine
// attaches them to the plan, so that the planner itself hashes nothing.

/** Each plan item with the fingerprints of its manifest and publication (review); items keep their order. */
export function withReviewKeys(items: readonly PlanItem[], desired: readonly DesiredItem[]): PlanItem[] {
  const byFile = new Map(desired.map((item) => [item.file, item]));
  return items.map((item) => {
    const manifest = byFile.get(item.file);
    return manifest ? { ...item, review: reviewKey(manifest, item.publication ?? null) } : item;
  });
}

/** The manifest as planned (what a file says, not where it says it) and the publication it asks for. */
function reviewKey(item: DesiredItem, target: PublicationTarget | null): PlanItem['review'] {
  const manifest = fingerprint({
    fields: item.fields,
    stage: item.stage,
    flow: item.flow,
    render: item.render,
    publish: item.publish && {
      accounts: item.publish.accounts.map((account) =>
        account.kind === 'id' ? { id: account.id } : { platform: account.platform, name: account.name },
      ),
      at: item.publish.at,
      late: item.publish.late ?? null,
      options: item.publish.options,
    },
  })!;
  return { manifest, target: targetKey(target, item.publish?.at ?? null) };
}

/** Accounts by id (a reconnected account has a new one), every publication setting, and the instant. */
function targetKey(target: PublicationTarget | null, at: string | null): string | null {
  if (target === null) return null;
  const ids = [...target.options.account_ids].sort();
  return fingerprint({ options: { ...target.options, account_ids: ids }, at });
}

/**
 * How the reviewed plan names a manifest: a fingerprint of its path, so that
 * no text from the repository is written into the hidden block at all.
 */
export function fileKey(file: string): string {
  return fingerprint(file)!.slice('sha256:'.length);
}

/** The script a render of this item starts from: the manifest's textover, else the service's, in the service's terms. */
export function scriptKey(item: PlanItem): string | null {
  const script = item.script.desired ?? item.script.remote;
  return script === null ? null : fingerprint(serviceText(script));
}

/** One letter per kind of planned step, and `p` when something is published. */
const STEP_LETTERS = { create: 'c', edit: 'e', render: 'r', upload: 'u', publish: 'p', wait: 'w' } as const;

/**
 * The planned steps in a few letters (`crp`: create, render, publish): what a
 * review saw would happen. What a pause or a freeze held counts as shown: a
 * plan reviewed while the catalogue was paused showed the render the merge
 * then does once the pause is over.
 */
export function stepsKey(steps: readonly Step[], holds: readonly Hold[] = []): string {
  const kinds = new Set<keyof typeof STEP_LETTERS>(steps.map((step) => step.kind));
  if (publishes(steps)) kinds.add('publish');
  for (const work of heldWork(holds)) kinds.add(work);
  return Object.entries(STEP_LETTERS)
    .filter(([kind]) => kinds.has(kind as keyof typeof STEP_LETTERS))
    .map(([, letter]) => letter)
    .join('');
}

/** What the pauses and freezes among `holds` kept from happening. */
function heldWork(holds: readonly Hold[]): HeldWork[] {
  return holds.flatMap((hold) => (hold.kind === 'paused' || hold.kind === 'frozen' ? hold.held : []));
}

/** Whether steps written by stepsKey include a render. */
export const rendered = (key: string): boolean => key.includes(STEP_LETTERS.render);
