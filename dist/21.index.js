export const id = 21;
export const ids = [21,65];
export const modules = {

/***/ 8256:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Lo: () => (/* binding */ serviceText),
/* harmony export */   aI: () => (/* binding */ createFields),
/* harmony export */   cU: () => (/* binding */ putBody),
/* harmony export */   eE: () => (/* binding */ sameValue),
/* harmony export */   fH: () => (/* binding */ settingsChanges),
/* harmony export */   qR: () => (/* binding */ SCRIPT_FIELDS),
/* harmony export */   tC: () => (/* binding */ coversKeys),
/* harmony export */   wV: () => (/* binding */ fieldChanges)
/* harmony export */ });
/* unused harmony export sameInServiceTerms */
// Field-level comparison of a manifest with a remote item. Only what the
// manifest says is compared: an absent property is not managed.
/** Fields whose change makes an existing render stale (A16). */
const SCRIPT_FIELDS = new Set([
    'full_text',
    'textover',
    'persona_id',
    'fine_tuning',
]);
const FIELD_ORDER = [
    'title',
    'description',
    'full_text',
    'textover',
    'hashtags',
    'fine_tuning',
    'persona_id',
];
/** Deep equality of JSON values, independent of key order. */
function sameValue(a, b) {
    if (a === b)
        return true;
    if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object')
        return false;
    if (Array.isArray(a) !== Array.isArray(b))
        return false;
    if (Array.isArray(a) && Array.isArray(b)) {
        return a.length === b.length && a.every((value, index) => sameValue(value, b[index]));
    }
    const left = a;
    const right = b;
    const keys = Object.keys(left).filter((key) => left[key] !== undefined);
    const other = Object.keys(right).filter((key) => right[key] !== undefined);
    return keys.length === other.length && keys.every((key) => sameValue(left[key], right[key]));
}
function remoteValue(remote, field) {
    if (field === 'persona_id')
        return remote.persona?.id ?? null;
    return remote[field] ?? null;
}
function isPlainObject(value) {
    return value !== null && typeof value === 'object' && !Array.isArray(value);
}
/**
 * Text in the service's terms: a service may store `\r\n` as `\n` and drop
 * whitespace at line ends and at the end, so two texts that differ only there
 * are the same text.
 */
function serviceText(text) {
    return text
        .replace(/\r\n?/g, '\n')
        .split('\n')
        .map((line) => line.trimEnd())
        .join('\n')
        .trimEnd();
}
/**
 * An object in the service's terms: it covers what the manifest asks for when
 * every key the manifest sets has that value on the service. Keys the service
 * added (its own defaults) are not the manifest's business; null is `{}`.
 */
function coversKeys(wanted, current) {
    const remote = current === null || current === undefined ? {} : current;
    if (!isPlainObject(remote))
        return false;
    return Object.entries(wanted).every(([key, value]) => isPlainObject(value) ? coversKeys(value, remote[key]) : sameValue(value, remote[key]));
}
/** Whether the service holds what the manifest asks for, in the service's terms (see serviceText, coversKeys). */
function sameInServiceTerms(field, wanted, current) {
    if ((field === 'full_text' || field === 'textover') && typeof wanted === 'string')
        return typeof current === 'string' && serviceText(wanted) === serviceText(current);
    if (field === 'fine_tuning' && isPlainObject(wanted))
        return coversKeys(wanted, current);
    return sameValue(wanted, current);
}
/**
 * Differences between the managed fields of a manifest and the remote item, in
 * a fixed field order, compared in the service's terms. A persona the service
 * does not report (id null) on an existing item cannot be compared: a service
 * that takes no persona_id would otherwise be sent it, and re-render, on every run.
 */
function fieldChanges(desired, remote) {
    const changes = [];
    for (const field of FIELD_ORDER) {
        const wanted = desired[field];
        if (wanted === undefined)
            continue;
        const current = remoteValue(remote, field);
        if (field === 'persona_id' && current === null)
            continue;
        if (!sameInServiceTerms(field, wanted, current))
            changes.push({ field, from: current, to: wanted });
    }
    return changes;
}
/** The body of a create: every field, absent ones as null (A13). */
function createFields(desired) {
    return {
        title: desired.title,
        description: desired.description ?? null,
        full_text: desired.full_text ?? null,
        textover: desired.textover ?? null,
        hashtags: desired.hashtags ?? null,
        fine_tuning: desired.fine_tuning ?? null,
        persona_id: desired.persona_id ?? null,
    };
}
/**
 * The body of a PUT: every field, so that a service whose PUT is partial and
 * one whose PUT replaces the item end with the same item (A13). The changes
 * carry the manifest's values and every other field the item's own (a script
 * change of a published video is drift, not an edit), except a script the
 * service wrote: left out when the source text changes, so that it writes a
 * new one (A15).
 */
