import { describe, expect, it } from 'vitest';
import {
  Unrecognised,
  readCredits,
  readListingBody,
  readObject,
  readPagingHints,
  readPublishedLinks,
  readSubscription,
  readTaskStatus,
  readWriteAnswer,
  rowId,
  shapeOf,
} from '../../src/service-client/readings.ts';

// Each reading of an answer the interface leaves open, one body at a time:
// the first place that matches wins, and a body no reading covers is refused
// under its rule. The same readings over HTTP are in shapes.int.test.ts and
// listings.int.test.ts.

function refusal(read: () => unknown): Unrecognised {
  try {
    read();
  } catch (error) {
    if (error instanceof Unrecognised) return error;
    throw error;
  }
  throw new Error('the body was read');
}

describe('shapeOf', () => {
  it('names the type of a value, never its content', () => {
    expect(shapeOf(null)).toBe('null');
    expect(shapeOf([1, 2])).toBe('an array of 2');
    expect(shapeOf('svc_live_x')).toBe('text');
    expect(shapeOf(5)).toBe('number');
    expect(shapeOf(true)).toBe('boolean');
  });

  it('lists the keys of an object one level deep, at most twelve', () => {
    expect(shapeOf({ a: 1, b: 'x', c: { d: 1 } })).toBe('{a: number, b: text, c: an object with 1 key(s)}');
    expect(shapeOf({ a: 1, b: 2 }, 0)).toBe('an object with 2 key(s)');
    const wide = Object.fromEntries(Array.from({ length: 13 }, (_, i) => [`k${i}`, i]));
    expect(shapeOf(wide, 0)).toBe('an object with 12 key(s)');
    expect(shapeOf(wide)).not.toContain('k12');
    expect(shapeOf(wide)).toContain('k11: number');
  });
});

describe('readObject (A9)', () => {
  it('reads an object that has any field of an item as the object itself', () => {
    for (const key of ['id', 'status', 'state', 'active', 'title']) {
      const body = { [key]: 'x', data: { id: 'inner' } };
      expect(readObject(body), key).toEqual({ object: body, reading: 'the object itself' });
    }
  });

  it('reads the first object under data, content, item or result', () => {
    expect(readObject({ data: { id: 'a' } })).toEqual({ object: { id: 'a' }, reading: 'under data' });
    expect(readObject({ content: { id: 'b' } })).toEqual({ object: { id: 'b' }, reading: 'under content' });
    expect(readObject({ item: { id: 'c' } })).toEqual({ object: { id: 'c' }, reading: 'under item' });
    expect(readObject({ result: { id: 'd' } })).toEqual({ object: { id: 'd' }, reading: 'under result' });
    expect(readObject({ data: 'no', item: { id: 'e' } })).toEqual({
      object: { id: 'e' },
      reading: 'under item',
    });
  });

  it('reads {success, data} only when the object is under data', () => {
    expect(readObject({ success: true, data: { id: 'a' } })).toEqual({
      object: { id: 'a' },
      reading: '{success, data}',
    });
    expect(readObject({ success: true, content: { id: 'b' } })).toEqual({
      object: { id: 'b' },
      reading: 'under content',
    });
  });

  it('refuses anything else under A9, describing it by its shape', () => {
    expect(refusal(() => readObject([{ id: 'a' }]))).toMatchObject({
      rule: 'A9',
      seen: 'the answer is an array of 1',
    });
    expect(refusal(() => readObject('ok'))).toMatchObject({
      name: 'Unrecognised',
      rule: 'A9',
      seen: 'the answer is text',
    });
    expect(refusal(() => readObject({ data: [1] }))).toMatchObject({
      rule: 'A9',
      seen: 'the answer is {data: an array of 1}',
    });
  });
});

