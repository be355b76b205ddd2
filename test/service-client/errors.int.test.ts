import { describe, expect, it } from 'vitest';
import { ServiceError, describeError } from '../../src/service-client/index.ts';
import { KEY, setup } from './fixtures.ts';

// Each error status and each error body form, over real HTTP: the typed
// fields, the teaching message, and that none of them is retried.

const t = setup();

async function caught(p: Promise<unknown>): Promise<ServiceError> {
  const error = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ServiceError);
  return error as ServiceError;
}

describe('error statuses', () => {
  it('400 carries the service message and is not retried', async () => {
    const { client, sleeps } = t.make();
    t.server.on('PUT', '/contents/c-1', { status: 400, body: { error: 'title must not be empty' } });
    const error = await caught(client.editContent('c-1', { title: '' }));
    expect(error.status).toBe(400);
    expect(error.method).toBe('PUT');
    expect(error.path).toBe('/contents/c-1');
    expect(error.serviceMessage).toBe('title must not be empty');
    expect(error.message).toContain('title must not be empty');
    expect(error.message).toContain('not retried unchanged');
    expect(t.server.requests()).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('401 asks GET /api-keys/introspect once and folds its answer in: inactive, with the subject', async () => {
    const { client } = t.make();
    t.server.always('GET', '/accounts', { status: 401, body: { error: 'invalid api key' } });
    t.server.on('GET', '/api-keys/introspect', {
      body: { active: false, subject: '3f0c2a9e-0000-4000-8000-000000000001', scopes: ['read'] },
    });
    const first = await caught(client.listAccounts());
    const second = await caught(client.listAccounts());
    expect(first.status).toBe(401);
    expect(first.message).toContain('GET /api-keys/introspect says the key');
    expect(first.message).toContain('subject 3f0c2a9e-0000-4000-8000-000000000001');
    expect(first.message).toContain('inactive');
    expect(first.message).toContain('Settings, API Keys');
    expect(second.message).toBe(first.message);
    expect(t.server.requests('GET', '/api-keys/introspect')).toHaveLength(1);
    expect(t.server.requests('GET', '/accounts')).toHaveLength(2);
  });

  it('401 when introspection is refused too: the key is invalid or revoked', async () => {
    const { client } = t.make();
    t.server.on('GET', '/users/credits', { status: 401, body: { error: 'revoked' } });
    t.server.on('GET', '/api-keys/introspect', { status: 401, body: { error: 'revoked' } });
    const error = await caught(client.credits());
    expect(error.message).toContain('rejects it too: the key is invalid or has been revoked');
    expect(t.server.requests()).toHaveLength(2);
  });

  it('401 on introspect itself reports without asking introspect again', async () => {
    const { client } = t.make();
    t.server.on('GET', '/api-keys/introspect', { status: 401, body: { error: 'invalid key' } });
    const error = await caught(client.introspect());
    expect(error.status).toBe(401);
    expect(t.server.requests()).toHaveLength(1);
  });

  it('402 names the balance from the body', async () => {
    const { client } = t.make();
    t.server.on('POST', '/gen/process-content-async', {
      status: 402,
      body: { error: 'insufficient credits', balance: 2, required: 5 },
    });
    const error = await caught(
      client.processContent({ content_id: 'c-1', render: { video_id: 'stock', orientation: 'vertical' } }),
    );
    expect(error.status).toBe(402);
    expect(error.balance).toBe(2);
    expect(error.creditsRequired).toBe(5);
    expect(error.message).toContain('the balance is 2, this needs 5');
    expect(t.server.requests()).toHaveLength(1);
  });

  it('402 without a balance in the body asks GET /users/credits', async () => {
    const { client } = t.make();
    t.server.on('POST', '/contents/upload/c-1', { status: 402, body: { error: 'insufficient credits' } });
    t.server.on('GET', '/users/credits', { body: { data: { balance: 0.5 } } });
    const error = await caught(
      client.upload('c-1', {
        account_ids: ['a-1'],
        made_for_kids: false,
        age_restricted: false,
        notify_subscribers: true,
        ai_disclosure: true,
      }),
    );
    expect(error.balance).toBe(0.5);
    expect(error.message).toContain('the balance is 0.5');
    expect(t.server.requests().map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /contents/upload/c-1',
      'GET /users/credits',
    ]);
  });

  it('403 names the missing scopes and says to mint a key with them', async () => {
    const { client } = t.make();
    t.server.on('POST', '/contents', {
      status: 403,
      body: { error: 'insufficient_scope', required: ['write', 'generate'] },
    });
    const error = await caught(
      client.createContent({
        title: 'x',
        description: null,
        full_text: null,
        textover: null,
        hashtags: null,
        fine_tuning: null,
        persona_id: null,
      }),
    );
    expect(error.status).toBe(403);
    expect(error.required).toEqual(['write', 'generate']);
    expect(error.message).toContain('lacks the scopes write, generate');
    expect(error.message).toContain('Mint a key with write, generate');
    expect(t.server.requests()).toHaveLength(1);
  });

  it('404 carries the service message and is not retried', async () => {
    const { client } = t.make();
    t.server.on('GET', '/contents/missing', { status: 404, body: { error: 'content not found' } });
    const error = await caught(client.getContent('missing'));
    expect(error.status).toBe(404);
    expect(error.serviceMessage).toBe('content not found');
    expect(error.message).toContain('content not found');
    expect(t.server.requests()).toHaveLength(1);
  });

  it('409 carries the code and tells how to resolve it', async () => {
    const { client, sleeps } = t.make();
    t.server.on('PUT', '/contents/c-1', {
      status: 409,
      body: { error: 'content is being generated', code: 'generation_in_progress' },
    });
    const error = await caught(client.editContent('c-1', { title: 'New' }));
    expect(error.status).toBe(409);
    expect(error.code).toBe('generation_in_progress');
    expect(error.message).toContain('generation_in_progress');
    expect(error.message).toContain('cancel_generation');
    expect(t.server.requests()).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('409 on an upload in flight says to poll before dispatching again', async () => {
    const { client } = t.make();
    t.server.on('POST', '/contents/upload/c-1', { status: 409, body: { error: 'upload in flight' } });
    const error = await caught(
      client.upload('c-1', {
        account_ids: ['a-1'],
        made_for_kids: false,
        age_restricted: false,
        notify_subscribers: true,
        ai_disclosure: true,
      }),
    );
    expect(error.code).toBeUndefined();
    expect(error.message).toContain('poll its task status');
    expect(t.server.requests()).toHaveLength(1);
  });

  it('422 and other 4xx are final too', async () => {
    const { client } = t.make();
    t.server.on('GET', '/gen/task-status/c-1', { status: 422, body: { error: 'bad id' } });
    const error = await caught(client.taskStatus('c-1'));
    expect(error.status).toBe(422);
    expect(t.server.requests()).toHaveLength(1);
  });
});

describe('error body forms', () => {
  it('{message} of GET /contents/{id}/versions on 404', async () => {
    const { client } = t.make();
    t.server.on('GET', '/contents/c-9/versions', { status: 404, body: { message: 'no such content' } });
    const error = await caught(client.listVersions('c-9'));
    expect(error.serviceMessage).toBe('no such content');
    expect(error.message).toContain('no such content');
  });

  it('{success:false, error} of GET /subscription/current, with an error status', async () => {
    const { client } = t.make();
    t.server.on('GET', '/subscription/current', { status: 400, body: { success: false, error: 'no plan' } });
    const error = await caught(client.subscription());
    expect(error.status).toBe(400);
    expect(error.serviceMessage).toBe('no plan');
  });

  it('{success:false, error} inside a 200 is a failure all the same', async () => {
    const { client } = t.make();
    t.server.on('GET', '/subscription/current', { body: { success: false, error: 'plan lookup failed' } });
    const error = await caught(client.subscription());
    expect(error.serviceMessage).toBe('plan lookup failed');
  });

  it('a body that is not JSON is kept as text (A4)', async () => {
    const { client } = t.make({ retry: { attempts: 1 } });
    t.server.on('GET', '/accounts', { status: 502, body: '<html>Bad gateway</html>' });
    const error = await caught(client.listAccounts());
    expect(error.status).toBe(502);
    // A gateway's HTML page is said by its words, never its markup.
    expect(error.serviceMessage).toBe('an HTML page: Bad gateway');
  });

  it('an empty error body still gives a typed error', async () => {
    const { client } = t.make();
    t.server.on('GET', '/contents/c-1', { status: 404 });
    const error = await caught(client.getContent('c-1'));
    expect(error.status).toBe(404);
    expect(error.serviceMessage).toBe('');
    expect(error.message).toContain('GET /contents/c-1: not found (404)');
  });

  it('describeError renders one line for reports, free of the key', () => {
    expect(describeError(new Error(`line one\nline two ${KEY}`))).toBe('line one line two ***');
    expect(describeError('plain')).toBe('plain');
    expect(describeError({ status: 1 })).toBe('{"status":1}');
  });
});
