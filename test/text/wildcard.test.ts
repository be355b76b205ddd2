import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matchesAll, textMatcher, type Element } from '../../src/text/wildcard.ts';
import { withCpuTime } from '../support/cpu-time.ts';

// The matcher every glob a user types goes through (--only, manifest globs):
// the same answers as a regular expression, in time linear in the text.

/** The regular expression the matcher replaces: right, but exponential on some patterns. */
function reference(glob: string): (text: string) => boolean {
  const source = [...glob]
    .map((c) => (c === '*' ? '.*' : c === '?' ? '.' : c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')))
    .join('');
  const pattern = new RegExp(`^${source}$`, 'su');
  return (text) => pattern.test(text);
}

describe('textMatcher', () => {
  it('reads * as any run, ? as one character, and everything else as written', () => {
    expect(textMatcher('Ocean*')('Ocean facts')).toBe(true);
    expect(textMatcher('Ocean*')('ocean facts')).toBe(false);
    expect(textMatcher('*')('')).toBe(true);
    expect(textMatcher('?')('')).toBe(false);
    expect(textMatcher('a?c')('a\nc')).toBe(true);
    expect(textMatcher('🐙?')('🐙x')).toBe(true); // one character, not one UTF-16 unit
    expect(textMatcher('[a].(b)+')('[a].(b)+')).toBe(true);
    expect(textMatcher('[a].(b)+')('a.b')).toBe(false);
    expect(textMatcher('a*b*c')('axxbyyc')).toBe(true);
    expect(textMatcher('a*b*c')('axxbyy')).toBe(false);
  });

  it('answers as the regular expression did, for any glob and text', () => {
    const alphabet = fc.constantFrom('a', 'b', '*', '?', '.', '\n');
    fc.assert(
      fc.property(
        fc.string({ unit: alphabet, maxLength: 8 }),
        fc.string({ unit: alphabet, maxLength: 12 }),
        (glob, text) => {
          expect(textMatcher(glob)(text)).toBe(reference(glob)(text));
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it('runs in linear time on a pattern that makes a backtracking matcher take minutes', async () => {
    const { cpuMs } = await withCpuTime(() => {
      expect(textMatcher('*a*a*a*a*a*a*a*a*b')('a'.repeat(64))).toBe(false);
      expect(textMatcher(`${'*a'.repeat(40)}*b`)('a'.repeat(10_000))).toBe(false);
      expect(textMatcher(`${'*a'.repeat(40)}*b`)(`${'a'.repeat(10_000)}b`)).toBe(true);
    });
    expect(cpuMs).toBeLessThan(2_000);
  });
});

describe('matchesAll', () => {
  it('lets a star take only what it accepts, and nothing at all', () => {
    const even: Element<number> = { kind: 'any', accepts: (n) => n % 2 === 0 };
    const one: Element<number> = { kind: 'one', matches: (n) => n === 1 };
    expect(matchesAll([even, one], [2, 4, 1])).toBe(true);
    expect(matchesAll([even, one], [3, 1])).toBe(false);
    expect(matchesAll([even, one, even], [1])).toBe(true);
    expect(matchesAll([], [])).toBe(true);
    expect(matchesAll([], [1])).toBe(false);
  });
});
