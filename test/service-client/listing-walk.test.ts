import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../src/service-client/errors.ts';
import {
  ListingError,
  MAX_LISTING_BYTES,
  MAX_LISTING_ROWS,
  MAX_SHIFTED_PAGES,
  PAGES_AHEAD,
  PAGES_AT_ONCE,
  walkListing,
  type ListingPage,
  type WalkOptions,
} from '../../src/service-client/listing.ts';
import { resolveBaseUrl } from '../../src/service-client/wire.ts';

// Walking a listing page by page, on answers given directly rather than over
// HTTP: where the end is proven and where it is not, at the edges of each
// proof (a total reached exactly, the last page by number, the page cap). The
// same listings as the client reads them over HTTP are in listings.int.test.ts.

const base = resolveBaseUrl('https://svc.example.com')!;
const rows = (...ids: string[]) => ids.map((id) => ({ id }));
/** A body as the client hands it to the walk: with its size as received. */
const asPage = (body: unknown): ListingPage => ({
  body,
  bytes: Buffer.byteLength(JSON.stringify(body) ?? ''),
});

/** A service that answers each GET with the next body of the script (or error), the last one again when it runs out. */
function service(...answers: unknown[]): { get: WalkOptions['get']; asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    get: async (target) => {
      asked.push(target);
      const answer = answers[Math.min(asked.length - 1, answers.length - 1)];
      if (answer instanceof Error) throw answer;
      return asPage(answer);
    },
  };
}

function badRequest(message: string, status = 400): ServiceError {
  return new ServiceError({ status, method: 'GET', path: '/contents', serviceMessage: message, message });
}

const walk = (answers: unknown[], options: Partial<WalkOptions> = {}) => {
  const svc = service(...answers);
  return { svc, result: walkListing('/contents', { base, pageSize: 3, get: svc.get, ...options }) };
};

describe('proofs of the end', () => {
  it('a total reached exactly', async () => {
    const { svc, result } = walk([{ data: rows('a', 'b'), total: 2 }]);
    await expect(result).resolves.toMatchObject({ complete: true, proof: 'total: 2', gap: null, pages: 1 });
    expect(svc.asked).toHaveLength(1);
  });

  it('a total not yet reached asks for the next page', async () => {
    const { svc, result } = walk([
      { data: rows('a', 'b', 'c'), total: 4, page: 1 },
      { data: rows('d'), total: 4, page: 2 },
    ]);
    await expect(result).resolves.toMatchObject({ complete: true, proof: 'total: 4', pages: 2 });
    expect(svc.asked).toEqual(['/contents?limit=3&page_size=3', '/contents?page=2&limit=3&page_size=3']);
  });

  it('the number of pages reached exactly', async () => {
    const { result } = walk([
      { data: rows('a', 'b', 'c'), total_pages: 2, page: 1 },
      { data: rows('d'), total_pages: 2, page: 2 },
    ]);
    await expect(result).resolves.toMatchObject({ complete: true, proof: 'total_pages: 2', pages: 2 });
  });

  it('the last page by its number', async () => {
    const { svc, result } = walk([
      { data: rows('a', 'b', 'c'), last_page: 1, page: 0 },
      { data: rows('d'), last_page: 1, page: 1 },
    ]);
    await expect(result).resolves.toMatchObject({
      complete: true,
      proof: 'last_page: 1',
      paging: 'pages from 0',
    });
    expect(svc.asked[1]).toBe('/contents?page=1&limit=3&page_size=3');
  });

  it('has_more: true outweighs a total already reached', async () => {
    const { svc, result } = walk([
      { data: rows('a'), total: 1, has_more: true, page: 1 },
      { data: rows('b'), total: 1, has_more: false, page: 2 },
    ]);
    const out = await result;
    expect(out).toMatchObject({ proof: 'has_more: false', complete: true, rows: rows('a', 'b') });
    expect(svc.asked).toHaveLength(2);
  });

  it('a proof that contradicts the total leaves the listing unproven, saying why', async () => {
    const { result } = walk([{ data: rows('a', 'b'), total: 5, has_more: false }]);
    await expect(result).resolves.toMatchObject({
      complete: false,
      proof: 'has_more: false',
      gap: 'the service says 5 items but 2 were listed',
    });
  });

  it('an empty next link', async () => {
    const { result } = walk([{ data: rows('a'), next: null }]);
    await expect(result).resolves.toMatchObject({ complete: true, proof: 'an empty next link' });
  });

  it('a cursor-paged listing that gives no next cursor has ended', async () => {
    const { svc, result } = walk([{ data: rows('a'), next_cursor: 'c2' }, { data: rows('b') }]);
    await expect(result).resolves.toMatchObject({
      complete: true,
      proof: 'no next link',
      paging: 'next cursors',
    });
    expect(svc.asked[1]).toBe('/contents?cursor=c2&limit=3&page_size=3');
  });

  it('a cursor-paged listing that still says has_more asks for the next page by number', async () => {
    const { svc, result } = walk([
      { data: rows('a'), next_cursor: 'c2' },
      { data: rows('b'), has_more: true, page: 4 },
      { data: [] },
    ]);
    await expect(result).resolves.toMatchObject({ complete: true, proof: 'an empty page' });
    expect(svc.asked[2]).toBe('/contents?page=5&limit=3&page_size=3');
  });
});

