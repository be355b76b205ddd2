import { describe, expect, it } from 'vitest';
import { DIALECT_NAMES } from '../../src/emulator/dialects.ts';
import { call, start } from './http.ts';

// Each dialect answers the interface's "not shown" rules its own way, on the
// wire. These pin what each one serves; the client's suites run against them.

async function seed(emu: Awaited<ReturnType<typeof start>>, n: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    const key = emu.admin.createKey(emu.admin.defaultUserId, ['read', 'write', 'generate']);
    const answer = await call(emu, 'POST', '/v1/contents', { key, body: { title: `Item ${i}` } });
    expect([200, 201, 204]).toContain(answer.status);
  }
}

describe('dialects', () => {
  it('every dialect is listed and starts', async () => {
    expect(DIALECT_NAMES).toEqual(['reference', 'bare', 'meta', 'links', 'unpaged']);
    for (const dialect of DIALECT_NAMES) {
      const emu = await start({ dialect });
      expect((await call(emu, 'GET', '/v1/accounts')).status).toBe(200);
    }
  });

  it('an unknown dialect is refused with the names that exist', async () => {
    await expect(start({ dialect: 'klingon' })).rejects.toThrow(/reference, bare, meta, links/);
  });

  it('bare: arrays of 20 whatever size is asked, pages from 1, no hints; writes answer {id} or nothing', async () => {
    const emu = await start({ dialect: 'bare' });
    await seed(emu, 25);
    const first = await call(emu, 'GET', '/v1/contents?limit=100&page_size=100');
    expect(first.body).toHaveLength(20);
    const second = await call(emu, 'GET', '/v1/contents?page=2&limit=100');
    expect(second.body).toHaveLength(5);
    const create = await call(emu, 'POST', '/v1/contents', { body: { title: 'Fresh' } });
    expect(create.status).toBe(201);
    expect(create.body).toEqual({ id: expect.any(String) });
    const edit = await call(emu, 'PUT', `/v1/contents/${create.body.id}`, { body: { description: 'd' } });
    expect(edit.status).toBe(204);
    expect(edit.body).toBe('');
  });

  it('meta: items with meta hints, pages from 0 sized by per_page; wrapped answers; PUT replaces', async () => {
    const emu = await start({ dialect: 'meta' });
    await seed(emu, 30);
    const first = await call(emu, 'GET', '/v1/contents?limit=10');
    expect(first.body.items).toHaveLength(25);
    expect(first.body.meta).toEqual({ current_page: 0, per_page: 25, total_pages: 2, total: 30 });
    const second = await call(emu, 'GET', '/v1/contents?page=1&per_page=25');
    expect(second.body.items).toHaveLength(5);
    const key = emu.admin.createKey(emu.admin.defaultUserId, ['read', 'write', 'generate']);
    const create = await call(emu, 'POST', '/v1/contents', {
      key,
      body: { title: 'Fresh', description: 'kept?', hashtags: '#a' },
    });
    expect(create.body).toMatchObject({ success: true, data: { id: expect.any(String), title: 'Fresh' } });
    const id = create.body.data.id as string;
    await call(emu, 'PUT', `/v1/contents/${id}`, { key, body: { title: 'Fresh', hashtags: '#b' } });
    const read = await call(emu, 'GET', `/v1/contents/${id}`);
    expect(read.body).toMatchObject({ hashtags: '#b', description: null });
  });

  it('meta: content writes need write, so the default key gets the 403 with its required list', async () => {
    const emu = await start({ dialect: 'meta' });
    const create = await call(emu, 'POST', '/v1/contents', { body: { title: 'x' } });
    expect(create).toMatchObject({ status: 403, body: { error: 'insufficient_scope', required: ['write'] } });
  });

  it('links: results with an absolute cursor link under links, ending in null', async () => {
    const emu = await start({ dialect: 'links' });
    await seed(emu, 40);
    const first = await call(emu, 'GET', '/v1/contents');
    // 40 created plus the item the dialect seeds in a status beyond the interface.
    expect(first.body.results).toHaveLength(30);
    const next = new URL(first.body.links.next as string);
    expect(next.origin).toBe(emu.baseUrl);
    const second = await call(emu, 'GET', `${next.pathname}${next.search}`);
    expect(second.body.results).toHaveLength(11);
    expect(second.body.links.next).toBeNull();
  });

  it('links: shows values beyond the interface on an account and an item', async () => {
    const emu = await start({ dialect: 'links' });
    const accounts = await call(emu, 'GET', '/v1/accounts');
    expect(accounts.body.results.map((a: { platform: string }) => a.platform)).toContain('Threads');
    const contents = await call(emu, 'GET', '/v1/contents');
    expect(contents.body.results.map((c: { status: string }) => c.status)).toContain('ARCHIVED');
  });

  it('a service that ignores the page asked for serves its first page every time', async () => {
    const emu = await start({ listing: { ignorePage: true, maxPageSize: 2 } });
    await seed(emu, 3);
    const first = await call(emu, 'GET', '/v1/contents?page=1&limit=2');
    const second = await call(emu, 'GET', '/v1/contents?page=2&limit=2');
    expect(second.body.data).toEqual(first.body.data);
  });
});
