export const id = 648;
export const ids = [648,584];
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


/***/ }),

/***/ 7648:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   MARKER_PREFIX: () => (/* binding */ MARKER_PREFIX),
/* harmony export */   findOwnComment: () => (/* binding */ findOwnComment),
/* harmony export */   markerFor: () => (/* binding */ markerFor),
/* harmony export */   upsertStickyComment: () => (/* binding */ upsertStickyComment)
/* harmony export */ });
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7598);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_crypto__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _client_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6584);


// The sticky PR comment: one per PR (per shard), found again on every run by
// a hidden marker, edited in place, left alone when nothing changed.
//
// Which comment is ours: it must carry the marker AND be written by the
// token's own identity. `GET /user` answers for personal tokens; for the
// workflow's GITHUB_TOKEN and for GitHub App tokens it fails (403), and then
// the comment must be written by a bot account (`user.type === 'Bot'`, which
// is how `github-actions[bot]` and every app appear). A person can copy the
// marker into their own comment; they cannot make it a bot's.
//
// Every page of comments is read. If any lookup fails, nothing is posted: a
// failed lookup that fell back to "create" is how duplicates appear.
const MARKER_PREFIX = '<!-- content-as-code:pr-comment';
function markerFor(shard) {
    return `${MARKER_PREFIX}${shard ? ` shard=${shard.index}/${shard.count}` : ''} -->`;
}
/**
 * Creates or edits the comment. `stable` is the body without run-specific
 * parts (links to this run): when its digest matches the existing comment's,
 * the comment is not touched.
 */
async function upsertStickyComment(github, target, body, stable) {
    const digest = `<!-- content-as-code:digest ${(0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.createHash)('sha256').update(stable).digest('hex').slice(0, 32)} -->`;
    const full = `${target.marker}\n${digest}\n${body}`;
    const existing = await findOwnComment(github, target);
    const { owner, repo } = target;
    if (existing) {
        if (existing.body?.includes(digest)) {
            return { action: 'unchanged', id: existing.id, url: existing.html_url ?? null };
        }
        const { data } = await github.rest.issues.updateComment({
            owner,
            repo,
            comment_id: existing.id,
            body: full,
        });
        return { action: 'updated', id: data.id, url: data.html_url ?? null };
    }
    return createOnce(github, target, full);
}
/** How many times a comment is posted when GitHub answers 5xx. */
const CREATE_ATTEMPTS = 3;
/**
 * Posts the comment. A 5xx may come after GitHub wrote it, so the retry
 * plugin does not resend this POST by itself: the comments are read again
 * first, and the post is sent again only when it is not there. Rate limits
 * (403/429, nothing written) are still waited out by the throttling plugin.
 */
async function createOnce(github, target, body) {
    for (let attempt = 1;; attempt++) {
        try {
            const { data } = await github.rest.issues.createComment({
                owner: target.owner,
                repo: target.repo,
                issue_number: target.issueNumber,
                body,
                request: { retries: 0 },
            });
            return { action: 'created', id: data.id, url: data.html_url ?? null };
        }
        catch (error) {
            const status = (0,_client_js__WEBPACK_IMPORTED_MODULE_1__.statusOf)(error);
            if (status === null || status < 500 || attempt >= CREATE_ATTEMPTS)
                throw error;
            const written = await findOwnComment(github, target);
            if (written)
                return { action: 'created', id: written.id, url: written.html_url ?? null };
        }
    }
}
async function whoAmI(github) {
    try {
        const { data } = await github.rest.users.getAuthenticated();
        return typeof data.login === 'string' ? data.login : null;
    }
    catch (error) {
        // GITHUB_TOKEN and app tokens cannot read /user (401/403): then "a bot
        // wrote it" identifies the comment. Any other failure is a failed lookup,
        // and a failed lookup must not end in a second comment.
        const status = (0,_client_js__WEBPACK_IMPORTED_MODULE_1__.statusOf)(error);
        if (status === 401 || status === 403)
            return null;
        throw error;
    }
}
async function findOwnComment(github, target) {
    const self = await whoAmI(github);
    const isOurs = (comment) => self !== null
        ? comment.user?.login === self
        : comment.user?.type === 'Bot' || comment.user?.login === 'github-actions[bot]';
    const pages = github.paginate.iterator(github.rest.issues.listComments, {
        owner: target.owner,
        repo: target.repo,
        issue_number: target.issueNumber,
        per_page: 100,
    });
    for await (const page of pages) {
        for (const comment of page.data) {
            // The marker is the first line of our body; a quote of it elsewhere does not count.
            if (isOurs(comment) && (comment.body ?? '').startsWith(`${target.marker}\n`))
                return comment;
        }
    }
    return null;
}


/***/ })

};