function putBody(changes, desired, remote) {
    const body = {};
    const sourceChanges = changes.some((change) => change.field === 'full_text');
    for (const field of FIELD_ORDER) {
        if (field === 'textover' && sourceChanges && desired.textover === undefined)
            continue;
        body[field] = remoteValue(remote, field);
    }
    for (const change of changes)
        body[change.field] = change.to;
    return body;
}
const SETTING_KEYS = [
    'video_id',
    'orientation',
    'prefer_real_world',
    'image_overlay_enabled',
    'image_overlay_position',
    'zoom_effect_enabled',
    'subtitle_settings',
];
/**
 * Render options that differ from the settings of the last render (A19).
 * A setting the manifest leaves out, or the service does not report, is not compared.
 */
function settingsChanges(desired, remote) {
    if (remote === null)
        return [];
    const drift = [];
    for (const key of SETTING_KEYS) {
        const wanted = desired[key];
        const current = remote[key];
        if (wanted === undefined || current === null || current === undefined)
            continue;
        // Subtitle settings the service filled in with its defaults are not a change of the manifest's.
        if (key === 'subtitle_settings' && isPlainObject(wanted) && coversKeys(wanted, current))
            continue;
        if (!sameValue(wanted, current))
            drift.push({ field: 'video_settings', remote: { [key]: current }, desired: { [key]: wanted } });
    }
    return drift;
}


/***/ }),

/***/ 3745:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   GX: () => (/* binding */ isMarkedDuplicate),
/* harmony export */   Pk: () => (/* binding */ winnerOf),
/* harmony export */   Wq: () => (/* binding */ duplicateTitle)
/* harmony export */ });
// Two runs that create the same title at the same moment (the service offers
// no lock) each make an item. Every run settles it the same way, from the
// listing alone: the oldest item wins (creation_date, then the smaller id),
// and the run whose own item lost retitles it with a mark, so that no later
// run matches it, renders it or publishes it.
const MARK = / \[duplicate of ([^\]\s]+)\]$/;
/** The title a losing item is given: its own title and the winner's id. */
function duplicateTitle(title, winnerId) {
    return `${title} [duplicate of ${winnerId}]`;
}
/** A title this project gave to an item that lost a race for its title. */
function isMarkedDuplicate(title) {
    return MARK.test(title);
}
function createdAt(summary) {
    const time = summary.creation_date === null ? NaN : Date.parse(summary.creation_date);
    return Number.isNaN(time) ? Infinity : time;
}
/** The item every run keeps among items of one title: oldest creation_date, then the smallest id. */
function winnerOf(candidates) {
    let best = null;
    for (const candidate of candidates) {
        if (best === null ||
            createdAt(candidate) < createdAt(best) ||
            (createdAt(candidate) === createdAt(best) && candidate.id < best.id))
            best = candidate;
    }
    return best;
}


/***/ }),

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


/***/ }),

/***/ 4850:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $Q: () => (/* binding */ RUNNING_STATUSES),
/* harmony export */   RZ: () => (/* binding */ PARKED_STATUSES),
/* harmony export */   cC: () => (/* binding */ mayBeInFlight),
/* harmony export */   yh: () => (/* binding */ uploadCannotCarry)
/* harmony export */ });
/* unused harmony export parkedAfterAudio */
/* harmony import */ var _api_types_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(705);

