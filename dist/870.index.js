export const id = 870;
export const ids = [870];
export const modules = {

/***/ 4870:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  CONTENT_STATUSES: () => (/* reexport */ types/* CONTENT_STATUSES */.h4),
  ConfigurationError: () => (/* reexport */ errors.ConfigurationError),
  FAILED_STATUSES: () => (/* reexport */ types/* FAILED_STATUSES */.Lg),
  GENERATING_STATUSES: () => (/* reexport */ types/* GENERATING_STATUSES */.kl),
  KEY_PREFIX: () => (/* reexport */ KEY_PREFIX),
  ListingError: () => (/* reexport */ ListingError),
  NetworkError: () => (/* reexport */ errors.NetworkError),
  OutcomeUnknownError: () => (/* reexport */ errors.OutcomeUnknownError),
  PLATFORMS: () => (/* reexport */ types/* PLATFORMS */.P4),
  RENDERED_STATUSES: () => (/* reexport */ types/* RENDERED_STATUSES */.RD),
  ResponseShapeError: () => (/* reexport */ errors.ResponseShapeError),
  SCOPES: () => (/* reexport */ types/* SCOPES */.iW),
  ServiceError: () => (/* reexport */ errors.ServiceError),
  TERMINAL_STATUSES: () => (/* reexport */ types/* TERMINAL_STATUSES */.CM),
  WritesStoppedError: () => (/* reexport */ errors.WritesStoppedError),
  createClient: () => (/* reexport */ createClient),
  describeError: () => (/* reexport */ errors.describeError),
  isKnownPlatform: () => (/* reexport */ types/* isKnownPlatform */.Jh),
  isKnownStatus: () => (/* reexport */ types/* isKnownStatus */.ih),
  redact: () => (/* reexport */ errors.redact),
  unknownStatus: () => (/* reexport */ types/* unknownStatus */.lj)
});

// EXTERNAL MODULE: ./src/version.ts
var version = __webpack_require__(311);
// EXTERNAL MODULE: ./src/api/errors.ts
var errors = __webpack_require__(3249);
;// CONCATENATED MODULE: ./src/api/readings.ts
// Every answer the interface calls "not shown" is recognised here, and each
// recognition names the reading it took. The client parses through these
// functions and `doctor` reports the names they return, so doctor can never
// claim a reading the client does not handle. docs/service-assumptions.md
// lists the same readings under the same rule numbers.
function isRecord(value) {
    return typeof value === 'object' && value !== null && !Array.isArray(value);
}
/** An answer that no reading of its rule covers. `seen` describes it without quoting values. */
class Unrecognised extends Error {
    name = 'Unrecognised';
    rule;
    seen;
    constructor(rule, seen) {
        super(`${RULES[rule].title}: ${seen}`);
        this.rule = rule;
        this.seen = seen;
    }
}
/** The rules of docs/service-assumptions.md that a live service can show. */
const RULES = {
    A5: {
        title: 'Listing envelope',
        readings: [
            'bare array',
            'under data',
            'under items',
            'under contents',
            'under accounts',
            'under results',
        ],
        otherwise: 'stop',
        effect: 'plan and apply stop before any write: no listing, no plan',
    },
    A6: {
        title: 'Page size',
        readings: ['honoured', 'service size', 'lowered after a 400'],
        otherwise: 'note',
        effect: 'the listing reads more, smaller pages',
    },
    A7: {
        title: 'Paging',
        readings: [
            'one page',
            'pages from 1',
            'pages from 0',
            'next links',
            'next cursors',
            'hints at top level',
            'hints under meta',
            'hints under pagination',
            'hints under links',
            'no hints',
        ],
        otherwise: 'hold',
        effect: 'creates are held until the listing can be proven complete; matched items go on',
    },
    A9: {
        title: 'Object envelope',
        readings: [
            'the object itself',
            'under data',
            'under content',
            'under item',
            'under result',
            '{success, data}',
        ],
        otherwise: 'stop',
        effect: 'the item cannot be read; plan stops',
    },
    A10: {
        title: 'Credit balance',
        readings: ['a number', 'a number under data', 'a number under credits'],
        otherwise: 'note',
        effect: 'the report shows no balance; nothing else changes',
    },
    A11: {
        title: 'Subscription',
        readings: ['fields at top level', 'fields under data'],
        otherwise: 'note',
        effect: 'the report shows no plan limits; nothing else changes',
    },
    A14: {
        title: 'Write answers',
        readings: ['the item', 'an id', 'nothing'],
        otherwise: 'note',
        effect: 'every write is read back with GET /contents/{id}; a create with no id is found by its title',
    },
    A18: {
        title: 'List rows',
        readings: ['rows with status', 'rows without status'],
        otherwise: 'hold',
        effect: 'rows without a status are completed from the detail view',
    },
    A24: {
        title: 'Task status',
        readings: ['status and last_error', 'state and error'],
        otherwise: 'hold',
        effect: 'items cannot be waited on; their runs are reported as still running',
    },
    A29: {
        title: 'Key and scopes',
        readings: ['active'],
        otherwise: 'stop',
        effect: 'nothing is written with an inactive key',
    },
    A35: {
        title: 'Values beyond the interface',
        readings: ['none seen', 'unknown values seen'],
        otherwise: 'hold',
        effect: 'an item in an unknown status, or publishing to an account on an unknown platform, is held; the rest go on',
    },
};
/** Describes a JSON value by its shape, never its content: what doctor may print of a foreign answer. */
function shapeOf(value, depth = 1) {
    if (value === null)
        return 'null';
    if (Array.isArray(value))
        return `an array of ${value.length}`;
    if (!isRecord(value))
        return typeof value === 'string' ? 'text' : typeof value;
    const keys = Object.keys(value).slice(0, 12);
    if (depth <= 0)
        return `an object with ${keys.length} key(s)`;
    return `{${keys.map((key) => `${key}: ${shapeOf(value[key], depth - 1)}`).join(', ')}}`;
}
// ---- one object (A9, A14) -------------------------------------------------
const OBJECT_KEYS = ['data', 'content', 'item', 'result'];
const IDENTITY_KEYS = ['id', 'status', 'state', 'active', 'title'];
/** A9: the object itself, under data/content/item/result, or a `{success, data}` wrapper. */
function readObject(body) {
    if (!isRecord(body))
        throw new Unrecognised('A9', `the answer is ${shapeOf(body, 0)}`);
    if (IDENTITY_KEYS.some((key) => key in body))
        return { object: body, reading: 'the object itself' };
    for (const key of OBJECT_KEYS) {
        const inner = body[key];
        if (isRecord(inner)) {
            if (key === 'data' && 'success' in body)
                return { object: inner, reading: '{success, data}' };
            return { object: inner, reading: `under ${key}` };
        }
    }
    throw new Unrecognised('A9', `the answer is ${shapeOf(body)}`);
}
const ID_KEYS = ['id', 'content_id', 'contentId', 'creation_id'];
function idIn(obj) {
    for (const key of ID_KEYS) {
        const value = obj[key];
        if (typeof value === 'string' && value !== '')
            return value;
        if (typeof value === 'number' && Number.isFinite(value))
            return String(value);
    }
    return null;
}
/**
 * A14: what a write answered. The item itself, only its id (at the top, or
 * wrapped as in A9), or nothing usable at all. The client reads the item back
 * in every case.
 */
