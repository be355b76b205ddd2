export const id = 343;
export const ids = [343,249,348];
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

/***/ 8348:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   mapLimit: () => (/* binding */ mapLimit)
/* harmony export */ });
/**
 * Runs fn over items with at most `limit` calls in flight; results keep the
 * items' order. The first rejection rejects the whole call once the running
 * calls have settled (no call is left dangling).
 */
async function mapLimit(items, limit, fn) {
    const results = new Array(items.length);
    let next = 0;
    let failure = null;
    const worker = async () => {
        while (failure === null && next < items.length) {
            const index = next++;
            try {
                results[index] = await fn(items[index], index);
            }
            catch (error) {
                failure ??= { error };
            }
        }
    };
    const width = Math.max(1, Math.min(Math.floor(limit) || 1, items.length));
    await Promise.all(Array.from({ length: width }, worker));
    if (failure !== null)
        throw failure.error;
    return results;
}


/***/ }),

/***/ 343:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   DEFAULT_READ_CONCURRENCY: () => (/* binding */ DEFAULT_READ_CONCURRENCY),
/* harmony export */   observeDetails: () => (/* binding */ observeDetails),
/* harmony export */   observeListing: () => (/* binding */ observeListing)
/* harmony export */ });
/* harmony import */ var _api_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3249);
/* harmony import */ var _concurrency_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8348);


// Observed state: every page of GET /contents and GET /accounts, then the
// detail view of each matched item. Reads are not rate limited, so details
// are fetched many at a time.
const DEFAULT_READ_CONCURRENCY = 32;
/** GET /contents and GET /accounts (every page, through the client), side by side. */
async function observeListing(client) {
    const [contents, accounts] = await Promise.all([client.listContents(), client.listAccounts()]);
    return { contents, accounts };
}
/** GET /contents/{id} for each id; an item deleted since the listing (404) is left out. */
async function observeDetails(client, ids, concurrency = DEFAULT_READ_CONCURRENCY) {
    const unique = [...new Set(ids)];
    const details = await (0,_concurrency_js__WEBPACK_IMPORTED_MODULE_1__.mapLimit)(unique, concurrency, async (id) => {
        try {
            return await client.getContent(id);
        }
        catch (error) {
            if (error instanceof _api_errors_js__WEBPACK_IMPORTED_MODULE_0__.ServiceError && error.status === 404)
                return null;
            throw error;
        }
    });
    const byId = new Map();
    for (const detail of details)
        if (detail !== null)
            byId.set(detail.id, detail);
    return byId;
}


/***/ })

};