describe('readWriteAnswer (A14)', () => {
  it('nothing usable: no object, or no id in it', () => {
    for (const body of [null, undefined, '', 'c-1', 7, [{ id: 'a' }], {}, { data: { title: 'x' } }]) {
      expect(readWriteAnswer(body), JSON.stringify(body)).toEqual({ id: null, reading: 'nothing' });
    }
  });

  it('the item: an id with a title and a status', () => {
    expect(readWriteAnswer({ id: 'c-1', title: 't', status: 'DRAFT' })).toEqual({
      id: 'c-1',
      reading: 'the item',
    });
    expect(readWriteAnswer({ data: { id: 'c-2', title: 't', status: 'DRAFT' } })).toEqual({
      id: 'c-2',
      reading: 'the item',
    });
  });

  it('an id: without both a title and a status', () => {
    expect(readWriteAnswer({ id: 'c-1', title: 't' })).toEqual({ id: 'c-1', reading: 'an id' });
    expect(readWriteAnswer({ id: 'c-1', status: 'DRAFT' })).toEqual({ id: 'c-1', reading: 'an id' });
    expect(readWriteAnswer({ result: { creation_id: 'c-3' } })).toEqual({ id: 'c-3', reading: 'an id' });
  });

  it('takes the first id field that holds a non-empty text or a finite number', () => {
    expect(readWriteAnswer({ id: '', content_id: 'c-4' }).id).toBe('c-4');
    expect(readWriteAnswer({ contentId: 'c-5' }).id).toBe('c-5');
    expect(readWriteAnswer({ id: 42 }).id).toBe('42');
    expect(readWriteAnswer({ id: Number.POSITIVE_INFINITY, creation_id: 'c-6' }).id).toBe('c-6');
    expect(readWriteAnswer({ id: 'top', data: { id: 'inner' } }).id).toBe('top');
  });
});

describe('rowId', () => {
  it('is the id of an object row, null for anything else', () => {
    expect(rowId({ id: 'c-1' })).toBe('c-1');
    expect(rowId({ id: 3 })).toBe('3');
    expect(rowId({ title: 'x' })).toBeNull();
    expect(rowId('c-1')).toBeNull();
    expect(rowId(null)).toBeNull();
  });
});

describe('readListingBody (A5)', () => {
  it('null under a listing key is a page with no rows, unless the body says it failed', () => {
    expect(readListingBody({ data: null, page: 2, has_more: false })).toEqual({
      rows: [],
      reading: 'null for no rows',
      holder: { data: null, page: 2, has_more: false },
    });
    expect(refusal(() => readListingBody({ success: false, data: null }))).toMatchObject({ rule: 'A5' });
    expect(refusal(() => readListingBody({ data: null, error: 'database unavailable' }))).toMatchObject({
      rule: 'A5',
    });
  });

  it('a bare array, with nothing around it', () => {
    expect(readListingBody([1])).toEqual({ rows: [1], reading: 'bare array', holder: null });
  });

  it('the first array under data, items, contents, accounts or results, with the object around it', () => {
    for (const key of ['data', 'items', 'contents', 'accounts', 'results']) {
      const body = { [key]: [1], total: 1 };
      expect(readListingBody(body), key).toEqual({ rows: [1], reading: `under ${key}`, holder: body });
    }
    expect(readListingBody({ data: 'x', items: [2] }).reading).toBe('under items');
  });

  it('an array one level down, in data: the hints of both levels are kept', () => {
    const body = { meta: { page: 1 }, data: { items: [1], total: 1 } };
    expect(readListingBody(body)).toEqual({
      rows: [1],
      reading: 'under items',
      holder: { meta: { page: 1 }, data: { items: [1], total: 1 }, items: [1], total: 1 },
    });
  });

  it('refuses anything else under A5', () => {
    expect(refusal(() => readListingBody('x'))).toMatchObject({ rule: 'A5', seen: 'the listing is text' });
    expect(refusal(() => readListingBody({ data: { list: [] } }))).toMatchObject({ rule: 'A5' });
    expect(refusal(() => readListingBody({ rows: [] })).seen).toContain('{rows: an array of 0}');
  });
});

