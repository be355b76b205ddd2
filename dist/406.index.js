export const id = 406;
export const ids = [406];
export const modules = {

/***/ 5406:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  runImportMode: () => (/* binding */ runImportMode)
});

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
var external_node_path_default = /*#__PURE__*/__webpack_require__.n(external_node_path_);
// EXTERNAL MODULE: ./src/manifest/load.ts + 10 modules
var manifest_load = __webpack_require__(7756);
// EXTERNAL MODULE: ./src/plan/identity.ts
var identity = __webpack_require__(7065);
// EXTERNAL MODULE: ./src/engine/observe.ts + 1 modules
var observe = __webpack_require__(9652);
;// CONCATENATED MODULE: ./src/import/files.ts


// Where imported manifests go: a folder under the manifests' glob, one file
// per item named after its title, never one that exists already.
/** The folder a glob starts in: `content/**\/*.yml` -> `content`. */
function globRoot(pattern) {
    const parts = pattern.split('/');
    const fixed = [];
    for (const part of parts.slice(0, -1)) {
        if (/[*?[\]{}!]/.test(part))
            break;
        fixed.push(part);
    }
    return fixed.join('/');
}
/** The default output folder: `imported` under the folder the manifests' glob starts in. */
function defaultOutDir(pattern) {
    const root = globRoot(pattern);
    return root === '' ? 'imported' : `${root}/imported`;
}
/** A file name from a title: lower-case ASCII words joined by dashes, at most 60 characters. */
function slugOf(title) {
    const ascii = title
        .normalize('NFKD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-+|-+$/g, '');
    return ascii.slice(0, 60).replace(/-+$/, '');
}
/**
 * Picks file names for a batch: the title's slug (the id's start when the
 * title has no letter in ASCII), with -2, -3… when the name is taken on disk
 * or earlier in the batch. A slug has no `_`, so `_defaults.yml` is never
 * among them.
 */
class FileNamer {
    #taken = new Set();
    #dir;
    constructor(absoluteDir) {
        this.#dir = absoluteDir;
    }
    name(title, id) {
        const slug = slugOf(title) ||
            `item-${id
                .replace(/[^A-Za-z0-9]/g, '')
                .slice(0, 8)
                .toLowerCase()}`;
        for (let n = 1;; n++) {
            const name = `${slug}${n === 1 ? '' : `-${n}`}.yml`;
            const key = name.toLowerCase();
            if (this.#taken.has(key) || (0,external_node_fs_.existsSync)(external_node_path_default().join(this.#dir, name)))
                continue;
            this.#taken.add(key);
            return name;
        }
    }
}
/** A glob over titles: `*` any run of characters, `?` one character; everything else literal. */
function titleMatcher(glob) {
    const source = [...glob]
        .map((c) => (c === '*' ? '.*' : c === '?' ? '.' : c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')))
        .join('');
    const pattern = new RegExp(`^${source}$`, 'su');
    return (title) => pattern.test(title);
}

// EXTERNAL MODULE: ./src/api/types.ts
var types = __webpack_require__(705);
// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(7598);
;// CONCATENATED MODULE: ./src/emulator/store.ts
// Users, keys, accounts, personas and content items, all in memory.
// Keys are kept only as SHA-256 hashes (interface, Authentication 6).

const KEY_PREFIX = 'svc_live_';
/** The default user's connected accounts; their ids are fixed so docs and examples can show them. */
const DEFAULT_ACCOUNTS = Object.freeze([
    {
        id: '7c1e4a52-3b9d-4f60-8a2e-5d0c9b7e1f01',
        name: 'Ocean Facts',
        platform: 'YouTube',
        platform_acronym: 'YT',
    },
    {
        id: '7c1e4a52-3b9d-4f60-8a2e-5d0c9b7e1f02',
        name: 'oceanfacts',
        platform: 'TikTok',
        platform_acronym: 'TT',
    },
    {
        id: '7c1e4a52-3b9d-4f60-8a2e-5d0c9b7e1f03',
        name: 'ocean.facts',
        platform: 'Instagram',
        platform_acronym: 'IG',
    },
]);
/** The default user's personas, fixed like the accounts. */
const DEFAULT_PERSONAS = Object.freeze([
    { id: '2f8b6d14-9a7c-4e3b-b5d1-0c6e8a4f2d01', name: 'Calm Narrator' },
    { id: '2f8b6d14-9a7c-4e3b-b5d1-0c6e8a4f2d02', name: 'Upbeat Host' },
]);
const DEFAULT_USER_ID = '5a0d3c7e-1b2f-4e8a-9c6d-3f7b1e0a9d01';
const ACRONYMS = { YouTube: 'YT', TikTok: 'TT', Instagram: 'IG' };
function hashKey(key) {
    return createHash('sha256').update(key).digest('hex');
}
function newKey() {
    return KEY_PREFIX + randomBytes(24).toString('base64url');
}
/**
 * A15: the script written from full_text. Deterministic: whitespace is
 * normalised, the text is cut into sentences, and the first eight sentences
 * become one line each.
 */
function writeScript(fullText) {
    const flat = fullText.replace(/\s+/g, ' ').trim();
    if (flat === '')
        return '';
    const sentences = flat.split(/(?<=[.!?])\s+/);
    return sentences.slice(0, 8).join('\n');
}
class Store {
    users = new Map();
    #keys = new Map();
    #items = new Map();
    createUser(options) {
        const id = options.id ?? randomUUID();
        const user = {
            id,
            name: options.name ?? `user-${id.slice(0, 8)}`,
            credits: options.credits,
            accounts: [],
            personas: new Map(),
            items: [],
            rateWindow: null,
            videoDay: { day: -1, count: 0 },
        };
        this.users.set(id, user);
        return user;
    }
    user(userId) {
        const user = this.users.get(userId);
        if (!user)
            throw new Error(`The emulator has no user ${userId}`);
        return user;
    }
    addKey(userId, scopes, plaintext = newKey()) {
        this.user(userId);
        if (!plaintext.startsWith(KEY_PREFIX))
            throw new Error(`API keys start with ${KEY_PREFIX}`);
        const hash = hashKey(plaintext);
        if (this.#keys.has(hash))
            throw new Error('That API key already exists');
        this.#keys.set(hash, {
            hash,
            info: {
                userId,
                prefix: plaintext.slice(0, KEY_PREFIX.length + 4),
                scopes: [...new Set(scopes)],
                created_at: new Date().toISOString(),
                last_used_at: null,
                revoked_at: null,
            },
        });
        return plaintext;
    }
    /** The key record for a presented plaintext key, looked up by its hash. */
    findKey(plaintext) {
        return this.#keys.get(hashKey(plaintext))?.info;
    }
    revokeKey(plaintext) {
        const record = this.#keys.get(hashKey(plaintext));
        if (!record)
            throw new Error('The emulator has no such API key');
        record.info.revoked_at ??= new Date().toISOString();
    }
    keysOf(userId) {
        return [...this.#keys.values()].filter((k) => k.info.userId === userId).map((k) => ({ ...k.info }));
    }
    addAccount(userId, account) {
        const record = {
            id: account.id ?? randomUUID(),
            name: account.name,
            platform: account.platform,
            platform_acronym: ACRONYMS[account.platform] ?? account.platform.slice(0, 2).toUpperCase(),
        };
        this.user(userId).accounts.push(record);
        return { ...record };
    }
    addPersona(userId, persona) {
        const id = persona.id ?? randomUUID();
        this.user(userId).personas.set(id, persona.name);
        return id;
    }
    addItem(item) {
        this.#items.set(item.id, item);
        this.user(item.userId).items.push(item);
        return item;
    }
    /** Another user's item is not found, exactly like a missing one (interface, 404). */
    item(userId, id) {
        const item = this.#items.get(id);
        return item && item.userId === userId ? item : undefined;
    }
    allItems() {
        return [...this.#items.values()];
    }
}
function setStatus(item, status) {
    item.status = status;
    item.statusHistory.push(status);
}
function snapshotVersion(item) {
    return {
        version: item.versions.length + 1,
        title: item.title,
        full_text: item.full_text,
        textover: item.textover,
        created_at: new Date().toISOString(),
    };
}
function blankItem(userId, title) {
    const now = new Date().toISOString();
    return {
        id: randomUUID(),
        userId,
        title,
        description: null,
        full_text: null,
        textover: null,
        hashtags: null,
        fine_tuning: null,
        persona_id: null,
        status: 'NEW',
        statusHistory: ['NEW'],
        creation_date: now,
        updated_at: now,
        upload_date: null,
        rendered: false,
        accounts: [],
        video_settings: {
            video_id: null,
            orientation: null,
            prefer_real_world: null,
            image_overlay_enabled: null,
            image_overlay_position: null,
            zoom_effect_enabled: null,
            subtitle_settings: null,
        },
        last_error: null,
        progress: null,
        stats: null,
        publications: [],
        published_url: null,
        published_platform: null,
        generationDispatches: 0,
        uploadDispatches: 0,
        uploadDispatchedAt: null,
        progressUpdates: 0,
        publishSettings: null,
        versions: [],
        legacy: false,
    };
}

;// CONCATENATED MODULE: ./src/import/manifest.ts


/**
 * The rule for `textover`: it is imported only when it is not the script the
 * service writes from `full_text` by itself (A15). An item whose script is the
 * service's own gets no `textover`, so a later change of `full_text` still
 * gets a new script. Either way the plan shows no change: an absent textover
 * is not compared. The service's writer is the one the emulator implements
 * (the interface does not show the real one); a script it does not recognise
 * is imported as written, which keeps it exactly as it is.
 */
function isServiceScript(detail) {
    if (detail.textover === null)
        return true;
    return detail.full_text !== null && detail.textover === writeScript(detail.full_text);
}
const HASHTAG = /^#[^\s#]\S*$/;
/**
 * Hashtags as a list when the list form joins back to the very same string,
 * else the string itself; the schema trims a string, so one with blanks
 * around it cannot be kept and stays unmanaged.
 */
function hashtagsOf(hashtags) {
    const tags = hashtags.split(' ');
    if (hashtags !== '' && tags.every((tag) => HASHTAG.test(tag)))
        return { value: tags };
    if (hashtags.trim() !== hashtags) {
        return {
            unkept: 'hashtags are not managed here: the service keeps blanks around them that a manifest trims',
        };
    }
    return { value: hashtags };
}
/** Stage from status: what the item has now, never a step the service has not taken. */
function stageOf(detail) {
    const { status } = detail;
    if (status === 'UPLOADED')
        return { stage: 'published', note: null };
    if (status === 'NEW')
        return { stage: 'draft', note: null };
    if (types/* RENDERED_STATUSES */.RD.has(status) && status !== 'FAILED_UPLOAD')
        return { stage: 'rendered', note: null };
    const error = detail.last_error ? ` (${oneLine(detail.last_error)})` : '';
    if (status === 'FAILED_UPLOAD') {
        return {
            stage: 'rendered',
            note: `The service reports FAILED_UPLOAD${error}: the video is rendered, its publication failed. Set stage: published with publish.accounts to publish it again.`,
        };
    }
    // A failed render at stage rendered would be rendered again by the next
    // apply: the import asks for nothing the service has not done.
    if (types/* FAILED_STATUSES */.Lg.has(status)) {
        return {
            stage: 'draft',
            note: `The service reports ${status}${error}: the last render failed. Set stage: rendered to render it again.`,
        };
    }
    if (types/* GENERATING_STATUSES */.kl.has(status) || detail.progress !== null) {
        return {
            stage: status === 'UPLOADING' ? 'rendered' : 'draft',
            note: `The service was still working on this item (${status}) when it was imported; the stage is what it had then. Once the run ends, set the stage it should keep.`,
        };
    }
    return {
        stage: 'draft',
        note: `The service reports a status the interface does not list (${status || 'none'}); nothing is done to this item while it stays so.`,
    };
}
function oneLine(text) {
    const flat = text.replace(/\s+/g, ' ').trim();
    return flat.length > 200 ? `${flat.slice(0, 199)}…` : flat;
}
/**
 * An account by platform and name, as people read it; by id when the name
 * does not single it out (two accounts of one name) or the platform is one a
 * manifest cannot name (A35).
 */
function accountOf(account, connected) {
    const namesake = connected.filter((a) => a.platform === account.platform && a.name === account.name);
    if (!(0,types/* isKnownPlatform */.Jh)(account.platform) || namesake.length > 1 || account.name.trim() === '') {
        return { id: account.id };
    }
    return { platform: account.platform, name: account.name };
}
function videoOf(detail) {
    const settings = detail.video_settings;
    if (settings === null)
        return {};
    const video = {};
    if (settings.video_id !== null && settings.video_id.trim() !== '')
        video['source'] = settings.video_id;
    if (settings.orientation !== null && settings.orientation.trim() !== '')
        video['orientation'] = settings.orientation;
    if (settings.prefer_real_world !== null)
        video['prefer_real_world'] = settings.prefer_real_world;
    const overlay = {};
    if (settings.image_overlay_enabled !== null)
        overlay['enabled'] = settings.image_overlay_enabled;
    if (settings.image_overlay_position !== null && settings.image_overlay_position.trim() !== '')
        overlay['position'] = settings.image_overlay_position;
    if (Object.keys(overlay).length > 0)
        video['image_overlay'] = overlay;
    if (settings.zoom_effect_enabled !== null)
        video['zoom_effect'] = settings.zoom_effect_enabled;
    if (settings.subtitle_settings !== null)
        video['subtitles'] = settings.subtitle_settings;
    return video;
}
/** The manifest of one item; `connected` is GET /accounts, to tell accounts of one name apart. */
function manifestOf(detail, connected) {
    const notes = [];
    const inline = {};
    const { stage, note } = stageOf(detail);
    if (note !== null)
        notes.push(note);
    const value = { id: detail.id, title: detail.title, stage };
    if (detail.description !== null)
        value['description'] = detail.description;
    if (detail.full_text !== null)
        value['full_text'] = detail.full_text;
    if (detail.textover !== null && !isServiceScript(detail))
        value['textover'] = detail.textover;
    if (detail.hashtags !== null) {
        const hashtags = hashtagsOf(detail.hashtags);
        if ('value' in hashtags)
            value['hashtags'] = hashtags.value;
        else
            notes.push(hashtags.unkept);
    }
    if (detail.persona?.id) {
        value['persona'] = detail.persona.id;
        if (detail.persona.name)
            inline['persona'] = oneLine(detail.persona.name);
    }
    if (detail.fine_tuning !== null && Object.keys(detail.fine_tuning).length > 0)
        value['fine_tuning'] = detail.fine_tuning;
    const video = videoOf(detail);
    if (Object.keys(video).length > 0)
        value['video'] = video;
    if (stage === 'published') {
        if (detail.accounts.length > 0) {
            value['publish'] = { accounts: detail.accounts.map((account) => accountOf(account, connected)) };
        }
        else {
            // A published item the service lists no account for: a manifest at
            // published needs one, so it says rendered (which asks nothing more).
            value['stage'] = 'rendered';
            notes.push('Published, but the service lists no account for it; kept at stage: rendered.');
            return { value, stage: 'rendered', notes, inline };
        }
    }
    return { value, stage, notes, inline };
}

// EXTERNAL MODULE: ./src/plan/plan.ts + 2 modules
var plan = __webpack_require__(1021);
;// CONCATENATED MODULE: ./src/import/check.ts


async function checkImported(options, listing, details, written) {
    const load = await (0,manifest_load/* loadManifests */.DD)({ cwd: options.cwd, pattern: options.manifests });
    const found = new Set(load.files);
    const outsideGlob = [...written].filter((file) => !found.has(file)).sort();
    const changes = [];
    for (const problem of load.problems) {
        if (written.has(problem.file))
            changes.push({ file: problem.file, what: `${problem.severity}: ${problem.message}` });
    }
    const planned = (0,plan/* plan */.et)(load.items.filter((item) => written.has(item.file)), {
        contents: listing.contents,
        contentsGap: listing.contentsGap,
        details: new Map(details.map((detail) => [detail.id, detail])),
        accounts: listing.accounts,
    }, {
        mode: 'plan',
        now: new Date(),
        permissions: { write: false, render: true, publish: true, publishDisabledBy: 'input' },
        cancelRunning: false,
        match: { listUnmanaged: false },
    });
    for (const problem of planned.problems)
        changes.push({ file: problem.file, what: problem.message });
    for (const item of planned.items) {
        const steps = item.steps.filter((step) => step.kind !== 'wait').map((step) => step.kind);
        const what = [...steps, ...item.drift.map((drift) => `drift in ${drift.field}`)];
        if (item.match === 'new')
            what.unshift('no remote item matched');
        if (what.length > 0)
            changes.push({ file: item.file, what: what.join(', ') });
    }
    return { loaded: written.size - outsideGlob.length, outsideGlob, changes };
}

// EXTERNAL MODULE: ./node_modules/yaml/dist/index.js
var dist = __webpack_require__(8815);
;// CONCATENATED MODULE: ./src/import/yaml-text.ts

/** Lines that end in a blank: an editor that trims them would change the text silently. */
const TRAILING_BLANK = /[ \t](?:\n|$)/;
function readsBackAs(plain, value) {
    for (const version of ['1.1', '1.2']) {
        try {
            if ((0,dist/* parse */.qg)(plain, { version, logLevel: 'silent' }) !== value)
                return false;
        }
        catch {
            return false;
        }
    }
    return true;
}
function styleOf(value) {
    if (value.includes('\n')) {
        // Literal blocks keep every character but carriage returns, other line
        // breaks, control characters and blanks at the end of a line.
        // eslint-disable-next-line no-control-regex -- control characters are what it looks for
        const unusual = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\ufeff]/.test(value);
        return unusual || TRAILING_BLANK.test(value) ? dist/* Scalar */.X5.QUOTE_DOUBLE : dist/* Scalar */.X5.BLOCK_LITERAL;
    }
    return readsBackAs(value, value) ? undefined : dist/* Scalar */.X5.QUOTE_DOUBLE;
}
function build(value, options, quoteAll) {
    const doc = new dist/* Document */.yo(value);
    (0,dist/* visit */.YR)(doc, {
        Scalar(_key, node) {
            if (typeof node.value !== 'string')
                return;
            const style = quoteAll ? dist/* Scalar */.X5.QUOTE_DOUBLE : styleOf(node.value);
            if (style !== undefined)
                node.type = style;
        },
    });
    if (options.header.length > 0)
        doc.commentBefore = options.header.map((line) => ` ${line}`).join('\n');
    const root = doc.contents;
    if ((0,dist/* isMap */.jh)(root)) {
        for (const pair of root.items) {
            const key = (0,dist/* isScalar */.jn)(pair.key) ? String(pair.key.value) : '';
            const comment = options.inline?.[key];
            if (comment === undefined || !(0,dist/* isScalar */.jn)(pair.value))
                continue;
            pair.value.comment = ` ${comment}`;
        }
    }
    return doc;
}
function sameJson(a, b) {
    return JSON.stringify(a) === JSON.stringify(b);
}
/**
 * The manifest's text. Each rendering is read back before it is returned;
 * should the library ever write a scalar that does not read back, every
 * string is double-quoted (JSON-like escapes always do).
 */
function manifestText(value, options) {
    for (const quoteAll of [false, true]) {
        const text = build(value, options, quoteAll).toString({
            lineWidth: 0,
            blockQuote: 'literal',
            // The library's own folding of long double-quoted text can lose a `\ ` escape.
            doubleQuotedAsJSON: true,
        });
        if (sameJson((0,dist/* parse */.qg)(text), value))
            return text;
    }
    throw new Error(`The manifest of "${String(value['title'])}" cannot be written as YAML that reads back.`);
}

;// CONCATENATED MODULE: ./src/import/import.ts









class ImportUsageError extends Error {
    name = 'ImportUsageError';
}
const STAGE_FILTERS = new Set(['draft', 'rendered', 'published']);
/** --status values: service statuses (any case) or import stages. */
function statusFilter(values) {
    const wanted = values
        .flatMap((value) => value.split(','))
        .map((value) => value.trim())
        .filter(Boolean);
    if (wanted.length === 0)
        return null;
    const bad = wanted.filter((value) => !/^[A-Za-z_]+$/.test(value));
    if (bad.length > 0) {
        throw new ImportUsageError(`--status expects service statuses (NEW, VIDEO_PROCESSED, UPLOADED, FAILED_VIDEO…) or stages (draft, rendered, published), got '${bad[0]}'.`);
    }
    const stages = new Set(wanted.filter((value) => STAGE_FILTERS.has(value)));
    const statuses = new Set(wanted.filter((value) => !STAGE_FILTERS.has(value)).map((v) => v.toUpperCase()));
    return (status, stage) => statuses.has(status.toUpperCase()) || stages.has(stage);
}
function outFolder(cwd, out) {
    const absolute = external_node_path_default().resolve(cwd, out);
    const relative = external_node_path_default().relative(cwd, absolute);
    if (relative.startsWith('..') || external_node_path_default().isAbsolute(relative)) {
        throw new ImportUsageError(`--out ${out} is outside the workspace ${cwd}; give a folder inside it.`);
    }
    return relative.split((external_node_path_default()).sep).join('/');
}
function skip(summary, reason, file, message) {
    return { id: summary.id, title: summary.title, status: summary.status, reason, file, message };
}
/** Which remote items are managed already, and by which manifest. */
function managedBy(items, contents) {
    const matching = (0,identity/* matchItems */.Q)(items, contents);
    const owners = new Map();
    for (const matched of matching.matched)
        if (matched.remote)
            owners.set(matched.remote.id, matched.item.file);
    const titles = new Map(items.map((item) => [item.fields.title, item.file]));
    return { unmanaged: new Set(matching.unmanaged.map((ref) => ref.id)), owners, titles };
}
async function runImport(options) {
    const outDir = outFolder(options.cwd, options.out ?? defaultOutDir(options.manifests));
    const keep = statusFilter(options.statuses ?? []);
    const only = options.only ? titleMatcher(options.only) : null;
    const report = {
        refused: null,
        problems: [],
        outDir,
        imported: [],
        skipped: [],
        check: null,
    };
    const load = await (0,manifest_load/* loadManifests */.DD)({ cwd: options.cwd, pattern: options.manifests });
    const errors = load.problems.filter((problem) => problem.severity === 'error');
    if (errors.length > 0) {
        report.problems = errors;
        report.refused = `${errors.length} manifest error${errors.length === 1 ? '' : 's'}: a manifest that does not load may manage an item, so nothing was imported. Fix them (content-as-code validate) and import again.`;
        return report;
    }
    const listing = await (0,observe/* observeListing */.hY)(options.client);
    if (listing.contentsGap !== null) {
        report.refused = `GET /contents could not be proven complete (${listing.contentsGap}): an item on a page not read could be imported twice, so nothing was imported. Run again; doctor shows how the service pages.`;
        return report;
    }
    const { unmanaged, owners, titles } = managedBy(load.items, listing.contents);
    const remoteTitles = new Map();
    for (const summary of listing.contents)
        remoteTitles.set(summary.title, (remoteTitles.get(summary.title) ?? 0) + 1);
    const candidates = [];
    for (const summary of listing.contents) {
        const owner = owners.get(summary.id) ?? (unmanaged.has(summary.id) ? null : titles.get(summary.title));
        if (owner !== undefined && owner !== null) {
            report.skipped.push(skip(summary, 'managed', owner, `managed by ${owner}`));
        }
        else if (only !== null && !only(summary.title)) {
            report.skipped.push(skip(summary, 'filtered', null, `title does not match --only ${options.only}`));
        }
        else if (!/\S/.test(summary.title)) {
            report.skipped.push(skip(summary, 'blank_title', null, 'the title is blank; a manifest needs one'));
        }
        else if (titles.has(summary.title)) {
            const file = titles.get(summary.title);
            report.skipped.push(skip(summary, 'title_taken', file, `${file} has this title for another item; titles are unique`));
        }
        else if ((remoteTitles.get(summary.title) ?? 0) > 1) {
            report.skipped.push(skip(summary, 'duplicate_title', null, 'another item has the same title; rename one in the service (manifest titles are unique), then import again'));
        }
        else {
            candidates.push(summary);
        }
    }
    const details = await (0,observe/* observeDetails */.Tu)(options.client, candidates.map((summary) => summary.id), options.concurrency ?? observe/* DEFAULT_READ_CONCURRENCY */.Nb);
    const absoluteOut = external_node_path_default().join(options.cwd, outDir);
    const namer = new FileNamer(absoluteOut);
    const texts = [];
    const read = [];
    for (const summary of candidates) {
        const detail = details.get(summary.id);
        if (!detail) {
            report.skipped.push(skip(summary, 'gone', null, 'deleted since the listing was read'));
            continue;
        }
        const manifest = manifestOf(detail, listing.accounts);
        if (keep !== null && !keep(detail.status, manifest.stage)) {
            report.skipped.push(skip(summary, 'filtered', null, `status ${detail.status} is not in --status`));
            continue;
        }
        const header = [
            `Imported from the service (item ${detail.id}, status ${detail.status}).`,
            ...manifest.notes,
        ];
        let text;
        try {
            text = manifestText(manifest.value, { header, inline: manifest.inline });
        }
        catch {
            report.skipped.push(skip(summary, 'unwritable', null, 'a text of this item cannot be written as YAML that reads back exactly'));
            continue;
        }
        const file = `${outDir === '' ? '' : `${outDir}/`}${namer.name(detail.title, detail.id)}`;
        texts.push({ file, text });
        read.push(detail);
        report.imported.push({
            file,
            id: detail.id,
            title: detail.title,
            status: detail.status,
            stage: manifest.stage,
            notes: manifest.notes,
        });
    }
    // Every text is written only once all of them were rendered: a failure
    // above leaves the workspace as it was.
    if (texts.length > 0)
        (0,external_node_fs_.mkdirSync)(absoluteOut, { recursive: true });
    for (const { file, text } of texts)
        (0,external_node_fs_.writeFileSync)(external_node_path_default().join(options.cwd, file), text, { flag: 'wx' });
    if (texts.length > 0) {
        report.check = await checkImported(options, listing, read, new Set(texts.map((t) => t.file)));
    }
    report.skipped.sort((a, b) => (a.title < b.title ? -1 : a.title > b.title ? 1 : a.id < b.id ? -1 : 1));
    return report;
}

// EXTERNAL MODULE: ./src/report/escape.ts
var report_escape = __webpack_require__(6412);
;// CONCATENATED MODULE: ./src/import/render.ts

// The import report in words, for the terminal and the action's log and job
// summary: what was written, what was skipped and why, and whether the plan
// of the written files is empty (the promise).
function plural(count, one, many = `${one}s`) {
    return `${count} ${count === 1 ? one : many}`;
}
const REASON_TITLES = {
    managed: 'already managed',
    filtered: 'left out by --only or --status',
    duplicate_title: 'title shared by another item',
    title_taken: 'title used by a manifest of another item',
    blank_title: 'blank title',
    gone: 'deleted since the listing',
    unwritable: 'text YAML cannot hold exactly',
};
function importHeadline(report) {
    if (report.refused !== null)
        return `Nothing imported: ${report.refused}`;
    const check = report.check;
    const changes = check?.changes.length ?? 0;
    const promise = report.imported.length === 0
        ? ''
        : changes === 0
            ? ' A plan of them shows no change.'
            : ` ${plural(changes, 'imported file')} would still change on the next plan (listed above).`;
    return `Imported ${plural(report.imported.length, 'item')} into ${report.outDir || '.'}; skipped ${report.skipped.length}.${promise}`;
}
function renderImportText(report) {
    const lines = [];
    for (const problem of report.problems) {
        lines.push(`${problem.file}:${problem.line}:${problem.column}: ${problem.message}`);
    }
    for (const item of report.imported) {
        lines.push(`+ ${item.file}  ${JSON.stringify(item.title)} (${item.status} -> stage ${item.stage})`);
        for (const note of item.notes)
            lines.push(`    note: ${note}`);
    }
    const byReason = new Map();
    for (const item of report.skipped)
        byReason.set(item.reason, [...(byReason.get(item.reason) ?? []), item]);
    for (const [reason, items] of byReason) {
        lines.push(`Skipped, ${REASON_TITLES[reason]} (${items.length}):`);
        for (const item of items)
            lines.push(`  - ${JSON.stringify(item.title)} ${item.id}: ${item.message}`);
    }
    for (const change of report.check?.changes ?? [])
        lines.push(`! ${change.file}: ${change.what}`);
    for (const file of report.check?.outsideGlob ?? []) {
        lines.push(`! ${file} is not matched by the manifests' glob: plan will not read it; move it or widen --manifests.`);
    }
    lines.push(importHeadline(report));
    return lines.join('\n');
}
/** The job summary: the same facts as a Markdown list. */
function renderImportMarkdown(report) {
    const lines = ['## content-as-code import', '', (0,report_escape/* inlineText */.ln)(importHeadline(report)), ''];
    for (const item of report.imported) {
        const commented = item.notes.length > 0 ? ' (see the comment in the file)' : '';
        lines.push(`- ${(0,report_escape/* inlineCode */.ti)(item.file)}: ${(0,report_escape/* inlineText */.ln)(item.status)} → stage ${item.stage}${commented}`);
    }
    if (report.skipped.length > 0) {
        lines.push('', '| Skipped | Count |', '|---|---|');
        const counts = new Map();
        for (const item of report.skipped)
            counts.set(item.reason, (counts.get(item.reason) ?? 0) + 1);
        for (const [reason, count] of counts)
            lines.push(`| ${REASON_TITLES[reason]} | ${count} |`);
    }
    return `${lines.join('\n')}\n`;
}

;// CONCATENATED MODULE: ./src/action/import.ts


// `mode: import`: writes a manifest for each item no manifest manages yet
// into the workspace, for a later step to commit (examples/workflows/import.yml
// opens a pull request with them). It reads the service only. Run by hand,
// on workflow_dispatch: on any other event it refuses, so that a push or a
// pull request never rewrites the checkout behind the other steps' backs.
async function runImportMode(commands, inputs, event, workspace) {
    await commands.setOutput('imported', '[]');
    if (event.name !== 'workflow_dispatch') {
        return `mode: import runs on workflow_dispatch only (this run is ${event.name || 'not a workflow event'}); start it by hand from the Actions tab.`;
    }
    if (inputs.apiKey === '' || inputs.baseUrl === '') {
        return 'mode: import needs the service: give api-key (from a secret) and base-url.';
    }
    const { createClient } = await __webpack_require__.e(/* import() */ 544).then(__webpack_require__.bind(__webpack_require__, 5544));
    const client = createClient({ baseUrl: inputs.baseUrl, apiKey: inputs.apiKey, readOnly: true });
    let report;
    try {
        report = await runImport({ client, cwd: workspace, manifests: inputs.manifests, concurrency: 32 });
    }
    finally {
        await client.close();
    }
    for (const line of renderImportText(report).split('\n'))
        commands.info(line);
    await commands.setOutput('imported', JSON.stringify(report.imported.map((item) => item.file)));
    if (!(await commands.appendSummary(renderImportMarkdown(report)))) {
        commands.debug('No GITHUB_STEP_SUMMARY file: the job summary was not written.');
    }
    const unkept = report.refused !== null || (report.check?.changes.length ?? 0) > 0;
    return unkept ? importHeadline(report) : null;
}


/***/ })

};