describe('what cannot be proven', () => {
  it('stops at the page cap, exactly, and says so', async () => {
    const { svc, result } = walk(
      [
        { data: rows('a'), has_more: true, next: 2 },
        { data: rows('b'), next: 3 },
      ],
      {
        maxPages: 2,
      },
    );
    await expect(result).resolves.toMatchObject({
      complete: false,
      proof: null,
      pages: 2,
      gap: 'the listing was still going after 2 pages',
    });
    expect(svc.asked).toHaveLength(2);
  });

  it('rows without an id: the gap names how many and on which page', async () => {
    const { result } = walk([
      { data: [...rows('a'), { title: 'x' }, { title: 'y' }], page: 1 },
      { data: [{ title: 'z' }], page: 2, has_more: false },
    ]);
    await expect(result).resolves.toMatchObject({
      complete: false,
      gap: '2 row(s) on page 1 carry no id; 1 row(s) on page 2 carry no id',
      rows: rows('a'),
    });
  });

  it('a page of rows none of which has an id is not taken for a repeated page', async () => {
    const { result } = walk([
      { data: rows('a'), page: 1 },
      { data: [{ title: 'x' }], page: 2 },
      { data: [] },
    ]);
    await expect(result).resolves.toMatchObject({ complete: false, proof: 'an empty page', rows: rows('a') });
  });

  it('a page that repeats the first while the service says there is more: an error after a few requests', async () => {
    const { svc, result } = walk([
      { data: rows('a', 'b', 'c'), page: 1, has_more: true },
      { data: rows('a', 'b', 'c'), page: 1, has_more: true },
    ]);
    await expect(result).rejects.toThrow(/says there is more, but page 3 repeats items already read/);
    expect(svc.asked).toHaveLength(3);
    await expect(
      walk([
        { data: rows('a', 'b'), next: 2 },
        { data: rows('a', 'b'), next: 2 },
      ]).result,
    ).rejects.toBeInstanceOf(ListingError);
  });

  it('a next link or cursor offered again leads back to a page already read: an error', async () => {
    await expect(
      walk([
        { data: rows('a'), next_cursor: 'c2' },
        { data: rows('b'), next_cursor: 'c2' },
      ]).result,
    ).rejects.toThrow(/leads back to a page already read/);
    await expect(
      walk([
        { data: rows('a'), next: '/v1/contents?after=a' },
        { data: rows('b'), next: '/v1/contents?after=a' },
      ]).result,
    ).rejects.toBeInstanceOf(ListingError);
  });

  it('nothing proved: the gap says so', async () => {
    const { result } = walk([
      { data: rows('a'), next: { href: '/v1/contents?page=2' } },
      { data: rows('b') },
    ]);
    const out = await result;
    // A link-paged listing without a next link has ended.
    expect(out).toMatchObject({ complete: true, proof: 'no next link', paging: 'next links' });
  });
});

describe("a first page cut at the service's own size", () => {
  it('asks the next pages in that size, so that page 2 starts where page 1 ended', async () => {
    // Page 1 came in the service's default of 2 (a redirect lost the size asked for), saying there are 3.
    const { svc, result } = walk(
      [
        { data: rows('a', 'b'), page: 1, total: 3 },
        { data: rows('c'), page: 2, total: 3 },
      ],
      { pageSize: 100 },
    );
    await expect(result).resolves.toMatchObject({ complete: true, rows: rows('a', 'b', 'c') });
    expect(svc.asked[1]).toBe('/contents?page=2&limit=2&page_size=2');
  });
});

