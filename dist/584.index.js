export const id = 584;
export const ids = [584];
export const modules = {

/***/ 6584:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   createGitHubClient: () => (/* binding */ createGitHubClient),
/* harmony export */   statusOf: () => (/* binding */ statusOf)
/* harmony export */ });
/* harmony import */ var _actions_github__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1351);
/* harmony import */ var _actions_github_lib_utils__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(5555);
/* harmony import */ var _octokit_plugin_retry__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(9735);
/* harmony import */ var _octokit_plugin_throttling__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(6856);
/* harmony import */ var _version_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(311);





/** How often a rate-limited request is tried again before the call fails. */
const RATE_LIMIT_RETRIES = 2;
/** A wait GitHub asks for beyond this fails the call instead: the job should not sleep for an hour. */
const LONGEST_WAIT_SECONDS = 120;
function waitUnit(options) {
    if (options.waitUnitMs !== undefined)
        return options.waitUnitMs;
    const fromEnv = Number(process.env.CONTENT_AS_CODE_GITHUB_WAIT_UNIT_MS);
    return Number.isFinite(fromEnv) && fromEnv >= 0 && process.env.CONTENT_AS_CODE_GITHUB_WAIT_UNIT_MS
        ? fromEnv
        : 1000;
}
function createGitHubClient(options) {
    const log = options.log ?? (() => { });
    const unit = waitUnit(options);
    const onLimit = (kind) => (after, request, _octokit, retryCount) => {
        if (retryCount >= RATE_LIMIT_RETRIES || after > LONGEST_WAIT_SECONDS)
            return false;
        log(`GitHub's ${kind} rate limit on ${request.method} ${request.url}: trying again in ${after} s.`);
        return true;
    };
    return (0,_actions_github__WEBPACK_IMPORTED_MODULE_0__/* .getOctokit */ .Q)(options.token, {
        baseUrl: options.apiUrl.replace(/\/+$/, ''),
        userAgent: _version_js__WEBPACK_IMPORTED_MODULE_2__/* .USER_AGENT */ ._,
        retry: { retryAfterBaseValue: unit },
        throttle: {
            retryAfterBaseValue: unit,
            onRateLimit: onLimit('primary'),
            onSecondaryRateLimit: onLimit('secondary'),
        },
        // The toolkit's proxy-aware fetch, with a deadline per request: a
        // GitHub that never answers must not hold the job until it times out.
        request: { ..._actions_github_lib_utils__WEBPACK_IMPORTED_MODULE_1__/* .defaults */ .NT.request, fetch: withDeadline(_actions_github_lib_utils__WEBPACK_IMPORTED_MODULE_1__/* .defaults */ .NT.request?.fetch) },
    }, _octokit_plugin_retry__WEBPACK_IMPORTED_MODULE_3__/* .retry */ .L, _octokit_plugin_throttling__WEBPACK_IMPORTED_MODULE_4__/* .throttling */ .A);
}
const REQUEST_DEADLINE_MS = 30_000;
function withDeadline(send) {
    return (url, init) => send(url, { ...init, signal: init?.signal ?? AbortSignal.timeout(REQUEST_DEADLINE_MS) });
}
/** The HTTP status of a failed Octokit call, or null for anything else. */
function statusOf(error) {
    const status = error?.status;
    return typeof status === 'number' ? status : null;
}


/***/ })

};
