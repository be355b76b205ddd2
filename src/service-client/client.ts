import { registerSecret } from '../secrets.ts';
import { checkBaseUrl } from './base-url-policy.ts';
import { USER_AGENT } from '../version.ts';
import {
  ClearedFieldsError,
  ConfigurationError,
  isNotFound,
  OutcomeUnknownError,
  ReadBackError,
  ResponseShapeError,
  ServiceError,
  WritesStoppedError,
} from './errors.ts';
import { ListingError, walkListing, type ListingOutcome, type ListingPage } from './listing.ts';
import { GenerationPace } from './pace.ts';
import { Unrecognised, readWriteAnswer } from './readings.ts';
import { serviceError, type IntrospectionVerdict } from './explain.ts';
import { RateGate, parseRetryAfter, retrySettings, type RetryEvent } from './retry.ts';
import {
  ShapeProblem,
  failureInSuccess,
  parseAccount,
  parseContentDetail,
  parseMediaLinks,
  parseContentSummary,
  parseCredits,
  parseErrorBody,
  parseIntrospection,
  parseSubscription,
  parseTaskStatus,
  parseVersion,
} from './shapes.ts';
import { newIdempotencyKey, type WriteOptions } from './idempotency.ts';
import { Transport, type RawResponse } from './transport.ts';
import { DEFAULT_CONNECTIONS, KEY_PREFIX } from './types.ts';
import type {
  Account,
  ContentDetail,
  MediaLinks,
  ContentEdit,
  ContentFields,
  ContentSummary,
  ContentVersion,
  GenerationRequest,
  Introspection,
  Listed,
  PaceLimit,
  PublishOptions,
  RenderOptions,
  ServiceApi,
  Subscription,
  TaskStatus,
} from './types.ts';
import * as wire from './wire.ts';

export interface ClientOptions {
  baseUrl: string;
  apiKey: string;
  /** Default USER_AGENT from src/version.ts. */
  userAgent?: string;
  /** Headers and body timeout of one request; default 30 s. */
  requestTimeoutMs?: number;
  retry?: {
    attempts?: number;
    baseDelayMs?: number;
    maxDelayMs?: number;
    deadlineMs?: number;
    rateLimitAttempts?: number;
  };
  /** Length of one Retry-After second; default 1000; tests shrink it. */
  secondMs?: number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  /** Wall clock in ms since the epoch, for Retry-After dates; default Date.now. */
  now?: () => number;
  onRetry?: (event: RetryEvent) => void;
  /** Default 100 (A6). */
  pageSize?: number;
  /** Keep-alive pool size; default DEFAULT_CONNECTIONS. */
  connections?: number;
  /** base-url may be plain http to a host other than this machine (the key then travels in clear text). */
  allowInsecureHttp?: boolean;
  /**
   * Reads only: any other request throws before it is sent (doctor's
   * promise that a probe never writes and never spends).
   */
  readOnly?: boolean;
  /** Requests the client may still send, retries included, counted down as it sends; unlimited when absent. */
  requestBudget?: { left: number };
  /** Pages one listing may read; default MAX_PAGES of listing.ts. */
  maxListingPages?: number;
  /** Called with what each listing showed of the service's paging (doctor reports it). */
  onListing?: (path: string, outcome: ListingOutcome) => void;
  /**
   * Hides the key from a log before anything can print it. Whoever reads the
   * key masks it (the action does so first thing); this hook lets a caller
   * that has not done so yet do it here. Default: nothing.
   */
  maskSecret?: (secret: string) => void;
}

export interface ServiceClient extends ServiceApi {
  close(): Promise<void>;
  readonly baseUrl: string;
  /**
   * The 403 that stopped every further write, if one did: the interface does
   * not show which scope each endpoint needs, so the first refusal is where
   * the client learns it, and nothing more is sent after it.
   */
  readonly writeRefusal: ServiceError | null;
  /** One GET of a path relative to /v1, answered as the service sent it (doctor). */
  getRaw(path: string): Promise<unknown>;
}

const realSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Checks the key and base URL before any request; throws ConfigurationError. */
export function createClient(options: ClientOptions): ServiceClient {
  const apiKey = typeof options.apiKey === 'string' ? options.apiKey.trim() : '';
  // Whatever characters it holds, no output of this process shows it from here on.
  registerSecret(apiKey);
  if (apiKey !== '') options.maskSecret?.(apiKey);
  if (apiKey === '') {
    throw new ConfigurationError(`No API key was given: create one in the web app under Settings, API Keys.`);
  }
  if (!apiKey.startsWith(KEY_PREFIX)) {
    throw new ConfigurationError(
      `The API key does not start with ${KEY_PREFIX}: it is not a service API key (a session token or a ` +
        'mistyped secret?). Create one in the web app under Settings, API Keys.',
    );
  }
  const base = wire.resolveBaseUrl(String(options.baseUrl ?? ''));
  if (base === null) {
    throw new ConfigurationError(
      'base-url must be an http(s) URL without credentials, for example https://api.example.com.',
    );
  }
  // The caller checked already, in its own words; this is the gate no mode can skip.
  const { refused } = checkBaseUrl(
    options.baseUrl,
    options.allowInsecureHttp ?? false,
    'allow-insecure-http',
  );
  if (refused !== null) throw new ConfigurationError(refused);
  return new HttpServiceClient(apiKey, base, options);
}

const GENERATION = { idempotent: false, rateLimited: true } as const;
const CREATE = { idempotent: false, rateLimited: false } as const;
const READ = { idempotent: true, rateLimited: false } as const;

/** A path as errors name it: without its query. */
const labelOf = (path: string): string => path.split('?')[0] ?? path;

class HttpServiceClient implements ServiceClient {
  readonly baseUrl: string;
  readonly #base: wire.BaseUrl;
  readonly #transport: Transport;
  readonly #pageSize: number;
  readonly #now: () => number;
  readonly #readOnly: boolean;
  readonly #onListing: ClientOptions['onListing'];
  readonly #maxPages: number | undefined;
  #writeRefusal: ServiceError | null = null;
  #writeAccepted = false;
  #writeGate: Promise<void> = Promise.resolve();
  #introspection: Promise<IntrospectionVerdict> | null = null;
  readonly #sleep: (ms: number) => Promise<void>;
  readonly #pace: GenerationPace;
  /** The run's deadline on `#now`'s clock (finishBy): no wait of this client ends after it. */
  #runDeadline = Infinity;
  /** Waits between looks for an item a write has just stored (the base retry delay, doubling). */
  readonly #lagMs: readonly number[];
  /** The ids of the last listing of contents read whole (listContents). */
  #lastContents: ReadonlySet<string> = new Set();

