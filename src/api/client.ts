import { registerSecret } from '../secrets.ts';
import { USER_AGENT } from '../version.ts';
import { ConfigurationError, ResponseShapeError, ServiceError } from './errors.ts';
import { serviceError, type IntrospectionVerdict } from './explain.ts';
import { RateGate, parseRetryAfter, retrySettings, type RetryEvent } from './retry.ts';
import {
  ShapeProblem,
  failureInSuccess,
  nextPage,
  parseAccount,
  parseContentDetail,
  parseContentSummary,
  parseCredits,
  parseErrorBody,
  parseIntrospection,
  parseSubscription,
  parseTaskStatus,
  parseVersion,
  readListing,
} from './shapes.ts';
import { Transport, type RawResponse } from './transport.ts';
import type {
  Account,
  ContentDetail,
  ContentEdit,
  ContentFields,
  ContentSummary,
  ContentVersion,
  GenerationRequest,
  Introspection,
  PublishOptions,
  RenderOptions,
  ServiceApi,
  Subscription,
  TaskStatus,
} from './types.ts';
import * as wire from './wire.ts';

export const KEY_PREFIX = 'svc_live_';

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
  /** Keep-alive pool size; default 16. */
  connections?: number;
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
  return new HttpServiceClient(apiKey, base, options);
}

const GENERATION = { idempotent: false, rateLimited: true } as const;
const CREATE = { idempotent: false, rateLimited: false } as const;
const READ = { idempotent: true, rateLimited: false } as const;

class HttpServiceClient implements ServiceClient {
  readonly baseUrl: string;
  readonly #transport: Transport;
  readonly #pageSize: number;
  readonly #now: () => number;
  #introspection: Promise<IntrospectionVerdict> | null = null;

  constructor(apiKey: string, base: wire.BaseUrl, options: ClientOptions) {
    this.baseUrl = base.href;
    this.#pageSize = Math.max(1, Math.floor(options.pageSize ?? 100));
    const sleep = options.sleep ?? realSleep;
    const now = options.now ?? Date.now;
    this.#now = now;
    this.#transport = new Transport(apiKey, {
      base,
      userAgent: options.userAgent ?? USER_AGENT,
      requestTimeoutMs: options.requestTimeoutMs ?? 30_000,
      connections: Math.max(1, Math.floor(options.connections ?? 16)),
      runtime: {
        settings: retrySettings(options.retry),
        secondMs: options.secondMs ?? 1000,
        sleep,
        random: options.random ?? Math.random,
        now,
        gate: new RateGate(sleep, now),
        onRetry: options.onRetry,
      },
    });
  }

  // ---- endpoints --------------------------------------------------------

  listContents(): Promise<ContentSummary[]> {
    return this.#listAll(wire.paths.contents(), parseContentSummary);
  }

  async getContent(id: string): Promise<ContentDetail> {
    return this.#parse(
      'GET',
      wire.paths.content(id),
      await this.#call('GET', wire.paths.content(id)),
      parseContentDetail,
    );
  }

  async createContent(fields: ContentFields): Promise<ContentDetail> {
    const path = wire.paths.contents();
    const body = await this.#call('POST', path, wire.contentBody(fields), CREATE);
    return this.#parse('POST', path, body, parseContentDetail);
  }

  async editContent(
    id: string,
    edit: ContentEdit,
    options?: { cancelGeneration?: boolean },
  ): Promise<ContentDetail> {
    const path = wire.paths.content(id);
    const body = await this.#call('PUT', path, wire.editBody(edit, options?.cancelGeneration === true));
    return this.#parse('PUT', path, body, parseContentDetail);
  }

  listVersions(id: string): Promise<ContentVersion[]> {
    return this.#listAll(wire.paths.versions(id), parseVersion);
  }

  async processContent(request: GenerationRequest): Promise<void> {
    await this.#call('POST', wire.paths.processContent(), wire.generationBody(request), GENERATION);
  }

  async generateVideo(contentId: string, render: RenderOptions): Promise<void> {
    await this.#call('POST', wire.paths.generateVideo(), wire.videoBody(contentId, render), GENERATION);
  }

  async upload(contentId: string, publish: PublishOptions): Promise<void> {
    await this.#call('POST', wire.paths.upload(contentId), wire.uploadBody(publish), GENERATION);
  }

  async taskStatus(contentId: string): Promise<TaskStatus> {
    const path = wire.paths.taskStatus(contentId);
    return this.#parse('GET', path, await this.#call('GET', path), (body) =>
      parseTaskStatus(body, contentId),
    );
  }

  listAccounts(): Promise<Account[]> {
    return this.#listAll(wire.paths.accounts(), parseAccount);
  }

  async credits(): Promise<number> {
    const path = wire.paths.credits();
    return this.#parse('GET', path, await this.#call('GET', path), parseCredits);
  }

  async subscription(): Promise<Subscription> {
    const path = wire.paths.subscription();
    return this.#parse('GET', path, await this.#call('GET', path), parseSubscription);
  }

  async introspect(): Promise<Introspection> {
    const path = wire.paths.introspect();
    return this.#parse('GET', path, await this.#call('GET', path), parseIntrospection);
  }

  close(): Promise<void> {
    return this.#transport.close();
  }

  toJSON(): { baseUrl: string } {
    return { baseUrl: this.baseUrl };
  }

  // ---- plumbing ---------------------------------------------------------

  /** A5–A7: every page, until the hints say the listing is complete. */
  async #listAll<T>(path: string, parseItem: (value: unknown) => T): Promise<T[]> {
    const out: T[] = [];
    let page: number | null = 1;
    while (page !== null) {
      const body = await this.#call('GET', `${path}${wire.pageQuery(page, this.#pageSize)}`);
      const listing = this.#parse('GET', path, body, (value) => readListing(value, 'the listing'));
      for (const [index, item] of listing.items.entries()) {
        out.push(this.#parse('GET', path, item, parseItem, `page ${page}, item ${index + 1}`));
      }
      page = nextPage(page, listing, out.length);
    }
    return out;
  }

  #parse<T>(method: string, path: string, body: unknown, parse: (body: unknown) => T, where?: string): T {
    try {
      return parse(body);
    } catch (error) {
      if (!(error instanceof ShapeProblem)) throw error;
      const problem = where === undefined ? error.message : `${where}: ${error.message}`;
      throw new ResponseShapeError(method, path, this.#transport.redact(problem));
    }
  }

  /** One request; the body of a 2xx, or a ServiceError that teaches. */
  async #call(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    body?: wire.WireBody,
    kind: { idempotent: boolean; rateLimited: boolean } = READ,
  ): Promise<unknown> {
    const response = await this.#transport.request(method, path, body, kind);
    const failure = response.status < 300 ? failureInSuccess(response.body) : null;
    if (response.status >= 200 && response.status < 300 && failure === null) return response.body;
    throw await this.#error(method, path.split('?')[0] ?? path, response);
  }

  async #error(method: string, path: string, response: RawResponse): Promise<ServiceError> {
    const scrub = (text: string): string => this.#transport.redact(text);
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
