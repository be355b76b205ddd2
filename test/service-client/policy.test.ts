import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RETRY,
  backoffDelay,
  classifyNetworkError,
  parseRetryAfter,
  retrySettings,
} from '../../src/service-client/retry.ts';

// The pure parts of the retry policy; the HTTP behaviour is in retry.int.test.ts.

describe('parseRetryAfter (A34)', () => {
  const now = Date.parse('2026-03-01T12:00:00.000Z');
  const cases: Array<[string | string[] | undefined, number | undefined]> = [
    ['0', 0],
    ['17', 17],
    [' 17 ', 17],
    [['30', '40'], 30],
    ['Sun, 01 Mar 2026 12:00:09 GMT', 9],
    ['Sun, 01 Mar 2026 11:00:00 GMT', 0],
    [undefined, undefined],
    ['', undefined],
    ['1.5', undefined],
    ['-3', undefined],
    ['soon', undefined],
  ];
  for (const [header, seconds] of cases) {
    it(`${JSON.stringify(header)} → ${String(seconds)}`, () => {
      expect(parseRetryAfter(header, now)).toBe(seconds);
    });
  }
});

describe('backoff', () => {
  it('defaults are those of A36', () => {
    expect(retrySettings(undefined)).toEqual(DEFAULT_RETRY);
    expect(DEFAULT_RETRY).toMatchObject({ attempts: 5, rateLimitAttempts: 20, deadlineMs: 15 * 60_000 });
  });

  it('full jitter spans 0 to the doubling ceiling', () => {
    const settings = retrySettings({ baseDelayMs: 100, maxDelayMs: 1000 });
    expect([1, 2, 3, 4, 5].map((n) => backoffDelay(n, settings, () => 1))).toEqual([
      100, 200, 400, 800, 1000,
    ]);
    expect(backoffDelay(3, settings, () => 0)).toBe(0);
  });
});

describe('classifyNetworkError', () => {
  const cases: Array<[string, boolean, string]> = [
    ['ECONNREFUSED', false, 'connection refused'],
    ['UND_ERR_CONNECT_TIMEOUT', false, 'connect timeout'],
    ['ENOTFOUND', false, 'host unreachable: ENOTFOUND'],
    ['UND_ERR_HEADERS_TIMEOUT', true, 'timeout'],
    ['UND_ERR_BODY_TIMEOUT', true, 'timeout'],
    ['ECONNRESET', true, 'connection closed without an answer'],
    ['UND_ERR_SOCKET', true, 'connection closed without an answer'],
  ];
  for (const [code, mayHaveReached, reason] of cases) {
    it(code, () => {
      expect(classifyNetworkError(Object.assign(new Error('x'), { code }))).toEqual({
        mayHaveReached,
        reason,
      });
    });
  }

  it('looks through cause, and assumes the worst when it cannot tell', () => {
    const wrapped = new Error('fetch failed', {
      cause: Object.assign(new Error('x'), { code: 'ECONNREFUSED' }),
    });
    expect(classifyNetworkError(wrapped).mayHaveReached).toBe(false);
    expect(classifyNetworkError(new Error('odd'))).toEqual({ mayHaveReached: true, reason: 'network error' });
  });
});
