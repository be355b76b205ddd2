import { ServiceError } from './errors.ts';
import {
  readListingBody,
  readPagingHints,
  rowId,
  type Next,
  type PagingHints,
  type ReadingOf,
} from './readings.ts';
import { listingQuery, offsetQuery, resolveLink, type BaseUrl } from './wire.ts';
import { formatBytes } from './bounded-response.ts';
import { thousands } from '../text/thousands.ts';

// Reading a whole listing (A5-A7) whatever paging the service chose, and
// proving that nothing was missed: a manifest whose item sits on an unread
// page would be created a second time. The first page is asked for without a
// page number, so a service counting from 0 and one counting from 1 both
// start at their own first page; the numbering is then learned from the
// answer's own hints, or from whether `page=1` repeats that first page.
//
// A page made only of rows already read means one of three things, told
// apart by what it repeats and by what the service said before:
// - the service does not page at all: the next page is the first answer
//   again, and nothing says there is more. That is one page (its proof is
//   in `unpagedVerdict`), not an error;
// - the service ignores the page asked for while saying there is more: read
//   on and it loops, trust it and a page is missed. A clear error;
// - items were created while the listing was read (newest first): the rows
//   of a page slid onto the next. Once the service has shown that it pages,
//   such a page is read past, and the listing is still proven as usual.

/** A listing never runs past this many pages, whatever the hints say. */
const MAX_PAGES = 10_000;
/**
 * Every page is capped (bounded-response.ts) but every row of every page is
 * kept: without a cap on the whole, a service that always says there is more
 * holds the run's memory until the runner kills it. Twenty times the 10,000
 * items of a large catalogue (docs/large-catalogues.md), and far more bytes
 * than such rows take, so that only a service gone wrong reaches them.
 */
export const MAX_LISTING_ROWS = 200_000;
/** The rows kept, as the service sent them (their JSON, UTF-8). */
export const MAX_LISTING_BYTES = 512 * 1024 * 1024;
/** Pages in a row that bring only rows already read (the listing shifting under new items) before the walk gives up proving it. */
export const MAX_SHIFTED_PAGES = 50;
/** Pages read at once when the first answer proves how many there are. */
export const PAGES_AT_ONCE = 8;
/**
 * Numbered pages asked for ahead of the walk when nothing gives their count,
 * once the service has shown that it pages by number: at most this many are
 * asked for past the end and dropped. Four keep a walk at the service's pace
 * while the run parses beside it; with two, a loaded machine's walk of 100
 * pages took a fifth longer.
 */
export const PAGES_AHEAD = 4;
/** Answers in a row that repeat an earlier one while the hints say there is more, before the walk stops. */
const REPEATS_BEFORE_ERROR = 2;
/**
 * Page sizes services commonly default to or cap at. A service that answers
 * every request with exactly this many rows may be one that pages by its own
 * size through a parameter the client does not know, so such an answer proves
 * nothing (docs/service-assumptions.md, A7).
 */
const COMMON_PAGE_SIZES: ReadonlySet<number> = new Set([10, 20, 25, 30, 50, 100, 200, 250, 500, 1000]);

/** A listing the service answered in a way that cannot be read completely: nothing may be planned from it. */
export class ListingError extends Error {
  override name = 'ListingError';
}

export interface ListingOutcome {
  rows: unknown[];
  complete: boolean;
  /** How completeness was proven (`an empty page`, `has_more: false`, …), or null. */
  proof: string | null;
  /** Why it could not be proven; null when complete. */
  gap: string | null;
  /**
   * The one gap is that the service counts more items than it listed: a
   * listing read from a replica behind the writes, which reading it again
   * a moment later may prove complete.
   */
  behind: boolean;
  pages: number;
  envelope: ReadingOf<'A5'> | null;
  paging: ReadingOf<'A7'>;
  hints: ReadingOf<'A7'>;
  size: ReadingOf<'A6'> | null;
  /** The page size finally asked for. */
  pageSize: number;
}

/** One answer of the listing: its body, and its size as received. */
export interface ListingPage {
  body: unknown;
  bytes: number;
}