describe('a service that does not page', () => {
  it('page=1 and page=2 repeat the first answer, and so does an offset: one page, proven', async () => {
    const { svc, result } = walk([{ data: rows('a', 'b') }], { pageSize: 100 });
    await expect(result).resolves.toMatchObject({
      complete: true,
      proof: 'one answer, shorter than any page size, that paging and offset do not change',
      paging: 'not paged',
      rows: rows('a', 'b'),
    });
    expect(svc.asked).toEqual([
      '/contents?limit=100&page_size=100',
      '/contents?page=1&limit=100&page_size=100',
      '/contents?page=2&limit=100&page_size=100',
      '/contents?limit=1&page_size=1&per_page=1&offset=2&skip=2',
    ]);
  });

  it('a bare array, or one under data with no hints: the same reading', async () => {
    for (const body of [rows('a', 'b', 'c', 'd'), { data: rows('a', 'b', 'c', 'd') }]) {
      await expect(walk([body], { pageSize: 100 }).result).resolves.toMatchObject({
        complete: true,
        paging: 'not paged',
      });
    }
  });

  it('the same answer with a usual page size, or with as many rows as asked for, proves nothing', async () => {
    const twenty = Array.from({ length: 20 }, (_, i) => `r${i}`);
    await expect(walk([{ data: rows(...twenty) }], { pageSize: 100 }).result).resolves.toMatchObject({
      complete: false,
      paging: 'not paged',
      gap: 'the service answers every page with the same 20 rows, a usual page size, so there may be more it does not show',
    });
    await expect(walk([rows('a', 'b', 'c')], { pageSize: 3 }).result).resolves.toMatchObject({
      complete: false,
    });
  });

  it('an offset that brings new rows: the service pages by offset, read on to an empty page', async () => {
    const { svc, result } = walk([rows('a', 'b'), rows('a', 'b'), rows('a', 'b'), rows('c'), rows('d'), []], {
      pageSize: 100,
    });
    await expect(result).resolves.toMatchObject({
      complete: true,
      proof: 'an empty page',
      paging: 'offsets',
      rows: rows(...'abcd'),
    });
    expect(svc.asked.slice(3)).toEqual([
      '/contents?limit=1&page_size=1&per_page=1&offset=2&skip=2',
      '/contents?limit=100&page_size=100&per_page=100&offset=3&skip=3',
      '/contents?limit=100&page_size=100&per_page=100&offset=4&skip=4',
    ]);
  });

  it('an offset that brings only rows already read, in another order: not proven', async () => {
    const { result } = walk([rows('a', 'b', 'c'), rows('a', 'b', 'c'), rows('a', 'b', 'c'), rows('c', 'a')], {
      pageSize: 100,
    });
    await expect(result).resolves.toMatchObject({
      complete: false,
      gap: 'the service answers every page with rows already read, whatever is asked',
    });
  });

  it('a service that honours the size but not the page or the offset: no answer proves the end', async () => {
    // Three rows, then the first two for a smaller size at an offset: a service
    // that caps its pages at three rows, whatever it holds, answers the same.
    const short = walk([rows('a', 'b', 'c'), rows('a', 'b', 'c'), rows('a', 'b', 'c'), rows('a', 'b')], {
      pageSize: 100,
    });
    await expect(short.result).resolves.toMatchObject({
      complete: false,
      paging: 'not paged',
      gap: 'the service answers a smaller page size with its first rows, whatever page or offset is asked, so rows past the first 3 cannot be read',
    });
  });

  it('an offset past the rows that answers nothing proves the end', async () => {
    const { result } = walk([rows('a', 'b'), rows('a', 'b'), rows('a', 'b'), []], { pageSize: 100 });
    await expect(result).resolves.toMatchObject({ complete: true, proof: 'an empty page at offset 2' });
  });

  it('an offset refused is no proof, and no error', async () => {
    const { result } = walk([rows('a', 'b'), rows('a', 'b'), rows('a', 'b'), badRequest('unknown offset')], {
      pageSize: 100,
    });
    await expect(result).resolves.toMatchObject({ complete: false, rows: rows('a', 'b') });
  });
});

