import { describe, expect, it } from 'vitest';
import {
  blockScope,
  readReviewedBlock,
  reviewedBlock,
  ReviewSeal,
  stableBlock,
  type SealedFor,
} from '../../src/github/reviewed-block.ts';
import { fingerprint } from '../../src/engine/fingerprint.ts';
import { fileKey } from '../../src/engine/review-key.ts';
import type { ReviewedItem } from '../../src/engine/review.ts';

// The hidden reviewed-plan block: written compactly, read back exactly, never
// broken out of, and cut from the end (with a count) when it would not fit.

const entry = (n: number): ReviewedItem => ({
  m: fingerprint(`manifest ${n}`)!,
  s: n % 2 === 0 ? fingerprint(`script ${n}`) : null,
  t: n % 3 === 0 ? fingerprint(`target ${n}`) : null,
  k: 'crp',
});

const comment = (block: string) =>
  `<!-- content-as-code:pr-comment -->\n<!-- digest -->\n${block}\n### report`;

const MARKER = '<!-- content-as-code:pr-comment -->';
const sealed: SealedFor = {
  seal: new ReviewSeal('svc_live_review-seal-key'),
  scope: blockScope('Octo-Org', 'videos', 7, MARKER),
};
/** The plan a comment's block holds, or null when it has none that verifies. */
const planIn = (body: string, as: SealedFor = sealed) => {
  const read = readReviewedBlock(body, as);
  return read.kind === 'plan' ? read.plan : null;
};

describe('reviewed-plan block', () => {
  it('reads back what it wrote, head included', () => {
    const a = fileKey('content/a.yml');
    const b = fileKey('content/b.yml');
    const entries: Array<[string, ReviewedItem]> = [
      [a, entry(0)],
      [b, entry(1)],
    ];
    const block = reviewedBlock(entries, 'c'.repeat(40), sealed);
    expect(block.includes('\n')).toBe(false);
    expect(planIn(comment(block))).toEqual({
      v: 2,
      head: 'c'.repeat(40),
      omitted: 0,
      items: { [a]: entry(0), [b]: entry(1) },
    });
  });

  it('reads back the preview render reviewers watched, and still reads entries without one', () => {
    const a = fileKey('content/a.yml');
    const b = fileKey('content/b.yml');
    const watched: ReviewedItem = { ...entry(0), r: fingerprint('render of c-1')! };
    const block = reviewedBlock(
      [
        [a, watched],
        [b, entry(1)],
      ],
      null,
      sealed,
    );
    expect(planIn(comment(block))?.items).toEqual({ [a]: watched, [b]: entry(1) });
  });

  it('writes nothing of a manifest path: only fingerprints, step letters and JSON punctuation', () => {
    const file = 'content/--> <!-- --!> & "quoted" \\ @octocat GH-3 \u202e é.yml';
    const block = reviewedBlock([[fileKey(file), entry(3)]], 'c'.repeat(40), sealed);
    expect(block.indexOf('-->')).toBe(block.length - 3);
    const json = block.slice('<!-- content-as-code:reviewed-plan v2 '.length, -' mac= -->'.length - 64);
    expect(json).toMatch(/^[0-9a-z{}[\]":,]+$/);
    expect(planIn(comment(block))?.items[fileKey(file)]).toEqual(entry(3));
  });

  it('keeps the first entries that fit under the limit and counts the rest', () => {
    const entries = Array.from({ length: 50 }, (_, n): [string, ReviewedItem] => [
      fileKey(`content/${n}.yml`),
      entry(n),
    ]);
    const block = reviewedBlock(entries, 'c'.repeat(40), sealed, { limit: 2000 });
    expect(block.length).toBeLessThanOrEqual(2000);
    const plan = planIn(comment(block))!;
    const kept = Object.keys(plan.items);
    expect(kept.length).toBeGreaterThan(5);
    expect(kept).toEqual(entries.slice(0, kept.length).map(([key]) => key));
    expect(plan.omitted).toBe(50 - kept.length);
  });

  it('counts the manifests a plan of the change did not cover as left out, so an apply does not take them for added', () => {
    const block = reviewedBlock([[fileKey('content/a.yml'), entry(0)]], 'c'.repeat(40), sealed, {
      unlisted: 9,
    });
    expect(planIn(comment(block))).toMatchObject({ omitted: 9 });
    expect(Object.keys(planIn(comment(block))!.items)).toEqual([fileKey('content/a.yml')]);
  });

  it('the stable form leaves out only the head, and the seal that covers it', () => {
    const a = reviewedBlock([[fileKey('content/a.yml'), entry(0)]], 'c'.repeat(40), sealed);
    const b = reviewedBlock([[fileKey('content/a.yml'), entry(0)]], 'd'.repeat(40), sealed);
    expect(a).not.toBe(b);
    expect(stableBlock(a)).toBe(stableBlock(b));
    expect(stableBlock(a)).not.toContain('mac=');
    expect(stableBlock(a)).not.toBe(
      stableBlock(reviewedBlock([[fileKey('content/a.yml'), entry(2)]], 'c'.repeat(40), sealed)),
    );
  });

  it('a block not exactly as written, or not at the top of the comment, is no plan', () => {
    const block = reviewedBlock([[fileKey('content/a.yml'), entry(0)]], 'c'.repeat(40), sealed);
    expect(readReviewedBlock(`a\nb\nc\nd\n${block}`, sealed)).toEqual({ kind: 'absent' }); // quoted further down
    expect(readReviewedBlock(comment('no block'), sealed)).toEqual({ kind: 'absent' });
    for (const edited of [
      block.replace('"crp"', '"c"'),
      block.replace(fileKey('content/a.yml'), fileKey('content/b.yml')),
      block.replace('"omitted":0', '"omitted":1'),
      block.replace('v2', 'v1'),
      block.replace(/mac=[0-9a-f]{64}/, 'mac=' + '0'.repeat(64)),
      block.replace(/ mac=[0-9a-f]{64}/, ''),
    ]) {
      expect(readReviewedBlock(comment(edited), sealed), edited).toEqual({ kind: 'unverified' });
    }
  });

  it('verifies only for the comment and the key it was sealed for', () => {
    const block = reviewedBlock([[fileKey('content/a.yml'), entry(0)]], 'c'.repeat(40), sealed);
    expect(
      planIn(comment(block), { ...sealed, scope: blockScope('octo-org', 'VIDEOS', 7, MARKER) }),
    ).not.toBeNull();
    for (const other of [
      { ...sealed, scope: blockScope('octo-org', 'videos', 8, MARKER) },
      { ...sealed, scope: blockScope('octo-org', 'other', 7, MARKER) },
      {
        ...sealed,
        scope: blockScope('octo-org', 'videos', 7, '<!-- content-as-code:pr-comment shard=1/2 -->'),
      },
      { ...sealed, seal: new ReviewSeal('svc_live_another-key') },
    ]) {
      expect(readReviewedBlock(comment(block), other)).toEqual({ kind: 'unverified' });
    }
  });

  it("carries the keys of a preview's writes, sealed with the plan", () => {
    const keys = ['0123456789abcdef', 'fedcba9876543210'];
    const block = reviewedBlock([[fileKey('content/a.yml'), entry(0)]], null, sealed, {
      previewed: [...keys, 'not a key'],
    });
    expect(planIn(comment(block))?.w).toEqual(keys);
    expect(planIn(comment(block.replace('0123456789abcdef', '0123456789abcdee')))).toBeNull();
  });
});
