import { Agent, EnvHttpProxyAgent, type Dispatcher } from 'undici';
import { MAX_RESPONSE_BYTES, exchangeBounded } from './bounded-response.ts';
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
  body: unknown;
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

  /** Sends one request through the retry policy. `path` is relative to `/v1` and may carry a query. */
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
    const { answer, attempts } = await sendWithRetries(
      { method, path: label, ...kind },
      this.#options.runtime,
      (remainingMs) =>
        this.#once(method, `${this.#options.base.prefix}${path}`, headers, payload, label, remainingMs),
    );
    return { status: answer.status, body: answer.body, attempts, retryAfter: answer.retryAfter };
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
    return { status: answer.status, retryAfter: answer.headers['retry-after'], body: decode(answer.text) };
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

/** JSON, else null for a blank body, else the text: parsed first, since nearly every answer is JSON. */
function decode(raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw.trim() === '' ? null : raw;
  }
}
