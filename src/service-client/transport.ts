import { Agent, EnvHttpProxyAgent, type Dispatcher } from 'undici';
import { MAX_RESPONSE_BYTES, exchangeBounded } from './bounded-response.ts';
import { OutcomeUnknownError } from './errors.ts';
import { scrubSecrets } from '../secrets.ts';
import { sendWithRetries, type RequestKind, type RetryRuntime } from './retry.ts';
import { requestHeaders, type BaseUrl, type WireBody } from './wire.ts';

// HTTP over undici keep-alive connections: one attempt is one request with
// its own timeouts; sendWithRetries decides whether there is another. The
// dispatcher honours HTTPS_PROXY, HTTP_PROXY and NO_PROXY (lower case too),
// as a self-hosted runner behind a proxy needs; without a proxy variable it
// is a plain pool, which spares every request the proxy agent's look at the
// environment.

/** What EnvHttpProxyAgent reads: with none of them set, every request goes straight to its host. */
const PROXY_VARIABLES = ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy'];

export interface RawResponse {
  status: number;
  /** Parsed JSON, or the text when the body is not JSON (A4), or null when empty. */
  body: unknown;
  /** The body's size as received. */
  bytes: number;
  attempts: number;
  retryAfter: string | string[] | undefined;
}

export interface TransportOptions {
  base: BaseUrl;
  userAgent: string;
  /** The whole of one attempt, headers and every byte of the body. */
  requestTimeoutMs: number;
  /** The largest answer read; default MAX_RESPONSE_BYTES. */
  maxResponseBytes?: number;
  connections: number;
  runtime: RetryRuntime;
}

interface Attempt {
  status: number;
  retryAfter: string | string[] | undefined;
  location: string | string[] | undefined;
  body: unknown;
  bytes: number;
}

const REDIRECTS: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);
/** Redirects followed for one request, at most: a loop ends as the redirect it was. */
const MAX_REDIRECTS = 5;

/**
 * Where a redirect leads, as a path on the service's origin, or null when it
 * is not followed (RFC 9110, 15.4). Only on the service's own origin: the
 * key is never sent to another host. A read follows 301, 302, 303, 307 and
 * 308; a write only 307 and 308, which keep its method and body (a 301 or
 * 302 may turn it into a GET, a 303 says it is done elsewhere).
 */
function redirectTarget(method: string, base: BaseUrl, from: string, answer: Attempt): string | null {
  if (!REDIRECTS.has(answer.status)) return null;
  if (method !== 'GET' && answer.status !== 307 && answer.status !== 308) return null;
  const location = Array.isArray(answer.location) ? answer.location[0] : answer.location;
  if (location === undefined || location.trim() === '') return null;
  let url: URL;
  try {
    url = new URL(location.trim(), `${base.origin}${from}`);
  } catch {
    return null;
  }
  return url.origin === base.origin ? `${url.pathname}${url.search}` : null;
}

export class Transport {
  readonly #apiKey: string;
  readonly #pool: Dispatcher;
  #closed = false;
  readonly #options: TransportOptions;

  constructor(apiKey: string, options: TransportOptions) {
    this.#apiKey = apiKey;
    this.#options = options;
    const pool = {
      connections: options.connections,
      keepAliveTimeout: 30_000,
      connectTimeout: Math.min(options.requestTimeoutMs, 10_000),
      headersTimeout: options.requestTimeoutMs,
      bodyTimeout: options.requestTimeoutMs,
    };
    this.#pool = PROXY_VARIABLES.some((name) => process.env[name])
      ? new EnvHttpProxyAgent(pool)
      : new Agent(pool);
  }

  /**
   * Sends one request through the retry policy, following the service's
   * redirects where that is safe (see `redirectTarget`). `path` is relative
   * to `/v1` and may carry a query.
   */
  async request(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    body: WireBody | undefined,
    kind: Pick<RequestKind, 'idempotent' | 'rateLimited'>,
    idempotencyKey?: string,
  ): Promise<RawResponse> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    // Every attempt of this request (sendWithRetries) carries the same headers, so the same key.
    const headers = requestHeaders(
      this.#apiKey,
      this.#options.userAgent,
      payload !== undefined,
      idempotencyKey,
    );
    const label = path.split('?')[0] ?? path;
    let target = `${this.#options.base.prefix}${path}`;
    let attempts = 0;
    for (let hops = 0; ; hops++) {
      const from = target;
      const { answer, attempts: sent } = await sendWithRetries(
        { method, path: label, ...kind },
        this.#options.runtime,
        (remainingMs) => this.#once(method, from, headers, payload, label, remainingMs),
      );
      attempts += sent;
      const next = hops < MAX_REDIRECTS ? redirectTarget(method, this.#options.base, from, answer) : null;
      if (next !== null) {
        target = next;
        continue;
      }
      // A write moved where the client does not follow may have been done (303): looked at, never resent.
      if (REDIRECTS.has(answer.status) && method !== 'GET')
        throw new OutcomeUnknownError({ method, path: label, reason: `redirected (${answer.status})` });
      return {
        status: answer.status,
        body: answer.body,
        bytes: answer.bytes,
        attempts,
        retryAfter: answer.retryAfter,
      };
    }
  }

  async #once(
    method: string,
    path: string,
    headers: Record<string, string>,
    payload: string | undefined,
    label: string,
    remainingMs: number,
  ): Promise<Attempt> {
    const { requestTimeoutMs } = this.#options;
    // One deadline for the whole attempt, never past what the call has left.
    const deadlineMs = Math.max(1, Math.min(requestTimeoutMs, remainingMs));
    const answer = await exchangeBounded(
      this.#pool,
      {
        origin: this.#options.base.origin,
        method,
        path,
        headers,
        body: payload ?? null,
        // Never let undici resend a POST on its own: A33 is decided in retry.ts.
        idempotent: method !== 'POST',
        headersTimeout: requestTimeoutMs,
        bodyTimeout: requestTimeoutMs,
      },
      { deadlineMs, limitBytes: this.#options.maxResponseBytes ?? MAX_RESPONSE_BYTES },
      { method, path: label },
    );
    return {
      status: answer.status,
      retryAfter: answer.headers['retry-after'],
      location: answer.headers.location,
      body: decode(answer.text),
      bytes: answer.bytes,
    };
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.#pool.close();
  }

  /** Strips the key from any text before it lands in a message. */
  scrubKey(value: string): string {
    return scrubSecrets(value, [this.#apiKey]);
  }
}

/** A whole number of 16 digits or more as a JSON value: an id, perhaps, that a double cannot hold. */
const LONG_INTEGER = /[[:,]\s*-?\d{16,}\s*[,}\]]/;

/**
 * Ids are opaque strings: a whole number too long for a double (a 64-bit id
 * sent as a number) keeps its digits, as text, rather than being rounded to
 * another id. Needs the reviver's source text (Node 22 and later); without
 * it, the number is parsed as usual.
 */
function keepLongIntegers(_key: string, value: unknown, context?: { source?: string }): unknown {
  const source = context?.source;
  if (typeof value !== 'number' || Number.isSafeInteger(value) || source === undefined) return value;
  return /^-?\d+$/.test(source) ? source : value;
}

/** JSON, else null for a blank body, else the text: parsed first, since nearly every answer is JSON. */
function decode(raw: string): unknown {
  try {
    if (LONG_INTEGER.test(raw)) return JSON.parse(raw, keepLongIntegers) as unknown;
    return JSON.parse(raw) as unknown;
  } catch {
    return raw.trim() === '' ? null : raw;
  }
}