function readWriteAnswer(body) {
    if (body === null || body === undefined || typeof body === 'string' || !isRecord(body))
        return { id: null, reading: 'nothing' };
    for (const scope of [body, ...OBJECT_KEYS.map((key) => body[key]).filter(isRecord)]) {
        const id = idIn(scope);
        if (id !== null)
            return { id, reading: 'title' in scope && 'status' in scope ? 'the item' : 'an id' };
    }
    return { id: null, reading: 'nothing' };
}
/** A row's id, for de-duplicating a listing; null when it has none. */
function rowId(row) {
    return isRecord(row) ? idIn(row) : null;
}
// ---- listings (A5, A7) ------------------------------------------------------
const LISTING_KEYS = ['data', 'items', 'contents', 'accounts', 'results'];
/** A5: a bare array, or the first array under data/items/contents/accounts/results (also inside `data`). */
function readListingBody(body) {
    if (Array.isArray(body))
        return { rows: body, reading: 'bare array', holder: null };
    if (!isRecord(body))
        throw new Unrecognised('A5', `the listing is ${shapeOf(body, 0)}`);
    for (const key of LISTING_KEYS) {
        const rows = body[key];
        if (Array.isArray(rows))
            return { rows, reading: `under ${key}`, holder: body };
    }
    const data = body.data;
    if (isRecord(data)) {
        for (const key of LISTING_KEYS) {
            const rows = data[key];
            if (Array.isArray(rows))
                return { rows, reading: `under ${key}`, holder: { ...body, ...data } };
        }
    }
    throw new Unrecognised('A5', `no array under ${LISTING_KEYS.join(', ')} in ${shapeOf(body)}`);
}
const HINT_PLACES = [
    ['meta', 'meta'],
    ['pagination', 'pagination'],
    ['links', 'links'],
    ['paging', 'pagination'],
];
function num(value) {
    if (typeof value === 'number' && Number.isFinite(value))
        return value;
    if (typeof value === 'string' && /^\d+$/.test(value.trim()))
        return Number(value);
    return null;
}
function firstNum(obj, keys) {
    for (const key of keys) {
        const value = num(obj[key]);
        if (value !== null)
            return Math.floor(value);
    }
    return null;
}
function isLink(value) {
    return value.includes('/') || value.includes('?') || value.includes('=');
}
/** A `next` value: a page number, a link (or `{href}`), a cursor, or an explicit end (null, '', false). */
function nextOf(obj) {
    for (const key of ['next', 'next_page_url', 'next_url', 'next_link']) {
        if (!(key in obj))
            continue;
        const value = obj[key];
        if (value === null || value === '' || value === false)
            return { kind: 'end' };
        const page = num(value);
        if (page !== null)
            return { kind: 'page', page: Math.floor(page) };
        const href = typeof value === 'string' ? value : isRecord(value) ? value.href : undefined;
        if (typeof href === 'string' && href !== '') {
            return isLink(href) || key !== 'next' ? { kind: 'link', href } : { kind: 'cursor', cursor: href };
        }
    }
    for (const key of ['next_cursor', 'cursor_next', 'next_token', 'nextPageToken']) {
        if (!(key in obj))
            continue;
        const value = obj[key];
        if (value === null || value === '' || value === false)
            return { kind: 'end' };
        if (typeof value === 'string' || typeof value === 'number')
            return { kind: 'cursor', cursor: String(value) };
    }
    const nextPage = num(obj.next_page);
    if (nextPage !== null)
        return { kind: 'page', page: nextPage };
    if ('next_page' in obj && obj.next_page === null)
        return { kind: 'end' };
    return null;
}
function hintsIn(obj) {
    const hasMore = obj.has_more ?? obj.hasMore ?? obj.has_next;
    return {
        hasMore: typeof hasMore === 'boolean' ? hasMore : null,
        next: nextOf(obj),
        total: firstNum(obj, ['total', 'total_count', 'totalCount', 'total_items', 'total_results']),
        count: firstNum(obj, ['count']),
        totalPages: firstNum(obj, ['total_pages', 'totalPages', 'page_count', 'pages']),
        lastPage: firstNum(obj, ['last_page', 'lastPage']),
        page: firstNum(obj, ['page', 'current_page', 'currentPage', 'page_number']),
    };
}
function anyHint(hints) {
    return Object.values(hints).some((value) => value !== null);
}
/** A7: paging hints at the top level or under meta/pagination/links, merged, the first place named. */
function readPagingHints(holder) {
    const none = {
        where: null,
        hasMore: null,
        next: null,
        total: null,
        count: null,
        totalPages: null,
        lastPage: null,
        page: null,
    };
    if (holder === null)
        return none;
    const places = [['top level', hintsIn(holder)]];
    for (const [key, name] of HINT_PLACES) {
        const inner = holder[key];
        if (isRecord(inner))
            places.push([name, hintsIn(inner)]);
    }
    const merged = { ...none };
    for (const [where, hints] of places) {
        if (!anyHint(hints))
            continue;
        merged.where ??= where;
        for (const [key, value] of Object.entries(hints)) {
            if (value !== null && merged[key] === null)
                merged[key] = value;
        }
    }
    return merged;
}
// ---- small objects (A10, A11, A24) -------------------------------------------
const CREDIT_KEYS = ['credits', 'balance', 'available', 'remaining_credits', 'credit_balance'];
/** A10: a number under one of the credit keys, at the top, under data, or under a `credits` object. */
function readCredits(body) {
    if (!isRecord(body)) {
        const value = num(body);
        if (value !== null)
            return { credits: value, reading: 'a number' };
        throw new Unrecognised('A10', `the balance is ${shapeOf(body, 0)}`);
    }
    const scopes = [
        [body, 'a number'],
        [isRecord(body.data) ? body.data : null, 'a number under data'],
        [isRecord(body.credits) ? body.credits : null, 'a number under credits'],
        [isRecord(body.data) && isRecord(body.data.credits) ? body.data.credits : null, 'a number under credits'],
    ];
    for (const [scope, reading] of scopes) {
        if (scope === null)
            continue;
        for (const key of CREDIT_KEYS) {
            const value = num(scope[key]);
            if (value !== null)
                return { credits: value, reading };
        }
    }
    throw new Unrecognised('A10', `no number under ${CREDIT_KEYS.join(', ')} in ${shapeOf(body)}`);
}
/** A11: the subscription's plan, limits and usage_summary, at the top or under data. */
function readSubscription(body) {
    if (!isRecord(body))
        throw new Unrecognised('A11', `the subscription is ${shapeOf(body, 0)}`);
    const has = (obj) => 'limits' in obj || 'plan' in obj || 'usage_summary' in obj;
    if (isRecord(body.data) && has(body.data))
        return { fields: body.data, reading: 'fields under data' };
    if (has(body))
        return { fields: body, reading: 'fields at top level' };
    throw new Unrecognised('A11', `no plan, limits or usage_summary in ${shapeOf(body)}`);
}
/** A24: the status under `status` or `state`, the error under `last_error` or `error`. */
function readTaskStatus(obj) {
    if ('status' in obj)
        return { status: obj.status, lastError: obj.last_error ?? obj.error, reading: 'status and last_error' };
    if ('state' in obj)
        return { status: obj.state, lastError: obj.error ?? obj.last_error, reading: 'state and error' };
    throw new Unrecognised('A24', `no status or state in ${shapeOf(obj)}`);
}

