// Dialects: whole readings of the interface's "not shown" rules, each one a
// service that could really exist. The client must work against every one
// (docs/service-assumptions.md names what it tolerates per rule); the
// engine's and the action's suites run their core flows in each.
import type { Scope } from '../interface/enumerations.ts';
import type { ListingOptions } from './types.ts';

/** How POST /contents and PUT /contents/{id} answer (A14). */
export type WriteAnswer = 'item' | 'id' | 'wrapped' | 'empty';

export interface Dialect {
  /** One line for `emulator --help` and docs/emulator.md. */
  summary: string;
  listing: ListingOptions;
  create: WriteAnswer;
  edit: WriteAnswer;
  /** A13: `partial` leaves absent fields alone; `replace` clears them. */
  put: 'partial' | 'replace';
  /** The scope POST /contents and PUT /contents/{id} need (A29). */
  contentWrites: Scope;
  /**
   * Values beyond the interface's enums that the service shows (A35): an
   * account on another platform and an unmanaged item in another status.
   */
  newValues: boolean;
}

export const DIALECTS = {
  reference: {
    summary:
      '{data, page, limit, total, has_more} listings; writes answer the item; partial PUT; content writes need generate',
    listing: {},
    create: 'item',
    edit: 'item',
    put: 'partial',
    contentWrites: 'generate',
    newValues: false,
  },
  bare: {
    summary:
      'bare-array listings of 20 with no hints (its own size, pages from 1); writes answer {id} or nothing; content writes need generate',
    listing: { envelope: 'bare', hint: 'none', sizeParam: 'none', defaultSize: 20 },
    create: 'id',
    edit: 'empty',
    put: 'partial',
    contentWrites: 'generate',
    newValues: false,
  },
  meta: {
    summary:
      '{items, meta: {current_page, total_pages}} listings paged from 0 with per_page; {success, data} answers; PUT replaces the item; content writes need write',
    listing: { envelope: 'items', hint: 'meta', pageBase: 0, sizeParam: 'per_page', defaultSize: 25 },
    create: 'wrapped',
    edit: 'wrapped',
    put: 'replace',
    contentWrites: 'write',
    newValues: false,
  },
  links: {
    summary:
      '{results, links: {next}} listings by cursor links; creates answer {id}, edits nothing; an account and an item with values beyond the interface',
    listing: { envelope: 'results', hint: 'links', sizeParam: 'page_size', defaultSize: 30 },
    create: 'id',
    edit: 'empty',
    put: 'partial',
    contentWrites: 'generate',
    newValues: true,
  },
  unpaged: {
    summary:
      'GET /contents as {data: [...]} and GET /accounts as a bare array, every row at once, no hints, every query ignored; writes answer the item',
    listing: { envelope: 'data', accountsEnvelope: 'bare', hint: 'none', paged: false },
    create: 'item',
    edit: 'item',
    put: 'partial',
    contentWrites: 'generate',
    newValues: false,
  },
} as const satisfies Record<string, Dialect>;

export type DialectName = keyof typeof DIALECTS;
export const DIALECT_NAMES = Object.keys(DIALECTS) as DialectName[];

export function dialectNamed(name: string): Dialect {
  if (!(name in DIALECTS)) {
    throw new Error(`Unknown emulator dialect "${name}": use one of ${DIALECT_NAMES.join(', ')}.`);
  }
  return DIALECTS[name as DialectName];
}

/** The body a write answers with, in the dialect's form (A14). */
export function writeAnswer(form: WriteAnswer, item: Record<string, unknown>): unknown {
  switch (form) {
    case 'item':
      return item;
    case 'id':
      return { id: item.id };
    case 'wrapped':
      return { success: true, data: item };
    case 'empty':
      return null;
  }
}
