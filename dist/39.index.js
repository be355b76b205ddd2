export const id = 39;
export const ids = [39,584,648,350];
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

/***/ 350:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   BLOCK_LIMIT: () => (/* binding */ BLOCK_LIMIT),
/* harmony export */   readReviewedBlock: () => (/* binding */ readReviewedBlock),
/* harmony export */   reviewedBlock: () => (/* binding */ reviewedBlock),
/* harmony export */   stableBlock: () => (/* binding */ stableBlock)
/* harmony export */ });
/* harmony import */ var _plan_review_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4944);

// The reviewed plan, hidden in the sticky comment: one HTML comment on the
// line after the comment's marker and digest, holding compact JSON. It is
// written before the report and its size is held back from the report's
// limit, so when the comment must be trimmed, it is the report that is cut,
// never this block.
//
// Nothing from the repository is written into it: manifests are named by a
// fingerprint of their path, so the block is hexadecimal digits, a few step
// letters and JSON punctuation. `<`, `>` and `&` are still written as \u
// escapes, so that no value could end the HTML comment (`-->`, `--!>`).
const PREFIX = `<!-- content-as-code:reviewed-plan v${_plan_review_js__WEBPACK_IMPORTED_MODULE_0__.REVIEWED_PLAN_VERSION} `;
const SUFFIX = ' -->';
/** Where a block may start: any block of ours sits within the comment's first lines. */
const SEARCHED_LINES = 4;
/** Most of the comment stays for the report; past this, entries are left out from the end. */
const BLOCK_LIMIT = 32_000;
const HASH = 'sha256:';
const bare = (value) => value?.startsWith(HASH) ? value.slice(HASH.length) : value;
const hashed = (value) => (value === null ? null : `${HASH}${value}`);
function escapeJson(json) {
    return json.replace(/[<>&]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
/**
 * The block for a plan computed at `head`, within `limit` characters:
 * entries are kept in the order given (renders and publications first) and
 * the number left out is written down, so that a reader knows the plan is partial.
 */
function reviewedBlock(entries, head, limit = BLOCK_LIMIT) {
    const frame = (omitted, body) => `${PREFIX}${escapeJson(`{"head":${JSON.stringify(head)},"omitted":${omitted},"items":{${body}}}`)}${SUFFIX}`;
    const parts = [];
    let size = frame(entries.length, '').length;
    for (const [key, entry] of entries) {
        const part = `${JSON.stringify(key)}:${JSON.stringify([bare(entry.m), bare(entry.s), bare(entry.t), entry.k])}`;
        const grown = size + escapeJson(part).length + 1;
        if (grown > limit)
            break;
        parts.push(part);
        size = grown;
    }
    return frame(entries.length - parts.length, parts.join(','));
}
/** The block written without what changes on every push (the head), for deciding whether the comment changed. */
function stableBlock(block) {
    return block.replace(/"head":(?:"(?:[^"\\]|\\.)*"|null)/, '"head":null');
}
/** The reviewed plan in a comment of ours, or null when it has none this version can read. */
function readReviewedBlock(body) {
    const line = body
        .split('\n', SEARCHED_LINES)
        .find((text) => text.startsWith(PREFIX) && text.endsWith(SUFFIX));
    if (line === undefined)
        return null;
    let data;
    try {
        data = JSON.parse(line.slice(PREFIX.length, line.length - SUFFIX.length));
    }
    catch {
        return null;
    }
    return checked(data);
}
function isObject(value) {
    return typeof value === 'object' && value !== null && !Array.isArray(value);
}
const hex = (value) => value === null || (typeof value === 'string' && /^[0-9a-f]{8,64}$/.test(value));
/** Anything not exactly the shape written is no plan: a hand-edited block must not release anything. */
function checked(data) {
    if (!isObject(data) || !isObject(data.items))
        return null;
    const head = data.head;
    const omitted = data.omitted;
    if (head !== null && typeof head !== 'string')
        return null;
    if (typeof omitted !== 'number' || !Number.isInteger(omitted) || omitted < 0)
        return null;
    const items = {};
    for (const [key, value] of Object.entries(data.items)) {
        if (!/^[0-9a-f]{16}$/.test(key) || !Array.isArray(value) || value.length !== 4)
            return null;
        const [m, s, t, k] = value;
        if (typeof m !== 'string' ||
            !hex(m) ||
            !hex(s) ||
            !hex(t) ||
            typeof k !== 'string' ||
            !/^[a-z]*$/.test(k))
            return null;
        items[key] = { m: hashed(m), s: hashed(s), t: hashed(t), k };
    }
    return { v: _plan_review_js__WEBPACK_IMPORTED_MODULE_0__.REVIEWED_PLAN_VERSION, head, items, omitted };
}


/***/ }),

/***/ 8039:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   readReviewEvidence: () => (/* binding */ readReviewEvidence)
/* harmony export */ });
/* harmony import */ var _reviewed_block_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(350);
/* harmony import */ var _sticky_comment_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(7648);


async function readReviewEvidence(github, lookup) {
    const { owner, repo, sha, marker } = lookup;
    const { data } = await github.rest.repos.listPullRequestsAssociatedWithCommit({
        owner,
        repo,
        commit_sha: sha,
        per_page: 100,
    });
    // An open pull request whose branch holds the commit did not bring it here: only merged ones did.
    const merged = data
        .filter((pull) => typeof pull.merged_at === 'string' && pull.merged_at !== '')
        .sort((a, b) => Date.parse(b.merged_at ?? '') - Date.parse(a.merged_at ?? ''));
    if (merged.length === 0)
        return { kind: 'direct_push' };
    const sources = [];
    for (const pull of merged) {
        const comment = await (0,_sticky_comment_js__WEBPACK_IMPORTED_MODULE_1__.findOwnComment)(github, { owner, repo, issueNumber: pull.number, marker });
        sources.push({
            pr: pull.number,
            url: pull.html_url ?? null,
            head: pull.head?.sha ?? null,
            plan: comment ? (0,_reviewed_block_js__WEBPACK_IMPORTED_MODULE_0__.readReviewedBlock)(comment.body ?? '') : null,
        });
    }
    return { kind: 'pulls', sources };
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
