export const id = 101;
export const ids = [101,249];
export const modules = {

/***/ 3249:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   ConfigurationError: () => (/* binding */ ConfigurationError),
/* harmony export */   NetworkError: () => (/* binding */ NetworkError),
/* harmony export */   OutcomeUnknownError: () => (/* binding */ OutcomeUnknownError),
/* harmony export */   ResponseShapeError: () => (/* binding */ ResponseShapeError),
/* harmony export */   ServiceError: () => (/* binding */ ServiceError),
/* harmony export */   describeError: () => (/* binding */ describeError),
/* harmony export */   redact: () => (/* binding */ redact)
/* harmony export */ });
/* harmony import */ var _secrets_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7194);
// The errors the client throws. Every message is one line that says what went
// wrong and what to do, and none of them can carry the API key: every text
// that comes from the service or the network passes through redact() first.

/** Replaces the given secrets, and anything shaped like an API key or token, with `***`. */
function redact(text, secrets = []) {
    return (0,_secrets_js__WEBPACK_IMPORTED_MODULE_0__/* .scrubSecrets */ .Zg)(text, secrets);
}
/** One line, with anything shaped like a key removed: every error message passes here. */
function oneLine(text) {
    return redact(text.replace(/\s+/g, ' ').trim());
}
/** The run cannot start: a missing or malformed key, or a base URL that is not http(s). */
class ConfigurationError extends Error {
    name = 'ConfigurationError';
}
/** The service answered with an error status. */
class ServiceError extends Error {
    name = 'ServiceError';
    status;
    method;
    path;
    serviceMessage;
    /** `generation_in_progress`, `already_published`, … (409). */
    code;
    /** Missing scopes (403). */
    required;
    /** Whole seconds the service asked to wait (429). */
    retryAfterSeconds;
    /** Credit balance (402), from the body or GET /users/credits. */
    balance;
    /** Credits the refused operation needed (402), when the body says. */
    creditsRequired;
    /** Which limit a 429 hit (`generation`, `daily_video_cap`). */
    limit;
    /** How many times the request was sent. */
    attempts;
    constructor(details) {
        super(oneLine(details.message));
        this.status = details.status;
        this.method = details.method;
        this.path = details.path;
        this.serviceMessage = redact(details.serviceMessage);
        this.code = details.code;
        this.required = details.required;
        this.retryAfterSeconds = details.retryAfterSeconds;
        this.balance = details.balance;
        this.creditsRequired = details.creditsRequired;
        this.limit = details.limit;
        this.attempts = details.attempts ?? 1;
    }
}
/**
 * A non-idempotent POST may have reached the service but its answer was lost
 * (A33). It was not sent again: the caller looks at the service before retrying.
 */
class OutcomeUnknownError extends Error {
    name = 'OutcomeUnknownError';
    method;
    path;
    /** `timeout`, `connection closed`, `503`, … */
    reason;
    /** The HTTP status when the lost answer was a 5xx. */
    status;
    constructor(options) {
        super(oneLine(`${options.method} ${options.path}: the request may have reached the service but no usable answer came ` +
            `(${options.reason}); its outcome is unknown, so it was not sent again. ` +
            'Look at the item before trying again.'), options.cause === undefined ? undefined : { cause: options.cause });
        this.method = options.method;
        this.path = options.path;
        this.reason = options.reason;
        this.status = options.status;
    }
}
/** The service could not be reached (or kept failing) and the retries ran out. */
class NetworkError extends Error {
    name = 'NetworkError';
    method;
    path;
    attempts;
    constructor(options) {
        super(oneLine(`${options.method} ${options.path}: the service could not be reached (${options.reason}) ` +
            `after ${options.attempts} attempt${options.attempts === 1 ? '' : 's'}. Check base-url and the network, then run again.`), options.cause === undefined ? undefined : { cause: options.cause });
        this.method = options.method;
        this.path = options.path;
        this.attempts = options.attempts;
    }
}
/** A successful answer whose body the client cannot read as any listed variant. */
class ResponseShapeError extends Error {
    name = 'ResponseShapeError';
    method;
    path;
    constructor(method, path, problem) {
        super(oneLine(`${method} ${path}: unexpected response from the service: ${problem}. ` +
            'See docs/service-assumptions.md for the shapes the client accepts.'));
        this.method = method;
        this.path = path;
    }
}
/** One line, free of any key, for reports and logs. */
function describeError(error) {
    if (error instanceof Error) {
        const text = error.message === '' ? error.name : error.message;
        return redact(oneLine(text));
    }
    if (typeof error === 'string')
        return redact(oneLine(error));
    try {
        return redact(oneLine(JSON.stringify(error) ?? String(error)));
    }
    catch {
        return 'unknown error';
    }
}


/***/ }),

/***/ 9101:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  CONTENT_STATUSES: () => (/* reexport */ types/* CONTENT_STATUSES */.h4),
  ConfigurationError: () => (/* reexport */ errors.ConfigurationError),
  FAILED_STATUSES: () => (/* reexport */ types/* FAILED_STATUSES */.Lg),
  GENERATING_STATUSES: () => (/* reexport */ types/* GENERATING_STATUSES */.kl),
  KEY_PREFIX: () => (/* reexport */ KEY_PREFIX),
  NetworkError: () => (/* reexport */ errors.NetworkError),
  OutcomeUnknownError: () => (/* reexport */ errors.OutcomeUnknownError),
  PLATFORMS: () => (/* reexport */ types/* PLATFORMS */.P4),
  RENDERED_STATUSES: () => (/* reexport */ types/* RENDERED_STATUSES */.RD),
  ResponseShapeError: () => (/* reexport */ errors.ResponseShapeError),
  SCOPES: () => (/* reexport */ types/* SCOPES */.iW),
  ServiceError: () => (/* reexport */ errors.ServiceError),
  TERMINAL_STATUSES: () => (/* reexport */ types/* TERMINAL_STATUSES */.CM),
  createClient: () => (/* reexport */ createClient),
  describeError: () => (/* reexport */ errors.describeError),
  redact: () => (/* reexport */ errors.redact)
});