  constructor(apiKey: string, base: wire.BaseUrl, options: ClientOptions) {
    this.baseUrl = base.href;
    this.#base = base;
    this.#pageSize = Math.max(1, Math.floor(options.pageSize ?? 100));
    const sleep = options.sleep ?? realSleep;
    this.#sleep = sleep;
    const settings = retrySettings(options.retry);
    this.#lagMs = [1, 2, 4].map((factor) => settings.baseDelayMs * factor);
    const now = options.now ?? Date.now;
    this.#now = now;
    this.#readOnly = options.readOnly === true;
    this.#onListing = options.onListing;
    this.#maxPages = options.maxListingPages;
    const secondMs = options.secondMs ?? 1000;
    this.#pace = new GenerationPace(sleep, now, secondMs);
    this.#transport = new Transport(apiKey, {
      base,
      userAgent: options.userAgent ?? USER_AGENT,
      requestTimeoutMs: options.requestTimeoutMs ?? 30_000,
      connections: Math.max(1, Math.floor(options.connections ?? DEFAULT_CONNECTIONS)),
      runtime: {
        settings,
        secondMs,
        sleep,
        random: options.random ?? Math.random,
        now,
        gate: new RateGate(sleep, now),
        pause: new RateGate(sleep, now),
        pace: this.#pace,
        runDeadline: () => this.#runDeadline,
        onRetry: options.onRetry,
        budget: options.requestBudget,
      },
    });
  }

  // ---- endpoints --------------------------------------------------------

  /**
   * One GET whose answer is returned as the service sent it (errors are
   * ServiceErrors as usual): doctor reads it with the same readings.ts the
   * typed methods parse through.
   */
  getRaw(path: string): Promise<unknown> {
    return this.#call('GET', path);
  }

  get writeRefusal(): ServiceError | null {
    return this.#writeRefusal;
  }

  /**
   * A7. A row gone since the last listing read whole means someone deleted
   * an item, and if they did while pages were read, the rows after it moved
   * up and one of them slid onto a page already read, unseen: the listing is
   * read again, at most as many times as a read-back looks, until a walk
   * loses no row the walk before it showed.
   */
  async listContents(
    options: { onItems?: (items: readonly ContentSummary[]) => void } = {},
  ): Promise<Listed<ContentSummary>> {
    const walk = (): Promise<Listed<ContentSummary>> =>
      this.#listAll(wire.paths.contents(), parseContentSummary, undefined, options.onItems);
    let listed = await walk();
    for (let again = 0; again < this.#lagMs.length && this.#lostRows(listed); again++) listed = await walk();
    return listed;
  }

  /** Whether a whole listing of contents lacks a row the last whole one showed; it becomes the last. */
  #lostRows(listed: Listed<ContentSummary>): boolean {
    if (!listed.complete) return false;
    const seen = new Set(listed.items.map((item) => item.id));
    const lost = [...this.#lastContents].some((id) => !seen.has(id));
    this.#lastContents = seen;
    return lost;
  }

  async mediaLinks(id: string): Promise<MediaLinks> {
    return this.#get(wire.paths.content(id), parseMediaLinks);
  }

  async getContent(id: string, options?: { listed?: boolean }): Promise<ContentDetail> {
    return options?.listed === true ? this.#lookAgainOn404(id) : this.#getOnce(id);
  }

  async #getOnce(id: string): Promise<ContentDetail> {
    return this.#get(wire.paths.content(id), parseContentDetail);
  }

  /**
   * A14: whatever the create answers (the item, only its id, or nothing), the
   * item is read back. An answer naming no item cannot be read back: it is an
   * outcome the engine resolves by looking the title up, never by resending.
   */
  async createContent(fields: ContentFields, write?: WriteOptions): Promise<ContentDetail> {
    const path = wire.paths.contents();
    const answer = readWriteAnswer(
      await this.#call('POST', path, wire.contentBody(fields), CREATE, write?.idempotencyKey),
    );
    if (answer.id === null) {
      throw new OutcomeUnknownError({ method: 'POST', path, reason: 'the answer named no item' });
    }
    return this.#readBack('POST', answer.id);
  }

  /**
   * A13/A14: the item is read back after the PUT, whatever it answered, and a
   * field this edit set that the service shows cleared is an error: a service
   * that replaces the whole item would otherwise lose what was not sent.
   */
  async editContent(
    id: string,
    edit: ContentEdit,
    options?: { cancelGeneration?: boolean },
  ): Promise<ContentDetail> {
    const path = wire.paths.content(id);
    await this.#call('PUT', path, wire.editBody(edit, options?.cancelGeneration === true));
    let detail = await this.#readBack('PUT', id);
    if (clearedFields(edit, detail).length > 0) {
      // A read right after a write may not see it yet: one more look before calling it cleared.
      await this.#waitWithin(this.#lagMs[this.#lagMs.length - 1] ?? 0);
      detail = await this.#readBack('PUT', id);
    }
    const cleared = clearedFields(edit, detail);
    if (cleared.length > 0) throw new ClearedFieldsError(path, cleared);
    return detail;
  }

  /**
   * GET /contents/{id} after a write the service accepted. A service may not
   * show an item it has just stored (404), so that is looked again, a little
   * later each time; any failure then is a ReadBackError, never a failed write.
   */
  async #readBack(method: string, id: string): Promise<ContentDetail> {
    try {
      return await this.#lookAgainOn404(id);
    } catch (error) {
      if (error instanceof ServiceError && error.status === 401) throw error;
      throw new ReadBackError(method, id, error);
    }
  }

  /** GET /contents/{id} of an item known to exist: a 404 is looked again, a little later each time. */
  async #lookAgainOn404(id: string): Promise<ContentDetail> {
    for (let look = 0; ; look++) {
      try {
        return await this.#getOnce(id);
      } catch (error) {
        if (!isNotFound(error) || look >= this.#lagMs.length) throw error;
        await this.#waitWithin(this.#lagMs[look]!);
      }
    }
  }

  async listVersions(id: string): Promise<ContentVersion[]> {
    const versionOf = (row: unknown): string | null =>
      typeof row === 'object' && row !== null && 'version' in row ? String(row.version) : null;
    return (await this.#listAll(wire.paths.versions(id), parseVersion, versionOf)).items;
  }

  async processContent(request: GenerationRequest, write?: WriteOptions): Promise<void> {
    const body = wire.generationBody(request);
    await this.#call('POST', wire.paths.processContent(), body, GENERATION, write?.idempotencyKey);
  }

  async generateVideo(contentId: string, render: RenderOptions, write?: WriteOptions): Promise<void> {
    const body = wire.videoBody(contentId, render);
    await this.#call('POST', wire.paths.generateVideo(), body, GENERATION, write?.idempotencyKey);
  }

  async upload(contentId: string, publish: PublishOptions, write?: WriteOptions): Promise<void> {
    const body = wire.uploadBody(publish);
    await this.#call('POST', wire.paths.upload(contentId), body, GENERATION, write?.idempotencyKey);
  }

  /** Every wait of this client (retries, the pace, the rate-limit gate, read-back lags) ends within `remainingMs`. */
  finishBy(remainingMs: number): void {
    this.#runDeadline = this.#now() + Math.max(0, remainingMs);
  }

  /** A wait of `ms`, cut short at the run's deadline: used where looking again sooner does no harm. */
  #waitWithin(ms: number): Promise<void> {
    return this.#sleep(Math.max(0, Math.min(ms, this.#runDeadline - this.#now())));
  }

  /** A41: the generation rate the service states; until told, the pace is learned from its 429s. */
  keepPace(limit: PaceLimit): void {
    this.#pace.state(limit);
  }

  async taskStatus(contentId: string): Promise<TaskStatus> {
    return this.#get(wire.paths.taskStatus(contentId), (body) => parseTaskStatus(body, contentId));
  }

  listAccounts(): Promise<Listed<Account>> {
    return this.#listAll(wire.paths.accounts(), parseAccount);
  }

  async credits(): Promise<number> {
    return this.#get(wire.paths.credits(), parseCredits);
  }

  async subscription(): Promise<Subscription> {
    return this.#get(wire.paths.subscription(), parseSubscription);
  }

  async introspect(): Promise<Introspection> {
    return this.#get(wire.paths.introspect(), parseIntrospection);
  }

  close(): Promise<void> {
    return this.#transport.close();
  }

  toJSON(): { baseUrl: string } {
    return { baseUrl: this.baseUrl };
  }

  // ---- plumbing ---------------------------------------------------------

  /**
   * A5–A7: every page, and whether the listing was proven complete
   * (listing.ts). A listing that counts more items than it showed, and is
   * otherwise whole, may come from a replica behind the writes: it is read
   * again after the pauses a read-back takes, until it is proven or they
   * are spent. `onItems` may then see an item twice.
   */
  async #listAll<T>(
    path: string,
    parseItem: (value: unknown) => T,
    identify?: (row: unknown) => string | null,
    onItems?: (items: readonly T[]) => void,
  ): Promise<Listed<T>> {
    let listed = await this.#listOnce(path, parseItem, identify, onItems);
    for (const pause of this.#lagMs) {
      if (!listed.behind) break;
      await this.#waitWithin(pause);
      listed = await this.#listOnce(path, parseItem, identify, onItems);
    }
    return { items: listed.items, complete: listed.complete, gap: listed.gap };
  }

  async #listOnce<T>(
    path: string,
    parseItem: (value: unknown) => T,
    identify?: (row: unknown) => string | null,
    onItems?: (items: readonly T[]) => void,
  ): Promise<Listed<T> & { behind: boolean }> {
    let outcome: ListingOutcome;
    // Rows parsed as their page arrived (for onItems) are not parsed again; a
    // row that does not parse is left for the pass below, which reports it.
    const parsed: Array<T | undefined> = [];
    const onRows = onItems
      ? (rows: readonly unknown[], first: number): void => {
          const items: T[] = [];
          rows.forEach((row, offset) => {
            try {
              const item = parseItem(row);
              parsed[first + offset] = item;
              items.push(item);
            } catch {
              // reported once the walk is over
            }
          });
          if (items.length > 0) onItems(items);
        }
      : undefined;
    try {
      outcome = await walkListing(path, {
        base: this.#base,
        pageSize: this.#pageSize,
        ...(this.#maxPages !== undefined ? { maxPages: this.#maxPages } : {}),
        get: (target) => this.#page(target),
        ...(identify ? { identify } : {}),
        ...(onRows ? { onRows } : {}),
      });
    } catch (error) {
      if (error instanceof Unrecognised)
        throw new ResponseShapeError('GET', path, this.#transport.scrubKey(error.message));
      if (error instanceof ListingError) throw new ListingError(this.#transport.scrubKey(error.message));
      throw error;
    }
    this.#onListing?.(path, outcome);
    const items = outcome.rows.map(
      (row, index) => parsed[index] ?? this.#parse('GET', path, row, parseItem, `row ${index + 1}`),
    );
    return { items, complete: outcome.complete, gap: outcome.gap, behind: outcome.behind };
  }

  /** One GET of a single object, parsed. */
  async #get<T>(path: string, parse: (body: unknown) => T): Promise<T> {
    return this.#parse('GET', path, await this.#call('GET', path), parse);
  }

  #parse<T>(method: string, path: string, body: unknown, parse: (body: unknown) => T, where?: string): T {
    try {
      return parse(body);
    } catch (error) {
      if (!(error instanceof ShapeProblem)) throw error;
      const problem = where === undefined ? error.message : `${where}: ${error.message}`;
      throw new ResponseShapeError(method, path, this.#transport.scrubKey(problem));
    }
  }

  /** One request; the body of a 2xx, or a ServiceError that teaches. */
  async #call(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    body?: wire.WireBody,
    kind: { idempotent: boolean; rateLimited: boolean } = READ,
    idempotencyKey?: string,
  ): Promise<unknown> {
    const label = labelOf(path);
    const send = async (key?: string): Promise<unknown> =>
      (await this.#answer(method, path, body, kind, key)).body;
    if (method === 'GET') return send();
    if (this.#readOnly) throw new WritesStoppedError(method, label, 'this client only reads (doctor)');
    // Every POST carries a key (service-client/idempotency.ts): the caller's, or one for this write alone.
    const key = method === 'POST' ? (idempotencyKey ?? newIdempotencyKey()) : undefined;
    if (this.#writeAccepted) return send(key);
    // Until the service has accepted one write, writes go one at a time: a
    // 403 on the first stops the others before they are sent.
    const before = this.#writeGate;
    let release = (): void => {};
    this.#writeGate = new Promise<void>((resolve) => (release = resolve));
    await before;
    try {
      if (this.#writeRefusal !== null) {
        throw new WritesStoppedError(
          method,
          label,
          `an earlier write was refused: ${this.#writeRefusal.message}`,
        );
      }
      const answer = await send(key);
      this.#writeAccepted = true;
      return answer;
    } finally {
      release();
    }
  }

  /** One page of a listing, with its size as received: the walk caps the bytes it keeps. */
  #page(target: string): Promise<ListingPage> {
    return this.#answer('GET', target, undefined, READ);
  }

  /** One request's 2xx answer, or a ServiceError that teaches. */
  async #answer(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    body: wire.WireBody | undefined,
    kind: { idempotent: boolean; rateLimited: boolean },
    idempotencyKey?: string,
  ): Promise<RawResponse> {
    const response = await this.#transport.request(method, path, body, kind, idempotencyKey);
    const failure = response.status < 300 ? failureInSuccess(response.body) : null;
    if (response.status >= 200 && response.status < 300 && failure === null) return response;
    const error = await this.#error(method, labelOf(path), response);
    // The first 403 on a write stops every later one (A29): the scope of each
    // endpoint is not shown, so this refusal is how the client learns it.
    if (method !== 'GET' && response.status === 403) this.#writeRefusal ??= error;
    throw error;
  }

  async #error(method: string, path: string, response: RawResponse): Promise<ServiceError> {
    const scrub = (text: string): string => this.#transport.scrubKey(text);
    const parsed = parseErrorBody(response.body);
    const body = {
      ...parsed,
      message: scrub(parsed.message),
      code: parsed.code === undefined ? undefined : scrub(parsed.code),
      limit: parsed.limit === undefined ? undefined : scrub(parsed.limit),
      required: parsed.required?.map(scrub),
    };
    const facts = {
      status: response.status,
      method,
      path,
      attempts: response.attempts,
      body,
      retryAfterSeconds: parseRetryAfter(response.retryAfter, this.#now()),
    };
    if (response.status === 401 && path !== wire.paths.introspect()) {
      return serviceError({ ...facts, introspection: await this.#whyUnauthorized() }, scrub);
    }
    if (response.status === 402) {
      return serviceError({ ...facts, balance: parsed.balance ?? (await this.#balanceOrUndefined()) }, scrub);
    }
    return serviceError(facts, scrub);
  }

  /** Asked once per client: every worker hitting 401 shares the one answer. */
  #whyUnauthorized(): Promise<IntrospectionVerdict> {
    this.#introspection ??= this.introspect().then(
      (introspection): IntrospectionVerdict => ({ kind: 'answer', introspection }),
      (error: unknown): IntrospectionVerdict =>
        error instanceof ServiceError && error.status === 401
          ? { kind: 'rejected' }
          : { kind: 'failed', reason: error instanceof Error ? error.message : 'no answer' },
    );
    return this.#introspection;
  }

  async #balanceOrUndefined(): Promise<number | undefined> {
    try {
      return await this.credits();
    } catch {
      return undefined;
    }
  }
}

function blank(value: unknown): boolean {
  return (
    value === null ||
    value === undefined ||
    value === '' ||
    (typeof value === 'object' && Object.keys(value).length === 0)
  );
}

/** Fields an edit set to a value that the item read back shows empty. */
function clearedFields(edit: ContentEdit, detail: ContentDetail): string[] {
  const cleared: string[] = [];
  for (const [field, sent] of Object.entries(edit)) {
    // The persona is the service's own expansion, which it may keep whatever was sent.
    if (blank(sent) || field === 'persona_id') continue;
    const now = detail[field as keyof ContentDetail];
    if (blank(now)) cleared.push(field);
  }
  return cleared;
}
