export const id = 65;
export const ids = [65];
export const modules = {

/***/ 7065:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   matchItems: () => (/* binding */ matchItems),
/* harmony export */   previousTitle: () => (/* binding */ previousTitle),
/* harmony export */   renameCandidates: () => (/* binding */ renameCandidates)
/* harmony export */ });
/* harmony import */ var yaml__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8815);

function ref(summary) {
    return { id: summary.id, title: summary.title, status: summary.status };
}
function problem(item, code, field, message) {
    const at = item.locations[field] ?? item.location;
    return { severity: 'error', code, file: item.file, line: at.line, column: at.column, field, message };
}
function byTitle(remote) {
    const index = new Map();
    for (const summary of remote) {
        const list = index.get(summary.title);
        if (list)
            list.push(summary);
        else
            index.set(summary.title, [summary]);
    }
    return index;
}
/** Manifests that may be renames: not pinned and no remote item has their title. */
function renameCandidates(desired, remote) {
    const titles = new Set(remote.map((summary) => summary.title));
    return desired.filter((item) => item.id === null && !titles.has(item.fields.title));
}
function titleIn(text, current) {
    if (text === null)
        return null;
    try {
        const doc = (0,yaml__WEBPACK_IMPORTED_MODULE_0__/* .parse */ .qg)(text);
        if (doc !== null && typeof doc === 'object' && 'title' in doc) {
            const title = doc.title;
            if (typeof title === 'string' && title !== current)
                return title;
        }
    }
    catch {
        // An unparsable earlier version cannot name a previous title.
    }
    return null;
}
/**
 * The title a manifest had before, through any PreviousVersions source (git,
 * the PR's file listing): the one at the base commit, or else the newest title in the
 * file's history that a remote item still has (a rename whose own run applied
 * nothing, a scheduled run with no base).
 */
async function previousTitle(previous, item, remoteTitles = new Set()) {
    const atBase = titleIn(await previous.read(item.file), item.fields.title);
    if ((atBase !== null && remoteTitles.has(atBase)) || !previous.earlier)
        return atBase;
    for (const text of await previous.earlier(item.file)) {
        const title = titleIn(text, item.fields.title);
        if (title !== null && remoteTitles.has(title))
            return title;
    }
    return atBase;
}
/** Pure matching of manifests to remote items; stable order (manifests by file, unmanaged by title then id). */
function matchItems(desired, remote, options = {}) {
    const problems = [];
    const ids = new Map(remote.map((summary) => [summary.id, summary]));
    const titles = byTitle(remote);
    const claimed = new Map();
    // Remote items that belong to other shards' manifests are out of bounds.
    for (const other of options.reserved ?? []) {
        const pinned = other.id === null ? undefined : ids.get(other.id);
        const found = pinned ? [pinned] : (titles.get(other.fields.title) ?? []);
        for (const summary of found)
            claimed.set(summary.id, other);
    }
    const sorted = [...desired].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
    const matched = [];
    const pendingRenames = [];
    const claim = (item, summary, match, renamedFrom) => {
        const owner = claimed.get(summary.id);
        if (owner && owner !== item) {
            problems.push(problem(item, 'claimed_twice', item.id === null ? 'title' : 'id', `The remote item ${summary.id} ("${summary.title}") is already claimed by ${owner.file}; ` +
                'each item can be managed by one manifest only: change the title or the id of one of them.'));
            matched.push({ item, match: 'new', remote: null, renamedFrom: null });
            return;
        }
        claimed.set(summary.id, item);
        matched.push({ item, match, remote: summary, renamedFrom });
    };
    for (const item of sorted) {
        if (item.id !== null) {
            const summary = ids.get(item.id);
            if (!summary) {
                problems.push(problem(item, 'unknown_id', 'id', `No content item with id ${item.id} exists for this API key; remove \`id\` to create the item, ` +
                    'or pin the id of an existing item.'));
                matched.push({ item, match: 'pinned', remote: null, renamedFrom: null });
                continue;
            }
            claim(item, summary, 'pinned', null);
            continue;
        }
        const same = titles.get(item.fields.title) ?? [];
        if (same.length > 1) {
            for (const summary of same)
                claimed.set(summary.id, item);
            const list = same.map((summary) => summary.id).sort();
            problems.push(problem(item, 'duplicate_remote_title', 'title', `Two remote items are titled "${item.fields.title}" (${list.join(' and ')}); pin the one this manifest ` +
                'manages with `id:`.'));
            matched.push({ item, match: 'title', remote: null, renamedFrom: null });
            continue;
        }
        const [only] = same;
        if (only)
            claim(item, only, 'title', null);
        else
            pendingRenames.push(item);
    }
    // Renames last, so that an item claimed by its current title is never taken by an old one.
    for (const item of pendingRenames) {
        const before = options.previousTitles?.get(item.file);
        const candidates = before === undefined ? [] : (titles.get(before) ?? []);
        const [only] = candidates;
        if (before !== undefined && candidates.length === 1 && only && !claimed.has(only.id)) {
            claim(item, only, 'renamed', before);
        }
        else {
            matched.push({ item, match: 'new', remote: null, renamedFrom: null });
        }
    }
    matched.sort((a, b) => (a.item.file < b.item.file ? -1 : a.item.file > b.item.file ? 1 : 0));
    const unmanaged = options.listUnmanaged === false
        ? []
        : remote
            .filter((summary) => !claimed.has(summary.id))
            .map(ref)
            .sort((a, b) => (a.title < b.title ? -1 : a.title > b.title ? 1 : a.id < b.id ? -1 : 1));
    return { matched, unmanaged, problems };
}


/***/ })

};
