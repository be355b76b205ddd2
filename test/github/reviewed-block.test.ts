import { describe, expect, it } from 'vitest';
import { readReviewedBlock, reviewedBlock, stableBlock } from '../../src/github/reviewed-block.ts';
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

describe('reviewed-plan block', () => {
  it('reads back what it wrote, head included', () => {
    const a = fileKey('content/a.yml');
    const b = fileKey('content/b.yml');
    const entries: Array<[string, ReviewedItem]> = [
      [a, entry(0)],
      [b, entry(1)],
    ];
    const block = reviewedBlock(entries, 'c'.repeat(40));
    expect(block.includes('\n')).toBe(false);
    expect(readReviewedBlock(comment(block))).toEqual({
      v: 1,
      head: 'c'.repeat(40),
      omitted: 0,
      items: { [a]: entry(0), [b]: entry(1) },
    });
  });

  it('writes nothing of a manifest path: only fingerprints, step letters and JSON punctuation', () => {
    const file = 'content/--> <!-- --!> & "quoted" \\ @octocat GH-3 \u202e é.yml';
    const block = reviewedBlock([[fileKey(file), entry(3)]], 'c'.repeat(40));
    expect(block.indexOf('-->')).toBe(block.length - 3);
    const json = block.slice('<!-- content-as-code:reviewed-plan v1 '.length, -' -->'.length);
    expect(json).toMatch(/^[0-9a-z{}[\]":,]+$/);
    expect(readReviewedBlock(comment(block))?.items[fileKey(file)]).toEqual(entry(3));
  });

  it('keeps the first entries that fit under the limit and counts the rest', () => {
    const entries = Array.from({ length: 50 }, (_, n): [string, ReviewedItem] => [
      fileKey(`content/${n}.yml`),
      entry(n),
    ]);
    const block = reviewedBlock(entries, 'c'.repeat(40), 2000);
    expect(block.length).toBeLessThanOrEqual(2000);
    const plan = readReviewedBlock(comment(block))!;
    const kept = Object.keys(plan.items);
    expect(kept.length).toBeGreaterThan(5);
    expect(kept).toEqual(entries.slice(0, kept.length).map(([key]) => key));
    expect(plan.omitted).toBe(50 - kept.length);
  });

  it('the stable form leaves out only the head', () => {
    const a = reviewedBlock([[fileKey('content/a.yml'), entry(0)]], 'c'.repeat(40));
    const b = reviewedBlock([[fileKey('content/a.yml'), entry(0)]], 'd'.repeat(40));
    expect(a).not.toBe(b);
    expect(stableBlock(a)).toBe(stableBlock(b));
    expect(stableBlock(a)).not.toBe(
      stableBlock(reviewedBlock([[fileKey('content/a.yml'), entry(2)]], 'c'.repeat(40))),
    );
  });

  it('a block not exactly as written, or not at the top of the comment, is no plan', () => {
    const block = reviewedBlock([[fileKey('content/a.yml'), entry(0)]], 'c'.repeat(40));
    expect(readReviewedBlock(`a\nb\nc\nd\n${block}`)).toBeNull(); // quoted further down, in the report
    expect(readReviewedBlock(comment(block.replace('"crp"', '7')))).toBeNull();
    expect(readReviewedBlock(comment(block.replace(fileKey('content/a.yml'), 'content/a.yml')))).toBeNull();
    expect(readReviewedBlock(comment(block.replace(/"[0-9a-f]{16}"/, '"not-hex"')))).toBeNull();
    expect(readReviewedBlock(comment(block.replace('"omitted":0', '"omitted":-1')))).toBeNull();
    expect(readReviewedBlock(comment(block.replace('v1', 'v2')))).toBeNull();
    expect(readReviewedBlock(comment(block.slice(0, -10) + ' -->'))).toBeNull();
  });
});
