export const id = 231;
export const ids = [231,334];
export const modules = {

/***/ 2334:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   GitHubApi: () => (/* binding */ GitHubApi),
/* harmony export */   GitHubApiError: () => (/* binding */ GitHubApiError),
/* harmony export */   nextLink: () => (/* binding */ nextLink)
/* harmony export */ });
/* harmony import */ var _version_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(311);

class GitHubApiError extends Error {
    name = 'GitHubApiError';
    status;
    constructor(status, method, path, detail) {
        super(`GitHub answered ${status} to ${method} ${path}${detail ? `: ${detail}` : ''}`);
        this.status = status;
    }
}
class GitHubApi {
    #apiUrl;
    #token;
    #fetch;
    constructor(options) {
        this.#apiUrl = options.apiUrl.replace(/\/+$/, '');
        this.#token = options.token;
        this.#fetch = options.fetch ?? fetch;
    }
    async request(method, path, body, accept = 'application/vnd.github+json') {
        const response = await this.#send(method, this.#url(path), body, accept);
        return (await response.json());
    }
    /** GET text (the raw media type); null on 404. */
    async getText(path, accept) {
        try {
            const response = await this.#send('GET', this.#url(path), undefined, accept);
            return await response.text();
        }
        catch (error) {
            if (error instanceof GitHubApiError && error.status === 404)
                return null;
            throw error;
        }
    }
    /** Every page of a listing, following `Link: rel="next"` until there is none. */
    async *paginate(path) {
        let url = this.#url(path);
        for (let page = 0; url !== null && page < 10_000; page++) {
            const response = await this.#send('GET', url, undefined, 'application/vnd.github+json');
            const items = await response.json();
            if (!Array.isArray(items))
                throw new GitHubApiError(response.status, 'GET', pathOf(url), 'expected a list');
            yield items.map((item) => item);
            url = nextLink(response.headers.get('link'));
        }
    }
    #url(path) {
        return `${this.#apiUrl}${path}`;
    }
    async #send(method, url, body, accept) {
        const headers = {
            accept,
            authorization: `Bearer ${this.#token}`,
            'user-agent': _version_js__WEBPACK_IMPORTED_MODULE_0__/* .USER_AGENT */ ._,
            'x-github-api-version': '2022-11-28',
        };
        if (body !== undefined)
            headers['content-type'] = 'application/json';
        const response = await this.#fetch(url, {
            method,
            headers,
            body: body === undefined ? null : JSON.stringify(body),
            signal: AbortSignal.timeout(30_000),
        });
        if (!response.ok) {
            let detail = '';
            try {
                const parsed = (await response.json());
                if (typeof parsed.message === 'string')
                    detail = parsed.message;
            }
            catch {
                // A body that is not JSON says nothing more than the status.
            }
            throw new GitHubApiError(response.status, method, pathOf(url), detail);
        }
        return response;
    }
}
function pathOf(url) {
    try {
        const parsed = new URL(url);
        return `${parsed.pathname}${parsed.search}`;
    }
    catch {
        return url;
    }
}
/** The `rel="next"` target of a Link header, or null. */
function nextLink(header) {
    if (!header)
        return null;
    for (const part of header.split(',')) {
        const match = /<([^>]+)>\s*;\s*rel="?([^";]+)"?/.exec(part.trim());
        if (match && match[2].split(/\s+/).includes('next'))
            return match[1];
    }
    return null;
}


/***/ }),

/***/ 4231:
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
/* harmony import */ var _action_github_api_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2334);


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
async function upsertStickyComment(api, target, body, stable) {
    const digest = `<!-- content-as-code:digest ${(0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.createHash)('sha256').update(stable).digest('hex').slice(0, 32)} -->`;
    const full = `${target.marker}\n${digest}\n${body}`;
    const existing = await findOwnComment(api, target);
    const base = `/repos/${encodeURIComponent(target.owner)}/${encodeURIComponent(target.repo)}/issues`;
    if (existing) {
        if (existing.body?.includes(digest)) {
            return { action: 'unchanged', id: existing.id, url: existing.html_url ?? null };
        }
        const updated = await api.request('PATCH', `${base}/comments/${existing.id}`, {
            body: full,
        });
        return { action: 'updated', id: updated.id, url: updated.html_url ?? null };
    }
    const created = await api.request('POST', `${base}/${target.issueNumber}/comments`, {
        body: full,
    });
    return { action: 'created', id: created.id, url: created.html_url ?? null };
}
async function whoAmI(api) {
    try {
        const user = await api.request('GET', '/user');
        return typeof user.login === 'string' ? user.login : null;
    }
    catch (error) {
        // GITHUB_TOKEN and app tokens cannot read /user (401/403): then "a bot
        // wrote it" identifies the comment. Any other failure is a failed lookup,
        // and a failed lookup must not end in a second comment.
        if (error instanceof _action_github_api_js__WEBPACK_IMPORTED_MODULE_1__.GitHubApiError && (error.status === 401 || error.status === 403))
            return null;
        throw error;
    }
}
async function findOwnComment(api, target) {
    const self = await whoAmI(api);
    const isOurs = (comment) => self !== null
        ? comment.user?.login === self
        : comment.user?.type === 'Bot' || comment.user?.login === 'github-actions[bot]';
    const path = `/repos/${encodeURIComponent(target.owner)}/${encodeURIComponent(target.repo)}/issues/${target.issueNumber}/comments?per_page=100`;
    for await (const page of api.paginate(path)) {
        for (const comment of page) {
            // The marker is the first line of our body; a quote of it elsewhere does not count.
            if (isOurs(comment) && (comment.body ?? '').startsWith(`${target.marker}\n`))
                return comment;
        }
    }
    return null;
}


/***/ })

};