// What the service says about work in flight, read the way the interface
// words it: `progress` is null when no run is in flight, so AUDIO_PROCESSED or
// VIDEO_PROCESSED without progress is parked, not generating. A snapshot that
// stays after a run parked is told apart by not moving (see apply/wait.ts).
/** Statuses that only a running job shows. */
const RUNNING_STATUSES = new Set([
    'PROCESSING',
    'PROCESSING_AUDIO',
    'PROCESSING_VIDEO',
    'UPLOADING',
]);
/** Statuses a run passes through between phases, and where a run that stopped there rests. */
const PARKED_STATUSES = new Set([
    'AUDIO_PROCESSED',
    'VIDEO_PROCESSED',
    'READY_FOR_UPLOAD',
]);
/** A run may be in flight: a running status, or a progress snapshot on a status that is not terminal. */
function mayBeInFlight(status, progress) {
    return RUNNING_STATUSES.has(status) || (progress !== null && !_api_types_js__WEBPACK_IMPORTED_MODULE_0__/* .TERMINAL_STATUSES */ .CM.has(status));
}
/** Parked in AUDIO_PROCESSED: the voiceover exists, no run is in flight, no video was rendered. */
function parkedAfterAudio(status, progress) {
    return status === 'AUDIO_PROCESSED' && progress === null;
}
/**
 * Publication settings (manifest names) that the upload endpoint is not shown
 * to carry and that decide who sees the video: the interface names only
 * account_ids, madeForKids and ageRestricted there, so a private video or
 * TikTok settings sent with an upload could be dropped and the video
 * published wider than asked. (category, notify_subscribers and
 * ai_disclosure go with the upload under their one-shot names.)
 */
function uploadCannotCarry(options) {
    const fields = [];
    if (options.privacy !== undefined && options.privacy !== 'public')
        fields.push('publish.privacy');
    if (options.tiktok_post_mode !== undefined || options.tiktok_privacy !== undefined)
        fields.push('publish.tiktok');
    return fields;
}


/***/ }),

/***/ 1021:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  DEFAULT_LATE_WINDOW_MS: () => (/* binding */ DEFAULT_LATE_WINDOW_MS),
  otherShardProblems: () => (/* binding */ otherShardProblems),
  plan: () => (/* binding */ plan),
  publicationsOf: () => (/* binding */ publicationsOf),
  statedScopes: () => (/* binding */ statedScopes)
});

// EXTERNAL MODULE: ./src/api/types.ts
var types = __webpack_require__(705);
// EXTERNAL MODULE: ./src/manifest/suggest.ts
var suggest = __webpack_require__(7271);
;// CONCATENATED MODULE: ./src/plan/accounts.ts

function problemAt(item, index, selector, message) {
    const field = `publish.accounts.${index}`;
    const at = item.locations[field] ?? selector.location;
    return {
        severity: 'error',
        code: 'unknown_account',
        file: at.file,
        line: at.line,
        column: at.column,
        field,
        message,
    };
}
function hint(candidate) {
    return candidate === undefined ? '' : ` Did you mean "${candidate}"?`;
}
/** Resolves one item's selectors in order, without duplicates. */
function resolveAccounts(item, connected) {
    const accounts = [];
    const problems = [];
    const selectors = item.publish?.accounts ?? [];
    selectors.forEach((selector, index) => {
        let found;
        if (selector.kind === 'id') {
            found = connected.find((account) => account.id === selector.id);
            if (!found) {
                problems.push(problemAt(item, index, selector, `No connected account has id ${selector.id}.` +
                    hint((0,suggest/* suggest */.Z)(selector.id, connected.map((account) => account.id))) +
                    ' Connect the account in the service, or name it as {platform, name}.'));
            }
        }
        else {
            const onPlatform = connected.filter((account) => account.platform === selector.platform);
            found = onPlatform.find((account) => account.name === selector.name);
            if (!found && onPlatform.length === 0) {
                problems.push(problemAt(item, index, selector, `No ${selector.platform} account is connected, so "${selector.name}" cannot be published to. ` +
                    'Connect it in the service first.'));
            }
            else if (!found) {
                problems.push(problemAt(item, index, selector, `No connected ${selector.platform} account is named "${selector.name}".` +
                    hint((0,suggest/* suggest */.Z)(selector.name, onPlatform.map((account) => account.name))) +
                    ` Connected ${selector.platform} accounts: ${onPlatform.map((account) => account.name).join(', ')}.`));
            }
        }
        if (found && !accounts.some((account) => account.id === found.id))
            accounts.push(found);
    });
    return { accounts, problems };
}

// EXTERNAL MODULE: ./src/plan/diff.ts
var diff = __webpack_require__(8256);
;// CONCATENATED MODULE: ./src/plan/checks.ts

