// Readings of how values are written: ids, dates, numbers and enum words in
// the service's own forms. Each rewrites every answer on its way out (and,
// for ids, every request on its way in), so the emulator keeps one model.
import type { Reply } from '../types.ts';
import { mapTree, withBody } from './hooks.ts';
import type { Exchange, ReadingHooks } from './types.ts';

const DATE_KEYS = new Set(['creation_date', 'updated_at', 'upload_date', 'created_at']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Item ids in another form: answers carry the form, requests may use it. */
export function idForm(form: (serial: number, id: string) => string | number): () => ReadingHooks {
  return () => {
    const outward = new Map<string, string | number>();
    const inward = new Map<string, string>();
    const known = (id: string, core: Parameters<NonNullable<ReadingHooks['reply']>>[2]): boolean =>
      core.store.allItems().some((item) => item.id === id);
    const external = (id: string): string | number => {
      let found = outward.get(id);
      if (found === undefined) {
        found = form(outward.size + 1001, id);
        outward.set(id, found);
        inward.set(String(found), id);
      }
      return found;
    };
    const internal = (text: string): string => text.replace(/[^/"]+/g, (part) => inward.get(part) ?? part);
    return {
      late: true,
      request(exchange) {
        exchange.path = internal(exchange.path);
        // creation_id in a generation request, as a string or a number.
        exchange.body = exchange.body.replace(
          /("creation_id"\s*:\s*)"?([^",}\s]+)"?/g,
          (all, key: string, id: string) => (inward.has(id) ? `${key}"${inward.get(id)}"` : all),
        );
      },
      reply: (_exchange, reply, core) =>
        withBody(reply, (body) =>
          mapTree(body, (value, key) =>
            typeof value === 'string' &&
            (key === 'id' || key === 'content_id') &&
            UUID.test(value) &&
            known(value, core)
              ? external(value)
              : value,
          ),
        ),
    };
  };
}

/** Every date of every answer rewritten; `rowsOnly` keeps the detail view's as the interface shows them. */
export function dateForm(form: (iso: string) => string | number, rowsOnly = false): () => ReadingHooks {
  return () => ({
    late: true,
    reply(exchange: Exchange, reply: Reply): Reply {
      if (rowsOnly && exchange.endpoint !== 'GET /contents') return reply;
      return withBody(reply, (body) =>
        mapTree(body, (value, key) =>
          key !== null && DATE_KEYS.has(key) && typeof value === 'string' && !Number.isNaN(Date.parse(value))
            ? form(value)
            : value,
        ),
      );
    },
  });
}

/** The instant as another zone's local time with its offset: 2026-06-01T14:00:00.000+02:00. */
export function withOffset(iso: string, minutes = 120): string {
  const shifted = new Date(Date.parse(iso) + minutes * 60_000).toISOString().slice(0, -1);
  const sign = minutes >= 0 ? '+' : '-';
  const abs = Math.abs(minutes);
  return `${shifted}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** Values under some keys rewritten in every answer of some endpoints. */
export function keyForm(
  endpoints: readonly string[] | '*',
  keys: readonly string[],
  form: (value: unknown) => unknown,
): () => ReadingHooks {
  const wanted = new Set(keys);
  return () => ({
    late: true,
    reply(exchange, reply) {
      if (endpoints !== '*' && (exchange.endpoint === null || !endpoints.includes(exchange.endpoint)))
        return reply;
      return withBody(reply, (body) =>
        mapTree(body, (value, key) => (key !== null && wanted.has(key) ? form(value) : value)),
      );
    },
  });
}

/** An enum word in lower case (`UPLOADED` → `uploaded`). */
export const lower = (value: unknown): unknown => (typeof value === 'string' ? value.toLowerCase() : value);

/** An enum word capitalised (`VIDEO_PROCESSED` → `Video_processed`). */
export const capitalised = (value: unknown): unknown =>
  typeof value === 'string' ? value.charAt(0).toUpperCase() + value.slice(1).toLowerCase() : value;