describe('pages that shift while they are read', () => {
  it('newest first, items created meanwhile: a page of the last page tail is read past, and the end proven', async () => {
    // Two items created between page 1 and page 2 push c and d onto page 2, which then holds nothing new.
    const { svc, result } = walk([rows('a', 'b', 'c'), rows('c', 'd'), rows('c', 'd'), rows('e'), []]);
    const out = await result;
    expect(out).toMatchObject({ complete: true, proof: 'an empty page', rows: rows(...'abcde') });
    expect(svc.asked).toHaveLength(5);
  });

  it('once the service has shown it pages, a page equal to the one before is a shift, not a loop', async () => {
    const { result } = walk([
      { data: rows('a', 'b'), page: 1, has_more: true },
      { data: rows('c', 'd'), page: 2, has_more: true },
      { data: rows('c', 'd'), page: 3, has_more: true },
      { data: rows('c', 'd'), page: 4, has_more: true },
      { data: rows('e'), page: 5, has_more: false },
    ]);
    await expect(result).resolves.toMatchObject({ complete: true, rows: rows(...'abcde') });
  });

  it('pages of rows already read, on and on: the listing is not proven, and the walk stops', async () => {
    const stuck = Array.from({ length: 60 }, () => ({ data: rows('c', 'd'), has_more: true }));
    const { svc, result } = walk([
      { data: rows('a', 'b'), page: 1, has_more: true },
      { data: rows('c', 'd'), page: 2, has_more: true },
      ...stuck,
    ]);
    await expect(result).resolves.toMatchObject({
      complete: false,
      gap: `${MAX_SHIFTED_PAGES} pages in a row held only items already read`,
    });
    // The pages asked for ahead of the walk when it stopped are dropped.
    expect(svc.asked.length).toBeGreaterThanOrEqual(2 + MAX_SHIFTED_PAGES + 1);
    expect(svc.asked.length).toBeLessThanOrEqual(2 + MAX_SHIFTED_PAGES + 1 + PAGES_AHEAD);
  });

  it('a page=1 that overlaps the first page only in part leaves the numbering unsure: total_pages proves nothing', async () => {
    const { svc, result } = walk([
      { data: rows('a', 'b', 'c'), total_pages: 2 },
      { data: rows('c', 'd', 'e'), total_pages: 2 },
      { data: rows('f'), total_pages: 2 },
      { data: [], total_pages: 2 },
    ]);
    await expect(result).resolves.toMatchObject({ complete: true, proof: 'an empty page' });
    expect(svc.asked).toHaveLength(4);
  });
});

describe('pages read at once', () => {
  /** A service of `count` rows in pages of 3 (from 1), answering after a tick; how many requests were in flight at most. */
  function paged(count: number, hints: (page: number) => Record<string, unknown>) {
    const asked: string[] = [];
    let inFlight = 0;
    let most = 0;
    const get: WalkOptions['get'] = async (target) => {
      asked.push(target);
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 2));
      inFlight--;
      const page = Number(new URLSearchParams(target.split('?')[1]).get('page') ?? '1');
      const ids = Array.from({ length: count }, (_, i) => `r${i}`).slice((page - 1) * 3, page * 3);
      return asPage({ data: rows(...ids), page, ...hints(page) });
    };
    return { get, asked, most: () => most };
  }

  it('total_pages on the first page: the rest asked for at once, taken in turn, the end proven as ever', async () => {
    const svc = paged(20, () => ({ total_pages: 7 }));
    const out = await walkListing('/contents', { base, pageSize: 3, get: svc.get });
    expect(out).toMatchObject({ complete: true, proof: 'total_pages: 7', pages: 7 });
    expect(out.rows).toEqual(rows(...Array.from({ length: 20 }, (_, i) => `r${i}`)));
    expect(svc.most()).toBeGreaterThan(1);
    expect(new Set(svc.asked).size).toBe(svc.asked.length);
    expect(svc.asked).toHaveLength(7);
  });

  it('a total with pages as long as asked for counts them too', async () => {
    const svc = paged(20, (page) => ({ total: 20, has_more: page < 7 }));
    const out = await walkListing('/contents', { base, pageSize: 3, get: svc.get });
    expect(out).toMatchObject({ complete: true, pages: 7 });
    expect(svc.most()).toBeGreaterThan(1);
  });

  it('nothing that proves the count: once the service pages, the next pages are asked for ahead, a few past the end at most', async () => {
    const svc = paged(20, (page) => ({ has_more: page < 7 }));
    const out = await walkListing('/contents', { base, pageSize: 3, get: svc.get });
    expect(out).toMatchObject({ complete: true, proof: 'has_more: false', pages: 7 });
    expect(svc.most()).toBe(1 + PAGES_AHEAD);
    expect(svc.asked.length).toBeLessThanOrEqual(7 + PAGES_AHEAD);
  });

  it('a walk that ends before the count asks for nothing more', async () => {
    const svc = paged(20, (page) => ({ total_pages: 7, has_more: page < 2 }));
    const out = await walkListing('/contents', { base, pageSize: 3, get: svc.get });
    expect(out).toMatchObject({ proof: 'has_more: false', pages: 2 });
    await new Promise((resolve) => setTimeout(resolve, 30));
    // The first page, the few asked at once, and none after the walk ended.
    expect(svc.asked.length).toBeLessThanOrEqual(1 + PAGES_AT_ONCE);
  });
});

