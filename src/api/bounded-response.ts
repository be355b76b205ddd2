// Limits on one answer from the service, whatever the server does: a whole
// answer (headers and every byte of the body) within a deadline, and no more
// than a size cap in memory. undici's own timeouts do not do this: its body
// timeout restarts on every byte, so a server that drips one byte every few
// seconds holds a request forever, and nothing stops a body of gigabytes.

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

/** What bounded reading needs of an undici response. */
export interface StreamingResponse {
  headers: Record<string, string | string[] | undefined>;
  body: AsyncIterable<Uint8Array> & { destroy(error?: Error): unknown };
}

/** Reads the body as text, up to limitBytes; throws ResponseTooLargeError past it, without reading on. */
export async function readBounded(
  response: StreamingResponse,
  limitBytes: number,
  where: { method: string; path: string },
): Promise<string> {
  const declared = Number(headerValue(response.headers['content-length']));
  if (Number.isFinite(declared) && declared > limitBytes) {
    response.body.destroy();
    throw new ResponseTooLargeError(where.method, where.path, limitBytes);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    size += chunk.byteLength;
    if (size > limitBytes) {
      chunks.length = 0;
      response.body.destroy();
      throw new ResponseTooLargeError(where.method, where.path, limitBytes);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size).toString('utf8');
}

/**
 * Runs one request under a deadline: `attempt` gets a signal that aborts
 * when the deadline passes, and the promise rejects with
 * RequestDeadlineError then, whatever the attempt is waiting for.
 */
export async function withDeadline<T>(
  deadlineMs: number,
  attempt: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      // Made only when needed: an error's stack costs more than the request itself.
      const error = new RequestDeadlineError(deadlineMs);
      controller.abort(error);
      reject(error);
    }, deadlineMs);
  });
  const running = attempt(controller.signal);
  // Once the deadline has won, the attempt's own rejection (an abort) is of no interest.
  running.catch(() => undefined);
  try {
    return await Promise.race([running, expired]);
  } finally {
    clearTimeout(timer);
  }
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function formatBytes(bytes: number): string {
  return bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MiB` : `${bytes} bytes`;
}

function formatSeconds(ms: number): string {
  return `${Math.round(ms) / 1000} s`;
}
