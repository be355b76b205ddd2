export const id = 417;
export const ids = [417,528];
export const modules = {

/***/ 6417:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   previousVersionsFor: () => (/* binding */ previousVersionsFor),
/* harmony export */   pullRequestPreviousVersions: () => (/* binding */ pullRequestPreviousVersions)
/* harmony export */ });
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var _git_history_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(528);



/** The PR's own listing of its files (up to 3,000), then the contents API for modified ones. */
function pullRequestPreviousVersions(github, setup) {
    let listing = null;
    const changedFiles = async () => {
        const files = await github.paginate(github.rest.pulls.listFiles, {
            owner: setup.owner,
            repo: setup.repo,
            pull_number: setup.pullNumber,
            per_page: 100,
        });
        return new Map(files.map((file) => [file.filename, { status: file.status }]));
    };
    return {
        async read(file) {
            const name = file.replace(/^\.\//, '');
            const changed = (await (listing ??= changedFiles())).get(name);
            if (changed === undefined) {
                // Untouched by the PR: the base has the file as the workspace has it.
                try {
                    return await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.readFile)(node_path__WEBPACK_IMPORTED_MODULE_1___default().join(setup.cwd, name), 'utf8');
                }
                catch {
                    return null;
                }
            }
            if (changed.status === 'added' || changed.status === 'renamed')
                return null;
            try {
                const { data } = await github.rest.repos.getContent({
                    owner: setup.owner,
                    repo: setup.repo,
                    path: name,
                    ref: setup.baseSha,
                    mediaType: { format: 'raw' },
                });
                // The raw media type comes back as text or as bytes, by its content type.
                const raw = data;
                if (typeof raw === 'string')
                    return raw;
                if (raw instanceof ArrayBuffer)
                    return new TextDecoder().decode(raw);
                throw new Error(`GitHub gave no raw text for ${name} at ${setup.baseSha.slice(0, 12)}`);
            }
            catch (error) {
                if (error.status === 404)
                    return null;
                throw error;
            }
        },
    };
}
/**
 * git when the base commit is in the clone or can be fetched, else the PR's
 * file listing; each file is asked once. A failing API call fails the run:
 * taking it for "no earlier version" would turn a renamed title into a
 * second item.
 */
function previousVersionsFor(setup) {
    let source = null;
    const cache = new Map();
    const choose = async () => {
        if ((await (0,_git_history_js__WEBPACK_IMPORTED_MODULE_2__/* .hasCommit */ .QE)(setup.cwd, setup.baseSha)) || (await (0,_git_history_js__WEBPACK_IMPORTED_MODULE_2__/* .fetchCommit */ .iH)(setup.cwd, setup.baseSha))) {
            return (0,_git_history_js__WEBPACK_IMPORTED_MODULE_2__.gitPreviousVersions)(setup.cwd, setup.baseSha);
        }
        const github = setup.github();
        const { owner, repo, pullNumber } = setup;
        if (github && owner && repo && pullNumber !== null) {
            setup.log?.(`The base commit ${setup.baseSha.slice(0, 12)} could not be fetched: earlier versions come from the PR's file listing.`);
            return pullRequestPreviousVersions(github, { ...setup, owner, repo, pullNumber });
        }
        setup.log?.(`The base commit ${setup.baseSha.slice(0, 12)} is not in the clone and could not be fetched: renamed titles cannot be recognised (use fetch-depth: 0 or 2 in actions/checkout).`);
        return null;
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
/* harmony export */   gitPreviousVersions: () => (/* binding */ gitPreviousVersions),
/* harmony export */   iH: () => (/* binding */ fetchCommit)
/* harmony export */ });
/* unused harmony exports HISTORY_DEPTH, isShallowClone, firstPreviousVersions */
/* harmony import */ var node_child_process__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1421);
/* harmony import */ var node_child_process__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_child_process__WEBPACK_IMPORTED_MODULE_0__);

// Earlier versions of manifests, to recognise a renamed title. The engine
// only knows the PreviousVersions interface: git (here) and the PR's file
// listing (for shallow clones that cannot fetch, in the action layer) both
// implement it.
function git(cwd, args, timeout = 0) {
    return new Promise((resolve) => {
        (0,node_child_process__WEBPACK_IMPORTED_MODULE_0__.execFile)('git', args, 
        // Never wait for a password prompt: a fetch without credentials fails instead.
        {
            cwd,
            maxBuffer: 16 * 1024 * 1024,
            encoding: 'utf8',
            timeout,
            env: { ...process.env, GIT_TERMINAL_PROMPT: '0' },
        }, (error, stdout) => resolve({ ok: error === null, stdout }));
    });
}
/** How long fetching one missing commit may take before the caller falls back. */
const FETCH_TIMEOUT_MS = 60_000;
/**
 * Fetches one commit, without its history, from `origin` into a shallow
 * clone: actions/checkout leaves the credentials it cloned with, so this is
 * one git request instead of one GitHub API call per manifest. True when the
 * commit is present afterwards.
 */
async function fetchCommit(cwd, sha) {
    if (!/^[0-9a-f]{40}$/i.test(sha))
        return false;
    const fetched = await git(cwd, ['fetch', '--no-tags', '--quiet', '--depth=1', 'origin', sha], FETCH_TIMEOUT_MS);
    return fetched.ok && hasCommit(cwd, sha);
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