describe('readPagingHints (A7)', () => {
  const none = readPagingHints(null);

  it('reads has_more in the words a service writes flags in', () => {
    expect(readPagingHints({ has_more: 'no' }).hasMore).toBe(false);
    expect(readPagingHints({ has_more: 'Yes' }).hasMore).toBe(true);
    expect(readPagingHints({ hasMore: 0 }).hasMore).toBe(false);
    expect(readPagingHints({ has_more: 'maybe' }).hasMore).toBeNull();
  });

  it('none for a bare array or an object without hints', () => {
    expect(Object.keys(none).sort()).toEqual(
      ['count', 'hasMore', 'lastPage', 'next', 'offset', 'page', 'total', 'totalPages', 'where'].sort(),
    );
    expect(Object.values(none).every((value) => value === null)).toBe(true);
    expect(readPagingHints({ data: [], meta: {}, has_more: 'maybe', total: 'many' })).toEqual(none);
  });

  it('has_more, hasMore or has_next, as a boolean', () => {
    expect(readPagingHints({ has_more: true })).toEqual({ ...none, where: 'top level', hasMore: true });
    expect(readPagingHints({ hasMore: false }).hasMore).toBe(false);
    expect(readPagingHints({ has_next: true }).hasMore).toBe(true);
  });

  it('numbers, also as digits in text, rounded down; the first key that has one', () => {
    expect(
      readPagingHints({ total_count: '12', count: 3, total_pages: 4.9, last_page: ' 5 ', current_page: 2 }),
    ).toEqual({ ...none, where: 'top level', total: 12, count: 3, totalPages: 4, lastPage: 5, page: 2 });
    expect(readPagingHints({ total: 'x', totalCount: 7 }).total).toBe(7);
    expect(readPagingHints({ total: '1e3', total_items: -2 }).total).toBe(-2);
    expect(readPagingHints({ total: true, total_results: 9 }).total).toBe(9);
    expect(readPagingHints({ pages: 3, page_number: 1 })).toMatchObject({ totalPages: 3, page: 1 });
    expect(readPagingHints({ totalPages: 2, lastPage: 4, currentPage: 3 })).toMatchObject({
      totalPages: 2,
      lastPage: 4,
      page: 3,
    });
    expect(readPagingHints({ page_count: 6 }).totalPages).toBe(6);
  });

  it('next: an explicit end, a page number, a link or a cursor', () => {
    for (const value of [null, '', false]) {
      expect(readPagingHints({ next: value }).next, String(value)).toEqual({ kind: 'end' });
    }
    expect(readPagingHints({ next: 3 }).next).toEqual({ kind: 'page', page: 3 });
    expect(readPagingHints({ next: '4' }).next).toEqual({ kind: 'page', page: 4 });
    expect(readPagingHints({ next: 2.5 }).next).toEqual({ kind: 'page', page: 2 });
    for (const href of ['/v1/contents?page=2', 'contents?p=2', 'a=b']) {
      expect(readPagingHints({ next: href }).next, href).toEqual({ kind: 'link', href });
    }
    expect(readPagingHints({ next: { href: '/v1/x' } }).next).toEqual({ kind: 'link', href: '/v1/x' });
    expect(readPagingHints({ next: 'abc' }).next).toEqual({ kind: 'cursor', cursor: 'abc' });
    expect(readPagingHints({ next_page_url: 'abc' }).next).toEqual({ kind: 'link', href: 'abc' });
    expect(readPagingHints({ next_url: null }).next).toEqual({ kind: 'end' });
    expect(readPagingHints({ next_link: '/n' }).next).toEqual({ kind: 'link', href: '/n' });
  });

  it('a next that is none of these leaves the next keys to decide', () => {
    expect(readPagingHints({ next: true, next_cursor: 'c' }).next).toEqual({ kind: 'cursor', cursor: 'c' });
    expect(readPagingHints({ next: { href: '' }, next_page: 2 }).next).toEqual({ kind: 'page', page: 2 });
    expect(readPagingHints({ next: {}, total: 1 }).next).toBeNull();
  });

  it('cursors under their usual names, and their explicit end', () => {
    expect(readPagingHints({ next_cursor: 'c1' }).next).toEqual({ kind: 'cursor', cursor: 'c1' });
    expect(readPagingHints({ cursor_next: 5 }).next).toEqual({ kind: 'cursor', cursor: '5' });
    expect(readPagingHints({ next_token: 'tok/=' }).next).toEqual({ kind: 'cursor', cursor: 'tok/=' });
    expect(readPagingHints({ nextPageToken: '' }).next).toEqual({ kind: 'end' });
    expect(readPagingHints({ next_cursor: null }).next).toEqual({ kind: 'end' });
    expect(readPagingHints({ next_cursor: false }).next).toEqual({ kind: 'end' });
    expect(readPagingHints({ next_cursor: { a: 1 }, next_page: '6' }).next).toEqual({
      kind: 'page',
      page: 6,
    });
  });

  it('next_page as a number, or null for the end', () => {
    expect(readPagingHints({ next_page: 2 }).next).toEqual({ kind: 'page', page: 2 });
    expect(readPagingHints({ next_page: null }).next).toEqual({ kind: 'end' });
    expect(readPagingHints({ next_page: 'soon', total: 1 }).next).toBeNull();
  });

  it('merges the places, the first that has a value winning, and names the first with any hint', () => {
    expect(readPagingHints({ total: 3, meta: { total: 5, page: 2 } })).toEqual({
      ...none,
      where: 'top level',
      total: 3,
      page: 2,
    });
    expect(readPagingHints({ meta: { other: 1 }, pagination: { total: 2 } })).toMatchObject({
      where: 'pagination',
      total: 2,
    });
    expect(readPagingHints({ meta: { total: 4 }, pagination: { total: 2 } })).toMatchObject({
      where: 'meta',
      total: 4,
    });
    expect(readPagingHints({ links: { next: '/v1/contents?page=3' } })).toMatchObject({
      where: 'links',
      next: { kind: 'link', href: '/v1/contents?page=3' },
    });
    expect(readPagingHints({ paging: { has_more: false } })).toMatchObject({
      where: 'pagination',
      hasMore: false,
    });
  });
});

