import { ServiceError, describeError, isNotFound } from '../service-client/errors.ts';
import type { ContentDetail, ServiceApi } from '../service-client/types.ts';

// GET /contents/{id}, at most `width` at a time, asked for one id at a time
// as ids become known: the engine asks for the items the manifests name while
// the listing's later pages are still on their way, so that 10,000 detail
// reads do not wait for 100 listing pages read one after another. A read that
// fails concerns its item alone (it is held); only a key the service no
// longer accepts (401) concerns every item and stops them all.

export interface Details {
  /** The items read, by id; an item deleted since the listing (404) is not among them. */
  read: Map<string, ContentDetail>;
  /** Why an item could not be read, by id. */
  unreadable: Map<string, string>;
}

export class DetailReads {
  readonly #client: ServiceApi;
  readonly #width: number;
  readonly #reads = new Map<string, Promise<ContentDetail | null>>();
  readonly #failures = new Map<string, string>();
  readonly #queue: Array<() => void> = [];
  /** The next queued read to start (an index, not shift(): the queue may hold 10,000). */
  #head = 0;
  #running = 0;
  #stop: { error: unknown } | null = null;

  constructor(client: ServiceApi, width: number) {
    this.#client = client;
    this.#width = Math.max(1, Math.floor(width) || 1);
  }

  /** Starts reading `id` (once, however often it is asked for). */
  want(id: string): void {
    if (this.#reads.has(id)) return;
    const read = new Promise<void>((start) => this.#queue.push(start)).then(() => this.#read(id));
    // A failure is reported by `settle`; until then nobody may be listening.
    read.catch(() => undefined);
    this.#reads.set(id, read);
    this.#next();
  }

  /**
   * The details of `ids` (each started if it was not), once every read
   * started has settled. Throws only what stops every read (a 401), after
   * the reads in flight have settled.
   */
  async settle(ids: readonly string[]): Promise<Details> {
    for (const id of ids) this.want(id);
    await this.drain();
    if (this.#stop !== null) throw this.#stop.error;
    const read = new Map<string, ContentDetail>();
    const unreadable = new Map<string, string>();
    for (const id of ids) {
      const detail = await this.#reads.get(id);
      if (detail) read.set(detail.id, detail);
      const failure = this.#failures.get(id);
      if (failure !== undefined) unreadable.set(id, failure);
    }
    return { read, unreadable };
  }

  /** Waits for every read started so far; reads still queued after a stop are not sent. */
  async drain(): Promise<void> {
    await Promise.allSettled([...this.#reads.values()]);
  }

  /** Stops sending: what is queued is dropped (the caller no longer needs it). */
  abandon(): void {
    this.#stop ??= { error: new Error('detail reads abandoned') };
    this.#next();
  }

  #next(): void {
    while (this.#running < this.#width && this.#head < this.#queue.length) {
      this.#running++;
      const start = this.#queue[this.#head++];
      start?.();
    }
    if (this.#head === this.#queue.length) {
      this.#queue.length = 0;
      this.#head = 0;
    }
  }

  async #read(id: string): Promise<ContentDetail | null> {
    try {
      if (this.#stop !== null) return null;
      // Asked for because the listing showed it: a 404 is looked again before the item is taken as gone.
      return await this.#client.getContent(id, { listed: true });
    } catch (error) {
      if (isNotFound(error)) return null;
      if (error instanceof ServiceError && error.status === 401) this.#stop ??= { error };
      else this.#failures.set(id, describeError(error));
      return null;
    } finally {
      this.#running--;
      this.#next();
    }
  }
}
