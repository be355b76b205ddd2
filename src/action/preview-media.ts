import { randomBytes } from 'node:crypto';
import type { RunReport } from '../engine/types.ts';
import type { PreviewMediaToken } from '../report/previews.ts';
import { signedUrlToShow } from '../secrets.ts';
import type { RunEvent } from './event.ts';
import type { ActionInputs } from './inputs.ts';

// The one exception to "no signed URL in comments, summaries or outputs": a
// pull request's preview renders are watched through their signed links, so
// the PR comment of a private repository (the event's `repository.private`)
// links them, and a public one only when preview-links-public says the links
// may be public. The report holds a token where each item's links go; they
// are put in after the comment has been scrubbed, so no other text (the
// summary, the outputs, the log) ever holds one. A token carries a nonce of
// the run, so no title written into the report can stand for one.

export interface PreviewMedia {
  token: PreviewMediaToken;
  /** The comment with each token replaced by its links. */
  fill: (text: string) => string;
  /** Characters the links add to the comment, held back from its limit. */
  extra: number;
}

/** A URL as a Markdown link target: the characters that would end or break it, percent-encoded. */
const target = (url: string): string => url.replace(/[()\s<>"'\\[\]]/g, (c) => encodeURIComponent(c));

function markup(video: string, thumbnail: string | null, secrets: readonly string[]): string {
  const shown = signedUrlToShow(video, secrets);
  if (shown === null) return "(the video's link looks like it holds a key, so it is not shown)";
  const thumb = thumbnail === null ? null : signedUrlToShow(thumbnail, secrets);
  const image = thumb === null ? '' : `[![Preview thumbnail](${target(thumb)})](${target(shown)}) `;
  return `${image}[**Watch the preview**](${target(shown)})`;
}

/** Whether this run's comment may link the previews; null when it may not, or has none to link. */
export function previewMediaFor(
  report: RunReport,
  event: Pick<RunEvent, 'privateRepo'>,
  inputs: Pick<ActionInputs, 'previewLinksPublic' | 'apiKey'>,
): PreviewMedia | null {
  const links = report.previewLinks;
  if (links === undefined || !(event.privateRepo === true || inputs.previewLinksPublic)) return null;
  const nonce = randomBytes(8).toString('hex');
  const byToken = new Map<string, string>();
  const keys = new Map<string, string>();
  const token = (id: string): string => {
    const known = keys.get(id);
    if (known !== undefined) return known;
    const key = `preview-media-${nonce}-${keys.size}`;
    const media = links.get(id);
    keys.set(id, key);
    byToken.set(key, media === null ? '' : markup(media.video, media.thumbnail, [inputs.apiKey]));
    return key;
  };
  let extra = 0;
  for (const preview of report.previews ?? []) {
    const media = preview.id === null ? null : links.get(preview.id);
    if (media) extra += 2 * media.video.length + (media.thumbnail?.length ?? 0) + 80;
  }
  const fill = (text: string): string => {
    let out = text;
    for (const [key, value] of byToken) out = out.split(key).join(value);
    return out;
  };
  return { token, fill, extra };
}
