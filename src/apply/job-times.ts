// How long a publishing request takes to publish, as far as this run knows.
// The service publishes when the job ends, not when the request is sent, so a
// freeze is checked against the moment a publication may end
// (plan/release-control.ts, sendBlock): for a one-shot request, the end of
// the render it starts. The interface shows no expected duration, so it is
// learned from this run's own jobs (twice the longest seen: a longer text
// renders longer, and a one-shot learned from a render without publication
// still has its upload to do), else a stated margin (docs/release-control.md).

export type JobKind = 'render' | 'upload';

/** How long a one-shot request may take to publish, before this run has seen a render end. */
const RENDER_MARGIN_MS = 30 * 60_000;
/** How long an upload may take to publish, before this run has seen one end. */
const UPLOAD_MARGIN_MS = 5 * 60_000;

const MARGIN: Record<JobKind, number> = { render: RENDER_MARGIN_MS, upload: UPLOAD_MARGIN_MS };

export class JobTimes {
  readonly #longest: Record<JobKind, number> = { render: 0, upload: 0 };

  /** A job this run sent and saw to its end took `ms`. */
  record(kind: JobKind, ms: number): void {
    this.#longest[kind] = Math.max(this.#longest[kind], ms);
  }

  /** How long after it is sent a publication by this kind of job may end. */
  expectedMs(kind: JobKind): number {
    const longest = this.#longest[kind];
    return longest > 0 ? 2 * longest : MARGIN[kind];
  }
}
