import { describe, expect, it } from 'vitest';
import { ResponseShapeError } from '../../src/api/index.ts';
import type { LoggedRequest } from '../support/scripted-server.ts';
import { setup, summary } from './fixtures.ts';

// Listings (A5–A7): every envelope, every paging hint, followed to the end.

const t = setup();

const ids = (items: Array<{ id: string }>): string[] => items.map((item) => item.id);
const pages = (requests: LoggedRequest[]): Array<string | null> => requests.map((r) => r.query.get('page'));

describe('paging', () => {
  it('asks ?page=N&limit=size&page_size=size (A6)', async () => {
    const { client } = t.make({ pageSize: 2 });
    t.server.on('GET', '/contents', { body: [] });
    await client.listContents();
    expect(t.server.requests()[0]?.url).toBe('/v1/contents?page=1&limit=2&page_size=2');
  });

  it('follows has_more to the end', async () => {
    const { client } = t.make({ pageSize: 2 });
    t.server.on(
      'GET',
      '/contents',
      { body: { data: [summary('a'), summary('b')], page: 1, limit: 2, total: 5, has_more: true } },
      { body: { data: [summary('c'), summary('d')], page: 2, limit: 2, total: 5, has_more: true } },
      { body: { data: [summary('e')], page: 3, limit: 2, total: 5, has_more: false } },
    );
    expect(ids(await client.listContents())).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(pages(t.server.requests())).toEqual(['1', '2', '3']);
  });

  it('follows a next page number', async () => {
    const { client } = t.make();
    t.server.on(
      'GET',
      '/contents',
      { body: { items: [summary('a')], next: 2 } },
      { body: { items: [summary('b')], next: '3' } },
      { body: { items: [summary('c')], next: null } },
    );
    expect(ids(await client.listContents())).toEqual(['a', 'b', 'c']);
    expect(pages(t.server.requests())).toEqual(['1', '2', '3']);
  });

  it('follows a next URL or path whose query holds page', async () => {
    const { client } = t.make();
    t.server.on(
      'GET',
      '/accounts',
      {
        body: {
          accounts: [{ id: 'a-1', name: 'Main', platform: 'YouTube', platform_acronym: 'YT' }],
          next: 'https://svc.example/v1/accounts?page=2&limit=100',
        },
      },
      {
        body: {
          accounts: [{ id: 'a-2', name: 'Clips', platform: 'TikTok', platform_acronym: 'TT' }],
          next: '/v1/accounts?limit=100&page=3',
        },
      },
      { body: { accounts: [{ id: 'a-3', name: 'Reels', platform: 'Instagram', platform_acronym: 'IG' }] } },
    );
    expect(ids(await client.listAccounts())).toEqual(['a-1', 'a-2', 'a-3']);
    expect(pages(t.server.requests())).toEqual(['1', '2', '3']);
  });

  it('follows total until every item is read', async () => {
    const { client } = t.make();
    t.server.on(
      'GET',
      '/contents',
      { body: { results: [summary('a'), summary('b')], total: 3 } },
      { body: { results: [summary('c')], total: 3 } },
    );
    expect(ids(await client.listContents())).toEqual(['a', 'b', 'c']);
    expect(t.server.requests()).toHaveLength(2);
  });

  it('a listing with no hint is one page', async () => {
    const { client } = t.make();
    t.server.on('GET', '/contents', { body: [summary('a'), summary('b')] });
    t.server.on('GET', '/contents', { body: [summary('z')] });
    expect(ids(await client.listContents())).toEqual(['a', 'b']);
    expect(t.server.requests()).toHaveLength(1);
  });

  it('an empty page ends the listing whatever the hints say', async () => {
    const { client } = t.make();
    t.server.on(
      'GET',
      '/contents',
      { body: { data: [summary('a')], has_more: true } },
      { body: { data: [], has_more: true, total: 99 } },
    );
    expect(ids(await client.listContents())).toEqual(['a']);
    expect(t.server.requests()).toHaveLength(2);
  });

  it('a next link without a readable page moves one page on', async () => {
    const { client } = t.make();
    t.server.on(
      'GET',
      '/contents',
      { body: { contents: [summary('a')], next: 'cursor-xyz' } },
      { body: { contents: [summary('b')] } },
    );
    expect(ids(await client.listContents())).toEqual(['a', 'b']);
    expect(pages(t.server.requests())).toEqual(['1', '2']);
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
      },
    });
    const [item] = await client.listContents();
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
      last_error: null,
      creation_date: null,
      updated_at: null,
      upload_date: null,
    });
  });

  it('an unknown status is a shape error naming the page and item', async () => {
    const { client } = t.make();
    t.server.on('GET', '/contents', { body: [summary('a'), summary('b', { status: 'DONE' })] });
    await expect(client.listContents()).rejects.toThrow(
      /page 1, item 2: content item b has an unknown status "DONE"/,
    );
  });

  it('an account on a platform cased differently is refused, not guessed', async () => {
    const { client } = t.make();
    t.server.on('GET', '/accounts', {
      body: [{ id: 'a-1', name: 'Main', platform: 'youtube', platform_acronym: 'YT' }],
    });
    await expect(client.listAccounts()).rejects.toThrow(
      /platform "youtube", not one of YouTube, TikTok, Instagram/,
    );
  });

  it('versions are a listing too (A12), in either envelope', async () => {
    const { client } = t.make();
    const version = {
      version: 2,
      title: 'T',
      full_text: 'F',
      textover: 'X',
      created_at: '2026-01-02T00:00:00Z',
    };
    t.server.on('GET', '/contents/c-1/versions', { body: [version] });
    t.server.on('GET', '/contents/c-2/versions', { body: { data: [{ ...version, version: 'v1' }] } });
    await expect(client.listVersions('c-1')).resolves.toEqual([version]);
    await expect(client.listVersions('c-2')).resolves.toEqual([{ ...version, version: 'v1' }]);
  });
});