// EXTERNAL MODULE: ./src/secrets.ts
var secrets = __webpack_require__(7194);
// EXTERNAL MODULE: ./src/version.ts
var version = __webpack_require__(311);
// EXTERNAL MODULE: ./src/api/errors.ts
var errors = __webpack_require__(3249);
;// CONCATENATED MODULE: ./src/api/explain.ts

const KEYS_PAGE = 'create one in the web app under Settings, API Keys, and store it in the secret passed as api-key';
function said(body) {
    return body.message === '' ? '' : `: "${body.message}"`;
}
function plural(count, word) {
    return count === 1 ? word : `${word}s`;
}
function explainIntrospection(verdict) {
    if (verdict === undefined)
        return '';
    if (verdict.kind === 'rejected') {
        return 'GET /api-keys/introspect rejects it too: the key is invalid or has been revoked.';
    }
    if (verdict.kind === 'failed')
        return `GET /api-keys/introspect could not tell more (${verdict.reason}).`;
    const { active, subject, scopes } = verdict.introspection;
    const owner = subject === '' ? '' : ` (subject ${subject})`;
    if (!active)
        return `GET /api-keys/introspect says the key${owner} is inactive.`;
    return (`GET /api-keys/introspect says the key${owner} is active with scopes ${scopes.join(', ') || 'none'}, ` +
        'so the refusal may be temporary.');
}
function sentence(facts) {
    const { status, method, path, body } = facts;
    const where = `${method} ${path}`;
    switch (status) {
        case 400:
            return `${where} was refused (400)${said(body)}. Fix the request: it is not retried unchanged.`;
        case 401:
            return (`${where}: the service rejected the API key (401)${said(body)}. ` +
                `${explainIntrospection(facts.introspection)} Use a valid key: ${KEYS_PAGE}.`);
        case 402: {
            const balance = facts.balance === undefined ? 'unknown' : String(facts.balance);
            const needs = body.creditsRequired === undefined ? '' : `, this needs ${body.creditsRequired}`;
            return (`${where}: not enough credits (402): the balance is ${balance}${needs}${said(body)}. ` +
                'Top up the account, then run again.');
        }
        case 403: {
            const required = body.required ?? [];
            if (required.length === 0) {
                return `${where}: the API key lacks a scope this endpoint needs (403)${said(body)}. Mint a key with the scopes the run needs.`;
            }
            return (`${where}: the API key lacks the ${plural(required.length, 'scope')} ${required.join(', ')} (403). ` +
                `Mint a key with ${required.join(', ')} (scopes are fixed for a key's life): ${KEYS_PAGE}.`);
        }
        case 404:
            return `${where}: not found (404)${said(body)}. It is missing or belongs to another user; it is not retried unchanged.`;
        case 409:
            return `${where}: conflict with work in flight (409${body.code === undefined ? '' : `, ${body.code}`})${said(body)}. ${conflictAdvice(facts)}`;
        case 429: {
            const wait = facts.retryAfterSeconds === undefined ? '' : ` and asks to wait ${facts.retryAfterSeconds} s`;
            const limit = body.limit === undefined ? '' : ` (limit ${body.limit})`;
            return (`${where}: rate limited${limit} (429)${said(body)}; the service still refused after ${facts.attempts} ` +
                `${plural(facts.attempts, 'attempt')}${wait}. Run again later.`);
        }
        default:
            if (status >= 500) {
                return (`${where}: the service failed (${status})${said(body)} after ${facts.attempts} ` +
                    `${plural(facts.attempts, 'attempt')}. Run again later.`);
            }
            return `${where}: the service answered ${status}${said(body)}. It is not retried unchanged.`;
    }
}
function conflictAdvice(facts) {
    if (facts.body.code === 'generation_in_progress') {
        return facts.method === 'PUT'
            ? 'The item is being generated: resend with cancel_generation to cancel the job and apply the edit, or wait for it to finish.'
            : 'The item is being generated: wait for the run to finish.';
    }
    if (facts.body.code === 'already_published')
        return 'The video is published and is never replaced.';
    if (facts.path.startsWith('/contents/upload/')) {
        return 'An upload of this item is already in flight: poll its task status before dispatching again.';
    }
    return 'Wait for the work in flight, then run again.';
}
/** `scrub` removes the key from the finished message: introspection answers are service text too. */
function serviceError(facts, scrub) {
    return new errors.ServiceError({
        status: facts.status,
        method: facts.method,
        path: facts.path,
        serviceMessage: scrub(facts.body.message),
        message: scrub(sentence(facts)),
        code: facts.body.code,
        required: facts.status === 403 ? facts.body.required : undefined,
        retryAfterSeconds: facts.retryAfterSeconds,
        balance: facts.balance ?? facts.body.balance,
        creditsRequired: facts.body.creditsRequired,
        limit: facts.body.limit,
        attempts: facts.attempts,
    });
}