describe('readCredits (A10)', () => {
  it('a number, or digits as text', () => {
    expect(readCredits(5)).toEqual({ credits: 5, reading: 'a number' });
    expect(readCredits('7')).toEqual({ credits: 7, reading: 'a number' });
  });

  it('a number under one of the credit keys, at the top, under data or under credits', () => {
    expect(readCredits({ credits: 3 })).toEqual({ credits: 3, reading: 'a number' });
    expect(readCredits({ balance: '4' })).toEqual({ credits: 4, reading: 'a number' });
    expect(readCredits({ data: { available: 2 } })).toEqual({ credits: 2, reading: 'a number under data' });
    expect(readCredits({ credits: { remaining_credits: 9 } })).toEqual({
      credits: 9,
      reading: 'a number under credits',
    });
    expect(readCredits({ data: { credits: { credit_balance: 1 } } })).toEqual({
      credits: 1,
      reading: 'a number under credits',
    });
    expect(readCredits({ credits: 'many', data: { credits: 6 } })).toEqual({
      credits: 6,
      reading: 'a number under data',
    });
  });

  it('refuses anything else under A10', () => {
    expect(refusal(() => readCredits('lots'))).toMatchObject({ rule: 'A10', seen: 'the balance is text' });
    expect(refusal(() => readCredits(null))).toMatchObject({ rule: 'A10', seen: 'the balance is null' });
    expect(refusal(() => readCredits({ data: 1, credits: 'x' }))).toMatchObject({ rule: 'A10' });
  });
});

describe('readSubscription (A11)', () => {
  it('plan, limits or usage_summary under data first, then at the top', () => {
    for (const key of ['plan', 'limits', 'usage_summary']) {
      const fields = { [key]: {} };
      expect(readSubscription(fields), key).toEqual({ fields, reading: 'fields at top level' });
      expect(readSubscription({ data: fields, plan: 'p' }), key).toEqual({
        fields,
        reading: 'fields under data',
      });
    }
    const body = { data: { other: 1 }, plan: 'p' };
    expect(readSubscription(body)).toEqual({ fields: body, reading: 'fields at top level' });
  });

  it('refuses anything else under A11', () => {
    expect(refusal(() => readSubscription([]))).toMatchObject({
      rule: 'A11',
      seen: 'the subscription is an array of 0',
    });
    expect(refusal(() => readSubscription('pro'))).toMatchObject({
      rule: 'A11',
      seen: 'the subscription is text',
    });
    expect(refusal(() => readSubscription({ data: 'x' }))).toMatchObject({ rule: 'A11' });
  });
});

describe('readTaskStatus (A24)', () => {
  it('status with last_error, or error when last_error is absent', () => {
    expect(readTaskStatus({ status: 'A', last_error: 'e', error: 'f' })).toEqual({
      status: 'A',
      lastError: 'e',
      reading: 'status and last_error',
    });
    expect(readTaskStatus({ status: 'A', error: 'f' }).lastError).toBe('f');
  });

  it('state with error, or last_error when error is absent', () => {
    expect(readTaskStatus({ state: 'B', error: 'x', last_error: 'y' })).toEqual({
      status: 'B',
      lastError: 'x',
      reading: 'state and error',
    });
    expect(readTaskStatus({ state: 'B', last_error: 'y' }).lastError).toBe('y');
    expect(readTaskStatus({ status: 'A', state: 'B' }).status).toBe('A');
  });

  it('refuses an object with neither under A24', () => {
    expect(refusal(() => readTaskStatus({ progress: 1 }))).toMatchObject({ rule: 'A24' });
  });
});

describe('readPublishedLinks (A28)', () => {
  it("reads each URL's platform whatever its case, keeping one beyond the three as sent", () => {
    const { links } = readPublishedLinks({
      published_urls: [
        { url: 'https://youtube.example/1', platform: 'youtube' },
        { url: 'https://threads.example/2', platform: 'threads' },
      ],
    });
    expect(links.map((link) => link.platform)).toEqual(['YouTube', 'threads']);
    const joined = readPublishedLinks({
      published_url: 'https://a.example/1, https://b.example/2',
      published_platform: 'TIKTOK, instagram',
    });
    expect(joined.links.map((link) => link.platform)).toEqual(['TikTok', 'Instagram']);
  });
});
