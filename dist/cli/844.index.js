export const id = 844;
export const ids = [844,65];
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
 * contents API): the one at the base commit, or else the newest title in the
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

/***/ 8844:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  otherShardProblems: () => (/* binding */ otherShardProblems),
  plan: () => (/* binding */ plan),
  publicationsOf: () => (/* binding */ publicationsOf),
  statedScopes: () => (/* binding */ statedScopes)
});

// EXTERNAL MODULE: ./src/api/types.ts
var types = __webpack_require__(705);
// EXTERNAL MODULE: ./src/plan/accounts.ts
var plan_accounts = __webpack_require__(4515);
;// CONCATENATED MODULE: ./src/plan/diff.ts
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
function isEmptyObject(value) {
    return value !== null && typeof value === 'object' && Object.keys(value).length === 0;
}
/** Differences between the managed fields of a manifest and the remote item, in a fixed field order. */
function fieldChanges(desired, remote) {
    const changes = [];
    for (const field of FIELD_ORDER) {
        const wanted = desired[field];
        if (wanted === undefined)
            continue;
        const current = remoteValue(remote, field);
        // `fine_tuning: {}` and an absent fine_tuning mean the same to the service.
        if (field === 'fine_tuning' && isEmptyObject(wanted) && current === null)
            continue;
        if (!sameValue(wanted, current))
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
        if (key === 'subtitle_settings' && isEmptyObject(wanted) && isEmptyObject(current))
            continue;
        if (!sameValue(wanted, current))
            drift.push({ field: 'video_settings', remote: { [key]: current }, desired: { [key]: wanted } });
    }
    return drift;
}

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
function betweenPhases(detail) {
    return (detail.progress !== null &&
        !types/* GENERATING_STATUSES */.kl.has(detail.status) &&
        !types/* TERMINAL_STATUSES */.CM.has(detail.status));
}
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
function planSteps(item, detail, target, context) {
    const steps = [];
    const holds = [];
    const drift = [];
    let status;
    let reason = null;
    if (detail === null) {
        steps.push({ kind: 'create', fields: createFields(item.fields) });
        status = 'NEW';
        reason = 'never_rendered';
    }
    else if (betweenPhases(detail)) {
        // A run is in flight between two phases (progress is null only when none
        // is): a one-shot publication passes through VIDEO_PROCESSED. Wait for it
        // and plan the item again on the next run; never upload beside it.
        return { steps: [{ kind: 'wait', status: detail.status }], holds, drift };
    }
    else {
        status = detail.status;
        const edit = (changes, cancelGeneration) => ({
            kind: 'edit',
            changes,
            cancelGeneration,
            send: putBody(changes, item.fields, detail),
        });
        const changes = fieldChanges(item.fields, detail);
        const scriptChanged = changes.some((change) => SCRIPT_FIELDS.has(change.field));
        if (status === 'UPLOADED') {
            // The published video cannot change (A16): script and settings differences are drift.
            for (const change of changes) {
                if (SCRIPT_FIELDS.has(change.field))
                    drift.push({ field: change.field, remote: change.from, desired: change.to });
            }
            drift.push(...settingsChanges(item.render, detail.video_settings));
            const edits = changes.filter((change) => !SCRIPT_FIELDS.has(change.field));
            if (edits.length > 0)
                steps.push(edit(edits, false));
        }
        else if (changes.length > 0) {
            if (!types/* GENERATING_STATUSES */.kl.has(status)) {
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
    if (types/* GENERATING_STATUSES */.kl.has(status)) {
        steps.push({ kind: 'wait', status });
    }
    if (item.stage === 'draft')
        return { steps, holds, drift };
    const due = target !== null && (item.publish?.at == null || Date.parse(item.publish.at) <= context.now.getTime());
    const scheduled = () => {
        if (target !== null && !due && item.publish?.at)
            holds.push({ kind: 'scheduled', at: item.publish.at });
    };
    if (reason === null && status !== 'UPLOADED' && !types/* GENERATING_STATUSES */.kl.has(status)) {
        if (types/* FAILED_STATUSES */.Lg.has(status) && status !== 'FAILED_UPLOAD')
            reason = 'retry_failed';
        else if (status === 'NEW')
            reason = 'never_rendered';
        else if (types/* RENDERED_STATUSES */.RD.has(status) &&
            detail !== null &&
            settingsChanges(item.render, detail.video_settings).length > 0) {
            reason = 'settings_changed';
        }
    }
    if (types/* GENERATING_STATUSES */.kl.has(status)) {
        // A stepwise render in flight parks at VIDEO_PROCESSED: publish it after the wait when due.
        if (target !== null && status !== 'UPLOADING') {
            if (due && item.flow === 'stepwise')
                steps.push({ kind: 'upload', publish: target, retry: false });
            scheduled();
        }
    }
    else if (reason !== null) {
        steps.push({
            kind: 'render',
            reason,
            render: item.render,
            publish: item.flow === 'oneshot' && due ? target : null,
        });
        if (target !== null && due && item.flow === 'stepwise')
            steps.push({ kind: 'upload', publish: target, retry: false });
        scheduled();
    }
    else if (types/* RENDERED_STATUSES */.RD.has(status) && target !== null) {
        // Already rendered: publish with an upload, never by rendering again.
        if (due)
            steps.push({ kind: 'upload', publish: target, retry: status === 'FAILED_UPLOAD' });
        scheduled();
    }
    return { steps, holds, drift };
}
/** Applies what this run may do: held steps become holds, so the plan says why they do not happen. */
function restrict(planned, context) {
    const { permissions, mode } = context;
    let { steps } = planned;
    const holds = [...planned.holds];
    const publishBy = permissions.publishDisabledBy ?? (mode === 'apply' ? 'input' : 'event');
    // Plan mode shows what an apply would do; only a `publish: false` input changes that.
    if (!permissions.publish && (mode === 'apply' || publishBy === 'input')) {
        const publishes = steps.some((step) => step.kind === 'upload' || (step.kind === 'render' && step.publish !== null));
        if (publishes) {
            steps = steps
                .filter((step) => step.kind !== 'upload')
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
function planOne(matched, observed, context) {
    const { item, remote } = matched;
    const detail = remote === null ? null : (observed.details.get(remote.id) ?? null);
    const resolved = 
    // Accounts are checked whenever they are named, even while the stage stays below published.
    item.publish !== null ? (0,plan_accounts/* resolveAccounts */.L)(item, observed.accounts) : { accounts: [], problems: [] };
    const target = publicationOf(item, resolved.accounts);
    // A listed item whose detail could not be read is not missing: planning a
    // create for it would make a second item with the same title.
    const unreadable = remote !== null && detail === null;
    const planned = unreadable
        ? { steps: [], holds: [], drift: [] }
        : (heldForUnknown(remote === null, detail, resolved.accounts, observed) ??
            restrict(planSteps(item, detail, target, context), context));
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
            script: { desired: item.fields.textover ?? null, remote: detail?.textover ?? null },
        },
        problems: [...resolved.problems, ...problems],
    };
}
/** desired + observed → Plan, in stable order (items by manifest path). */
function plan(desired, observed, context) {
    const matching = (0,identity.matchItems)(desired, observed.contents, context.match);
    const problems = [...matching.problems];
    const items = [];
    for (const matched of matching.matched) {
        const one = planOne(matched, observed, context);
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
    const accounts = others.flatMap((item) => item.publish !== null ? (0,plan_accounts/* resolveAccounts */.L)(item, observed.accounts).problems : []);
    return [...matching.problems, ...accounts];
}


/***/ })

};
