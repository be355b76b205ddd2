// Several credentials in one text: every one is replaced, not only the first
// (a service error that lists two keys, a log line with a key and a token).
import { describe, expect, it } from 'vitest';
import { SECRET_PLACEHOLDER, scrubSecrets } from '../../src/secrets.ts';

const KEY_A = 'svc_live_AAAAaaaa1111';
const KEY_B = 'svc_live_BBBBbbbb2222.x';
const CLASSIC = `ghp_${'a1'.repeat(18)}`;
const FINE = `github_pat_${'B2_'.repeat(10)}`;

describe('scrubSecrets with several secrets in one text', () => {
  it('replaces every service key, wherever it stands', () => {
    const text = `keys ${KEY_A} and ${KEY_B}; again ${KEY_A}.`;
    expect(scrubSecrets(text)).toBe(
      `keys ${SECRET_PLACEHOLDER} and ${SECRET_PLACEHOLDER}; again ${SECRET_PLACEHOLDER}.`,
    );
  });

  it('replaces every GitHub token, classic and fine-grained', () => {
    const text = `${CLASSIC} ${FINE} ${CLASSIC}`;
    expect(scrubSecrets(text)).toBe([SECRET_PLACEHOLDER, SECRET_PLACEHOLDER, SECRET_PLACEHOLDER].join(' '));
  });

  it('replaces each given secret everywhere, the longest first', () => {
    const text = 'hunter2 and hunter22 and hunter2';
    expect(scrubSecrets(text, ['hunter2', 'hunter22'])).toBe(
      `${SECRET_PLACEHOLDER} and ${SECRET_PLACEHOLDER} and ${SECRET_PLACEHOLDER}`,
    );
  });

  it('leaves a text without secrets as it is, and ignores an empty secret', () => {
    const text = 'svc_ live and ghp_short';
    expect(scrubSecrets(text, [''])).toBe(text);
    expect(scrubSecrets('any words at all')).toBe('any words at all');
  });
});