// Checks of one item against what the service shows that do not decide its
// steps: publication drift of a published video, a new manifest that looks
// like a renamed one, a TikTok publication without its settings.
/** Accounts attached to a published video that differ from the manifest's, as drift. */
function accountsDrift(detail, target) {
    if (target === null || detail.accounts.length === 0)
        return [];
    const remote = new Set(detail.accounts.map((account) => account.id));
    const desired = new Set(target.accounts.map((account) => account.id));
    const same = remote.size === desired.size && [...desired].every((id) => remote.has(id));
    if (same)
        return [];
    const name = (account) => `${account.platform} ${account.name}`;
    return [{ field: 'accounts', remote: detail.accounts.map(name), desired: target.accounts.map(name) }];
}
/** Publication settings changed since the published version of the manifest, as drift. */
function publishDrift(item, publishedWith) {
    const before = publishedWith?.get(item.file);
    const now = item.publish?.options;
    if (before === undefined || now === undefined)
        return [];
    const keys = Object.keys({ ...before, ...now });
    const changed = keys.filter((key) => !(0,diff/* sameValue */.eE)(before[key], now[key]));
    if (changed.length === 0)
        return [];
    const pick = (options) => Object.fromEntries(changed.map((key) => [key, options[key] ?? null]));
    return [{ field: 'publish', remote: pick(before), desired: pick(now) }];
}
/**
 * An unmanaged item whose full_text is this new manifest's: most likely the
 * same video under a title that changed where no history shows it.
 */
function renameOf(matched, unmanaged) {
    const text = matched.item.fields.full_text;
    if (matched.remote !== null || matched.item.id !== null || text === undefined)
        return null;
    const wanted = (0,diff/* serviceText */.Lo)(text);
    if (wanted === '')
        return null;
    return (unmanaged.find((summary) => summary.full_text !== null && (0,diff/* serviceText */.Lo)(summary.full_text) === wanted) ??
        null);
}
/** TikTok's defaults for post mode and privacy are not shown: a publication without them is warned about. */
function tiktokWarning(item, target, detail) {
    if (target === null || detail?.status === 'UPLOADED')
        return [];
    if (!target.accounts.some((account) => account.platform === 'TikTok'))
        return [];
    const options = target.options;
    if (options.tiktok_post_mode !== undefined && options.tiktok_privacy !== undefined)
        return [];
    const at = item.locations['publish.accounts'] ?? item.locations['publish'] ?? item.location;
    return [
        {
            severity: 'warning',
            code: 'tiktok_defaults',
            file: item.file,
            line: at.line,
            column: at.column,
            field: 'publish.tiktok',
            message: 'This item publishes to TikTok without publish.tiktok.post_mode and publish.tiktok.privacy; the ' +
                "service's defaults for them are not documented, so the video may be posted directly and publicly. " +
                'Set both, for example tiktok: {post_mode: draft, privacy: SELF_ONLY}.',
        },
    ];
}

// EXTERNAL MODULE: ./src/plan/duplicates.ts
var duplicates = __webpack_require__(3745);
// EXTERNAL MODULE: ./src/plan/inflight.ts
var inflight = __webpack_require__(4850);
// EXTERNAL MODULE: ./src/plan/identity.ts
var identity = __webpack_require__(7065);
;// CONCATENATED MODULE: ./src/plan/plan.ts







function publicationOf(item, accounts) {
    if (item.stage !== 'published' || item.publish === null)
        return null;
    return {
        accounts,
        options: { ...item.publish.options, account_ids: accounts.map((account) => account.id) },
    };
}
const DAY_MS = 86_400_000;
/** Default late window: a publish.at missed by more than this is held (the `late-window` input). */
const DEFAULT_LATE_WINDOW_MS = DAY_MS;
/**
 * Items nothing may be planned for, whatever the manifest asks: a create from
 * a listing not proven complete (the item may sit on a page not read), and an
 * item or account carrying a value the interface does not list (A7, A35).
 */
