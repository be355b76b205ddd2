export const id = 249;
export const ids = [249];
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


/***/ })

};
