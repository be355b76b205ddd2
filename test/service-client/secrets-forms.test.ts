// The forms a secret takes on the way out, one at a time, with secrets that
// have no credential's shape: only its registration or the list it was given
// can remove it, not the patterns of svc_live_ keys or GitHub tokens.
import { describe, expect, it } from 'vitest';
import { SECRET_PLACEHOLDER as P, registerSecret, scrubSecrets } from '../../src/secrets.ts';

const b64 = (text: string): string => Buffer.from(text).toString('base64');

describe('registerSecret', () => {
  it('registers a value of six characters or more, trimmed, for every later call', () => {
    registerSecret('  Qz6Wv9  ');
    expect(scrubSecrets('a Qz6Wv9 b')).toBe(`a ${P} b`);
  });

  it('ignores a value shorter than six characters once trimmed', () => {
    registerSecret('  Kj4Hx  ');
    expect(scrubSecrets('a Kj4Hx b')).toBe('a Kj4Hx b');
  });
});

describe('scrubSecrets: each form of a given secret', () => {
  it('as JSON, inside a JSON text and in JSON inside JSON', () => {
    const secret = 'ab"cd'; // shorter than six: only its exact forms apply
    const once = JSON.stringify({ e: secret });
    expect(scrubSecrets(once, [secret])).toBe(`{"e":"${P}"}`);
    expect(scrubSecrets(JSON.stringify(once), [secret])).toBe(JSON.stringify(`{"e":"${P}"}`));
  });

  it('URL-encoded with upper- or lower-case hex, and with + for spaces', () => {
    const secret = 'a b/c';
    for (const form of ['a%20b%2Fc', 'a%20b%2fc', 'a+b%2Fc']) {
      expect(scrubSecrets(`?k=${form}&x`, [secret]), form).toBe(`?k=${P}&x`);
    }
  });

  it('as base64, padded, whole', () => {
    const secret = 'Wq7!e'; // 5 bytes: 8 characters, one of them padding
    expect(scrubSecrets(`auth ${b64(secret)} end`, [secret])).toBe(`auth ${P} end`);
  });

  it('inside a longer base64 text, at each of the three alignments, in both alphabets', () => {
    const secret = 'Rt9>>>???x';
    for (const before of ['', 'u', 'us', 'user:']) {
      const whole = b64(`${before}${secret}{"more":"after"}`);
      for (const text of [whole, whole.replace(/\+/g, '-').replace(/\//g, '_')]) {
        const out = scrubSecrets(text, [secret]);
        expect(out, `${before} ${text}`).toContain(P);
        // What is left holds the bytes around the secret only, never enough to
        // rebuild it: at most two characters of it at each end.
        const left = out.split(P);
        expect(left).toHaveLength(2);
        expect(left[0]!.length, text).toBeLessThanOrEqual(Math.ceil((before.length * 8) / 6) + 1);
      }
    }
  });

  it('inside a longer base64 text from six characters of it on, never a shorter part', () => {
    // 5 bytes: the first 6 characters of their base64 hold only their bits.
    expect(scrubSecrets(b64('Wq7!e, then more'), ['Wq7!e'])).toMatch(/^\*\*\*[A-Za-z0-9+/]+=*$/);
    // 4 bytes: only 5 such characters, which a text without the value may hold too.
    const unrelated = b64('Wq7!x'); // starts with the same 5 characters as the base64 of Wq7!
    expect(unrelated.slice(0, 5)).toBe(b64('Wq7!').slice(0, 5));
    expect(scrubSecrets(unrelated, ['Wq7!'])).toBe(unrelated);
  });

  it('in the URL-safe alphabet, with both - and _', () => {
    const secret = '>>>???>>>'; // base64 Pj4+Pz8/Pj4+
    expect(scrubSecrets('x Pj4-Pz8_Pj4- y', [secret])).toBe(`x ${P} y`);
  });
});

describe('scrubSecrets: a secret spread over several lines', () => {
  it('as is, with line breaks, spaces or <br> between its characters', () => {
    const secret = 'pass(word.1';
    expect(scrubSecrets('a pass(\nword.1 b', [secret])).toBe(`a ${P} b`);
    expect(scrubSecrets('a pass(<br>wo rd.1 b and pass(\r\nword.1', [secret])).toBe(`a ${P} b and ${P}`);
  });

  it('every time it appears', () => {
    const text = Array.from({ length: 5 }, (_, i) => `${i} pass(\nword.1`).join(' ');
    expect(scrubSecrets(text, ['pass(word.1'])).toBe(`0 ${P} 1 ${P} 2 ${P} 3 ${P} 4 ${P}`);
  });

  it('escaped in JSON, and in JSON inside JSON', () => {
    const secret = 'pass"word1';
    const once = JSON.stringify({ e: 'pass"\nword1' });
    expect(scrubSecrets(once, [secret])).toBe(`{"e":"${P}"}`);
    expect(scrubSecrets(JSON.stringify(once), [secret])).toBe(JSON.stringify(`{"e":"${P}"}`));
  });

  it('from six characters on: a shorter secret is removed only where it stands whole', () => {
    expect(scrubSecrets('abc\ndef', ['abcdef'])).toBe(P);
    expect(scrubSecrets('abc\nde', ['abcde'])).toBe('abc\nde');
  });
});

describe('scrubSecrets: a secret of several lines', () => {
  it('removes each line of six characters or more, trimmed, wherever it stands alone', () => {
    const secret = '-----BEGIN-----\n  line-two-x  \r\nabcdef\n  abcd  \nab';
    expect(scrubSecrets('a line-two-x b', [secret])).toBe(`a ${P} b`);
    expect(scrubSecrets('a abcdef b', [secret])).toBe(`a ${P} b`);
    expect(scrubSecrets('-----BEGIN----- x', [secret])).toBe(`${P} x`);
  });

  it('leaves lines shorter than six characters alone', () => {
    const secret = '-----BEGIN-----\n  abcd  \nab';
    expect(scrubSecrets('abcd lab', [secret])).toBe('abcd lab');
  });
});

describe('scrubSecrets: the secrets it is given', () => {
  it('trims them, as registration does', () => {
    expect(scrubSecrets('x Zm3Np8Lq y', ['  Zm3Np8Lq  '])).toBe(`x ${P} y`);
    expect(scrubSecrets('x Kq5Rz y', ['  Kq5Rz  '])).toBe(`x ${P} y`);
  });

  it('keeps no forms of an earlier call whose secrets ran together into these', () => {
    expect(scrubSecrets('Hy6Tg5Rf Ed4Ws3Qa', ['Hy6Tg5Rf', 'Ed4Ws3Qa'])).toBe(`${P} ${P}`);
    expect(scrubSecrets('x Hy6Tg5RfEd4Ws3Qa y', ['Hy6Tg5RfEd4Ws3Qa'])).toBe(`x ${P} y`);
  });
});