describe('the numbering of pages', () => {
  it('learned from page=1 repeating the first page: pages from 1, the repeat not counted as a page', async () => {
    const { svc, result } = walk([
      { data: rows('a', 'b', 'c') },
      { data: rows('a', 'b', 'c') },
      { data: rows('d'), total_pages: 2 },
    ]);
    await expect(result).resolves.toMatchObject({ complete: true, paging: 'pages from 1', pages: 3 });
    expect(svc.asked.slice(1, 3)).toEqual([
      '/contents?page=1&limit=3&page_size=3',
      '/contents?page=2&limit=3&page_size=3',
    ]);
    expect(svc.asked.length).toBeLessThanOrEqual(3 + PAGES_AHEAD);
  });

  it('the repeated first page is not counted against total_pages', async () => {
    const { svc, result } = walk([
      { data: rows('a', 'b', 'c'), total_pages: 3 },
      { data: rows('a', 'b', 'c'), total_pages: 3 },
      { data: rows('d', 'e', 'f'), total_pages: 3 },
      { data: rows('g'), total_pages: 3 },
    ]);
    await expect(result).resolves.toMatchObject({ proof: 'total_pages: 3', rows: rows(...'abcdefg') });
    expect(svc.asked).toHaveLength(4);
  });

  it('pages from 0 count every page against total_pages', async () => {
    const { svc, result } = walk([
      { data: rows('a', 'b', 'c'), total_pages: 3 },
      { data: rows('d', 'e', 'f'), total_pages: 3 },
      { data: rows('g'), total_pages: 3 },
    ]);
    await expect(result).resolves.toMatchObject({ proof: 'total_pages: 3', paging: 'pages from 0' });
    expect(svc.asked).toHaveLength(3);
  });

  it('page=1 that repeats only part of the first page goes on from it: pages from 0', async () => {
    const { result } = walk([{ data: rows('a', 'b', 'c') }, { data: rows('c', 'd', 'e') }, { data: [] }]);
    await expect(result).resolves.toMatchObject({ paging: 'pages from 0', rows: rows(...'abcde') });
  });

  it('a last_page without the number of the page proves nothing', async () => {
    const { svc, result } = walk([{ data: rows('a', 'b', 'c'), last_page: 0 }, { data: [] }]);
    await expect(result).resolves.toMatchObject({ proof: 'an empty page' });
    expect(svc.asked).toHaveLength(2);
  });

  it('learned from page=1 going on: pages from 0', async () => {
    const { result } = walk([{ data: rows('a', 'b', 'c') }, { data: rows('d', 'e', 'f') }, { data: [] }]);
    await expect(result).resolves.toMatchObject({
      complete: true,
      paging: 'pages from 0',
      rows: rows(...'abcdef'),
    });
  });

  it('an empty answer to page=1 is no repeat', async () => {
    const { result } = walk([{ data: rows('a', 'b', 'c') }, { data: [] }]);
    await expect(result).resolves.toMatchObject({ complete: true, paging: 'pages from 0', pages: 2 });
  });

  it('a next page number of 1 or less means pages from 0; above, pages from 1', async () => {
    const { svc, result } = walk([{ data: rows('a'), next: 1 }, { data: rows('b'), next: 2 }, { data: [] }]);
    await expect(result).resolves.toMatchObject({ paging: 'pages from 0', rows: rows('a', 'b') });
    expect(svc.asked.slice(1, 3)).toEqual([
      '/contents?page=1&limit=3&page_size=3',
      '/contents?page=2&limit=3&page_size=3',
    ]);
    expect(svc.asked.length).toBeLessThanOrEqual(3 + PAGES_AHEAD);
    await expect(walk([{ data: rows('a'), next: 2 }, { data: [] }]).result).resolves.toMatchObject({
      paging: 'pages from 1',
    });
  });

  it('a page number in the hints: 0 means pages from 0, more means pages from 1', async () => {
    await expect(walk([{ data: rows('a'), page: 0 }, { data: [] }]).result).resolves.toMatchObject({
      paging: 'pages from 0',
    });
    await expect(walk([{ data: rows('a'), page: 1 }, { data: [] }]).result).resolves.toMatchObject({
      paging: 'pages from 1',
    });
  });
});

