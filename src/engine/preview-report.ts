import type { PreviewSkip } from '../plan/types.ts';

// What a pull request's preview renders came to, as the report carries it
// (preview-results.ts fills it in, for the comment): each
// preview rendered (now, or by an earlier run of the pull request), or not
// and why. A rendered video is watched through its signed, time-limited
// `video_url`: whoever holds one downloads the video, so the URLs are kept
// apart from the report, in PreviewLinks, whose private field no
// serialisation of the report reaches; only the PR comment of a private
// repository (or one whose workflow says links may be public) asks for them.

/** Why a preview was not rendered: the plan's reasons, and what the apply met. */
export type PreviewWhy = PreviewSkip | 'credits' | 'failed' | 'unfinished' | 'not_sent';

export interface PreviewReport {
  file: string;
  line: number;
  title: string;
  /** The service's item, once there is one. */
  id: string | null;
  /** `rendered` by this run, `earlier` by an earlier run of the pull request (still what it asks for), or not. */
  state: 'rendered' | 'earlier' | 'not_rendered';
  why: PreviewWhy | null;
  /** When the video's link stops working, where its URL says (ISO 8601); null when it does not. */
  expires: string | null;
  /** Which render reviewers watched (the reviewed block's `r`); null when none. */
  reviewed: string | null;
}

/** The signed links of the rendered previews, by item id; never in any serialisation of the report. */
export class PreviewLinks {
  readonly #links = new Map<string, { video: string; thumbnail: string | null }>();

  set(id: string, video: string, thumbnail: string | null): void {
    this.#links.set(id, { video, thumbnail });
  }

  get(id: string): { video: string; thumbnail: string | null } | null {
    return this.#links.get(id) ?? null;
  }

  toJSON(): Record<string, never> {
    return {};
  }
}