export interface WalkOptions {
  base: BaseUrl;
  pageSize: number;
  maxPages?: number;
  /** Rows kept before the walk stops with a ListingError; default MAX_LISTING_ROWS. */
  maxRows?: number;
  /** Bytes of rows kept before the walk stops with a ListingError; default MAX_LISTING_BYTES. */
  maxBytes?: number;
  /** GET of a path with its query, relative to the /v1 prefix; throws ServiceError on an error status. */
  get(pathAndQuery: string): Promise<ListingPage>;
  /** A row's identity, for de-duplicating; default its `id`. */
  identify?: (row: unknown) => string | null;
  /**
   * Each page's new rows as they arrive (`first` is the index of the first in
   * `rows`), so that a caller can start work on them while the walk goes on.
   * Nothing more: whether the listing is complete is known only at the end.
   */
  onRows?: (rows: readonly unknown[], first: number) => void;
}

/** A 400 that names the page-size parameter: the service wants smaller pages (A6). */
function smallerSize(error: unknown, size: number): number | null {
  if (!(error instanceof ServiceError) || error.status !== 400) return null;
  const said = `${error.serviceMessage} ${error.message}`;
  if (!/\b(limit|page_size|per_page|page size|size)\b/i.test(said)) return null;
  const numbers = [...said.matchAll(/\b(\d{1,6})\b/g)].map((match) => Number(match[1]));
  const allowed = numbers.filter((n) => n >= 1 && n < size);
  // Smaller than size either way; 0 only when size is already 1.
  const next = allowed.length > 0 ? Math.max(...allowed) : Math.floor(size / 2);
  return next >= 1 ? next : null;
}

const HINTS_READING = {
  'top level': 'hints at top level',
  meta: 'hints under meta',
  pagination: 'hints under pagination',
  links: 'hints under links',
} as const satisfies Record<NonNullable<PagingHints['where']>, ReadingOf<'A7'>>;

/** Where the next part of the listing is asked for. */
interface Request {
  page: number | null;
  cursor: string | null;
  link: string | null;
  /** The offset of the next row, for a service that pages by offset (learned in unpagedVerdict). */
  offset?: number;
}

const FIRST: Request = { page: null, cursor: null, link: null };

/** One answer, read: its rows, their ids, its hints, and its ids in order as one comparable value. */
interface Answer {
  rows: unknown[];
  ids: Array<string | null>;
  hints: PagingHints;
  /** The ids in order, joined: two answers with the same signature are the same page. */
  signature: string;
  /** The answer's size as received. */
  bytes: number;
}

/** Whether the hints say that more follows (as opposed to proving the end, or saying nothing). */
function saysMore(hints: PagingHints, read: number, pages: number): boolean {
  if (hints.hasMore === true) return true;
  if (hints.next !== null && hints.next.kind !== 'end') return true;
  if (hints.total !== null && read < hints.total) return true;
  if (hints.totalPages !== null && pages < hints.totalPages) return true;
  return hints.lastPage !== null && hints.page !== null && hints.page < hints.lastPage;
}

/**
 * The answer says which offset it starts at, and neither a page number nor a
 * next link or cursor: the service pages by offset, and its own answer is
 * how the walk learns it (`{data, offset, limit, total}`).
 */
function pagedByOffset(hints: PagingHints): boolean {
  return hints.offset !== null && hints.page === null && hints.next === null;
}

class Walk {
  readonly #path: string;
  readonly #options: WalkOptions;
  readonly #maxPages: number;
  #size: number;
  #lowered = false;
  readonly #seen = new Set<string>();
  /** The size of the rows kept: each page's share of its answer's bytes. */
  #bytes = 0;
  readonly #out: ListingOutcome;
  readonly #gaps: string[] = [];
  #request: Request = FIRST;
  /** Links and cursors followed: one offered twice leads back to a page already read. */
  readonly #followed = new Set<string>();
  /** `page=1` asked after an unnumbered first page, to learn the numbering. */
  #probing = false;
  /** Answers to that probe that repeated the first page: not pages of their own. */
  #probeRepeats = 0;
  /** Whether the numbering is certain enough to count pages against `total_pages`. */
  #numberingSure = true;
  #first: Answer | null = null;
  #previous: Answer | null = null;
  /** A page asked for by number, link or cursor brought rows not read before: the service pages. */
  #pagesProven = false;
  #repeats = 0;
  #shifted = 0;
  /** Pages asked for ahead of the walk, by target: the walk takes each in its turn, with the same proofs. */
  readonly #ahead = new Map<string, Promise<{ page: ListingPage } | { error: unknown }>>();
  /** The walk is over: nothing more is asked for ahead of it. */
  #ended = false;
  /** The first answer proved how many pages there are, and they were all asked for. */
  #counted = false;
  /** The gap of a count above the rows listed, when there is one. */
  #countedMore: string | null = null;
  /** The numbered page the walk asks for next, whose followers may be asked for ahead of it. */
  #aheadOf: { page: number; hints: PagingHints } | null = null;

