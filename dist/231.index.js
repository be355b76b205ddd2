export const id = 231;
export const ids = [231];
export const modules = {

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
    catch {
        // GITHUB_TOKEN and app tokens cannot read /user: fall back to "a bot wrote it".
        return null;
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
