// Dialects: whole readings of the interface's "not shown" rules, each one a
// service that could really exist, named as sets of entries of the readings
// catalogue (readings/catalogue.ts). The client must work against every one
// (docs/service-assumptions.md names what it tolerates per rule); the
// engine's and the action's suites run their core flows in each.
import type { Scope } from '../interface/enumerations.ts';
import { composeReadings } from './readings/index.ts';

interface DialectRow {
  /** One line for `emulator --help` and docs/emulator.md. */
  summary: string;
  /** The catalogue's readings that make it, in order. */
  readings: readonly string[];
}

const ROWS = {
  reference: {
    summary:
      '{data, page, limit, total, has_more} listings; writes answer the item; partial PUT; content writes need generate',
    readings: [],
  },
  bare: {
    summary:
      'bare-array listings of 20 with no hints (its own size, pages from 1); writes answer {id} or nothing; content writes need generate',
    readings: [
      'contents-bare-array',
      'paging-no-hint',
      'size-its-own',
      'create-answers-id',
      'edit-answers-nothing',
    ],
  },
  meta: {
    summary:
      '{items, meta: {current_page, total_pages}} listings paged from 0 with per_page; {success, data} answers; PUT replaces the item; content writes need write',
    readings: [
      'contents-under-items',
      'paging-meta',
      'pages-from-0',
      'size-as-per_page',
      'create-answers-wrapped',
      'edit-answers-wrapped',
      'put-replaces',
      'content-writes-need-write',
    ],
  },
  links: {
    summary:
      '{results, links: {next}} listings by cursor links; creates answer {id}, edits nothing; an account and an item with values beyond the interface',
    readings: [
      'contents-under-results',
      'paging-links-cursor',
      'size-as-page_size',
      'create-answers-id',
      'edit-answers-nothing',
      'values-beyond-enums',
    ],
  },
  unpaged: {
    summary:
      'GET /contents as {data: [...]} and GET /accounts as a bare array, every row at once, no hints, every query ignored; writes answer the item',
    readings: ['contents-under-data', 'accounts-bare-array', 'contents-unpaged'],
  },
} as const satisfies Record<string, DialectRow>;

/** The page sizes the dialects served before they were sets of readings, kept so their tests stay as they were. */
const DEFAULT_SIZES: Partial<Record<keyof typeof ROWS, number>> = { bare: 20, meta: 25, links: 30 };

export type DialectName = keyof typeof ROWS;
export const DIALECT_NAMES = Object.keys(ROWS) as DialectName[];

export interface Dialect extends DialectRow {
  /** The scope POST /contents and PUT /contents/{id} need (A29). */
  contentWrites: Scope;
  /** The service's own page size, where it has one. */
  defaultSize?: number;
}

function dialect(name: DialectName): Dialect {
  const size = DEFAULT_SIZES[name];
  return {
    ...ROWS[name],
    contentWrites: composeReadings(ROWS[name].readings).options.writes?.contentWrites ?? 'generate',
    ...(size === undefined ? {} : { defaultSize: size }),
  };
}

export const DIALECTS: Record<DialectName, Dialect> = {
  reference: dialect('reference'),
  bare: dialect('bare'),
  meta: dialect('meta'),
  links: dialect('links'),
  unpaged: dialect('unpaged'),
};

export function dialectNamed(name: string): Dialect {
  if (!(name in DIALECTS)) {
    throw new Error(`Unknown emulator dialect "${name}": use one of ${DIALECT_NAMES.join(', ')}.`);
  }
  return DIALECTS[name as DialectName];
}
