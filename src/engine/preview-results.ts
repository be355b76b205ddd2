import { describeError } from '../service-client/errors.ts';
import { FAILED_STATUSES, RENDERED_STATUSES, type ServiceApi } from '../service-client/types.ts';
import type { ItemResult } from '../apply/types.ts';
import { mapLimit } from '../concurrency.ts';
import type { Hold, Plan, PlanItem } from '../plan/types.ts';
import { PreviewLinks, type PreviewReport, type PreviewWhy } from './preview-report.ts';
import { reviewedRenderKey, STALE_RENDER } from './preview-render.ts';
import type { RunReport } from './types.ts';

// What a pull request's preview renders came to (preview-report.ts holds the
// report's shape and the links kept apart from it): read once the apply is
// over, for the comment.

const EPOCH = /^\d{9,11}$/;

/** The instant a signed URL stops working, where its query says (epoch seconds, an ISO date, or S3's date + lifetime). */
export function expiryOf(url: string): string | null {
  let query: URLSearchParams;
  try {
    query = new URL(url).searchParams;
  } catch {
    return null;
  }
  const lower = new Map([...query].map(([key, value]) => [key.toLowerCase(), value]));
  for (const key of ['expires', 'x-expires', 'exp', 'se']) {
    const value = lower.get(key);
    if (value === undefined) continue;
    const ms = EPOCH.test(value) ? Number(value) * 1000 : Date.parse(value);
    if (Number.isFinite(ms)) return new Date(ms).toISOString();
  }
  const amzDate = lower.get('x-amz-date');
  const amzExpires = Number(lower.get('x-amz-expires'));
  const start = amzDate?.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z');
  const startMs = start === undefined ? NaN : Date.parse(start);
  return Number.isFinite(startMs) && Number.isFinite(amzExpires)
    ? new Date(startMs + amzExpires * 1000).toISOString()
    : null;
}

/** Why a chosen preview did not come to a rendered video, from what the apply met. */
function whyNot(result: ItemResult | undefined): PreviewWhy {
  if (result === undefined) return 'not_sent';
  const holds: readonly Hold[] = result.holds ?? [];
  if (holds.some((hold) => hold.kind === 'preview_credits')) return 'credits';
  if (holds.some((hold) => hold.kind === 'frozen')) return 'freeze';
  if (holds.some((hold) => hold.kind === 'paused')) return 'pause';
  if (result.status !== null && FAILED_STATUSES.has(result.status)) return 'failed';
  if (result.error !== null) return 'failed';
  return result.outcome === 'running' ? 'unfinished' : 'not_sent';
}

interface Watched {
  preview: PreviewReport;
  links: { video: string; thumbnail: string | null } | null;
}

/** One preview as the service shows it now. */
async function previewOf(
  client: ServiceApi,
  item: PlanItem,
  result: ItemResult | undefined,
): Promise<Watched> {
  const choice = item.previewRender!;
  const base = { file: item.file, line: item.line, title: item.title, expires: null, reviewed: null };
  const id = result?.id ?? item.remote?.id ?? null;
  if (choice.state === 'skipped') {
    // Reviewers watch a render of an earlier version, if any: recorded as one no manifest matches, so the merge renders again.
    const reviewed = choice.why === 'stale' && id !== null ? reviewedRenderKey(id, STALE_RENDER) : null;
    return { preview: { ...base, id, state: 'not_rendered', why: choice.why, reviewed }, links: null };
  }
  const status = result?.status ?? item.remote?.status ?? null;
  const notRendered = (why: PreviewWhy): Watched => ({
    preview: { ...base, id, state: 'not_rendered', why },
    links: null,
  });
  if (id === null || status === null || !RENDERED_STATUSES.has(status)) return notRendered(whyNot(result));
  const media = client.mediaLinks
    ? await client.mediaLinks(id)
    : { status: (await client.getContent(id)).status, video: null, thumbnail: null };
  if (!RENDERED_STATUSES.has(media.status)) return notRendered('unfinished');
  const state = choice.state === 'earlier' ? 'earlier' : 'rendered';
  const reviewed = reviewedRenderKey(id, choice.fingerprint);
  const expires = media.video === null ? null : expiryOf(media.video);
  return {
    preview: { ...base, id, state, why: null, expires, reviewed },
    links: media.video === null ? null : { video: media.video, thumbnail: media.thumbnail },
  };
}

/** The previews of a pull request's run, read back from the service after its writes; a failed read is a note. */
export async function reportPreviews(client: ServiceApi, plan: Plan, report: RunReport): Promise<void> {
  const items = plan.items.filter((item) => item.previewRender !== undefined);
  if (items.length === 0) return;
  const results = new Map((report.result?.items ?? []).map((result) => [result.file, result]));
  const links = new PreviewLinks();
  try {
    const watched = await mapLimit(items, 4, (item) => previewOf(client, item, results.get(item.file)));
    for (const { preview, links: link } of watched) {
      if (link !== null && preview.id !== null) links.set(preview.id, link.video, link.thumbnail);
    }
    report.previews = watched.map((entry) => entry.preview);
    report.previewLinks = links;
  } catch (error) {
    report.notes.push(`The preview renders could not be read back: ${describeError(error)}`);
  }
}
