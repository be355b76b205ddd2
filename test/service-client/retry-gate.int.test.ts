import { describe, expect, it } from 'vitest';
import type { PublishOptions } from '../../src/service-client/index.ts';
import type { LoggedRequest, ScriptedResponse } from '../support/scripted-server.ts';
import { setup } from './fixtures.ts';

// The shared rate-limit wait, with real time: the service keeps refusing
// generation requests for the whole Retry-After, so a request that does not
// wait for the gate is sent early and refused too. Only the send times the
// server sees tell the two apart.
//
// Writes go one at a time until the service has accepted one (a 403 on the
// first stops the rest), which would hide the gate: an accepted write comes
// first, and the 429 window opens only after it.

const t = setup();

/** One Retry-After second, long enough that timer jitter cannot blur it. */
const SECOND_MS = 60;
const RETRY_AFTER_SECONDS = 4;
const WINDOW_MS = RETRY_AFTER_SECONDS * SECOND_MS;

const publish: PublishOptions = {
  account_ids: ['a-1'],
  made_for_kids: false,
  age_restricted: false,
  notify_subscribers: true,
  ai_disclosure: true,
};

interface Sent {
  path: string;
  at: number;
  status: number;
}

/**
 * Once armed, answers 429 to every generation request until the window that
 * the first 429 opened has passed.
 */
function lastingRateLimit(): {
  sent: Sent[];
  arm: () => void;
  answer: (request: LoggedRequest) => ScriptedResponse;
} {
  const sent: Sent[] = [];
  let armed = false;
  let limitedUntil: number | null = null;
  return {
    sent,
    arm: () => (armed = true),
    answer: (request) => {
      const at = performance.now();
      if (armed) limitedUntil ??= at + WINDOW_MS;
      if (limitedUntil !== null && at < limitedUntil) {
        sent.push({ path: request.path, at, status: 429 });
        const seconds = Math.ceil((limitedUntil - at) / SECOND_MS);
        return { status: 429, headers: { 'retry-after': String(seconds) }, body: { error: 'rate_limited' } };
      }
      sent.push({ path: request.path, at, status: 202 });
      return request.path === '/gen/video' ? { status: 202 } : { body: { id: 'c-2', status: 'UPLOADING' } };
    },
  };
}

describe('the shared rate-limit gate, under a 429 that lasts', () => {
  it('a second generation request started during the wait is first sent when the Retry-After is over', async () => {
    const limit = lastingRateLimit();
    let rateLimited: () => void = () => undefined;
    const firstRefused = new Promise<void>((resolve) => (rateLimited = resolve));
    const { client } = t.make({
      secondMs: SECOND_MS,
      sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
      onRetry: () => rateLimited(),
    });
    t.server.always('POST', '/gen/video', limit.answer);
    t.server.always('POST', '/contents/upload/c-2', limit.answer);
    await client.upload('c-2', publish);
    limit.arm();

    const first = client.generateVideo('c-1', { video_id: 'stock', orientation: 'vertical' });
    await firstRefused;
    const second = client.upload('c-2', publish);
    await Promise.all([first, second]);

    const [accepted, refusal, ...rest] = limit.sent;
    expect(accepted).toMatchObject({ path: '/contents/upload/c-2', status: 202 });
    expect(refusal).toMatchObject({ path: '/gen/video', status: 429 });
    const uploads = rest.filter((entry) => entry.path === '/contents/upload/c-2');
    // Sent once, after the wait: never early, so never refused.
    expect(uploads.map((entry) => entry.status)).toEqual([202]);
    expect(uploads[0]!.at - refusal!.at).toBeGreaterThanOrEqual(WINDOW_MS - 2);
    // The first request itself was sent again once, after the same wait.
    const retried = rest.filter((entry) => entry.path === '/gen/video');
    expect(retried.map((entry) => entry.status)).toEqual([202]);
    expect(retried[0]!.at - refusal!.at).toBeGreaterThanOrEqual(WINDOW_MS - 2);
  });
});
