import type { ContentStatus } from '../service-client/types.ts';
import { GENERATING_STATUSES } from '../service-client/types.ts';
import type { ServiceClient } from '../service-client/client.ts';
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

/** Methods that send nothing: they are called as they are, even after the stop. */
const LOCAL = new Set<PropertyKey>(['close', 'keepPace', 'finishBy']);

/** Thrown for every call made after the stop; the engine's pending work ends on it. */
class InterruptedError extends Error {
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
  const sent = new SentLog();
  let stopped = false;
  const wrap =
    (name: string, method: (...args: unknown[]) => Promise<unknown>) =>
    async (...args: unknown[]): Promise<unknown> => {
      if (stopped) throw new InterruptedError();
      const item = sent.leaving(name, args);
      const answer = await method(...args);
      sent.answered(name, item, answer);
      return answer;
    };

  const client = new Proxy(inner, {
    get(target, property) {
      // Getters run on the client itself: its private fields are not on the proxy.
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      const method = (value as (...args: unknown[]) => Promise<unknown>).bind(target);
      return LOCAL.has(property) ? method : wrap(String(property), method);
    },
  });

  return {
    client,
    stop: () => {
      stopped = true;
    },
    get wrote() {
      return sent.wrote;
    },
    know: (plan) => sent.know(plan),
    report: (signal) => sent.report(signal),
  };
}

/** Every write the run sent, by item, and the last status seen of each job it started. */
class SentLog {
  /** True once any write left the process (even if its answer never came). */
  wrote = false;
  readonly #byId = new Map<string, ItemRecord>();
  readonly #byTitle = new Map<string, ItemRecord>();
  /** Manifest file by remote id, and by `title:` + title for items not created yet. */
  readonly #names = new Map<string, string>();
  readonly #titles = new Map<string, string>();
  readonly #order: ItemRecord[] = [];

  /** Records a request as it leaves; returns the item a write is about, null for a read. */
  leaving(name: string, args: unknown[]): ItemRecord | null {
    const sent = WRITES[name];
    if (sent === undefined) return null;
    this.wrote = true;
    const [first] = args;
    let item: ItemRecord;
    if (name === 'createContent') item = this.#record(null, (first as { title: string }).title);
    else if (name === 'processContent')
      item = this.#record((first as { content_id: string }).content_id, null);
    else item = this.#record(first as string, null);
    item.sent.push(sent);
    if (sent === 'render started' || sent === 'publication started') item.started = true;
    return item;
  }

  /** Takes the id a create was given, and the status any answer carries. */
  answered(name: string, item: ItemRecord | null, answer: unknown): void {
    if (name === 'createContent' && item !== null) {
      const id = (answer as { id?: unknown }).id;
      if (typeof id === 'string') {
        item.id = id;
        this.#byId.set(id, item);
      }
    }
    this.#noteStatus(answer);
  }

  know(plan: Plan): void {
    for (const item of plan.items) {
      this.#names.set(`title:${item.title}`, item.file);
      if (item.remote !== null) {
        this.#names.set(item.remote.id, item.file);
        this.#titles.set(item.remote.id, item.title);
      }
    }
  }

  report(signal: string): string[] {
    const lines = [`Interrupted by ${signal}: nothing more is sent to the service.`];
    const touched = this.#order.filter((item) => item.sent.length > 0);
    if (touched.length === 0) {
      lines.push('Nothing was sent to the service in this run.');
      return lines;
    }
    lines.push('Sent to the service in this run:');
    for (const item of touched) lines.push(`  ${this.#label(item)}  ${[...new Set(item.sent)].join(', ')}`);
    const running = touched.filter(
      (item) => item.started && (item.status === null || GENERATING_STATUSES.has(item.status)),
    );
    if (running.length > 0) {
      lines.push('Still running on the service (it finishes these without this process):');
      for (const item of running) lines.push(`  ${this.#label(item)}  ${item.status ?? 'started'}`);
    }
    lines.push(
      'Run the same command again: it finds every item where the service has it, waits for what is ' +
        'still running and does only what is left, so the run converges.',
    );
    return lines;
  }

  #record(id: string | null, title: string | null): ItemRecord {
    const known =
      (id !== null ? this.#byId.get(id) : undefined) ??
      (title !== null ? this.#byTitle.get(title) : undefined);
    if (known) return known;
    const shown = title ?? (id !== null ? (this.#titles.get(id) ?? id) : '');
    const created: ItemRecord = { id, title: shown, sent: [], status: null, started: false };
    this.#order.push(created);
    if (id !== null) this.#byId.set(id, created);
    if (title !== null) this.#byTitle.set(title, created);
    return created;
  }

  #noteStatus(value: unknown): void {
    if (typeof value !== 'object' || value === null) return;
    const { id, status } = value as { id?: unknown; status?: unknown };
    if (typeof id !== 'string' || typeof status !== 'string') return;
    const item = this.#byId.get(id);
    if (item?.started) item.status = status as ContentStatus;
  }

  #label(item: ItemRecord): string {
    const file =
      (item.id !== null ? this.#names.get(item.id) : undefined) ?? this.#names.get(`title:${item.title}`);
    return file !== undefined ? `${file}  "${item.title}"` : `"${item.title}"`;
  }
}
