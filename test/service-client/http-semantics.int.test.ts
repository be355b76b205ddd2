import { describe, expect, it } from 'vitest';
import { OutcomeUnknownError, ServiceError, isNotFound } from '../../src/service-client/errors.ts';
import { SECOND_MS, detail, setup } from './fixtures.ts';

// What RFC 9110 defines, the client takes as defined, whatever the body says
// (docs/service-assumptions.md, "HTTP semantics first").

const t = setup();

const fields = {
  title: 'New item',
  description: null,
  full_text: 'Source',
  textover: null,
  hashtags: null,
  fine_tuning: null,
  persona_id: null,
};
const render = { video_id: 'stock', orientation: 'vertical' };
const maintenance = { error: 'Service temporarily unavailable: maintenance' };

describe('503 with Retry-After: a pause, not a failure', () => {
  it('waits the seconds it states, however many attempts that outlasts, then reads', async () => {
    const { client, sleeps, retries } = t.make();
    const pause = { status: 503, headers: { 'retry-after': '4' }, body: maintenance };
    t.server.on('GET', '/contents/c-1', pause, pause, pause, pause, pause, pause, { body: detail() });
    await expect(client.getContent('c-1')).resolves.toMatchObject({ id: 'c-1' });
    // Six pauses: more than the four attempts a failing service gets.
    expect(sleeps).toEqual(Array(6).fill(4 * SECOND_MS));
    expect(retries[0]?.reason).toBe('unavailable for a while (503)');
  });

  it('reads Retry-After as an HTTP date too', async () => {
    const now = Date.parse('2026-03-01T12:00:00.000Z');
    const { client, sleeps } = t.make({ now: () => now });
    t.server.on(
      'GET',
      '/users/credits',
      { status: 503, headers: { 'retry-after': 'Sun, 01 Mar 2026 12:00:09 GMT' }, body: maintenance },
      { body: { credits: 5 } },
    );
    await expect(client.credits()).resolves.toBe(5);
    expect(sleeps).toEqual([9 * SECOND_MS]);
  });

  it('sends a POST again after the pause: the service did not handle it', async () => {
    const { client } = t.make();
    t.server.on(
      'POST',
      '/gen/video',
      { status: 503, headers: { 'retry-after': '2' }, body: maintenance },
      { status: 202, body: { status: 'PROCESSING_VIDEO' } },
    );
    await expect(client.generateVideo('c-1', render)).resolves.toBeUndefined();
    expect(t.server.requests('POST', '/gen/video')).toHaveLength(2);
  });

  it('without Retry-After, a POST that met a 503 is still an unknown outcome, never resent', async () => {
    const { client } = t.make();
    t.server.on('POST', '/gen/video', { status: 503, body: maintenance });
    await expect(client.generateVideo('c-1', render)).rejects.toBeInstanceOf(OutcomeUnknownError);
    expect(t.server.requests('POST', '/gen/video')).toHaveLength(1);
  });

  it('gives up at the deadline, not before', async () => {
    // One pause of 100 s fits a deadline of 150 s; a second would pass it.
    const { client } = t.make({ retry: { attempts: 2, baseDelayMs: 1, deadlineMs: 150 * SECOND_MS } });
    t.server.always('GET', '/users/credits', {
      status: 503,
      headers: { 'retry-after': '100' },
      body: maintenance,
    });
    const error = await client.credits().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as ServiceError).status).toBe(503);
    expect(t.server.requests('GET', '/users/credits')).toHaveLength(2);
  });
});

describe('statuses read as the RFC defines them', () => {
  it('410 Gone is "not found", for reads and for a read back', async () => {
    const { client } = t.make();
    t.server.on('GET', '/contents/c-9', { status: 410, body: { error: 'Gone' } });
    const error = await client.getContent('c-9').catch((e: unknown) => e);
    expect(isNotFound(error)).toBe(true);
    expect((error as Error).message).toMatch(/not found \(410\)/);
    // A create whose item reads 410 at first is looked at again, as after a 404.
    t.server.on('POST', '/contents', { status: 201, body: { id: 'c-2' } });
    t.server.on('GET', '/contents/c-2', { status: 410, body: {} }, { body: detail({ id: 'c-2' }) });
    await expect(client.createContent(fields)).resolves.toMatchObject({ id: 'c-2' });
  });

  it.each([412, 422])('%i refuses the request as sent, like 400: never resent', async (status) => {
    const { client } = t.make();
    t.server.always('PUT', '/contents/c-1', { status, body: { error: 'title is too long' } });
    const error = await client.editContent('c-1', { title: 'x' }).catch((e: unknown) => e);
    expect((error as ServiceError).status).toBe(status);
    expect((error as Error).message).toMatch(
      new RegExp(`was refused \\(${status}\\): "title is too long". Fix the request`),
    );
    expect(t.server.requests('PUT', '/contents/c-1')).toHaveLength(1);
  });

  it('202 on a create is accepted, not done: the item is read back once it shows', async () => {
    const { client } = t.make();
    t.server.on('POST', '/contents', { status: 202, body: { id: 'c-3', status: 'PENDING' } });
    t.server.on('GET', '/contents/c-3', { status: 404, body: {} }, { body: detail({ id: 'c-3' }) });
    await expect(client.createContent(fields)).resolves.toMatchObject({ id: 'c-3', title: 'Glowing reefs' });
    expect(t.server.requests('POST', '/contents')).toHaveLength(1);
  });

  it('204 with no body on an edit: the item is read back', async () => {
    const { client } = t.make();
    t.server.on('PUT', '/contents/c-1', { status: 204 });
    t.server.on('GET', '/contents/c-1', { body: detail({ description: 'Kept' }) });
    await expect(client.editContent('c-1', { description: 'Kept' })).resolves.toMatchObject({
      description: 'Kept',
    });
  });

  it('204 with no body on a create names no item: looked up, never resent by the client', async () => {
    const { client } = t.make();
    t.server.on('POST', '/contents', { status: 204 });
    await expect(client.createContent(fields)).rejects.toBeInstanceOf(OutcomeUnknownError);
    expect(t.server.requests('POST', '/contents')).toHaveLength(1);
  });
});

describe("a gateway's HTML error page", () => {
  const page =
    '<!DOCTYPE html><html><head><title>502 Bad Gateway</title><style>body{color:red}</style></head>' +
    '<body><h1>502 Bad Gateway</h1><hr><center>nginx/1.25.3</center><script>alert(1)</script></body></html>';

  it('is retried as a 5xx, and its markup never reaches a message', async () => {
    const { client } = t.make();
    t.server.always('GET', '/accounts', {
      status: 502,
      body: page,
      headers: { 'content-type': 'text/html' },
    });
    const error = await client.listAccounts().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect(t.server.requests('GET', '/accounts')).toHaveLength(4);
    const message = (error as Error).message;
    expect(message).toMatch(/the service failed \(502\): "an HTML page: 502 Bad Gateway" after 4 attempts/);
    expect(message).not.toMatch(/[<>]|nginx|alert|color/);
  });

  it('is an unknown outcome for a POST (504: the gateway gave up waiting)', async () => {
    const { client } = t.make();
    t.server.on('POST', '/contents', { status: 504, body: '<html><body>Gateway Timeout</body></html>' });
    const error = await client.createContent(fields).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutcomeUnknownError);
    expect((error as Error).message).not.toMatch(/[<>]/);
  });
});
