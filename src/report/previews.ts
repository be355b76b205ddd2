import type { PreviewReport, PreviewWhy } from '../engine/preview-report.ts';
import type { RunReport } from '../engine/types.ts';
import { inlineCode, inlineText, link } from './escape.ts';
import { formatInstant } from './words.ts';

// The pull request's preview renders in the report: each preview named,
// rendered or not and why, and where to watch it. A rendered video is
// watched through its signed link, which grants access to whoever reads it:
// the report itself never holds one. Where the comment may link them (a
// private repository, or preview-links-public), the caller hands a token per
// item, and puts the links in place of the tokens in the comment alone
// (src/action/preview-media.ts); the summary, and a public repository's
// comment, say where to watch it instead.

/** The token the caller replaces with an item's media links; absent: the report names, never links. */
export type PreviewMediaToken = (id: string) => string;

const WHY: Record<PreviewWhy, string> = {
  limit: 'not rendered: past preview-renders, the most a pull request run renders; the merge renders it',
  credits: 'not rendered: one more preview could pass the preview-credits ceiling; the merge renders it',
  freeze: 'not rendered: a freeze window holds renders; a run after the window renders it',
  pause: 'not rendered: paused; a run once the pause is lifted renders it',
  withheld:
    'not rendered: this preview cannot write everything the render is made from (the plan\'s "not previewed" note says what), so it would not be the video the merge ships',
  stale:
    'rendered from an earlier version of this pull request, and a rendered item is not changed before the merge: the merge renders it again',
  one_request:
    'not rendered: its publication settings (privacy, TikTok) go out only in the generation request that renders it, so the merge renders it anyway',
  failed: 'not rendered: the render failed (the results below say why)',
  unfinished: 'still rendering when the run stopped waiting: re-run the job to watch it',
  not_sent: 'not rendered in this run (see the results below)',
};

function previewLine(
  preview: PreviewReport,
  fileUrl: ((file: string, line: number) => string | null) | undefined,
  token: PreviewMediaToken | undefined,
): string {
  const where = link(preview.file, fileUrl?.(preview.file, preview.line) ?? null);
  const head = `- **${inlineText(preview.title, 120)}** (${where}): `;
  if (preview.state === 'not_rendered') return `${head}${inlineText(WHY[preview.why ?? 'not_sent'])}.`;
  const when =
    preview.state === 'rendered' ? 'rendered by this run' : 'rendered by an earlier run of this pull request';
  const id = preview.id ?? '';
  if (token === undefined || id === '') {
    return `${head}${when}; watch it in the service's web app, item ${inlineCode(id)}.`;
  }
  const expiry = preview.expires
    ? `The link expires at ${inlineText(formatInstant(preview.expires))}`
    : 'The link expires after a time the service sets';
  return `${head}${when}.\n\n  ${token(id)}\n  ${expiry}; re-running this job refreshes it.`;
}

/** The preview renders section; null when the run rendered none and had none to render. */
export function previewRenderSection(
  report: RunReport,
  fileUrl: ((file: string, line: number) => string | null) | undefined,
  token: PreviewMediaToken | undefined,
): string | null {
  const previews = report.previews ?? [];
  if (previews.length === 0) return null;
  const watched = previews.some((preview) => preview.state !== 'not_rendered');
  const lines = ['#### Preview renders'];
  if (watched) {
    lines.push(
      token === undefined
        ? "Rendered for review, never published. No link is shown here: a video link is signed, and anyone who reads it can download the video (a private repository's comment links them; `preview-links-public: true` links them in a public one too)."
        : 'Rendered for review, never published. The merge publishes each of these renders as it is, unless its manifest changes first.',
    );
  }
  lines.push(previews.map((preview) => previewLine(preview, fileUrl, token)).join('\n'));
  return lines.join('\n\n');
}
