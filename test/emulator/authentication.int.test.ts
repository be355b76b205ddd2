// Interface, "Authentication" rules 1-9 (and A2, A29).
import { describe, expect, it } from 'vitest';
import { hashKey } from '../../src/emulator/store.ts';
import { call, createItem, record, start } from './http.ts';

describe('Authentication', () => {
  it('1. every request carries an API key: none is a 401 with {error}', async () => {
    const emu = await start();
    for (const [method, path] of [
      ['GET', '/v1/contents'],
      ['GET', '/v1/accounts'],
      ['GET', '/v1/api-keys/introspect'],
      ['POST', '/v1/gen/process-content-async'],
    ] as const) {
      const answer = await call(emu, method, path, { key: null });
      expect(answer.status).toBe(401);
      expect(typeof answer.body.error).toBe('string');
    }
  });

  it('2. Authorization: Bearer and X-API-Key are equivalent', async () => {
    const emu = await start();
    const bearer = await call(emu, 'GET', '/v1/api-keys/introspect', { form: 'bearer' });
    const header = await call(emu, 'GET', '/v1/api-keys/introspect', { form: 'x-api-key' });
    expect(bearer.status).toBe(200);
    expect(header.body).toEqual(bearer.body);
    const both = await call(emu, 'GET', '/v1/api-keys/introspect', { headers: { 'x-api-key': emu.apiKey } });
    expect(both.body).toEqual(bearer.body);
  });

  it('2. (A2) when both headers are present and differ, Authorization wins', async () => {
    const emu = await start();
    const other = emu.admin.createKey(emu.admin.createUser(), ['read']);
    const answer = await call(emu, 'GET', '/v1/api-keys/introspect', { headers: { 'x-api-key': other } });
    expect(answer.body.subject).toBe(emu.admin.defaultUserId);
    const revoked = emu.admin.createKey(emu.admin.defaultUserId, ['read']);
    emu.admin.revokeKey(revoked);
    const lost = await call(emu, 'GET', '/v1/api-keys/introspect', {
      key: revoked,
      headers: { 'x-api-key': emu.apiKey },
    });
    expect(lost.status).toBe(401);
  });

  it('3. keys start with svc_live_: anything else (a session token) is a 401 malformed, not echoed', async () => {
    const emu = await start();
    expect(emu.apiKey.startsWith('svc_live_')).toBe(true);
    const token = 'eyJhbGciOiJIUzI1NiJ9.session.token';
    const answer = await call(emu, 'GET', '/v1/contents', { key: token });
    expect(answer.status).toBe(401);
    expect(answer.body.error).toMatch(/svc_live_/);
    expect(JSON.stringify(answer.body)).not.toContain(token);
    const basic = await call(emu, 'GET', '/v1/contents', {
      key: null,
      headers: { authorization: 'Basic abc' },
    });
    expect(basic.status).toBe(401);
  });

  it('3. an unknown svc_live_ key is a 401 that does not repeat the key', async () => {
    const emu = await start();
    const answer = await call(emu, 'GET', '/v1/contents', { key: 'svc_live_unknownunknownunknown' });
    expect(answer.status).toBe(401);
    expect(JSON.stringify(answer.body)).not.toContain('unknownunknown');
  });

  it('5. a scope set is chosen at creation (default read and generate) and fixed for the key', async () => {
    const emu = await start();
    const key = emu.admin.createKey(emu.admin.defaultUserId);
    const answer = await call(emu, 'GET', '/v1/api-keys/introspect', { key });
    expect(answer.body.scopes.sort()).toEqual(['generate', 'read']);
    const ready = await call(emu, 'GET', '/v1/api-keys/introspect');
    expect(ready.body.scopes.sort()).toEqual(['generate', 'read']);
  });

  it('6. only a SHA-256 hash of the key is stored', async () => {
    const emu = await start();
    const key = emu.admin.createKey(emu.admin.defaultUserId, ['read']);
    const [info] = emu.admin
      .keys(emu.admin.defaultUserId)
      .filter((k) => key.startsWith(k.prefix) && k.scopes.length === 1);
    expect(info).toBeDefined();
    expect(JSON.stringify(emu.admin.keys(emu.admin.defaultUserId))).not.toContain(key);
    expect(hashKey(key)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('7. revocation is immediate: the next request gets 401; last_used_at is kept per key', async () => {
    const emu = await start();
    const key = emu.admin.createKey(emu.admin.defaultUserId, ['read']);
    expect((await call(emu, 'GET', '/v1/contents', { key })).status).toBe(200);
    const used = emu.admin
      .keys(emu.admin.defaultUserId)
      .find((k) => k.last_used_at !== null && k.scopes.length === 1);
    expect(used).toBeDefined();
    emu.admin.revokeKey(key);
    const answer = await call(emu, 'GET', '/v1/contents', { key });
    expect(answer.status).toBe(401);
    expect((await call(emu, 'GET', '/v1/api-keys/introspect', { key })).status).toBe(401);
  });

  it('8. a key lacking a scope gets 403 {error: insufficient_scope, required}', async () => {
    const emu = await start();
    const readOnly = emu.admin.createKey(emu.admin.defaultUserId, ['read']);
    const item = await createItem(emu);
    const create = await call(emu, 'POST', '/v1/contents', { key: readOnly, body: { title: 'x' } });
    expect(create.status).toBe(403);
    // The reference dialect's reading of A29: content writes need generate.
    expect(create.body).toEqual({ error: 'insufficient_scope', required: ['generate'] });
    const generate = await call(emu, 'POST', '/v1/gen/process-content-async', {
      key: readOnly,
      body: { creation_id: item.id },
    });
    expect(generate.body).toEqual({ error: 'insufficient_scope', required: ['generate'] });
    const upload = await call(emu, 'POST', `/v1/contents/upload/${item.id}`, { key: readOnly, body: {} });
    expect(upload.body.required).toEqual(['generate']);
    const writeOnly = emu.admin.createKey(emu.admin.defaultUserId, ['write']);
    const read = await call(emu, 'GET', '/v1/contents', { key: writeOnly });
    expect(read.status).toBe(403);
    expect(read.body.required).toEqual(['read']);
  });

  it('9. introspection needs no scope and answers {active, subject, scopes}', async () => {
    const emu = await start();
    const noScopes = emu.admin.createKey(emu.admin.defaultUserId, []);
    const answer = await call(emu, 'GET', '/v1/api-keys/introspect', { key: noScopes });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ active: true, subject: emu.admin.defaultUserId, scopes: [] });
  });

  it('users are isolated: another user’s item is a 404 indistinguishable from a missing one', async () => {
    const emu = await start();
    const item = await createItem(emu);
    const stranger = emu.admin.createKey(emu.admin.createUser(), ['read', 'write', 'generate']);
    const missing = await call(emu, 'GET', '/v1/contents/00000000-0000-4000-8000-000000000000', {
      key: stranger,
    });
    const theirs = await call(emu, 'GET', `/v1/contents/${item.id}`, { key: stranger });
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual(missing.body);
    for (const [method, path, body] of [
      ['PUT', `/v1/contents/${item.id}`, { title: 'stolen' }],
      ['GET', `/v1/gen/task-status/${item.id}`, undefined],
      ['POST', '/v1/gen/process-content-async', { creation_id: item.id }],
    ] as const) {
      expect((await call(emu, method, path, { key: stranger, body })).status).toBe(404);
    }
    const versions = await call(emu, 'GET', `/v1/contents/${item.id}/versions`, { key: stranger });
    expect(versions).toMatchObject({ status: 404, body: { message: expect.any(String) } });
    const list = await call(emu, 'GET', '/v1/contents', { key: stranger });
    expect(list.body.data).toEqual([]);
    expect(record(emu, item.id).title).not.toBe('stolen');
  });
});
