import { ServiceError } from './errors.ts';
import {
  readListingBody,
  readPagingHints,
  rowId,
  type Next,
  type PagingHints,
  type ReadingOf,
} from './readings.ts';
import { listingQuery, resolveLink, type BaseUrl } from './wire.ts';

// Reading a whole listing (A5-A7) whatever paging the service chose, and
// proving that nothing was missed: a manifest whose item sits on an unread
// page would be created a second time. The first page is asked for without a
// page number, so a service counting from 0 and one counting from 1 both
// start at their own first page; the numbering is then learned from the
// answer's own hints, or from whether `page=1` repeats that first page.

/** A listing never runs past this many pages, whatever the hints say. */
export const MAX_PAGES = 10_000;

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
  pages: number;
  envelope: ReadingOf<'A5'> | null;
  paging: ReadingOf<'A7'>;
  hints: ReadingOf<'A7'>;
  size: ReadingOf<'A6'> | null;
  /** The page size finally asked for. */
  pageSize: number;
}

export interface WalkOptions {
  base: BaseUrl;
  pageSize: number;
  maxPages?: number;
  /** GET of a path with its query, relative to the /v1 prefix; throws ServiceError on an error status. */
  get(pathAndQuery: string): Promise<unknown>;
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
  const next = allowed.length > 0 ? Math.max(...allowed) : Math.floor(size / 2);
  return next >= 1 && next < size ? next : null;
}

const HINTS_READING = {
  'top level': 'hints at top level',
  meta: 'hints under meta',
  pagination: 'hints under pagination',
  links: 'hints under links',
} as const satisfies Record<NonNullable<PagingHints['where']>, ReadingOf<'A7'>>;

function hintsReading(hints: PagingHints): ReadingOf<'A7'> {
  return hints.where === null ? 'no hints' : HINTS_READING[hints.where];
}

/** What the hints prove about the end of the listing, or null when they prove nothing. */
function proofFromHints(hints: PagingHints, read: number, pages: number): string | null {
  if (hints.next?.kind === 'end') return 'an empty next link';
  if (hints.hasMore === false) return 'has_more: false';
  if (hints.total !== null && read >= hints.total) return `total: ${hints.total}`;
  if (hints.totalPages !== null && pages >= hints.totalPages) return `total_pages: ${hints.totalPages}`;
  if (hints.lastPage !== null && hints.page !== null && hints.page >= hints.lastPage)
    return `last_page: ${hints.lastPage}`;
  return null;
}