;// CONCATENATED MODULE: ./src/api/wire.ts
/** A1: taken as given; `/v1` appended unless the path already ends in it; trailing slashes ignored. */
function resolveBaseUrl(raw) {
    let url;
    try {
        url = new URL(raw.trim());
    }
    catch {
        return null;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
        return null;
    if (url.username !== '' || url.password !== '')
        return null;
    const path = url.pathname.replace(/\/+$/, '');
    const prefix = path.endsWith('/v1') ? path : `${path}/v1`;
    return { origin: url.origin, prefix, href: `${url.origin}${prefix}` };
}
const id = (value) => encodeURIComponent(value);
/** The endpoints of the interface, relative to the `/v1` prefix. */
const paths = {
    contents: () => '/contents',
    content: (contentId) => `/contents/${id(contentId)}`,
    versions: (contentId) => `/contents/${id(contentId)}/versions`,
    upload: (contentId) => `/contents/upload/${id(contentId)}`,
    processContent: () => '/gen/process-content-async',
    generateVideo: () => '/gen/video',
    taskStatus: (contentId) => `/gen/task-status/${id(contentId)}`,
    accounts: () => '/accounts',
    credits: () => '/users/credits',
    subscription: () => '/subscription/current',
    introspect: () => '/api-keys/introspect',
};
/** A6: pages count from 1; both `limit` and `page_size`, the server takes the one it knows. */
/**
 * A6: the query of one listing page. The first page carries no page number,
 * so that the service starts at its own first page (0 or 1); a cursor, when
 * the service gave one, replaces the page number.
 */
function listingQuery(page, cursor, size) {
    const query = new URLSearchParams();
    if (cursor !== null)
        query.set('cursor', cursor);
    else if (page !== null)
        query.set('page', String(page));
    query.set('limit', String(size));
    query.set('page_size', String(size));
    return `?${query.toString()}`;
}
/**
 * A7: a next link, followed as given, as a path relative to the /v1 prefix.
 * Only links on the service's own origin and under its prefix are followed:
 * the key is never sent anywhere else.
 */
function resolveLink(base, href, from) {
    let url;
    try {
        url = new URL(href, `${base.origin}${base.prefix}${from}`);
    }
    catch {
        throw new Error(`the listing's next link is not a URL`);
    }
    if (url.origin !== base.origin || !url.pathname.startsWith(`${base.prefix}/`)) {
        throw new Error(`the listing's next link leads off ${base.origin}${base.prefix}: it is not followed`);
    }
    return `${url.pathname.slice(base.prefix.length)}${url.search}`;
}
/** A2, A3, A4: bearer only; JSON content type only when there is a body. */
function requestHeaders(apiKey, userAgent, hasBody) {
    const headers = {
        authorization: `Bearer ${apiKey}`,
        'user-agent': userAgent,
        accept: 'application/json',
    };
    if (hasBody)
        headers['content-type'] = 'application/json';
    return headers;
}
/** 'yes'/'no' flags are strings on the wire, not booleans. */
function yesNo(flag) {
    return flag ? 'yes' : 'no';
}
/** `account_ids` are objects `{id}`: a list of plain strings resolves to no accounts at all. */
function accountIds(ids) {
    return ids.map((accountId) => ({ id: accountId }));
}
function compact(body) {
    const out = {};
    for (const [key, value] of Object.entries(body))
        if (value !== undefined)
            out[key] = value;
    return out;
}
/** A13: ContentDetail names; undefined fields are not sent (PUT is partial), null clears. */
function contentBody(fields) {
    return compact({
        title: fields.title,
        description: fields.description,
        full_text: fields.full_text,
        textover: fields.textover,
        hashtags: fields.hashtags,
        fine_tuning: fields.fine_tuning,
        persona_id: fields.persona_id,
    });
}
/** A13: `cancel_generation` is sent only when the caller asks for it. */
function editBody(edit, cancelGeneration) {
    const body = contentBody(edit);
    if (cancelGeneration)
        body.cancel_generation = true;
    return body;
}
function renderFields(render) {
    return compact({
        video_id: render.video_id,
        orientation: render.orientation,
        prefer_real_world: render.prefer_real_world,
        image_overlay_enabled: render.image_overlay_enabled,
        image_overlay_position: render.image_overlay_position,
        zoom_effect_enabled: render.zoom_effect_enabled,
        subtitle_settings: render.subtitle_settings,
    });
}
/**
 * Publication fields shared by the one-shot request (A21) and the upload (A26).
 * notifySubscribers / aiDisclosure must keep this exact casing: any other is silently ignored.
 */
function publicationFields(publish) {
    return compact({
        privacy: publish.privacy,
        category: publish.category,
        notifySubscribers: publish.notify_subscribers,
        aiDisclosure: publish.ai_disclosure,
        tiktok_post_mode: publish.tiktok_post_mode,
        tiktok_privacy: publish.tiktok_privacy,
    });
}
/**
 * A21: the presence of `account_ids` is the service's only publication switch,
 * so the publication fields travel only together with it.
 */
function generationBody(request) {
    const body = { creation_id: request.content_id, ...renderFields(request.render) };
    const publish = request.publish;
    if (publish === undefined)
        return body;
    return {
        ...body,
        account_ids: accountIds(publish.account_ids),
        made_for_kids: yesNo(publish.made_for_kids),
        age_restricted: yesNo(publish.age_restricted),
        ...publicationFields(publish),
    };
}
/** A25: `POST /gen/video` takes the item, the source and the orientation only. */
function videoBody(contentId, render) {
    return { creation_id: contentId, video_id: render.video_id, orientation: render.orientation };
}
/** A26: the upload spells the COPPA / 18+ flags in camelCase, unlike the one-shot request. */
function uploadBody(publish) {
    return {
        account_ids: accountIds(publish.account_ids),
        madeForKids: yesNo(publish.made_for_kids),
        ageRestricted: yesNo(publish.age_restricted),
        ...publicationFields(publish),
    };
}

;// CONCATENATED MODULE: ./src/api/listing.ts



// Reading a whole listing (A5-A7) whatever paging the service chose, and
// proving that nothing was missed: a manifest whose item sits on an unread
// page would be created a second time. The first page is asked for without a
// page number, so a service counting from 0 and one counting from 1 both
// start at their own first page; the numbering is then learned from the
// answer's own hints, or from whether `page=1` repeats that first page.
/** A listing never runs past this many pages, whatever the hints say. */
const MAX_PAGES = 10_000;
/** A listing the service answered in a way that cannot be read completely: nothing may be planned from it. */
class ListingError extends Error {
    name = 'ListingError';
}
/** A 400 that names the page-size parameter: the service wants smaller pages (A6). */
function smallerSize(error, size) {
    if (!(error instanceof errors.ServiceError) || error.status !== 400)
        return null;
    const said = `${error.serviceMessage} ${error.message}`;
    if (!/\b(limit|page_size|per_page|page size|size)\b/i.test(said))
        return null;
    const numbers = [...said.matchAll(/\b(\d{1,6})\b/g)].map((match) => Number(match[1]));
    const allowed = numbers.filter((n) => n >= 1 && n < size);
    const next = allowed.length > 0 ? Math.max(...allowed) : Math.floor(size / 2);
    return next >= 1 && next < size ? next : null;
}
const HINTS_READING = {
    'top level': 'hints at top level',
    meta: 'hints under meta',
    pagination: 'hints under pagination',
    links: 'hints under links',
};
function hintsReading(hints) {
    return hints.where === null ? 'no hints' : HINTS_READING[hints.where];
}
/** What the hints prove about the end of the listing, or null when they prove nothing. */
function proofFromHints(hints, read, pages) {
    if (hints.next?.kind === 'end')
        return 'an empty next link';
    if (hints.hasMore === false)
        return 'has_more: false';
    if (hints.total !== null && read >= hints.total)
        return `total: ${hints.total}`;
    if (hints.totalPages !== null && pages >= hints.totalPages)
        return `total_pages: ${hints.totalPages}`;
    if (hints.lastPage !== null && hints.page !== null && hints.page >= hints.lastPage)
        return `last_page: ${hints.lastPage}`;
    return null;
}
async function walkListing(path, options) {
    const maxPages = options.maxPages ?? MAX_PAGES;
    let size = Math.max(1, Math.floor(options.pageSize));
    let lowered = false;
    const seen = new Set();
    const rows = [];
    const out = {
        rows,
        complete: false,
        proof: null,
        gap: null,
        pages: 0,
        envelope: null,
        paging: 'one page',
        hints: 'no hints',
        size: null,
        pageSize: size,
    };
    let gaps = [];
    let request = {
        page: null,
        cursor: null,
        link: null,
    };
    /** Answers to the `page=1` probe that repeated the first page: not pages of their own. */
    let repeats = 0;
    let probing = false;
    let firstIds = null;
    const fetchPage = async () => {
        for (;;) {
            const target = request.link ?? `${path}${listingQuery(request.page, request.cursor, size)}`;
            try {
                return await options.get(target);
            }
            catch (error) {
                const smaller = request.link === null ? smallerSize(error, size) : null;
                if (smaller === null)
                    throw error;
                size = smaller;
                lowered = true;
            }
        }
    };
    for (;;) {
        if (out.pages >= maxPages) {
            gaps.push(`the listing was still going after ${maxPages} pages`);
            break;
        }
        const body = await fetchPage();
        const page = readListingBody(body);
        const hints = readPagingHints(page.holder);
        out.pages++;
        out.envelope ??= page.reading;
        if (hints.where !== null && out.hints === 'no hints')
            out.hints = hintsReading(hints);
        if (out.pages === 1) {
            out.size = page.rows.length > size ? 'service size' : page.rows.length === size ? 'honoured' : null;
        }
        const ids = page.rows.map(options.identify ?? rowId);
        const withoutId = ids.filter((id) => id === null).length;
        if (withoutId > 0)
            gaps.push(`${withoutId} row(s) on page ${out.pages} carry no id`);
        const fresh = page.rows.filter((_, index) => {
            const id = ids[index];
            return id === null || id === undefined ? false : !seen.has(id);
        });
        if (probing) {
            probing = false;
            const repeatsFirst = page.rows.length > 0 && ids.every((id) => id !== null && firstIds?.has(id));
            if (repeatsFirst) {
                // `page=1` is the first page again: this service counts from 1.
                out.paging = 'pages from 1';
                repeats++;
                request = { page: 2, cursor: null, link: null };
                continue;
            }
            if (page.rows.length > 0 && fresh.length !== page.rows.length) {
                throw new ListingError(`GET ${path}: page 1 overlaps the first page without repeating it; the service's paging cannot be read, so the listing cannot be proven complete.`);
            }
            out.paging = 'pages from 0';
        }
        else if (page.rows.length > 0 && fresh.length === 0 && withoutId < page.rows.length) {
            throw new ListingError(`GET ${path}: page ${out.pages} repeats items already read. The service seems to ignore the paging ` +
                'parameters, so the listing cannot be proven complete and nothing is planned from it.');
        }
        for (const [index, row] of page.rows.entries()) {
            const id = ids[index];
            if (id === null || id === undefined || seen.has(id))
                continue;
            seen.add(id);
            rows.push(row);
        }
        if (out.pages === 1)
            firstIds = new Set(ids.filter((id) => id !== null));
        if (page.rows.length === 0) {
            out.proof = 'an empty page';
            break;
        }
        // The page number of this answer in the service's numbering, once known.
        const current = hints.page ?? request.page;
        const next = hints.next?.kind === 'end' ? null : hints.next;
        if (next?.kind === 'link') {
            out.paging = 'next links';
            request = { page: null, cursor: null, link: resolveLink(options.base, next.href, path) };
            continue;
        }
        if (next?.kind === 'cursor') {
            out.paging = 'next cursors';
            request = { page: null, cursor: next.cursor, link: null };
            continue;
        }
        if (next?.kind === 'page') {
            if (out.paging === 'one page')
                out.paging = next.page <= 1 ? 'pages from 0' : 'pages from 1';
            request = { page: next.page, cursor: null, link: null };
            continue;
        }
        const proof = hints.hasMore === true ? null : proofFromHints(hints, seen.size, out.pages - repeats);
        if (proof !== null) {
            out.proof = proof;
            if (hints.total !== null && seen.size < hints.total)
                gaps.push(`the service says ${hints.total} items but ${seen.size} were listed`);
            break;
        }
        if ((request.link !== null || request.cursor !== null) && hints.hasMore !== true) {
            // A link- or cursor-paged listing that gives no next link has ended.
            out.proof = 'no next link';
            break;
        }
        // Nothing proves the end yet: ask for the next page by number.
        if (current === null) {
            probing = true;
            request = { page: 1, cursor: null, link: null };
            continue;
        }
        if (out.paging === 'one page')
            out.paging = current === 0 ? 'pages from 0' : 'pages from 1';
        request = { page: current + 1, cursor: null, link: null };
    }
    if (lowered)
        out.size = 'lowered after a 400';
    out.pageSize = size;
    gaps = [...new Set(gaps)];
    out.complete = out.proof !== null && gaps.length === 0;
    out.gap = out.complete ? null : gaps.join('; ') || 'nothing proved the listing complete';
    return out;
}

;// CONCATENATED MODULE: ./src/api/explain.ts

const KEYS_PAGE = 'create one in the web app under Settings, API Keys, and store it in the secret passed as api-key';
function said(body) {
    return body.message === '' ? '' : `: "${body.message}"`;
}
function plural(count, word) {
    return count === 1 ? word : `${word}s`;
}
function explainIntrospection(verdict) {
    if (verdict === undefined)
        return '';
    if (verdict.kind === 'rejected') {
        return 'GET /api-keys/introspect rejects it too: the key is invalid or has been revoked.';
    }
    if (verdict.kind === 'failed')
        return `GET /api-keys/introspect could not tell more (${verdict.reason}).`;
    const { active, subject, scopes } = verdict.introspection;
    const owner = subject === '' ? '' : ` (subject ${subject})`;
    if (!active)
        return `GET /api-keys/introspect says the key${owner} is inactive.`;
    return (`GET /api-keys/introspect says the key${owner} is active with scopes ${scopes.join(', ') || 'none'}, ` +
        'so the refusal may be temporary.');
}
function sentence(facts) {
    const { status, method, path, body } = facts;
    const where = `${method} ${path}`;
    switch (status) {
        case 400:
            return `${where} was refused (400)${said(body)}. Fix the request: it is not retried unchanged.`;
        case 401:
            return (`${where}: the service rejected the API key (401)${said(body)}. ` +
                `${explainIntrospection(facts.introspection)} Use a valid key: ${KEYS_PAGE}.`);
        case 402: {
            const balance = facts.balance === undefined ? 'unknown' : String(facts.balance);
            const needs = body.creditsRequired === undefined ? '' : `, this needs ${body.creditsRequired}`;
            return (`${where}: not enough credits (402): the balance is ${balance}${needs}${said(body)}. ` +
                'Top up the account, then run again.');
        }
        case 403: {
            const required = body.required ?? [];
            if (required.length === 0) {
                return `${where}: the API key lacks a scope this endpoint needs (403)${said(body)}. Mint a key with the scopes the run needs.`;
            }
            return (`${where}: the API key lacks the ${plural(required.length, 'scope')} ${required.join(', ')} (403). ` +
                `Mint a key with ${required.join(', ')} (scopes are fixed for a key's life): ${KEYS_PAGE}.`);
        }
        case 404:
            return `${where}: not found (404)${said(body)}. It is missing or belongs to another user; it is not retried unchanged.`;
        case 409:
            return `${where}: conflict with work in flight (409${body.code === undefined ? '' : `, ${body.code}`})${said(body)}. ${conflictAdvice(facts)}`;
        case 429: {
            const wait = facts.retryAfterSeconds === undefined ? '' : ` and asks to wait ${facts.retryAfterSeconds} s`;
            const limit = body.limit === undefined ? '' : ` (limit ${body.limit})`;
            return (`${where}: rate limited${limit} (429)${said(body)}; the service still refused after ${facts.attempts} ` +
                `${plural(facts.attempts, 'attempt')}${wait}. Run again later.`);
        }
        default:
            if (status >= 500) {
                return (`${where}: the service failed (${status})${said(body)} after ${facts.attempts} ` +
                    `${plural(facts.attempts, 'attempt')}. Run again later.`);
            }
            return `${where}: the service answered ${status}${said(body)}. It is not retried unchanged.`;
    }
}
function conflictAdvice(facts) {
    if (facts.body.code === 'generation_in_progress') {
        return facts.method === 'PUT'
            ? 'The item is being generated: resend with cancel_generation to cancel the job and apply the edit, or wait for it to finish.'
            : 'The item is being generated: wait for the run to finish.';
    }
    if (facts.body.code === 'already_published')
        return 'The video is published and is never replaced.';
    if (facts.path.startsWith('/contents/upload/')) {
        return 'An upload of this item is already in flight: poll its task status before dispatching again.';
    }
    return 'Wait for the work in flight, then run again.';
}
/** `scrub` removes the key from the finished message: introspection answers are service text too. */
function serviceError(facts, scrub) {
    return new errors.ServiceError({
        status: facts.status,
        method: facts.method,
        path: facts.path,
        serviceMessage: scrub(facts.body.message),
        message: scrub(sentence(facts)),
        code: facts.body.code,
        required: facts.status === 403 ? facts.body.required : undefined,
        retryAfterSeconds: facts.retryAfterSeconds,
        balance: facts.balance ?? facts.body.balance,
        creditsRequired: facts.body.creditsRequired,
        limit: facts.body.limit,
        attempts: facts.attempts,
    });
}

;// CONCATENATED MODULE: ./src/api/retry.ts

const DEFAULT_RETRY = {
    attempts: 5,
    rateLimitAttempts: 20,
    baseDelayMs: 500,
    maxDelayMs: 30_000,
    deadlineMs: 15 * 60_000,
};
function retrySettings(options) {
    const pick = (value, fallback, min) => value !== undefined && Number.isFinite(value) ? Math.max(min, value) : fallback;
    return {
        attempts: Math.floor(pick(options?.attempts, DEFAULT_RETRY.attempts, 1)),
        rateLimitAttempts: Math.floor(pick(options?.rateLimitAttempts, DEFAULT_RETRY.rateLimitAttempts, 0)),
        baseDelayMs: pick(options?.baseDelayMs, DEFAULT_RETRY.baseDelayMs, 0),
        maxDelayMs: pick(options?.maxDelayMs, DEFAULT_RETRY.maxDelayMs, 0),
        deadlineMs: pick(options?.deadlineMs, DEFAULT_RETRY.deadlineMs, 0),
    };
}
/**
 * A34: Retry-After as whole seconds or an HTTP date, in whole seconds from now
 * (a date in the past is 0). Undefined when missing or unreadable.
 */
function parseRetryAfter(header, nowMs) {
    const value = (Array.isArray(header) ? header[0] : header)?.trim();
    if (value === undefined || value === '')
        return undefined;
    if (/^\d+$/.test(value))
        return Number(value);
    // An HTTP date starts with the day's name; "1.5", "-3", "10s" are no form the header has.
    if (!/^[A-Za-z]/.test(value))
        return undefined;
    const date = Date.parse(value);
    if (Number.isNaN(date))
        return undefined;
    return Math.max(0, Math.ceil((date - nowMs) / 1000));
}
/** Full jitter: uniform in [0, min(max, base * 2^(retry-1))], retry counting from 1. */
function backoffDelay(retry, settings, random) {
    const ceiling = Math.min(settings.maxDelayMs, settings.baseDelayMs * 2 ** Math.max(0, retry - 1));
    const r = Math.min(1, Math.max(0, random()));
    return Math.floor(r * ceiling);
}
function isRetryableStatus(status) {
    return status === 429 || status >= 500;
}
// Errors raised before a single byte of the request left: the service never
// saw it, so even a non-idempotent POST can be sent again.
const NOT_SENT_CODES = new Set([
    'ECONNREFUSED',
    'ENOTFOUND',
    'EAI_AGAIN',
    'EHOSTUNREACH',
    'ENETUNREACH',
    'UND_ERR_CONNECT_TIMEOUT',
]);
const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'ETIMEDOUT']);
function errorCode(error) {
    if (typeof error !== 'object' || error === null)
        return undefined;
    const code = error.code;
    if (typeof code === 'string')
        return code;
    const cause = error.cause;
    return cause === undefined || cause === error ? undefined : errorCode(cause);
}
function classifyNetworkError(error) {
    const code = errorCode(error);
    if (code !== undefined && NOT_SENT_CODES.has(code)) {
        const reason = code === 'ECONNREFUSED'
            ? 'connection refused'
            : code === 'UND_ERR_CONNECT_TIMEOUT'
                ? 'connect timeout'
                : `host unreachable: ${code}`;
        return { mayHaveReached: false, reason };
    }
    if (code !== undefined && TIMEOUT_CODES.has(code))
        return { mayHaveReached: true, reason: 'timeout' };
    if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' || code === 'EPIPE') {
        return { mayHaveReached: true, reason: 'connection closed without an answer' };
    }
    return { mayHaveReached: true, reason: code ?? 'network error' };
}
/**
 * One gate per client, shared by every worker: rate limits are per user over
 * all keys (A31), so after a 429 every later rate-limited request waits for
 * the same Retry-After instead of each firing on its own (no thundering herd).
 */