describe('the page size', () => {
  it('honoured: the first page is as long as asked', async () => {
    await expect(walk([{ data: rows('a', 'b', 'c'), total: 3 }]).result).resolves.toMatchObject({
      size: 'honoured',
      pageSize: 3,
    });
  });

  it('the service size: a first page longer than asked, or shorter with more pages after it', async () => {
    await expect(walk([{ data: rows('a', 'b', 'c', 'd'), total: 4 }]).result).resolves.toMatchObject({
      size: 'service size',
    });
    await expect(
      walk([{ data: rows('a', 'b'), page: 1 }, { data: rows('c'), page: 2 }, { data: [] }]).result,
    ).resolves.toMatchObject({ size: 'service size' });
    await expect(walk([{ data: rows('a', 'b'), total: 2 }]).result).resolves.toMatchObject({ size: null });
    // Only the first page again: nothing says the service pages by its own size.
    await expect(
      walk([{ data: rows('a', 'b') }, { data: rows('a', 'b') }, { data: [] }]).result,
    ).resolves.toMatchObject({ size: null, pages: 3 });
  });

  it('honoured on the first page stays so, whatever the pages after it hold', async () => {
    const { result } = walk([
      { data: rows('a', 'b', 'c'), page: 1 },
      { data: rows('d'), page: 2 },
      { data: [] },
    ]);
    await expect(result).resolves.toMatchObject({ size: 'honoured', rows: rows(...'abcd') });
  });

  it('the size asked for is a whole number of at least 1', async () => {
    const { svc, result } = walk([{ data: rows('a'), total: 1 }], { pageSize: 0.5 });
    await expect(result).resolves.toMatchObject({ pageSize: 1 });
    expect(svc.asked[0]).toBe('/contents?limit=1&page_size=1');
  });

  it('lowered after a 400 that names it: to the largest smaller number the message gives', async () => {
    const { svc, result } = walk(
      [badRequest('page_size must be 1 to 2, not 10000'), { data: rows('a'), total: 1 }],
      {
        pageSize: 10,
      },
    );
    await expect(result).resolves.toMatchObject({ size: 'lowered after a 400', pageSize: 2, complete: true });
    expect(svc.asked).toEqual(['/contents?limit=10&page_size=10', '/contents?limit=2&page_size=2']);
  });

  it('to 1 when the message says 1, never to 0', async () => {
    for (const message of ['page_size must be 1 or 20', 'limit must be between 0 and 1']) {
      const { result } = walk([badRequest(message), { data: rows('a'), total: 1 }], { pageSize: 10 });
      await expect(result, message).resolves.toMatchObject({ pageSize: 1 });
    }
    const { result } = walk([badRequest('limit too large'), { data: rows('a'), total: 1 }], { pageSize: 2 });
    await expect(result).resolves.toMatchObject({ pageSize: 1 });
  });

  it('to half, when the message gives no smaller number', async () => {
    for (const message of [
      'limit too large',
      'size must be at most 10',
      'limit must be between 0 and 10000',
    ]) {
      const { svc, result } = walk([badRequest(message), { data: rows('a'), total: 1 }], { pageSize: 10 });
      await expect(result, message).resolves.toMatchObject({ pageSize: 5 });
      expect(svc.asked[1]).toBe('/contents?limit=5&page_size=5');
    }
  });

  it('a 400 that names no size, another status, or a size that cannot go lower is thrown as is', async () => {
    const cases: Array<[Error, number]> = [
      [badRequest('bad cursor 5'), 10],
      [badRequest('limit at most 5', 422), 10],
      [new Error('limit at most 5'), 10],
      [badRequest('per_page too large'), 1],
    ];
    for (const [error, pageSize] of cases) {
      const { svc, result } = walk([error], { pageSize });
      await expect(result, error.message).rejects.toBe(error);
      expect(svc.asked, error.message).toHaveLength(1);
    }
  });

  it('a 400 on a next link is thrown as is: the link is the service own', async () => {
    const error = badRequest('page size too large');
    const { result } = walk([{ data: rows('a'), next: '/v1/contents?page=2&limit=3' }, error]);
    await expect(result).rejects.toBe(error);
  });
});

