export const id = 417;
export const ids = [417,528,334];
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

/***/ 6417:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   previousVersionsFor: () => (/* binding */ previousVersionsFor)
/* harmony export */ });
/* unused harmony export contentsApiPreviousVersions */
/* harmony import */ var _git_history_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(528);
/* harmony import */ var _github_api_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2334);


/** GET /repos/{owner}/{repo}/contents/{path}?ref={sha} in the raw media type; null when absent. */
function contentsApiPreviousVersions(api, owner, repo, ref) {
    return {
        async read(file) {
            const path = file.replace(/^\.\//, '').split('/').map(encodeURIComponent).join('/');
            return api.getText(`/repos/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}/contents/${path}?ref=${encodeURIComponent(ref)}`, 'application/vnd.github.raw+json');
        },
    };
}
/**
 * git when the base commit is in the clone, else the contents API; each file
 * is asked once. A failing API call fails the run: taking it for "no earlier
 * version" would turn a renamed title into a second item.
 */
function previousVersionsFor(setup) {
    let source = null;
    const cache = new Map();
    const choose = async () => {
        if (await (0,_git_history_js__WEBPACK_IMPORTED_MODULE_0__/* .hasCommit */ .QE)(setup.cwd, setup.baseSha))
            return (0,_git_history_js__WEBPACK_IMPORTED_MODULE_0__.gitPreviousVersions)(setup.cwd, setup.baseSha);
        if (!setup.token || !setup.owner || !setup.repo)
            return null;
        const api = new _github_api_js__WEBPACK_IMPORTED_MODULE_1__.GitHubApi({
            apiUrl: setup.apiUrl,
            token: setup.token,
            ...(setup.fetch ? { fetch: setup.fetch } : {}),
        });
        return contentsApiPreviousVersions(api, setup.owner, setup.repo, setup.baseSha);
    };
    return {
        read(file) {
            let text = cache.get(file);
            if (!text) {
                source ??= choose();
                text = source.then((s) => (s ? s.read(file) : null));
                cache.set(file, text);
            }
            return text;
        },
        async earlier(file) {
            source ??= choose();
            const chosen = await source;
            return chosen?.earlier ? chosen.earlier(file) : [];
        },
    };
}


/***/ }),

/***/ 528:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   QE: () => (/* binding */ hasCommit),
/* harmony export */   gitPreviousVersions: () => (/* binding */ gitPreviousVersions)
/* harmony export */ });
/* unused harmony exports HISTORY_DEPTH, isShallowClone, firstPreviousVersions */
/* harmony import */ var node_child_process__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1421);
/* harmony import */ var node_child_process__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_child_process__WEBPACK_IMPORTED_MODULE_0__);

// Earlier versions of manifests, to recognise a renamed title. The engine
// only knows the PreviousVersions interface: git (here) and the GitHub
// contents API (for shallow clones, in the action layer) both implement it.
function git(cwd, args) {
    return new Promise((resolve) => {
        (0,node_child_process__WEBPACK_IMPORTED_MODULE_0__.execFile)('git', args, { cwd, maxBuffer: 16 * 1024 * 1024, encoding: 'utf8' }, (error, stdout) => {
            resolve({ ok: error === null, stdout });
        });
    });
}
/** Reads `<ref>:<file>` with `git show`; null when the ref or the file is absent at that ref. */
function gitPreviousVersions(cwd, ref) {
    return {
        async read(file) {
            if (ref === '' || /^0+$/.test(ref))
                return null; // a push that created the branch has no `before`
            // `./` makes the path relative to cwd rather than to the repository root.
            const result = await git(cwd, ['show', `${ref}:./${file.replace(/^\.\//, '')}`]);
            return result.ok ? result.stdout : null;
        },
        earlier(file) {
            return earlierVersions(cwd, 'HEAD', file);
        },
    };
}
/** How many earlier commits of one file are read when the base has no match. */
const HISTORY_DEPTH = 20;
/** `git log` of one file from `ref` back, and the file at each of those commits; [] without history. */
async function earlierVersions(cwd, ref, file) {
    const path = `./${file.replace(/^\.\//, '')}`;
    const log = await git(cwd, ['log', `-n${HISTORY_DEPTH}`, '--format=%H', ref, '--', path]);
    if (!log.ok)
        return [];
    const texts = [];
    for (const sha of log.stdout.split('\n').filter(Boolean)) {
        const shown = await git(cwd, ['show', `${sha}:${path}`]);
        if (shown.ok)
            texts.push(shown.stdout);
    }
    return texts;
}
/** True when the repository at cwd is a shallow clone (history may be missing). */
async function isShallowClone(cwd) {
    const result = await git(cwd, ['rev-parse', '--is-shallow-repository']);
    return result.ok && result.stdout.trim() === 'true';
}
/** True when `ref` names a commit present in the local repository. */
async function hasCommit(cwd, ref) {
    if (ref === '')
        return false;
    const result = await git(cwd, ['cat-file', '-e', `${ref}^{commit}`]);
    return result.ok;
}
/** Asks each source in turn; the first non-null answer wins (git first, then a remote fallback). */
function firstPreviousVersions(...sources) {
    return {
        async read(file) {
            for (const source of sources) {
                const text = await source.read(file);
                if (text !== null)
                    return text;
            }
            return null;
        },
        async earlier(file) {
            for (const source of sources) {
                const texts = (await source.earlier?.(file)) ?? [];
                if (texts.length > 0)
                    return texts;
            }
            return [];
        },
    };
}


/***/ })

};