class RateGate {
    #sleep;
    #now;
    #open = null;
    #until = 0;
    constructor(sleep, now) {
        this.#sleep = sleep;
        this.#now = now;
    }
    /** True while a Retry-After is running. */
    get closed() {
        return this.#open !== null;
    }
    /** Closes the gate for ms, unless it is already closed until later. */
    close(ms) {
        const until = this.#now() + ms;
        if (this.#open !== null && until <= this.#until)
            return;
        this.#until = until;
        const opened = this.#sleep(ms).then(() => {
            if (this.#open === opened)
                this.#open = null;
        }, () => {
            if (this.#open === opened)
                this.#open = null;
        });
        this.#open = opened;
    }
    /** Resolves when the gate is open (at once when it is). */
    async pass() {
        while (this.#open !== null)
            await this.#open;
    }
}
/**
 * Sends until the answer is final: a success, a status that is never retried,
 * or a retryable status once attempts, rate-limit waits or the deadline run
 * out (the caller turns it into a ServiceError). A non-idempotent request that
 * may have reached the service is never sent twice: it rejects with
 * OutcomeUnknownError. Network errors that outlast the retries reject with
 * NetworkError.
 */
async function sendWithRetries(kind, runtime, send) {
    const { settings } = runtime;
    let sends = 0;
    let failures = 0; // 5xx and network errors
    let rateLimits = 0;
    let spentMs = 0;
    const planWait = (waitMs, reason) => {
        if (spentMs + waitMs > settings.deadlineMs)
            return false;
        runtime.onRetry?.({ method: kind.method, path: kind.path, attempt: sends, waitMs, reason });
        spentMs += waitMs;
        return true;
    };
    for (;;) {
        if (kind.rateLimited)
            await runtime.gate.pass();
        const started = runtime.now();
        sends += 1;
        let answer;
        try {
            answer = await send();
        }
        catch (error) {
            spentMs += Math.max(0, runtime.now() - started);
            const failure = classifyNetworkError(error);
            if (!kind.idempotent && failure.mayHaveReached) {
                throw new errors.OutcomeUnknownError({
                    method: kind.method,
                    path: kind.path,
                    reason: failure.reason,
                    cause: error,
                });
            }
            failures += 1;
            const waitMs = backoffDelay(failures, settings, runtime.random);
            if (failures >= settings.attempts || !planWait(waitMs, failure.reason)) {
                throw new errors.NetworkError({
                    method: kind.method,
                    path: kind.path,
                    reason: failure.reason,
                    attempts: sends,
                    cause: error,
                });
            }
            await runtime.sleep(waitMs);
            continue;
        }
        spentMs += Math.max(0, runtime.now() - started);
        if (answer.status === 429) {
            rateLimits += 1;
            const seconds = parseRetryAfter(answer.retryAfter, runtime.now());
            const waitMs = seconds !== undefined
                ? seconds * runtime.secondMs
                : backoffDelay(rateLimits, settings, runtime.random);
            if (rateLimits > settings.rateLimitAttempts || !planWait(waitMs, 'rate limited (429)')) {
                return { answer, attempts: sends };
            }
            if (kind.rateLimited)
                runtime.gate.close(waitMs);
            else
                await runtime.sleep(waitMs);
            continue;
        }
        if (answer.status >= 500) {
            if (!kind.idempotent) {
                throw new errors.OutcomeUnknownError({
                    method: kind.method,
                    path: kind.path,
                    reason: `the service answered ${answer.status}`,
                    status: answer.status,
                });
            }
            failures += 1;
            const waitMs = backoffDelay(failures, settings, runtime.random);
            if (failures >= settings.attempts || !planWait(waitMs, `status ${answer.status}`)) {
                return { answer, attempts: sends };
            }
            await runtime.sleep(waitMs);
            continue;
        }
        return { answer, attempts: sends };
    }
}

// EXTERNAL MODULE: ./src/api/types.ts
var types = __webpack_require__(705);
;// CONCATENATED MODULE: ./src/api/shapes.ts


// The resources of the interface, read from answers whose envelope
// readings.ts has recognised. Unknown extra fields are ignored; a status or a
// platform beyond the interface is kept as sent and stays local to its item
// or account (A35); a missing field the project needs is a ShapeProblem,
// which the client reports with the endpoint it came from.
class ShapeProblem extends Error {
    name = 'ShapeProblem';
}
function record(value, what) {
    if (!isRecord(value))
        throw new ShapeProblem(`${what} is not an object`);
    return value;
}
function shapes_text(value) {
    return typeof value === 'string' ? value : null;
}
function requiredText(obj, field, what) {
    const value = obj[field];
    if (typeof value === 'string' && value !== '')
        return value;
    if (typeof value === 'number')
        return String(value);
    throw new ShapeProblem(`${what} has no ${field}`);
}
function bool(value) {
    return typeof value === 'boolean' ? value : null;
}
function shapes_num(value) {
    if (typeof value === 'number' && Number.isFinite(value))
        return value;
    if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
        return Number(value);
    return null;
}
function object(value) {
    return isRecord(value) ? value : null;
}
/** A35: a listed status as is; anything else kept as sent, '' when absent. */
function shapes_status(value) {
    if (typeof value === 'string' && (0,types/* isKnownStatus */.ih)(value))
        return value;
    return (0,types/* unknownStatus */.lj)(typeof value === 'string' ? value : '');
}
/** A9 through readings.ts; a ShapeProblem when no reading covers the answer. */
function unwrap(body) {
    try {
        return readObject(body).object;
    }
    catch (error) {
        if (error instanceof Unrecognised)
            throw new ShapeProblem(error.message);
        throw error;
    }
}
// ---- resources ----------------------------------------------------------
function persona(value) {
    const obj = object(value);
    if (obj === null)
        return null;
    return { id: shapes_text(obj.id) ?? (typeof obj.id === 'number' ? String(obj.id) : null), name: shapes_text(obj.name) };
}
function parseAccount(value) {
    const obj = record(value, 'an account');
    const platform = shapes_text(obj.platform) ?? '';
    return {
        id: requiredText(obj, 'id', 'an account'),
        name: shapes_text(obj.name) ?? '',
        // A35: a platform beyond the three is kept as sent; only an item publishing to it is held.
        platform: platform,
        platform_acronym: shapes_text(obj.platform_acronym),
    };
}
/** A18: one row of GET /contents. */
function parseContentSummary(value) {
    const obj = record(value, 'a content item');
    const id = requiredText(obj, 'id', 'a content item');
    return {
        id,
        title: shapes_text(obj.title) ?? '',
        description: shapes_text(obj.description),
        full_text: shapes_text(obj.full_text),
        hashtags: shapes_text(obj.hashtags),
        status: shapes_status(obj.status),
        persona: persona(obj.persona),
        published_url: shapes_text(obj.published_url),
        published_platform: shapes_text(obj.published_platform),
        last_error: shapes_text(obj.last_error),
        creation_date: shapes_text(obj.creation_date),
        updated_at: shapes_text(obj.updated_at),
        upload_date: shapes_text(obj.upload_date),
    };
}
function progress(value) {
    const obj = object(value);
    if (obj === null)
        return null;
    return { percentage: shapes_num(obj.percentage), step: shapes_text(obj.step), message: shapes_text(obj.message) };
}
function videoSettings(value) {
    const obj = object(value);
    if (obj === null)
        return null;
    return {
        video_id: shapes_text(obj.video_id),
        orientation: shapes_text(obj.orientation),
        prefer_real_world: bool(obj.prefer_real_world),
        image_overlay_enabled: bool(obj.image_overlay_enabled),
        image_overlay_position: shapes_text(obj.image_overlay_position),
        zoom_effect_enabled: bool(obj.zoom_effect_enabled),
        subtitle_settings: object(obj.subtitle_settings),
    };
}
/** GET /contents/{id}, and the answers of POST /contents and PUT /contents/{id} (A9, A14, A20). */
function parseContentDetail(body) {
    const obj = unwrap(body);
    const id = requiredText(obj, 'id', 'the content item');
    const metadata = object(obj.metadata);
    const accounts = Array.isArray(obj.accounts) ? obj.accounts.map(parseAccount) : [];
    return {
        id,
        title: shapes_text(obj.title) ?? '',
        description: shapes_text(obj.description),
        full_text: shapes_text(obj.full_text),
        textover: shapes_text(obj.textover),
        hashtags: shapes_text(obj.hashtags),
        status: shapes_status(obj.status),
        fine_tuning: object(obj.fine_tuning),
        persona: persona(obj.persona),
        accounts,
        // The signed URL itself is never kept: it is time-limited and never reported (A28).
        has_video: typeof obj.video_url === 'string' && obj.video_url !== '',
        last_error: shapes_text(metadata?.last_error) ?? shapes_text(obj.last_error),
        progress: progress(obj.progress),
        video_settings: videoSettings(obj.video_settings),
        creation_date: shapes_text(obj.creation_date),
        updated_at: shapes_text(obj.updated_at),
        upload_date: shapes_text(obj.upload_date),
    };
}
/** A24: `status` or `state`; `last_error` or `error`; the id falls back to the one asked for. */
function parseTaskStatus(body, contentId) {
    const obj = unwrap(body);
    const id = shapes_text(obj.id) ?? contentId;
    let read;
    try {
        read = readTaskStatus(obj);
    }
    catch (error) {
        if (error instanceof Unrecognised)
            throw new ShapeProblem(error.message);
        throw error;
    }
    return {
        id,
        status: shapes_status(read.status),
        progress: progress(obj.progress),
        last_error: shapes_text(read.lastError),
    };
}
/** A10 through readings.ts. */
function parseCredits(body) {
    try {
        return readCredits(body).credits;
    }
    catch (error) {
        if (error instanceof Unrecognised)
            throw new ShapeProblem(error.message);
        throw error;
    }
}
/** A11 through readings.ts. */
function parseSubscription(body) {
    let scope;
    try {
        scope = readSubscription(body).fields;
    }
    catch (error) {
        if (error instanceof Unrecognised)
            throw new ShapeProblem(error.message);
        throw error;
    }
    const plan = scope.plan;
    return {
        plan: shapes_text(plan) ?? shapes_text(object(plan)?.name) ?? null,
        limits: object(scope.limits) ?? {},
        usage_summary: object(scope.usage_summary) ?? {},
    };
}
/** A12: one entry of GET /contents/{id}/versions. */
function parseVersion(value) {
    const obj = record(value, 'a version');
    const version = obj.version;
    if (typeof version !== 'number' && typeof version !== 'string')
        throw new ShapeProblem('a version has no version');
    return {
        version,
        title: shapes_text(obj.title),
        full_text: shapes_text(obj.full_text),
        textover: shapes_text(obj.textover),
        created_at: shapes_text(obj.created_at),
    };
}
function parseIntrospection(body) {
    const obj = unwrap(body);
    const active = bool(obj.active);
    if (active === null)
        throw new ShapeProblem('the key introspection has no boolean active');
    return {
        active,
        subject: shapes_text(obj.subject) ?? '',
        scopes: Array.isArray(obj.scopes) ? obj.scopes.filter((s) => typeof s === 'string') : [],
    };
}
const MAX_MESSAGE = 300;
function clip(value) {
    const line = value.replace(/\s+/g, ' ').trim();
    return line.length > MAX_MESSAGE ? `${line.slice(0, MAX_MESSAGE)}…` : line;
}
/**
 * The error bodies: `{error}` (most endpoints), `{message}` (versions 404),
 * `{success:false, error}` (subscription), and plain text when not JSON (A4, A32).
 */
function parseErrorBody(body) {
    if (typeof body === 'string')
        return { message: clip(body) };
    if (!isRecord(body))
        return { message: body === undefined || body === null ? '' : clip(JSON.stringify(body)) };
    const nested = object(body.error);
    const message = shapes_text(body.error) ??
        shapes_text(body.message) ??
        shapes_text(nested?.message) ??
        shapes_text(body.detail) ??
        JSON.stringify(body);
    const required = body.required;
    return {
        message: clip(message),
        code: shapes_text(body.code) ?? shapes_text(nested?.code) ?? undefined,
        required: Array.isArray(required)
            ? required.filter((s) => typeof s === 'string')
            : undefined,
        creditsRequired: shapes_num(required) ?? undefined,
        balance: shapes_num(body.balance) ?? undefined,
        limit: shapes_text(body.limit) ?? undefined,
    };
}
/** `{success: false, error}` inside a 200 (A11): the request failed all the same. */
function failureInSuccess(body) {
    if (!isRecord(body) || body.success !== false)
        return null;
    return parseErrorBody(body).message;
}

// EXTERNAL MODULE: ./node_modules/undici/index.js
var undici = __webpack_require__(6752);
;// CONCATENATED MODULE: ./src/api/transport.ts




class Transport {
    #apiKey;
    #pool;
    #options;
    constructor(apiKey, options) {
        this.#apiKey = apiKey;
        this.#options = options;
        this.#pool = new undici/* Pool */.bC(options.base.origin, {
            connections: options.connections,
            keepAliveTimeout: 30_000,
            connectTimeout: Math.min(options.requestTimeoutMs, 10_000),
            headersTimeout: options.requestTimeoutMs,
            bodyTimeout: options.requestTimeoutMs,
        });
    }
    /** Sends one request through the retry policy. `path` is relative to `/v1` and may carry a query. */
    async request(method, path, body, kind) {
        const payload = body === undefined ? undefined : JSON.stringify(body);
        const headers = requestHeaders(this.#apiKey, this.#options.userAgent, payload !== undefined);
        const label = path.split('?')[0] ?? path;
        const { answer, attempts } = await sendWithRetries({ method, path: label, ...kind }, this.#options.runtime, () => this.#once(method, `${this.#options.base.prefix}${path}`, headers, payload));
        return { status: answer.status, body: answer.body, attempts, retryAfter: answer.retryAfter };
    }
    async #once(method, path, headers, payload) {
        const { requestTimeoutMs } = this.#options;
        const response = await this.#pool.request({
            method,
            path,
            headers,
            body: payload ?? null,
            // Never let undici resend a POST on its own: A33 is decided in retry.ts.
            idempotent: method !== 'POST',
            headersTimeout: requestTimeoutMs,
            bodyTimeout: requestTimeoutMs,
        });
        const raw = await response.body.text();
        return { status: response.statusCode, retryAfter: response.headers['retry-after'], body: decode(raw) };
    }
    async close() {
        if (!this.#pool.closed)
            await this.#pool.close();
    }
    /** Strips the key from any text before it lands in a message. */
    redact(value) {
        return (0,errors.redact)(value, [this.#apiKey]);
    }
}
function decode(raw) {
    if (raw.trim() === '')
        return null;
    try {
        return JSON.parse(raw);
    }
    catch {
        return raw;
    }
}

;// CONCATENATED MODULE: ./src/api/client.ts









const KEY_PREFIX = 'svc_live_';
const realSleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** Checks the key and base URL before any request; throws ConfigurationError. */
function createClient(options) {
    const apiKey = typeof options.apiKey === 'string' ? options.apiKey.trim() : '';
    if (apiKey !== '')
        options.maskSecret?.(apiKey);
    if (apiKey === '') {
        throw new errors.ConfigurationError(`No API key was given: create one in the web app under Settings, API Keys.`);
    }
    if (!apiKey.startsWith(KEY_PREFIX)) {
        throw new errors.ConfigurationError(`The API key does not start with ${KEY_PREFIX}: it is not a service API key (a session token or a ` +
            'mistyped secret?). Create one in the web app under Settings, API Keys.');
    }
    const base = resolveBaseUrl(String(options.baseUrl ?? ''));
    if (base === null) {
        throw new errors.ConfigurationError('base-url must be an http(s) URL without credentials, for example https://api.example.com.');
    }
    return new HttpServiceClient(apiKey, base, options);
}
const GENERATION = { idempotent: false, rateLimited: true };
const CREATE = { idempotent: false, rateLimited: false };
const READ = { idempotent: true, rateLimited: false };
class HttpServiceClient {
    baseUrl;
    #base;
    #transport;
    #pageSize;
    #now;
    #readOnly;
    #onListing;
    #writeRefusal = null;
    #writeAccepted = false;
    #writeGate = Promise.resolve();
    #introspection = null;
    constructor(apiKey, base, options) {
        this.baseUrl = base.href;
        this.#base = base;
        this.#pageSize = Math.max(1, Math.floor(options.pageSize ?? 100));
        const sleep = options.sleep ?? realSleep;
        const now = options.now ?? Date.now;
        this.#now = now;
        this.#readOnly = options.readOnly === true;
        this.#onListing = options.onListing;
        this.#transport = new Transport(apiKey, {
            base,
            userAgent: options.userAgent ?? version/* USER_AGENT */._,
            requestTimeoutMs: options.requestTimeoutMs ?? 30_000,
            connections: Math.max(1, Math.floor(options.connections ?? 16)),
            runtime: {
                settings: retrySettings(options.retry),
                secondMs: options.secondMs ?? 1000,
                sleep,
                random: options.random ?? Math.random,
                now,
                gate: new RateGate(sleep, now),
                onRetry: options.onRetry,
            },
        });
    }
    // ---- endpoints --------------------------------------------------------
    get writeRefusal() {
        return this.#writeRefusal;
    }
    listContents() {
        return this.#listAll(paths.contents(), parseContentSummary);
    }
    async getContent(id) {
        return this.#parse('GET', paths.content(id), await this.#call('GET', paths.content(id)), parseContentDetail);
    }
    /**
     * A14: whatever the create answers (the item, only its id, or nothing), the
     * item is read back. An answer naming no item cannot be read back: it is an
     * outcome the engine resolves by looking the title up, never by resending.
     */
    async createContent(fields) {
        const path = paths.contents();
        const answer = readWriteAnswer(await this.#call('POST', path, contentBody(fields), CREATE));
        if (answer.id === null) {
            throw new errors.OutcomeUnknownError({ method: 'POST', path, reason: 'the answer named no item' });
        }
        return this.getContent(answer.id);
    }
    /**
     * A13/A14: the item is read back after the PUT, whatever it answered, and a
     * field this edit set that the service shows cleared is an error: a service
     * that replaces the whole item would otherwise lose what was not sent.
     */
    async editContent(id, edit, options) {
        const path = paths.content(id);
        await this.#call('PUT', path, editBody(edit, options?.cancelGeneration === true));
        const detail = await this.getContent(id);
        const cleared = clearedFields(edit, detail);
        if (cleared.length > 0) {
            throw new errors.ResponseShapeError('PUT', path, `the edit was accepted, but the item read back has ${cleared.join(', ')} cleared`);
        }
        return detail;
    }
    async listVersions(id) {
        const versionOf = (row) => typeof row === 'object' && row !== null && 'version' in row ? String(row.version) : null;
        return (await this.#listAll(paths.versions(id), parseVersion, versionOf)).items;
    }
    async processContent(request) {
        await this.#call('POST', paths.processContent(), generationBody(request), GENERATION);
    }
    async generateVideo(contentId, render) {
        await this.#call('POST', paths.generateVideo(), videoBody(contentId, render), GENERATION);
    }
    async upload(contentId, publish) {
        await this.#call('POST', paths.upload(contentId), uploadBody(publish), GENERATION);
    }
    async taskStatus(contentId) {
        const path = paths.taskStatus(contentId);
        return this.#parse('GET', path, await this.#call('GET', path), (body) => parseTaskStatus(body, contentId));
    }
    listAccounts() {
        return this.#listAll(paths.accounts(), parseAccount);
    }
    async credits() {
        const path = paths.credits();
        return this.#parse('GET', path, await this.#call('GET', path), parseCredits);
    }
    async subscription() {
        const path = paths.subscription();
        return this.#parse('GET', path, await this.#call('GET', path), parseSubscription);
    }
    async introspect() {
        const path = paths.introspect();
        return this.#parse('GET', path, await this.#call('GET', path), parseIntrospection);
    }
    close() {
        return this.#transport.close();
    }
    toJSON() {
        return { baseUrl: this.baseUrl };
    }
    // ---- plumbing ---------------------------------------------------------
    /** A5–A7: every page, and whether the listing was proven complete (listing.ts). */
    async #listAll(path, parseItem, identify) {
        let outcome;
        try {
            outcome = await walkListing(path, {
                base: this.#base,
                pageSize: this.#pageSize,
                get: (target) => this.#call('GET', target),
                ...(identify ? { identify } : {}),
            });
        }
        catch (error) {
            if (error instanceof Unrecognised)
                throw new errors.ResponseShapeError('GET', path, this.#transport.redact(error.message));
            if (error instanceof ListingError)
                throw new ListingError(this.#transport.redact(error.message));
            throw error;
        }
        this.#onListing?.(path, outcome);
        const items = outcome.rows.map((row, index) => this.#parse('GET', path, row, parseItem, `row ${index + 1}`));
        return { items, complete: outcome.complete, gap: outcome.gap };
    }
    #parse(method, path, body, parse, where) {
        try {
            return parse(body);
        }
        catch (error) {
            if (!(error instanceof ShapeProblem))
                throw error;
            const problem = where === undefined ? error.message : `${where}: ${error.message}`;
            throw new errors.ResponseShapeError(method, path, this.#transport.redact(problem));
        }
    }
    /** One request; the body of a 2xx, or a ServiceError that teaches. */
    async #call(method, path, body, kind = READ) {
        const label = path.split('?')[0] ?? path;
        if (method === 'GET')
            return this.#send(method, path, label, body, kind);
        if (this.#readOnly)
            throw new errors.WritesStoppedError(method, label, 'this client only reads (doctor)');
        if (this.#writeAccepted)
            return this.#send(method, path, label, body, kind);
        // Until the service has accepted one write, writes go one at a time: a
        // 403 on the first stops the others before they are sent.
        const before = this.#writeGate;
        let release = () => { };
        this.#writeGate = new Promise((resolve) => (release = resolve));
        await before;
        try {
            if (this.#writeRefusal !== null) {
                throw new errors.WritesStoppedError(method, label, `an earlier write was refused: ${this.#writeRefusal.message}`);
            }
            const answer = await this.#send(method, path, label, body, kind);
            this.#writeAccepted = true;
            return answer;
        }
        finally {
            release();
        }
    }
    async #send(method, path, label, body, kind) {
        const response = await this.#transport.request(method, path, body, kind);
        const failure = response.status < 300 ? failureInSuccess(response.body) : null;
        if (response.status >= 200 && response.status < 300 && failure === null)
            return response.body;
        const error = await this.#error(method, label, response);
        // The first 403 on a write stops every later one (A29): the scope of each
        // endpoint is not shown, so this refusal is how the client learns it.
        if (method !== 'GET' && response.status === 403)
            this.#writeRefusal ??= error;
        throw error;
    }
    async #error(method, path, response) {
        const scrub = (text) => this.#transport.redact(text);
        const parsed = parseErrorBody(response.body);
        const body = {
            ...parsed,
            message: scrub(parsed.message),
            code: parsed.code === undefined ? undefined : scrub(parsed.code),
            limit: parsed.limit === undefined ? undefined : scrub(parsed.limit),
            required: parsed.required?.map(scrub),
        };
        const facts = {
            status: response.status,
            method,
            path,
            attempts: response.attempts,
            body,
            retryAfterSeconds: parseRetryAfter(response.retryAfter, this.#now()),
        };
        if (response.status === 401 && path !== paths.introspect()) {
            return serviceError({ ...facts, introspection: await this.#whyUnauthorized() }, scrub);
        }
        if (response.status === 402) {
            return serviceError({ ...facts, balance: parsed.balance ?? (await this.#balanceOrUndefined()) }, scrub);
        }
        return serviceError(facts, scrub);
    }
    /** Asked once per client: every worker hitting 401 shares the one answer. */
    #whyUnauthorized() {
        this.#introspection ??= this.introspect().then((introspection) => ({ kind: 'answer', introspection }), (error) => error instanceof errors.ServiceError && error.status === 401
            ? { kind: 'rejected' }
            : { kind: 'failed', reason: error instanceof Error ? error.message : 'no answer' });
        return this.#introspection;
    }
    async #balanceOrUndefined() {
        try {
            return await this.credits();
        }
        catch {
            return undefined;
        }
    }
}
function blank(value) {
    return (value === null ||
        value === undefined ||
        value === '' ||
        (typeof value === 'object' && Object.keys(value).length === 0));
}
/** Fields an edit set to a value that the item read back shows empty. */
function clearedFields(edit, detail) {
    const cleared = [];
    for (const [field, sent] of Object.entries(edit)) {
        // The persona is the service's own expansion, which it may keep whatever was sent.
        if (blank(sent) || field === 'persona_id')
            continue;
        const now = detail[field];
        if (blank(now))
            cleared.push(field);
    }
    return cleared;
}

;// CONCATENATED MODULE: ./src/api/index.ts
// The typed client through which the project talks to the service.






/***/ })

};
