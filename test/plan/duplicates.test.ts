// Which of two items of one title every run keeps, and how the other is marked.
import { describe, expect, it } from 'vitest';
import { duplicateTitle, isMarkedDuplicate, winnerOf } from '../../src/plan/duplicates.ts';

describe('the winner of a title', () => {
  const row = (id: string, creation_date: string | null) =>
    ({ id, title: 'T', creation_date }) as Parameters<typeof winnerOf>[0][number];

  it('is the oldest item, then the smallest id, whatever order the listing has', () => {
    const a = row('b-2', '2026-06-01T12:00:00.000Z');
    const b = row('a-1', '2026-06-01T12:00:00.000Z');
    const c = row('0-0', '2026-06-01T12:00:00.001Z');
    expect(winnerOf([a, b, c])?.id).toBe('a-1');
    expect(winnerOf([c, b, a])?.id).toBe('a-1');
    // An item without a creation date never wins over one with it.
    expect(winnerOf([row('0', null), c])?.id).toBe('0-0');
  });

  it('marks the loser with a title no plan matches again', () => {
    expect(duplicateTitle('Overlap one', 'abc')).toBe('Overlap one [duplicate of abc]');
    expect(isMarkedDuplicate(duplicateTitle('Overlap one', 'abc'))).toBe(true);
    expect(isMarkedDuplicate('Overlap one [duplicate]')).toBe(false);
  });
});
