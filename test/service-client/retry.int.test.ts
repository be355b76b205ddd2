import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import {
  NetworkError,
  OutcomeUnknownError,
  ServiceError,
  createClient,
  type PublishOptions,
  type ServiceClient,
} from '../../src/service-client/index.ts';
import { SECOND_MS, KEY, detail, setup } from './fixtures.ts';

// Every retry rule over real HTTP. Waits are recorded through the injected
// sleep, so they are asserted exactly (random() is 0.5: full jitter gives half
// the exponential ceiling; baseDelayMs 100, maxDelayMs 1000, attempts 4).

const t = setup();

const publish: PublishOptions = {
  account_ids: ['a-1'],
  made_for_kids: false,
  age_restricted: false,
  notify_subscribers: true,
  ai_disclosure: true,
};
const render = { video_id: 'stock', orientation: 'vertical' };
const fields = {
  title: 'New item',
  description: null,
  full_text: 'Source',
  textover: null,
  hashtags: null,
  fine_tuning: null,
  persona_id: null,
};

describe('429', () => {
  it('waits exactly Retry-After seconds, then sends again', async () => {
    const { client, sleeps, retries } = t.make();
    t.server.on(
      'GET',
      '/accounts',
      { status: 429, headers: { 'retry-after': '3' }, body: { error: 'rate_limited' } },
      { body: [] },
    );
    await expect(client.listAccounts()).resolves.toMatchObject({ items: [], complete: true });
    expect(sleeps).toEqual([3 * SECOND_MS]);
    expect(retries).toEqual([
      { method: 'GET', path: '/accounts', attempt: 1, waitMs: 3 * SECOND_MS, reason: 'rate limited (429)' },
    ]);
    expect(t.server.requests('GET', '/accounts')).toHaveLength(2);
  });

  it('reads Retry-After as an HTTP date, to the second', async () => {
    const now = Date.parse('2026-03-01T12:00:00.200Z');
    const { client, sleeps } = t.make({ now: () => now });
    t.server.on(
      'GET',
      '/users/credits',
      { status: 429, headers: { 'retry-after': 'Sun, 01 Mar 2026 12:00:05 GMT' } },
      { body: { credits: 9 } },
    );
    await expect(client.credits()).resolves.toBe(9);
    expect(sleeps).toEqual([5 * SECOND_MS]);
  });

  it('is honoured in full however long (no 30 s cap)', async () => {
    const { client, sleeps } = t.make({ secondMs: 1000, retry: { deadlineMs: 10 * 3600_000 } });
    t.server.on('POST', '/gen/video', { status: 429, headers: { 'retry-after': '7200' } }, { status: 202 });
    await client.generateVideo('c-1', render);
    expect(sleeps).toEqual([7_200_000]);
  });

  it('falls back to the backoff schedule when Retry-After is missing or unreadable', async () => {
    const { client, sleeps } = t.make();
    t.server.on(
      'GET',
      '/accounts',
      { status: 429 },
      { status: 429, headers: { 'retry-after': 'soon' } },
      { body: { data: [] } },
    );
    await client.listAccounts();
    expect(sleeps).toEqual([50, 100]);
  });

  it('gives up with a typed 429 when the wait would pass the deadline, without waiting', async () => {
    const { client, sleeps } = t.make({ secondMs: 1000, retry: { deadlineMs: 60_000 } });
    t.server.on('POST', '/gen/video', {
      status: 429,
      headers: { 'retry-after': '3600' },
      body: { error: 'rate_limited', limit: 'daily_video_cap' },
    });
    const error = await client.generateVideo('c-1', render).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    const e = error as ServiceError;
    expect(e.status).toBe(429);
    expect(e.retryAfterSeconds).toBe(3600);
    expect(e.limit).toBe('daily_video_cap');
    expect(e.message).toContain('asks to wait 3600 s');
    expect(sleeps).toEqual([]);
    expect(t.server.requests()).toHaveLength(1);
  });

  it('gives up after the allowed number of rate-limit waits', async () => {
    const { client, sleeps } = t.make({ retry: { rateLimitAttempts: 2 } });
    t.server.always('GET', '/accounts', { status: 429, headers: { 'retry-after': '1' } });
    await expect(client.listAccounts()).rejects.toMatchObject({ status: 429, attempts: 3 });
    expect(sleeps).toEqual([SECOND_MS, SECOND_MS]);
  });

  it('a 429 on a generation POST was refused, not lost: it is sent again after Retry-After', async () => {
    const { client, sleeps } = t.make();
    t.server.on(
      'POST',
      '/contents/upload/c-1',
      { status: 429, headers: { 'retry-after': '2' }, body: { error: 'rate_limited', limit: 'generation' } },
      { body: { id: 'c-1', status: 'UPLOADING' } },
    );
    await client.upload('c-1', publish);
    expect(sleeps).toEqual([2 * SECOND_MS]);
    expect(t.server.requests('POST', '/contents/upload/c-1')).toHaveLength(2);
  });
});

