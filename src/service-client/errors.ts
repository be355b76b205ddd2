// The errors the client throws. Every message is one line that says what went
// wrong and what to do, and none of them can carry the API key: every text
// that comes from the service or the network passes through scrubSecrets() first.

import { scrubSecrets } from '../secrets.ts';
import { wordKey } from '../text/service-terms.ts';

/** One line, with anything shaped like a key removed: every error message passes here. */
function oneLine(text: string): string {
  return scrubSecrets(text.replace(/\s+/g, ' ').trim());
}

/** The run cannot start: a missing or malformed key, or a base URL that is not http(s). */
export class ConfigurationError extends Error {
  override name = 'ConfigurationError';
}

export interface ServiceErrorDetails {
  status: number;
  method: string;
  path: string;
  /** What the service said (already redacted), from `{error}`, `{message}` or `{success:false,error}`. */
  serviceMessage: string;
  message: string;
  code?: string | undefined;
  required?: string[] | undefined;
  retryAfterSeconds?: number | undefined;
  balance?: number | undefined;
  creditsRequired?: number | undefined;
  limit?: string | undefined;
  attempts?: number | undefined;
}

/** The service answered with an error status. */
export class ServiceError extends Error {
  override name = 'ServiceError';
  readonly status: number;
  readonly method: string;
  readonly path: string;
  readonly serviceMessage: string;
  /** `generation_in_progress`, `already_published`, … (409). */
  readonly code: string | undefined;
  /** Missing scopes (403). */
  readonly required: string[] | undefined;
  /** Whole seconds the service asked to wait (429). */
  readonly retryAfterSeconds: number | undefined;
  /** Credit balance (402), from the body or GET /users/credits. */
  readonly balance: number | undefined;
  /** Credits the refused operation needed (402), when the body says. */
  readonly creditsRequired: number | undefined;
  /** Which limit a 429 hit (`generation`, `daily_video_cap`). */
  readonly limit: string | undefined;
  /** How many times the request was sent. */
  readonly attempts: number;

  constructor(details: ServiceErrorDetails) {
    super(oneLine(details.message));
    this.status = details.status;
    this.method = details.method;
    this.path = details.path;
    this.serviceMessage = scrubSecrets(details.serviceMessage);
    this.code = details.code;
    this.required = details.required;
    this.retryAfterSeconds = details.retryAfterSeconds;
    this.balance = details.balance;
    this.creditsRequired = details.creditsRequired;
    this.limit = details.limit;
    this.attempts = details.attempts ?? 1;
  }

  /** Whether the service's code is this word, in the service's terms (`Already-Published` is `already_published`). */
  codeIs(word: string): boolean {
    return this.code !== undefined && wordKey(this.code) === wordKey(word);
  }
}

/**
 * The resource is not there: 404, or 410 Gone (RFC 9110: gone for good,
 * which for a read is the same answer). Every "not found" is asked here.
 */
export function isNotFound(error: unknown): error is ServiceError {
  return error instanceof ServiceError && (error.status === 404 || error.status === 410);
}

/**
 * A non-idempotent POST may have reached the service but its answer was lost
 * (A33). The client does not repeat it on its own: the caller looks at the service before any resend.
 */
export class OutcomeUnknownError extends Error {
  override name = 'OutcomeUnknownError';
  readonly method: string;
  readonly path: string;
  /** `timeout`, `connection closed`, `503`, … */
  readonly reason: string;
  /** The HTTP status when the lost answer was a 5xx. */
  readonly status: number | undefined;

  constructor(options: { method: string; path: string; reason: string; status?: number; cause?: unknown }) {
    super(
      oneLine(
        `${options.method} ${options.path}: the request may have reached the service but no usable answer came ` +
          `(${options.reason}); its outcome is unknown, so the client did not repeat it on its own. ` +
          'Look at the item before trying again.',
      ),
      options.cause === undefined ? undefined : { cause: options.cause },
    );
    this.method = options.method;
    this.path = options.path;
    this.reason = options.reason;
    this.status = options.status;
  }
}