describe('rows', () => {
  it('by the identity given, each once', async () => {
    const { result } = walk(
      [
        { data: [{ key: 'x' }, { key: 'y' }], page: 1 },
        { data: [{ key: 'y' }, { key: 'z' }], page: 2, has_more: false },
      ],
      { identify: (row) => (row as { key: string }).key },
    );
    await expect(result).resolves.toMatchObject({
      rows: [{ key: 'x' }, { key: 'y' }, { key: 'z' }],
      complete: true,
    });
  });

  it('names the envelope and where the hints were first found', async () => {
    const { result } = walk([
      { items: rows('a'), meta: { page: 1 } },
      { items: [], total: 1 },
    ]);
    await expect(result).resolves.toMatchObject({ envelope: 'under items', hints: 'hints under meta' });
    await expect(walk([[{ id: 'a' }], []]).result).resolves.toMatchObject({
      envelope: 'bare array',
      hints: 'no hints',
    });
  });
});

describe('the whole listing is capped', () => {
  /** A service that always says there is more, with new rows on every page. */
  function endless(perPage: number, filler = ''): { get: WalkOptions['get']; asked: () => number } {
    let asked = 0;
    return {
      asked: () => asked,
      get: async (target) => {
        asked++;
        const page = Number(/[?&]page=(\d+)/.exec(target)?.[1] ?? 0);
        const data = Array.from({ length: perPage }, (_, i) => ({
          id: `p${page}-${i}`,
          title: `${filler}${i}`,
        }));
        return asPage({ data, page, has_more: true });
      },
    };
  }

  it('caps rows and bytes generously: a catalogue of 10,000 items fits many times over', () => {
    expect(MAX_LISTING_ROWS).toBe(200_000);
    expect(MAX_LISTING_BYTES).toBe(512 * 1024 * 1024);
  });

  it('stops with an error that names the row cap and what to do', async () => {
    const svc = endless(1000);
    // A tenth of the default cap (the walk is the same, in a tenth of the time); the page
    // cap, far above the row cap here, keeps a walk without a row cap from running for long.
    const options = { base, pageSize: 1000, get: svc.get, maxPages: 250, maxRows: 20_000 };
    const result = walkListing('/contents', options);
    await expect(result).rejects.toThrow(ListingError);
    await expect(result).rejects.toThrow(/more than 20,000 rows/);
    await expect(result).rejects.toThrow(/base-url/);
    // Stopped at the cap, not at the page limit.
    expect(svc.asked()).toBeLessThan(25 + PAGES_AHEAD + PAGES_AT_ONCE);
  });

  it('stops with an error that names the byte cap, counted on the rows kept', async () => {
    const svc = endless(10, 'x'.repeat(10_000));
    const result = walkListing('/contents', {
      base,
      pageSize: 10,
      get: svc.get,
      maxPages: 50,
      maxBytes: 1024 * 1024,
    });
    await expect(result).rejects.toThrow(/more than 1 MiB of rows/);
    expect(svc.asked()).toBeLessThan(12 + PAGES_AHEAD + PAGES_AT_ONCE);
  });

  it('a listing just under the caps is read whole', async () => {
    const { result } = walk(
      [
        { data: rows('a', 'b', 'c'), page: 1 },
        { data: rows('d'), page: 2, has_more: false },
      ],
      { maxRows: 4 },
    );
    await expect(result).resolves.toMatchObject({ complete: true, rows: rows('a', 'b', 'c', 'd') });
    const over = walk(
      [
        { data: rows('a', 'b', 'c'), page: 1 },
        { data: rows('d', 'e'), page: 2, has_more: false },
      ],
      { maxRows: 4 },
    );
    await expect(over.result).rejects.toThrow(/more than 4 rows/);
  });
});
