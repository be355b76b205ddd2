// A living catalogue: other writers and replicas. Reads that lag writes,
// records that look alike, and items created, retitled or deleted by
// someone else while a run walks the list.
import type { ReadingContext as Core, Reply } from '../types.ts';
import { blankItem, DEFAULT_USER_ID } from '../store.ts';
import type { ItemRecord } from '../types.ts';
import { contentIdOf, rowsOf, withBody } from './hooks.ts';
import type { Exchange, ReadingHooks } from './types.ts';

/** Titles of the items other writers make: no manifest of ours names them. */
const OTHER_WRITERS_TITLE = "Someone else's note";

function ageMs(item: ItemRecord): number {
  return Date.now() - Date.parse(item.creation_date);
}

function itemOf(core: Core, id: string | null | undefined): ItemRecord | undefined {
  return id === null || id === undefined ? undefined : core.store.allItems().find((item) => item.id === id);
}

/** GET /contents leaves out items created less than `ms` ago: a replica behind the primary. */
export function listLagsCreates(ms: number): () => ReadingHooks {
  return () => ({
    reply(exchange, reply, core) {
      if (exchange.endpoint !== 'GET /contents') return reply;
      return withBody(reply, (body) => {
        const rows = rowsOf(body);
        const fresh = rows.filter((row) => {
          const item = itemOf(core, row.id as string);
          return item !== undefined && ageMs(item) < ms;
        });
        for (const row of fresh) rows.splice(rows.indexOf(row), 1);
        return body;
      });
    },
  });
}

/** GET /contents/{id} answers 404 for `ms` after the item was created. */
export function detailLagsCreates(ms: number): () => ReadingHooks {
  return () => ({
    request(exchange, core) {
      if (exchange.endpoint !== 'GET /contents/{id}') return;
      const item = itemOf(core, contentIdOf(exchange));
      if (item && ageMs(item) < ms) return { reply: { status: 404, body: { error: 'Content not found.' } } };
    },
  });
}

/** Task status and the detail view show the status before a dispatch for `ms` after it. */
export function statusLagsDispatch(ms: number): () => ReadingHooks {
  return () => {
    const dispatched = new Map<string, { at: number; status: string }>();
    return {
      request(exchange, core) {
        const generation = exchange.endpoint === 'POST /gen/process-content-async';
        const id = generation
          ? /"creation_id"\s*:\s*"([^"]+)"/.exec(exchange.body)?.[1]
          : exchange.endpoint === 'POST /contents/upload/{id}'
            ? contentIdOf(exchange)
            : null;
        const item = itemOf(core, id);
        if (item) dispatched.set(item.id, { at: Date.now(), status: item.status });
      },
      reply(exchange, reply) {
        if (exchange.endpoint !== 'GET /gen/task-status/{id}' && exchange.endpoint !== 'GET /contents/{id}')
          return reply;
        const before = dispatched.get(contentIdOf(exchange) ?? '');
        if (!before || Date.now() - before.at >= ms) return reply;
        return withBody(reply, (body) => stale(body, before.status));
      },
    };
  };
}

function stale(body: unknown, status: string): unknown {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  const object = body as Record<string, unknown>;
  return 'status' in object ? { ...object, status, progress: null } : body;
}

/** Items made by someone else, by the user of this emulator's default key. */
function addOthers(core: Core, count: number, from: number): void {
  for (let n = from; n < from + count; n++) {
    const item = blankItem(DEFAULT_USER_ID, `${OTHER_WRITERS_TITLE} ${n}`);
    item.full_text = `Not ours, number ${n}.`;
    core.store.addItem(item);
  }
}

/** After serving a page of GET /contents, `change` runs (at most `times` times): the list moves under the walk. */
function duringWalk(times: number, change: (core: Core, turn: number) => void): () => ReadingHooks {
  return () => {
    let turn = 0;
    return {
      reply(exchange: Exchange, reply: Reply, core: Core) {
        if (exchange.endpoint === 'GET /contents' && reply.status === 200 && turn < times)
          change(core, turn++);
        return reply;
      },
    };
  };
}

export const othersCreateDuringWalk = (): (() => ReadingHooks) =>
  duringWalk(3, (core, turn) => addOthers(core, 1, 100 + turn));

export const othersDeleteDuringWalk = (): (() => ReadingHooks) => {
  let seeded = false;
  return duringWalk(4, (core) => {
    if (!seeded) {
      seeded = true;
      addOthers(core, 3, 200);
      return;
    }
    const oldest = core.store.allItems().find((item) => item.title.startsWith(OTHER_WRITERS_TITLE));
    if (oldest) core.store.removeItem(oldest.id);
  });
};

export const othersRetitleDuringWalk = (): (() => ReadingHooks) => {
  let seeded = false;
  return duringWalk(4, (core, turn) => {
    if (!seeded) {
      seeded = true;
      addOthers(core, 2, 300);
      return;
    }
    const theirs = core.store.allItems().find((item) => item.title.startsWith(OTHER_WRITERS_TITLE));
    if (theirs) theirs.title = `${OTHER_WRITERS_TITLE} ${400 + turn} (renamed)`;
  });
};

/**
 * Someone else deletes one of the items this client made, once, while it is
 * neither running nor published (deleting a published video is their call).
 */
export const oursDeletedOnce = (): (() => ReadingHooks) =>
  duringWalk(1, (core) => {
    const ours = core.store
      .allItems()
      .find(
        (item) =>
          !item.title.startsWith(OTHER_WRITERS_TITLE) &&
          item.publications.length === 0 &&
          !core.jobs.running(item),
      );
    if (ours) core.store.removeItem(ours.id);
  });

/**
 * Before a create, someone else has made records that look like it: the same
 * title in lower case and with a full stop. They are older than ours.
 */
export function lookAlikes(): () => ReadingHooks {
  return () => {
    const done = new Set<string>();
    return {
      request(exchange, core) {
        if (exchange.endpoint !== 'POST /contents') return;
        const title = /"title"\s*:\s*("(?:[^"\\]|\\.)*")/.exec(exchange.body)?.[1];
        if (title === undefined) return;
        const text = JSON.parse(title) as string;
        if (done.has(text)) return;
        done.add(text);
        for (const alike of [text.toLowerCase(), `${text}.`]) {
          if (alike === text) continue;
          const item = blankItem(DEFAULT_USER_ID, alike);
          item.creation_date = new Date(Date.now() - 60_000).toISOString();
          core.store.addItem(item);
        }
      },
    };
  };
}

/** A deleted item's paths answer 410 instead of 404. */
export function goneForDeleted(): () => ReadingHooks {
  return () => ({
    reply(exchange, reply, core) {
      const id = contentIdOf(exchange);
      if (reply.status !== 404 || id === null || !core.store.removed.has(id)) return reply;
      return { status: 410, body: { error: 'This content was deleted.' } };
    },
  });
}

/** published_url and published_platform of list rows, for items published to several accounts, in another form. */
export function publishedForm(form: 'array' | 'comma'): () => ReadingHooks {
  return () => ({
    reply(exchange, reply, core) {
      if (exchange.endpoint !== 'GET /contents') return reply;
      return withBody(reply, (body) => {
        for (const row of rowsOf(body)) {
          const publications = itemOf(core, row.id as string)?.publications ?? [];
          if (publications.length === 0) continue;
          const urls = publications.map((p) => p.url);
          const platforms = publications.map((p) => p.platform);
          row.published_url = form === 'array' ? urls : urls.join(',');
          row.published_platform = form === 'array' ? platforms : platforms.join(',');
        }
        return body;
      });
    },
  });
}
