import type { ContentStatus } from '../api/types.ts';
import { GENERATING_STATUSES } from '../api/types.ts';
import type { ServiceClient } from '../api/client.ts';
import type { Plan } from '../plan/types.ts';

// Ctrl-C (or SIGTERM) during a run. The client the engine talks through is
// wrapped: every request the run sends is recorded as it leaves, so that
// after a stop the CLI can say what reached the service and what the service
// is still working on; and once stopped, no further request leaves at all.
// Nothing is rolled back: the service finishes the jobs it has, and the next
// run finds every item where the service has it, which is what makes a
// re-run converge.

/** What a request asked of the service; the words the report uses. */
type Sent = 'created' | 'edited' | 'render started' | 'publication started';

const WRITES: Record<string, Sent> = {
  createContent: 'created',
  editContent: 'edited',
  processContent: 'render started',
  generateVideo: 'render started',
  upload: 'publication started',
};

/** Thrown for every call made after the stop; the engine's pending work ends on it. */
export class InterruptedError extends Error {
  override name = 'InterruptedError';
  constructor() {
    super('Interrupted: nothing more is sent to the service.');
  }
}

interface ItemRecord {
  id: string | null;
  title: string;
  sent: Sent[];
  /** Last status the run saw after it started a job; null while none was seen. */
  status: ContentStatus | null;
  started: boolean;
}

export interface WatchedClient {
  client: ServiceClient;
  /** Stops all further requests. */
  stop(): void;
  /** True once any write left the process (even if its answer never came). */
  readonly wrote: boolean;
  /** Names the items of the plan, so the report shows files and titles rather than ids. */
  know(plan: Plan): void;
  /** The lines printed after a stop. */
  report(signal: string): string[];
}

export function watchClient(inner: ServiceClient): WatchedClient {
  let stopped = false;
  let wrote = false;
  const byId = new Map<string, ItemRecord>();
  const byTitle = new Map<string, ItemRecord>();
  /** Manifest file by remote id, and by `title:` + title for items not created yet. */
  const names = new Map<string, string>();
  const titles = new Map<string, string>();
  const order: ItemRecord[] = [];

  const record = (id: string | null, title: string | null): ItemRecord => {
    const known =
      (id !== null ? byId.get(id) : undefined) ?? (title !== null ? byTitle.get(title) : undefined);
    if (known) return known;
    const shown = title ?? (id !== null ? (titles.get(id) ?? id) : '');
    const created: ItemRecord = { id, title: shown, sent: [], status: null, started: false };
    order.push(created);
    if (id !== null) byId.set(id, created);
    if (title !== null) byTitle.set(title, created);
    return created;
  };

  const noteStatus = (value: unknown): void => {
    if (typeof value !== 'object' || value === null) return;
    const { id, status } = value as { id?: unknown; status?: unknown };
    if (typeof id !== 'string' || typeof status !== 'string') return;
    const item = byId.get(id);
    if (item?.started) item.status = status as ContentStatus;
  };

  const wrap =
    (name: string, method: (...args: unknown[]) => Promise<unknown>) =>
    async (...args: unknown[]): Promise<unknown> => {
      if (stopped) throw new InterruptedError();
      const sent = WRITES[name];
      let item: ItemRecord | null = null;
      if (sent !== undefined) {
        wrote = true;
        const [first] = args;
        if (name === 'createContent') item = record(null, (first as { title: string }).title);
        else if (name === 'processContent') item = record((first as { content_id: string }).content_id, null);
        else item = record(first as string, null);
        item.sent.push(sent);
        if (sent === 'render started' || sent === 'publication started') item.started = true;
      }
      const answer = await method(...args);
      if (name === 'createContent' && item !== null) {
        const id = (answer as { id?: unknown }).id;
        if (typeof id === 'string') {
          item.id = id;
          byId.set(id, item);
        }
      }
      noteStatus(answer);
      return answer;
    };

  const client = new Proxy(inner, {
    get(target, property) {
      // The target as the receiver: its getters read private fields (writeRefusal).
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      const method = (value as (...args: unknown[]) => Promise<unknown>).bind(target);
      return property === 'close' ? method : wrap(String(property), method);
    },
  });

  const label = (item: ItemRecord): string => {
    const file = (item.id !== null ? names.get(item.id) : undefined) ?? names.get(`title:${item.title}`);
    return file !== undefined ? `${file}  "${item.title}"` : `"${item.title}"`;
  };

  return {
    client,
    stop: () => {
      stopped = true;
    },
    get wrote() {
      return wrote;
    },
    know(plan) {
      for (const item of plan.items) {
        names.set(`title:${item.title}`, item.file);
        if (item.remote !== null) {
          names.set(item.remote.id, item.file);
          titles.set(item.remote.id, item.title);
        }
      }
    },
    report(signal) {
      const lines = [`Interrupted by ${signal}: nothing more is sent to the service.`];
      const touched = order.filter((item) => item.sent.length > 0);
      if (touched.length === 0) {
        lines.push('Nothing was sent to the service in this run.');
        return lines;
      }
      lines.push('Sent to the service in this run:');
      for (const item of touched) lines.push(`  ${label(item)}  ${[...new Set(item.sent)].join(', ')}`);
      const running = touched.filter(
        (item) => item.started && (item.status === null || GENERATING_STATUSES.has(item.status)),
      );
      if (running.length > 0) {
        lines.push('Still running on the service (it finishes these without this process):');
        for (const item of running) lines.push(`  ${label(item)}  ${item.status ?? 'started'}`);
      }
      lines.push(
        'Run the same command again: it finds every item where the service has it, waits for what is ' +
          'still running and does only what is left, so the run converges.',
      );
      return lines;
    },
  };
}
