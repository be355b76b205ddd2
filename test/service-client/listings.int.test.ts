import { describe, expect, it } from 'vitest';
import { ListingError, ResponseShapeError } from '../../src/service-client/index.ts';
import { PAGES_AHEAD } from '../../src/service-client/listing.ts';
import type { LoggedRequest, ScriptedResponse } from '../support/scripted-server.ts';
import { setup, summary } from './fixtures.ts';

// Listings (A5–A7): every envelope, every place paging hints sit, followed to
// an end that is proven, never guessed from a short page.

const t = setup();

const ids = (items: Array<{ id: string }>): string[] => items.map((item) => item.id);
const queries = (requests: LoggedRequest[]): string[] =>
  requests.map((r) => r.url.slice(r.url.indexOf('?') + 1));
const catalogue = (n: number) => Array.from({ length: n }, (_, i) => summary(`c-${i}`));

/** A service that pages `rows` its own way: `size` per page, pages from `base`, hints from `hints`. */
function paged(
  rows: unknown[],
  options: {
    size: number;
    base?: 0 | 1;
    ignorePage?: boolean;
    hints?: (page: number, last: number) => Record<string, unknown>;
    envelope?: (slice: unknown[], hints: Record<string, unknown>) => unknown;
  },
): (request: LoggedRequest) => ScriptedResponse {
  const base = options.base ?? 1;
  return (request) => {
    const asked = request.query.get('page');
    const page = options.ignorePage || asked === null ? base : Number(asked);
    const offset = (page - base) * options.size;
    const slice = rows.slice(offset, offset + options.size);
    const last = base + Math.max(0, Math.ceil(rows.length / options.size) - 1);
    const hints = options.hints?.(page, last) ?? {};
    return { body: options.envelope ? options.envelope(slice, hints) : slice };
  };
}

