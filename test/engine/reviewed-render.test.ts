import { describe, expect, it } from 'vitest';
import { renderFingerprint, reviewedRenderKey } from '../../src/engine/preview-render.ts';
import type { ReviewGate } from '../../src/engine/review.ts';
import { fileKey } from '../../src/engine/review-key.ts';
import { withReviewedRenders } from '../../src/engine/reviewed-render.ts';
import type { PlanItem, PublicationTarget } from '../../src/plan/types.ts';
import { plan, planItem, published } from '../support/fixtures.ts';

// The merge publishes the render reviewers watched only while the manifest
// is what that render was made from; otherwise it renders again, and says why.

const TARGET: PublicationTarget = {
  accounts: [{ id: 'acc-1', name: 'Ocean Facts', platform: 'YouTube', platform_acronym: 'YT' }],
  options: {
    account_ids: ['acc-1'],
    made_for_kids: false,
    age_restricted: false,
    notify_subscribers: true,
    ai_disclosure: true,
  },
};

function gateWatching(file: string, render: string): ReviewGate {
  const entry = { m: 'sha256:m', s: null, t: null, k: 'crp', r: render };
  const reviewed = { v: 2 as const, head: 'h', omitted: 0, items: { [fileKey(file)]: entry } };
  return {
    require: 'warn',
    evidence: {
      kind: 'pulls',
      sources: [{ pr: 7, url: null, head: 'h', plan: reviewed, unverified: false }],
    },
  };
}

const parked = (flow: 'oneshot' | 'stepwise'): PlanItem =>
  planItem('content/a.yml', {
    stage: 'published',
    flow,
    remote: { id: 'c-1', title: 'A', status: 'VIDEO_PROCESSED' },
    steps: [{ kind: 'upload', publish: TARGET, retry: false }],
  });

describe('withReviewedRenders', () => {
  const manifest = published('content/a.yml');
  const watched = reviewedRenderKey('c-1', renderFingerprint(manifest));

  it('leaves the upload of the render reviewers watched when the manifest is what it was made from', () => {
    const planned = plan([parked('oneshot')]);
    expect(withReviewedRenders(planned, gateWatching('content/a.yml', watched), [manifest])).toBe(planned);
  });

  it('renders a one-shot item again with its publication, and a stepwise one before its upload', () => {
    const changed = published('content/a.yml', { fields: { full_text: 'Another script' } });
    const gate = gateWatching('content/a.yml', watched);
    const oneshot = withReviewedRenders(plan([parked('oneshot')]), gate, [changed]).items[0]!;
    expect(oneshot.steps).toEqual([
      { kind: 'render', reason: 'changed_since_preview', render: changed.render, publish: TARGET },
    ]);
    const stepwise = withReviewedRenders(plan([parked('stepwise')]), gate, [changed]).items[0]!;
    expect(stepwise.steps.map((step) => step.kind)).toEqual(['render', 'upload']);
    expect(stepwise.steps[0]).toMatchObject({ publish: null, reason: 'changed_since_preview' });
  });

  it('takes another item under the same file for a change: the render watched was of that item', () => {
    const other = {
      ...parked('oneshot'),
      remote: { id: 'c-2', title: 'A', status: 'VIDEO_PROCESSED' as const },
    };
    const redone = withReviewedRenders(plan([other]), gateWatching('content/a.yml', watched), [manifest]);
    expect(redone.items[0]!.steps[0]).toMatchObject({ kind: 'render', reason: 'changed_since_preview' });
  });
});
