import {
  FAILED_STATUSES,
  RENDERED_STATUSES,
  type ContentStatus,
  type ContentSummary,
} from '../service-client/types.ts';
import { RUNNING_STATUSES } from '../plan/inflight.ts';
import { confirmationOf } from '../plan/confirmation.ts';
import { idleState } from '../plan/types.ts';
import type { ItemResult, ItemRun, Outcome, PublishedUrl } from './types.ts';

// What the reports say about each item: its outcome, from what the run did and
// what one listing taken after the run shows.

/** What came of a run, given the status the item was last seen in. */
export function outcomeOf(run: ItemRun, status: ContentStatus | null): Outcome {
  if (run.error !== null) return 'error';
  if (status !== null && FAILED_STATUSES.has(status) && run.item.stage !== 'draft') return 'failed';
  // A publication whose answer was lost is unknown until the service shows the item published.
  if (
    status !== 'UPLOADED' &&
    (run.unknownSince !== null || run.holds.some((hold) => hold.kind === 'outcome_unknown'))
  )
    return 'unknown';
  if (run.running || (status !== null && RUNNING_STATUSES.has(status))) return 'running';
  const waited = run.item.steps.some((step) => step.kind === 'wait');
  if ((run.published || waited) && status === 'UPLOADED') return 'published';
  if ((run.rendered || waited) && status !== null && RENDERED_STATUSES.has(status)) return 'rendered';
  if (run.created) return 'created';
  if (run.edited) return 'updated';
  // Steps this run was to carry out and did not (a stop, a refusal): skipped, with the reason.
  if (run.item.steps.length > 0) return 'skipped';
  return idleState(run.item);
}

/**
 * Whether this run published the item: the URLs the reports list under
 * "Published" and the published-urls output. An item published by an
 * earlier run keeps its URL in the results, and is not listed again.
 */
export function publishedThisRun(item: Pick<ItemResult, 'outcome'>): boolean {
  return item.outcome === 'published';
}

/** The URLs the row shows and what they confirm of the publication the run asked for. */
function publicationOf(
  run: ItemRun,
  row: ContentSummary | undefined,
  status: ContentStatus | null,
): Pick<ItemResult, 'publishedUrls' | 'confirmation'> {
  if (status !== 'UPLOADED' || row === undefined) return { publishedUrls: [] };
  const asked = run.item.publication?.accounts ?? [];
  const confirmation = asked.length > 0 ? confirmationOf(asked, row) : null;
  const title = run.item.title;
  const urls: PublishedUrl[] = (confirmation?.accounts ?? [])
    .flatMap((account) =>
      account.url === null ? [] : [{ title, platform: account.platform, url: account.url }],
    )
    .filter((link, index, all) => all.findIndex((other) => other.url === link.url) === index);
  if (urls.length === 0 && row.published_url)
    urls.push({ title, platform: row.published_platform ?? '', url: row.published_url });
  return {
    publishedUrls: urls,
    ...(confirmation ? { confirmation: { state: confirmation.state, accounts: confirmation.accounts } } : {}),
  };
}

/**
 * Results from the runs and one listing taken after them: status, public URL and
 * last_error come from the list view (A18). Signed URLs are never copied.
 */
export function itemResults(
  runs: readonly ItemRun[],
  listing: readonly ContentSummary[] | null,
): ItemResult[] {
  const byId = new Map((listing ?? []).map((summary) => [summary.id, summary]));
  return runs.map((run) => {
    const row = run.id === null ? undefined : byId.get(run.id);
    const status = row?.status ?? run.status;
    return {
      file: run.item.file,
      title: run.item.title,
      id: run.id,
      outcome: outcomeOf(run, status),
      status,
      ...publicationOf(run, row, status),
      ...(run.unknownSince !== null && status !== 'UPLOADED' ? { unknownSince: run.unknownSince } : {}),
      ...(run.resent ? { resentAfterLoss: true } : {}),
      lastError: row?.last_error ?? run.lastError,
      error: run.error,
      durationMs: run.durationMs,
      holds: [...run.holds],
      notes: [...run.notes],
    };
  });
}