describe('paging', () => {
  it('asks the first page without a number, so the service starts at its own first page (A6)', async () => {
    const { client } = t.make({ pageSize: 2 });
    t.server.on('GET', '/contents', { body: [] });
    const listed = await client.listContents();
    expect(t.server.requests()[0]?.url).toBe('/v1/contents?limit=2&page_size=2');
    expect(listed).toEqual({ items: [], complete: true, gap: null });
  });

  it('reads 250 items served 20 a page with no hints at all, and proves the end by an empty page', async () => {
    const { client } = t.make();
    t.server.always('GET', '/contents', paged(catalogue(250), { size: 20 }));
    const listed = await client.listContents();
    expect(listed.items).toHaveLength(250);
    expect(new Set(ids(listed.items)).size).toBe(250);
    expect(listed.complete).toBe(true);
    // No page number first; `page=1` repeats it (pages from 1); then 2..13, and 14 is empty;
    // once the service has shown it pages, the next pages are asked for ahead, each once.
    const asked = t.server.requests().map((r) => r.query.get('page'));
    expect(asked.slice(0, 2)).toEqual([null, '1']);
    expect(new Set(asked).size).toBe(asked.length);
    const pages = asked.slice(1).map(Number);
    expect(pages).toEqual(expect.arrayContaining(Array.from({ length: 14 }, (_, i) => i + 1)));
    expect(Math.max(...pages)).toBeLessThanOrEqual(14 + PAGES_AHEAD);
  });

  it('reads pages counted from 0', async () => {
    const { client } = t.make();
    t.server.always('GET', '/contents', paged(catalogue(250), { size: 20, base: 0 }));
    const listed = await client.listContents();
    expect(listed.items).toHaveLength(250);
    expect(listed.complete).toBe(true);
  });

  it('reads hints under meta, with pages from 0', async () => {
    const { client } = t.make();
    t.server.always(
      'GET',
      '/contents',
      paged(catalogue(250), {
        size: 20,
        base: 0,
        hints: (page, last) => ({ meta: { current_page: page, total_pages: last + 1 } }),
        envelope: (items, hints) => ({ items, ...hints }),
      }),
    );
    const listed = await client.listContents();
    expect(listed.items).toHaveLength(250);
    expect(listed.complete).toBe(true);
    expect(t.server.requests()).toHaveLength(13);
  });

  it('follows has_more at the top level to the end', async () => {
    const { client } = t.make({ pageSize: 2 });
    t.server.on(
      'GET',
      '/contents',
      { body: { data: [summary('a'), summary('b')], page: 1, limit: 2, total: 5, has_more: true } },
      { body: { data: [summary('c'), summary('d')], page: 2, limit: 2, total: 5, has_more: true } },
      { body: { data: [summary('e')], page: 3, limit: 2, total: 5, has_more: false } },
    );
    expect(ids((await client.listContents()).items)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(t.server.requests().map((r) => r.query.get('page'))).toEqual([null, '2', '3']);
  });

  it('follows next links as given, under links, relative or absolute', async () => {
    const { client } = t.make();
    const base = t.server.url;
    t.server.on(
      'GET',
      '/accounts',
      {
        body: {
          accounts: [{ id: 'a-1', name: 'Main', platform: 'YouTube', platform_acronym: 'YT' }],
          links: { next: `${base}/v1/accounts?after=opaque-1` },
        },
      },
      {
        body: {
          accounts: [{ id: 'a-2', name: 'Clips', platform: 'TikTok', platform_acronym: 'TT' }],
          links: { next: '/v1/accounts?after=opaque-2' },
        },
      },
      { body: { accounts: [{ id: 'a-3', name: 'Reels', platform: 'Instagram' }], links: { next: null } } },
    );
    const listed = await client.listAccounts();
    expect(ids(listed.items)).toEqual(['a-1', 'a-2', 'a-3']);
    expect(listed.complete).toBe(true);
    expect(queries(t.server.requests()).slice(1)).toEqual(['after=opaque-1', 'after=opaque-2']);
  });

  it('never follows a next link to another host: the key stays with the service', async () => {
    const { client } = t.make();
    t.server.on('GET', '/contents', {
      body: { data: [summary('a')], next_page_url: 'https://elsewhere.example/v1/contents?page=2' },
    });
    await expect(client.listContents()).rejects.toThrow(/leads off/);
    expect(t.server.requests()).toHaveLength(1);
  });

  it('follows next cursors', async () => {
    const { client } = t.make();
    t.server.on(
      'GET',
      '/contents',
      { body: { results: [summary('a')], next_cursor: 'c2' } },
      { body: { results: [summary('b')], next_cursor: 'c3' } },
      { body: { results: [summary('c')], next_cursor: null } },
    );
    expect(ids((await client.listContents()).items)).toEqual(['a', 'b', 'c']);
    expect(t.server.requests().map((r) => r.query.get('cursor'))).toEqual([null, 'c2', 'c3']);
  });

  it('a total proves the end; a page shorter than asked for proves nothing', async () => {
    const { client } = t.make();
    t.server.on(
      'GET',
      '/contents',
      { body: { results: [summary('a'), summary('b')], pagination: { total: 3, page: 1 } } },
      { body: { results: [summary('c')], pagination: { total: 3, page: 2 } } },
    );
    const listed = await client.listContents();
    expect(ids(listed.items)).toEqual(['a', 'b', 'c']);
    expect(listed.complete).toBe(true);
    expect(t.server.requests()).toHaveLength(2);
  });

  it('an empty page ends the listing; a total it contradicts leaves it unproven', async () => {
    const { client } = t.make();
    t.server.on(
      'GET',
      '/contents',
      { body: { data: [summary('a')], page: 1, has_more: true } },
      { body: { data: [], page: 2, has_more: true, total: 99 } },
    );
    const listed = await client.listContents();
    expect(ids(listed.items)).toEqual(['a']);
    expect(listed.complete).toBe(true);
  });

  it('a count above the rows listed (a replica behind the writes) is read again, and proven once it caught up', async () => {
    const { client } = t.make();
    t.server.on(
      'GET',
      '/contents',
      { body: { data: [summary('a'), summary('b')], total: 3, has_more: false } },
      { body: { data: [summary('a'), summary('b'), summary('c')], total: 3, has_more: false } },
    );
    const listed = await client.listContents();
    expect(ids(listed.items)).toEqual(['a', 'b', 'c']);
    expect(listed.complete).toBe(true);
  });

  it('a count that stays above the rows after the pauses leaves the listing unproven', async () => {
    const { client } = t.make();
    t.server.always('GET', '/contents', { body: { data: [summary('a')], total: 2, has_more: false } });
    const listed = await client.listContents();
    expect(listed.complete).toBe(false);
    expect(listed.gap).toBe('the service says 2 items but 1 were listed');
    // The first reading, and one after each of the three pauses a read-back takes.
    expect(t.server.requests()).toHaveLength(4);
  });

  it('a service with its own page of 20 that ignores every paging parameter: not proven, and no error', async () => {
    const { client } = t.make();
    t.server.always('GET', '/contents', paged(catalogue(50), { size: 20, ignorePage: true }));
    const listed = await client.listContents();
    expect(listed.items).toHaveLength(20);
    expect(listed.complete).toBe(false);
    expect(listed.gap).toMatch(/same 20 rows, a usual page size/);
    expect(t.server.requests()).toHaveLength(4);
  });

  it('stops with a clear error when the service ignores the page asked for while saying there is more', async () => {
    const { client } = t.make();
    const hints = () => ({ has_more: true });
    const envelope = (slice: unknown[], more: Record<string, unknown>) => ({ data: slice, ...more });
    t.server.always(
      'GET',
      '/contents',
      paged(catalogue(50), { size: 20, ignorePage: true, hints, envelope }),
    );
    const error = await client.listContents().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ListingError);
    expect((error as Error).message).toMatch(/says there is more, but page \d repeats items already read/);
    // The first page, page=1 (which repeats it when pages count from 1), then two more that repeat it.
    expect(t.server.requests()).toHaveLength(4);
  });

  it('an item created by another run while the listing is read is a new row, not an error', async () => {
    const { client } = t.make();
    t.server.on(
      'GET',
      '/contents',
      { body: [summary('a'), summary('b')] },
      // `page=1` of a service counting from 1, after another run created c.
      { body: [summary('a'), summary('b'), summary('c')] },
      { body: [] },
    );
    const listed = await client.listContents();
    expect(ids(listed.items)).toEqual(['a', 'b', 'c']);
    expect(listed.complete).toBe(true);
  });

  it('a row gone since the last listing is read again: an item deleted mid-walk moves the rows up', async () => {
    const { client } = t.make();
    const rows = catalogue(4); // c-0 … c-3, two a page
    let walks = 0;
    t.server.always('GET', '/contents', (request) => {
      const page = Number(request.query.get('page') ?? 1);
      const answer = {
        body: { data: rows.slice((page - 1) * 2, page * 2), page, has_more: page * 2 < rows.length },
      };
      if (page === 1 && ++walks === 2) rows.splice(1, 1); // c-1 deleted after the second walk's first page
      return answer;
    });
    expect(ids((await client.listContents()).items)).toEqual(['c-0', 'c-1', 'c-2', 'c-3']);
    // The second walk misses c-2 (moved onto page 1, already read): a row the first showed is gone, so it is
    // read again; the third lacks c-1 that the second showed, so a fourth confirms it.
    expect(ids((await client.listContents()).items)).toEqual(['c-0', 'c-2', 'c-3']);
    expect(walks).toBe(4);
  });

  it('de-duplicates rows served twice when pages shift', async () => {
    const { client } = t.make();
    t.server.on(
      'GET',
      '/contents',
      { body: { data: [summary('a'), summary('b')], page: 1, has_more: true } },
      { body: { data: [summary('b'), summary('c')], page: 2, has_more: false } },
    );
    expect(ids((await client.listContents()).items)).toEqual(['a', 'b', 'c']);
  });

  it('lowers the page size when a 400 names the size parameter', async () => {
    const { client } = t.make({ pageSize: 100 });
    t.server.on(
      'GET',
      '/contents',
      { status: 400, body: { error: 'limit must be at most 25' } },
      { body: { data: [summary('a')], has_more: false } },
    );
    expect(ids((await client.listContents()).items)).toEqual(['a']);
    expect(t.server.requests()[1]?.query.get('limit')).toBe('25');
  });

  it('rows without an id leave the listing unproven, not fatal', async () => {
    const { client } = t.make();
    t.server.on('GET', '/contents', { body: { data: [summary('a'), { title: 'no id' }], has_more: false } });
    const listed = await client.listContents();
    expect(ids(listed.items)).toEqual(['a']);
    expect(listed.complete).toBe(false);
    expect(listed.gap).toMatch(/carry no id/);
  });

  it('a listing with no array anywhere is a shape error naming the endpoint', async () => {
    const { client } = t.make();
    t.server.on('GET', '/contents', { body: { rows: 'nope' } });
    const error = await client.listContents().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseShapeError);
    expect((error as Error).message).toContain('GET /contents');
    expect((error as Error).message).toContain('data, items, contents, accounts, results');
  });
});

