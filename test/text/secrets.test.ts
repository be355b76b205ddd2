import { describe, expect, it } from 'vitest';
import { encodings, registerSecret, scrubSecrets } from '../../src/secrets.ts';
import { safeText } from '../../src/text/safe-line.ts';

// Keys holding any character, in every form they can take on the way out.

const HOSTILE_KEYS = [
  'svc_live_Zq8Rt5:colon:after',
  'svc_live_back\\slash\\and"quote"',
  'svc_live_per%cent%0A%25',
  `svc_live_${'x7'.repeat(95)}Z`, // 200 characters
];

function formsIn(key: string): string[] {
  const json = JSON.stringify(key);
  const half = Math.floor(key.length / 2);
  return [
    `raw ${key} end`,
    `json {"error":${json}}`,
    `json twice ${JSON.stringify(json)}`,
    `url ?key=${encodeURIComponent(key)}&x`,
    `base64 ${Buffer.from(key).toString('base64')}`,
    `basic ${Buffer.from(`user:${key}`).toString('base64')}`,
    `inside ${Buffer.from(`{"k":"${key}"}`).toString('base64url')}`,
    `split ${key.slice(0, half)}\n${key.slice(half)} rest`,
    `split escaped ${JSON.stringify(`${key.slice(0, half)}\r\n  ${key.slice(half)}`)}`,
    `safe ${safeText(key)}`,
  ];
}

describe('scrubSecrets', () => {
  it('removes a registered key of any characters in every form', () => {
    for (const key of HOSTILE_KEYS) {
      registerSecret(key);
      for (const text of formsIn(key)) {
        const out = scrubSecrets(text);
        for (const form of encodings(key)) expect(out, text).not.toContain(form);
        expect(out).not.toContain(key.slice(-12));
        expect(out).not.toContain(key.slice(9, 21));
        expect(out).toContain('***');
      }
    }
  });

  it('removes a given key not registered, and keeps JSON valid', () => {
    const key = 'svc_live_unreg"ist\\ered:key';
    const out = scrubSecrets(JSON.stringify({ error: `bad ${key}`, n: 1 }), [key]);
    expect(JSON.parse(out)).toEqual({ error: 'bad ***', n: 1 });
  });

  it('by shape: a key it was not told of, up to the end of the token, whatever it holds', () => {
    expect(scrubSecrets('key svc_live_Zq8:Rt5%x@y!z. Next')).toBe('key ***. Next');
    expect(scrubSecrets('{"k":"svc_live_abc:def"}')).toBe('{"k":"***"}');
    expect(scrubSecrets('token ghp_abcdefghijklmnopqrstuvwxyz12')).toBe('token ***');
  });

  it('never echoes the credentials of a URL', () => {
    expect(scrubSecrets('got "ftp://user:password@host/x"')).toBe('got "ftp://***@host/x"');
    expect(scrubSecrets('https://tok3n@api.example.com and https://api.example.com/a@b')).toBe(
      'https://***@api.example.com and https://api.example.com/a@b',
    );
  });

  it('leaves ordinary text alone', () => {
    const text = 'The deepest point: 10,935 m. See https://example.com/a?b=c#d — “done”.';
    expect(scrubSecrets(text)).toBe(text);
  });
});