  constructor(path: string, options: WalkOptions) {
    this.#path = path;
    this.#options = options;
    this.#maxPages = options.maxPages ?? MAX_PAGES;
    this.#size = Math.max(1, Math.floor(options.pageSize));
    this.#out = {
      rows: [],
      complete: false,
      proof: null,
      gap: null,
      behind: false,
      pages: 0,
      envelope: null,
      paging: 'one page',
      hints: 'no hints',
      size: null,
      pageSize: this.#size,
    };
  }

  async run(): Promise<ListingOutcome> {
    for (;;) {
      if (this.#out.pages >= this.#maxPages) {
        this.#gaps.push(`the listing was still going after ${this.#maxPages} pages`);
        break;
      }
      const fetched = this.#fetch(this.#target());
      this.#askAhead();
      const answer = this.#read(await fetched);
      if (!(await this.#take(answer))) break;
    }
    return this.#finish();
  }

  #target(): string {
    const { link, page, cursor, offset } = this.#request;
    if (offset !== undefined) return `${this.#path}${offsetQuery(this.#size, offset)}`;
    return link ?? `${this.#path}${listingQuery(page, cursor, this.#size)}`;
  }

  /** One GET; a 400 naming the size parameter asks again with smaller pages (A6). */
  async #fetch(target: string): Promise<ListingPage> {
    const ahead = this.#ahead.get(target);
    if (ahead !== undefined) {
      this.#ahead.delete(target);
      // A page read ahead that failed is asked for again in its turn, as any page is.
      const answer = await ahead;
      if ('page' in answer) return answer.page;
    }
    for (;;) {
      try {
        return await this.#options.get(target);
      } catch (error) {
        const smaller = this.#request.link === null ? smallerSize(error, this.#size) : null;
        if (smaller === null) throw error;
        this.#size = smaller;
        this.#lowered = true;
        target = this.#target();
      }
    }
  }

  #read({ body, bytes }: ListingPage): Answer {
    const page = readListingBody(body);
    const hints = readPagingHints(page.holder);
    const out = this.#out;
    out.pages++;
    out.envelope ??= page.reading;
    if (hints.where !== null && out.hints === 'no hints') out.hints = HINTS_READING[hints.where];
    if (out.pages === 1) {
      const length = page.rows.length;
      out.size = length > this.#size ? 'service size' : length === this.#size ? 'honoured' : null;
      this.#keepServiceSize(hints, length);
      this.#readAhead(hints, length);
    }
    const ids = page.rows.map(this.#options.identify ?? rowId);
    const withoutId = ids.filter((id) => id === null).length;
    if (withoutId > 0) this.#gaps.push(`${withoutId} row(s) on page ${out.pages} carry no id`);
    return { rows: page.rows, ids, hints, signature: ids.join('\u0000'), bytes };
  }

  /**
   * A first page shorter than asked that says more follows was cut at the
   * service's own size (a default it answered with, say, where a redirect
   * lost the query): the next pages are asked for in that size, so that page
   * 2 starts where page 1 ended whether or not the service honours a size.
   */
  #keepServiceSize(hints: PagingHints, length: number): void {
    const more = hints.hasMore === true || (hints.total !== null && hints.total > length);
    if (length > 0 && length < this.#size && more && hints.next === null) this.#size = length;
  }

  /**
   * The first answer proves how many pages there are (`total_pages`,
   * `last_page`, or a `total` with a page as long as asked for) and gives its
   * own number: the rest are asked for now, a few at a time. The walk still
   * takes them one after another, so a listing is proven complete, and a
   * repeat or a shift is judged, exactly as when they are read in turn.
   */
  #readAhead(hints: PagingHints, length: number): void {
    const first = hints.page;
    if (first === null || hints.hasMore === false || hints.next !== null) return;
    const last =
      hints.lastPage ??
      (hints.totalPages !== null
        ? first + hints.totalPages - 1
        : hints.total !== null && length === this.#size && length > 0
          ? first + Math.ceil(hints.total / length) - 1
          : null);
    if (last === null) return;
    this.#counted = true;
    const pages = Array.from({ length: Math.min(last - first, this.#maxPages - 1) }, (_, i) => first + 1 + i);
    let next = 0;
    const fetchNext = (): void => {
      const page = pages[next++];
      if (page === undefined || this.#ended) return;
      const target = `${this.#path}${listingQuery(page, null, this.#size)}`;
      const answer = this.#options.get(target).then(
        (page) => ({ page }),
        (error: unknown) => ({ error }),
      );
      this.#ahead.set(target, answer);
      void answer.then(fetchNext);
    };
    for (let i = 0; i < PAGES_AT_ONCE; i++) fetchNext();
  }

  /** Takes one answer's rows; false when the listing has ended (proven or not). */
  async #take(answer: Answer): Promise<boolean> {
    const fresh = answer.ids.filter((id) => id !== null && !this.#seen.has(id)).length;
    const allRead = fresh === 0 && answer.ids.some((id) => id !== null);
    if (this.#probing) this.#learnNumbering(answer, fresh);
    else if (allRead) {
      const verdict = this.#judgeRepeat(answer);
      if (verdict === 'unpaged') return this.#unpagedVerdict(answer);
      if (verdict === 'stop') return false;
    } else if (fresh > 0 && this.#out.pages > 1) {
      this.#pagesProven = true;
      this.#repeats = 0;
      this.#shifted = 0;
    }
    this.#keep(answer);
    this.#first ??= answer;
    this.#previous = answer;
    if (answer.rows.length === 0) {
      this.#out.proof = 'an empty page';
      return false;
    }
    if (this.#request.offset !== undefined || pagedByOffset(answer.hints)) return this.#nextOffset(answer);
    return this.#advance(answer.hints);
  }

  /**
   * A listing paged by offset (the service's answer says its offset, or an
   * offset asked for brought new rows): the next offset is the one after
   * this answer's rows, until the hints or an empty page prove the end.
   */
  #nextOffset(answer: Answer): boolean {
    const proof = answer.hints.hasMore === true ? null : this.#proofFromHints(answer.hints);
    if (proof !== null) return this.#proven(answer.hints, proof);
    this.#out.paging = 'offsets';
    const from = answer.hints.offset ?? this.#request.offset ?? 0;
    this.#request = { ...FIRST, offset: from + answer.rows.length };
    return true;
  }

  /** The hints proved the end: false, with a gap when they count more items than were listed. */
  #proven(hints: PagingHints, proof: string): false {
    this.#out.proof = proof;
    if (hints.total !== null && this.#seen.size < hints.total) {
      this.#countedMore = `the service says ${hints.total} items but ${this.#seen.size} were listed`;
      this.#gaps.push(this.#countedMore);
    }
    return false;
  }

  /**
   * `page=1` either repeats the first page (pages count from 1) or goes on
   * from it (from 0). Either way the next page asked for is 2; a partial
   * overlap (rows created meanwhile) leaves the numbering unsure.
   */
  #learnNumbering(answer: Answer, fresh: number): void {
    this.#probing = false;
    const repeatsFirst = answer.rows.length > 0 && answer.signature === this.#first?.signature;
    this.#out.paging = repeatsFirst ? 'pages from 1' : 'pages from 0';
    if (repeatsFirst) this.#probeRepeats++;
    else if (fresh > 0) this.#pagesProven = true;
    this.#numberingSure = repeatsFirst || fresh === answer.ids.length;
  }

  /** A page of rows all read before: a service that does not page, one that loops, or a shift. */
  #judgeRepeat(answer: Answer): 'unpaged' | 'stop' | 'read on' {
    const again =
      answer.signature === this.#first?.signature || answer.signature === this.#previous?.signature;
    if (again && !this.#pagesProven) {
      if (!saysMore(answer.hints, this.#seen.size, this.#out.pages - this.#probeRepeats)) return 'unpaged';
      if (++this.#repeats >= REPEATS_BEFORE_ERROR) {
        throw new ListingError(
          `GET ${this.#path}: the service says there is more, but page ${this.#out.pages} repeats items already ` +
            'read: it seems to ignore the paging parameters, so the listing cannot be proven complete and ' +
            'nothing is planned from it.',
        );
      }
      return 'read on';
    }
    if (++this.#shifted > MAX_SHIFTED_PAGES) {
      this.#gaps.push(`${MAX_SHIFTED_PAGES} pages in a row held only items already read`);
      return 'stop';
    }
    return 'read on';
  }

  /**
   * The next page asked for repeated the first answer and nothing says there
   * is more: the service may not page at all. One more request tells that
   * from a service paging by offset: the offset of the next row, with a size
   * one smaller. New rows there: the listing is read on by offset, to an
   * empty page. Nothing there proves the end. The same rows again (size and
   * offset ignored) prove it when the first answer was short of the size
   * asked for and of every usual page size, since a service's own page of 20
   * or cap of 100 looks the same. The first rows less one (size honoured,
   * offset not) prove nothing: a service that caps its pages at that many
   * rows, whatever it holds past them, answers the same.
   */
  async #unpagedVerdict(repeated: Answer): Promise<boolean> {
    const first = this.#first ?? repeated;
    const count = first.ids.length;
    this.#out.paging = 'not paged';
    let probe: Answer;
    try {
      probe = this.#read(
        await this.#options.get(`${this.#path}${offsetQuery(Math.max(1, count - 1), count)}`),
      );
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error;
      this.#gaps.push(
        `the service answers every page alike and refused the offset asked for (${error.status})`,
      );
      return false;
    }
    const fresh = probe.ids.some((id) => id !== null && !this.#seen.has(id));
    const shown = first.ids.slice(0, Math.max(1, count - 1)).join('\u0000');
    if (probe.rows.length === 0) this.#out.proof = `an empty page at offset ${count}`;
    else if (fresh) return this.#byOffset(probe, count);
    else if (probe.signature === shown)
      this.#gaps.push(
        `the service answers a smaller page size with its first rows, whatever page or offset is asked, so rows past the first ${count} cannot be read`,
      );
    else if (probe.signature !== first.signature)
      this.#gaps.push(`the service answers every page with rows already read, whatever is asked`);
    else if (COMMON_PAGE_SIZES.has(count) || count >= this.#size)
      this.#gaps.push(
        `the service answers every page with the same ${count} rows, a usual page size, so there may be more it does not show`,
      );
    else this.#out.proof = 'one answer, shorter than any page size, that paging and offset do not change';
    return false;
  }

  /** The offset brought new rows: the service pages by offset; the listing goes on from them. */
  #byOffset(probe: Answer, count: number): true {
    this.#out.paging = 'offsets';
    this.#pagesProven = true;
    this.#keep(probe);
    this.#previous = probe;
    this.#request = { ...FIRST, offset: count + probe.rows.length };
    return true;
  }

  #keep(answer: Answer): void {
    const rows = this.#out.rows;
    const first = rows.length;
    answer.ids.forEach((id, index) => {
      if (id === null || this.#seen.has(id)) return;
      this.#seen.add(id);
      rows.push(answer.rows[index]);
    });
    // Measured on the answer as received: serialising every row again would cost as much as reading it.
    if (rows.length > first) this.#bytes += (answer.bytes * (rows.length - first)) / answer.rows.length;
    this.#checkCaps();
    if (rows.length > first) this.#options.onRows?.(rows.slice(first), first);
  }

  /** Past either cap the walk stops: the run's memory is worth more than a listing no catalogue reaches. */
  #checkCaps(): void {
    const maxRows = this.#options.maxRows ?? MAX_LISTING_ROWS;
    const maxBytes = this.#options.maxBytes ?? MAX_LISTING_BYTES;
    const rows = this.#out.rows.length;
    if (rows <= maxRows && this.#bytes <= maxBytes) return;
    this.#ended = true;
    const what =
      rows > maxRows ? `more than ${thousands(maxRows)} rows` : `more than ${formatBytes(maxBytes)} of rows`;
    throw new ListingError(
      `GET ${this.#path}: the listing holds ${what} after ${thousands(this.#out.pages)} pages, the most one run ` +
        'reads, and the service still says there is more; nothing is planned from it. Check that base-url ' +
        'points at the service (one that always says there is more looks like this); a catalogue this ' +
        'large is split across repositories or service accounts.',
    );
  }

  /** Chooses the next request from the hints; false when they prove the end. */
  #advance(hints: PagingHints): boolean {
    const out = this.#out;
    const next: Next | null = hints.next;
    if (next?.kind === 'link') {
      out.paging = 'next links';
      return this.#follow({ ...FIRST, link: resolveLink(this.#options.base, next.href, this.#path) });
    }
    if (next?.kind === 'cursor') {
      out.paging = 'next cursors';
      return this.#follow({ ...FIRST, cursor: next.cursor });
    }
    if (next?.kind === 'page') {
      if (out.paging === 'one page') out.paging = next.page <= 1 ? 'pages from 0' : 'pages from 1';
      this.#request = { ...FIRST, page: next.page };
      this.#aheadOf = { page: next.page, hints };
      return true;
    }
    const proof = hints.hasMore === true ? null : this.#proofFromHints(hints);
    if (proof !== null) return this.#proven(hints, proof);
    const { link, cursor } = this.#request;
    if ((link !== null || cursor !== null) && hints.hasMore !== true) {
      // A link- or cursor-paged listing that gives no next link has ended.
      out.proof = 'no next link';
      return false;
    }
    return this.#nextByNumber(hints);
  }

  /** Follows a link or cursor once: one offered again leads back to a page already read. */
  #follow(request: Request): boolean {
    const key = request.link ?? `cursor:${request.cursor}`;
    if (this.#followed.has(key)) {
      throw new ListingError(
        `GET ${this.#path}: the service's next page leads back to a page already read, so the listing ` +
          'cannot be proven complete and nothing is planned from it.',
      );
    }
    this.#followed.add(key);
    this.#request = request;
    return true;
  }

  /** Nothing proves the end yet: the next page by number, learning the numbering from `page=1` if need be. */
  #nextByNumber(hints: PagingHints): true {
    const current = hints.page ?? this.#request.page;
    if (current === null) {
      this.#probing = true;
      this.#request = { ...FIRST, page: 1 };
      return true;
    }
    if (this.#out.paging === 'one page') this.#out.paging = current === 0 ? 'pages from 0' : 'pages from 1';
    this.#request = { ...FIRST, page: current + 1 };
    this.#aheadOf = { page: current + 1, hints };
    return true;
  }

  /**
   * Once the service has shown that it pages by number and gives no count,
   * the pages after the one just asked for are asked for too, before the
   * walk reaches them: it takes each in its turn with the same proofs, so
   * this saves round trips and proves nothing. A count, even one the walk
   * cannot rely on, is followed page by page instead.
   */
  #askAhead(): void {
    if (this.#aheadOf === null) return;
    const { page, hints } = this.#aheadOf;
    this.#aheadOf = null;
    const counts = hints.total !== null || hints.totalPages !== null || hints.lastPage !== null;
    if (!this.#pagesProven || !this.#numberingSure || this.#counted || counts) return;
    const last = page + Math.min(PAGES_AHEAD, this.#maxPages - this.#out.pages - 1);
    for (let ahead = page + 1; ahead <= last; ahead++) {
      const target = `${this.#path}${listingQuery(ahead, null, this.#size)}`;
      if (this.#ahead.has(target) || this.#ended) continue;
      this.#ahead.set(
        target,
        this.#options.get(target).then(
          (page) => ({ page }),
          (error: unknown) => ({ error }),
        ),
      );
    }
  }

  /** What the hints prove about the end of the listing, or null when they prove nothing. */
  #proofFromHints(hints: PagingHints): string | null {
    const pages = this.#out.pages - this.#probeRepeats;
    if (hints.next?.kind === 'end') return 'an empty next link';
    if (hints.hasMore === false) return 'has_more: false';
    if (hints.total !== null && this.#seen.size >= hints.total) return `total: ${hints.total}`;
    if (hints.totalPages !== null && this.#numberingSure && pages >= hints.totalPages)
      return `total_pages: ${hints.totalPages}`;
    if (hints.lastPage !== null && hints.page !== null && hints.page >= hints.lastPage)
      return `last_page: ${hints.lastPage}`;
    return null;
  }

  #finish(): ListingOutcome {
    this.#ended = true;
    const out = this.#out;
    // A first page shorter than asked for, followed by more: the service pages by its own size.
    const firstCount = this.#first?.ids.filter((id) => id !== null).length ?? 0;
    if (out.size === null && out.pages > 1 && out.rows.length > firstCount) out.size = 'service size';
    if (this.#lowered) out.size = 'lowered after a 400';
    out.pageSize = this.#size;
    const gaps = [...new Set(this.#gaps)];
    out.complete = out.proof !== null && gaps.length === 0;
    out.gap = out.complete ? null : gaps.join('; ') || 'nothing proved the listing complete';
    out.behind = gaps.length === 1 && gaps[0] === this.#countedMore;
    return out;
  }
}

export function walkListing(path: string, options: WalkOptions): Promise<ListingOutcome> {
  return new Walk(path, options).run();
}