describe('list items', () => {
  it('reads the list-view fields (A18) and persona as {id, name}', async () => {
    const { client } = t.make();
    t.server.on('GET', '/contents', {
      body: {
        data: [
          summary('a', {
            status: 'UPLOADED',
            published_url: 'https://www.youtube.com/watch?v=x',
            published_platform: 'YouTube',
            last_error: null,
            full_text: 'Source',
            extra_field: 1,
          }),
        ],
        has_more: false,
      },
    });
    const [item] = (await client.listContents()).items;
    expect(item).toEqual({
      id: 'a',
      title: 'Item a',
      description: null,
      full_text: 'Source',
      hashtags: null,
      status: 'UPLOADED',
      persona: { id: 'p-1', name: 'Narrator' },
      published_url: 'https://www.youtube.com/watch?v=x',
      published_platform: 'YouTube',
      published: {
        links: [{ url: 'https://www.youtube.com/watch?v=x', platform: 'YouTube', accountId: null }],
        perAccount: false,
      },
      last_error: null,
      creation_date: null,
      updated_at: null,
      upload_date: null,
    });
  });

  it('an unknown status or a missing one is kept as sent, local to its row (A35)', async () => {
    const { client } = t.make();
    t.server.on('GET', '/contents', {
      body: {
        data: [summary('a'), summary('b', { status: 'SCHEDULED' }), summary('c', { status: undefined })],
        has_more: false,
      },
    });
    const listed = await client.listContents();
    expect(listed.items.map((item) => item.status)).toEqual(['NEW', 'SCHEDULED', '']);
  });

  it("a platform is read whatever its case; one beyond the interface's three is kept as sent", async () => {
    const { client } = t.make();
    t.server.on('GET', '/accounts', {
      body: [
        { id: 'a-1', name: 'Main', platform: 'youtube', platform_acronym: 'YT' },
        { id: 'a-2', name: 'Clips', platform: 'TIKTOK' },
        { id: 'a-3', name: 'Threads', platform: 'Threads' },
      ],
    });
    t.server.on('GET', '/accounts', { body: [] });
    const listed = await client.listAccounts();
    expect(listed.items.map((account) => account.platform)).toEqual(['YouTube', 'TikTok', 'Threads']);
  });

  it('versions are a listing too (A12), in either envelope', async () => {
    const { client } = t.make();
    const version = {
      version: 2,
      title: 'T',
      full_text: 'F',
      textover: 'X',
      // A date is read as an instant, in one form (ISO 8601 UTC, to the millisecond).
      created_at: '2026-01-02T00:00:00.000Z',
    };
    t.server.on('GET', '/contents/c-1/versions', { body: [version] }, { body: [] });
    t.server.on(
      'GET',
      '/contents/c-2/versions',
      { body: { data: [{ ...version, version: 'v1' }] } },
      { body: { data: [] } },
    );
    await expect(client.listVersions('c-1')).resolves.toEqual([version]);
    await expect(client.listVersions('c-2')).resolves.toEqual([{ ...version, version: 'v1' }]);
  });
});