function heldForUnknown(creating, detail, accounts, observed) {
    const held = (hold) => ({ steps: [], holds: [hold], drift: [] });
    if (creating && observed.contentsGap)
        return held({ kind: 'listing_incomplete', gap: observed.contentsGap });
    if (detail !== null && !(0,types/* isKnownStatus */.ih)(detail.status))
        return held({ kind: 'unknown_value', field: 'status', value: detail.status });
    const odd = accounts.find((account) => !(0,types/* isKnownPlatform */.Jh)(account.platform));
    if (odd)
        return held({ kind: 'unknown_value', field: 'account platform', value: odd.platform });
    return null;
}
/** What the service must do for one item, before permissions are taken into account. */
function planSteps(item, detail, summary, target, context) {
    const steps = [];
    const holds = [];
    const drift = [];
    let status;
    let reason = null;
    if (detail === null) {
        steps.push({ kind: 'create', fields: (0,diff/* createFields */.aI)(item.fields) });
        status = 'NEW';
        reason = 'never_rendered';
    }
    else {
        status = detail.status;
        const edit = (changes, cancelGeneration) => ({
            kind: 'edit',
            changes,
            cancelGeneration,
            send: (0,diff/* putBody */.cU)(changes, item.fields, detail),
        });
        const changes = (0,diff/* fieldChanges */.wV)(item.fields, detail);
        const scriptChanged = changes.some((change) => diff/* SCRIPT_FIELDS */.qR.has(change.field));
        if (!inflight/* RUNNING_STATUSES */.$Q.has(status) && (0,inflight/* mayBeInFlight */.cC)(status, detail.progress)) {
            // A run between two phases, or the stale snapshot of a run that parked:
            // the wait tells them apart. Edits wait for the next run; what is left
            // (a render of a parked voiceover, an upload) goes on from where it parked.
            steps.push({ kind: 'wait', status });
            if (changes.length > 0)
                return { steps, holds, drift };
        }
        if (status === 'UPLOADED') {
            // The published video cannot change (A16): script, settings and publication differences are drift.
            for (const change of changes) {
                if (diff/* SCRIPT_FIELDS */.qR.has(change.field))
                    drift.push({ field: change.field, remote: change.from, desired: change.to });
            }
            drift.push(...(0,diff/* settingsChanges */.fH)(item.render, detail.video_settings));
            drift.push(...accountsDrift(detail, target), ...publishDrift(item, context.publishedWith));
            const edits = changes.filter((change) => !diff/* SCRIPT_FIELDS */.qR.has(change.field));
            if (edits.length > 0)
                steps.push(edit(edits, false));
        }
        else if (changes.length > 0) {
            if (!inflight/* RUNNING_STATUSES */.$Q.has(status)) {
                steps.push(edit(changes, false));
                if (scriptChanged) {
                    status = 'NEW';
                    reason = 'script_changed';
                }
            }
            else if (context.cancelRunning && status !== 'UPLOADING') {
                // A17: the job stops and the item returns to NEW; a publication is never interrupted.
                steps.push(edit(changes, true));
                status = 'NEW';
                reason = scriptChanged ? 'script_changed' : 'never_rendered';
            }
            else {
                holds.push({ kind: 'generating', status });
            }
        }
    }
    const running = inflight/* RUNNING_STATUSES */.$Q.has(status);
    if (running)
        steps.push({ kind: 'wait', status });
    if (item.stage === 'draft')
        return { steps, holds, drift };
    const at = item.publish?.at ?? null;
    const passedMs = at === null ? 0 : context.now.getTime() - Date.parse(at);
    const windowMs = context.lateWindowMs ?? DEFAULT_LATE_WINDOW_MS;
    const late = target !== null && at !== null && passedMs > windowMs && item.publish?.late !== 'publish';
    const due = target !== null && passedMs >= 0 && !late;
    const scheduled = () => {
        if (target === null || due || at === null)
            return;
        holds.push(late ? { kind: 'late', at, days: Math.floor(passedMs / DAY_MS) } : { kind: 'scheduled', at });
    };
    // Settings the upload may drop go out only in the one-shot request, whose fields the interface shows.
    const cannotCarry = target === null ? [] : (0,inflight/* uploadCannotCarry */.yh)(target.options);
    const upload = (retry) => {
        if (target === null || !due)
            return;
        if (cannotCarry.length > 0)
            holds.push({ kind: 'upload_cannot_carry', fields: cannotCarry });
        else if (retry && summary?.published_url)
            holds.push({ kind: 'partly_published', platform: summary.published_platform ?? 'an account' });
        else
            steps.push({ kind: 'upload', publish: target, retry });
    };
    if (reason === null && status !== 'UPLOADED' && !running) {
        if (types/* FAILED_STATUSES */.Lg.has(status) && status !== 'FAILED_UPLOAD')
            reason = 'retry_failed';
        else if (status === 'NEW' || status === 'AUDIO_PROCESSED')
            reason = 'never_rendered';
        else if (types/* RENDERED_STATUSES */.RD.has(status) &&
            detail !== null &&
            (0,diff/* settingsChanges */.fH)(item.render, detail.video_settings).length > 0) {
            reason = 'settings_changed';
        }
    }
    if (running) {
        // A stepwise render in flight parks at VIDEO_PROCESSED: publish it after the wait when due.
        if (target !== null && status !== 'UPLOADING') {
            if (item.flow === 'stepwise')
                upload(false);
            scheduled();
        }
    }
    else if (reason !== null) {
        const oneRequest = item.flow === 'oneshot' || cannotCarry.length > 0;
        if (item.flow === 'stepwise' && cannotCarry.length > 0 && target !== null && !due && !late) {
            // Rendering now would park a video that no upload may publish as asked: render at publish.at.
            scheduled();
            return { steps, holds, drift };
        }
        steps.push({ kind: 'render', reason, render: item.render, publish: oneRequest && due ? target : null });
        if (!oneRequest)
            upload(false);
        scheduled();
    }
    else if (types/* RENDERED_STATUSES */.RD.has(status) && target !== null) {
        // Already rendered: publish with an upload, never by rendering again, unless the upload cannot
        // carry the settings: then the one request that can carries them, and the plan says it renders again.
        if (cannotCarry.length > 0 && due && !(status === 'FAILED_UPLOAD' && summary?.published_url))
            steps.push({ kind: 'render', reason: 'publish_in_one_request', render: item.render, publish: target });
        else
            upload(status === 'FAILED_UPLOAD');
        scheduled();
    }
    return { steps, holds, drift };
}
/** How a publication goes out: in the generation request, or with an upload. */
function publishVia(item, planned, target) {
    if (target === null)
        return null;
    for (const step of planned.steps) {
        if (step.kind === 'render' && step.publish !== null)
            return 'oneshot';
        if (step.kind === 'upload')
            return 'upload';
    }
    if (planned.holds.some((hold) => hold.kind === 'upload_cannot_carry' || hold.kind === 'partly_published'))
        return null;
    const cannotCarry = (0,inflight/* uploadCannotCarry */.yh)(target.options).length > 0;
    // Nothing publishes in this run: a later run does, with an upload once the video is rendered, or in one
    // request with the render when the upload cannot carry the settings.
    const rendered = planned.steps.some((step) => step.kind === 'render');
    return item.flow === 'stepwise' && cannotCarry && !rendered ? 'oneshot' : 'upload';
}
/** Applies what this run may do: held steps become holds, so the plan says why they do not happen. */
function restrict(planned, context, flow) {
    const { permissions, mode } = context;
    let { steps } = planned;
    const holds = [...planned.holds];
    const publishBy = permissions.publishDisabledBy ?? (mode === 'apply' ? 'input' : 'event');
    // Plan mode shows what an apply would do; only a `publish: false` input changes that.
    if (!permissions.publish && (mode === 'apply' || publishBy === 'input')) {
        const publishes = steps.some((step) => step.kind === 'upload' || (step.kind === 'render' && step.publish !== null));
        if (publishes) {
            // A stepwise render that carries its publication (settings an upload cannot carry) would park a
            // video that no upload may publish as asked: it waits for the run that may publish.
            steps = steps
                .filter((step) => step.kind !== 'upload')
                .filter((step) => !(step.kind === 'render' && step.publish !== null && flow === 'stepwise'))
                .map((step) => (step.kind === 'render' ? { ...step, publish: null } : step));
            holds.push({ kind: 'publish_disabled', by: publishBy });
        }
    }
    if (!permissions.render && mode === 'apply' && steps.some((step) => step.kind === 'render')) {
        steps = steps.filter((step) => step.kind !== 'render' && step.kind !== 'upload');
        holds.push({ kind: 'render_disabled', by: 'event' });
    }
    return { steps, holds, drift: planned.drift };
}
/** (item, account) pairs a list of steps would publish. */
function publicationsOf(steps) {
    let count = 0;
    for (const step of steps) {
        if (step.kind === 'upload')
            count += step.publish.accounts.length;
        if (step.kind === 'render' && step.publish !== null)
            count += step.publish.accounts.length;
    }
    return count;
}
/**
 * Scopes the interface itself states for the given steps (A29): generation
 * and upload need `generate`. Which scope content writes need is not shown,
 * so none is guessed for them; a 403 tells.
 */
