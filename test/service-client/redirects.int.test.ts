import { afterEach, describe, expect, it } from 'vitest';
import { OutcomeUnknownError, ServiceError } from '../../src/service-client/errors.ts';
import { ScriptedServer } from '../support/scripted-server.ts';
import { KEY, detail, setup } from './fixtures.ts';

// Redirects (RFC 9110, 15.4): followed on the service's own origin only, so
// the key never travels to another host; a write only where its method and
// body are kept (307, 308).

const t = setup();
let other: ScriptedServer | null = null;
afterEach(async () => {
  await other?.close();
  other = null;
});

const render = { video_id: 'stock', orientation: 'vertical' };

describe('redirects on the same host', () => {
  it.each([301, 302, 303, 307, 308])('a read follows %i to the path it names', async (status) => {
    const { client } = t.make();
    t.server.on('GET', '/contents/c-1', { status, headers: { location: '/v1/contents/c-1b' } });
    t.server.on('GET', '/contents/c-1b', { body: detail({ id: 'c-1' }) });
    await expect(client.getContent('c-1')).resolves.toMatchObject({ id: 'c-1' });
    const followed = t.server.requests('GET', '/contents/c-1b')[0];
    expect(followed?.headers.authorization).toBe(`Bearer ${KEY}`);
  });

  it.each([307, 308])('a write follows %i with its method and body', async (status) => {
    const { client } = t.make();
    t.server.on('POST', '/gen/video', { status, headers: { location: `${t.server.url}/v1/gen/video-2` } });
    t.server.on('POST', '/gen/video-2', { status: 202, body: {} });
    await expect(client.generateVideo('c-1', render)).resolves.toBeUndefined();
    expect(t.server.requests('POST', '/gen/video-2')[0]?.body).toMatchObject({ creation_id: 'c-1' });
  });

  it.each([301, 302, 303])(
    'a write is not followed on %i: its outcome is unknown, looked at, never resent',
    async (status) => {
      const { client } = t.make();
      t.server.on('POST', '/gen/video', { status, headers: { location: '/v1/gen/video-2' } });
      await expect(client.generateVideo('c-1', render)).rejects.toBeInstanceOf(OutcomeUnknownError);
      expect(t.server.requests('POST', '/gen/video')).toHaveLength(1);
      expect(t.server.requests('GET', '/gen/video-2')).toHaveLength(0);
    },
  );

  it('a redirect loop ends as the redirect it was', async () => {
    const { client } = t.make();
    t.server.always('GET', '/users/credits', { status: 302, headers: { location: '/v1/users/credits' } });
    const error = await client.credits().catch((e: unknown) => e);
    expect((error as ServiceError).status).toBe(302);
    expect(t.server.requests('GET', '/users/credits')).toHaveLength(6);
  });
});

describe('redirects to another host', () => {
  it('are never followed: the key is not sent there', async () => {
    other = await ScriptedServer.start();
    other.always('GET', '/contents/c-1', { body: detail() });
    const { client } = t.make();
    t.server.on('GET', '/contents/c-1', {
      status: 308,
      headers: { location: `${other.url}/v1/contents/c-1` },
    });
    const error = await client.getContent('c-1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as Error).message).toMatch(/redirects \(308\) where the client does not follow/);
    expect(other.log).toHaveLength(0);
  });
});
