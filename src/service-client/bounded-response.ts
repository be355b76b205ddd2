// Limits on one answer from the service, whatever the server does: a whole
// answer (headers and every byte of the body) within a deadline, and no more
// than a size cap in memory. undici's own timeouts do not do this: its body
// timeout restarts on every byte, so a server that drips one byte every few
// seconds holds a request forever, and nothing stops a body of gigabytes.
import type { Dispatcher } from 'undici';

type IncomingHttpHeaders = Record<string, string | string[] | undefined>;

/** The largest answer read: far above a listing page of 100 items or an item with its scripts. */
export const MAX_RESPONSE_BYTES = 16 * 1024 * 1024;

/** The answer is larger than the cap. Final: the same request would get the same answer. */
export class ResponseTooLargeError extends Error {
  override name = 'ResponseTooLargeError';
  readonly method: string;
  readonly path: string;
  readonly limitBytes: number;

  constructor(method: string, path: string, limitBytes: number) {
    super(
      `${method} ${path}: the service's answer is larger than ${formatBytes(limitBytes)}, the most one answer may be; ` +
        'it was not read further and not asked for again. Check base-url points at the service.',
    );
    this.method = method;
    this.path = path;
    this.limitBytes = limitBytes;
  }
}

/**
 * No complete answer within the deadline. Carries a timeout code, so the
 * retry policy treats it as any timeout (a GET may be sent again while the
 * call's own deadline allows; a POST is never resent).
 */
export class RequestDeadlineError extends Error {
  override name = 'RequestDeadlineError';
  readonly code = 'ETIMEDOUT';
  readonly deadlineMs: number;

  constructor(deadlineMs: number) {
    super(`no complete answer within ${formatSeconds(deadlineMs)}`);
    this.deadlineMs = deadlineMs;
  }
}

/** One whole answer: its status, its headers, and its body as text, and its size as received. */
export interface BoundedAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  bytes: number;
}

export interface AnswerLimits {
  /** The whole exchange, from the request to the body's last byte. */
  deadlineMs: number;
  limitBytes: number;
}

/**
 * Sends one request through `dispatcher` and reads its whole answer within
 * the limits: rejects with RequestDeadlineError when the deadline passes,
 * whatever the exchange is waiting for, and with ResponseTooLargeError past
 * the cap, without reading on. A handler of undici's own rather than
 * `request()` and a body stream: a catalogue's plan sends ten thousand of
 * these, and the stream, its iterator and an abort signal per request were
 * most of what each one cost.
 */
export function exchangeBounded(
  dispatcher: Dispatcher,
  request: Dispatcher.DispatchOptions,
  limits: AnswerLimits,
  where: { method: string; path: string },
): Promise<BoundedAnswer> {
  return new Promise((resolve, reject) => {
    dispatcher.dispatch(request, new BoundedHandler(limits, where, resolve, reject));
  });
}

class BoundedHandler implements Dispatcher.DispatchHandler {
  readonly #limits: AnswerLimits;
  readonly #where: { method: string; path: string };
  readonly #resolve: (answer: BoundedAnswer) => void;
  readonly #reject: (error: Error) => void;
  readonly #timer: ReturnType<typeof setTimeout>;
  #controller: Dispatcher.DispatchController | null = null;
  /** Why the exchange ended early; aborts the request once undici hands over its controller. */
  #failure: Error | null = null;
  #settled = false;
  #status = 0;
  #headers: IncomingHttpHeaders = {};
  readonly #chunks: Buffer[] = [];
  #size = 0;

  constructor(
    limits: AnswerLimits,
    where: { method: string; path: string },
    resolve: (answer: BoundedAnswer) => void,
    reject: (error: Error) => void,
  ) {
    this.#limits = limits;
    this.#where = where;
    this.#resolve = resolve;
    this.#reject = reject;
    // Made only when needed: an error's stack costs more than the request itself.
    this.#timer = setTimeout(
      () => this.#fail(new RequestDeadlineError(limits.deadlineMs)),
      limits.deadlineMs,
    );
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.#controller = controller;
    if (this.#failure) controller.abort(this.#failure);
  }

  onResponseStart(_: Dispatcher.DispatchController, status: number, headers: IncomingHttpHeaders): void {
    // An informational answer (1xx) is not the answer.
    if (this.#settled || status < 200) return;
    const declared = Number(headerValue(headers['content-length']));
    if (Number.isFinite(declared) && declared > this.#limits.limitBytes) return this.#tooLarge();
    this.#status = status;
    this.#headers = headers;
  }

  onResponseData(_: Dispatcher.DispatchController, chunk: Buffer): void {
    if (this.#settled) return;
    this.#size += chunk.byteLength;
    if (this.#size > this.#limits.limitBytes) return this.#tooLarge();
    this.#chunks.push(chunk);
  }

  onResponseEnd(): void {
    if (this.#settled) return;
    this.#settled = true;
    clearTimeout(this.#timer);
    const text = Buffer.concat(this.#chunks, this.#size).toString('utf8');
    this.#resolve({ status: this.#status, headers: this.#headers, text, bytes: this.#size });
  }

  onResponseError(_: Dispatcher.DispatchController, error: Error): void {
    this.#fail(error);
  }

  #tooLarge(): void {
    this.#chunks.length = 0;
    this.#fail(new ResponseTooLargeError(this.#where.method, this.#where.path, this.#limits.limitBytes));
  }

  #fail(error: Error): void {
    if (this.#settled) return;
    this.#settled = true;
    this.#failure = error;
    clearTimeout(this.#timer);
    this.#controller?.abort(error);
    this.#reject(error);
  }
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** `16 MiB`, or the bytes as a number when not a whole MiB. */
export function formatBytes(bytes: number): string {
  return bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MiB` : `${bytes} bytes`;
}

function formatSeconds(ms: number): string {
  return `${Math.round(ms) / 1000} s`;
}
