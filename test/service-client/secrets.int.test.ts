import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { describeError, type ServiceClient } from '../../src/service-client/index.ts';
import type { LoggedRequest } from '../support/scripted-server.ts';
import { KEY, setup } from './fixtures.ts';

// The key never appears in an error, even when the service echoes it back,
// and never in what the client or its errors show of themselves.

const t = setup();

/** A hostile service: every answer repeats the Authorization header it got. */
const echo =
  (status: number, extra: Record<string, unknown> = {}) =>
  (request: LoggedRequest) => ({
    status,
    headers: { 'retry-after': '0' },
    body: { error: `bad key ${String(request.headers.authorization)}`, code: `code-${KEY}`, ...extra },
  });

function everyView(error: unknown): string[] {
  const e = error as Error & { serviceMessage?: string; cause?: unknown };
  return [
    e.message,
    e.serviceMessage ?? '',
    describeError(error),
    JSON.stringify(error),
    inspect(error, { depth: 5 }),
    String(error),
    e.stack ?? '',
  ];
}

function expectNoKey(error: unknown): void {
  expect(error).toBeInstanceOf(Error);
  for (const view of everyView(error)) {
    expect(view).not.toContain(KEY);
    expect(view).not.toContain('k3y-0f-the-t3st');
  }
}

async function failure(p: Promise<unknown>): Promise<unknown> {
  return p.then(
    () => {
      throw new Error('expected a failure');
    },
    (e: unknown) => e,
  );
}

describe('the key never appears in a thrown error', () => {
  const calls: Array<[number, string, string, (client: ServiceClient) => Promise<unknown>]> = [
    [400, 'PUT', '/contents/c-1', (client) => client.editContent('c-1', { title: 'x' })],
    [401, 'GET', '/accounts', (client) => client.listAccounts()],
    [
      402,
      'POST',
      '/gen/video',
      (client) => client.generateVideo('c-1', { video_id: 'stock', orientation: 'v' }),
    ],
    [403, 'GET', '/users/credits', (client) => client.credits()],
    [404, 'GET', '/contents/c-1', (client) => client.getContent('c-1')],
    [409, 'PUT', '/contents/c-1', (client) => client.editContent('c-1', { title: 'x' })],
    [429, 'GET', '/gen/task-status/c-1', (client) => client.taskStatus('c-1')],
    [500, 'GET', '/contents/c-1/versions', (client) => client.listVersions('c-1')],
    [503, 'POST', '/contents', (client) => client.createContent({ title: 'x' } as never)],
  ];

  for (const [status, method, path, call] of calls) {
    it(`${status} on ${method} ${path}, with the key echoed in the body`, async () => {
      const { client } = t.make({ retry: { attempts: 2, rateLimitAttempts: 1 } });
      t.server.always(method, path, echo(status, { required: [`scope-${KEY}`], limit: KEY }));
      t.server.always('GET', '/api-keys/introspect', echo(401));
      t.server.always('GET', '/users/credits', echo(status === 403 ? 403 : 500));
      expectNoKey(await failure(call(client)));
    });
  }

  it('a key echoed as plain text', async () => {
    const { client } = t.make();
    t.server.on('GET', '/contents/c-1', { status: 404, body: `no item for Authorization: Bearer ${KEY}` });
    const error = await failure(client.getContent('c-1'));
    expectNoKey(error);
    expect((error as Error).message).toContain('Bearer ***');
  });

  it('a key echoed inside a field of a successful answer that cannot be read', async () => {
    const { client } = t.make();
    t.server.on('GET', '/contents/c-1', { body: { payload: KEY, [KEY]: 1 } });
    expectNoKey(await failure(client.getContent('c-1')));
  });

  it('401 folding introspection that echoes the key as the subject', async () => {
    const { client } = t.make();
    t.server.on('GET', '/accounts', { status: 401, body: { error: 'invalid' } });
    t.server.on('GET', '/api-keys/introspect', { body: { active: false, subject: KEY, scopes: [KEY] } });
    expectNoKey(await failure(client.listAccounts()));
  });

  it('a lost answer and a refused connection', async () => {
    const { client } = t.make({ retry: { attempts: 1 } });
    t.server.always('POST', '/contents/upload/c-1', { destroy: true });
    t.server.always('GET', '/accounts', { destroy: true });
    const publish = {
      account_ids: [KEY],
      made_for_kids: false,
      age_restricted: false,
      notify_subscribers: true,
      ai_disclosure: true,
    };
    expectNoKey(await failure(client.upload('c-1', publish)));
    expectNoKey(await failure(client.listAccounts()));
  });

  it('describeError strips anything shaped like a key from foreign errors', () => {
    expect(describeError(new Error(`failed with ${KEY}.`))).toBe('failed with ***.');
  });
});

describe('the client keeps the key to itself', () => {
  it('not in inspect, JSON or its enumerable fields', () => {
    const { client } = t.make();
    expect(inspect(client, { depth: 10, showHidden: true })).not.toContain(KEY);
    expect(JSON.stringify(client)).not.toContain(KEY);
    expect(Object.values(client).map(String).join(' ')).not.toContain(KEY);
    expect(JSON.stringify(client)).toBe(JSON.stringify({ baseUrl: client.baseUrl }));
  });
});