describe('the shared rate-limit gate', () => {
  it('after a 429 every later generation request of the client waits for the same Retry-After', async () => {
    const sleeps: number[] = [];
    let open: () => void = () => undefined;
    let slept: () => void = () => undefined;
    const sleptOnce = new Promise<void>((resolve) => (slept = resolve));
    const { client } = t.make({
      sleep: (ms) => {
        sleeps.push(ms);
        slept();
        return new Promise<void>((resolve) => (open = resolve));
      },
    });
    t.server.on('POST', '/gen/process-content-async', { status: 429, headers: { 'retry-after': '4' } });
    t.server.always('POST', '/gen/process-content-async', {
      status: 202,
      body: { id: 'c-1', status: 'PROCESSING' },
    });
    t.server.always('POST', '/contents/upload/c-2', { body: { id: 'c-2', status: 'UPLOADING' } });
    t.server.always('POST', '/gen/video', { status: 202 });
    t.server.always('GET', '/gen/task-status/c-3', { body: { id: 'c-3', status: 'NEW', progress: null } });

    const first = client.processContent({ content_id: 'c-1', render });
    await sleptOnce;
    const others = [client.upload('c-2', publish), client.generateVideo('c-3', render)];
    // A read is not rate limited (A31): it goes through while the gate is closed,
    // and its round trip shows the waiting generation requests were not sent.
    await expect(client.taskStatus('c-3')).resolves.toMatchObject({ status: 'NEW' });
    expect(t.server.requests().map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /gen/process-content-async',
      'GET /gen/task-status/c-3',
    ]);

    open();
    await Promise.all([first, ...others]);
    expect(sleeps).toEqual([4 * SECOND_MS]);
    expect(t.server.requests('POST', '/gen/process-content-async')).toHaveLength(2);
    expect(t.server.requests('POST', '/contents/upload/c-2')).toHaveLength(1);
    expect(t.server.requests('POST', '/gen/video')).toHaveLength(1);
  });
});

describe('5xx and network errors on idempotent requests', () => {
  it('retries 5xx with exponential backoff and full jitter, bounded by attempts', async () => {
    const { client, sleeps, retries } = t.make();
    t.server.always('GET', '/contents/c-1', { status: 503, body: { error: 'unavailable' } });
    const error = await client.getContent('c-1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ status: 503, attempts: 4, serviceMessage: 'unavailable' });
    expect((error as ServiceError).message).toContain('after 4 attempts');
    expect(sleeps).toEqual([50, 100, 200]);
    expect(retries.map((r) => r.reason)).toEqual(['status 503', 'status 503', 'status 503']);
    expect(t.server.requests()).toHaveLength(4);
  });

  it('the jitter is drawn below a ceiling that doubles up to maxDelayMs', async () => {
    const { client, sleeps } = t.make({
      random: () => 1,
      retry: { attempts: 5, baseDelayMs: 100, maxDelayMs: 250 },
    });
    t.server.always('GET', '/accounts', { status: 500 });
    await expect(client.listAccounts()).rejects.toBeInstanceOf(ServiceError);
    expect(sleeps).toEqual([100, 200, 250, 250]);
  });

  it('stops early when the next backoff would pass the deadline', async () => {
    // A frozen clock: the requests themselves take no time, only the planned
    // waits count. An attempt may still last what the deadline has left, in
    // real time: seconds, not milliseconds, so that a busy machine's slow
    // answer is not taken for a timeout.
    const { client, sleeps } = t.make({
      now: () => 0,
      retry: { attempts: 10, baseDelayMs: 10_000, maxDelayMs: 60_000, deadlineMs: 30_000 },
    });
    t.server.always('GET', '/accounts', { status: 500 });
    await expect(client.listAccounts()).rejects.toMatchObject({ status: 500, attempts: 3 });
    expect(sleeps).toEqual([5_000, 10_000]);
  });

  it('a PUT that timed out is retried (idempotent) and succeeds', async () => {
    const { client, sleeps } = t.make({ requestTimeoutMs: 500 });
    t.server.on('GET', '/contents/c-1', { body: detail({ title: 'Edited' }) });
    t.server.on('PUT', '/contents/c-1', { hang: true }, { body: detail({ title: 'Edited' }) });
    await expect(client.editContent('c-1', { title: 'Edited' })).resolves.toMatchObject({ title: 'Edited' });
    expect(sleeps).toEqual([50]);
    expect(t.server.requests('PUT', '/contents/c-1')).toHaveLength(2);
  });

  it('a GET whose connection was reset is retried', async () => {
    const { client, retries } = t.make();
    t.server.on(
      'GET',
      '/gen/task-status/c-1',
      { destroy: true },
      { body: { id: 'c-1', status: 'UPLOADED' } },
    );
    await expect(client.taskStatus('c-1')).resolves.toMatchObject({ status: 'UPLOADED' });
    expect(retries).toHaveLength(1);
    expect(retries[0]?.reason).toBe('connection closed without an answer');
  });

  it('network errors that outlast the attempts reject with NetworkError', async () => {
    const { client, sleeps } = t.make();
    t.server.always('GET', '/accounts', { destroy: true });
    const error = await client.listAccounts().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).attempts).toBe(4);
    expect(sleeps).toEqual([50, 100, 200]);
  });
});

