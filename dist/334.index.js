export const id = 334;
export const ids = [334];
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


/***/ })

};