/** The service could not be reached (or kept failing) and the retries ran out. */
export class NetworkError extends Error {
  override name = 'NetworkError';
  readonly method: string;
  readonly path: string;
  readonly attempts: number;

  constructor(options: { method: string; path: string; reason: string; attempts: number; cause?: unknown }) {
    super(
      oneLine(
        `${options.method} ${options.path}: the service could not be reached (${options.reason}) ` +
          `after ${options.attempts} attempt${options.attempts === 1 ? '' : 's'}. Check base-url and the network, then run again.`,
      ),
      options.cause === undefined ? undefined : { cause: options.cause },
    );
    this.method = options.method;
    this.path = options.path;
    this.attempts = options.attempts;
  }
}

/**
 * A write the client refused to send: the client only reads (doctor), or an
 * earlier write of this run got a 403 and every later one is stopped (A29).
 */
export class WritesStoppedError extends Error {
  override name = 'WritesStoppedError';
  readonly method: string;
  readonly path: string;

  constructor(method: string, path: string, why: string) {
    super(oneLine(`${method} ${path} was not sent: ${why}.`));
    this.method = method;
    this.path = path;
  }
}

/** The client's request budget is spent: the request was not sent. */
export class RequestBudgetError extends Error {
  override name = 'RequestBudgetError';
  constructor(method: string, path: string) {
    super(`${method} ${path} was not sent: the request budget is spent.`);
  }
}

/**
 * A rate-limited request not sent: the service's pace (or the Retry-After of
 * its last 429) allows the next one only after the run's deadline, and no
 * wait outlasts the run. Nothing was sent; the next run sends it.
 */
export class AfterDeadlineError extends Error {
  override name = 'AfterDeadlineError';
  /** When the service allows the next generation request (ISO 8601). */
  readonly nextAt: string;

  constructor(method: string, path: string, nextAt: number) {
    const at = new Date(nextAt).toISOString();
    super(
      `${method} ${path} was not sent: the service's pace allows the next generation at ${at}, after this run's deadline.`,
    );
    this.nextAt = at;
  }
}

/** A successful answer whose body the client cannot read as any listed variant. */
export class ResponseShapeError extends Error {
  override name = 'ResponseShapeError';
  readonly method: string;
  readonly path: string;

  constructor(method: string, path: string, problem: string) {
    super(
      oneLine(
        `${method} ${path}: unexpected response from the service: ${problem}. ` +
          'See docs/service-assumptions.md for the shapes the client accepts.',
      ),
    );
    this.method = method;
    this.path = path;
  }
}

/**
 * A write the service accepted whose item could not then be read back. The
 * write stands (it is never sent again for this): what the engine would do
 * next with the item waits for a read that succeeds, in this run or the next.
 */
export class ReadBackError extends Error {
  override name = 'ReadBackError';
  /** The item the write concerned. */
  readonly id: string;

  constructor(method: string, id: string, cause: unknown) {
    super(
      oneLine(`${method} of ${id} was accepted, but reading the item back failed: ${describeError(cause)}`),
      {
        cause,
      },
    );
    this.id = id;
  }
}

/**
 * An edit the service accepted that reads back with fields it set now empty:
 * a service that replaces the item, or one that dropped a value. The edit is
 * not sent again; the item read back is kept for the report.
 */
export class ClearedFieldsError extends Error {
  override name = 'ClearedFieldsError';
  readonly fields: string[];

  constructor(path: string, fields: string[]) {
    super(oneLine(`PUT ${path} was accepted, but the item read back has ${fields.join(', ')} empty`));
    this.fields = fields;
  }
}

/** One line, free of any key, for reports and logs. */
export function describeError(error: unknown): string {
  if (error instanceof Error) {
    const text = error.message === '' ? error.name : error.message;
    return scrubSecrets(oneLine(text));
  }
  if (typeof error === 'string') return scrubSecrets(oneLine(error));
  try {
    return scrubSecrets(oneLine(JSON.stringify(error) ?? String(error)));
  } catch {
    return 'unknown error';
  }
}