function statedScopes(steps) {
    return steps.some((step) => step.kind === 'render' || step.kind === 'upload') ? ['generate'] : [];
}
function planOne(matched, observed, context, unmanaged) {
    const { item, remote } = matched;
    const renamed = renameOf(matched, unmanaged);
    const detail = remote === null ? null : (observed.details.get(remote.id) ?? null);
    const resolved = 
    // Accounts are checked whenever they are named, even while the stage stays below published.
    item.publish !== null ? resolveAccounts(item, observed.accounts) : { accounts: [], problems: [] };
    const target = publicationOf(item, resolved.accounts);
    // A listed item whose detail could not be read is not missing: planning a
    // create for it would make a second item with the same title.
    const unreadable = remote !== null && detail === null;
    const planned = unreadable
        ? { steps: [], holds: [], drift: [] }
        : (heldForUnknown(remote === null, detail, resolved.accounts, observed) ??
            (renamed !== null
                ? {
                    steps: [],
                    holds: [{ kind: 'looks_like_rename', id: renamed.id, title: renamed.title }],
                    drift: [],
                }
                : restrict(planSteps(item, detail, remote, target, context), context, item.flow)));
    const problems = unreadable
        ? [
            {
                severity: 'error',
                code: 'unreadable_item',
                file: item.file,
                line: item.location.line,
                column: item.location.column,
                message: `The item ${remote.id} that this manifest claims is listed by GET /contents but GET /contents/${remote.id} did not return it; nothing is planned for it. Run again; if it persists, the service is inconsistent.`,
            },
        ]
        : [];
    return {
        item: {
            file: item.file,
            line: item.location.line,
            column: item.location.column,
            title: item.fields.title,
            stage: item.stage,
            flow: item.flow,
            match: remote === null && matched.match !== 'pinned' ? 'new' : matched.match,
            renamedFrom: remote === null ? null : matched.renamedFrom,
            remote: remote === null
                ? null
                : { id: remote.id, title: remote.title, status: detail?.status ?? remote.status },
            steps: planned.steps,
            holds: planned.holds,
            drift: planned.drift,
            publishAt: item.publish?.at ?? null,
            publishVia: detail?.status === 'UPLOADED' ? null : publishVia(item, planned, target),
            script: { desired: item.fields.textover ?? null, remote: detail?.textover ?? null },
        },
        problems: [...resolved.problems, ...problems, ...tiktokWarning(item, target, detail)],
    };
}
/** desired + observed → Plan, in stable order (items by manifest path). */
function plan(desired, observed, context) {
    const matching = (0,identity.matchItems)(desired, observed.contents, context.match);
    const problems = [...matching.problems];
    const items = [];
    const unclaimed = new Set(matching.unmanaged.map((ref) => ref.id));
    const unmanaged = observed.contents.filter((summary) => unclaimed.has(summary.id) && !(0,duplicates/* isMarkedDuplicate */.GX)(summary.title));
    for (const matched of matching.matched) {
        const one = planOne(matched, observed, context, unmanaged);
        items.push(one.item);
        problems.push(...one.problems);
    }
    const allSteps = items.flatMap((item) => item.steps);
    return {
        mode: context.mode,
        items,
        unmanaged: matching.unmanaged,
        publications: publicationsOf(allSteps),
        statedScopes: statedScopes(allSteps),
        problems,
    };
}
/**
 * Problems in the manifests other shards plan: every shard checks them too,
 * so that no shard writes while any manifest of the catalogue has an error.
 */
function otherShardProblems(others, mine, observed) {
    const matching = (0,identity.matchItems)(others, observed.contents, { reserved: mine, listUnmanaged: false });
    const accounts = others.flatMap((item) => item.publish !== null ? resolveAccounts(item, observed.accounts).problems : []);
    return [...matching.problems, ...accounts];
}


/***/ })

};