export async function walkListing(path: string, options: WalkOptions): Promise<ListingOutcome> {
  const maxPages = options.maxPages ?? MAX_PAGES;
  let size = Math.max(1, Math.floor(options.pageSize));
  let lowered = false;
  const seen = new Set<string>();
  const rows: unknown[] = [];
  const out: ListingOutcome = {
    rows,
    complete: false,
    proof: null,
    gap: null,
    pages: 0,
    envelope: null,
    paging: 'one page',
    hints: 'no hints',
    size: null,
    pageSize: size,
  };
  let gaps: string[] = [];
  let request: { page: number | null; cursor: string | null; link: string | null } = {
    page: null,
    cursor: null,
    link: null,
  };
  /** Answers to the `page=1` probe that repeated the first page: not pages of their own. */
  let repeats = 0;
  let probing = false;
  let firstIds: Set<string> | null = null;

  const fetchPage = async (): Promise<unknown> => {
    for (;;) {
      const target = request.link ?? `${path}${listingQuery(request.page, request.cursor, size)}`;
      try {
        return await options.get(target);
      } catch (error) {
        const smaller = request.link === null ? smallerSize(error, size) : null;
        if (smaller === null) throw error;
        size = smaller;
        lowered = true;
      }
    }
  };

  for (;;) {
    if (out.pages >= maxPages) {
      gaps.push(`the listing was still going after ${maxPages} pages`);
      break;
    }
    const body = await fetchPage();
    const page = readListingBody(body);
    const hints = readPagingHints(page.holder);
    out.pages++;
    out.envelope ??= page.reading;
    if (hints.where !== null && out.hints === 'no hints') out.hints = hintsReading(hints);
    if (out.pages === 1) {
      out.size = page.rows.length > size ? 'service size' : page.rows.length === size ? 'honoured' : null;
    }
    const ids = page.rows.map(options.identify ?? rowId);
    const withoutId = ids.filter((id) => id === null).length;
    if (withoutId > 0) gaps.push(`${withoutId} row(s) on page ${out.pages} carry no id`);
    const fresh = page.rows.filter((_, index) => {
      const id = ids[index];
      return id === null || id === undefined ? false : !seen.has(id);
    });

    if (probing) {
      // `page=1` either repeats the first page (pages count from 1) or goes on
      // from it (from 0). Either way the next page asked for is 2, so the
      // answer only names the reading; rows other runs created meanwhile are
      // simply new rows.
      probing = false;
      const repeatsFirst = page.rows.length > 0 && ids.every((id) => id !== null && firstIds?.has(id));
      out.paging = repeatsFirst ? 'pages from 1' : 'pages from 0';
      if (repeatsFirst) repeats++;
    } else if (page.rows.length > 0 && fresh.length === 0 && withoutId < page.rows.length) {
      throw new ListingError(
        `GET ${path}: page ${out.pages} repeats items already read. The service seems to ignore the paging ` +
          'parameters, so the listing cannot be proven complete and nothing is planned from it.',
      );
    }
    const first = rows.length;
    for (const [index, row] of page.rows.entries()) {
      const id = ids[index];
      if (id === null || id === undefined || seen.has(id)) continue;
      seen.add(id);
      rows.push(row);
    }
    if (rows.length > first) options.onRows?.(rows.slice(first), first);
    if (out.pages === 1) firstIds = new Set(ids.filter((id): id is string => id !== null));

    if (page.rows.length === 0) {
      out.proof = 'an empty page';
      break;
    }
    // The page number of this answer in the service's numbering, once known.
    const current = hints.page ?? request.page;
    const next: Next | null = hints.next?.kind === 'end' ? null : hints.next;
    if (next?.kind === 'link') {
      out.paging = 'next links';
      request = { page: null, cursor: null, link: resolveLink(options.base, next.href, path) };
      continue;
    }
    if (next?.kind === 'cursor') {
      out.paging = 'next cursors';
      request = { page: null, cursor: next.cursor, link: null };
      continue;
    }
    if (next?.kind === 'page') {
      if (out.paging === 'one page') out.paging = next.page <= 1 ? 'pages from 0' : 'pages from 1';
      request = { page: next.page, cursor: null, link: null };
      continue;
    }
    const proof = hints.hasMore === true ? null : proofFromHints(hints, seen.size, out.pages - repeats);
    if (proof !== null) {
      out.proof = proof;
      if (hints.total !== null && seen.size < hints.total)
        gaps.push(`the service says ${hints.total} items but ${seen.size} were listed`);
      break;
    }
    if ((request.link !== null || request.cursor !== null) && hints.hasMore !== true) {
      // A link- or cursor-paged listing that gives no next link has ended.
      out.proof = 'no next link';
      break;
    }
    // Nothing proves the end yet: ask for the next page by number.
    if (current === null) {
      probing = true;
      request = { page: 1, cursor: null, link: null };
      continue;
    }
    if (out.paging === 'one page') out.paging = current === 0 ? 'pages from 0' : 'pages from 1';
    request = { page: current + 1, cursor: null, link: null };
  }
  // A first page shorter than asked for, followed by more: the service pages by its own size.
  if (out.size === null && out.pages > 1 && rows.length > (firstIds?.size ?? 0)) out.size = 'service size';
  if (lowered) out.size = 'lowered after a 400';
  out.pageSize = size;
  gaps = [...new Set(gaps)];
  out.complete = out.proof !== null && gaps.length === 0;
  out.gap = out.complete ? null : gaps.join('; ') || 'nothing proved the listing complete';
  return out;
}