describe('never retried unchanged', () => {
  for (const status of [400, 401, 402, 403, 404, 409, 422]) {
    it(`${status}`, async () => {
      const { client, sleeps } = t.make();
      t.server.always('PUT', '/contents/c-1', { status, body: { error: `status ${status}` } });
      t.server.always('GET', '/api-keys/introspect', { body: { active: true, subject: 's', scopes: [] } });
      t.server.always('GET', '/users/credits', { body: { credits: 1 } });
      await expect(client.editContent('c-1', { title: 'x' })).rejects.toMatchObject({ status, attempts: 1 });
      expect(t.server.requests('PUT', '/contents/c-1')).toHaveLength(1);
      expect(sleeps).toEqual([]);
    });
  }
});

describe('a non-idempotent POST whose answer was lost (A33)', () => {
  const posts: Array<[string, string, (client: ServiceClient) => Promise<unknown>]> = [
    ['POST', '/contents', (client) => client.createContent(fields)],
    [
      'POST',
      '/gen/process-content-async',
      (client) => client.processContent({ content_id: 'c-1', render, publish }),
    ],
    ['POST', '/gen/video', (client) => client.generateVideo('c-1', render)],
    ['POST', '/contents/upload/c-1', (client) => client.upload('c-1', publish)],
  ];

  for (const [method, path, call] of posts) {
    it(`${path}: a reset connection is reported as outcome unknown, sent once`, async () => {
      const { client, sleeps } = t.make();
      t.server.always(method, path, { destroy: true });
      const error = await call(client).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(OutcomeUnknownError);
      expect(error).toMatchObject({ method, path, reason: 'connection closed without an answer' });
      expect(t.server.requests()).toHaveLength(1);
      expect(sleeps).toEqual([]);
    });

    it(`${path}: a 5xx is reported as outcome unknown, sent once`, async () => {
      const { client } = t.make();
      t.server.always(method, path, { status: 503, body: { error: 'upstream' } });
      const error = await call(client).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(OutcomeUnknownError);
      expect(error).toMatchObject({ status: 503 });
      expect((error as Error).message).toContain('outcome is unknown');
      expect(t.server.requests()).toHaveLength(1);
    });
  }

  it('a timeout after the request was sent is reported as outcome unknown, sent once', async () => {
    const { client, sleeps } = t.make({ requestTimeoutMs: 150 });
    t.server.always('POST', '/contents', { hang: true });
    const error = await client.createContent(fields).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutcomeUnknownError);
    expect(error).toMatchObject({ reason: 'timeout, no complete answer within 0.15 s' });
    expect(t.server.requests()).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('a refused connection was never received: the POST is retried, then NetworkError', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));

    const sleeps: number[] = [];
    const client = createClient({
      baseUrl: `http://127.0.0.1:${port}`,
      apiKey: KEY,
      sleep: async (ms) => void sleeps.push(ms),
      random: () => 0.5,
      retry: { attempts: 3, baseDelayMs: 100 },
    });
    try {
      const error = await client.createContent(fields).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(NetworkError);
      expect((error as NetworkError).message).toContain('connection refused');
      expect((error as NetworkError).attempts).toBe(3);
      expect(sleeps).toEqual([50, 100]);
    } finally {
      await client.close();
    }
  });
});