;// CONCATENATED MODULE: ./src/api/bounded-response.ts
// Limits on one answer from the service, whatever the server does: a whole
// answer (headers and every byte of the body) within a deadline, and no more
// than a size cap in memory. undici's own timeouts do not do this: its body
// timeout restarts on every byte, so a server that drips one byte every few
// seconds holds a request forever, and nothing stops a body of gigabytes.
/** The largest answer read: far above a listing page of 100 items or an item with its scripts. */
const MAX_RESPONSE_BYTES = 16 * 1024 * 1024;
/** The answer is larger than the cap. Final: the same request would get the same answer. */
class ResponseTooLargeError extends Error {
    name = 'ResponseTooLargeError';
    method;
    path;
    limitBytes;
    constructor(method, path, limitBytes) {
        super(`${method} ${path}: the service's answer is larger than ${formatBytes(limitBytes)}, the most one answer may be; ` +
            'it was not read further and not asked for again. Check base-url points at the service.');
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
class RequestDeadlineError extends Error {
    name = 'RequestDeadlineError';
    code = 'ETIMEDOUT';
    deadlineMs;
    constructor(deadlineMs) {
        super(`no complete answer within ${formatSeconds(deadlineMs)}`);
        this.deadlineMs = deadlineMs;
    }
}
/** Reads the body as text, up to limitBytes; throws ResponseTooLargeError past it, without reading on. */
async function readBounded(response, limitBytes, where) {
    const declared = Number(headerValue(response.headers['content-length']));
    if (Number.isFinite(declared) && declared > limitBytes) {
        response.body.destroy();
        throw new ResponseTooLargeError(where.method, where.path, limitBytes);
    }
    const chunks = [];
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
async function withDeadline(deadlineMs, attempt) {
    const controller = new AbortController();
    const error = new RequestDeadlineError(deadlineMs);
    let timer;
    const expired = new Promise((_, reject) => {
        timer = setTimeout(() => {
            controller.abort(error);
            reject(error);
        }, deadlineMs);
    });
    const running = attempt(controller.signal);
    // Once the deadline has won, the attempt's own rejection (an abort) is of no interest.
    running.catch(() => undefined);
    try {
        return await Promise.race([running, expired]);
    }
    finally {
        clearTimeout(timer);
    }
}
function headerValue(value) {
    return Array.isArray(value) ? value[0] : value;
}
function formatBytes(bytes) {
    return bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MiB` : `${bytes} bytes`;
}
function formatSeconds(ms) {
    return `${Math.round(ms) / 1000} s`;
}

;// CONCATENATED MODULE: ./src/api/retry.ts


const DEFAULT_RETRY = {
    attempts: 5,
    rateLimitAttempts: 20,
    baseDelayMs: 500,
    maxDelayMs: 30_000,
    deadlineMs: 15 * 60_000,
};
function retrySettings(options) {
    const pick = (value, fallback, min) => value !== undefined && Number.isFinite(value) ? Math.max(min, value) : fallback;
    return {
        attempts: Math.floor(pick(options?.attempts, DEFAULT_RETRY.attempts, 1)),
        rateLimitAttempts: Math.floor(pick(options?.rateLimitAttempts, DEFAULT_RETRY.rateLimitAttempts, 0)),
        baseDelayMs: pick(options?.baseDelayMs, DEFAULT_RETRY.baseDelayMs, 0),
        maxDelayMs: pick(options?.maxDelayMs, DEFAULT_RETRY.maxDelayMs, 0),
        deadlineMs: pick(options?.deadlineMs, DEFAULT_RETRY.deadlineMs, 0),
    };
}
/**
 * A34: Retry-After as whole seconds or an HTTP date, in whole seconds from now
 * (a date in the past is 0). Undefined when missing or unreadable.
 */
function parseRetryAfter(header, nowMs) {
    const value = (Array.isArray(header) ? header[0] : header)?.trim();
    if (value === undefined || value === '')
        return undefined;
    if (/^\d+$/.test(value))
        return Number(value);
    // An HTTP date starts with the day's name; "1.5", "-3", "10s" are no form the header has.
    if (!/^[A-Za-z]/.test(value))
        return undefined;
    const date = Date.parse(value);
    if (Number.isNaN(date))
        return undefined;
    return Math.max(0, Math.ceil((date - nowMs) / 1000));
}
/** Full jitter: uniform in [0, min(max, base * 2^(retry-1))], retry counting from 1. */
function backoffDelay(retry, settings, random) {
    const ceiling = Math.min(settings.maxDelayMs, settings.baseDelayMs * 2 ** Math.max(0, retry - 1));
    const r = Math.min(1, Math.max(0, random()));
    return Math.floor(r * ceiling);
}
function isRetryableStatus(status) {
    return status === 429 || status >= 500;
}
// Errors raised before a single byte of the request left: the service never
// saw it, so even a non-idempotent POST can be sent again.
const NOT_SENT_CODES = new Set([
    'ECONNREFUSED',
    'ENOTFOUND',
    'EAI_AGAIN',
    'EHOSTUNREACH',
    'ENETUNREACH',
    'UND_ERR_CONNECT_TIMEOUT',
]);
const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'ETIMEDOUT']);
function errorCode(error) {
    if (typeof error !== 'object' || error === null)
        return undefined;
    const code = error.code;
    if (typeof code === 'string')
        return code;
    const cause = error.cause;
    return cause === undefined || cause === error ? undefined : errorCode(cause);
}
function classifyNetworkError(error) {
    if (error instanceof RequestDeadlineError)
        return { mayHaveReached: true, reason: `timeout, ${error.message}` };
    const code = errorCode(error);
    if (code !== undefined && NOT_SENT_CODES.has(code)) {
        const reason = code === 'ECONNREFUSED'
            ? 'connection refused'
            : code === 'UND_ERR_CONNECT_TIMEOUT'
                ? 'connect timeout'
                : `host unreachable: ${code}`;
        return { mayHaveReached: false, reason };
    }
    if (code !== undefined && TIMEOUT_CODES.has(code))
        return { mayHaveReached: true, reason: 'timeout' };
    if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' || code === 'EPIPE') {
        return { mayHaveReached: true, reason: 'connection closed without an answer' };
    }
    return { mayHaveReached: true, reason: code ?? 'network error' };
}
/**
 * One gate per client, shared by every worker: rate limits are per user over
 * all keys (A31), so after a 429 every later rate-limited request waits for
 * the same Retry-After instead of each firing on its own (no thundering herd).
 */
class RateGate {
    #sleep;
    #now;
    #open = null;
    #until = 0;
    constructor(sleep, now) {
        this.#sleep = sleep;
        this.#now = now;
    }
    /** True while a Retry-After is running. */
    get closed() {
        return this.#open !== null;
    }
    /** Closes the gate for ms, unless it is already closed until later. */
    close(ms) {
        const until = this.#now() + ms;
        if (this.#open !== null && until <= this.#until)
            return;
        this.#until = until;
        const opened = this.#sleep(ms).then(() => {
            if (this.#open === opened)
                this.#open = null;
        }, () => {
            if (this.#open === opened)
                this.#open = null;
        });
        this.#open = opened;
    }
    /** Resolves when the gate is open (at once when it is). */
    async pass() {
        while (this.#open !== null)
            await this.#open;
    }
}
/**
 * Sends until the answer is final: a success, a status that is never retried,
 * or a retryable status once attempts, rate-limit waits or the deadline run
 * out (the caller turns it into a ServiceError). A non-idempotent request that
 * may have reached the service is never sent twice: it rejects with
 * OutcomeUnknownError. Network errors that outlast the retries reject with
 * NetworkError.
 */
async function sendWithRetries(kind, runtime, 
/** Gets the time the call has left: an attempt must not outlive the deadline. */
send) {
    const { settings } = runtime;
    let sends = 0;
    let failures = 0; // 5xx and network errors
    let rateLimits = 0;
    let spentMs = 0;
    const planWait = (waitMs, reason) => {
        if (spentMs + waitMs > settings.deadlineMs)
            return false;
        runtime.onRetry?.({ method: kind.method, path: kind.path, attempt: sends, waitMs, reason });
        spentMs += waitMs;
        return true;
    };
    for (;;) {
        if (kind.rateLimited)
            await runtime.gate.pass();
        const started = runtime.now();
        sends += 1;
        let answer;
        try {
            answer = await send(settings.deadlineMs - spentMs);
        }
        catch (error) {
            spentMs += Math.max(0, runtime.now() - started);
            // The same request would get the same oversized answer: never resent.
            if (error instanceof ResponseTooLargeError)
                throw error;
            const failure = classifyNetworkError(error);
            if (!kind.idempotent && failure.mayHaveReached) {
                throw new errors.OutcomeUnknownError({
                    method: kind.method,
                    path: kind.path,
                    reason: failure.reason,
                    cause: error,
                });
            }
            failures += 1;
            const waitMs = backoffDelay(failures, settings, runtime.random);
            const outOfTime = spentMs >= settings.deadlineMs;
            if (failures >= settings.attempts || outOfTime || !planWait(waitMs, failure.reason)) {
                throw new errors.NetworkError({
                    method: kind.method,
                    path: kind.path,
                    reason: failure.reason,
                    attempts: sends,
                    cause: error,
                });
            }
            await runtime.sleep(waitMs);
            continue;
        }
        spentMs += Math.max(0, runtime.now() - started);
        if (answer.status === 429) {
            rateLimits += 1;
            const seconds = parseRetryAfter(answer.retryAfter, runtime.now());
            const waitMs = seconds !== undefined
                ? seconds * runtime.secondMs
                : backoffDelay(rateLimits, settings, runtime.random);
            if (rateLimits > settings.rateLimitAttempts || !planWait(waitMs, 'rate limited (429)')) {
                return { answer, attempts: sends };
            }
            if (kind.rateLimited)
                runtime.gate.close(waitMs);
            else
                await runtime.sleep(waitMs);
            continue;
        }
        if (answer.status >= 500) {
            if (!kind.idempotent) {
                throw new errors.OutcomeUnknownError({
                    method: kind.method,
                    path: kind.path,
                    reason: `the service answered ${answer.status}`,
                    status: answer.status,
                });
            }
            failures += 1;
            const waitMs = backoffDelay(failures, settings, runtime.random);
            if (failures >= settings.attempts || !planWait(waitMs, `status ${answer.status}`)) {
                return { answer, attempts: sends };
            }
            await runtime.sleep(waitMs);
            continue;
        }
        return { answer, attempts: sends };
    }
}

// EXTERNAL MODULE: ./src/api/types.ts
var types = __webpack_require__(705);
;// CONCATENATED MODULE: ./src/api/shapes.ts


// Every response shape the interface calls "not shown" is read here, and only
// here, accepting every variant docs/service-assumptions.md lists (A5, A7,
// A9–A12, A18, A24, A32). Unknown extra fields are ignored; a missing field
// the project needs is a ShapeProblem, which the client reports with the
// endpoint it came from.
class ShapeProblem extends Error {
    name = 'ShapeProblem';
}
function isRecord(value) {
    return typeof value === 'object' && value !== null && !Array.isArray(value);
}
function record(value, what) {
    if (!isRecord(value))
        throw new ShapeProblem(`${what} is not an object`);
    return value;
}
function shapes_text(value) {
    return typeof value === 'string' ? value : null;
}
function requiredText(obj, field, what) {
    const value = obj[field];
    if (typeof value === 'string' && value !== '')
        return value;
    if (typeof value === 'number')
        return String(value);
    throw new ShapeProblem(`${what} has no ${field}`);
}
function bool(value) {
    return typeof value === 'boolean' ? value : null;
}
function num(value) {
    if (typeof value === 'number' && Number.isFinite(value))
        return value;
    if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
        return Number(value);
    return null;
}
function object(value) {
    return isRecord(value) ? value : null;
}
const STATUS_SET = new Set(types/* CONTENT_STATUSES */.h4);
const PLATFORM_SET = new Set(types/* PLATFORMS */.P4);
function shapes_status(value, what) {
    if (typeof value === 'string' && STATUS_SET.has(value))
        return value;
    throw new ShapeProblem(`${what} has an unknown status ${JSON.stringify(value ?? null)}`);
}
// ---- envelopes ----------------------------------------------------------
/** A9: the object itself, or the object under `data` or `content`. */
function unwrapObject(body, what) {
    const obj = record(body, what);
    if ('id' in obj || 'status' in obj || 'active' in obj)
        return obj;
    for (const key of ['data', 'content']) {
        const inner = obj[key];
        if (isRecord(inner))
            return inner;
    }
    return obj;
}
const LISTING_KEYS = ['data', 'items', 'contents', 'accounts', 'results'];
/** A5 + A7: a bare array, or the first array under data/items/contents/accounts/results, with paging hints. */
function readListing(body, what) {
    if (Array.isArray(body))
        return { items: body, hasMore: null, next: null, total: null };
    const obj = record(body, what);
    const key = LISTING_KEYS.find((candidate) => Array.isArray(obj[candidate]));
    if (key === undefined)
        throw new ShapeProblem(`${what} holds no list under ${LISTING_KEYS.join(', ')}`);
    return {
        items: obj[key],
        hasMore: bool(obj.has_more),
        next: nextHint(obj.next),
        total: num(obj.total),
    };
}
function nextHint(value) {
    if (value === null || value === undefined || value === '' || value === false)
        return null;
    const direct = num(value);
    if (direct !== null)
        return Math.floor(direct);
    if (typeof value === 'string') {
        try {
            const page = new URL(value, 'http://next.invalid/').searchParams.get('page');
            const n = num(page);
            if (n !== null)
                return Math.floor(n);
        }
        catch {
            // an unreadable link still says "there is more"
        }
    }
    return 'advance';
}
/** A listing never runs past this many pages, whatever the hints say (A7). */
const MAX_PAGES = 10_000;
/** A7: the page to fetch after `page`, or null when the listing is complete. */
function nextPage(page, listing, readSoFar) {
    if (listing.items.length === 0 || page >= MAX_PAGES)
        return null;
    if (typeof listing.next === 'number' && listing.next > page)
        return listing.next;
    const more = listing.next !== null ||
        listing.hasMore === true ||
        (listing.total !== null && listing.total > readSoFar);
    return more ? page + 1 : null;
}
// ---- resources ----------------------------------------------------------
function persona(value) {
    const obj = object(value);
    if (obj === null)
        return null;
    return { id: shapes_text(obj.id) ?? (typeof obj.id === 'number' ? String(obj.id) : null), name: shapes_text(obj.name) };
}
function parseAccount(value) {
    const obj = record(value, 'an account');
    const platform = obj.platform;
    if (typeof platform !== 'string' || !PLATFORM_SET.has(platform)) {
        throw new ShapeProblem(`account ${JSON.stringify(obj.id ?? null)} has platform ${JSON.stringify(platform ?? null)}, not one of ${types/* PLATFORMS */.P4.join(', ')}`);
    }
    return {
        id: requiredText(obj, 'id', 'an account'),
        name: shapes_text(obj.name) ?? '',
        platform: platform,
        platform_acronym: shapes_text(obj.platform_acronym),
    };
}
/** A18: one row of GET /contents. */
function parseContentSummary(value) {
    const obj = record(value, 'a content item');
    const id = requiredText(obj, 'id', 'a content item');
    return {
        id,
        title: shapes_text(obj.title) ?? '',
        description: shapes_text(obj.description),
        full_text: shapes_text(obj.full_text),
        hashtags: shapes_text(obj.hashtags),
        status: shapes_status(obj.status, `content item ${id}`),
        persona: persona(obj.persona),
        published_url: shapes_text(obj.published_url),
        published_platform: shapes_text(obj.published_platform),
        last_error: shapes_text(obj.last_error),
        creation_date: shapes_text(obj.creation_date),
        updated_at: shapes_text(obj.updated_at),
        upload_date: shapes_text(obj.upload_date),
    };
}
function progress(value) {
    const obj = object(value);
    if (obj === null)
        return null;
    return { percentage: num(obj.percentage), step: shapes_text(obj.step), message: shapes_text(obj.message) };
}
function videoSettings(value) {
    const obj = object(value);
    if (obj === null)
        return null;
    return {
        video_id: shapes_text(obj.video_id),
        orientation: shapes_text(obj.orientation),
        prefer_real_world: bool(obj.prefer_real_world),
        image_overlay_enabled: bool(obj.image_overlay_enabled),
        image_overlay_position: shapes_text(obj.image_overlay_position),
        zoom_effect_enabled: bool(obj.zoom_effect_enabled),
        subtitle_settings: object(obj.subtitle_settings),
    };
}
/** GET /contents/{id}, and the answers of POST /contents and PUT /contents/{id} (A9, A14, A20). */
function parseContentDetail(body) {
    const obj = unwrapObject(body, 'the content item');
    const id = requiredText(obj, 'id', 'the content item');
    const metadata = object(obj.metadata);
    const accounts = Array.isArray(obj.accounts) ? obj.accounts.map(parseAccount) : [];
    return {
        id,
        title: shapes_text(obj.title) ?? '',
        description: shapes_text(obj.description),
        full_text: shapes_text(obj.full_text),
        textover: shapes_text(obj.textover),
        hashtags: shapes_text(obj.hashtags),
        status: shapes_status(obj.status, `content item ${id}`),
        fine_tuning: object(obj.fine_tuning),
        persona: persona(obj.persona),
        accounts,
        // The signed URL itself is never kept: it is time-limited and never reported (A28).
        has_video: typeof obj.video_url === 'string' && obj.video_url !== '',
        last_error: shapes_text(metadata?.last_error) ?? shapes_text(obj.last_error),
        progress: progress(obj.progress),
        video_settings: videoSettings(obj.video_settings),
        creation_date: shapes_text(obj.creation_date),
        updated_at: shapes_text(obj.updated_at),
        upload_date: shapes_text(obj.upload_date),
    };
}
/** A24: `status` or `state`; `last_error` or `error`; the id falls back to the one asked for. */
function parseTaskStatus(body, contentId) {
    const obj = unwrapObject(body, 'the task status');
    const id = shapes_text(obj.id) ?? contentId;
    return {
        id,
        status: shapes_status(obj.status ?? obj.state, `task status of ${id}`),
        progress: progress(obj.progress),
        last_error: shapes_text(obj.last_error) ?? shapes_text(obj.error),
    };
}
const CREDIT_KEYS = ['credits', 'balance', 'available'];
/** A10: a number under credits/balance/available, at the top level or under data. */
function parseCredits(body) {
    const obj = record(body, 'the credit balance');
    for (const scope of [obj, object(obj.data)]) {
        if (scope === null)
            continue;
        for (const key of CREDIT_KEYS) {
            const value = num(scope[key]);
            if (value !== null)
                return value;
        }
    }
    throw new ShapeProblem(`the credit balance holds no number under ${CREDIT_KEYS.join(', ')}`);
}
/** A11: `{success:true, plan, limits, usage_summary}`, or those fields under data. */
function parseSubscription(body) {
    const obj = record(body, 'the subscription');
    const inner = object(obj.data);
    const scope = inner !== null && ('limits' in inner || 'plan' in inner || 'usage_summary' in inner) ? inner : obj;
    const plan = scope.plan;
    return {
        plan: shapes_text(plan) ?? shapes_text(object(plan)?.name) ?? null,
        limits: object(scope.limits) ?? {},
        usage_summary: object(scope.usage_summary) ?? {},
    };
}
/** A12: one entry of GET /contents/{id}/versions. */
function parseVersion(value) {
    const obj = record(value, 'a version');
    const version = obj.version;
    if (typeof version !== 'number' && typeof version !== 'string')
        throw new ShapeProblem('a version has no version');
    return {
        version,
        title: shapes_text(obj.title),
        full_text: shapes_text(obj.full_text),
        textover: shapes_text(obj.textover),
        created_at: shapes_text(obj.created_at),
    };
}
function parseIntrospection(body) {
    const obj = unwrapObject(body, 'the key introspection');
    const active = bool(obj.active);
    if (active === null)
        throw new ShapeProblem('the key introspection has no boolean active');
    return {
        active,
        subject: shapes_text(obj.subject) ?? '',
        scopes: Array.isArray(obj.scopes) ? obj.scopes.filter((s) => typeof s === 'string') : [],
    };
}
const MAX_MESSAGE = 300;
function clip(value) {
    // Scrubbed before it is cut: a key cut in half no longer matches, and half a key is still a leak.
    const line = (0,secrets/* scrubSecrets */.Zg)(value).replace(/\s+/g, ' ').trim();
    return line.length > MAX_MESSAGE ? `${line.slice(0, MAX_MESSAGE)}…` : line;
}
/**
 * The error bodies: `{error}` (most endpoints), `{message}` (versions 404),
 * `{success:false, error}` (subscription), and plain text when not JSON (A4, A32).
 */
function parseErrorBody(body) {
    if (typeof body === 'string')
        return { message: clip(body) };
    if (!isRecord(body))
        return { message: body === undefined || body === null ? '' : clip(JSON.stringify(body)) };
    const nested = object(body.error);
    const message = shapes_text(body.error) ??
        shapes_text(body.message) ??
        shapes_text(nested?.message) ??
        shapes_text(body.detail) ??
        JSON.stringify(body);
    const required = body.required;
    return {
        message: clip(message),
        code: shapes_text(body.code) ?? shapes_text(nested?.code) ?? undefined,
        required: Array.isArray(required)
            ? required.filter((s) => typeof s === 'string')
            : undefined,
        creditsRequired: num(required) ?? undefined,
        balance: num(body.balance) ?? undefined,
        limit: shapes_text(body.limit) ?? undefined,
    };
}
/** `{success: false, error}` inside a 200 (A11): the request failed all the same. */
function failureInSuccess(body) {
    if (!isRecord(body) || body.success !== false)
        return null;
    return parseErrorBody(body).message;
}

// EXTERNAL MODULE: ./node_modules/undici/index.js
var undici = __webpack_require__(6752);
;// CONCATENATED MODULE: ./src/api/wire.ts
/** A1: taken as given; `/v1` appended unless the path already ends in it; trailing slashes ignored. */
function resolveBaseUrl(raw) {
    let url;
    try {
        url = new URL(raw.trim());
    }
    catch {
        return null;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
        return null;
    if (url.username !== '' || url.password !== '')
        return null;
    const path = url.pathname.replace(/\/+$/, '');
    const prefix = path.endsWith('/v1') ? path : `${path}/v1`;
    return { origin: url.origin, prefix, href: `${url.origin}${prefix}` };
}
const id = (value) => encodeURIComponent(value);
/** The endpoints of the interface, relative to the `/v1` prefix. */
const paths = {
    contents: () => '/contents',
    content: (contentId) => `/contents/${id(contentId)}`,
    versions: (contentId) => `/contents/${id(contentId)}/versions`,
    upload: (contentId) => `/contents/upload/${id(contentId)}`,
    processContent: () => '/gen/process-content-async',
    generateVideo: () => '/gen/video',
    taskStatus: (contentId) => `/gen/task-status/${id(contentId)}`,
    accounts: () => '/accounts',
    credits: () => '/users/credits',
    subscription: () => '/subscription/current',
    introspect: () => '/api-keys/introspect',
};
/** A6: pages count from 1; both `limit` and `page_size`, the server takes the one it knows. */
function pageQuery(page, size) {
    return `?page=${page}&limit=${size}&page_size=${size}`;
}
/** A2, A3, A4: bearer only; JSON content type only when there is a body. */
function requestHeaders(apiKey, userAgent, hasBody) {
    const headers = {
        authorization: `Bearer ${apiKey}`,
        'user-agent': userAgent,
        accept: 'application/json',
    };
    if (hasBody)
        headers['content-type'] = 'application/json';
    return headers;
}
/** 'yes'/'no' flags are strings on the wire, not booleans. */
function yesNo(flag) {
    return flag ? 'yes' : 'no';
}
/** `account_ids` are objects `{id}`: a list of plain strings resolves to no accounts at all. */
function accountIds(ids) {
    return ids.map((accountId) => ({ id: accountId }));
}
function compact(body) {
    const out = {};
    for (const [key, value] of Object.entries(body))
        if (value !== undefined)
            out[key] = value;
    return out;
}
/** A13: ContentDetail names; undefined fields are not sent (PUT is partial), null clears. */
function contentBody(fields) {
    return compact({
        title: fields.title,
        description: fields.description,
        full_text: fields.full_text,
        textover: fields.textover,
        hashtags: fields.hashtags,
        fine_tuning: fields.fine_tuning,
        persona_id: fields.persona_id,
    });
}
/** A13: `cancel_generation` is sent only when the caller asks for it. */
function editBody(edit, cancelGeneration) {
    const body = contentBody(edit);
    if (cancelGeneration)
        body.cancel_generation = true;
    return body;
}
function renderFields(render) {
    return compact({
        video_id: render.video_id,
        orientation: render.orientation,
        prefer_real_world: render.prefer_real_world,
        image_overlay_enabled: render.image_overlay_enabled,
        image_overlay_position: render.image_overlay_position,
        zoom_effect_enabled: render.zoom_effect_enabled,
        subtitle_settings: render.subtitle_settings,
    });
}
/**
 * Publication fields shared by the one-shot request (A21) and the upload (A26).
 * notifySubscribers / aiDisclosure must keep this exact casing: any other is silently ignored.
 */
function publicationFields(publish) {
    return compact({
        privacy: publish.privacy,
        category: publish.category,
        notifySubscribers: publish.notify_subscribers,
        aiDisclosure: publish.ai_disclosure,
        tiktok_post_mode: publish.tiktok_post_mode,
        tiktok_privacy: publish.tiktok_privacy,
    });
}
/**
 * A21: the presence of `account_ids` is the service's only publication switch,
 * so the publication fields travel only together with it.
 */
function generationBody(request) {
    const body = { creation_id: request.content_id, ...renderFields(request.render) };
    const publish = request.publish;
    if (publish === undefined)
        return body;
    return {
        ...body,
        account_ids: accountIds(publish.account_ids),
        made_for_kids: yesNo(publish.made_for_kids),
        age_restricted: yesNo(publish.age_restricted),
        ...publicationFields(publish),
    };
}
/** A25: `POST /gen/video` takes the item, the source and the orientation only. */
function videoBody(contentId, render) {
    return { creation_id: contentId, video_id: render.video_id, orientation: render.orientation };
}
/** A26: the upload spells the COPPA / 18+ flags in camelCase, unlike the one-shot request. */
function uploadBody(publish) {
    return {
        account_ids: accountIds(publish.account_ids),
        madeForKids: yesNo(publish.made_for_kids),
        ageRestricted: yesNo(publish.age_restricted),
        ...publicationFields(publish),
    };
}

;// CONCATENATED MODULE: ./src/api/transport.ts





class Transport {
    #apiKey;
    #pool;
    #options;
    constructor(apiKey, options) {
        this.#apiKey = apiKey;
        this.#options = options;
        this.#pool = new undici/* Pool */.bC(options.base.origin, {
            connections: options.connections,
            keepAliveTimeout: 30_000,
            connectTimeout: Math.min(options.requestTimeoutMs, 10_000),
            headersTimeout: options.requestTimeoutMs,
            bodyTimeout: options.requestTimeoutMs,
        });
    }
    /** Sends one request through the retry policy. `path` is relative to `/v1` and may carry a query. */
    async request(method, path, body, kind) {
        const payload = body === undefined ? undefined : JSON.stringify(body);
        const headers = requestHeaders(this.#apiKey, this.#options.userAgent, payload !== undefined);
        const label = path.split('?')[0] ?? path;
        const { answer, attempts } = await sendWithRetries({ method, path: label, ...kind }, this.#options.runtime, (remainingMs) => this.#once(method, `${this.#options.base.prefix}${path}`, headers, payload, label, remainingMs));
        return { status: answer.status, body: answer.body, attempts, retryAfter: answer.retryAfter };
    }
    async #once(method, path, headers, payload, label, remainingMs) {
        const { requestTimeoutMs } = this.#options;
        // One deadline for the whole attempt, never past what the call has left.
        const deadlineMs = Math.max(1, Math.min(requestTimeoutMs, remainingMs));
        return withDeadline(deadlineMs, async (signal) => {
            const response = await this.#pool.request({
                method,
                path,
                headers,
                body: payload ?? null,
                signal,
                // Never let undici resend a POST on its own: A33 is decided in retry.ts.
                idempotent: method !== 'POST',
                headersTimeout: requestTimeoutMs,
                bodyTimeout: requestTimeoutMs,
            });
            const raw = await readBounded(response, this.#options.maxResponseBytes ?? MAX_RESPONSE_BYTES, {
                method,
                path: label,
            });
            return { status: response.statusCode, retryAfter: response.headers['retry-after'], body: decode(raw) };
        });
    }
    async close() {
        if (!this.#pool.closed)
            await this.#pool.close();
    }
    /** Strips the key from any text before it lands in a message. */
    redact(value) {
        return (0,errors.redact)(value, [this.#apiKey]);
    }
}
function decode(raw) {
    if (raw.trim() === '')
        return null;
    try {
        return JSON.parse(raw);
    }
    catch {
        return raw;
    }
}

;// CONCATENATED MODULE: ./src/api/client.ts








const KEY_PREFIX = 'svc_live_';
const realSleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** Checks the key and base URL before any request; throws ConfigurationError. */
function createClient(options) {
    const apiKey = typeof options.apiKey === 'string' ? options.apiKey.trim() : '';
    // Whatever characters it holds, no output of this process shows it from here on.
    (0,secrets/* registerSecret */.cl)(apiKey);
    if (apiKey !== '')
        options.maskSecret?.(apiKey);
    if (apiKey === '') {
        throw new errors.ConfigurationError(`No API key was given: create one in the web app under Settings, API Keys.`);
    }
    if (!apiKey.startsWith(KEY_PREFIX)) {
        throw new errors.ConfigurationError(`The API key does not start with ${KEY_PREFIX}: it is not a service API key (a session token or a ` +
            'mistyped secret?). Create one in the web app under Settings, API Keys.');
    }
    const base = resolveBaseUrl(String(options.baseUrl ?? ''));
    if (base === null) {
        throw new errors.ConfigurationError('base-url must be an http(s) URL without credentials, for example https://api.example.com.');
    }
    return new HttpServiceClient(apiKey, base, options);
}
const GENERATION = { idempotent: false, rateLimited: true };
const CREATE = { idempotent: false, rateLimited: false };
const READ = { idempotent: true, rateLimited: false };
class HttpServiceClient {
    baseUrl;
    #transport;
    #pageSize;
    #now;
    #introspection = null;
    constructor(apiKey, base, options) {
        this.baseUrl = base.href;
        this.#pageSize = Math.max(1, Math.floor(options.pageSize ?? 100));
        const sleep = options.sleep ?? realSleep;
        const now = options.now ?? Date.now;
        this.#now = now;
        this.#transport = new Transport(apiKey, {
            base,
            userAgent: options.userAgent ?? version/* USER_AGENT */._,
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
    listContents() {
        return this.#listAll(paths.contents(), parseContentSummary);
    }
    async getContent(id) {
        return this.#parse('GET', paths.content(id), await this.#call('GET', paths.content(id)), parseContentDetail);
    }
    async createContent(fields) {
        const path = paths.contents();
        const body = await this.#call('POST', path, contentBody(fields), CREATE);
        return this.#parse('POST', path, body, parseContentDetail);
    }
    async editContent(id, edit, options) {
        const path = paths.content(id);
        const body = await this.#call('PUT', path, editBody(edit, options?.cancelGeneration === true));
        return this.#parse('PUT', path, body, parseContentDetail);
    }
    listVersions(id) {
        return this.#listAll(paths.versions(id), parseVersion);
    }
    async processContent(request) {
        await this.#call('POST', paths.processContent(), generationBody(request), GENERATION);
    }
    async generateVideo(contentId, render) {
        await this.#call('POST', paths.generateVideo(), videoBody(contentId, render), GENERATION);
    }
    async upload(contentId, publish) {
        await this.#call('POST', paths.upload(contentId), uploadBody(publish), GENERATION);
    }
    async taskStatus(contentId) {
        const path = paths.taskStatus(contentId);
        return this.#parse('GET', path, await this.#call('GET', path), (body) => parseTaskStatus(body, contentId));
    }
    listAccounts() {
        return this.#listAll(paths.accounts(), parseAccount);
    }
    async credits() {
        const path = paths.credits();
        return this.#parse('GET', path, await this.#call('GET', path), parseCredits);
    }
    async subscription() {
        const path = paths.subscription();
        return this.#parse('GET', path, await this.#call('GET', path), parseSubscription);
    }
    async introspect() {
        const path = paths.introspect();
        return this.#parse('GET', path, await this.#call('GET', path), parseIntrospection);
    }
    close() {
        return this.#transport.close();
    }
    toJSON() {
        return { baseUrl: this.baseUrl };
    }
    // ---- plumbing ---------------------------------------------------------
    /** A5–A7: every page, until the hints say the listing is complete. */
    async #listAll(path, parseItem) {
        const out = [];
        let page = 1;
        while (page !== null) {
            const body = await this.#call('GET', `${path}${pageQuery(page, this.#pageSize)}`);
            const listing = this.#parse('GET', path, body, (value) => readListing(value, 'the listing'));
            for (const [index, item] of listing.items.entries()) {
                out.push(this.#parse('GET', path, item, parseItem, `page ${page}, item ${index + 1}`));
            }
            page = nextPage(page, listing, out.length);
        }
        return out;
    }
    #parse(method, path, body, parse, where) {
        try {
            return parse(body);
        }
        catch (error) {
            if (!(error instanceof ShapeProblem))
                throw error;
            const problem = where === undefined ? error.message : `${where}: ${error.message}`;
            throw new errors.ResponseShapeError(method, path, this.#transport.redact(problem));
        }
    }
    /** One request; the body of a 2xx, or a ServiceError that teaches. */
    async #call(method, path, body, kind = READ) {
        const response = await this.#transport.request(method, path, body, kind);
        const failure = response.status < 300 ? failureInSuccess(response.body) : null;
        if (response.status >= 200 && response.status < 300 && failure === null)
            return response.body;
        throw await this.#error(method, path.split('?')[0] ?? path, response);
    }
    async #error(method, path, response) {
        const scrub = (text) => this.#transport.redact(text);
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
        if (response.status === 401 && path !== paths.introspect()) {
            return serviceError({ ...facts, introspection: await this.#whyUnauthorized() }, scrub);
        }
        if (response.status === 402) {
            return serviceError({ ...facts, balance: parsed.balance ?? (await this.#balanceOrUndefined()) }, scrub);
        }
        return serviceError(facts, scrub);
    }
    /** Asked once per client: every worker hitting 401 shares the one answer. */
    #whyUnauthorized() {
        this.#introspection ??= this.introspect().then((introspection) => ({ kind: 'answer', introspection }), (error) => error instanceof errors.ServiceError && error.status === 401
            ? { kind: 'rejected' }
            : { kind: 'failed', reason: error instanceof Error ? error.message : 'no answer' });
        return this.#introspection;
    }
    async #balanceOrUndefined() {
        try {
            return await this.credits();
        }
        catch {
            return undefined;
        }
    }
}

;// CONCATENATED MODULE: ./src/api/index.ts
// The typed client through which the project talks to the service.





/***/ })

};
