export const id = 994;
export const ids = [994];
export const modules = {

/***/ 3994:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  run: () => (/* binding */ run)
});

// EXTERNAL MODULE: ./node_modules/@actions/core/lib/core.js + 14 modules
var core = __webpack_require__(6421);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
;// CONCATENATED MODULE: ./src/text/safe-line.ts
// Text from manifests (titles, scripts, file names) and from the service
// (error messages, last_error) is printed to a GitHub runner's log and to
// terminals. Both act on what they read:
//
// - The runner reads stdout line by line (a line ends at LF, CR or CRLF) and
//   runs as a workflow command any line that starts with `::` once trimmed
//   (.NET's Trim: every Unicode white space, U+0085 NEL included), and any
//   line that holds the legacy `##[` form anywhere in it.
// - A terminal runs escape sequences: CSI (clear the screen, move the
//   cursor), OSC (set the window title, hyperlinks), and the C1 forms of both.
// - Bidi overrides and isolates reorder what is shown, so a line reads
//   differently from what it holds.
//
// This module makes any text inert for both. It is pure and has no imports:
// every writer to stdout (the action's log, annotations and groups, the CLI's
// terminal lines) calls it.
// A zero-width space between the two characters: the runner does not trim it
// (it is not white space to .NET), and it shows as nothing.
const BREAK = '\u200b';
// Escape sequences as terminals read them (ECMA-48), 7-bit and 8-bit forms.
// Matching control characters is this module's job.
/* eslint-disable no-control-regex */
const OSC_OR_STRING = /(?:\u001b[\]PX^_]|[\u0090\u0098\u009d\u009e\u009f])[^\u0007\u001b\u009c\n]*(?:\u0007|\u001b\\|\u009c)?/g;
const CSI = /(?:\u001b\[|\u009b)[\u0030-\u003f]*[\u0020-\u002f]*[\u0040-\u007e]?/g;
const OTHER_ESCAPE = /\u001b[\u0020-\u002f]*[\u0030-\u007e]?/g;
/** C0 controls except tab and line feed, DEL, and C1 controls (NEL among them). */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;
/** Bidi embeddings, overrides, isolates and marks: U+202A–U+202E, U+2066–U+2069, LRM, RLM, ALM. */
const BIDI = /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/g;
/** Everything .NET's String.Trim() removes from the start of a line (Char.IsWhiteSpace). */
const RUNNER_TRIMMED = '\\t\\n\\v\\f\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
const LEADING_COMMAND = new RegExp(`^([${RUNNER_TRIMMED}]*):(?=:)`);
/** Matches one style code the CLI itself writes (`ESC [ 1 m`, `ESC [ 39 m`, …): bold, dim, colours, resets. */
const OWN_STYLE = /\u001b\[\d{1,2}m/g;
/* eslint-enable no-control-regex */
/**
 * Removes escape sequences, control characters (tab and line feed stay) and
 * bidi controls. A CR, alone or before LF, and the Unicode line and
 * paragraph separators become LF, because the runner ends a line at a CR too.
 */
function stripControls(text) {
    return text
        .replace(/\r\n?|[\u2028\u2029]/g, '\n')
        .replace(OSC_OR_STRING, '')
        .replace(CSI, '')
        .replace(OTHER_ESCAPE, '')
        .replace(CONTROL, '')
        .replace(BIDI, '');
}
/** Breaks every `::` and every `##[`, wherever they stand. */
function breakCommands(text) {
    return text.replace(/:(?=:)/g, `:${BREAK}`).replace(/#(?=#\[)/g, `#${BREAK}`);
}
/**
 * Text to embed in a log line, an annotation, a group title or a terminal
 * line: nothing in it can start a workflow command or drive a terminal,
 * wherever in the line it lands. Line feeds stay (the caller escapes or
 * splits them); every line of the result is safe on its own.
 */
function safeText(text) {
    return breakCommands(stripControls(text));
}
/**
 * The last step before bytes reach a terminal (or a runner's log, when the
 * CLI runs in a workflow): no line can start a workflow command, no escape
 * sequence but the style codes the CLI writes itself (when `keepStyle`).
 */
function guardTerminalOutput(text, keepStyle) {
    const strip = (line) => keepStyle
        ? splitKeeping(line, OWN_STYLE)
            .map((part, index) => (index % 2 === 1 ? part : stripControls(part)))
            .join('')
        : stripControls(line);
    return guardLines(text, strip);
}
/**
 * Applies strip to each line (the runner ends a line at a CR or a Unicode
 * separator too), breaks `##[` anywhere, and breaks a `::` that starts a line
 * once the runner has trimmed it.
 */
function guardLines(text, strip) {
    const guard = (line) => strip(line)
        .replace(/#(?=#\[)/g, `#${BREAK}`)
        .replace(LEADING_COMMAND, `$1:${BREAK}`);
    return text
        .replace(/\r\n/g, '\n')
        .split('\n')
        .map((line) => line
        .split(/\r|[\u2028\u2029]/)
        .map(guard)
        .join('\n'))
        .join('\n');
}
/** Splits text around the matches of pattern: plain, match, plain, match, …, plain. */
function splitKeeping(text, pattern) {
    const parts = [];
    let last = 0;
    for (const match of text.matchAll(pattern)) {
        parts.push(text.slice(last, match.index), match[0]);
        last = match.index + match[0].length;
    }
    parts.push(text.slice(last));
    return parts;
}

;// CONCATENATED MODULE: ./src/secrets.ts


// Keys and tokens never leave the process. Every text that does (log lines,
// annotations, outputs, the job summary, the PR comment, the CLI's lines and
// its --json, and every file: the plan and results files, imported
// manifests, a summary file) passes through scrubSecrets, the one scrubber,
// whatever else it went through (test/architecture/one-scrubber.test.ts
// finds any other way out):
//
// 1. The exact value of every registered secret, in every form it can take on
//    the way out: as is, JSON-escaped (the `results` output, --json),
//    URL-encoded, base64 (alone or inside a longer base64 text), made safe
//    for the log, and spread over several lines (a service message that
//    wraps it). Whatever characters the key holds, all of it goes.
// 2. Then anything shaped like a credential: the service's keys, GitHub's
//    tokens, and the user and password in a URL.
// 3. Signed, time-limited media URLs: whoever holds one downloads the video.
const SECRET_PATTERNS = [
    // Service keys: the prefix and what follows up to a character that ends a
    // token in text or in JSON; a `.`, `:` or `,` that ends a sentence is kept.
    // At least one character: the prefix alone is no secret, and advice names it.
    [/svc_live_[^\s"'\\<>`()[\]{}|,;\u2026]*[^\s"'\\<>`()[\]{}|,;.:\u2026]/g, '***'],
    // GitHub tokens: classic (ghp_, gho_, ghu_, ghs_, ghr_) and fine-grained.
    [/\b(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,})/g, '***'],
    // Credentials in a URL (`ftp://user:password@host`, `https://token@host`).
    [/\b([a-z][a-z0-9+.-]*:\/\/)[^\s/?#@"'<>`]+@/gi, '$1***@'],
];
const SECRET_PLACEHOLDER = '***';
/** Query parameters that mark a URL as signed (S3, GCS, Azure SAS, CloudFront, generic tokens). */
const SIGNED_QUERY = /\bhttps?:\/\/[^\s"'<>()|`]*?[?&](?:x-amz-signature|x-amz-credential|x-goog-signature|signature|sig|se|sv|expires|token|key-pair-id|policy)=[^\s"'<>()|`]*/gi;
const SIGNED_URL_PLACEHOLDER = '[signed URL removed]';
/** Shorter values are not secrets worth a search (and would scrub ordinary words). */
const MIN_SECRET_LENGTH = 6;
const registered = new Set();
/** The forms of the last set of secrets asked for: the same set, call after call. */
let cached = null;
/**
 * Registers a secret for every later scrubSecrets call in this process: the
 * API key as soon as it is read, so that no output channel depends on being
 * handed it.
 */
function registerSecret(secret) {
    const value = secret.trim();
    if (value.length >= MIN_SECRET_LENGTH)
        registered.add(value);
}
/**
 * Replaces the registered and given secrets (every form) and anything shaped
 * like one with `***`, and signed URLs with a placeholder. Escaping for
 * Markdown changes the text (`_` becomes `\_`), so the escape functions
 * scrub before they escape, and this runs again on every byte out.
 */
function scrubSecrets(text, secrets = []) {
    let out = text;
    const { exact, spread } = formsFor([...registered, ...secrets]);
    for (const form of exact)
        out = out.split(form).join(SECRET_PLACEHOLDER);
    for (const pattern of spread)
        out = out.replace(pattern, SECRET_PLACEHOLDER);
    for (const [pattern, replacement] of SECRET_PATTERNS)
        out = out.replace(pattern, replacement);
    return out.replace(SIGNED_QUERY, SIGNED_URL_PLACEHOLDER);
}
/**
 * A signed media URL as the one place that may show one shows it (a private
 * repository's PR comment, for a pull request's preview render): the URL
 * whole, when nothing in it is a registered secret or shaped like a key or a
 * token; null otherwise. Every other way out scrubs it (scrubSecrets).
 */
function signedUrlToShow(url, secrets = []) {
    const { exact, spread } = formsFor([...registered, ...secrets]);
    if (exact.some((form) => url.includes(form)) ||
        spread.some((pattern) => new RegExp(pattern.source, pattern.flags.replace('g', '')).test(url)))
        return null;
    const scrubbed = SECRET_PATTERNS.reduce((out, [pattern, replacement]) => out.replace(pattern, replacement), url);
    return scrubbed === url ? url : null;
}
/** Whether the scrubber would change the text: it holds a secret, a key or token, or a signed URL. */
function holdsSecret(text, secrets = []) {
    return scrubSecrets(text, secrets) !== text;
}
/** The one way the project writes a file: what it holds is scrubbed first, like every other output. */
function writeScrubbedFile(file, text, options) {
    (0,external_node_fs_.writeFileSync)(file, scrubSecrets(text), options);
}
function formsFor(secrets) {
    const unique = [...new Set(secrets.map((secret) => secret.trim()))];
    const key = unique.join('\u0000');
    if (cached?.key !== key)
        cached = { key, forms: formsOf(unique) };
    return cached.forms;
}
function formsOf(secrets) {
    const exact = new Set();
    const spread = [];
    // Trimmed by formsFor; an empty one has only empty forms, which are skipped.
    for (const secret of secrets) {
        for (const form of encodings(secret))
            if (form.length > 0)
                exact.add(form);
        // Each line of a secret that is itself several lines, as the runner masks it.
        for (const line of secret.split(/\r?\n/))
            if (line.trim().length >= MIN_SECRET_LENGTH)
                exact.add(line.trim());
        if (secret.length >= MIN_SECRET_LENGTH) {
            // As is, JSON-escaped, and JSON-escaped twice: each character in the form it has there.
            const once = [...secret].map((char) => JSON.stringify(char).slice(1, -1));
            const twice = once.map((unit) => JSON.stringify(unit).slice(1, -1));
            for (const units of [[...secret], once, twice])
                spread.push(spreadPattern(units));
        }
    }
    // Longest first: a form that holds another is replaced whole.
    return { exact: [...exact].sort((a, b) => b.length - a.length), spread };
}
/** The forms a value takes in what this project writes. */
function encodings(secret) {
    const json = JSON.stringify(secret).slice(1, -1);
    const url = encodeURIComponent(secret);
    return [
        secret,
        json,
        JSON.stringify(json).slice(1, -1), // JSON inside JSON: a message quoted in an output
        url,
        url.replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase()),
        url.replace(/%20/g, '+'),
        encodeURI(secret),
        breakCommands(secret),
        ...base64Forms(secret),
    ];
}
/**
 * The base64 of the value, and the part of it that stays the same wherever
 * the value sits inside a longer encoded text (`user:key` in a Basic header,
 * a JSON document): one form per alignment, standard and URL-safe alphabets.
 */
function base64Forms(secret) {
    const bytes = Buffer.from(secret);
    const found = [bytes.toString('base64')];
    for (const offset of [0, 1, 2]) {
        const padded = Buffer.concat([Buffer.alloc(offset), bytes]);
        const encoded = padded.toString('base64');
        // Characters that mix in bits of the bytes before or after are left out
        // (and so is the padding, which comes after `end`).
        const start = [0, 2, 3][offset];
        const end = Math.floor((padded.length * 8) / 6);
        const stable = encoded.slice(start, end);
        if (stable.length >= MIN_SECRET_LENGTH)
            found.push(stable);
    }
    return found.flatMap((form) => [form, form.replace(/\+/g, '-').replace(/\//g, '_')]);
}
/**
 * The value's characters (units) with line breaks, white space, `<br>` or
 * their escaped forms (`\n`, `\\n`, `%0A`) between any two of them: a
 * message wrapped across lines still holds the whole key.
 */
function spreadPattern(units) {
    const gap = '(?:\\s|\\\\{1,2}[nrt]|%0[aAdD]|<br\\s*/?>|\u200b)*';
    const escaped = units.map((unit) => unit.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&'));
    return new RegExp(escaped.join(gap), 'g');
}

;// CONCATENATED MODULE: ./src/action/commands.ts



class WorkflowCommands {
    #secrets = [];
    /** An input as the runner passes it (`INPUT_<NAME>`), trimmed; '' when not given. */
    input(name) {
        return core.getInput(name);
    }
    /**
     * Registers a secret: the runner masks it in the log, and every scrubber of
     * the process removes it, in every encoding, from everything written. The
     * `add-mask` line itself is the one place the value is written, exactly:
     * the runner consumes it and never shows it.
     */
    mask(secret) {
        if (!secret)
            return;
        this.#secrets.push(secret);
        registerSecret(secret);
        for (const line of secret.split(/\r?\n/))
            if (line.trim())
                core.setSecret(line);
    }
    redact(text) {
        return scrubSecrets(text, this.#secrets);
    }
    /** Scrubbed, then made safe: a key with `::` in it must still match before it is broken. */
    #logText(text) {
        return safeText(this.redact(text));
    }
    info(message) {
        core.info(this.#logText(message));
    }
    debug(message) {
        core.debug(this.#logText(message));
    }
    annotate(level, message, properties = {}) {
        const safe = { ...properties };
        if (properties.title !== undefined)
            safe.title = this.#logText(properties.title);
        if (properties.file !== undefined)
            safe.file = this.#logText(properties.file);
        core[level](this.#logText(message), safe);
    }
    warning(message, properties) {
        this.annotate('warning', message, properties);
    }
    error(message, properties) {
        this.annotate('error', message, properties);
    }
    /** Fails the step with one error annotation. */
    fail(message) {
        core.setFailed(this.#logText(message));
    }
    startGroup(title) {
        core.startGroup(this.#logText(title));
    }
    endGroup() {
        core.endGroup();
    }
    async setOutput(name, value) {
        core.setOutput(name, this.redact(value));
    }
    /** Appends Markdown to the job summary; without a summary file (a local run) the log says so. */
    async appendSummary(markdown) {
        if (process.env.GITHUB_STEP_SUMMARY)
            await core.summary.addRaw(this.redact(markdown)).write();
        else
            this.debug('No GITHUB_STEP_SUMMARY file: the job summary was not written.');
    }
}

;// CONCATENATED MODULE: ./src/service-client/base-url-policy.ts
// The one check of base-url before the key is sent anywhere. Every mode that
// sends the key (plan, apply, import, doctor, the CLI's validate when it has
// a key) asks it first, and the client asks it again before its first
// request, so a mode that forgot could still not send the key.
//
// The key travels in the Authorization header of every request: over plain
// http anyone on the path reads it. http is fine to this machine (the
// emulator, a tunnel); anywhere else it needs the caller to say so.
const LOOPBACK_NAMES = new Set(['localhost', '[::1]']);
/** True for `localhost`, `*.localhost`, 127.0.0.0/8 and ::1. */
function isLoopbackHost(hostname) {
    const host = hostname.toLowerCase().replace(/\.$/, '');
    if (LOOPBACK_NAMES.has(host) || host.endsWith('.localhost'))
        return true;
    return /^127(?:\.\d{1,3}){3}$/.test(host);
}
/**
 * null when the URL may be used as it is; otherwise the sentence that says
 * why not (for an error, or for a warning when the caller allowed it).
 */
function insecureBaseUrl(baseUrl, allowFlag) {
    const url = parsed(baseUrl);
    if (url === null || url.protocol !== 'http:' || isLoopbackHost(url.hostname))
        return null;
    return (`base-url is plain http:// to ${url.hostname}, so the API key would cross the network in clear text. ` +
        `Use https://, or set ${allowFlag} if the network in between is yours.`);
}
/**
 * A query or fragment in base-url is never sent: each request goes to the
 * base path with a query of its own. Said instead of dropped, without
 * echoing it (it may hold a secret).
 */
function unsentBaseUrlPart(baseUrl) {
    const url = parsed(baseUrl);
    if (url === null)
        return null;
    const part = url.search !== '' ? 'a query (?…)' : url.hash !== '' ? 'a fragment (#…)' : null;
    if (part === null)
        return null;
    return (`base-url has ${part}, which the client would not send: every request goes to base-url's path ` +
        'with a query of its own. Remove it from base-url.');
}
/** The gate itself: `allowFlag` names the setting in the caller's words (`--allow-insecure-http`). */
function checkBaseUrl(baseUrl, allowInsecureHttp, allowFlag) {
    const unsent = unsentBaseUrlPart(baseUrl);
    if (unsent !== null)
        return { refused: unsent, warning: null };
    const insecure = insecureBaseUrl(baseUrl, allowFlag);
    if (insecure === null)
        return { refused: null, warning: null };
    return allowInsecureHttp ? { refused: null, warning: insecure } : { refused: insecure, warning: null };
}
function parsed(baseUrl) {
    try {
        return new URL(baseUrl.trim());
    }
    catch {
        return null; // Not a URL at all: the client says so in its own words.
    }
}

;// CONCATENATED MODULE: ./src/version.ts
// Set by `npm run release` (scripts/release.ts) together with package.json;
// test/release/documents.test.ts fails when the two differ. A constant, so
// that the bundle, which carries no package.json, knows its own version.
const VERSION = '1.1.0';
const USER_AGENT = `content-as-code/${VERSION}`;

;// CONCATENATED MODULE: ./src/text/service-terms.ts
// Text as a service may store it. Services normalise what they keep: `\r\n`
// becomes `\n`, whitespace at line ends and around the whole text goes, and
// Unicode is kept composed (NFC: `é` as one code point, not `e` and an
// accent). Two texts equal in these terms are the same text to the service,
// so comparing in them never sends an edit the service would undo, and never
// takes a title the service stored otherwise for another item's.
/** A text in the service's terms: NFC, `\n` line ends, no whitespace at line ends or around the text. */
function serviceText(text) {
    const composed = text.normalize('NFC');
    // One line, as a title is: the same text as trimming it, at a fraction of the cost.
    if (!composed.includes('\n') && !composed.includes('\r'))
        return composed.trim();
    return composed
        .replace(/\r\n?/g, '\n')
        .split('\n')
        .map((line) => line.trimEnd())
        .join('\n')
        .trim();
}
/**
 * The key a title is matched by, whoever stored it: the manifest, the
 * service, another run. A title is one line, and a service may keep a run of
 * blanks in it as one: two titles that differ only so are one title.
 */
function titleKey(title) {
    if (PLAIN_TITLE.test(title))
        return title;
    return serviceText(title).replace(/\s+/g, ' ');
}
/**
 * Printable ASCII words parted by single spaces: already composed, trimmed
 * and without runs of blanks, so its own key. Most titles are, and a plan
 * takes the key of each one several times.
 */
const PLAIN_TITLE = /^[!-~]+(?: [!-~]+)*$/;
/** Whether two titles name the same item in the service's terms. */
function sameTitle(a, b) {
    return titleKey(a) === titleKey(b);
}
// ---- enum words -------------------------------------------------------------
// The interface spells its enumerations (statuses, platforms, task states) in
// one case, but a service may answer `uploaded`, `Uploaded` or `ready-for-upload`
// for the same word. Compared in the service's terms, those are one word: case
// does not tell words apart, nor do spaces or hyphens where the interface has
// an underscore.
/** An enum word in the service's terms: upper case, runs of spaces, hyphens and underscores as one `_`. */
function wordKey(word) {
    return word
        .trim()
        .toUpperCase()
        .replace(/[\s_-]+/g, '_');
}
/**
 * A reader for one enumeration: the word of `words` that a value spells in the
 * service's terms (in the interface's own spelling), or null when it is none
 * of them (then kept as sent by the caller, A35).
 */
function enumReader(words) {
    const byKey = new Map(words.map((word) => [wordKey(word), word]));
    return (value) => byKey.get(value) ?? byKey.get(wordKey(value)) ?? null;
}
const FLAG_WORDS = new Map([
    ['YES', true],
    ['NO', false],
    ['TRUE', true],
    ['FALSE', false],
    ['1', true],
    ['0', false],
]);
/**
 * A flag as the service may write it: a boolean, or a word in the interface's
 * own form for flags (`yes`/`no`), or `true`/`false`, `1`/`0`, whatever the
 * case. Null for anything else: what depends on it is then not decided by it.
 */
function serviceFlag(value) {
    if (typeof value === 'boolean')
        return value;
    if (typeof value !== 'string' && typeof value !== 'number')
        return null;
    return FLAG_WORDS.get(wordKey(String(value))) ?? null;
}
// ---- dates ------------------------------------------------------------------
// The interface shows dates as ISO 8601 text, but a service may send epoch
// seconds, epoch milliseconds, or ISO text with any offset (or none). One
// parser reads them all into an instant; everything after compares instants.
/** Epoch numbers below this are seconds (year 5138 in seconds is 1973 in milliseconds). */
const EPOCH_MS_FROM = 1e11;
/** And below this, milliseconds; above, microseconds. */
const EPOCH_US_FROM = 1e14;
const ISO_LIKE = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?))?\s*(Z|z|[+-]\d{2}(?::?\d{2})?)?$/;
function fromEpoch(value) {
    if (Math.abs(value) < EPOCH_MS_FROM)
        return value * 1000;
    if (Math.abs(value) < EPOCH_US_FROM)
        return value;
    return value / 1000;
}
function fromIsoText(text) {
    const match = ISO_LIKE.exec(text);
    if (match === null)
        return Date.parse(text);
    const [, day, time = '00:00:00', zone] = match;
    // A date without an offset is taken as UTC: a server's clock, not a wall clock.
    const offset = zone === undefined || zone === 'z'
        ? 'Z'
        : zone.length === 5
            ? `${zone.slice(0, 3)}:${zone.slice(3)}`
            : zone.length === 3
                ? `${zone}:00`
                : zone;
    return Date.parse(`${day}T${time.replace(',', '.')}${offset}`);
}
/**
 * A date as the service sent it, as an instant in ISO 8601 UTC
 * (`2026-01-02T03:04:05.678Z`): ISO text with any offset or none (taken as
 * UTC), epoch seconds, milliseconds or microseconds, as numbers or digits.
 * Null when absent or unreadable: what depends on it is then held, never guessed.
 */
function serviceInstant(value) {
    let ms;
    if (typeof value === 'number')
        ms = Number.isFinite(value) ? fromEpoch(value) : NaN;
    else if (typeof value !== 'string' || value.trim() === '')
        return null;
    else if (/^-?\d+(?:\.\d+)?$/.test(value.trim()))
        ms = fromEpoch(Number(value.trim()));
    else
        ms = fromIsoText(value.trim());
    if (!Number.isFinite(ms))
        return null;
    const date = new Date(ms);
    return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

;// CONCATENATED MODULE: ./src/service-client/errors.ts
// The errors the client throws. Every message is one line that says what went
// wrong and what to do, and none of them can carry the API key: every text
// that comes from the service or the network passes through scrubSecrets() first.


/** One line, with anything shaped like a key removed: every error message passes here. */
function oneLine(text) {
    return scrubSecrets(text.replace(/\s+/g, ' ').trim());
}
/** The run cannot start: a missing or malformed key, or a base URL that is not http(s). */
class ConfigurationError extends Error {
    name = 'ConfigurationError';
}
/** The service answered with an error status. */
class ServiceError extends Error {
    name = 'ServiceError';
    status;
    method;
    path;
    serviceMessage;
    /** `generation_in_progress`, `already_published`, … (409). */
    code;
    /** Missing scopes (403). */
    required;
    /** Whole seconds the service asked to wait (429). */
    retryAfterSeconds;
    /** Credit balance (402), from the body or GET /users/credits. */
    balance;
    /** Credits the refused operation needed (402), when the body says. */
    creditsRequired;
    /** Which limit a 429 hit (`generation`, `daily_video_cap`). */
    limit;
    /** How many times the request was sent. */
    attempts;
    constructor(details) {
        super(oneLine(details.message));
        this.status = details.status;
        this.method = details.method;
        this.path = details.path;
        this.serviceMessage = scrubSecrets(details.serviceMessage);
        this.code = details.code;
        this.required = details.required;
        this.retryAfterSeconds = details.retryAfterSeconds;
        this.balance = details.balance;
        this.creditsRequired = details.creditsRequired;
        this.limit = details.limit;
        this.attempts = details.attempts ?? 1;
    }
    /** Whether the service's code is this word, in the service's terms (`Already-Published` is `already_published`). */
    codeIs(word) {
        return this.code !== undefined && wordKey(this.code) === wordKey(word);
    }
}
/**
 * The resource is not there: 404, or 410 Gone (RFC 9110: gone for good,
 * which for a read is the same answer). Every "not found" is asked here.
 */
function isNotFound(error) {
    return error instanceof ServiceError && (error.status === 404 || error.status === 410);
}
/**
 * A non-idempotent POST may have reached the service but its answer was lost
 * (A33). The client does not repeat it on its own: the caller looks at the service before any resend.
 */
class OutcomeUnknownError extends Error {
    name = 'OutcomeUnknownError';
    method;
    path;
    /** `timeout`, `connection closed`, `503`, … */
    reason;
    /** The HTTP status when the lost answer was a 5xx. */
    status;
    constructor(options) {
        super(oneLine(`${options.method} ${options.path}: the request may have reached the service but no usable answer came ` +
            `(${options.reason}); its outcome is unknown, so the client did not repeat it on its own. ` +
            'Look at the item before trying again.'), options.cause === undefined ? undefined : { cause: options.cause });
        this.method = options.method;
        this.path = options.path;
        this.reason = options.reason;
        this.status = options.status;
    }
}
/** The service could not be reached (or kept failing) and the retries ran out. */
class NetworkError extends Error {
    name = 'NetworkError';
    method;
    path;
    attempts;
    constructor(options) {
        super(oneLine(`${options.method} ${options.path}: the service could not be reached (${options.reason}) ` +
            `after ${options.attempts} attempt${options.attempts === 1 ? '' : 's'}. Check base-url and the network, then run again.`), options.cause === undefined ? undefined : { cause: options.cause });
        this.method = options.method;
        this.path = options.path;
        this.attempts = options.attempts;
    }
}
/**
 * A write the client refused to send: the client only reads (doctor), or an
 * earlier write of this run got a 403 and every later one is stopped (A29).
 */
class WritesStoppedError extends Error {
    name = 'WritesStoppedError';
    method;
    path;
    constructor(method, path, why) {
        super(oneLine(`${method} ${path} was not sent: ${why}.`));
        this.method = method;
        this.path = path;
    }
}
/** The client's request budget is spent: the request was not sent. */
class RequestBudgetError extends Error {
    name = 'RequestBudgetError';
    constructor(method, path) {
        super(`${method} ${path} was not sent: the request budget is spent.`);
    }
}
/**
 * A rate-limited request not sent: the service's pace (or the Retry-After of
 * its last 429) allows the next one only after the run's deadline, and no
 * wait outlasts the run. Nothing was sent; the next run sends it.
 */
class AfterDeadlineError extends Error {
    name = 'AfterDeadlineError';
    /** When the service allows the next generation request (ISO 8601). */
    nextAt;
    constructor(method, path, nextAt) {
        const at = new Date(nextAt).toISOString();
        super(`${method} ${path} was not sent: the service's pace allows the next generation at ${at}, after this run's deadline.`);
        this.nextAt = at;
    }
}
/** A successful answer whose body the client cannot read as any listed variant. */
class ResponseShapeError extends Error {
    name = 'ResponseShapeError';
    method;
    path;
    constructor(method, path, problem) {
        super(oneLine(`${method} ${path}: unexpected response from the service: ${problem}. ` +
            'See docs/service-assumptions.md for the shapes the client accepts.'));
        this.method = method;
        this.path = path;
    }
}
/**
 * A write the service accepted whose item could not then be read back. The
 * write stands (it is never sent again for this): what the engine would do
 * next with the item waits for a read that succeeds, in this run or the next.
 */
class ReadBackError extends Error {
    name = 'ReadBackError';
    /** The item the write concerned. */
    id;
    constructor(method, id, cause) {
        super(oneLine(`${method} of ${id} was accepted, but reading the item back failed: ${describeError(cause)}`), {
            cause,
        });
        this.id = id;
    }
}
/**
 * An edit the service accepted that reads back with fields it set now empty:
 * a service that replaces the item, or one that dropped a value. The edit is
 * not sent again; the item read back is kept for the report.
 */
class ClearedFieldsError extends Error {
    name = 'ClearedFieldsError';
    fields;
    constructor(path, fields) {
        super(oneLine(`PUT ${path} was accepted, but the item read back has ${fields.join(', ')} empty`));
        this.fields = fields;
    }
}
/** One line, free of any key, for reports and logs. */
function describeError(error) {
    if (error instanceof Error) {
        const text = error.message === '' ? error.name : error.message;
        return scrubSecrets(oneLine(text));
    }
    if (typeof error === 'string')
        return scrubSecrets(oneLine(error));
    try {
        return scrubSecrets(oneLine(JSON.stringify(error) ?? String(error)));
    }
    catch {
        return 'unknown error';
    }
}

;// CONCATENATED MODULE: ./src/interface/enumerations.ts
// The enumerations the service interface lists, word for word, and nothing
// else: no reading of a "not shown" rule, no interpretation. Both the client
// (src/service-client/types.ts) and the emulator (src/emulator/) take them from here, so
// neither borrows the other's understanding of the service. Imports nothing.
/** "ContentStatus allowed values" (States and transitions), in the interface's order. */
const CONTENT_STATUSES = [
    'NEW',
    'PROCESSING',
    'PROCESSING_AUDIO',
    'AUDIO_PROCESSED',
    'PROCESSING_VIDEO',
    'VIDEO_PROCESSED',
    'UPLOADING',
    'READY_FOR_UPLOAD',
    'UPLOADED',
    'FAILED_AUDIO',
    'FAILED_VIDEO',
    'FAILED_UPLOAD',
    'FAILED',
];
/** "Terminal states: UPLOADED, FAILED_AUDIO, FAILED_VIDEO, FAILED_UPLOAD, FAILED." */
const TERMINAL_STATUS_NAMES = [
    'UPLOADED',
    'FAILED_AUDIO',
    'FAILED_VIDEO',
    'FAILED_UPLOAD',
    'FAILED',
];
/** The FAILED_* states and FAILED: the terminal states other than UPLOADED. */
const FAILED_STATUS_NAMES = [
    'FAILED_AUDIO',
    'FAILED_VIDEO',
    'FAILED_UPLOAD',
    'FAILED',
];
/** PlatformType "Allowed values: YouTube, TikTok, Instagram. Compared literally, so casing must match exactly." */
const PLATFORMS = ['YouTube', 'TikTok', 'Instagram'];
/** "At creation a scope set is chosen. The default is read and generate." */
const DEFAULT_KEY_SCOPES = (/* unused pure expression or super */ null && (['read', 'generate']));
/** "Every key starts with the fixed prefix `svc_live_`." */
const KEY_PREFIX = 'svc_live_';

;// CONCATENATED MODULE: ./src/service-client/types.ts
// The service's resources as the rest of the project sees them: snake_case
// field names as the interface spells them, but none of the wire quirks
// (those live in wire.ts) and none of the envelope variants (shapes.ts).
// The interface's enumerations themselves live in src/interface/, which the
// emulator reads too.


const KNOWN_STATUS = new Set(CONTENT_STATUSES);
function isKnownStatus(status) {
    return KNOWN_STATUS.has(status);
}
function unknownStatus(value) {
    return value;
}
const TERMINAL_STATUSES = new Set(TERMINAL_STATUS_NAMES);
const FAILED_STATUSES = new Set(FAILED_STATUS_NAMES);
/** Statuses in which the service refuses a PUT without cancel_generation (A17). */
const GENERATING_STATUSES = new Set([
    'PROCESSING',
    'PROCESSING_AUDIO',
    'AUDIO_PROCESSED',
    'PROCESSING_VIDEO',
    'UPLOADING',
]);
/** Statuses with a rendered video that has not been published (A27). */
const RENDERED_STATUSES = new Set([
    'VIDEO_PROCESSED',
    'READY_FOR_UPLOAD',
    'FAILED_UPLOAD',
]);

const KNOWN_PLATFORM = new Set(PLATFORMS);
function isKnownPlatform(platform) {
    return KNOWN_PLATFORM.has(platform);
}
const platformWord = enumReader(PLATFORMS);
/**
 * A35: a platform as the service names it, in the service's terms: `youtube`
 * or `YOUTUBE` is YouTube (the interface's literal comparison is the
 * service's, of what it is sent, and this client never sends a platform). A
 * word that is none of the three is kept as sent: only an item publishing to
 * an account on it is held.
 */
function platformOf(word) {
    return platformWord(word) ?? word;
}
/** Every API key starts with this (interface, Authentication): anything else is a session token or a typo. */

/**
 * Keep-alive connections of the client; the engine's detail readers take all
 * but two, which its listings read their pages on. Reads are not rate
 * limited (interface, Limits 1; A37), and a catalogue of 10,000 items is 10,000
 * detail reads: at 20 ms a round trip, 126 at a time read them about as
 * fast as the listing's pages arrive. Connections open only as reads need
 * them, so a small catalogue opens few.
 */
const DEFAULT_CONNECTIONS = 128;

;// CONCATENATED MODULE: ./src/record.ts
// The one test for a JSON object, for every reader of parsed YAML, JSON and
// the service's answers.
/** An object that is neither null nor an array. */
function isRecord(value) {
    return typeof value === 'object' && value !== null && !Array.isArray(value);
}

;// CONCATENATED MODULE: ./src/service-client/readings.ts



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
            'null for no rows',
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
            'not paged',
            'offsets',
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
        effect: 'no plan limits are read: the generation pace is learned from the 429s (A41)',
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
    A28: {
        title: 'Published URLs',
        readings: ['one url per item', 'urls per account', 'no url'],
        otherwise: 'note',
        effect: 'a publication whose URL the service does not show is reported unconfirmed, naming the account',
    },
    A29: {
        title: 'Key and scopes',
        readings: ['active'],
        otherwise: 'stop',
        effect: 'nothing is written with an inactive key',
    },
    A41: {
        title: 'Generation pace',
        readings: ['count and window', 'count per minute', 'count per second', 'count per hour'],
        otherwise: 'note',
        effect: "generation requests are paced by what the service's 429s show (Retry-After honoured in full)",
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
/** An id as an opaque string: the service may send it as a number or as text. */
function idText(value) {
    if (typeof value === 'string' && value !== '')
        return value;
    if (typeof value === 'number' && Number.isFinite(value))
        return String(value);
    return null;
}
function idIn(obj) {
    return ID_KEYS.map((key) => idText(obj[key])).find((id) => id !== null) ?? null;
}
/**
 * A14: what a write answered. The item itself, only its id (at the top, or
 * wrapped as in A9), or nothing usable at all. The client reads the item back
 * in every case.
 */
function readWriteAnswer(body) {
    if (!isRecord(body))
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
    // A page with no rows written as null (as Go writes a list it never
    // filled) is an empty page, unless the body says it failed: then it is no
    // listing at all.
    const nullRows = LISTING_KEYS.some((key) => body[key] === null);
    if (nullRows && body.success !== false && !('error' in body))
        return { rows: [], reading: 'null for no rows', holder: body };
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
    // A key that is absent reads as undefined, which none of the forms below matches.
    for (const key of ['next', 'next_page_url', 'next_url', 'next_link']) {
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
    return {
        hasMore: serviceFlag(obj.has_more ?? obj.hasMore ?? obj.has_next),
        next: nextOf(obj),
        total: firstNum(obj, ['total', 'total_count', 'totalCount', 'total_items', 'total_results']),
        count: firstNum(obj, ['count']),
        totalPages: firstNum(obj, ['total_pages', 'totalPages', 'page_count', 'pages']),
        lastPage: firstNum(obj, ['last_page', 'lastPage']),
        page: firstNum(obj, ['page', 'current_page', 'currentPage', 'page_number']),
        offset: firstNum(obj, ['offset', 'skip', 'start']),
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
        offset: null,
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
            if (merged[key] === null)
                merged[key] = value;
        }
    }
    return merged;
}
// ---- published URLs (A28) ----------------------------------------------------
const URL_LIKE = /^https?:\/\//i;
function linkOf(value, platform) {
    if (typeof value === 'string')
        return URL_LIKE.test(value.trim()) ? { url: value.trim(), platform, accountId: null } : null;
    if (!isRecord(value))
        return null;
    const url = typeof value.url === 'string' ? value.url.trim() : '';
    if (!URL_LIKE.test(url))
        return null;
    const named = (key) => (typeof value[key] === 'string' ? value[key] : null);
    // Ids are opaque: a number is its digits.
    const id = (key) => typeof value[key] === 'number' && Number.isFinite(value[key]) ? String(value[key]) : named(key);
    const own = named('platform');
    return {
        url,
        platform: own === null ? platform : platformOf(own),
        accountId: id('account_id') ?? id('accountId'),
    };
}
/** A value the service may give as one, as a list, or as a comma-joined text: its parts, trimmed. */
function partsOf(value) {
    if (Array.isArray(value))
        return value.map((part) => (typeof part === 'string' ? part.trim() : part));
    if (typeof value === 'string')
        return value.split(',').map((part) => part.trim());
    return [];
}
/**
 * A28: the URLs a list row shows for the item's publications. The interface
 * names one `published_url` (and `published_platform`) per item; a service
 * may also list one per account, under `published_urls` (URLs, or objects
 * with `url`, `platform`, `account_id`), or several in `published_url` (and
 * `published_platform`), as an array or separated by commas, in the same
 * order. `perAccount` says whether it shows them per account.
 */
function readPublishedLinks(row) {
    if (Array.isArray(row.published_urls)) {
        const links = row.published_urls.flatMap((value) => linkOf(value, null) ?? []);
        return { links, perAccount: true, reading: 'urls per account' };
    }
    const parts = partsOf(row.published_url);
    const platforms = partsOf(row.published_platform).map((part) => typeof part === 'string' ? platformOf(part) : null);
    const links = parts.flatMap((part, index) => linkOf(part, platforms[index] ?? null) ?? []);
    if (links.length > 1 || Array.isArray(row.published_url))
        return { links, perAccount: true, reading: 'urls per account' };
    return { links, perAccount: false, reading: links.length === 0 ? 'no url' : 'one url per item' };
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
const PACE_PLACES = ['generation', 'generation_rate_limit', 'rate_limit', 'rate_limits'];
const PACE_COUNTS = ['requests', 'limit', 'max_requests', 'max'];
const PACE_WINDOWS = ['window_seconds', 'window', 'period_seconds', 'interval_seconds'];
const PER_UNIT = [
    ['per_second', 1, 'count per second'],
    ['per_minute', 60, 'count per minute'],
    ['per_hour', 3600, 'count per hour'],
];
/** A window longer than a day is no pace a run could keep to: a quota, not a rate. */
const LONGEST_WINDOW_S = 86_400;
function paceOf(requests, windowSeconds) {
    if (requests === null || windowSeconds === null || requests < 1)
        return null;
    if (!(windowSeconds > 0) || windowSeconds > LONGEST_WINDOW_S)
        return null;
    return { requests, windowSeconds };
}
/** `{requests, window_seconds}` (or `per_minute`…) in one object, named by the reading it takes. */
function paceIn(obj, prefix) {
    const keys = (names) => names.map((name) => `${prefix}${name}`);
    const counted = paceOf(firstNum(obj, keys([...PACE_COUNTS.map((name) => `${name}_per_window`), ...PACE_COUNTS])), firstNum(obj, keys(PACE_WINDOWS)));
    if (counted)
        return { limit: counted, reading: 'count and window' };
    for (const [unit, seconds, reading] of PER_UNIT) {
        const limit = paceOf(firstNum(obj, keys([`requests_${unit}`, unit])), seconds);
        if (limit)
            return { limit, reading };
    }
    return null;
}
/**
 * A41: the generation rate the subscription's `limits` state, if any: flat
 * (`generation_requests_per_window` with `generation_window_seconds`,
 * `generation_requests_per_minute`), or an object under `generation`,
 * `generation_rate_limit`, `rate_limit` or `rate_limits` (itself or its
 * `generation`) holding `requests` (`limit`, `max_requests`, `max`) with
 * `window_seconds` (`window`, `period_seconds`, `interval_seconds`), or
 * `per_minute`, `per_second`, `per_hour`. Generation is the only rate the
 * interface limits (Limits 1), so a rate limit shown is taken as its. Null
 * when the limits show none: the pace is then learned from the 429s.
 */
function readGenerationPace(limits) {
    if (!isRecord(limits))
        return null;
    const flat = paceIn(limits, 'generation_');
    if (flat)
        return flat;
    for (const place of PACE_PLACES) {
        const inner = limits[place];
        if (!isRecord(inner))
            continue;
        const found = paceIn(inner, '') ?? (isRecord(inner.generation) ? paceIn(inner.generation, '') : null);
        if (found)
            return found;
    }
    return null;
}
/** A24: the status under `status` or `state`, the error under `last_error` or `error`. */
function readTaskStatus(obj) {
    if ('status' in obj)
        return { status: obj.status, lastError: obj.last_error ?? obj.error, reading: 'status and last_error' };
    if ('state' in obj)
        return { status: obj.state, lastError: obj.error ?? obj.last_error, reading: 'state and error' };
    throw new Unrecognised('A24', `no status or state in ${shapeOf(obj)}`);
}
/**
 * A15: the script the service writes from full_text, as this project reads
 * it (the interface does not show the real writer): the emulator writes it,
 * and import leaves out a textover that equals it. Deterministic: whitespace is
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

;// CONCATENATED MODULE: ./src/service-client/wire.ts
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
 * A7: a page by offset, for a service that ignores page numbers: the offset
 * of the next row under the names services use for it, the size under every
 * size name. It also tells a listing that is not paged at all (which answers
 * its whole list again) from one paged by offset.
 */
function offsetQuery(size, offset) {
    const query = new URLSearchParams();
    for (const name of ['limit', 'page_size', 'per_page'])
        query.set(name, String(size));
    for (const name of ['offset', 'skip'])
        query.set(name, String(offset));
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
/** A2, A3, A4: bearer only; JSON content type only when there is a body; a write's Idempotency-Key when it has one. */
function requestHeaders(apiKey, userAgent, hasBody, idempotencyKey) {
    const headers = {
        authorization: `Bearer ${apiKey}`,
        'user-agent': userAgent,
        accept: 'application/json',
    };
    if (hasBody)
        headers['content-type'] = 'application/json';
    if (idempotencyKey !== undefined)
        headers['idempotency-key'] = idempotencyKey;
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

;// CONCATENATED MODULE: ./src/service-client/bounded-response.ts
/** The largest answer read: far above a listing page of 100 items or an item with its scripts. */
const MAX_RESPONSE_BYTES = 16 * 1024 * 1024;
/** The answer is larger than the cap. Final: the same request would get the same answer. */
class ResponseTooLargeError extends Error {
    name = 'ResponseTooLargeError';
    method;
    path;
    limitBytes;
    constructor(method, path, limitBytes) {
        super(`${method} ${path}: the service's answer is larger than ${formatBytes(limitBytes)}, the most one answer may be; ` +
            'it was not read further and not asked for again. Check base-url points at the service.');
        this.method = method;
        this.path = path;
        this.limitBytes = limitBytes;
    }
}
/**
 * No complete answer within the deadline. Carries a timeout code, so the
 * retry policy treats it as any timeout (a GET may be sent again while the
 * call's own deadline allows; a POST is never resent).
 */
class RequestDeadlineError extends Error {
    name = 'RequestDeadlineError';
    code = 'ETIMEDOUT';
    deadlineMs;
    constructor(deadlineMs) {
        super(`no complete answer within ${formatSeconds(deadlineMs)}`);
        this.deadlineMs = deadlineMs;
    }
}
/**
 * Sends one request through `dispatcher` and reads its whole answer within
 * the limits: rejects with RequestDeadlineError when the deadline passes,
 * whatever the exchange is waiting for, and with ResponseTooLargeError past
 * the cap, without reading on. A handler of undici's own rather than
 * `request()` and a body stream: a catalogue's plan sends ten thousand of
 * these, and the stream, its iterator and an abort signal per request were
 * most of what each one cost.
 */
function exchangeBounded(dispatcher, request, limits, where) {
    return new Promise((resolve, reject) => {
        dispatcher.dispatch(request, new BoundedHandler(limits, where, resolve, reject));
    });
}
class BoundedHandler {
    #limits;
    #where;
    #resolve;
    #reject;
    #timer;
    #controller = null;
    /** Why the exchange ended early; aborts the request once undici hands over its controller. */
    #failure = null;
    #settled = false;
    #status = 0;
    #headers = {};
    #chunks = [];
    #size = 0;
    constructor(limits, where, resolve, reject) {
        this.#limits = limits;
        this.#where = where;
        this.#resolve = resolve;
        this.#reject = reject;
        // Made only when needed: an error's stack costs more than the request itself.
        this.#timer = setTimeout(() => this.#fail(new RequestDeadlineError(limits.deadlineMs)), limits.deadlineMs);
    }
    onRequestStart(controller) {
        this.#controller = controller;
        if (this.#failure)
            controller.abort(this.#failure);
    }
    onResponseStart(_, status, headers) {
        // An informational answer (1xx) is not the answer.
        if (this.#settled || status < 200)
            return;
        const declared = Number(headerValue(headers['content-length']));
        if (Number.isFinite(declared) && declared > this.#limits.limitBytes)
            return this.#tooLarge();
        this.#status = status;
        this.#headers = headers;
    }
    onResponseData(_, chunk) {
        if (this.#settled)
            return;
        this.#size += chunk.byteLength;
        if (this.#size > this.#limits.limitBytes)
            return this.#tooLarge();
        this.#chunks.push(chunk);
    }
    onResponseEnd() {
        if (this.#settled)
            return;
        this.#settled = true;
        clearTimeout(this.#timer);
        const text = Buffer.concat(this.#chunks, this.#size).toString('utf8');
        this.#resolve({ status: this.#status, headers: this.#headers, text, bytes: this.#size });
    }
    onResponseError(_, error) {
        this.#fail(error);
    }
    #tooLarge() {
        this.#chunks.length = 0;
        this.#fail(new ResponseTooLargeError(this.#where.method, this.#where.path, this.#limits.limitBytes));
    }
    #fail(error) {
        if (this.#settled)
            return;
        this.#settled = true;
        this.#failure = error;
        clearTimeout(this.#timer);
        this.#controller?.abort(error);
        this.#reject(error);
    }
}
function headerValue(value) {
    return Array.isArray(value) ? value[0] : value;
}
/** `16 MiB`, or the bytes as a number when not a whole MiB. */
function formatBytes(bytes) {
    return bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MiB` : `${bytes} bytes`;
}
function formatSeconds(ms) {
    return `${Math.round(ms) / 1000} s`;
}

;// CONCATENATED MODULE: ./src/text/thousands.ts
// Counts as a reader reads them: 10,000. Written out rather than asked of
// toLocaleString, whose first call loads the locale data: 20-25 ms of a
// large plan's report, for commas.
/** A whole number with its thousands separated by commas: 10000 -> "10,000". */
function thousands(n) {
    const digits = String(Math.trunc(Math.abs(n)));
    const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
    return n < 0 ? `-${grouped}` : grouped;
}

;// CONCATENATED MODULE: ./src/service-client/listing.ts





// Reading a whole listing (A5-A7) whatever paging the service chose, and
// proving that nothing was missed: a manifest whose item sits on an unread
// page would be created a second time. The first page is asked for without a
// page number, so a service counting from 0 and one counting from 1 both
// start at their own first page; the numbering is then learned from the
// answer's own hints, or from whether `page=1` repeats that first page.
//
// A page made only of rows already read means one of three things, told
// apart by what it repeats and by what the service said before:
// - the service does not page at all: the next page is the first answer
//   again, and nothing says there is more. That is one page (its proof is
//   in `unpagedVerdict`), not an error;
// - the service ignores the page asked for while saying there is more: read
//   on and it loops, trust it and a page is missed. A clear error;
// - items were created while the listing was read (newest first): the rows
//   of a page slid onto the next. Once the service has shown that it pages,
//   such a page is read past, and the listing is still proven as usual.
/** A listing never runs past this many pages, whatever the hints say. */
const MAX_PAGES = 10_000;
/**
 * Every page is capped (bounded-response.ts) but every row of every page is
 * kept: without a cap on the whole, a service that always says there is more
 * holds the run's memory until the runner kills it. Twenty times the 10,000
 * items of a large catalogue (docs/large-catalogues.md), and far more bytes
 * than such rows take, so that only a service gone wrong reaches them.
 */
const MAX_LISTING_ROWS = 200_000;
/** The rows kept, as the service sent them (their JSON, UTF-8). */
const MAX_LISTING_BYTES = 512 * 1024 * 1024;
/** Pages in a row that bring only rows already read (the listing shifting under new items) before the walk gives up proving it. */
const MAX_SHIFTED_PAGES = 50;
/** Pages read at once when the first answer proves how many there are. */
const PAGES_AT_ONCE = 8;
/**
 * Numbered pages asked for ahead of the walk when nothing gives their count,
 * once the service has shown that it pages by number: at most this many are
 * asked for past the end and dropped. Four keep a walk at the service's pace
 * while the run parses beside it; with two, a loaded machine's walk of 100
 * pages took a fifth longer.
 */
const PAGES_AHEAD = 4;
/** Answers in a row that repeat an earlier one while the hints say there is more, before the walk stops. */
const REPEATS_BEFORE_ERROR = 2;
/**
 * Page sizes services commonly default to or cap at. A service that answers
 * every request with exactly this many rows may be one that pages by its own
 * size through a parameter the client does not know, so such an answer proves
 * nothing (docs/service-assumptions.md, A7).
 */
const COMMON_PAGE_SIZES = new Set([10, 20, 25, 30, 50, 100, 200, 250, 500, 1000]);
/** A listing the service answered in a way that cannot be read completely: nothing may be planned from it. */
class ListingError extends Error {
    name = 'ListingError';
}
/** A 400 that names the page-size parameter: the service wants smaller pages (A6). */
function smallerSize(error, size) {
    if (!(error instanceof ServiceError) || error.status !== 400)
        return null;
    const said = `${error.serviceMessage} ${error.message}`;
    if (!/\b(limit|page_size|per_page|page size|size)\b/i.test(said))
        return null;
    const numbers = [...said.matchAll(/\b(\d{1,6})\b/g)].map((match) => Number(match[1]));
    const allowed = numbers.filter((n) => n >= 1 && n < size);
    // Smaller than size either way; 0 only when size is already 1.
    const next = allowed.length > 0 ? Math.max(...allowed) : Math.floor(size / 2);
    return next >= 1 ? next : null;
}
const HINTS_READING = {
    'top level': 'hints at top level',
    meta: 'hints under meta',
    pagination: 'hints under pagination',
    links: 'hints under links',
};
const FIRST = { page: null, cursor: null, link: null };
/** Whether the hints say that more follows (as opposed to proving the end, or saying nothing). */
function saysMore(hints, read, pages) {
    if (hints.hasMore === true)
        return true;
    if (hints.next !== null && hints.next.kind !== 'end')
        return true;
    if (hints.total !== null && read < hints.total)
        return true;
    if (hints.totalPages !== null && pages < hints.totalPages)
        return true;
    return hints.lastPage !== null && hints.page !== null && hints.page < hints.lastPage;
}
/**
 * The answer says which offset it starts at, and neither a page number nor a
 * next link or cursor: the service pages by offset, and its own answer is
 * how the walk learns it (`{data, offset, limit, total}`).
 */
function pagedByOffset(hints) {
    return hints.offset !== null && hints.page === null && hints.next === null;
}
class Walk {
    #path;
    #options;
    #maxPages;
    #size;
    #lowered = false;
    #seen = new Set();
    /** The size of the rows kept: each page's share of its answer's bytes. */
    #bytes = 0;
    #out;
    #gaps = [];
    #request = FIRST;
    /** Links and cursors followed: one offered twice leads back to a page already read. */
    #followed = new Set();
    /** `page=1` asked after an unnumbered first page, to learn the numbering. */
    #probing = false;
    /** Answers to that probe that repeated the first page: not pages of their own. */
    #probeRepeats = 0;
    /** Whether the numbering is certain enough to count pages against `total_pages`. */
    #numberingSure = true;
    #first = null;
    #previous = null;
    /** A page asked for by number, link or cursor brought rows not read before: the service pages. */
    #pagesProven = false;
    #repeats = 0;
    #shifted = 0;
    /** Pages asked for ahead of the walk, by target: the walk takes each in its turn, with the same proofs. */
    #ahead = new Map();
    /** The walk is over: nothing more is asked for ahead of it. */
    #ended = false;
    /** The first answer proved how many pages there are, and they were all asked for. */
    #counted = false;
    /** The gap of a count above the rows listed, when there is one. */
    #countedMore = null;
    /** The numbered page the walk asks for next, whose followers may be asked for ahead of it. */
    #aheadOf = null;
    constructor(path, options) {
        this.#path = path;
        this.#options = options;
        this.#maxPages = options.maxPages ?? MAX_PAGES;
        this.#size = Math.max(1, Math.floor(options.pageSize));
        this.#out = {
            rows: [],
            complete: false,
            proof: null,
            gap: null,
            behind: false,
            pages: 0,
            envelope: null,
            paging: 'one page',
            hints: 'no hints',
            size: null,
            pageSize: this.#size,
        };
    }
    async run() {
        for (;;) {
            if (this.#out.pages >= this.#maxPages) {
                this.#gaps.push(`the listing was still going after ${this.#maxPages} pages`);
                break;
            }
            const fetched = this.#fetch(this.#target());
            this.#askAhead();
            const answer = this.#read(await fetched);
            if (!(await this.#take(answer)))
                break;
        }
        return this.#finish();
    }
    #target() {
        const { link, page, cursor, offset } = this.#request;
        if (offset !== undefined)
            return `${this.#path}${offsetQuery(this.#size, offset)}`;
        return link ?? `${this.#path}${listingQuery(page, cursor, this.#size)}`;
    }
    /** One GET; a 400 naming the size parameter asks again with smaller pages (A6). */
    async #fetch(target) {
        const ahead = this.#ahead.get(target);
        if (ahead !== undefined) {
            this.#ahead.delete(target);
            // A page read ahead that failed is asked for again in its turn, as any page is.
            const answer = await ahead;
            if ('page' in answer)
                return answer.page;
        }
        for (;;) {
            try {
                return await this.#options.get(target);
            }
            catch (error) {
                const smaller = this.#request.link === null ? smallerSize(error, this.#size) : null;
                if (smaller === null)
                    throw error;
                this.#size = smaller;
                this.#lowered = true;
                target = this.#target();
            }
        }
    }
    #read({ body, bytes }) {
        const page = readListingBody(body);
        const hints = readPagingHints(page.holder);
        const out = this.#out;
        out.pages++;
        out.envelope ??= page.reading;
        if (hints.where !== null && out.hints === 'no hints')
            out.hints = HINTS_READING[hints.where];
        if (out.pages === 1) {
            const length = page.rows.length;
            out.size = length > this.#size ? 'service size' : length === this.#size ? 'honoured' : null;
            this.#keepServiceSize(hints, length);
            this.#readAhead(hints, length);
        }
        const ids = page.rows.map(this.#options.identify ?? rowId);
        const withoutId = ids.filter((id) => id === null).length;
        if (withoutId > 0)
            this.#gaps.push(`${withoutId} row(s) on page ${out.pages} carry no id`);
        return { rows: page.rows, ids, hints, signature: ids.join('\u0000'), bytes };
    }
    /**
     * A first page shorter than asked that says more follows was cut at the
     * service's own size (a default it answered with, say, where a redirect
     * lost the query): the next pages are asked for in that size, so that page
     * 2 starts where page 1 ended whether or not the service honours a size.
     */
    #keepServiceSize(hints, length) {
        const more = hints.hasMore === true || (hints.total !== null && hints.total > length);
        if (length > 0 && length < this.#size && more && hints.next === null)
            this.#size = length;
    }
    /**
     * The first answer proves how many pages there are (`total_pages`,
     * `last_page`, or a `total` with a page as long as asked for) and gives its
     * own number: the rest are asked for now, a few at a time. The walk still
     * takes them one after another, so a listing is proven complete, and a
     * repeat or a shift is judged, exactly as when they are read in turn.
     */
    #readAhead(hints, length) {
        const first = hints.page;
        if (first === null || hints.hasMore === false || hints.next !== null)
            return;
        const last = hints.lastPage ??
            (hints.totalPages !== null
                ? first + hints.totalPages - 1
                : hints.total !== null && length === this.#size && length > 0
                    ? first + Math.ceil(hints.total / length) - 1
                    : null);
        if (last === null)
            return;
        this.#counted = true;
        const pages = Array.from({ length: Math.min(last - first, this.#maxPages - 1) }, (_, i) => first + 1 + i);
        let next = 0;
        const fetchNext = () => {
            const page = pages[next++];
            if (page === undefined || this.#ended)
                return;
            const target = `${this.#path}${listingQuery(page, null, this.#size)}`;
            const answer = this.#options.get(target).then((page) => ({ page }), (error) => ({ error }));
            this.#ahead.set(target, answer);
            void answer.then(fetchNext);
        };
        for (let i = 0; i < PAGES_AT_ONCE; i++)
            fetchNext();
    }
    /** Takes one answer's rows; false when the listing has ended (proven or not). */
    async #take(answer) {
        const fresh = answer.ids.filter((id) => id !== null && !this.#seen.has(id)).length;
        const allRead = fresh === 0 && answer.ids.some((id) => id !== null);
        if (this.#probing)
            this.#learnNumbering(answer, fresh);
        else if (allRead) {
            const verdict = this.#judgeRepeat(answer);
            if (verdict === 'unpaged')
                return this.#unpagedVerdict(answer);
            if (verdict === 'stop')
                return false;
        }
        else if (fresh > 0 && this.#out.pages > 1) {
            this.#pagesProven = true;
            this.#repeats = 0;
            this.#shifted = 0;
        }
        this.#keep(answer);
        this.#first ??= answer;
        this.#previous = answer;
        if (answer.rows.length === 0) {
            this.#out.proof = 'an empty page';
            return false;
        }
        if (this.#request.offset !== undefined || pagedByOffset(answer.hints))
            return this.#nextOffset(answer);
        return this.#advance(answer.hints);
    }
    /**
     * A listing paged by offset (the service's answer says its offset, or an
     * offset asked for brought new rows): the next offset is the one after
     * this answer's rows, until the hints or an empty page prove the end.
     */
    #nextOffset(answer) {
        const proof = answer.hints.hasMore === true ? null : this.#proofFromHints(answer.hints);
        if (proof !== null)
            return this.#proven(answer.hints, proof);
        this.#out.paging = 'offsets';
        const from = answer.hints.offset ?? this.#request.offset ?? 0;
        this.#request = { ...FIRST, offset: from + answer.rows.length };
        return true;
    }
    /** The hints proved the end: false, with a gap when they count more items than were listed. */
    #proven(hints, proof) {
        this.#out.proof = proof;
        if (hints.total !== null && this.#seen.size < hints.total) {
            this.#countedMore = `the service says ${hints.total} items but ${this.#seen.size} were listed`;
            this.#gaps.push(this.#countedMore);
        }
        return false;
    }
    /**
     * `page=1` either repeats the first page (pages count from 1) or goes on
     * from it (from 0). Either way the next page asked for is 2; a partial
     * overlap (rows created meanwhile) leaves the numbering unsure.
     */
    #learnNumbering(answer, fresh) {
        this.#probing = false;
        const repeatsFirst = answer.rows.length > 0 && answer.signature === this.#first?.signature;
        this.#out.paging = repeatsFirst ? 'pages from 1' : 'pages from 0';
        if (repeatsFirst)
            this.#probeRepeats++;
        else if (fresh > 0)
            this.#pagesProven = true;
        this.#numberingSure = repeatsFirst || fresh === answer.ids.length;
    }
    /** A page of rows all read before: a service that does not page, one that loops, or a shift. */
    #judgeRepeat(answer) {
        const again = answer.signature === this.#first?.signature || answer.signature === this.#previous?.signature;
        if (again && !this.#pagesProven) {
            if (!saysMore(answer.hints, this.#seen.size, this.#out.pages - this.#probeRepeats))
                return 'unpaged';
            if (++this.#repeats >= REPEATS_BEFORE_ERROR) {
                throw new ListingError(`GET ${this.#path}: the service says there is more, but page ${this.#out.pages} repeats items already ` +
                    'read: it seems to ignore the paging parameters, so the listing cannot be proven complete and ' +
                    'nothing is planned from it.');
            }
            return 'read on';
        }
        if (++this.#shifted > MAX_SHIFTED_PAGES) {
            this.#gaps.push(`${MAX_SHIFTED_PAGES} pages in a row held only items already read`);
            return 'stop';
        }
        return 'read on';
    }
    /**
     * The next page asked for repeated the first answer and nothing says there
     * is more: the service may not page at all. One more request tells that
     * from a service paging by offset: the offset of the next row, with a size
     * one smaller. New rows there: the listing is read on by offset, to an
     * empty page. Nothing there proves the end. The same rows again (size and
     * offset ignored) prove it when the first answer was short of the size
     * asked for and of every usual page size, since a service's own page of 20
     * or cap of 100 looks the same. The first rows less one (size honoured,
     * offset not) prove nothing: a service that caps its pages at that many
     * rows, whatever it holds past them, answers the same.
     */
    async #unpagedVerdict(repeated) {
        const first = this.#first ?? repeated;
        const count = first.ids.length;
        this.#out.paging = 'not paged';
        let probe;
        try {
            probe = this.#read(await this.#options.get(`${this.#path}${offsetQuery(Math.max(1, count - 1), count)}`));
        }
        catch (error) {
            if (!(error instanceof ServiceError))
                throw error;
            this.#gaps.push(`the service answers every page alike and refused the offset asked for (${error.status})`);
            return false;
        }
        const fresh = probe.ids.some((id) => id !== null && !this.#seen.has(id));
        const shown = first.ids.slice(0, Math.max(1, count - 1)).join('\u0000');
        if (probe.rows.length === 0)
            this.#out.proof = `an empty page at offset ${count}`;
        else if (fresh)
            return this.#byOffset(probe, count);
        else if (probe.signature === shown)
            this.#gaps.push(`the service answers a smaller page size with its first rows, whatever page or offset is asked, so rows past the first ${count} cannot be read`);
        else if (probe.signature !== first.signature)
            this.#gaps.push(`the service answers every page with rows already read, whatever is asked`);
        else if (COMMON_PAGE_SIZES.has(count) || count >= this.#size)
            this.#gaps.push(`the service answers every page with the same ${count} rows, a usual page size, so there may be more it does not show`);
        else
            this.#out.proof = 'one answer, shorter than any page size, that paging and offset do not change';
        return false;
    }
    /** The offset brought new rows: the service pages by offset; the listing goes on from them. */
    #byOffset(probe, count) {
        this.#out.paging = 'offsets';
        this.#pagesProven = true;
        this.#keep(probe);
        this.#previous = probe;
        this.#request = { ...FIRST, offset: count + probe.rows.length };
        return true;
    }
    #keep(answer) {
        const rows = this.#out.rows;
        const first = rows.length;
        answer.ids.forEach((id, index) => {
            if (id === null || this.#seen.has(id))
                return;
            this.#seen.add(id);
            rows.push(answer.rows[index]);
        });
        // Measured on the answer as received: serialising every row again would cost as much as reading it.
        if (rows.length > first)
            this.#bytes += (answer.bytes * (rows.length - first)) / answer.rows.length;
        this.#checkCaps();
        if (rows.length > first)
            this.#options.onRows?.(rows.slice(first), first);
    }
    /** Past either cap the walk stops: the run's memory is worth more than a listing no catalogue reaches. */
    #checkCaps() {
        const maxRows = this.#options.maxRows ?? MAX_LISTING_ROWS;
        const maxBytes = this.#options.maxBytes ?? MAX_LISTING_BYTES;
        const rows = this.#out.rows.length;
        if (rows <= maxRows && this.#bytes <= maxBytes)
            return;
        this.#ended = true;
        const what = rows > maxRows ? `more than ${thousands(maxRows)} rows` : `more than ${formatBytes(maxBytes)} of rows`;
        throw new ListingError(`GET ${this.#path}: the listing holds ${what} after ${thousands(this.#out.pages)} pages, the most one run ` +
            'reads, and the service still says there is more; nothing is planned from it. Check that base-url ' +
            'points at the service (one that always says there is more looks like this); a catalogue this ' +
            'large is split across repositories or service accounts.');
    }
    /** Chooses the next request from the hints; false when they prove the end. */
    #advance(hints) {
        const out = this.#out;
        const next = hints.next;
        if (next?.kind === 'link') {
            out.paging = 'next links';
            return this.#follow({ ...FIRST, link: resolveLink(this.#options.base, next.href, this.#path) });
        }
        if (next?.kind === 'cursor') {
            out.paging = 'next cursors';
            return this.#follow({ ...FIRST, cursor: next.cursor });
        }
        if (next?.kind === 'page') {
            if (out.paging === 'one page')
                out.paging = next.page <= 1 ? 'pages from 0' : 'pages from 1';
            this.#request = { ...FIRST, page: next.page };
            this.#aheadOf = { page: next.page, hints };
            return true;
        }
        const proof = hints.hasMore === true ? null : this.#proofFromHints(hints);
        if (proof !== null)
            return this.#proven(hints, proof);
        const { link, cursor } = this.#request;
        if ((link !== null || cursor !== null) && hints.hasMore !== true) {
            // A link- or cursor-paged listing that gives no next link has ended.
            out.proof = 'no next link';
            return false;
        }
        return this.#nextByNumber(hints);
    }
    /** Follows a link or cursor once: one offered again leads back to a page already read. */
    #follow(request) {
        const key = request.link ?? `cursor:${request.cursor}`;
        if (this.#followed.has(key)) {
            throw new ListingError(`GET ${this.#path}: the service's next page leads back to a page already read, so the listing ` +
                'cannot be proven complete and nothing is planned from it.');
        }
        this.#followed.add(key);
        this.#request = request;
        return true;
    }
    /** Nothing proves the end yet: the next page by number, learning the numbering from `page=1` if need be. */
    #nextByNumber(hints) {
        const current = hints.page ?? this.#request.page;
        if (current === null) {
            this.#probing = true;
            this.#request = { ...FIRST, page: 1 };
            return true;
        }
        if (this.#out.paging === 'one page')
            this.#out.paging = current === 0 ? 'pages from 0' : 'pages from 1';
        this.#request = { ...FIRST, page: current + 1 };
        this.#aheadOf = { page: current + 1, hints };
        return true;
    }
    /**
     * Once the service has shown that it pages by number and gives no count,
     * the pages after the one just asked for are asked for too, before the
     * walk reaches them: it takes each in its turn with the same proofs, so
     * this saves round trips and proves nothing. A count, even one the walk
     * cannot rely on, is followed page by page instead.
     */
    #askAhead() {
        if (this.#aheadOf === null)
            return;
        const { page, hints } = this.#aheadOf;
        this.#aheadOf = null;
        const counts = hints.total !== null || hints.totalPages !== null || hints.lastPage !== null;
        if (!this.#pagesProven || !this.#numberingSure || this.#counted || counts)
            return;
        const last = page + Math.min(PAGES_AHEAD, this.#maxPages - this.#out.pages - 1);
        for (let ahead = page + 1; ahead <= last; ahead++) {
            const target = `${this.#path}${listingQuery(ahead, null, this.#size)}`;
            if (this.#ahead.has(target) || this.#ended)
                continue;
            this.#ahead.set(target, this.#options.get(target).then((page) => ({ page }), (error) => ({ error })));
        }
    }
    /** What the hints prove about the end of the listing, or null when they prove nothing. */
    #proofFromHints(hints) {
        const pages = this.#out.pages - this.#probeRepeats;
        if (hints.next?.kind === 'end')
            return 'an empty next link';
        if (hints.hasMore === false)
            return 'has_more: false';
        if (hints.total !== null && this.#seen.size >= hints.total)
            return `total: ${hints.total}`;
        if (hints.totalPages !== null && this.#numberingSure && pages >= hints.totalPages)
            return `total_pages: ${hints.totalPages}`;
        if (hints.lastPage !== null && hints.page !== null && hints.page >= hints.lastPage)
            return `last_page: ${hints.lastPage}`;
        return null;
    }
    #finish() {
        this.#ended = true;
        const out = this.#out;
        // A first page shorter than asked for, followed by more: the service pages by its own size.
        const firstCount = this.#first?.ids.filter((id) => id !== null).length ?? 0;
        if (out.size === null && out.pages > 1 && out.rows.length > firstCount)
            out.size = 'service size';
        if (this.#lowered)
            out.size = 'lowered after a 400';
        out.pageSize = this.#size;
        const gaps = [...new Set(this.#gaps)];
        out.complete = out.proof !== null && gaps.length === 0;
        out.gap = out.complete ? null : gaps.join('; ') || 'nothing proved the listing complete';
        out.behind = gaps.length === 1 && gaps[0] === this.#countedMore;
        return out;
    }
}
function walkListing(path, options) {
    return new Walk(path, options).run();
}

;// CONCATENATED MODULE: ./src/service-client/pace.ts
// Generation requests at the pace the service allows (A41). The interface
// says that generation is rate limited per user and that a 429 carries
// Retry-After; it does not show the numbers. Sending as fast as the workers
// are ready and waiting out each 429 keeps to the limit on average, but a
// third of the requests are refused on the way. So the client keeps to the
// limit instead: at most `requests` in any window of `windowMs` (a sliding
// window, which also keeps within any fixed window the service may count
// by), from what GET /subscription/current states or, where it states
// nothing, from what the first 429 shows. Until then, one request is in
// flight at a time: a wave sent at once would be refused all but the
// allowance before the first refusal could teach anything. The limit is
// per user, and other runs of the same user draw on it too: a 429 is still
// waited out in full (RateGate, retry.ts), and what it shows tightens the pace.
/** Send times kept: far more than any window's allowance a run meets. */
const KEPT = 1024;
class GenerationPace {
    #sleep;
    #now;
    /** Length of one second of the service's (Retry-After, windows); tests shrink it. */
    #secondMs;
    #pace = null;
    /** When the pace was last set: a refusal of a request sent before says nothing about it. */
    #setAt = -Infinity;
    /** Extra time past each window, for requests that reach the service in another order than they left. */
    #marginMs = 0;
    /** When each request the service may have counted left, oldest first. */
    #sent = [];
    /** No request before this counts in the window a 429 ends: the last window a 429 ended. */
    #since = -Infinity;
    /** Requests admitted and not yet answered. */
    #inFlight = 0;
    /** Requests waiting for the one in flight, while no pace is known. */
    #waiting = [];
    constructor(sleep, now, secondMs) {
        this.#sleep = sleep;
        this.#now = now;
        this.#secondMs = secondMs;
    }
    /** The pace kept now, null while none is known. */
    get pace() {
        return this.#pace;
    }
    /** What the service states (A41); one a 429 has already tightened is kept. */
    state(limit) {
        if (this.#pace?.source === 'learned')
            return;
        this.#set({ requests: limit.requests, windowMs: limit.windowSeconds * this.#secondMs, source: 'stated' });
    }
    /**
     * Waits for the gate (a 429 may close it while a request waits for its
     * turn), for the request in flight while no pace is known, and until one
     * more request keeps within the pace; then counts it as sent now. Returns
     * its ticket, handed back with its answer (`answered`). A slot after
     * `deadline` (the run's) is not waited for: its `tooLate` is thrown instead.
     */
    async admit(gate, deadline) {
        for (;;) {
            await gate();
            if (this.#pace === null && this.#inFlight > 0) {
                await new Promise((resolve) => this.#waiting.push(resolve));
                continue;
            }
            const now = this.#now();
            const ready = this.#readyAt();
            if (ready <= now) {
                this.#inFlight++;
                this.#sent.push(now);
                if (this.#sent.length > KEPT)
                    this.#sent.splice(0, this.#sent.length - KEPT);
                return now;
            }
            // No wait outlasts the run: a slot after its deadline is not waited for, and nothing is sent.
            if (deadline !== undefined && ready > deadline.at())
                throw deadline.tooLate(ready);
            await this.#sleep(ready - now);
        }
    }
    /**
     * The request of `ticket` was answered (or failed). A 429 (`refusal`) was
     * not counted by the service, and what the service let through before it,
     * in the window its Retry-After ends (`waitMs`; null when it gave none),
     * tells the pace.
     */
    answered(ticket, refusal) {
        this.#inFlight = Math.max(0, this.#inFlight - 1);
        if (refusal !== null)
            this.#refused(ticket, refusal.waitMs);
        this.#waiting.shift()?.();
    }
    #refused(ticket, waitMs) {
        const at = this.#sent.lastIndexOf(ticket);
        if (at >= 0)
            this.#sent.splice(at, 1);
        if (waitMs === null)
            return;
        const reset = this.#now() + waitMs;
        const pace = this.#pace;
        const from = pace === null ? this.#since : Math.max(this.#since, reset - pace.windowMs - this.#marginMs);
        const counted = this.#sent.filter((sent) => sent >= from && sent <= ticket);
        this.#since = Math.max(this.#since, reset);
        if (pace === null)
            this.#learn(counted, reset);
        // A request that left before the pace was set was not sent by it.
        else if (ticket >= this.#setAt)
            this.#tighten(pace, counted.length);
    }
    /** No pace yet: as many requests as got through since the window began, per that window. */
    #learn(counted, reset) {
        const first = counted[0];
        if (first === undefined)
            return;
        this.#set({ requests: counted.length, windowMs: this.#whole(reset - first), source: 'learned' });
    }
    /** A 429 while the pace was kept: the pace is looser than what the service allows this run. */
    #tighten(pace, counted) {
        if (counted === 0 && pace.source === 'learned') {
            // Nothing of ours in the window the 429 ends: it is longer than it was taken to be.
            this.#set({ ...pace, windowMs: pace.windowMs + this.#secondMs });
        }
        else if (counted > 0 && counted < pace.requests) {
            // Fewer than the pace allows got through: other runs of the user share the allowance.
            this.#set({ ...pace, requests: counted, source: 'learned' });
        }
        else {
            // The pace was kept and a request was refused all the same: it reached the service early.
            this.#marginMs = Math.min(this.#marginMs * 2, pace.windowMs / 4);
        }
    }
    #set(pace) {
        this.#pace = pace;
        this.#setAt = this.#now();
        this.#marginMs = pace.windowMs / 50 + this.#secondMs / 50;
        // Known now: whoever waited for the request in flight goes by the pace instead.
        for (const wake of this.#waiting.splice(0))
            wake();
    }
    /** When the next request may leave: once the `requests`-th most recent left a window ago. */
    #readyAt() {
        const pace = this.#pace;
        if (pace === null || this.#sent.length < pace.requests)
            return -Infinity;
        return this.#sent[this.#sent.length - pace.requests] + pace.windowMs + this.#marginMs;
    }
    /**
     * A window measured from a 429, in whole seconds: Retry-After is whole
     * seconds rounded up, so the measure runs up to a second long.
     */
    #whole(ms) {
        return Math.max(1, Math.floor(ms / this.#secondMs)) * this.#secondMs;
    }
}

;// CONCATENATED MODULE: ./src/service-client/explain.ts


/** Where a key comes from and goes, in the action's words; the CLI says it in its own (cli/connect.ts). */
const STORE_THE_KEY = 'store it in the secret passed as api-key';
const KEYS_PAGE = `create one in the web app under Settings, API Keys, and ${STORE_THE_KEY}`;
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
        // RFC 9110: 412 and 422 refuse the request as sent, as 400 does.
        case 400:
        case 412:
        case 422:
            return `${where} was refused (${status})${said(body)}. Fix the request: it is not retried unchanged.`;
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
        case 410:
            return `${where}: not found (${status})${said(body)}. It is missing or belongs to another user; it is not retried unchanged.`;
        case 409:
            return `${where}: conflict with work in flight (409${body.code === undefined ? '' : `, ${body.code}`})${said(body)}. ${conflictAdvice(facts)}`;
        case 429: {
            const wait = facts.retryAfterSeconds === undefined ? '' : ` and asks to wait ${facts.retryAfterSeconds} s`;
            const limit = body.limit === undefined ? '' : ` (limit ${body.limit})`;
            return (`${where}: rate limited${limit} (429)${said(body)}; the service still refused after ${facts.attempts} ` +
                `${plural(facts.attempts, 'attempt')}${wait}. Run again later.`);
        }
        default:
            if (status >= 300 && status < 400) {
                return (`${where}: the service redirects (${status}) where the client does not follow: another host ` +
                    '(the key is never sent elsewhere), or too many redirects. Check base-url.');
            }
            if (status >= 500) {
                return (`${where}: the service failed (${status})${said(body)} after ${facts.attempts} ` +
                    `${plural(facts.attempts, 'attempt')}. Run again later.`);
            }
            return `${where}: the service answered ${status}${said(body)}. It is not retried unchanged.`;
    }
}
function conflictAdvice(facts) {
    const code = facts.body.code === undefined ? '' : wordKey(facts.body.code);
    if (code === 'GENERATION_IN_PROGRESS') {
        return facts.method === 'PUT'
            ? 'The item is being generated: resend with cancel_generation to cancel the job and apply the edit, or wait for it to finish.'
            : 'The item is being generated: wait for the run to finish.';
    }
    if (code === 'ALREADY_PUBLISHED')
        return 'The video is published and is never replaced.';
    if (facts.path.startsWith('/contents/upload/')) {
        return 'An upload of this item is already in flight: poll its task status before dispatching again.';
    }
    return 'Wait for the work in flight, then run again.';
}
/** `scrub` removes the key from the finished message: introspection answers are service text too. */
function serviceError(facts, scrub) {
    return new ServiceError({
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

;// CONCATENATED MODULE: ./src/service-client/retry.ts


const DEFAULT_RETRY = {
    attempts: 5,
    rateLimitAttempts: 20,
    baseDelayMs: 500,
    maxDelayMs: 30_000,
    deadlineMs: 15 * 60_000,
};
function retrySettings(options) {
    // Number.isFinite is false for undefined too: a missing setting takes its default.
    const pick = (value, fallback, min) => Number.isFinite(value) ? Math.max(min, value) : fallback;
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
    // Missing or empty matches neither form below.
    const value = (Array.isArray(header) ? header[0] : header)?.trim() ?? '';
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
/**
 * RFC 9110: a 429, or a 503 that says how long the service is unavailable,
 * refuses the request without handling it; the client waits and sends it again.
 */
function isRefusalToWaitOut(answer, nowMs) {
    if (answer.status === 429)
        return true;
    return answer.status === 503 && parseRetryAfter(answer.retryAfter, nowMs) !== undefined;
}
/** Full jitter: uniform in [0, min(max, base * 2^(retry-1))], retry counting from 1. */
function backoffDelay(retry, settings, random) {
    const ceiling = Math.min(settings.maxDelayMs, settings.baseDelayMs * 2 ** Math.max(0, retry - 1));
    const r = Math.min(1, Math.max(0, random()));
    return Math.floor(r * ceiling);
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
    return cause === error ? undefined : errorCode(cause);
}
function classifyNetworkError(error) {
    if (error instanceof RequestDeadlineError)
        return { mayHaveReached: true, reason: `timeout, ${error.message}` };
    const code = errorCode(error) ?? '';
    if (NOT_SENT_CODES.has(code)) {
        const reason = code === 'ECONNREFUSED'
            ? 'connection refused'
            : code === 'UND_ERR_CONNECT_TIMEOUT'
                ? 'connect timeout'
                : `host unreachable: ${code}`;
        return { mayHaveReached: false, reason };
    }
    if (TIMEOUT_CODES.has(code))
        return { mayHaveReached: true, reason: 'timeout' };
    if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' || code === 'EPIPE') {
        return { mayHaveReached: true, reason: 'connection closed without an answer' };
    }
    return { mayHaveReached: true, reason: code || 'network error' };
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
    /** Closes the gate for ms, unless it is already closed until later. */
    close(ms) {
        const until = this.#now() + ms;
        if (this.#open !== null && until <= this.#until)
            return;
        this.#until = until;
        // Opened however the sleep ends, unless a longer close has replaced it since.
        const reopen = () => {
            if (this.#open === opened)
                this.#open = null;
        };
        const opened = this.#sleep(ms).then(reopen, reopen);
        this.#open = opened;
    }
    /** Resolves when the gate is open (at once when it is); throws the deadline's error when it opens after it. */
    async pass(deadline) {
        while (this.#open !== null) {
            if (deadline !== undefined && this.#until > deadline.at())
                throw deadline.tooLate(this.#until);
            await this.#open;
        }
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
async function sendWithRetries(kind, runtime, 
/** Gets the time the call has left: an attempt must not outlive the deadline. */
send) {
    const call = new RetriedCall(kind, runtime);
    for (;;) {
        await call.admit();
        const started = runtime.now();
        let answer;
        try {
            answer = await send(call.remainingMs());
        }
        catch (error) {
            call.spentSince(started);
            call.answered(null);
            await runtime.sleep(call.waitAfterNetworkError(error));
            continue;
        }
        call.spentSince(started);
        let wait;
        if (isRefusalToWaitOut(answer, runtime.now())) {
            const limited = call.waitAfterRateLimit(answer);
            // Only a 429 tells the generation pace anything (A41); a 503 is refused all the same.
            call.answered({ waitMs: limited?.stated && answer.status === 429 ? limited.ms : null });
            wait = limited;
        }
        else {
            call.answered(null);
            wait = answer.status >= 500 ? call.waitAfterServerError(answer) : null;
        }
        if (wait === null)
            return { answer, attempts: call.sends };
        // A service that is unavailable is so for every request: they all wait it out.
        if (answer.status === 503 && runtime.pause)
            runtime.pause.close(wait.ms);
        // A rate limit is the user's (A31): every rate-limited request of the client waits it out.
        else if (wait.gated)
            runtime.gate.close(wait.ms);
        else
            await runtime.sleep(wait.ms);
    }
}
/** What one call has spent so far, and the rule for each kind of failure: wait and send again, or stop. */
class RetriedCall {
    #kind;
    #runtime;
    #settings;
    #sends = 0;
    /** 5xx and network errors. */
    #failures = 0;
    #rateLimits = 0;
    #spentMs = 0;
    /** This send's place in the pace, handed back when the service refuses it. */
    #ticket = null;
    constructor(kind, runtime) {
        this.#kind = kind;
        this.#runtime = runtime;
        this.#settings = runtime.settings;
    }
    /**
     * Waits for the shared gate and the pace when rate limited, and takes one
     * request from the budget. A request whose turn comes after the run's
     * deadline is not waited for: AfterDeadlineError, nothing sent.
     */
    async admit() {
        await this.#runtime.pause?.pass();
        if (this.#kind.rateLimited) {
            const { gate, pace } = this.#runtime;
            const deadline = this.#deadline();
            if (pace)
                this.#ticket = await pace.admit(() => gate.pass(deadline), deadline);
            else
                await gate.pass(deadline);
        }
        const { budget } = this.#runtime;
        if (budget !== undefined) {
            if (budget.left <= 0)
                throw new RequestBudgetError(this.#kind.method, this.#kind.path);
            budget.left -= 1;
        }
        this.#sends += 1;
    }
    /** How many times the request was sent. */
    get sends() {
        return this.#sends;
    }
    remainingMs() {
        return this.#settings.deadlineMs - this.#spentMs;
    }
    spentSince(started) {
        this.#spentMs += Math.max(0, this.#runtime.now() - started);
    }
    /** The wait before sending again after a network error; throws when the error is final. */
    waitAfterNetworkError(error) {
        const { method, path, idempotent } = this.#kind;
        // The same request would get the same oversized answer: never resent.
        if (error instanceof ResponseTooLargeError)
            throw error;
        const failure = classifyNetworkError(error);
        if (!idempotent && failure.mayHaveReached) {
            throw new OutcomeUnknownError({ method, path, reason: failure.reason, cause: error });
        }
        this.#failures += 1;
        const waitMs = backoffDelay(this.#failures, this.#settings, this.#runtime.random);
        const outOfTime = this.#spentMs >= this.#settings.deadlineMs;
        if (this.#failures >= this.#settings.attempts || outOfTime || !this.#planWait(waitMs, failure.reason)) {
            throw new NetworkError({ method, path, reason: failure.reason, attempts: this.#sends, cause: error });
        }
        return waitMs;
    }
    /** The paced send has its answer (a 429 is a refusal, with the wait the service asked for): the pace learns (A41). */
    answered(refusal) {
        if (this.#ticket === null)
            return;
        this.#runtime.pace?.answered(this.#ticket, refusal);
        this.#ticket = null;
    }
    /** A 429 (or a 503 with Retry-After): Retry-After in full, else the backoff schedule; null when the answer is final. */
    waitAfterRateLimit(answer) {
        this.#rateLimits += 1;
        const seconds = parseRetryAfter(answer.retryAfter, this.#runtime.now());
        const ms = seconds !== undefined
            ? seconds * this.#runtime.secondMs
            : backoffDelay(this.#rateLimits, this.#settings, this.#runtime.random);
        const reason = answer.status === 429 ? 'rate limited (429)' : 'unavailable for a while (503)';
        if (this.#rateLimits > this.#settings.rateLimitAttempts || !this.#planWait(ms, reason)) {
            return null;
        }
        return { ms, gated: this.#kind.rateLimited, stated: seconds !== undefined };
    }
    /** A 5xx: the backoff schedule; null when the answer is final. A POST that may have been done is never resent (A33). */
    waitAfterServerError(answer) {
        const { method, path, idempotent } = this.#kind;
        if (!idempotent) {
            throw new OutcomeUnknownError({
                method,
                path,
                reason: `the service answered ${answer.status}`,
                status: answer.status,
            });
        }
        this.#failures += 1;
        const ms = backoffDelay(this.#failures, this.#settings, this.#runtime.random);
        if (this.#failures >= this.#settings.attempts || !this.#planWait(ms, `status ${answer.status}`)) {
            return null;
        }
        return { ms, gated: false };
    }
    #deadline() {
        const { runDeadline } = this.#runtime;
        if (runDeadline === undefined)
            return undefined;
        const { method, path } = this.#kind;
        return { at: runDeadline, tooLate: (readyAt) => new AfterDeadlineError(method, path, readyAt) };
    }
    /** Counts a wait against the call's deadline and reports it; false when it would pass it, or the run's. */
    #planWait(waitMs, reason) {
        if (this.#spentMs + waitMs > this.#settings.deadlineMs)
            return false;
        const runDeadline = this.#runtime.runDeadline?.() ?? Infinity;
        if (this.#runtime.now() + waitMs > runDeadline)
            return false;
        const { method, path } = this.#kind;
        this.#runtime.onRetry?.({ method, path, attempt: this.#sends, waitMs, reason });
        this.#spentMs += waitMs;
        return true;
    }
}

;// CONCATENATED MODULE: ./src/service-client/shapes.ts






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
function requiredId(obj, field, what) {
    const value = idText(obj[field]);
    if (value !== null)
        return value;
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
const statusWord = enumReader(CONTENT_STATUSES);
/** A35: a listed status in the interface's spelling, whatever the service's case; anything else kept as sent, '' when absent. */
function shapes_status(value) {
    if (typeof value !== 'string')
        return unknownStatus('');
    return statusWord(value) ?? unknownStatus(value);
}
/** A reading of readings.ts; a ShapeProblem when none covers the answer. */
function read(reading) {
    try {
        return reading();
    }
    catch (error) {
        if (error instanceof Unrecognised)
            throw new ShapeProblem(error.message);
        throw error;
    }
}
/** A9 through readings.ts. */
function unwrap(body) {
    return read(() => readObject(body).object);
}
// ---- resources ----------------------------------------------------------
function persona(value) {
    const obj = object(value);
    if (obj === null)
        return null;
    return { id: idText(obj.id), name: shapes_text(obj.name) };
}
function parseAccount(value) {
    const obj = record(value, 'an account');
    const platform = shapes_text(obj.platform) ?? '';
    return {
        id: requiredId(obj, 'id', 'an account'),
        name: shapes_text(obj.name) ?? '',
        platform: platformOf(platform),
        platform_acronym: shapes_text(obj.platform_acronym),
    };
}
/** A18: one row of GET /contents. */
function parseContentSummary(value) {
    const obj = record(value, 'a content item');
    const id = requiredId(obj, 'id', 'a content item');
    const { links, perAccount } = readPublishedLinks(obj);
    const joined = (values) => values.some((value) => value !== null) ? values.map((value) => value ?? '').join(', ') : null;
    return {
        id,
        title: shapes_text(obj.title) ?? '',
        description: shapes_text(obj.description),
        full_text: shapes_text(obj.full_text),
        hashtags: shapes_text(obj.hashtags),
        status: shapes_status(obj.status),
        persona: persona(obj.persona),
        // The row's own text where it gives one; the URLs it lists, joined, where it gives a list.
        published_url: shapes_text(obj.published_url) ?? joined(links.map((link) => link.url)),
        published_platform: shapes_text(obj.published_platform) ?? joined(links.map((link) => link.platform)),
        published: { links, perAccount },
        last_error: shapes_text(obj.last_error),
        creation_date: serviceInstant(obj.creation_date),
        updated_at: serviceInstant(obj.updated_at),
        upload_date: serviceInstant(obj.upload_date),
    };
}
/** A run's progress: an object, or a bare percentage; null when no run shows any. */
function progress(value) {
    const percentage = shapes_num(value);
    if (percentage !== null)
        return { percentage, step: null, message: null };
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
    const id = requiredId(obj, 'id', 'the content item');
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
        creation_date: serviceInstant(obj.creation_date),
        updated_at: serviceInstant(obj.updated_at),
        upload_date: serviceInstant(obj.upload_date),
    };
}
/**
 * The signed, time-limited media URLs of an item's detail (A28): read only
 * for a pull request's preview renders, whose comment may link them in a
 * private repository; never part of ContentDetail, so nothing else keeps one.
 */
function parseMediaLinks(body) {
    const obj = unwrap(body);
    const url = (value) => typeof value === 'string' && /^https?:\/\/[^\s]+$/i.test(value) ? value : null;
    return { status: shapes_status(obj.status), video: url(obj.video_url), thumbnail: url(obj.thumbnail_url) };
}
/** A24: `status` or `state`; `last_error` or `error`; the id falls back to the one asked for. */
function parseTaskStatus(body, contentId) {
    const obj = unwrap(body);
    const id = idText(obj.id) ?? contentId;
    const task = read(() => readTaskStatus(obj));
    return {
        id,
        status: shapes_status(task.status),
        progress: progress(obj.progress),
        last_error: shapes_text(task.lastError),
    };
}
/** A10 through readings.ts. */
function parseCredits(body) {
    return read(() => readCredits(body).credits);
}
/** A11 through readings.ts. */
function parseSubscription(body) {
    const scope = read(() => readSubscription(body).fields);
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
        created_at: serviceInstant(obj.created_at),
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
    // Scrubbed before it is cut: a key cut in half no longer matches, and half a key is still a leak.
    const line = scrubSecrets(value).replace(/\s+/g, ' ').trim();
    return line.length > MAX_MESSAGE ? `${line.slice(0, MAX_MESSAGE)}…` : line;
}
const HTML_START = /^\s*(?:<!doctype html|<html|<head|<body)/i;
const HTML_HEADING = [/<title[^>]*>([\s\S]*?)<\/title>/i, /<h1[^>]*>([\s\S]*?)<\/h1>/i];
/**
 * A gateway's (or a proxy's) HTML error page, said as `an HTML page: <its
 * title>`, the title's words alone: its markup, scripts and styles are no
 * message, and are never shown. Null for a text that is no HTML page.
 */
function htmlPage(text) {
    if (!HTML_START.test(text))
        return null;
    const heading = HTML_HEADING.map((pattern) => pattern.exec(text)?.[1]).find((found) => found !== undefined);
    const words = (heading ?? text.replace(/<(script|style)[^>]*>[\s\S]*?<\/\1\s*>/gi, ' '))
        .replace(/<[^>]*>/g, ' ')
        .replace(/&[#a-z0-9]+;/gi, ' ')
        .replace(/[<>]/g, ' ')
        .replace(/\s+/g, ' ')
        .trim()
        .slice(0, 80);
    return words === '' ? 'an HTML page' : `an HTML page: ${words}`;
}
/**
 * The error bodies: `{error}` (most endpoints), `{message}` (versions 404),
 * `{success:false, error}` (subscription), and plain text when not JSON (A4, A32).
 */
function parseErrorBody(body) {
    if (typeof body === 'string')
        return { message: clip(htmlPage(body) ?? body) };
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

// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(7598);
;// CONCATENATED MODULE: ./src/service-client/idempotency.ts

/** A key for one write, shared by every send of it. */
function newIdempotencyKey() {
    return (0,external_node_crypto_.randomUUID)();
}

// EXTERNAL MODULE: ./node_modules/undici/index.js
var undici = __webpack_require__(6752);
;// CONCATENATED MODULE: ./src/service-client/transport.ts






// HTTP over undici keep-alive connections: one attempt is one request with
// its own timeouts; sendWithRetries decides whether there is another. The
// dispatcher honours HTTPS_PROXY, HTTP_PROXY and NO_PROXY (lower case too),
// as a self-hosted runner behind a proxy needs; without a proxy variable it
// is a plain pool, which spares every request the proxy agent's look at the
// environment.
/** What EnvHttpProxyAgent reads: with none of them set, every request goes straight to its host. */
const PROXY_VARIABLES = ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy'];
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** Redirects followed for one request, at most: a loop ends as the redirect it was. */
const MAX_REDIRECTS = 5;
/**
 * Where a redirect leads, as a path on the service's origin, or null when it
 * is not followed (RFC 9110, 15.4). Only on the service's own origin: the
 * key is never sent to another host. A read follows 301, 302, 303, 307 and
 * 308; a write only 307 and 308, which keep its method and body (a 301 or
 * 302 may turn it into a GET, a 303 says it is done elsewhere).
 */
function redirectTarget(method, base, from, answer) {
    if (!REDIRECTS.has(answer.status))
        return null;
    if (method !== 'GET' && answer.status !== 307 && answer.status !== 308)
        return null;
    const location = Array.isArray(answer.location) ? answer.location[0] : answer.location;
    if (location === undefined || location.trim() === '')
        return null;
    let url;
    try {
        url = new URL(location.trim(), `${base.origin}${from}`);
    }
    catch {
        return null;
    }
    return url.origin === base.origin ? `${url.pathname}${url.search}` : null;
}
class Transport {
    #apiKey;
    #pool;
    #closed = false;
    #options;
    constructor(apiKey, options) {
        this.#apiKey = apiKey;
        this.#options = options;
        const pool = {
            connections: options.connections,
            keepAliveTimeout: 30_000,
            connectTimeout: Math.min(options.requestTimeoutMs, 10_000),
            headersTimeout: options.requestTimeoutMs,
            bodyTimeout: options.requestTimeoutMs,
        };
        this.#pool = PROXY_VARIABLES.some((name) => process.env[name])
            ? new undici.EnvHttpProxyAgent(pool)
            : new undici.Agent(pool);
    }
    /**
     * Sends one request through the retry policy, following the service's
     * redirects where that is safe (see `redirectTarget`). `path` is relative
     * to `/v1` and may carry a query.
     */
    async request(method, path, body, kind, idempotencyKey) {
        const payload = body === undefined ? undefined : JSON.stringify(body);
        // Every attempt of this request (sendWithRetries) carries the same headers, so the same key.
        const headers = requestHeaders(this.#apiKey, this.#options.userAgent, payload !== undefined, idempotencyKey);
        const label = path.split('?')[0] ?? path;
        let target = `${this.#options.base.prefix}${path}`;
        let attempts = 0;
        for (let hops = 0;; hops++) {
            const from = target;
            const { answer, attempts: sent } = await sendWithRetries({ method, path: label, ...kind }, this.#options.runtime, (remainingMs) => this.#once(method, from, headers, payload, label, remainingMs));
            attempts += sent;
            const next = hops < MAX_REDIRECTS ? redirectTarget(method, this.#options.base, from, answer) : null;
            if (next !== null) {
                target = next;
                continue;
            }
            // A write moved where the client does not follow may have been done (303): looked at, never resent.
            if (REDIRECTS.has(answer.status) && method !== 'GET')
                throw new OutcomeUnknownError({ method, path: label, reason: `redirected (${answer.status})` });
            return {
                status: answer.status,
                body: answer.body,
                bytes: answer.bytes,
                attempts,
                retryAfter: answer.retryAfter,
            };
        }
    }
    async #once(method, path, headers, payload, label, remainingMs) {
        const { requestTimeoutMs } = this.#options;
        // One deadline for the whole attempt, never past what the call has left.
        const deadlineMs = Math.max(1, Math.min(requestTimeoutMs, remainingMs));
        const answer = await exchangeBounded(this.#pool, {
            origin: this.#options.base.origin,
            method,
            path,
            headers,
            body: payload ?? null,
            // Never let undici resend a POST on its own: A33 is decided in retry.ts.
            idempotent: method !== 'POST',
            headersTimeout: requestTimeoutMs,
            bodyTimeout: requestTimeoutMs,
        }, { deadlineMs, limitBytes: this.#options.maxResponseBytes ?? MAX_RESPONSE_BYTES }, { method, path: label });
        return {
            status: answer.status,
            retryAfter: answer.headers['retry-after'],
            location: answer.headers.location,
            body: decode(answer.text),
            bytes: answer.bytes,
        };
    }
    async close() {
        if (this.#closed)
            return;
        this.#closed = true;
        await this.#pool.close();
    }
    /** Strips the key from any text before it lands in a message. */
    scrubKey(value) {
        return scrubSecrets(value, [this.#apiKey]);
    }
}
/** A whole number of 16 digits or more as a JSON value: an id, perhaps, that a double cannot hold. */
const LONG_INTEGER = /[[:,]\s*-?\d{16,}\s*[,}\]]/;
/**
 * Ids are opaque strings: a whole number too long for a double (a 64-bit id
 * sent as a number) keeps its digits, as text, rather than being rounded to
 * another id. Needs the reviver's source text (Node 22 and later); without
 * it, the number is parsed as usual.
 */
function keepLongIntegers(_key, value, context) {
    const source = context?.source;
    if (typeof value !== 'number' || Number.isSafeInteger(value) || source === undefined)
        return value;
    return /^-?\d+$/.test(source) ? source : value;
}
/** JSON, else null for a blank body, else the text: parsed first, since nearly every answer is JSON. */
function decode(raw) {
    try {
        if (LONG_INTEGER.test(raw))
            return JSON.parse(raw, keepLongIntegers);
        return JSON.parse(raw);
    }
    catch {
        return raw.trim() === '' ? null : raw;
    }
}

;// CONCATENATED MODULE: ./src/service-client/client.ts














const realSleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** Checks the key and base URL before any request; throws ConfigurationError. */
function createClient(options) {
    const apiKey = typeof options.apiKey === 'string' ? options.apiKey.trim() : '';
    // Whatever characters it holds, no output of this process shows it from here on.
    registerSecret(apiKey);
    if (apiKey !== '')
        options.maskSecret?.(apiKey);
    if (apiKey === '') {
        throw new ConfigurationError(`No API key was given: create one in the web app under Settings, API Keys.`);
    }
    if (!apiKey.startsWith(KEY_PREFIX)) {
        throw new ConfigurationError(`The API key does not start with ${KEY_PREFIX}: it is not a service API key (a session token or a ` +
            'mistyped secret?). Create one in the web app under Settings, API Keys.');
    }
    const base = resolveBaseUrl(String(options.baseUrl ?? ''));
    if (base === null) {
        throw new ConfigurationError('base-url must be an http(s) URL without credentials, for example https://api.example.com.');
    }
    // The caller checked already, in its own words; this is the gate no mode can skip.
    const { refused } = checkBaseUrl(options.baseUrl, options.allowInsecureHttp ?? false, 'allow-insecure-http');
    if (refused !== null)
        throw new ConfigurationError(refused);
    return new HttpServiceClient(apiKey, base, options);
}
const GENERATION = { idempotent: false, rateLimited: true };
const CREATE = { idempotent: false, rateLimited: false };
const READ = { idempotent: true, rateLimited: false };
/** A path as errors name it: without its query. */
const labelOf = (path) => path.split('?')[0] ?? path;
class HttpServiceClient {
    baseUrl;
    #base;
    #transport;
    #pageSize;
    #now;
    #readOnly;
    #onListing;
    #maxPages;
    #writeRefusal = null;
    #writeAccepted = false;
    #writeGate = Promise.resolve();
    #introspection = null;
    #sleep;
    #pace;
    /** The run's deadline on `#now`'s clock (finishBy): no wait of this client ends after it. */
    #runDeadline = Infinity;
    /** Waits between looks for an item a write has just stored (the base retry delay, doubling). */
    #lagMs;
    /** The ids of the last listing of contents read whole (listContents). */
    #lastContents = new Set();
    constructor(apiKey, base, options) {
        this.baseUrl = base.href;
        this.#base = base;
        this.#pageSize = Math.max(1, Math.floor(options.pageSize ?? 100));
        const sleep = options.sleep ?? realSleep;
        this.#sleep = sleep;
        const settings = retrySettings(options.retry);
        this.#lagMs = [1, 2, 4].map((factor) => settings.baseDelayMs * factor);
        const now = options.now ?? Date.now;
        this.#now = now;
        this.#readOnly = options.readOnly === true;
        this.#onListing = options.onListing;
        this.#maxPages = options.maxListingPages;
        const secondMs = options.secondMs ?? 1000;
        this.#pace = new GenerationPace(sleep, now, secondMs);
        this.#transport = new Transport(apiKey, {
            base,
            userAgent: options.userAgent ?? USER_AGENT,
            requestTimeoutMs: options.requestTimeoutMs ?? 30_000,
            connections: Math.max(1, Math.floor(options.connections ?? DEFAULT_CONNECTIONS)),
            runtime: {
                settings,
                secondMs,
                sleep,
                random: options.random ?? Math.random,
                now,
                gate: new RateGate(sleep, now),
                pause: new RateGate(sleep, now),
                pace: this.#pace,
                runDeadline: () => this.#runDeadline,
                onRetry: options.onRetry,
                budget: options.requestBudget,
            },
        });
    }
    // ---- endpoints --------------------------------------------------------
    /**
     * One GET whose answer is returned as the service sent it (errors are
     * ServiceErrors as usual): doctor reads it with the same readings.ts the
     * typed methods parse through.
     */
    getRaw(path) {
        return this.#call('GET', path);
    }
    get writeRefusal() {
        return this.#writeRefusal;
    }
    /**
     * A7. A row gone since the last listing read whole means someone deleted
     * an item, and if they did while pages were read, the rows after it moved
     * up and one of them slid onto a page already read, unseen: the listing is
     * read again, at most as many times as a read-back looks, until a walk
     * loses no row the walk before it showed.
     */
    async listContents(options = {}) {
        const walk = () => this.#listAll(paths.contents(), parseContentSummary, undefined, options.onItems);
        let listed = await walk();
        for (let again = 0; again < this.#lagMs.length && this.#lostRows(listed); again++)
            listed = await walk();
        return listed;
    }
    /** Whether a whole listing of contents lacks a row the last whole one showed; it becomes the last. */
    #lostRows(listed) {
        if (!listed.complete)
            return false;
        const seen = new Set(listed.items.map((item) => item.id));
        const lost = [...this.#lastContents].some((id) => !seen.has(id));
        this.#lastContents = seen;
        return lost;
    }
    async mediaLinks(id) {
        return this.#get(paths.content(id), parseMediaLinks);
    }
    async getContent(id, options) {
        return options?.listed === true ? this.#lookAgainOn404(id) : this.#getOnce(id);
    }
    async #getOnce(id) {
        return this.#get(paths.content(id), parseContentDetail);
    }
    /**
     * A14: whatever the create answers (the item, only its id, or nothing), the
     * item is read back. An answer naming no item cannot be read back: it is an
     * outcome the engine resolves by looking the title up, never by resending.
     */
    async createContent(fields, write) {
        const path = paths.contents();
        const answer = readWriteAnswer(await this.#call('POST', path, contentBody(fields), CREATE, write?.idempotencyKey));
        if (answer.id === null) {
            throw new OutcomeUnknownError({ method: 'POST', path, reason: 'the answer named no item' });
        }
        return this.#readBack('POST', answer.id);
    }
    /**
     * A13/A14: the item is read back after the PUT, whatever it answered, and a
     * field this edit set that the service shows cleared is an error: a service
     * that replaces the whole item would otherwise lose what was not sent.
     */
    async editContent(id, edit, options) {
        const path = paths.content(id);
        await this.#call('PUT', path, editBody(edit, options?.cancelGeneration === true));
        let detail = await this.#readBack('PUT', id);
        if (clearedFields(edit, detail).length > 0) {
            // A read right after a write may not see it yet: one more look before calling it cleared.
            await this.#waitWithin(this.#lagMs[this.#lagMs.length - 1] ?? 0);
            detail = await this.#readBack('PUT', id);
        }
        const cleared = clearedFields(edit, detail);
        if (cleared.length > 0)
            throw new ClearedFieldsError(path, cleared);
        return detail;
    }
    /**
     * GET /contents/{id} after a write the service accepted. A service may not
     * show an item it has just stored (404), so that is looked again, a little
     * later each time; any failure then is a ReadBackError, never a failed write.
     */
    async #readBack(method, id) {
        try {
            return await this.#lookAgainOn404(id);
        }
        catch (error) {
            if (error instanceof ServiceError && error.status === 401)
                throw error;
            throw new ReadBackError(method, id, error);
        }
    }
    /** GET /contents/{id} of an item known to exist: a 404 is looked again, a little later each time. */
    async #lookAgainOn404(id) {
        for (let look = 0;; look++) {
            try {
                return await this.#getOnce(id);
            }
            catch (error) {
                if (!isNotFound(error) || look >= this.#lagMs.length)
                    throw error;
                await this.#waitWithin(this.#lagMs[look]);
            }
        }
    }
    async listVersions(id) {
        const versionOf = (row) => typeof row === 'object' && row !== null && 'version' in row ? String(row.version) : null;
        return (await this.#listAll(paths.versions(id), parseVersion, versionOf)).items;
    }
    async processContent(request, write) {
        const body = generationBody(request);
        await this.#call('POST', paths.processContent(), body, GENERATION, write?.idempotencyKey);
    }
    async generateVideo(contentId, render, write) {
        const body = videoBody(contentId, render);
        await this.#call('POST', paths.generateVideo(), body, GENERATION, write?.idempotencyKey);
    }
    async upload(contentId, publish, write) {
        const body = uploadBody(publish);
        await this.#call('POST', paths.upload(contentId), body, GENERATION, write?.idempotencyKey);
    }
    /** Every wait of this client (retries, the pace, the rate-limit gate, read-back lags) ends within `remainingMs`. */
    finishBy(remainingMs) {
        this.#runDeadline = this.#now() + Math.max(0, remainingMs);
    }
    /** A wait of `ms`, cut short at the run's deadline: used where looking again sooner does no harm. */
    #waitWithin(ms) {
        return this.#sleep(Math.max(0, Math.min(ms, this.#runDeadline - this.#now())));
    }
    /** A41: the generation rate the service states; until told, the pace is learned from its 429s. */
    keepPace(limit) {
        this.#pace.state(limit);
    }
    async taskStatus(contentId) {
        return this.#get(paths.taskStatus(contentId), (body) => parseTaskStatus(body, contentId));
    }
    listAccounts() {
        return this.#listAll(paths.accounts(), parseAccount);
    }
    async credits() {
        return this.#get(paths.credits(), parseCredits);
    }
    async subscription() {
        return this.#get(paths.subscription(), parseSubscription);
    }
    async introspect() {
        return this.#get(paths.introspect(), parseIntrospection);
    }
    close() {
        return this.#transport.close();
    }
    toJSON() {
        return { baseUrl: this.baseUrl };
    }
    // ---- plumbing ---------------------------------------------------------
    /**
     * A5–A7: every page, and whether the listing was proven complete
     * (listing.ts). A listing that counts more items than it showed, and is
     * otherwise whole, may come from a replica behind the writes: it is read
     * again after the pauses a read-back takes, until it is proven or they
     * are spent. `onItems` may then see an item twice.
     */
    async #listAll(path, parseItem, identify, onItems) {
        let listed = await this.#listOnce(path, parseItem, identify, onItems);
        for (const pause of this.#lagMs) {
            if (!listed.behind)
                break;
            await this.#waitWithin(pause);
            listed = await this.#listOnce(path, parseItem, identify, onItems);
        }
        return { items: listed.items, complete: listed.complete, gap: listed.gap };
    }
    async #listOnce(path, parseItem, identify, onItems) {
        let outcome;
        // Rows parsed as their page arrived (for onItems) are not parsed again; a
        // row that does not parse is left for the pass below, which reports it.
        const parsed = [];
        const onRows = onItems
            ? (rows, first) => {
                const items = [];
                rows.forEach((row, offset) => {
                    try {
                        const item = parseItem(row);
                        parsed[first + offset] = item;
                        items.push(item);
                    }
                    catch {
                        // reported once the walk is over
                    }
                });
                if (items.length > 0)
                    onItems(items);
            }
            : undefined;
        try {
            outcome = await walkListing(path, {
                base: this.#base,
                pageSize: this.#pageSize,
                ...(this.#maxPages !== undefined ? { maxPages: this.#maxPages } : {}),
                get: (target) => this.#page(target),
                ...(identify ? { identify } : {}),
                ...(onRows ? { onRows } : {}),
            });
        }
        catch (error) {
            if (error instanceof Unrecognised)
                throw new ResponseShapeError('GET', path, this.#transport.scrubKey(error.message));
            if (error instanceof ListingError)
                throw new ListingError(this.#transport.scrubKey(error.message));
            throw error;
        }
        this.#onListing?.(path, outcome);
        const items = outcome.rows.map((row, index) => parsed[index] ?? this.#parse('GET', path, row, parseItem, `row ${index + 1}`));
        return { items, complete: outcome.complete, gap: outcome.gap, behind: outcome.behind };
    }
    /** One GET of a single object, parsed. */
    async #get(path, parse) {
        return this.#parse('GET', path, await this.#call('GET', path), parse);
    }
    #parse(method, path, body, parse, where) {
        try {
            return parse(body);
        }
        catch (error) {
            if (!(error instanceof ShapeProblem))
                throw error;
            const problem = where === undefined ? error.message : `${where}: ${error.message}`;
            throw new ResponseShapeError(method, path, this.#transport.scrubKey(problem));
        }
    }
    /** One request; the body of a 2xx, or a ServiceError that teaches. */
    async #call(method, path, body, kind = READ, idempotencyKey) {
        const label = labelOf(path);
        const send = async (key) => (await this.#answer(method, path, body, kind, key)).body;
        if (method === 'GET')
            return send();
        if (this.#readOnly)
            throw new WritesStoppedError(method, label, 'this client only reads (doctor)');
        // Every POST carries a key (service-client/idempotency.ts): the caller's, or one for this write alone.
        const key = method === 'POST' ? (idempotencyKey ?? newIdempotencyKey()) : undefined;
        if (this.#writeAccepted)
            return send(key);
        // Until the service has accepted one write, writes go one at a time: a
        // 403 on the first stops the others before they are sent.
        const before = this.#writeGate;
        let release = () => { };
        this.#writeGate = new Promise((resolve) => (release = resolve));
        await before;
        try {
            if (this.#writeRefusal !== null) {
                throw new WritesStoppedError(method, label, `an earlier write was refused: ${this.#writeRefusal.message}`);
            }
            const answer = await send(key);
            this.#writeAccepted = true;
            return answer;
        }
        finally {
            release();
        }
    }
    /** One page of a listing, with its size as received: the walk caps the bytes it keeps. */
    #page(target) {
        return this.#answer('GET', target, undefined, READ);
    }
    /** One request's 2xx answer, or a ServiceError that teaches. */
    async #answer(method, path, body, kind, idempotencyKey) {
        const response = await this.#transport.request(method, path, body, kind, idempotencyKey);
        const failure = response.status < 300 ? failureInSuccess(response.body) : null;
        if (response.status >= 200 && response.status < 300 && failure === null)
            return response;
        const error = await this.#error(method, labelOf(path), response);
        // The first 403 on a write stops every later one (A29): the scope of each
        // endpoint is not shown, so this refusal is how the client learns it.
        if (method !== 'GET' && response.status === 403)
            this.#writeRefusal ??= error;
        throw error;
    }
    async #error(method, path, response) {
        const scrub = (text) => this.#transport.scrubKey(text);
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
        this.#introspection ??= this.introspect().then((introspection) => ({ kind: 'answer', introspection }), (error) => error instanceof ServiceError && error.status === 401
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

;// CONCATENATED MODULE: ./src/doctor/probe.ts





// `doctor`: what the live service shows of each "not shown" rule, read with
// the same readings.ts the client parses through, so a rule reported
// understood is one the client handles. Reads only (the client refuses any
// other method before sending) and within a request budget.
/** Items whose detail and task status are sampled. */
const SAMPLE = 3;
class Findings {
    list = [];
    /** Every read that failed, in order: when nothing was observed, they say why. */
    failures = [];
    understood(rule, endpoint, reading, seen) {
        this.#add(rule, endpoint, { verdict: 'understood', reading, seen, consequence: null });
    }
    notUnderstood(rule, endpoint, seen) {
        const { otherwise: action, effect } = RULES[rule];
        this.#add(rule, endpoint, {
            verdict: 'not understood',
            reading: null,
            seen,
            consequence: { action, effect },
        });
    }
    notObserved(rule, endpoint, seen) {
        this.#add(rule, endpoint, { verdict: 'not observed', reading: null, seen, consequence: null });
    }
    /** A finding of `rule` at `endpoint`, under the rule's title. */
    #add(rule, endpoint, verdict) {
        this.list.push({ rule, title: RULES[rule].title, endpoint, ...verdict });
    }
    /** A read that failed: the rule is not understood when the answer was unreadable, not observed otherwise. */
    failed(rule, endpoint, error) {
        this.failures.push(error);
        if (error instanceof Unrecognised)
            this.notUnderstood(error.rule, endpoint, error.seen);
        else
            this.notObserved(rule, endpoint, `the read failed: ${describeError(error)}`);
    }
}
function fieldsOf(value) {
    return isRecord(value) ? Object.keys(value).sort().join(', ') || 'no fields' : shapeOf(value, 0);
}
function listingFindings(found, endpoint, outcome) {
    found.understood('A5', endpoint, outcome.envelope ?? 'bare array', `${outcome.pages} page(s), envelope ${outcome.envelope}`);
    if (outcome.size === null)
        found.notObserved('A6', endpoint, `no page told whether the size asked for (${outcome.pageSize}) counts`);
    else
        found.understood('A6', endpoint, outcome.size, `asked for ${outcome.pageSize} a page`);
    const complete = outcome.complete
        ? `proven complete by ${outcome.proof}`
        : `not proven complete (${outcome.gap}): an apply holds creates`;
    found.understood('A7', endpoint, outcome.paging, `${outcome.hints}; ${complete}`);
}
/** Walks a listing through the client, capturing what the walker saw of its paging. */
async function walk(client, captured, path, list, found) {
    const endpoint = `GET ${path}`;
    try {
        const listed = await list();
        const outcome = captured.get(path);
        if (outcome)
            listingFindings(found, endpoint, outcome);
        return listed.items;
    }
    catch (error) {
        found.failures.push(error);
        const problem = describeError(error);
        if (/unexpected response/.test(problem))
            found.notUnderstood('A5', endpoint, problem);
        else if (error instanceof ServiceError)
            found.notObserved('A5', endpoint, problem);
        else
            found.notUnderstood('A7', endpoint, problem);
        return null;
    }
}
/**
 * Probes the service behind `client`, which must be read-only, with a budget,
 * and must report its listings to `captured` (see createDoctorClient).
 */
async function probeService(client, captured, budget) {
    const found = new Findings();
    await probeKey(client, found);
    const accounts = await walk(client, captured, paths.accounts(), () => client.listAccounts(), found);
    const contents = await walk(client, captured, paths.contents(), () => client.listContents(), found);
    const oddStatuses = contents === null ? [] : statusFindings(found, contents);
    unknownValueFindings(found, accounts, contents, oddStatuses);
    const sample = (contents ?? []).slice(0, SAMPLE);
    await probeDetails(client, found, sample, budget);
    await probeTaskStatus(client, found, sample[0]);
    await probeCreditsAndSubscription(client, found);
    found.notObserved('A14', 'POST /contents, PUT /contents/{id}', 'doctor never writes; an apply reads every write back whatever it answers (the item, an id, or nothing)');
    const observed = found.list.some((finding) => finding.verdict !== 'not observed');
    return {
        version: 1,
        baseUrl: client.baseUrl,
        requests: { budget: budget.total, used: budget.total - budget.left() },
        understood: found.list.every((finding) => finding.verdict !== 'not understood'),
        nothingObserved: observed ? null : nothingObservedBecause(found.failures),
        findings: found.list,
    };
}
/** A29, the key: the one scope the interface states is generate, for generation. */
async function probeKey(client, found) {
    const introspect = `GET ${paths.introspect()}`;
    try {
        const key = readObject(await client.getRaw(paths.introspect())).object;
        const scopes = Array.isArray(key.scopes)
            ? key.scopes.filter((s) => typeof s === 'string')
            : [];
        const generation = scopes.includes('generate')
            ? 'generation allowed (generate)'
            : 'generation would stop before any write: the key lacks generate';
        const seen = `scopes ${scopes.join(', ') || 'none'}; ${generation}; content writes: the scope is not shown, a 403 would stop the apply at its first write, quoting the service's required list`;
        if (key.active === true)
            found.understood('A29', introspect, 'active', seen);
        else
            found.notUnderstood('A29', introspect, `the key is not active (${shapeOf(key.active, 0)})`);
    }
    catch (error) {
        found.failed('A29', introspect, error);
    }
}
/** A18, the status of each listed row; returns the statuses the interface does not list, as seen. */
function statusFindings(found, contents) {
    const statuses = new Set(contents.map((item) => item.status));
    const known = [...statuses].filter((status) => isKnownStatus(status));
    const unknown = [...statuses].filter((status) => !isKnownStatus(status));
    const endpoint = `GET ${paths.contents()}`;
    if (contents.length === 0)
        found.notObserved('A18', endpoint, 'no items: nothing to read a status from');
    else if (known.length === 0 && unknown.every((status) => status !== ''))
        found.notUnderstood('A18', endpoint, `no row carries a status the interface lists (${unknown.length} other value(s))`);
    else
        found.understood('A18', endpoint, unknown.some((status) => status === '') ? 'rows without status' : 'rows with status', `statuses ${[...statuses].map((s) => s || '(none)').join(', ')}`);
    // A row without a status is a reading of A18, not a value beyond the interface.
    return unknown.filter((status) => status !== '');
}
/** A35, values beyond the interface's enums: platforms of accounts and statuses of items. */
function unknownValueFindings(found, accounts, contents, oddStatuses) {
    const endpoint = 'GET /accounts, GET /contents';
    const odd = [
        ...(accounts ?? [])
            .filter((account) => !isKnownPlatform(account.platform))
            .map((account) => `platform ${JSON.stringify(account.platform)}`),
        ...oddStatuses.map((status) => `status ${JSON.stringify(status)}`),
    ];
    if (accounts === null && contents === null)
        found.notObserved('A35', endpoint, 'neither listing could be read');
    else if (odd.length === 0)
        found.understood('A35', endpoint, 'none seen', 'every value is one the interface lists');
    else
        found.understood('A35', endpoint, 'unknown values seen', `${odd.join('; ')}: an item carrying one, or publishing to such an account, is held; the rest go on`);
}
/** A9, the object envelope, from the detail of a few items while the budget lasts. */
async function probeDetails(client, found, sample, budget) {
    const endpoint = 'GET /contents/{id}';
    if (sample.length === 0)
        found.notObserved('A9', endpoint, 'no items to read');
    for (const [index, item] of sample.entries()) {
        if (budget.left() < 4)
            break;
        try {
            const { object, reading } = readObject(await client.getRaw(paths.content(item.id)));
            if (index === 0)
                found.understood('A9', endpoint, reading, `fields ${fieldsOf(object)}; progress ${shapeOf(object.progress, 0)}; video_settings ${fieldsOf(object.video_settings)}`);
        }
        catch (error) {
            found.failed('A9', endpoint, error);
            break;
        }
    }
}
/** A24, the task status of the first listed item. */
async function probeTaskStatus(client, found, first) {
    const endpoint = 'GET /gen/task-status/{id}';
    if (first === undefined) {
        found.notObserved('A24', endpoint, 'no items to read');
        return;
    }
    try {
        const { object } = readObject(await client.getRaw(paths.taskStatus(first.id)));
        const read = readTaskStatus(object);
        found.understood('A24', endpoint, read.reading, `fields ${fieldsOf(object)}; progress ${shapeOf(object.progress, 0)}`);
    }
    catch (error) {
        found.failed('A24', endpoint, error);
    }
}
/** A10 and A11: the credits and the subscription, each read once. */
async function probeCreditsAndSubscription(client, found) {
    const creditsEndpoint = `GET ${paths.credits()}`;
    try {
        const body = await client.getRaw(paths.credits());
        found.understood('A10', creditsEndpoint, readCredits(body).reading, shapeOf(body));
    }
    catch (error) {
        found.failed('A10', creditsEndpoint, error);
    }
    const subscriptionEndpoint = `GET ${paths.subscription()}`;
    try {
        const body = await client.getRaw(paths.subscription());
        const read = readSubscription(body);
        found.understood('A11', subscriptionEndpoint, read.reading, `fields ${fieldsOf(read.fields)}`);
        const pace = readGenerationPace(read.fields.limits);
        const limits = `limits with fields ${fieldsOf(read.fields.limits)}`;
        if (pace)
            found.understood('A41', subscriptionEndpoint, pace.reading, limits);
        else
            found.notObserved('A41', subscriptionEndpoint, `${limits}, none a generation rate: an apply learns the pace from the service's 429s`);
    }
    catch (error) {
        found.failed('A11', subscriptionEndpoint, error);
    }
}
/**
 * Why doctor could observe no rule at all, in one sentence: a service that
 * redirects every request is named as such (the client never follows a
 * redirect, so that the key goes to base-url only); otherwise the first failure.
 */
function nothingObservedBecause(failures) {
    const first = failures[0];
    if (first === undefined)
        return 'no read was made: the request budget allowed none';
    const statuses = failures.map((error) => (error instanceof ServiceError ? error.status : 0));
    if (statuses.every((status) => status >= 300 && status < 400)) {
        return (`every read was answered with a redirect (${[...new Set(statuses)].join(', ')}), which the client ` +
            'does not follow, so that the key goes to base-url only: set base-url to where the service redirects');
    }
    const count = failures.length === 1 ? 'the one read' : `all ${failures.length} reads`;
    return `${count} failed; the first: ${describeError(first)}`;
}

;// CONCATENATED MODULE: ./src/doctor/doctor.ts


// Runs the probe with a client that can only read and only spend its budget:
// the promise that doctor changes nothing and costs nothing is kept below the
// probe, in the client itself.
const DEFAULT_DOCTOR_BUDGET = 60;
/** Reads kept for the probes after the two listings: the key, samples, task status, credits, subscription. */
const AFTER_LISTINGS = 10;
async function runDoctor(options) {
    const total = Math.max(1, Math.floor(options.budget ?? DEFAULT_DOCTOR_BUDGET));
    const budget = { left: total };
    const captured = new Map();
    const client = createClient({
        ...options.client,
        baseUrl: options.baseUrl,
        apiKey: options.apiKey,
        allowInsecureHttp: options.allowInsecureHttp ?? false,
        readOnly: true,
        requestBudget: budget,
        maxListingPages: Math.max(1, Math.floor((total - AFTER_LISTINGS) / 2)),
        onListing: (path, outcome) => captured.set(path, outcome),
    });
    try {
        return await probeService(client, captured, { total, left: () => budget.left });
    }
    finally {
        await client.close();
    }
}
/** Whether doctor passes: it observed something, and understood every rule it observed. */
function doctorPassed(report) {
    return report.understood && report.nothingObserved === null;
}

;// CONCATENATED MODULE: ./src/report/escape.ts


// Text from manifests (titles, scripts, file names) and from the service
// (last_error) is written into Markdown that GitHub renders. None of it may
// mention people or teams, link issues, become a link (a bare URL, a `www.`
// host, `GH-2`, an issue URL), inject HTML or Markdown (images, links), close
// the <details> block it sits in, break out of its code fence, or reorder
// what is shown with bidi controls. Each function here makes text safe for
// one context; the only links in a report are the ones link() builds.
// A zero-width space stops GitHub from turning text into a mention, a
// cross-reference or an autolink: after `@`, after `#` before digits, inside
// `GH-N`, between a scheme and `//`, after `www`. It is invisible.
const ZWSP = '&#8203;';
const HTML_ESCAPES = {
    '&': '&amp;',
    '<': '&lt;',
    '>': '&gt;',
    '"': '&quot;',
    "'": '&#39;',
};
/** Markdown punctuation that could start emphasis, links, images, code spans, tables or strikethrough. */
const MARKDOWN_PUNCTUATION = /[\\`*_[\]|~!]/g;
/** Marks mentions, references and autolinks with U+200B before escaping; escaped afterwards into the visible-nowhere entity. */
function breakReferences(text) {
    return text
        .replace(/@(?=[A-Za-z0-9_-])/g, '@\u200b')
        .replace(/#(?=\d)/g, '#\u200b')
        .replace(/\b(GH)-(?=\d)/gi, '$1\u200b-')
        .replace(/\b([a-z][a-z0-9+.-]*):(?=\/\/)/gi, '$1:\u200b')
        .replace(/\b(www)\./gi, '$1\u200b.')
        .replace(/\b(mailto|xmpp):/gi, '$1\u200b:');
}
/** Scrubbed of secrets, and of control characters, escape sequences and bidi controls. */
function clean(text) {
    return stripControls(scrubSecrets(text));
}
function neutralizeReferences(html) {
    return html.replace(/\u200b/g, ZWSP);
}
function escapeHtml(text) {
    return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}
/**
 * Plain text on one line of Markdown (a sentence, a table cell): no markup,
 * no mentions, no line breaks, no `|` to split the cell.
 */
function inlineText(text, maxLength = Infinity) {
    let flat = clean(text).replace(/\s+/g, ' ').trim();
    if (flat.length > maxLength)
        flat = `${flat.slice(0, Math.max(1, maxLength - 1))}…`;
    const html = escapeHtml(breakReferences(flat)).replace(MARKDOWN_PUNCTUATION, (char) => `\\${char}`);
    return neutralizeReferences(html);
}
/** Text inside an HTML element such as <summary>, where Markdown is not parsed. */
function htmlText(text, maxLength = Infinity) {
    let flat = clean(text).replace(/\s+/g, ' ').trim();
    if (flat.length > maxLength)
        flat = `${flat.slice(0, Math.max(1, maxLength - 1))}…`;
    return neutralizeReferences(escapeHtml(breakReferences(flat)));
}
/** Text as inline code: a code span whose backtick run is longer than any inside. */
function inlineCode(text) {
    const flat = clean(text).replace(/\s+/g, ' ');
    const fence = '`'.repeat(longestRun(flat, '`') + 1);
    const pad = flat.startsWith('`') || flat.endsWith('`') ? ' ' : '';
    return `${fence}${pad}${flat}${pad}${fence}`;
}
/**
 * A fenced code block that nothing inside can close: the fence is one
 * backtick longer than the longest run of backticks in the text. Inside a
 * fence GitHub renders neither HTML nor mentions, so the text stays verbatim.
 */
function codeBlock(text, language = '') {
    const body = clean(text).replace(/\n$/, '');
    const fence = '`'.repeat(Math.max(3, longestRun(body, '`') + 1));
    return `${fence}${language}\n${body}\n${fence}`;
}
/** A link whose text is escaped and whose target is only ever a URL we built. */
function escape_link(text, url) {
    const label = inlineText(text);
    return url ? `[${label}](${url.replace(/[()\s<>]/g, (c) => encodeURIComponent(c))})` : label;
}
function longestRun(text, char) {
    let longest = 0;
    let current = 0;
    for (const c of text) {
        current = c === char ? current + 1 : 0;
        if (current > longest)
            longest = current;
    }
    return longest;
}
// ---------------------------------------------------------------- tables
/**
 * Markdown this module built: escaped text, a link it made, a code span.
 * Nothing outside this module can make one from raw text, so a table cell
 * is either this or a string, which markdownTable escapes: a value from the
 * service or a manifest reaches a table only escaped, whoever forgets.
 */
class Markup {
    markdown;
    constructor(markdown) {
        this.markdown = markdown;
    }
}
/** Raw text as a cell, shortened to maxLength characters. */
function textCell(text, maxLength = Infinity) {
    return new Markup(inlineText(text, maxLength));
}
/** A link as a cell (see link). */
function linkCell(text, url) {
    return new Markup(escape_link(text, url));
}
/** Inline code in a cell: GitHub splits cells on `|` even within code spans unless escaped. */
function codeCell(text) {
    return new Markup(inlineCode(text).replaceAll('|', '\\|'));
}
/** Cells side by side in one cell, with one of the separators the report uses. */
function joinCells(parts, separator) {
    return new Markup(parts.map(cellMarkdown).join(separator));
}
function cellMarkdown(cell) {
    return cell instanceof Markup ? cell.markdown : inlineText(cell);
}
/** A Markdown table: the headers are the report's own words; every cell is escaped unless built here. */
function markdownTable(headers, rows) {
    const head = headers.map((header) => (header === '' ? ' |' : ` ${inlineText(header)} |`)).join('');
    return [`|${head}`, `|${headers.map(() => '---').join('|')}|`, ...rows.map(tableRow)].join('\n');
}
/** One row of a table, as markdownTable writes it (a report measures its rows with it). */
function tableRow(row) {
    return `| ${row.map(cellMarkdown).join(' | ')} |`;
}

;// CONCATENATED MODULE: ./src/doctor/render.ts

// Doctor's report in words: one line per rule for the terminal, one table for
// the job summary. The JSON form is the report itself (schema/doctor.schema.json).
const ACTION_WORDS = {
    hold: 'an apply holds the items concerned',
    stop: 'an apply stops before writing',
    note: 'an apply notes it and goes on',
};
function verdictText(finding) {
    switch (finding.verdict) {
        case 'understood':
            return `understood: ${finding.reading}`;
        case 'not observed':
            return 'not observed';
        case 'not understood':
            return `NOT UNDERSTOOD: ${ACTION_WORDS[finding.consequence?.action ?? 'stop']} (${finding.consequence?.effect ?? ''})`;
    }
}
function doctorHeadline(report) {
    const failing = report.findings.filter((finding) => finding.verdict === 'not understood').length;
    const verdict = report.nothingObserved !== null
        ? `could observe nothing: ${report.nothingObserved}`
        : failing === 0
            ? 'the client understands every rule it could observe'
            : `${failing} rule${failing === 1 ? '' : 's'} not understood`;
    return `Doctor: ${verdict} (${report.requests.used} of ${report.requests.budget} GET requests, nothing written).`;
}
function renderDoctorText(report) {
    const lines = [doctorHeadline(report), `Service: ${report.baseUrl}`, ''];
    for (const finding of report.findings) {
        lines.push(`${finding.rule.padEnd(4)} ${finding.title} (${finding.endpoint}): ${verdictText(finding)}`);
        lines.push(`     seen: ${finding.seen}`);
    }
    lines.push('', 'Rules are those of docs/service-assumptions.md; each reading named is one the client handles.');
    return lines.join('\n');
}
function renderDoctorMarkdown(report) {
    const rows = report.findings.map((finding) => `| ${finding.rule} | ${inlineText(finding.title)} | \`${inlineText(finding.endpoint)}\` | ${inlineText(verdictText(finding))} | ${inlineText(finding.seen, 400)} |`);
    return [
        `### ${inlineText(doctorHeadline(report))}`,
        '',
        '| Rule | What | Endpoint | Verdict | Seen |',
        '|---|---|---|---|---|',
        ...rows,
        '',
        '<sub>Rules are those of docs/service-assumptions.md. Doctor sends only GET requests.</sub>',
    ].join('\n');
}

;// CONCATENATED MODULE: ./src/action/doctor.ts


// `mode: doctor`: the service's readings of the "not shown" rules, in the log
// and the job summary. It reads only (the client refuses anything else), so
// it is safe on any event (src/action/mode.ts lets it run); it fails the step when a rule is not understood,
// or when it could observe no rule at all.
async function runDoctorMode(commands, inputs) {
    const { baseUrl, apiKey, allowInsecureHttp } = inputs;
    const report = await runDoctor({ baseUrl, apiKey, allowInsecureHttp });
    for (const line of renderDoctorText(report).split('\n'))
        commands.info(line);
    await commands.appendSummary(renderDoctorMarkdown(report));
    return doctorPassed(report) ? null : doctorHeadline(report);
}

// EXTERNAL MODULE: ./node_modules/yaml/dist/index.js
var dist = __webpack_require__(8815);
;// CONCATENATED MODULE: ./src/manifest/catalogue-files.ts
// The catalogue's own files, beside its manifests: a folder's
// `_defaults.yml` (or `.yaml`) applies to every manifest below it, and
// `_release.yml` in the manifests' folder is release control. Their names,
// and which folders a manifest inherits from, are written here once: the
// loader, a change's scope, a pull request's base and the earlier versions
// of a manifest all ask this module.
const DEFAULTS_FILES = ['_defaults.yml', '_defaults.yaml'];
const RELEASE_FILES = ['_release.yml', '_release.yaml'];
function nameOf(file) {
    return file.slice(file.lastIndexOf('/') + 1);
}
/** Whether a path names a folder's defaults file (in any folder). */
function isDefaultsFile(file) {
    return DEFAULTS_FILES.includes(nameOf(file));
}
/** Whether a path names a release file (in any folder). */
function isReleaseFile(file) {
    return RELEASE_FILES.includes(nameOf(file));
}
/**
 * Whether a change to this file can change the manifests of its folder and
 * below: `_defaults.yml`, `_release.yml`, or any other `_`-named YAML.
 */
function isCatalogueFile(file) {
    return /^_.*\.ya?ml$/i.test(nameOf(file));
}
/** The release files the loader looks for in `root` ('' is the workspace). */
function releaseFilesIn(root) {
    return RELEASE_FILES.map((name) => inFolder(root, name));
}
/** The folders whose defaults apply to a file, outermost first: '' (the root), 'content', 'content/a'. */
function foldersOf(file) {
    const parts = file.split('/').slice(0, -1);
    return ['', ...parts.map((_, index) => parts.slice(0, index + 1).join('/'))];
}
/** The defaults files that may apply to `file`: for each of its folders, outermost first, the names it may have. */
function defaultsFilesAbove(file) {
    return foldersOf(file).map((folder) => DEFAULTS_FILES.map((name) => inFolder(folder, name)));
}
function inFolder(folder, name) {
    return folder === '' ? name : `${folder}/${name}`;
}

;// CONCATENATED MODULE: ./src/manifest/position-tree.ts
/** Keys refused in any mapping: they would write to an object's prototype. */
const FORBIDDEN_KEYS = new Set(['__proto__']);
function problemAt(location, code, message, field, severity = 'error') {
    return {
        severity,
        code,
        file: location.file,
        line: location.line,
        column: location.column,
        ...(field === undefined ? {} : { field }),
        message,
    };
}
/** Deep-merges `over` onto `base`: mappings merge key by key, everything else (lists too) replaces. */
function mergeTrees(base, over) {
    if (base.kind !== 'map' || over.kind !== 'map')
        return over;
    const entries = new Map(base.entries);
    for (const [key, entry] of over.entries) {
        const inherited = entries.get(key);
        entries.set(key, inherited ? { keyPos: entry.keyPos, value: mergeTrees(inherited.value, entry.value) } : entry);
    }
    return { kind: 'map', pos: over.pos, entries };
}
/** The plain value of a tree, and the position of every path in it. */
function toPlain(root) {
    const positions = new Map();
    const walk = (node, path, key) => {
        positions.set(path, key === undefined ? { value: node.pos } : { key, value: node.pos });
        const prefix = path === '' ? '' : `${path}.`;
        if (node.kind === 'scalar')
            return node.value;
        if (node.kind === 'seq')
            return node.items.map((item, index) => walk(item, `${prefix}${index}`));
        const object = {};
        for (const [name, entry] of node.entries) {
            // defineProperty: a key is always an own property, never a prototype write.
            Object.defineProperty(object, name, {
                value: walk(entry.value, `${prefix}${name}`, entry.keyPos),
                enumerable: true,
                writable: true,
                configurable: true,
            });
        }
        return object;
    };
    return { value: walk(root, ''), positions };
}

;// CONCATENATED MODULE: ./src/manifest/normalize.ts

// A validated manifest -> the engine's desired state for one item, plus the
// warnings about settings that cannot take effect. Absent optional fields stay
// absent: the engine neither sends nor compares them.
/** Where each field is written, by dotted path (`publish.accounts.1`). */
function locationsOf(positions) {
    const locations = {};
    for (const [path, position] of positions) {
        if (path !== '')
            locations[path] = position.key ?? position.value;
    }
    return locations;
}
function render(video) {
    const options = { video_id: video.source, orientation: video.orientation };
    if (video.prefer_real_world !== undefined)
        options.prefer_real_world = video.prefer_real_world;
    if (video.image_overlay?.enabled !== undefined)
        options.image_overlay_enabled = video.image_overlay.enabled;
    if (video.image_overlay?.position !== undefined)
        options.image_overlay_position = video.image_overlay.position;
    if (video.zoom_effect !== undefined)
        options.zoom_effect_enabled = video.zoom_effect;
    if (video.subtitles !== undefined)
        options.subtitle_settings = video.subtitles;
    return options;
}
/** One entry of publish.accounts, as the engine resolves it. */
function selectorOf(account, location) {
    return 'id' in account
        ? { kind: 'id', id: account.id, location }
        : { kind: 'name', platform: account.platform, name: account.name, location };
}
function publishOf(publish, locations, fallback) {
    const accounts = (publish.accounts ?? []).map((account, index) => selectorOf(account, locations[`publish.accounts.${index}`] ?? fallback));
    const options = {
        privacy: publish.privacy,
        category: publish.category,
        made_for_kids: publish.made_for_kids,
        age_restricted: publish.age_restricted,
        notify_subscribers: publish.notify_subscribers,
        ai_disclosure: publish.ai_disclosure,
    };
    if (publish.tiktok?.post_mode !== undefined)
        options.tiktok_post_mode = publish.tiktok.post_mode;
    if (publish.tiktok?.privacy !== undefined)
        options.tiktok_privacy = publish.tiktok.privacy;
    return { accounts, at: publish.at ?? null, ...(publish.late ? { late: publish.late } : {}), options };
}
/** Builds the desired item; `file` is the manifest itself (values may come from defaults files). */
function normalize(file, manifest, positions) {
    const locations = locationsOf(positions);
    const start = { file, line: 1, column: 1 };
    const location = locations['title'] ?? start;
    const fields = { title: manifest.title };
    if (manifest.description !== undefined)
        fields.description = manifest.description;
    if (manifest.full_text !== undefined)
        fields.full_text = manifest.full_text;
    if (manifest.textover !== undefined)
        fields.textover = manifest.textover;
    if (manifest.hashtags !== undefined)
        fields.hashtags = manifest.hashtags;
    if (manifest.fine_tuning !== undefined)
        fields.fine_tuning = manifest.fine_tuning;
    if (manifest.persona !== undefined)
        fields.persona_id = manifest.persona;
    const publish = manifest.publish ? publishOf(manifest.publish, locations, location) : null;
    const item = {
        file,
        location,
        locations,
        id: manifest.id ?? null,
        fields,
        stage: manifest.stage,
        flow: manifest.flow,
        render: render(manifest.video),
        publish,
    };
    const paused = pauseOf(manifest.paused, locations['paused'] ?? location);
    if (paused !== null)
        item.paused = paused;
    if (manifest.self_heal === true)
        item.selfHeal = true;
    if (manifest.ignore_service_edits !== undefined && manifest.ignore_service_edits.length > 0)
        item.ignoreServiceEdits = [
            ...new Set(manifest.ignore_service_edits.map((field) => (field === 'persona' ? 'persona_id' : field))),
        ];
    return { item, warnings: warningsOf(item) };
}
/** `paused: true`, or `paused: {reason, since}`, as the plan reads it; null when the item is not paused. */
function pauseOf(paused, location) {
    if (paused === undefined || paused === false)
        return null;
    if (paused === true)
        return { reason: null, since: null, location };
    return { reason: paused.reason ?? null, since: paused.since ? sinceInstant(paused.since) : null, location };
}
/** A `since` as an instant: a date alone is its first minute in UTC. */
function sinceInstant(text) {
    return new Date(/^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text}T00:00:00Z` : text).toISOString();
}
function warningsOf(item) {
    const warnings = [];
    const publishAt = item.locations['publish'];
    // Only a publish block written in the manifest itself is worth a warning:
    // one inherited from a defaults file is meant for the published items.
    if (item.publish !== null && item.stage !== 'published' && publishAt?.file === item.file) {
        warnings.push(problemAt(publishAt, 'ineffective_publish', `publish has no effect while stage is ${item.stage}; set stage: published to publish`, 'publish', 'warning'));
    }
    const accounts = item.publish?.accounts ?? [];
    const tiktokAt = item.locations['publish.tiktok'];
    if (tiktokAt !== undefined &&
        tiktokAt.file === item.file &&
        accounts.length > 0 &&
        accounts.every((a) => a.kind === 'name' && a.platform !== 'TikTok')) {
        warnings.push(problemAt(tiktokAt, 'ineffective_publish', 'publish.tiktok has no effect: none of publish.accounts is a TikTok account', 'publish.tiktok', 'warning'));
    }
    const seen = new Map();
    accounts.forEach((account, index) => {
        const key = account.kind === 'id' ? `id:${account.id}` : `name:${account.platform}:${account.name}`;
        const first = seen.get(key);
        if (first === undefined) {
            seen.set(key, index);
            return;
        }
        warnings.push(problemAt(account.location, 'duplicate_account', `publish.accounts[${index}] repeats publish.accounts[${first}]; an account is published to once`, `publish.accounts.${index}`, 'warning'));
    });
    return warnings;
}

// EXTERNAL MODULE: ./node_modules/zod/v4/classic/schemas.js + 11 modules
var schemas = __webpack_require__(2857);
// EXTERNAL MODULE: ./node_modules/zod/v4/classic/iso.js
var iso = __webpack_require__(4377);
;// CONCATENATED MODULE: ./src/text/duration.ts
// Durations as people write them in inputs, flags and the release file:
// `90m`, `24h`, `7d`, or a bare number of hours. One reader, so that the
// late window and the age at which a pause warns are written alike.
const UNITS = { m: 60_000, h: 3_600_000, d: 86_400_000 };
/** `90m`, `24h`, `7d` (or a bare number of hours) → milliseconds; null when the text is not such a duration. */
function parseDuration(text) {
    const match = /^(\d+(?:\.\d+)?)\s*([mhd]?)$/.exec(text.trim());
    if (!match)
        return null;
    const amount = Number(match[1]);
    const unit = UNITS[match[2] || 'h'];
    return Number.isFinite(amount) ? Math.round(amount * unit) : null;
}
const DURATION_FORM = 'expected a duration such as 90m, 24h or 7d';

;// CONCATENATED MODULE: ./src/text/wall-clock.ts
// Wall-clock times in IANA time zones, with Intl alone (no date library):
// the instant a date and time written for a zone stand for, and the date,
// weekday and time an instant shows in a zone. Daylight saving is the
// zone's own, as Intl knows it. A wall time the zone skips (02:30 on the
// night clocks go forward) is read with the offset from before the change,
// so it lands that far past the change.
const formatters = new Map();
function formatter(zone) {
    let found = formatters.get(zone);
    if (found === undefined) {
        found = new Intl.DateTimeFormat('en-US', {
            timeZone: zone,
            hourCycle: 'h23',
            year: 'numeric',
            month: 'numeric',
            day: 'numeric',
            hour: 'numeric',
            minute: 'numeric',
            second: 'numeric',
        });
        formatters.set(zone, found);
    }
    return found;
}
/** Whether Intl knows `zone` (an IANA name such as Europe/Paris, or UTC). */
function isTimeZone(zone) {
    try {
        formatter(zone);
        return true;
    }
    catch {
        return false;
    }
}
/** Every IANA zone name Intl lists, for a "did you mean". */
function timeZoneNames() {
    return ['UTC', ...Intl.supportedValuesOf('timeZone')];
}
/** The zone's offset from UTC at an instant, in milliseconds (local minus UTC), as Intl says it. */
function intlOffsetAt(zone, instant) {
    const parts = formatter(zone).formatToParts(new Date(instant));
    const part = (type) => Number(parts.find((entry) => entry.type === type)?.value);
    const local = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
    return local - Math.floor(instant / 1000) * 1000;
}
const DAY_MS = 86_400_000;
/** Days kept per zone before its cache starts again: a run asks about a few hundred at most. */
const DAYS_KEPT = 20_000;
/** Per zone, its offset at the start of each UTC day asked about (Intl is slow: a freeze calendar asks thousands of times). */
const dayStarts = new Map();
function offsetAtDayStart(zone, day) {
    let days = dayStarts.get(zone);
    if (days === undefined || days.size > DAYS_KEPT) {
        days = new Map();
        dayStarts.set(zone, days);
    }
    let offset = days.get(day);
    if (offset === undefined) {
        offset = intlOffsetAt(zone, day * DAY_MS);
        days.set(day, offset);
    }
    return offset;
}
/**
 * The zone's offset from UTC at an instant, in milliseconds (local minus
 * UTC). A UTC day that starts and ends on the same offset keeps it all day
 * (no zone changes its clocks twice within a day and back); on a day the
 * offset changes, Intl is asked about the instant itself.
 */
function offsetAt(zone, instant) {
    const day = Math.floor(instant / DAY_MS);
    const start = offsetAtDayStart(zone, day);
    return start === offsetAtDayStart(zone, day + 1) ? start : intlOffsetAt(zone, instant);
}
/**
 * An instant's wall-clock time in `zone`, as milliseconds since the epoch
 * read as if the zone were UTC: `new Date(wall).getUTCDay()` is its weekday
 * there, `getUTCHours()` its hour.
 */
function wallTime(zone, instant) {
    return instant + offsetAt(zone, instant);
}
/**
 * The instant at which `zone` shows the wall time `wall` (milliseconds read
 * as if UTC). A wall time shown twice (clocks going back) is its first
 * instant; one never shown (clocks going forward) is read with the offset
 * from before the change, east or west of UTC alike.
 */
function instantAt(zone, wall) {
    const before = offsetAt(zone, wall - DAY_MS);
    const after = offsetAt(zone, wall + DAY_MS);
    const shown = [wall - before, wall - after].filter((instant) => wallTime(zone, instant) === wall);
    return shown.length > 0 ? Math.min(...shown) : wall - before;
}

;// CONCATENATED MODULE: ./src/manifest/suggest.ts
// "Did you mean": the closest candidate to what a user wrote, or nothing when
// no candidate is close enough to be a likely typo.
function squash(value) {
    return value.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
}
/** Edit distance counting a swap of two neighbours as one edit (optimal string alignment). */
function distance(a, b) {
    const rows = a.length + 1;
    const cols = b.length + 1;
    const d = new Array(rows * cols).fill(0);
    for (let i = 0; i < rows; i++)
        d[i * cols] = i;
    for (let j = 0; j < cols; j++)
        d[j] = j;
    for (let i = 1; i < rows; i++) {
        for (let j = 1; j < cols; j++) {
            const cost = a[i - 1] === b[j - 1] ? 0 : 1;
            let best = Math.min(d[(i - 1) * cols + j] + 1, d[i * cols + j - 1] + 1, d[(i - 1) * cols + j - 1] + cost);
            if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
                best = Math.min(best, d[(i - 2) * cols + j - 2] + 1);
            }
            d[i * cols + j] = best;
        }
    }
    return d[rows * cols - 1];
}
/**
 * The candidate the user most likely meant: the same word in other casing, the
 * same word in another spelling convention (`notifySubscribers` ->
 * `notify_subscribers`), or the nearest one within a few typos.
 */
function suggest(input, candidates) {
    if (candidates.includes(input))
        return input;
    const lower = input.toLowerCase();
    const sameCase = candidates.find((candidate) => candidate.toLowerCase() === lower);
    if (sameCase !== undefined)
        return sameCase;
    const squashed = squash(input);
    if (squashed === '')
        return undefined;
    const sameWord = candidates.find((candidate) => squash(candidate) === squashed);
    if (sameWord !== undefined)
        return sameWord;
    let best;
    let bestDistance = Infinity;
    for (const candidate of candidates) {
        const target = squash(candidate);
        // Allow about one typo per three letters, at least one.
        const limit = Math.max(1, Math.floor(Math.min(squashed.length, target.length) / 3));
        if (Math.abs(target.length - squashed.length) > limit)
            continue;
        const d = distance(squashed, target);
        if (d <= limit && d < bestDistance) {
            best = candidate;
            bestDistance = d;
        }
    }
    return best;
}

;// CONCATENATED MODULE: ./src/manifest/types.ts
const STAGES = ['draft', 'rendered', 'published'];
const FLOWS = ['oneshot', 'stepwise'];
/** What a freeze window holds: publications (the default), renders, or creates and edits. */
const FREEZE_HOLDS = ['publish', 'render', 'edit'];
const WEEKDAYS = [
    'sunday',
    'monday',
    'tuesday',
    'wednesday',
    'thursday',
    'friday',
    'saturday',
];
/** Whether a problem stops every write of the run (see Problem.itemOnly). */
function blocksWrites(problem) {
    return problem.severity === 'error' && problem.itemOnly !== true;
}

;// CONCATENATED MODULE: ./src/manifest/release-schema.ts







// The one definition of the release file (`_release.yml` in the manifests'
// folder): freeze windows, the kill switch and paused accounts. Like the
// manifest's schema, the loader validates with it and
// schema/release.schema.json is generated from it. Also the `paused` field
// a manifest or a `_defaults.yml` may carry, so that a pause reads the same
// wherever it is written.
//
// Checks zod has no words for are refinements with a `params.code` and a
// message that says what to write (src/manifest/issues.ts uses them as they are).
const nonEmpty = schemas/* string */.YjP().regex(/\S/);
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})$/i;
/** A calendar date that exists (no 2026-02-30). */
function isDate(text) {
    const match = DATE.exec(text);
    if (!match)
        return false;
    const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
    const date = new Date(Date.UTC(year, month - 1, day));
    return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
/** A date (`2026-12-24`) or an instant with a zone (`2026-12-24T18:00:00Z`), kept as written. */
function when(description) {
    return schemas/* string */.YjP()
        .refine((text) => isDate(text) || (INSTANT.test(text) && !Number.isNaN(Date.parse(text))), {
        params: { code: 'invalid_date', ofValue: true },
        error: (issue) => `${JSON.stringify(issue.input)} is neither a date nor an instant with a zone; write it like 2026-12-24 or 2026-12-24T18:00:00Z`,
    })
        .meta({
        description,
        pattern: '^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?(Z|[+-]\\d{2}:\\d{2}))?$',
    });
}
const CLOCK = /^([01]\d|2[0-3]):([0-5]\d)$|^24:00$/;
/** A wall-clock time, `22:00`; `24:00` is the end of the day. */
function clock(description) {
    return schemas/* string */.YjP()
        .refine((text) => CLOCK.test(text), {
        params: { code: 'invalid_time', ofValue: true },
        error: (issue) => `${JSON.stringify(issue.input)} is not a time of day; write it as HH:MM on a 24-hour clock, like 22:00 (24:00 is midnight at the end of the day), in quotes`,
    })
        .meta({ description, pattern: '^(([01]\\d|2[0-3]):[0-5]\\d|24:00)$' });
}
const timeZone = schemas/* string */.YjP()
    .refine(isTimeZone, {
    params: { code: 'unknown_time_zone', ofValue: true },
    error: (issue) => {
        const hint = typeof issue.input === 'string' ? suggest(issue.input, timeZoneNames()) : undefined;
        return `${JSON.stringify(issue.input)} is not an IANA time zone${hint ? `; did you mean ${hint}?` : '; write one like Europe/Paris, America/New_York or UTC'}`;
    },
})
    .describe('IANA time zone, for example Europe/Paris, America/New_York or UTC.');
const duration = schemas/* string */.YjP()
    .refine((text) => parseDuration(text) !== null, {
    params: { code: 'invalid_duration', ofValue: true },
    error: (issue) => `${JSON.stringify(issue.input)} is not a duration: ${DURATION_FORM}`,
})
    .meta({ pattern: '^\\d+(\\.\\d+)?\\s*[mhd]?$' });
const reason = nonEmpty.describe('Why: shown in every plan, summary and comment.');
const holds = schemas/* array */.YOg(schemas/* enum */.k5n(FREEZE_HOLDS))
    .min(1)
    .default(['publish'])
    .describe('What the window holds: publish (the default), render, edit (creates and edits). What it does not name goes on.');
/** What to write instead of a word `every` does not take: `weekends` is [saturday, sunday]. */
function everyAdvice(input) {
    const word = typeof input === 'string' ? input.trim().toLowerCase() : '';
    const days = {
        weekend: '[saturday, sunday]',
        weekends: '[saturday, sunday]',
        weekdays: '[monday, tuesday, wednesday, thursday, friday]',
        daily: 'day',
        everyday: 'day',
        'every day': 'day',
    };
    const weekday = WEEKDAYS.find((day) => word === day || word === `${day}s`);
    const instead = days[word] ?? (weekday ? `[${weekday}]` : suggest(word, [...WEEKDAYS, 'day']));
    const shown = typeof input === 'string' ? JSON.stringify(input) : 'this value';
    return instead
        ? `${shown} is not day or a list of weekdays; write every: ${WEEKDAYS.includes(instead) ? `[${instead}]` : instead}`
        : `${shown} is not day or a list of weekdays; write every: day, or the weekdays as a list, like [saturday, sunday]`;
}
const recurringWindow = schemas/* strictObject */.rej({
    every: schemas/* union */.KCZ([
        schemas/* array */.YOg(schemas/* enum */.k5n(WEEKDAYS)).min(1).describe('Weekdays the window starts on, in its time zone.'),
        schemas/* string */.YjP()
            .refine((text) => text === 'day', {
            params: { code: 'invalid_value', ofValue: true },
            error: (issue) => everyAdvice(issue.input),
        })
            .meta({ const: 'day', description: 'Every day.' }),
    ])
        .describe('The weekdays the window starts on (saturday, sunday, …), or day for every day.'),
    from: clock('Wall-clock time the window starts, in its time zone. Default 00:00.').default('00:00'),
    until: clock('Wall-clock time the window ends; at or before from, it ends on the next day. Default 24:00.').default('24:00'),
    time_zone: timeZone,
    reason,
    holds,
})
    .describe('A window that comes back every week: weekends, nights.');
const fixedWindow = schemas/* strictObject */.rej({
    from: when('Start: a date (its first minute, in time_zone) or an instant with a zone.'),
    until: when('End: a date (the window runs to the end of that day, in time_zone) or an instant.'),
    time_zone: timeZone.optional().describe('The zone dates are read in; default UTC.'),
    reason,
    holds,
})
    .describe('A window between two dates or instants: a holiday, a launch, a review.');
/** One freeze window: the release file's schema checks each, and the loader checks each alone when another part is wrong. */
const freezeWindowSchema = schemas/* union */.KCZ([recurringWindow, fixedWindow]);
const since = when('Since when: a date or an instant with a zone.');
/** The most freeze windows a release file may hold: every plan computes each of them, at every instant it asks. */
const MAX_FREEZE_WINDOWS = 100;
/** The most accounts a release file may pause. */
const MAX_PAUSED_ACCOUNTS = 100;
/**
 * A list of at most `max` entries, refused at the first entry past the cap
 * (its file:line), so that a release file cannot make every run do
 * unbounded work.
 */
function capped(entry, max, tooMany) {
    return schemas/* array */.YOg(entry)
        .refine((list) => list.length <= max, {
        path: [max],
        params: { code: 'too_many_entries' },
        error: (issue) => tooMany(Array.isArray(issue.input) ? issue.input.length : max + 1),
    })
        .meta({ maxItems: max });
}
const pausedById = schemas/* strictObject */.rej({
    id: nonEmpty.describe('Id of the account, as GET /accounts lists it.'),
    reason,
    since,
});
const pausedByName = schemas/* strictObject */.rej({
    platform: schemas/* enum */.k5n(PLATFORMS).describe('Platform of the account: YouTube, TikTok or Instagram.'),
    name: nonEmpty.describe('Name of the account on that platform, as GET /accounts lists it.'),
    reason,
    since,
});
const releaseSchema = schemas/* strictObject */.rej({
    paused: schemas/* boolean */.zMY()
        .default(false)
        .describe('The kill switch: true stops every write of every run (creates, edits, renders, publications).'),
    reason: reason.optional().describe('Why the catalogue is paused; required with paused: true.'),
    since: since.optional().describe('Since when the catalogue is paused; required with paused: true.'),
    warn_paused_after: duration
        .default('7d')
        .describe('A pause (of the catalogue, an account or an item) older than this is a warning in every run.'),
    freeze: capped(freezeWindowSchema, MAX_FREEZE_WINDOWS, (count) => `freeze holds ${count} windows; a release file may hold at most ${MAX_FREEZE_WINDOWS}: merge windows that repeat (every: [saturday, sunday] is one window), or remove those that have passed`)
        .default([])
        .describe('Freeze windows: while one is open, what it holds waits; a publication due in it goes out when it ends.'),
    paused_accounts: capped(schemas/* union */.KCZ([pausedByName, pausedById]), MAX_PAUSED_ACCOUNTS, (count) => `paused_accounts names ${count} accounts; a release file may name at most ${MAX_PAUSED_ACCOUNTS}: pause the catalogue instead (paused: true), or remove accounts no longer paused`)
        .default([])
        .describe('Accounts nothing is published to: an item that publishes to one is held, whatever other accounts it names.'),
})
    .refine((value) => !value.paused || (value.reason !== undefined && value.since !== undefined), {
    path: ['paused'],
    params: { code: 'pause_without_reason' },
    message: 'paused is true without a reason and a since; add reason: (why) and since: (a date, like 2026-11-20) beside it, so that every run can say why and for how long',
    // Checked whatever else is wrong, so that one run reports every mistake.
    when: (payload) => isRecord(payload.value) &&
        payload.value['paused'] === true &&
        (typeof payload.value['reason'] !== 'string' || typeof payload.value['since'] !== 'string'),
})
    .describe('Release control: freeze windows, the kill switch and paused accounts, for every manifest of the folder.');
/** `paused` in a manifest or a `_defaults.yml`: true, or why and since when. */
const pausedField = schemas/* union */.KCZ([
    schemas/* boolean */.zMY(),
    schemas/* strictObject */.rej({
        reason: reason.optional(),
        since: since.optional(),
    }),
])
    .optional()
    .describe('Hold this item (or, in a _defaults.yml, every item below it): nothing is created, edited, rendered or published. true, or {reason, since}.');
/** JSON Schema of the release file as written, for editors. */
function releaseJsonSchema() {
    const schema = z.toJSONSchema(releaseSchema, {
        io: 'input',
        target: 'draft-2020-12',
        unrepresentable: 'any',
    });
    const { $schema, ...rest } = schema;
    return { $schema, title: 'content-as-code release file', ...rest };
}

;// CONCATENATED MODULE: ./src/manifest/schema.ts





// The one definition of the manifest: the loader validates with it, the code
// takes its types from it, and schema/content.schema.json is generated from it
// (its descriptions are what editors show next to each field).
//
// Rules that involve two fields carry a `params.code`; src/manifest/issues.ts
// turns every other zod issue into a sentence that names the field.
const schema_nonEmpty = schemas/* string */.YjP().regex(/\S/);
const accountById = schemas/* strictObject */.rej({
    id: schema_nonEmpty.describe('Id of a connected account, as GET /accounts lists it.'),
})
    .describe('An account given by its id.');
const accountByName = schemas/* strictObject */.rej({
    platform: schemas/* enum */.k5n(PLATFORMS)
        .describe('Platform of the account, spelled exactly: YouTube, TikTok or Instagram.'),
    name: schema_nonEmpty.describe('Name of the account on that platform, as GET /accounts lists it.'),
})
    .describe('An account given by platform and name; resolved through GET /accounts.');
const accountSchema = schemas/* union */.KCZ([accountById, accountByName])
    .describe('A connected account to publish to: {id: …} or {platform: …, name: …}.');
const tiktok = schemas/* strictObject */.rej({
    post_mode: schemas/* enum */.k5n(['direct', 'draft'])
        .optional()
        .describe('direct posts the video; draft leaves it in the TikTok inbox. Sent only when given.'),
    privacy: schema_nonEmpty
        .optional()
        .describe('TikTok privacy level, for example PUBLIC_TO_EVERYONE. Sent only when given.'),
})
    .describe('Settings that only TikTok accounts use.');
/** made_for_kids and age_restricted both true, in JSON Schema terms (what `not` refuses). */
const KIDS_AND_AGE_RESTRICTED = {
    allOf: [
        { properties: { made_for_kids: { const: true } }, required: ['made_for_kids'] },
        { properties: { age_restricted: { const: true } }, required: ['age_restricted'] },
    ],
};
const publish = schemas/* strictObject */.rej({
    accounts: schemas/* array */.YOg(accountSchema)
        .optional()
        .describe('Accounts to publish to. Required when stage is published.'),
    at: iso/* datetime */.w$({ offset: true })
        .transform((value) => new Date(value).toISOString())
        .optional()
        .describe('Publish no earlier than this ISO 8601 instant with a zone, for example 2026-12-01T15:00:00Z. Absent: as soon as the video is rendered.'),
    late: schemas/* enum */.k5n(['hold', 'publish'])
        .optional()
        .describe('What happens when publish.at passed longer ago than the late window (24 h by default): hold (the default) keeps the video unpublished with a message; publish publishes it anyway.'),
    privacy: schema_nonEmpty.default('public').describe('Platform visibility, for example public.'),
    category: schemas/* union */.KCZ([schema_nonEmpty, schemas/* int */.Whr().nonnegative()])
        .default('22')
        .transform(String)
        .describe('YouTube category id; a number or a string, sent as a string.'),
    made_for_kids: schemas/* boolean */.zMY()
        .default(false)
        .describe('The video is made for kids (COPPA). Cannot be true together with age_restricted.'),
    age_restricted: schemas/* boolean */.zMY()
        .default(false)
        .describe('The video is for adults only. Cannot be true together with made_for_kids.'),
    notify_subscribers: schemas/* boolean */.zMY().default(true).describe('Notify the channel subscribers.'),
    ai_disclosure: schemas/* boolean */.zMY().default(true).describe('Disclose that the video contains generated media.'),
    tiktok: tiktok.optional(),
})
    .refine((value) => !(value.made_for_kids && value.age_restricted), {
    path: ['age_restricted'],
    params: { code: 'kids_and_age_restricted' },
    message: 'publish.made_for_kids and publish.age_restricted are both true; a video made for kids cannot be age-restricted, set one of them to false',
    // Checked even when another field of publish is wrong, so that one run reports every mistake.
    when: (payload) => isRecord(payload.value) &&
        payload.value['made_for_kids'] === true &&
        payload.value['age_restricted'] === true,
})
    .meta({
    description: 'Where and how the video is published. Takes effect only when stage is published.',
    // The refine above, for editors: the JSON Schema cannot run it, so it says the same in its own terms.
    not: KIDS_AND_AGE_RESTRICTED,
});
const imageOverlay = schemas/* strictObject */.rej({
    enabled: schemas/* boolean */.zMY().optional().describe('Show an image overlay. Sent only when given.'),
    position: schema_nonEmpty.optional().describe('Where the overlay goes, for example top. Sent only when given.'),
})
    .describe('Image overlay of the render.');
const video = schemas/* strictObject */.rej({
    source: schema_nonEmpty.default('stock').describe('Footage source, sent as video_id.'),
    orientation: schema_nonEmpty.default('vertical').describe('Orientation of the video, for example vertical.'),
    prefer_real_world: schemas/* boolean */.zMY()
        .optional()
        .describe('Prefer real-world footage over illustrations. Sent only when given.'),
    image_overlay: imageOverlay.optional(),
    zoom_effect: schemas/* boolean */.zMY().optional().describe('Slow zoom on still images. Sent only when given.'),
    subtitles: schemas/* record */.g1P(schemas/* string */.YjP(), schemas/* unknown */.L5J())
        .optional()
        .describe('Subtitle settings, passed through to the service as subtitle_settings.'),
})
    .describe('How the video is rendered.');
/** Manifest fields a person may edit in the service's web app; `ignore_service_edits` names them. */
const SERVICE_EDITABLE = [
    'description',
    'full_text',
    'textover',
    'hashtags',
    'persona',
    'fine_tuning',
];
const hashtag = schemas/* union */.KCZ([schemas/* string */.YjP().regex(/^#?[^\s#]\S*$/), schemas/* int */.Whr()]);
/** Hashtags as the service takes them: one string; a list is joined, with `#` added where missing. */
const hashtagsField = schemas/* union */.KCZ([
    schemas/* string */.YjP().transform((value) => value.trim()),
    schemas/* array */.YOg(hashtag)
        .transform((tags) => tags.map((tag) => (String(tag).startsWith('#') ? String(tag) : `#${tag}`)).join(' ')),
]);
/** A persona id, written as it is or as {id: …}. */
const personaField = schemas/* union */.KCZ([schema_nonEmpty, schemas/* strictObject */.rej({ id: schema_nonEmpty.describe('Persona id.') })])
    .transform((value) => (typeof value === 'string' ? value : value.id));
const manifestSchema = schemas/* strictObject */.rej({
    title: schema_nonEmpty.describe('Title of the video; unique across manifests. Without an id, the item is found by this exact title.'),
    id: schema_nonEmpty.optional().describe('Pins an existing item by its id.'),
    description: schemas/* string */.YjP().optional().describe('Description shown with the video.'),
    full_text: schemas/* string */.YjP().optional().describe('Source text the script is written from.'),
    textover: schemas/* string */.YjP()
        .optional()
        .describe('Hand-written on-screen script; absent: the service writes one from full_text.'),
    hashtags: hashtagsField
        .optional()
        .describe('A list of hashtags (# added when missing), or one string taken as written.'),
    persona: personaField.optional().describe('Persona id, or {id: …}.'),
    fine_tuning: schemas/* record */.g1P(schemas/* string */.YjP(), schemas/* unknown */.L5J())
        .optional()
        .describe('Generation fine-tuning, passed through to the service as it is.'),
    stage: schemas/* enum */.k5n(STAGES)
        .default('draft')
        .describe('How far apply takes the item: draft (fields only, no credits), rendered (a video exists) or published.'),
    flow: schemas/* enum */.k5n(FLOWS)
        .default('oneshot')
        .describe('oneshot: one request renders and publishes; stepwise: the script is read before rendering.'),
    video: video.prefault({}),
    publish: publish.optional(),
    paused: pausedField,
    self_heal: schemas/* boolean */.zMY()
        .optional()
        .describe("true: a field edited in the service since the repository last asked for it is put back to the manifest's value (once, and said). Absent or false: such an edit is kept and shown (docs/service-edits.md)."),
    ignore_service_edits: schemas/* array */.YOg(schemas/* enum */.k5n(SERVICE_EDITABLE))
        .optional()
        .describe('Fields the service owns once the item exists: sent when it is created, never compared or written again.'),
})
    .refine((value) => value.stage !== 'published' || (value.publish?.accounts?.length ?? 0) > 0, {
    path: ['stage'],
    params: { code: 'published_without_accounts' },
    message: 'stage is published but publish.accounts lists no account; add one under publish.accounts, or set stage: rendered',
    when: (payload) => isRecord(payload.value) && payload.value['stage'] === 'published',
})
    .describe('One video, kept as code: a content item of the service and how it is rendered and published.');
/** JSON Schema of the manifest as written (input side), for editors and the README reference. */
function manifestJsonSchema() {
    const schema = z.toJSONSchema(manifestSchema, {
        io: 'input',
        target: 'draft-2020-12',
        unrepresentable: 'any',
    });
    const { $schema, ...rest } = schema;
    return { $schema, title: 'content-as-code manifest', ...rest };
}

;// CONCATENATED MODULE: ./src/manifest/outline.ts


// What can still be read of a manifest whatever else is wrong with it: its
// title, its pinned id and the accounts written well. Duplicate titles and
// unknown accounts are then reported in the same run as a wrong type or a bad
// date, instead of only once those are fixed.
/** A title or an id as a manifest names it: a string with more than blanks. */
function nonBlankText(value) {
    return typeof value === 'string' && /\S/.test(value) ? value : null;
}
function field(value, key) {
    return typeof value === 'object' && value !== null && !Array.isArray(value)
        ? value[key]
        : undefined;
}
/** The outline of a manifest's merged value (its defaults under it), valid or not. */
function outlineOf(file, value, positions) {
    const locations = locationsOf(positions);
    const start = { file, line: 1, column: 1 };
    const location = locations['title'] ?? start;
    const written = field(field(value, 'publish'), 'accounts');
    const accounts = Array.isArray(written)
        ? written.flatMap((entry, index) => {
            const parsed = accountSchema.safeParse(entry);
            const at = locations[`publish.accounts.${index}`] ?? location;
            // An entry that is itself wrong has its own error already; it names no account to look up.
            return parsed.success ? [{ index, selector: selectorOf(parsed.data, at) }] : [];
        })
        : [];
    return {
        file,
        title: nonBlankText(field(value, 'title')),
        id: nonBlankText(field(value, 'id')),
        location,
        locations,
        accounts,
    };
}

;// CONCATENATED MODULE: ./src/git/earlier-versions.ts





/**
 * `previous` asked once per file for the run: the plan reads a base from
 * several stages (renames, service edits, a preview's reach, the
 * publication settings of a published video).
 */
function rememberedVersions(previous) {
    const reads = new Map();
    const histories = new Map();
    let readable = null;
    const once = (cache, file, ask) => {
        let answer = cache.get(file);
        if (answer === undefined) {
            answer = ask();
            cache.set(file, answer);
        }
        return answer;
    };
    return {
        read: (file) => once(reads, file, () => previous.read(file)),
        ...(previous.earlier
            ? { earlier: (file) => once(histories, file, () => previous.earlier(file)) }
            : {}),
        ...(previous.readable ? { readable: () => (readable ??= previous.readable()) } : {}),
    };
}
/**
 * Asks for each file at the base, and for the defaults files above it, all
 * at once and without waiting: a change's plan compares what it touches
 * with the base, and these reads go on while the catalogue is parsed. A read
 * that fails is left to whoever needs it.
 */
function askAhead(previous, files) {
    const paths = new Set();
    for (const file of files)
        for (const path of [file, ...defaultsFilesAbove(file).flat()])
            paths.add(path);
    void previous.readable?.().catch(() => undefined);
    for (const path of paths)
        void previous.read(path).catch(() => undefined);
}
/** The title and pinned id a manifest's text names, as its outline reads them; null without a title. */
function identityIn(text) {
    if (text === null)
        return null;
    try {
        const doc = (0,dist/* parse */.qg)(text);
        if (!isRecord(doc))
            return null;
        const { title, id } = doc;
        const written = nonBlankText(title);
        return written === null ? null : { title: written, id: nonBlankText(id) };
    }
    catch {
        return null; // an unparsable earlier version names nothing
    }
}
/** The title a manifest's earlier text names, when it is not `current`. */
function titleIn(text, current) {
    const title = identityIn(text)?.title ?? null;
    return title !== null && !sameTitle(title, current) ? title : null;
}
/**
 * The title a manifest had before, through any PreviousVersions source (git,
 * the PR's file listing): the one at the base commit, or else the newest title in the
 * file's history that a remote item still has (a rename whose own run applied
 * nothing, a scheduled run with no base).
 */
async function previousTitle(previous, item, remoteTitles = new Set()) {
    const atBase = titleIn(await previous.read(item.file), item.fields.title);
    if ((atBase !== null && remoteTitles.has(titleKey(atBase))) || !previous.earlier)
        return atBase;
    for (const text of await previous.earlier(item.file)) {
        const title = titleIn(text, item.fields.title);
        if (title !== null && remoteTitles.has(titleKey(title)))
            return title;
    }
    return atBase;
}
/** The publication settings a manifest text sets, with the schema's defaults; null when it has none. */
function publishSettingsIn(text) {
    let doc;
    try {
        doc = (0,dist/* parse */.qg)(text);
    }
    catch {
        return null; // an unparsable earlier version says nothing
    }
    if (!isRecord(doc) || !isRecord(doc.publish))
        return null;
    const p = doc.publish;
    const flag = (value, fallback) => typeof value === 'boolean' ? value : fallback;
    const settings = {
        privacy: typeof p.privacy === 'string' ? p.privacy : 'public',
        category: typeof p.category === 'string' || typeof p.category === 'number' ? String(p.category) : '22',
        made_for_kids: flag(p.made_for_kids, false),
        age_restricted: flag(p.age_restricted, false),
        notify_subscribers: flag(p.notify_subscribers, true),
        ai_disclosure: flag(p.ai_disclosure, true),
    };
    const tiktok = isRecord(p.tiktok) ? p.tiktok : {};
    if (tiktok.post_mode === 'direct' || tiktok.post_mode === 'draft')
        settings.tiktok_post_mode = tiktok.post_mode;
    if (typeof tiktok.privacy === 'string')
        settings.tiktok_privacy = tiktok.privacy;
    return settings;
}
/** file → publication settings at the base, for the given (published) manifests that had them there. */
async function publishedWith(previous, items) {
    const found = new Map();
    if (!previous)
        return found;
    await Promise.all(items.map(async (item) => {
        const text = await previous.read(item.file);
        const settings = text === null ? null : publishSettingsIn(text);
        if (settings !== null)
            found.set(item.file, settings);
    }));
    return found;
}
// A persona the service shows otherwise than the manifest is written only
// when the change being applied set it (plan/types.ts, personaChanged): the
// persona as the base commit had it, in the manifest or the nearest folder
// `_defaults.yml` above it.
function personaIn(text) {
    if (text === null)
        return undefined;
    let doc;
    try {
        doc = (0,dist/* parse */.qg)(text);
    }
    catch {
        return undefined;
    }
    if (!isRecord(doc) || !('persona' in doc))
        return null;
    const persona = isRecord(doc.persona) ? doc.persona.id : doc.persona;
    return typeof persona === 'string' ? persona : null;
}
/** The persona a manifest had at the base; undefined when the manifest did not exist there. */
async function personaAtBase(previous, file) {
    const own = personaIn(await previous.read(file));
    if (own !== null)
        return own;
    // The nearest folder's defaults first.
    for (const folder of defaultsFilesAbove(file).reverse()) {
        for (const path of folder) {
            const inherited = personaIn(await previous.read(path));
            if (typeof inherited === 'string')
                return inherited;
        }
    }
    return null;
}
/** Whether the manifest's persona differs from the one it had at the base commit (false when it is new since). */
async function personaChangedSince(previous, item) {
    const before = await personaAtBase(previous, item.file);
    return before !== undefined && before !== (item.fields.persona_id ?? null);
}

// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(1455);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
var external_node_path_default = /*#__PURE__*/__webpack_require__.n(external_node_path_);
;// CONCATENATED MODULE: ./src/defaults.ts
// The defaults of a run's settings, defined once. The action's inputs take
// them as action.yml declares them (test/action/defaults.test.ts reads
// action.yml and fails when the two differ), the CLI's flags take the same
// values, and the manifest loader the same glob.
/** Each action input's default, written as a workflow would write it. */
const INPUT_DEFAULTS = {
    'api-key': '',
    'base-url': '',
    manifests: 'content/**/*.{yml,yaml}',
    'allow-empty': 'false',
    mode: 'auto',
    // action.yml gives `${{ github.token }}`, which only the runner can fill; run anywhere else, none.
    'github-token': '',
    'comment-author': '',
    'review-key': '',
    comment: 'true',
    'preview-scripts': 'false',
    'preview-renders': '0',
    'preview-credits': '',
    'preview-links-public': 'false',
    'full-read': 'false',
    publish: 'true',
    'max-publications': '10',
    'cancel-running': 'false',
    concurrency: '4',
    wait: 'true',
    'timeout-minutes': '30',
    'late-window': '24h',
    'require-review': 'warn',
    pause: 'false',
    'override-freeze': 'false',
    'at-most-once': 'false',
    'self-heal': 'false',
    shard: '',
    'allow-insecure-http': 'false',
    'allow-untrusted-events': 'false',
    deployments: 'false',
};
const flag = (text) => text === 'true';
/** The same defaults as values, for the CLI and the engine. */
const DEFAULTS = {
    manifests: INPUT_DEFAULTS.manifests,
    allowEmpty: flag(INPUT_DEFAULTS['allow-empty']),
    publish: flag(INPUT_DEFAULTS.publish),
    maxPublications: Number(INPUT_DEFAULTS['max-publications']),
    cancelRunning: flag(INPUT_DEFAULTS['cancel-running']),
    concurrency: Number(INPUT_DEFAULTS.concurrency),
    wait: flag(INPUT_DEFAULTS.wait),
    timeoutMinutes: Number(INPUT_DEFAULTS['timeout-minutes']),
    lateWindow: INPUT_DEFAULTS['late-window'],
    allowInsecureHttp: flag(INPUT_DEFAULTS['allow-insecure-http']),
};

;// CONCATENATED MODULE: ./src/text/wildcard.ts
// Wildcard matching in time linear in the text: no regular expression, so
// nothing to backtrack. A pattern is a list of elements, each of which takes
// exactly one unit of the text (a character, or a path segment) or any run of
// them (a star). The matcher walks the text once, keeping the set of pattern
// positions it could be at (a Thompson simulation): at most pattern × text
// steps, however the stars are placed. A regular expression built from
// `*a*a*a*a*a*a*a*a*b` took over 40 s on a title of 64 characters; this
// takes microseconds.
/** Whether the whole of `units` is taken by the whole of `pattern`. */
function matchesAll(pattern, units) {
    return advance(pattern, units).includes(pattern.length);
}
/**
 * The positions of `pattern` the matcher can be at once `units` are taken,
 * from `from` (the start when absent): a text's common beginning (a
 * folder's path, for every file in it) is walked once, and only each
 * text's own end after it. Empty when no match can follow.
 */
function advance(pattern, units, from = reachable(pattern, [0])) {
    let states = from;
    for (const unit of units) {
        const next = [];
        for (const position of states) {
            const element = pattern[position];
            if (element === undefined)
                continue;
            if (element.kind === 'one' && element.matches(unit))
                next.push(position + 1);
            else if (element.kind === 'any' && (element.accepts?.(unit) ?? true))
                next.push(position);
        }
        states = reachable(pattern, next);
        if (states.length === 0)
            break;
    }
    return states;
}
/** The positions given, and those past every star after them (a star may take nothing), once each, in order. */
function reachable(pattern, positions) {
    const seen = new Uint8Array(pattern.length + 1);
    for (let position of positions) {
        for (; !seen[position]; position++) {
            seen[position] = 1;
            if (pattern[position]?.kind !== 'any')
                break;
        }
    }
    const out = [];
    for (let position = 0; position <= pattern.length; position++)
        if (seen[position])
            out.push(position);
    return out;
}
/** One character, or any run of characters: a pattern over the characters of a text (code points). */
const anyChars = { kind: 'any' };
const oneChar = (matches) => ({ kind: 'one', matches });
const literalChar = (char) => oneChar((unit) => unit === char);
/**
 * A glob over a whole text, as `--only` takes titles: `*` any run of
 * characters, `?` one character, everything else literal.
 */
function textMatcher(glob) {
    const pattern = [...glob].map((char) => char === '*' ? anyChars : char === '?' ? oneChar(() => true) : literalChar(char));
    return (text) => matchesAll(pattern, [...text]);
}

;// CONCATENATED MODULE: ./src/manifest/glob.ts

// The manifests glob, matched without a regular expression. Node's glob
// turns each `*` into a regular expression that backtracks: a pattern such
// as `content/*a*a*a*a*a*a*a*a*b` against one file of a long name took
// seconds, and each further star multiplies it. Here the pattern is matched
// by src/text/wildcard.ts, in time linear in the path, and the loader walks
// the folders under the glob's fixed start, no deeper than it can match.
//
// Syntax: `*` and `?` within one path segment; `[abc]`, `[a-z]`, `[!x]`;
// `**` as a whole segment, any number of segments; `{a,b}`, nested too; `\`
// takes the next character as written. As with Node's glob, a name that
// starts with a dot is matched only by a segment written with that dot.
class GlobSyntaxError extends Error {
    name = 'GlobSyntaxError';
}
/** Brace alternatives past this are a mistake (or an attack): `{a,b}` ten times over is 1,024. */
const MAX_ALTERNATIVES = 256;
const EXTGLOB = /(?<!\\)[@!+*?]\(/;
/** The folder a glob starts in, before its first wildcard: `content/**\/*.yml` -> `content`. */
function globRoot(pattern) {
    const parts = pattern.split('/');
    const fixed = [];
    for (const part of parts.slice(0, -1)) {
        if (/[*?[\]{}!\\]/.test(part))
            break;
        fixed.push(part);
    }
    const root = fixed.join('/');
    return root === '' && pattern.startsWith('/') ? '/' : root;
}
function compileGlob(glob) {
    const extglob = EXTGLOB.exec(glob);
    if (extglob) {
        throw new GlobSyntaxError(`the manifests glob ${JSON.stringify(glob)} uses ${extglob[0]}…), an extended glob this action does not read; ` +
            'use {a,b} for alternatives, or \\( for a parenthesis.');
    }
    const alternatives = expandBraces(glob).map((alternative) => segmentsOf(alternative));
    const root = globRoot(glob);
    const patterns = alternatives.map((segments) => segments.map(segmentElement));
    return {
        matches: (file) => {
            const units = segmentsOf(file);
            return patterns.some((pattern) => matchesAll(pattern, units));
        },
        namesIn: (folder) => {
            const units = folder === '' ? [] : segmentsOf(`${folder}/x`).slice(0, -1);
            const open = patterns
                .map((pattern) => ({ pattern, states: advance(pattern, units) }))
                .filter(({ states }) => states.length > 0);
            return (name) => open.some(({ pattern, states }) => advance(pattern, [name], states).includes(pattern.length));
        },
        root,
        depth: Math.max(...alternatives.map((segments) => segments.includes('**') ? Infinity : segments.length - rootSegments(root))),
    };
}
/** How many of a path's segments (as segmentsOf counts them) the glob's root is: `./content` is 1, `/` is 1. */
function rootSegments(root) {
    return root === '' ? 0 : segmentsOf(`${root}/x`).length - 1;
}
/** `./a//b/` -> ['a', 'b']; an absolute path keeps its leading ''. */
function segmentsOf(pattern) {
    const parts = pattern.split('/');
    const kept = parts.filter((part, index) => part !== '' && !(part === '.' && index < parts.length - 1));
    return parts[0] === '' ? ['', ...kept] : kept;
}
function segmentElement(segment) {
    if (segment === '**')
        return { kind: 'any', accepts: (unit) => !unit.startsWith('.') };
    // A name that starts with a dot is matched only by a segment written with that dot.
    const dotted = segment.startsWith('.') || segment.startsWith('\\.');
    const named = (unit) => dotted || !unit.startsWith('.');
    if (!/[*?[\\]/.test(segment))
        return { kind: 'one', matches: (unit) => unit === segment };
    const affixes = plainAffixes(segment);
    if (affixes) {
        const [prefix, suffix] = affixes;
        const least = prefix.length + suffix.length;
        return {
            kind: 'one',
            matches: (unit) => named(unit) && unit.length >= least && unit.startsWith(prefix) && unit.endsWith(suffix),
        };
    }
    const chars = charElements(segment);
    return { kind: 'one', matches: (unit) => named(unit) && matchesAll(chars, [...unit]) };
}
/**
 * A segment that is plain text around one `*` (`*.yml`, `video-*`), as its
 * text before and after the star: matched by comparing
 * the ends of a name rather than character by character, which is what the
 * walk of a large catalogue spends its time on. Null for any other segment.
 */
function plainAffixes(segment) {
    if (/[?[\\]/.test(segment))
        return null;
    const star = segment.indexOf('*');
    if (segment.indexOf('*', star + 1) !== -1)
        return null;
    return [segment.slice(0, star), segment.slice(star + 1)];
}
function charElements(segment) {
    const chars = [...segment];
    const out = [];
    for (let i = 0; i < chars.length; i++) {
        const char = chars[i];
        if (char === '\\' && i + 1 < chars.length)
            out.push(literalChar(chars[++i]));
        else if (char === '*')
            out.push(anyChars);
        else if (char === '?')
            out.push(oneChar(() => true));
        else if (char === '[') {
            const set = characterClass(chars, i);
            if (set === null)
                out.push(literalChar(char));
            else {
                out.push(oneChar(set.matches));
                i = set.end;
            }
        }
        else
            out.push(literalChar(char));
    }
    return out;
}
/** `[abc]`, `[a-z]`, `[!x]` or `[^x]` starting at `start`; null when it is not closed (then `[` is literal). */
function characterClass(chars, start) {
    let i = start + 1;
    const negated = chars[i] === '!' || chars[i] === '^';
    if (negated)
        i++;
    const ranges = [];
    for (let first = true; i < chars.length && (first || chars[i] !== ']'); first = false, i++) {
        let low = chars[i];
        if (low === '\\' && i + 1 < chars.length)
            low = chars[++i];
        if (chars[i + 1] === '-' && i + 2 < chars.length && chars[i + 2] !== ']') {
            ranges.push([low, chars[i + 2]]);
            i += 2;
        }
        else
            ranges.push([low, low]);
    }
    if (i >= chars.length)
        return null;
    const inside = (char) => ranges.some(([low, high]) => char >= low && char <= high);
    return { matches: (char) => inside(char) !== negated, end: i };
}
/**
 * Every alternative of the glob's braces, with at most MAX_ALTERNATIVES of
 * them. A brace group without a comma is literal, as in Node's glob.
 */
function expandBraces(glob) {
    const done = new Set();
    const pending = [glob];
    while (pending.length > 0) {
        const text = pending.pop();
        const group = firstBraceGroup(text);
        if (group === null)
            done.add(text);
        else {
            const [before, after] = [text.slice(0, group.open), text.slice(group.close + 1)];
            for (const part of group.parts.reverse())
                pending.push(`${before}${part}${after}`);
        }
        if (done.size + pending.length > MAX_ALTERNATIVES) {
            throw new GlobSyntaxError(`the manifests glob ${JSON.stringify(glob)} has more than ${MAX_ALTERNATIVES} alternatives in its braces; use fewer, or a wider pattern.`);
        }
    }
    return [...done];
}
/** The first `{…}` to close that holds a comma at its own level: where it opens and closes, and its parts. */
function firstBraceGroup(text) {
    const opens = [];
    for (let i = 0; i < text.length; i++) {
        const char = text[i];
        if (char === '\\')
            i++;
        else if (char === '{')
            opens.push({ at: i, commas: [] });
        else if (char === ',' && opens.length > 0)
            opens.at(-1).commas.push(i);
        else if (char === '}' && opens.length > 0) {
            // The first group to close is the innermost: the groups around it are expanded on later turns.
            const group = opens.pop();
            if (group.commas.length > 0) {
                const cuts = [group.at, ...group.commas, i];
                const parts = cuts.slice(1).map((cut, index) => text.slice(cuts[index] + 1, cut));
                return { open: group.at, close: i, parts };
            }
        }
    }
    return null;
}

;// CONCATENATED MODULE: ./src/manifest/issues.ts


const WRAPPERS = new Set(['optional', 'default', 'prefault', 'nullable', 'readonly', 'catch', 'nonoptional']);
function defOf(schema) {
    let def = schema.def;
    for (;;) {
        const inner = WRAPPERS.has(def.type) ? def.innerType : def.type === 'pipe' ? def.in : undefined;
        if (inner === undefined)
            return def;
        def = inner.def;
    }
}
function childOf(schema, segment) {
    const def = defOf(schema);
    if (def.type === 'object')
        return def.shape?.[String(segment)];
    if (def.type === 'array')
        return def.element;
    if (def.type === 'record')
        return def.valueType;
    if (def.type === 'union') {
        for (const option of def.options ?? []) {
            const child = childOf(option, segment);
            if (child !== undefined)
                return child;
        }
    }
    return undefined;
}
function keysOf(schema) {
    if (schema === undefined)
        return [];
    const def = defOf(schema);
    if (def.type === 'object')
        return Object.keys(def.shape ?? {});
    if (def.type === 'union')
        return [...new Set((def.options ?? []).flatMap((option) => keysOf(option)))];
    return [];
}
function schemaAt(schema, path) {
    let current = schema;
    for (const segment of path)
        current = current === undefined ? undefined : childOf(current, segment);
    return current;
}
/** Every field of every mapping of the schema, by dotted path (`publish.made_for_kids`). */
function allFields(schema, prefix = '') {
    const def = defOf(schema);
    if (def.type !== 'object')
        return [];
    return Object.entries(def.shape ?? {}).flatMap(([key, child]) => [
        `${prefix}${key}`,
        ...allFields(child, `${prefix}${key}.`),
    ]);
}
/** How a path is shown to users: `publish.accounts[0].id`. */
function showPath(path) {
    let out = '';
    for (const segment of path) {
        if (typeof segment === 'number')
            out += `[${segment}]`;
        else
            out += out === '' ? String(segment) : `.${String(segment)}`;
    }
    return out === '' ? 'the manifest' : out;
}
function dotted(path) {
    return path.map(String).join('.');
}
function valueAt(data, path) {
    let current = data;
    for (const segment of path) {
        if (typeof current !== 'object' || current === null)
            return undefined;
        if (!Object.hasOwn(current, segment))
            return undefined;
        current = current[segment];
    }
    return current;
}
function describe(value) {
    if (value === null || value === undefined)
        return 'nothing';
    if (typeof value === 'string') {
        const shown = value.length > 40 ? `${value.slice(0, 40)}…` : value;
        return `the text ${JSON.stringify(shown)}`;
    }
    if (typeof value === 'number' || typeof value === 'bigint')
        return `the number ${String(value)}`;
    if (typeof value === 'boolean')
        return String(value);
    if (Array.isArray(value))
        return 'a list';
    return 'a mapping';
}
function quoted(value) {
    return typeof value === 'string' ? JSON.stringify(value) : describe(value);
}
const EXPECTED = {
    string: 'text',
    boolean: 'true or false',
    // The manifest's only numbers are z.int() ones, which report 'number' for a non-number.
    number: 'a whole number',
    int: 'a whole number',
    array: 'a list',
    object: 'a mapping',
    record: 'a mapping',
};
function expected(name) {
    return EXPECTED[name] ?? name;
}
/** Turns the issues of one validation into problems. */
class IssueMapper {
    #schema;
    #data;
    #positions;
    #fallback;
    #fields;
    /** Fields some unknown key was taken to be a misspelling of. */
    #hinted = new Set();
    constructor(schema, data, positions, fallback) {
        this.#schema = schema;
        this.#data = data;
        this.#positions = positions;
        this.#fallback = fallback;
        this.#fields = allFields(schema);
    }
    map(issues) {
        this.#hinted.clear();
        const problems = issues.flatMap((issue) => this.#issue(issue, [], this.#schema));
        // A misspelt key is also reported missing; the spelling hint says it all.
        return problems.filter((p) => p.code !== 'missing_field' || !this.#hinted.has(p.field ?? ''));
    }
    #at(path, part) {
        for (let end = path.length; end >= 0; end--) {
            const found = this.#positions.get(dotted(path.slice(0, end)));
            if (found)
                return (part === 'key' && end === path.length ? found.key : undefined) ?? found.value;
        }
        return this.#fallback;
    }
    #problem(path, part, code, message) {
        return problemAt(this.#at(path, part), code, message, dotted(path));
    }
    #issue(issue, base, schema) {
        const path = [...base, ...issue.path];
        const field = showPath(path);
        const value = valueAt(this.#data, path);
        switch (issue.code) {
            case 'unrecognized_keys':
                return issue.keys.map((key) => this.#unknownKey([...path, key], schemaAt(schema, issue.path)));
            case 'invalid_type':
                return [this.#invalidType(path, issue.expected, value)];
            case 'invalid_value': {
                const values = issue.values.map(String);
                const hint = typeof value === 'string' ? suggest(value, values) : undefined;
                const shown = typeof value === 'string' ? JSON.stringify(value) : describe(value);
                return [
                    this.#problem(path, 'value', 'invalid_value', `${field} ${shown} is not one of ${values.join(', ')}${hint ? `; did you mean ${hint}?` : ''}`),
                ];
            }
            case 'too_small':
                if (issue.origin === 'string' || issue.origin === 'array')
                    return [this.#empty(path)];
                return [
                    this.#problem(path, 'value', 'invalid_value', `${field} must be ${String(issue.minimum)} or more`),
                ];
            case 'invalid_format':
                if (typeof value === 'string' && value.trim() === '')
                    return [this.#empty(path)];
                if (issue.format === 'datetime') {
                    return [
                        this.#problem(path, 'value', 'invalid_format', `${field} ${quoted(value)} is not an ISO 8601 instant with a zone; write it like 2026-12-01T15:00:00Z`),
                    ];
                }
                return [
                    this.#problem(path, 'value', 'invalid_format', `${field} ${quoted(value)} is not one hashtag; write one word per entry, with or without #`),
                ];
            case 'custom': {
                const code = typeof issue.params?.['code'] === 'string' ? issue.params['code'] : 'invalid_value';
                // A check of one value says what is wrong with it; the field it is in is named here, as written.
                const message = issue.params?.['ofValue'] === true ? `${field} ${issue.message}` : issue.message;
                return [this.#problem(path, 'value', code, message)];
            }
            case 'invalid_union':
                return this.#union(issue, path, schemaAt(schema, issue.path), value);
            default:
                return [this.#problem(path, 'value', 'invalid_value', `${field}: ${issue.message}`)];
        }
    }
    #empty(path) {
        return this.#problem(path, 'value', 'empty_value', `${showPath(path)} is empty; give it a value or remove the line`);
    }
    #unknownKey(path, parent) {
        const key = String(path[path.length - 1]);
        const field = showPath(path);
        const known = keysOf(parent);
        const local = suggest(key, known);
        let hint;
        if (local !== undefined) {
            hint = `; did you mean ${local}?`;
        }
        else {
            const here = path
                .slice(0, -1)
                .filter((segment) => typeof segment !== 'number')
                .join('.');
            const leaf = (f) => f.slice(f.lastIndexOf('.') + 1);
            const parentOf = (f) => f.slice(0, Math.max(0, f.lastIndexOf('.')));
            const name = suggest(key, [...new Set(this.#fields.map(leaf))]);
            const moved = this.#fields.find((f) => leaf(f) === name && parentOf(f) !== here);
            if (moved !== undefined) {
                hint = `; did you mean ${moved}? It belongs ${parentOf(moved) === '' ? 'at the top level' : `under ${parentOf(moved)}`}`;
            }
            else {
                hint = known.length > 0 ? `; the fields here are ${known.join(', ')}` : '';
            }
        }
        if (local !== undefined)
            this.#hinted.add(dotted([...path.slice(0, -1), local]));
        return this.#problem(path, 'key', 'unknown_key', `${field} is not a field${hint}`);
    }
    #invalidType(path, expectedType, value) {
        const field = showPath(path);
        if (value === undefined) {
            const why = path.length === 1 && path[0] === 'title' ? '; every manifest needs a title' : '';
            return this.#problem(path, 'value', 'missing_field', `${field} is missing${why}`);
        }
        if (value === null) {
            return this.#problem(path, 'value', 'empty_value', `${field} has no value; give it one or remove the line`);
        }
        let advice = '';
        if (expectedType === 'boolean' && typeof value === 'string')
            advice = '; write true or false without quotes';
        if (expectedType === 'string' && (typeof value === 'number' || typeof value === 'boolean')) {
            advice = '; put it in quotes';
        }
        return this.#problem(path, 'value', 'wrong_type', `${field} must be ${expected(expectedType)}, not ${describe(value)}${advice}`);
    }
    #union(issue, path, schema, value) {
        const field = showPath(path);
        const isAccount = /^publish\.accounts\.\d+$/.test(dotted(path));
        if (isAccount && typeof value === 'string') {
            const shown = JSON.stringify(value);
            return [
                this.#problem(path, 'value', 'plain_string_account', `${field} is a plain string; write {id: ${shown}} for an account id, or {platform: YouTube, name: ${shown}} for an account name`),
            ];
        }
        if (isAccount && typeof value === 'object' && value !== null && 'id' in value) {
            if ('platform' in value || 'name' in value) {
                return [
                    this.#problem(path, 'value', 'ambiguous_account', `${field} gives both an id and a platform or name; keep one form: {id: …} or {platform: …, name: …}`),
                ];
            }
        }
        const options = schema === undefined ? [] : (defOf(schema).options ?? []);
        const shapeMismatch = (errors) => errors.every((e) => e.code === 'invalid_type' && e.path.length === 0);
        const weight = (errors) => errors.reduce((sum, e) => sum + (e.code === 'unrecognized_keys' ? e.keys.length : 1), 0);
        let chosen = -1;
        issue.errors.forEach((errors, index) => {
            if (shapeMismatch(errors))
                return;
            if (chosen === -1 || weight(errors) < weight(issue.errors[chosen] ?? []))
                chosen = index;
        });
        const branch = options[chosen];
        if (chosen === -1 || branch === undefined) {
            const kinds = issue.errors.flatMap((errors) => errors.flatMap((e) => (e.code === 'invalid_type' ? [expected(e.expected)] : [])));
            return [
                this.#problem(path, 'value', 'wrong_type', `${field} must be ${[...new Set(kinds)].join(' or ')}, not ${describe(value)}`),
            ];
        }
        return (issue.errors[chosen] ?? []).flatMap((inner) => this.#issue(inner, path, branch));
    }
}

;// CONCATENATED MODULE: ./src/manifest/cost.ts

// What a manifest may cost to read, checked on the raw text before any
// parser sees it. The YAML parser checks duplicate keys pairwise, so a
// mapping of n keys costs n² (60,000 keys under fine_tuning took half a
// minute), and a pull request from anyone can hold such a file. One pass
// over the text counts, per mapping or list, the keys and items written in
// block style (`key:` lines, `- ` items) and in flow style (`{a: 1, b: 2}`,
// `[1, 2]`), and refuses the file at the first one past a limit, at its line.
//
// The count errs on the high side (a comma inside a quoted string in a flow
// collection counts), never low; block scalars (`|`, `>`) are skipped, so a
// long script with lines like `Narrator: …` costs nothing here.
/** Keys of one mapping, or items of one list: no manifest field needs more than a few hundred. */
const MAX_KEYS_PER_MAPPING = 1000;
/** Keys and items in the whole file. */
const MAX_ENTRIES = 10_000;
// `key:` at the start of a line's content, after any `- ` markers: a plain
// or quoted key, then a colon followed by a space or the end of the line.
const BLOCK_ENTRY = /^((?:-[ \t]+)*)(?:"(?:[^"\\]|\\.)*"|'(?:[^']|'')*'|[^\s#'"[\]{},:-][^#]*?|-[^\s#]*?)[ \t]*:(?:[ \t]|$)/;
const SEQ_ITEM = /^(?:-(?:[ \t]+|$))+/;
const VALUE_START = /^((?:-[ \t]+)*)(?:[^#]*?:[ \t]+)?(?=[[{])/;
const BLOCK_SCALAR = /:[ \t]+[|>][-+0-9]*[ \t]*(?:#.*)?$/;
/** The first limit the text passes, as a problem at the line where it does; null when within every limit. */
function costProblem(file, text) {
    const counter = new EntryCounter(file);
    for (let start = 0; start <= text.length;) {
        const end = text.indexOf('\n', start);
        const problem = counter.line(text.slice(start, end === -1 ? text.length : end));
        if (problem !== null)
            return problem;
        start = end === -1 ? text.length + 1 : end + 1;
    }
    return null;
}
/** Counts the entries of one file, a line at a time, in the collections that hold them. */
class EntryCounter {
    #file;
    #lineNumber = 0;
    #total = 0;
    /** Open block collections, outermost first. */
    #levels = [];
    /** Inside a block scalar whose key sits at this indent; -1 when not. */
    #scalarIndent = -1;
    /** Entries of each open flow collection, outermost first. */
    #flow = [];
    constructor(file) {
        this.#file = file;
    }
    /** Counts one line's entries; the problem when one passes a limit. */
    line(line) {
        this.#lineNumber += 1;
        const content = line.trimStart();
        const indent = line.length - content.length;
        if (content === '' || content.startsWith('#'))
            return null;
        if (this.#scalarIndent >= 0 && indent > this.#scalarIndent)
            return null;
        this.#scalarIndent = -1;
        if (this.#flow.length === 0) {
            const problem = this.#blockEntries(content, indent);
            if (problem !== null)
                return problem;
        }
        // Flow style: a collection that opens where a value starts, and may span several lines.
        const from = this.#flow.length > 0 ? indent : flowStart(content, indent);
        return from < 0 ? null : this.#flowEntries(line, from);
    }
    /** Block style: a new key or item at this indent, inside the mapping or list that holds it. */
    #blockEntries(content, indent) {
        const items = SEQ_ITEM.exec(content)?.[0] ?? '';
        const keyed = BLOCK_ENTRY.test(content) || /^(?:-[ \t]+)*\?(?:[ \t]|$)/.test(content);
        let problem = null;
        if (items !== '')
            problem = this.#itemEntries(items, indent, keyed);
        else if (keyed)
            problem = this.#bump(indent, false);
        if (problem !== null)
            return problem;
        if (keyed && BLOCK_SCALAR.test(content))
            this.#scalarIndent = indent;
        return null;
    }
    /** `- - key: v`: an item of the list at this indent, then items of new lists, then a new mapping's first key. */
    #itemEntries(items, indent, keyed) {
        let problem = this.#bump(indent, false);
        let column = indent;
        for (const marker of items.matchAll(/-[ \t]*/g)) {
            if (problem !== null)
                break;
            if (column !== indent)
                problem = this.#bump(column, true);
            column = indent + marker.index + marker[0].length;
        }
        if (problem === null && keyed)
            problem = this.#bump(column, true);
        return problem;
    }
    /** One more entry in the collection at this column (a new collection when fresh). */
    #bump(column, fresh) {
        const levels = this.#levels;
        const stale = (level) => level.indent > column || (fresh && level.indent === column);
        while (levels.length > 0 && stale(levels[levels.length - 1]))
            levels.pop();
        const top = levels[levels.length - 1];
        const level = top !== undefined && top.indent === column ? top : { indent: column, count: 0 };
        if (level !== top)
            levels.push(level);
        level.count += 1;
        this.#total += 1;
        if (level.count > MAX_KEYS_PER_MAPPING) {
            return this.#tooMany(column + 1, `more than ${MAX_KEYS_PER_MAPPING} keys or items in one mapping or list here`);
        }
        return this.#total > MAX_ENTRIES
            ? this.#tooMany(column + 1, `more than ${MAX_ENTRIES} keys and items in the file`)
            : null;
    }
    /** The commas of the flow collections open on this line, from `from` on; quoted text and comments are skipped. */
    #flowEntries(line, from) {
        const flow = this.#flow;
        for (let i = from; i < line.length; i++) {
            const c = line.charCodeAt(i);
            if (c === 0x5b || c === 0x7b)
                flow.push(1);
            else if (c === 0x5d || c === 0x7d) {
                flow.pop();
                if (flow.length === 0)
                    break;
            }
            else if (c === 0x2c) {
                const count = (flow[flow.length - 1] += 1);
                this.#total += 1;
                if (count > MAX_KEYS_PER_MAPPING) {
                    return this.#tooMany(i + 1, `more than ${MAX_KEYS_PER_MAPPING} entries in one flow mapping or list here`);
                }
                if (this.#total > MAX_ENTRIES) {
                    return this.#tooMany(i + 1, `more than ${MAX_ENTRIES} keys and items in the file`);
                }
            }
            else if ((c === 0x22 || c === 0x27) && /[[{,:]\s*$/.test(line.slice(Math.max(from, i - 20), i))) {
                // A quoted scalar starts a token: its brackets and commas are text. It may not end on this line.
                const close = quotedEnd(line, i);
                if (close < 0)
                    break;
                i = close;
            }
            else if (c === 0x23 && line.charCodeAt(i - 1) === 0x20)
                break; // a comment
        }
        return null;
    }
    #tooMany(column, what) {
        return problemAt({ file: this.#file, line: this.#lineNumber, column }, 'too_complex', `${what}; a manifest needs far fewer, and reading this file would cost too much, so it was not read`);
    }
}
/** Column where a flow collection opens as the value (or item) of this line; -1 when none does. */
function flowStart(content, indent) {
    const match = VALUE_START.exec(content);
    return match === null ? -1 : indent + match[0].length;
}
/** Index of the quote that closes the quoted scalar opening at `open`, or -1 past the line's end. */
function quotedEnd(line, open) {
    const quote = line[open];
    for (let i = open + 1; i < line.length; i++) {
        if (quote === '"' && line[i] === '\\')
            i++;
        else if (line[i] === quote) {
            if (quote === "'" && line[i + 1] === "'")
                i++;
            else
                return i;
        }
    }
    return -1;
}

;// CONCATENATED MODULE: ./src/manifest/yaml-slips.ts
// Two slips behind most YAML errors in manifests, said in the writer's terms
// instead of the parser's. The parser reports where its grammar broke
// ("Implicit keys need to be on a single line"), which for these slips is a
// symptom some columns or lines away from the cause:
// - a tab, anywhere on the line: YAML indents with spaces only, and a tab
//   inside a `|` block ends the block as surely as one in front of a key;
// - a line of a `full_text: |` block that lost its indentation: YAML reads it
//   as the start of a new key, or refuses it as less indented than the block.
function linesOf(text) {
    const lines = [];
    let start = 0;
    for (const text_ of text.split('\n')) {
        const content = text_.endsWith('\r') ? text_.slice(0, -1) : text_;
        lines.push({ start, text: content, indent: /^ */.exec(content)[0].length });
        start += text_.length + 1;
    }
    return lines;
}
const BLOCK_HEADER = /^( *)(?:- +)?([^\s#'"][^#]*?|"[^"]*"|'[^']*'):[ \t]+[|>][1-9+-]{0,2}[ \t]*(?:#.*)?$/;
const yaml_slips_blank = (line) => line.text.trim() === '';
/** The slip behind a YAML error at `offset`, or null to keep the parser's words. */
function explainYamlSlip(text, offset) {
    const lines = linesOf(text);
    let index = lines.findIndex((line, i) => offset >= line.start && (i === lines.length - 1 || offset < lines[i + 1].start));
    if (index === -1)
        index = lines.length - 1;
    // The parser sometimes reports a slip on the line after it (a key it could not end).
    for (const candidate of [index, index - 1]) {
        const line = lines[candidate];
        if (line === undefined)
            continue;
        const tab = line.text.indexOf('\t');
        if (tab !== -1) {
            return {
                offset: line.start + tab,
                message: `line ${candidate + 1} has a tab character (column ${tab + 1}); YAML allows only spaces for ` +
                    'indentation, and a tab breaks the lines around it too: replace it with spaces',
            };
        }
    }
    const lost = lostIndentation(lines, index);
    return lost;
}
/** A line below a block scalar's header that is indented less than the block's first line. */
function lostIndentation(lines, index) {
    const line = lines[index];
    if (line === undefined || yaml_slips_blank(line))
        return null;
    for (let h = index - 1; h >= 0; h--) {
        const header = lines[h];
        if (yaml_slips_blank(header))
            continue;
        const match = BLOCK_HEADER.exec(header.text);
        if (match === null) {
            // Still inside some block's text? Keep climbing while lines are indented more than this one.
            if (header.indent > line.indent)
                continue;
            return null;
        }
        const keyIndent = match[1].length;
        if (line.indent > keyIndent && h === index - 1)
            return null;
        const first = lines.slice(h + 1, index).find((candidate) => !yaml_slips_blank(candidate));
        if (first === undefined || first.indent <= keyIndent || line.indent >= first.indent)
            return null;
        const key = match[2].trim();
        return {
            offset: line.start,
            message: `line ${index + 1} belongs to the ${key}: block of line ${h + 1} but is indented by ${line.indent} ` +
                `space${line.indent === 1 ? '' : 's'}, less than the ${first.indent} of the block's first line; indent it ` +
                `by ${first.indent} spaces (or, if the block ends before it, make it a key: value line)`,
        };
    }
    return null;
}

;// CONCATENATED MODULE: ./src/manifest/yaml-reader.ts




// YAML text -> a located tree, through the yaml library: any YAML, and every
// syntax error worded for the user.
//
// We walk the YAML nodes ourselves instead of calling `toJS()`: it lets us bound
// alias expansion and depth, refuse `__proto__`, and keep positions.
/** Deeper nesting than this is refused: no manifest needs it, and it guards the stack. */
const MAX_DEPTH = 64;
/** Values a file may expand to, aliases included: an alias bomb stops here. */
const MAX_NODES = 100_000;
class Abort extends Error {
}
const CORE = 'tag:yaml.org,2002:';
/**
 * The explicit tags a manifest may carry: the core schema's plain ones,
 * which give the values a manifest holds anyway. Every other tag (!!binary,
 * !!set, !!omap, !!pairs, !!timestamp, !!merge, a custom !foo) would make
 * a value no manifest field takes: a Buffer, a Set, a Date, which the worker
 * threads' structured clone changes (parse-pool.ts), and which would reach
 * the service in another JSON shape than was written.
 */
const PLAIN_TAGS = new Set(['str', 'int', 'float', 'bool', 'null', 'map', 'seq'].map((name) => CORE + name));
/** A tag as written: `!!binary` for the core prefix, else as the parser resolved it. */
function tagText(tag) {
    return tag.startsWith(CORE) ? `!!${tag.slice(CORE.length)}` : tag;
}
function keyText(value) {
    if (typeof value === 'string')
        return value;
    if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
        return String(value);
    return 'null';
}
/** Brackets opened beyond this are refused before parsing: the parser slows down badly on them. */
const MAX_FLOW_DEPTH = 1000;
/**
 * Offset of the bracket that opens one level too many, or -1. Counts brackets
 * inside quotes too: a manifest has no reason to hold a thousand of them.
 */
function flowDepthOverflow(text) {
    let depth = 0;
    for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        if (c === 0x5b || c === 0x7b) {
            if (++depth > MAX_FLOW_DEPTH)
                return i;
        }
        else if ((c === 0x5d || c === 0x7d) && depth > 0) {
            depth--;
        }
    }
    return -1;
}
/** Errors whose sentence below already says what to do. */
const WORDED_CODES = new Set(['DUPLICATE_KEY', 'MULTIPLE_DOCS', 'RESOURCE_EXHAUSTION']);
/** A YAML error as a code and a sentence; the parser's own words where they already teach. */
function syntaxProblem(error, text) {
    const first = error.message.split('\n')[0] ?? error.message;
    switch (error.code) {
        case 'DUPLICATE_KEY': {
            const end = text.indexOf('\n', error.pos[0]);
            const line = text.slice(error.pos[0], end === -1 ? undefined : end);
            const key = line.split(':')[0]?.trim() || 'a key';
            return ['duplicate_key', `${key} is written twice in the same mapping; keep one`];
        }
        case 'MULTIPLE_DOCS':
            return ['yaml_syntax', 'the file holds more than one YAML document (---); keep one manifest per file'];
        case 'TAB_AS_INDENT':
            return ['yaml_syntax', 'YAML: a tab indents this line; indent with spaces'];
        default:
            if (/call stack/i.test(first))
                return ['too_deep', 'the YAML is nested too deeply to read'];
            return [error.code === 'RESOURCE_EXHAUSTION' ? 'too_complex' : 'yaml_syntax', `YAML: ${first}`];
    }
}
/** Parses one file's text into a located tree. Never throws. */
function readSource(file, text) {
    const unread = (problem) => ({ file, root: null, problems: [problem] });
    const refused = refusedBeforeParsing(file, text);
    if (refused !== null)
        return unread(refused);
    const lineCounter = new dist/* LineCounter */.HN();
    const doc = parseYaml(text, lineCounter);
    const start = { file, line: 1, column: 1 };
    if (doc === null)
        return unread(problemAt(start, 'too_deep', 'the YAML is nested too deeply to read'));
    const at = (offset) => {
        const { line, col } = lineCounter.linePos(offset ?? 0);
        return { file, line, column: col };
    };
    const problems = syntaxProblems(doc, text, at);
    if (problems.length > 0)
        return { file, root: null, problems };
    problems.push(...yaml_reader_warningsOf(doc, at));
    if (doc.contents === null || ((0,dist/* isScalar */.jn)(doc.contents) && doc.contents.value === null)) {
        return unread(problemAt(start, 'empty_file', 'the file is empty; a manifest needs at least a line like "title: …"'));
    }
    return treeOf(file, doc, at, problems);
}
/**
 * What is refused on the raw text, before the parser, whose cost grows with
 * the square of a mapping's keys and which slows down badly on deep brackets.
 */
function refusedBeforeParsing(file, text) {
    const costly = costProblem(file, text);
    if (costly !== null)
        return costly;
    const tooDeep = flowDepthOverflow(text);
    if (tooDeep === -1)
        return null;
    // Only the lines before the offending bracket are counted: the rest is never read.
    const lineCounter = new dist/* LineCounter */.HN();
    lineCounter.addNewLine(0);
    for (let i = text.indexOf('\n'); i !== -1 && i < tooDeep; i = text.indexOf('\n', i + 1))
        lineCounter.addNewLine(i + 1);
    const { line, col } = lineCounter.linePos(tooDeep);
    return problemAt({ file, line, column: col }, 'too_deep', `brackets are nested more than ${MAX_FLOW_DEPTH} deep here`);
}
/** The yaml library's document, or null when the parser ran out of stack. */
function parseYaml(text, lineCounter) {
    try {
        return (0,dist/* parseDocument */.Tp)(text, {
            lineCounter,
            version: '1.2',
            schema: 'core',
            merge: false,
            uniqueKeys: true,
            prettyErrors: false,
        });
    }
    catch {
        // The parser recurses; a pathological file can exhaust the stack.
        return null;
    }
}
/** The document's errors, each once, worded for the user. */
function syntaxProblems(doc, text, at) {
    const problems = [];
    for (const error of doc.errors) {
        // A tab or a block line that lost its indentation, named as such, where one explains the error.
        const slip = WORDED_CODES.has(error.code) ? null : explainYamlSlip(text, error.pos[0]);
        const [code, message] = slip ? ['yaml_syntax', slip.message] : syntaxProblem(error, text);
        // A stack overflow is reported at every level it unwinds through; once is enough.
        if (code === 'too_deep' && problems.some((p) => p.code === 'too_deep'))
            continue;
        if (slip && problems.some((p) => p.message === slip.message))
            continue;
        problems.push(problemAt(at(slip?.offset ?? error.pos[0]), code, message));
    }
    return problems;
}
/** The parser's warnings; an unresolved tag is left out: the walk names every tag it does not read. */
function yaml_reader_warningsOf(doc, at) {
    const refused = (message) => {
        const tag = /^Unresolved tag: (\S+)/.exec(message)?.[1];
        return tag !== undefined && !PLAIN_TAGS.has(tag);
    };
    return doc.warnings
        .filter((warning) => !refused(warning.message))
        .map((warning) => {
        const message = warning.message.split('\n')[0] ?? warning.message;
        return problemAt(at(warning.pos[0]), 'yaml_warning', `YAML: ${message}`, undefined, 'warning');
    });
}
/**
 * A scalar's value; one under a tag the walk does not read is its text as
 * written (a !!binary value would otherwise be bytes, in one shape here and
 * another after a worker's structured clone).
 */
function scalarValue(node) {
    if (node.tag === undefined || PLAIN_TAGS.has(node.tag))
        return node.value;
    return typeof node.source === 'string' ? node.source : String(node.value);
}
/** The document as a located tree whose root is a mapping, or the problems that stopped it. */
function treeOf(file, doc, at, problems) {
    let root;
    const builder = new TreeBuilder(at, problems);
    try {
        root = builder.convert(doc.contents, 0, null, 0);
    }
    catch (error) {
        if (error instanceof Abort)
            return { file, root: null, problems };
        throw error;
    }
    if (root.kind === 'map')
        return { file, root, problems };
    const what = root.kind === 'seq' ? 'a list' : 'a single value';
    problems.push(problemAt(root.pos, 'not_a_mapping', `the file holds ${what}, not a mapping of fields; a manifest starts with a line like "title: …"`));
    return { file, root: null, problems };
}
/**
 * Walks the YAML nodes into located values, within MAX_NODES and MAX_DEPTH.
 * A problem that stops the walk is recorded, then Abort unwinds it.
 */
class TreeBuilder {
    #at;
    #problems;
    // Aliases point to the most recent earlier anchor of that name; anchors are
    // recorded in document order during the main walk only.
    #anchors = new Map();
    #count = 0;
    /** Where a tag was refused, each place once (an alias expands the same node again). */
    #tagged = new Set();
    constructor(at, problems) {
        this.#at = at;
        this.#problems = problems;
    }
    /**
     * One node at `depth`. While an alias is expanded, `origin` is where that
     * alias is written: an alias bomb is reported there, not deep inside what it
     * expands to. `fallback` locates a node the parser gave no range.
     */
    convert(node, depth, origin, fallback) {
        if (++this.#count > MAX_NODES) {
            this.#stop(origin ?? node?.range?.[0] ?? fallback, 'too_complex', `the file expands to more than ${MAX_NODES} values (aliases included); a manifest needs far fewer`);
        }
        if (depth > MAX_DEPTH) {
            this.#stop(node?.range?.[0] ?? fallback, 'too_deep', `values are nested more than ${MAX_DEPTH} levels deep here`);
        }
        if (node === null)
            return { kind: 'scalar', pos: this.#at(fallback), value: null };
        if (origin === null && node.anchor)
            this.#anchors.set(node.anchor, node);
        if ((0,dist/* isAlias */.Vj)(node))
            return this.#alias(node, depth, origin, fallback);
        const pos = this.#at(node.range?.[0]);
        if (node.tag !== undefined && !PLAIN_TAGS.has(node.tag))
            this.#ignoreTag(node.tag, node, fallback);
        if ((0,dist/* isMap */.jh)(node))
            return { kind: 'map', pos, entries: this.#entries(node, depth, origin, fallback) };
        if ((0,dist/* isSeq */.oP)(node)) {
            const start = node.range?.[0] ?? fallback;
            const items = node.items.map((item) => this.convert(item, depth + 1, origin, start));
            return { kind: 'seq', pos, items };
        }
        return { kind: 'scalar', pos, value: (0,dist/* isScalar */.jn)(node) ? scalarValue(node) : null };
    }
    /** What the alias names, expanded where it is written. */
    #alias(node, depth, origin, fallback) {
        const written = node.range?.[0] ?? fallback;
        const target = this.#anchors.get(node.source);
        if (target === undefined)
            this.#stop(written, 'yaml_syntax', `YAML: unknown alias *${node.source}`);
        return this.convert(target, depth + 1, origin ?? written, written);
    }
    /** A mapping's entries; a key that is no plain word, or that would write a prototype, is left out. */
    #entries(node, depth, origin, fallback) {
        const entries = new Map();
        for (const pair of node.items) {
            const keyNode = pair.key;
            const keyOffset = keyNode?.range?.[0] ?? node.range?.[0] ?? fallback;
            if (keyNode !== null && !(0,dist/* isScalar */.jn)(keyNode)) {
                this.#note(keyOffset, 'bad_key', 'a key must be a plain word, not a list or a mapping');
                continue;
            }
            const key = keyText(keyNode?.value);
            if (FORBIDDEN_KEYS.has(key)) {
                this.#note(keyOffset, 'forbidden_key', `${key} is not allowed as a key`);
                continue;
            }
            const valueOffset = pair.value?.range?.[0] ?? keyNode?.range?.[1] ?? keyOffset;
            entries.set(key, {
                keyPos: this.#at(keyOffset),
                value: this.convert(pair.value, depth + 1, origin, valueOffset),
            });
        }
        return entries;
    }
    /**
     * A tag no manifest needs, named where its value starts: the value is read
     * as written (the text of a scalar, the plain mapping or list), so that it
     * is the same wherever the file is parsed and reaches the service as the
     * file shows it. A warning, not an error: nothing depends on the tag.
     */
    #ignoreTag(tag, node, fallback) {
        const offset = node.range?.[0] ?? fallback;
        if (this.#tagged.has(offset))
            return;
        this.#tagged.add(offset);
        this.#problems.push(problemAt(this.#at(offset), 'yaml_tag', `the YAML tag ${JSON.stringify(tagText(tag))} is not read in a manifest: the value is taken as written; remove the tag (only !!str, !!int, !!float, !!bool, !!null, !!map and !!seq are read)`, undefined, 'warning'));
    }
    #note(offset, code, message) {
        this.#problems.push(problemAt(this.#at(offset), code, message));
    }
    #stop(offset, code, message) {
        this.#note(offset, code, message);
        throw new Abort();
    }
}

;// CONCATENATED MODULE: ./src/manifest/release-file.ts









// The release file: `_release.yml` (or `.yaml`) in the folder the manifests'
// glob starts in, `content/_release.yml` by default. It is read by the same
// YAML reader and checked the same way as a manifest (its own zod schema,
// problems at file:line:col with a "did you mean"), and is never a manifest
// itself, wherever a glob meets it.
const release_file_DAY_MS = 86_400_000;
/** A release file the glob met outside the manifests' folder: it would silently do nothing, so it is an error. */
function misplacedRelease(file, root) {
    const where = root === '' ? 'the workspace root' : `${root}/`;
    return problemAt({ file, line: 1, column: 1 }, 'misplaced_release_file', `a release file applies to the whole catalogue and is read only in the manifests' folder (${where}); move it there, or merge it into the one there`);
}
/** Reads and checks one release file; `release` is null when it has an error. */
function readRelease(file, text) {
    const source = readSource(file, text);
    // An empty release file declares nothing; that is no mistake.
    const problems = source.problems.filter((problem) => problem.code !== 'empty_file');
    if (source.root === null)
        return { release: problems.length > 0 ? null : empty(file), problems };
    const { value, positions } = toPlain(source.root);
    const start = { file, line: 1, column: 1 };
    const locations = locationsOf(positions);
    const at = (path) => locations[path] ?? start;
    const parsed = releaseSchema.safeParse(value);
    if (!parsed.success) {
        const mapped = new IssueMapper(releaseSchema, value, positions, start).map(parsed.error.issues);
        // Each window that is right on its own is checked too: every mistake in one run.
        return { release: null, problems: [...problems, ...mapped, ...windowsAlone(value, at)] };
    }
    const release = controlOf(file, parsed.data, at);
    problems.push(...parsed.data.freeze.flatMap((written, index) => windowProblems(written, index, at)));
    return { release: problems.some((problem) => problem.severity === 'error') ? null : release, problems };
}
/**
 * In a file the schema refuses, the times of each window that are right on
 * their own (whatever else that window or the file gets wrong) are checked
 * too, so that one run reports every mistake.
 */
function windowsAlone(value, at) {
    const freeze = isRecord(value) ? value['freeze'] : null;
    if (!Array.isArray(freeze))
        return [];
    return freeze.flatMap((entry, index) => {
        if (!isRecord(entry))
            return [];
        const { every, from, until, time_zone } = entry;
        const times = { every, from, until, time_zone, reason: 'the times alone' };
        const window = freezeWindowSchema.safeParse(Object.fromEntries(Object.entries(times).filter(([, part]) => part !== undefined)));
        return window.success ? windowProblems(window.data, index, at) : [];
    });
}
function empty(file) {
    return { file, paused: null, warnPausedAfterMs: parseDuration('7d'), windows: [], accounts: [] };
}
function controlOf(file, data, at) {
    return {
        file,
        paused: data.paused
            ? {
                reason: data.reason ?? null,
                since: data.since ? sinceInstant(data.since) : null,
                location: at('paused'),
            }
            : null,
        warnPausedAfterMs: parseDuration(data.warn_paused_after),
        windows: data.freeze.map((window, index) => windowOf(window, at(`freeze.${index}`))),
        accounts: data.paused_accounts.map((entry, index) => {
            const location = at(`paused_accounts.${index}`);
            const account = 'id' in entry ? { id: entry.id } : { platform: entry.platform, name: entry.name };
            return {
                account: selectorOf(account, location),
                pause: { reason: entry.reason, since: sinceInstant(entry.since), location },
            };
        }),
    };
}
const minutesOf = (clock) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));
function windowOf(window, location) {
    const common = { reason: window.reason, holds: [...new Set(window.holds)], location };
    if ('every' in window) {
        const days = window.every === 'day' ? [0, 1, 2, 3, 4, 5, 6] : window.every.map((day) => WEEKDAYS.indexOf(day));
        return {
            ...common,
            kind: 'recurring',
            days: [...new Set(days)].sort(),
            fromMinute: minutesOf(window.from),
            untilMinute: minutesOf(window.until),
            timeZone: window.time_zone,
        };
    }
    const zone = window.time_zone ?? 'UTC';
    return {
        ...common,
        kind: 'fixed',
        from: edgeOf(window.from, zone, 0),
        until: edgeOf(window.until, zone, release_file_DAY_MS),
        timeZone: window.time_zone ?? null,
    };
}
/** An instant as written, or a date's first minute in `zone` (`past` a day later: the end of that day). */
function edgeOf(text, zone, past) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(text))
        return new Date(text).toISOString();
    return new Date(instantAt(zone, Date.parse(`${text}T00:00:00Z`) + past)).toISOString();
}
/**
 * A fixed window that ends before it starts, and a recurring one that never
 * opens, are mistakes; the message quotes the dates as written.
 */
function windowProblems(written, index, at) {
    const window = windowOf(written, at(`freeze.${index}`));
    const problem = (code, message) => [
        problemAt(window.location, code, message, `freeze.${index}`),
    ];
    if (window.kind === 'fixed' && Date.parse(window.until) <= Date.parse(window.from))
        return problem('window_ends_before_start', `freeze[${index}] ends (until: ${written.until}) before it starts (from: ${written.from})${written.time_zone ? ` in ${written.time_zone}` : ''}; swap from and until, or fix the dates`);
    if (window.kind === 'recurring' &&
        window.fromMinute === window.untilMinute % 1440 &&
        window.untilMinute !== 1440)
        return problem('window_never_opens', `freeze[${index}] starts and ends at the same time (${written.from}); give it an until other than its from (24:00 for a whole day)`);
    return [];
}

// EXTERNAL MODULE: external "node:buffer"
var external_node_buffer_ = __webpack_require__(4573);
;// CONCATENATED MODULE: ./src/manifest/file-reader.ts




/** Offset of the first byte that is not part of valid UTF-8, or -1. */
function invalidUtf8Offset(bytes) {
    let i = 0;
    while (i < bytes.length) {
        const b = bytes[i];
        const size = b < 0x80 ? 1 : b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
        if (size === 0 || i + size > bytes.length)
            return i;
        for (let k = 1; k < size; k++)
            if ((bytes[i + k] & 0xc0) !== 0x80)
                return i;
        const b1 = bytes[i + 1] ?? 0;
        // Overlong forms, UTF-16 surrogates and code points past U+10FFFF.
        if ((b === 0xe0 && b1 < 0xa0) || (b === 0xed && b1 > 0x9f))
            return i;
        if ((b === 0xf0 && b1 < 0x90) || (b === 0xf4 && b1 > 0x8f))
            return i;
        i += size;
    }
    return -1;
}
function locationOfByte(file, bytes, offset) {
    const before = bytes.subarray(0, offset);
    const lineStart = before.lastIndexOf(0x0a) + 1;
    let line = 1;
    for (const byte of before)
        if (byte === 0x0a)
            line++;
    const column = Buffer.from(bytes.subarray(lineStart, offset)).toString('utf8').length + 1;
    return { file, line, column };
}
/** A link is refused by the open itself (ELOOP), and a FIFO does not block it. */
const OPEN_NO_LINK = external_node_fs_.constants.O_RDONLY | (external_node_fs_.constants.O_NOFOLLOW ?? 0) | (external_node_fs_.constants.O_NONBLOCK ?? 0);
/** Where open cannot refuse a link (Windows has no O_NOFOLLOW), whether `file` is one, by lstat. */
function isLinkWithoutNoFollow(file) {
    return external_node_fs_.constants.O_NOFOLLOW === undefined && (0,external_node_fs_.lstatSync)(file).isSymbolicLink();
}
/**
 * The bytes of an open regular file, up to one past the size its stat gave:
 * a file that grew past the cap since is still caught, and the stat is not
 * asked again (as reading the whole file would). A regular file answers a
 * read with fewer bytes than asked only at its end, so that ends the reading
 * without one more read to be told so.
 */
function readPastSize(fd, size) {
    const buffer = Buffer.allocUnsafe(size + 1);
    let length = 0;
    while (length < buffer.length) {
        const asked = buffer.length - length;
        const read = (0,external_node_fs_.readSync)(fd, buffer, length, asked, length);
        length += read;
        if (read < asked)
            break;
    }
    return buffer.subarray(0, length);
}
function mib(bytes) {
    return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
}
class Reader {
    #cwd;
    #root;
    #max;
    #folders = new Map();
    constructor(cwd, root, max) {
        this.#cwd = cwd;
        this.#root = root;
        this.#max = max;
    }
    #realFolder(folder) {
        let pending = this.#folders.get(folder);
        if (pending === undefined) {
            pending = Promise.resolve().then(() => (0,external_node_fs_.realpathSync)(folder));
            this.#folders.set(folder, pending);
        }
        return pending;
    }
    #inside(real) {
        return real === this.#root || real.startsWith(this.#root + (external_node_path_default()).sep);
    }
    /**
     * Opens `joined` where it really is, once that is known to be inside the
     * workspace: a file that is no link is where its folder is (whose realpath
     * is cached), and a link is followed by realpath. The open itself refuses a
     * link (so what was checked is what is read) and never waits on a FIFO;
     * fstat and read follow on that descriptor.
     */
    async #open(joined) {
        const folder = await this.#realFolder(external_node_path_default().dirname(joined));
        if (!isLinkWithoutNoFollow(joined)) {
            if (!this.#inside(external_node_path_default().join(folder, external_node_path_default().basename(joined)))) {
                return {
                    outside: 'the file is in a folder linked from outside the workspace; manifests must live in the repository',
                };
            }
            try {
                return { fd: (0,external_node_fs_.openSync)(joined, OPEN_NO_LINK) };
            }
            catch (error) {
                if (error.code !== 'ELOOP')
                    throw error;
            }
        }
        const real = (0,external_node_fs_.realpathSync)(joined);
        if (!this.#inside(real)) {
            return {
                outside: 'the file is a link to a place outside the workspace; manifests must live in the repository',
            };
        }
        return { fd: (0,external_node_fs_.openSync)(real, OPEN_NO_LINK) };
    }
    async read(file, optional = false) {
        const start = { file, line: 1, column: 1 };
        const fail = (code, message) => ({
            kind: 'problem',
            problem: problemAt(start, code, message),
        });
        if (file.startsWith('../') || external_node_path_default().isAbsolute(file)) {
            return fail('outside_workspace', 'the file is outside the workspace; manifests must live in the repository');
        }
        let opened;
        try {
            opened = await this.#open(external_node_path_default().join(this.#cwd, file));
        }
        catch (error) {
            const code = error.code;
            if (optional && code === 'ENOENT')
                return { kind: 'none' };
            // A socket cannot be opened as a file: like a folder or a FIFO, it is no manifest.
            if (code === 'ENXIO')
                return { kind: 'none' };
            return fail('unreadable', `the file cannot be read (${code ?? 'error'})`);
        }
        if ('outside' in opened)
            return fail('outside_workspace', opened.outside);
        const { fd } = opened;
        let bytes;
        try {
            const info = (0,external_node_fs_.fstatSync)(fd);
            if (!info.isFile())
                return { kind: 'none' };
            if (info.size > this.#max) {
                return fail('file_too_large', `the file is ${mib(info.size)}, over the ${mib(this.#max)} limit for a manifest`);
            }
            bytes = readPastSize(fd, info.size);
        }
        catch (error) {
            return fail('unreadable', `the file cannot be read (${error.code ?? 'error'})`);
        }
        finally {
            (0,external_node_fs_.closeSync)(fd);
        }
        if (bytes.length > this.#max) {
            return fail('file_too_large', `the file is over the ${mib(this.#max)} limit for a manifest`);
        }
        // The native check first; the byte-by-byte one only to say where a file goes wrong.
        const bad = (0,external_node_buffer_.isUtf8)(bytes) ? -1 : invalidUtf8Offset(bytes);
        if (bad !== -1) {
            return {
                kind: 'problem',
                problem: problemAt(locationOfByte(file, bytes, bad), 'not_utf8', `the file is not UTF-8 (byte 0x${bytes[bad].toString(16).padStart(2, '0')} here); save it as UTF-8`),
            };
        }
        return { kind: 'text', text: new TextDecoder('utf-8').decode(bytes) };
    }
}

// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(8161);
// EXTERNAL MODULE: external "node:worker_threads"
var external_node_worker_threads_ = __webpack_require__(5919);
;// CONCATENATED MODULE: ./src/manifest/defaults-layering.ts



/** Fields that identify one item; a defaults file shared by many manifests cannot set them. */
const IDENTITY_FIELDS = ['title', 'id'];
/** A `_defaults.yml` as read: like a manifest, minus the identity fields, and empty is harmless. */
function asDefaults(source) {
    const { file, root } = source;
    const problems = source.problems.filter((p) => p.code !== 'empty_file');
    if (root === null || root.kind !== 'map')
        return { file, root: null, problems };
    const entries = new Map(root.entries);
    for (const key of IDENTITY_FIELDS) {
        const entry = entries.get(key);
        if (entry === undefined)
            continue;
        problems.push(problemAt(entry.keyPos, 'defaults_identity', `${key} cannot be set in a defaults file; each manifest sets its own ${key}`, key));
        entries.delete(key);
    }
    return { file, root: { ...root, entries }, problems };
}
/** Merges the defaults (outermost folder first) under the manifest; null when the manifest could not be read. */
function defaults_layering_layer(source, defaults = []) {
    if (source.root === null)
        return null;
    let merged = null;
    for (const { root } of defaults) {
        if (root !== null)
            merged = merged === null ? root : mergeTrees(merged, root);
    }
    merged = merged === null ? source.root : mergeTrees(merged, source.root);
    return { source, defaults, ...toPlain(merged) };
}
/**
 * The outcome once the layered value is checked. Problems of the defaults
 * files themselves are not repeated here, but they leave the item in doubt.
 */
function conclude(layered, checked) {
    const { source, defaults, positions } = layered;
    const problems = [...source.problems];
    const outline = outlineOf(source.file, layered.value, positions);
    if ('problems' in checked)
        return { item: null, problems: [...problems, ...checked.problems], outline };
    const { item, warnings } = normalize(source.file, checked.manifest, positions);
    problems.push(...warnings);
    // A broken defaults file leaves the desired state of every manifest below it in doubt.
    const doubtful = [...problems, ...defaults.flatMap((d) => d.problems)].some((p) => p.severity === 'error');
    return { item: doubtful ? null : item, problems, outline };
}

;// CONCATENATED MODULE: ./src/manifest/validate.ts




// One manifest validated: read by the yaml library, its defaults layered
// under it, the merged value checked by the zod schema, every problem worded
// for the user. The loader and the single-file API both come here, so there
// is one reader and one schema.
/** Reads a `_defaults.yml`: like a manifest, minus the identity fields. */
function readDefaults(file, text) {
    return asDefaults(readSource(file, text));
}
/** Checks a manifest's merged value with the zod schema; problems point into the files. */
function checkWithSchema(value, positions, start) {
    const parsed = manifestSchema.safeParse(value);
    if (parsed.success)
        return { manifest: parsed.data };
    return { problems: new IssueMapper(manifestSchema, value, positions, start).map(parsed.error.issues) };
}
/**
 * Validates one parsed manifest with its defaults (outermost folder first) and
 * normalizes it. Problems of the defaults files themselves are not repeated here.
 */
function validateSource(source, defaults = []) {
    const layered = defaults_layering_layer(source, defaults);
    if (layered === null)
        return { item: null, problems: [...source.problems], outline: null };
    const start = { file: source.file, line: 1, column: 1 };
    return conclude(layered, checkWithSchema(layered.value, layered.positions, start));
}
/**
 * Parses, validates and normalizes one manifest's text. `defaults` are the
 * texts of the `_defaults.yml` files that apply to it, outermost folder first.
 * `file` is reported as given (use a workspace-relative path with `/`).
 */
function parseManifest(file, text, defaults = []) {
    const layers = defaults.map((d) => readDefaults(d.file, d.text));
    const result = validateSource(readSource(file, text), layers);
    const problems = [...layers.flatMap((l) => l.problems), ...result.problems];
    // In file order first (defaults, then the manifest), then by position.
    const order = new Map([...layers.map((l) => l.file), file].map((name, index) => [name, index]));
    problems.sort((a, b) => (order.get(a.file) ?? 0) - (order.get(b.file) ?? 0) || a.line - b.line || a.column - b.column);
    return { item: result.item, problems, outline: result.outline };
}

;// CONCATENATED MODULE: ./src/manifest/manifest-file.ts



async function parseManifestFile(reader, file, defaults) {
    const read = await reader.read(file);
    if (read.kind === 'none')
        return null;
    if (read.kind === 'problem')
        return { file, item: null, problems: [read.problem], outline: null };
    const layers = foldersOf(file).flatMap((folder) => defaults.get(folder) ?? []);
    return { file, ...validateSource(readSource(file, read.text), layers) };
}

;// CONCATENATED MODULE: ./src/manifest/parse-pool.ts






/**
 * Below this many files, starting a worker costs more than it saves: a
 * worker's start and its cold compiler take 100-200 ms, the main thread
 * parses 2,000 small manifests in about as long.
 */
const WORKER_THRESHOLD = 2000;
const MAX_WORKERS = 4;
/** Files in one message to a worker; two batches are kept in flight per worker, so none waits. */
const BATCH = 100;
const IN_FLIGHT = 2;
/** Files the main thread reads at once when it parses itself. */
const PARALLEL_READS = 32;
/**
 * Longest stretch of parsing on the main thread between two turns of the
 * event loop: the service's answers the engine reads meanwhile are handled
 * at least this often.
 */
const SLICE_MS = 2;
/**
 * Parsing begun as soon as the catalogue's size is known: its workers start
 * (a worker's start and cold compiler take 100-300 ms) while the folders'
 * defaults are read, and are told them with the files. `parse` is called
 * once; `close` ends workers that were never given files.
 */
class Parsing {
    #workers = [];
    #options;
    /** Workers asked for so far, those that could not start included. */
    #asked = 0;
    #cores = (0,external_node_os_.availableParallelism)();
    constructor(count, options = {}) {
        this.#options = options;
        this.grow(count);
    }
    /**
     * The catalogue has at least `count` files: the workers that many call for
     * are started, so a walk still counting can start them before it ends.
     */
    grow(count) {
        const wanted = Math.min(this.#options.workers ?? defaultWorkers(count, this.#cores), Math.ceil(count / BATCH));
        if (wanted <= this.#asked)
            return;
        const script = this.#options.workerScript ?? workerScript();
        if (script !== null)
            this.#workers.push(...startWorkers(script, wanted - this.#asked));
        this.#asked = wanted;
    }
    async parse(files, context, options = {}) {
        const results = new Array(files.length).fill(null);
        const batches = batchesOf(files);
        const threaded = await inWorkers(batches, context, this.#workers.splice(0), results, options);
        const onMain = threaded.left.flatMap((batch) => batch.files.map((file, index) => ({ file, at: batch.start + index })));
        await onMainThread(onMain, context, results, options);
        return { results, workerThreads: threaded.workerThreads };
    }
    close() {
        for (const started of this.#workers.splice(0))
            void started.worker.terminate();
    }
}
function parseFiles(files, context, options = {}) {
    return new Parsing(files.length, options).parse(files, context, options);
}
function defaultWorkers(count, cores) {
    if (count < WORKER_THRESHOLD)
        return 0;
    return Math.min(MAX_WORKERS, Math.max(1, cores - 1), Math.ceil(count / WORKER_THRESHOLD));
}
function batchesOf(files) {
    const batches = [];
    for (let start = 0; start < files.length; start += BATCH)
        batches.push({ start, files: files.slice(start, start + BATCH) });
    return batches;
}
/**
 * The worker's script: its source beside this one when run from the sources
 * (tests, `node src/cli/bin.ts`), or its one bundle, dist/cli/parse-worker/,
 * which the CLI's bundle has beside it and the action's (in dist/) finds
 * under cli/: the npm package ships dist/cli/ alone. Null when there is
 * none: the main thread parses then.
 */
function workerScript() {
    const here = import.meta.dirname;
    const scripts = import.meta.filename.endsWith('.ts')
        ? [external_node_path_default().join(here, 'parse-worker.ts')]
        : [external_node_path_default().join(here, 'parse-worker', 'index.js'), external_node_path_default().join(here, 'cli', 'parse-worker', 'index.js')];
    return scripts.find((script) => (0,external_node_fs_.existsSync)(script)) ?? null;
}
/** Workers that cannot start are left out: the main thread parses what they would have. */
function startWorkers(script, count) {
    const started = [];
    for (let i = 0; i < count; i++) {
        try {
            const entry = { worker: new external_node_worker_threads_.Worker(script), gone: false };
            const gone = () => void (entry.gone = true);
            entry.worker.on('error', gone).on('exit', gone);
            started.push(entry);
        }
        catch {
            break;
        }
    }
    return started;
}
/**
 * The batches parsed by the workers, each taking the next batch as it
 * answers one. Returns the batches no worker answered (a worker that failed
 * leaves its batches in flight to the main thread, and the others go on),
 * and how many workers answered any.
 */
async function inWorkers(batches, context, workers, results, options) {
    const setup = {
        cwd: context.cwd,
        root: context.root,
        maxFileBytes: context.maxFileBytes,
        defaults: [...context.defaults],
    };
    let next = 0;
    const unanswered = [];
    const take = () => batches[next++];
    const answered = (result) => {
        result.parsed.forEach((parsed, index) => {
            results[result.start + index] = parsed;
            if (parsed)
                options.onParsed?.(parsed);
        });
    };
    const answering = new Set();
    await Promise.all(workers.map((started, worker) => driveWorker(started, setup, take, (result) => {
        answering.add(worker);
        answered(result);
    }).then((left) => unanswered.push(...left))));
    return { left: [...unanswered, ...batches.slice(next)], workerThreads: answering.size };
}
/**
 * One worker through the batches, told the setup first; resolves with those
 * it took and did not answer (a worker that failed, or an answer that could
 * not be read), and rejects with what `answered` threw.
 */
function driveWorker({ worker, gone }, setup, take, answered) {
    return new Promise((done, fail) => {
        const inFlight = new Map();
        const end = () => {
            const left = [...inFlight.values()];
            inFlight.clear();
            worker.removeAllListeners();
            void worker.terminate();
            return left;
        };
        if (gone)
            return done(end());
        const stop = () => done(end());
        const feed = () => {
            while (inFlight.size < IN_FLIGHT) {
                const batch = take();
                if (batch === undefined)
                    break;
                inFlight.set(batch.start, batch);
                worker.postMessage(batch);
            }
            if (inFlight.size === 0)
                stop();
        };
        worker.on('message', (result) => {
            inFlight.delete(result.start);
            try {
                answered(result);
            }
            catch (error) {
                end();
                return fail(error instanceof Error ? error : new Error(String(error)));
            }
            feed();
        });
        worker.on('messageerror', stop);
        worker.on('error', stop);
        worker.on('exit', stop);
        worker.postMessage({ setup });
        feed();
    });
}
async function onMainThread(files, context, results, options) {
    const reader = new Reader(context.cwd, context.root, context.maxFileBytes);
    await inSlices(files.length, async (index) => {
        const { file, at } = files[index];
        const parsed = await parseManifestFile(reader, file, context.defaults);
        results[at] = parsed;
        if (parsed)
            options.onParsed?.(parsed);
    });
}
async function inSlices(count, work) {
    let next = 0;
    // Files are read synchronously: without a turn of the event loop now and
    // then, the service's answers the engine is reading meanwhile would wait
    // until every manifest was parsed. The readers share one slice and one
    // turn: each waiting for its own would hand the loop to all of them in a row.
    let sliceStarted = performance.now();
    let turn = null;
    const nextTurn = () => (turn ??= new Promise((resume) => setImmediate(() => {
        turn = null;
        sliceStarted = performance.now();
        resume();
    })));
    const reader = async () => {
        while (next < count) {
            if (performance.now() - sliceStarted > SLICE_MS)
                await nextTurn();
            const index = next++;
            if (index >= count)
                return;
            await work(index);
        }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL_READS, count) }, reader));
}

;// CONCATENATED MODULE: ./src/manifest/file-loader.ts












// Glob -> files in a stable order -> text (bounded, UTF-8, inside the
// workspace) -> desired items, with every problem of every file in one pass.
// Every file is read by the yaml library and checked by the zod schema
// (validate.ts), in worker threads for a large catalogue (parse-pool.ts); the
// files are found by walking the glob's folders and matched by a glob that
// cannot backtrack (glob.ts).
const DEFAULT_PATTERN = DEFAULTS.manifests;
/** No manifest comes near this; a bigger file is a mistake or an attack. */
const DEFAULT_MAX_FILE_BYTES = 1024 * 1024;
const SKIPPED_DIRS = new Set(['node_modules', '.git']);
function posix(relative) {
    return relative.split((external_node_path_default()).sep).join('/');
}
function byCodePoint(a, b) {
    return a < b ? -1 : a > b ? 1 : 0;
}
/** The matched files, sorted in code-point order so every run sees them alike. */
async function discover(cwd, pattern, onFound) {
    return (await globPattern(cwd, pattern, onFound)).sort(byCodePoint);
}
/**
 * The files `pattern` matches, relative to `cwd` with `/`: the folders under
 * the glob's fixed start are walked, no deeper than a match can be, skipping
 * node_modules and .git. A link to a folder is walked as the folder, except
 * a link back to a folder the walk is already in; a link to a file is found,
 * and the reader decides whether it may be read. Each path is matched in
 * linear time (glob.ts), a folder's part of it once for all its names.
 */
async function globPattern(cwd, pattern, onFound) {
    const compiled = compileGlob(pattern);
    const found = [];
    const visit = async (folder, depth, walking) => {
        const full = external_node_path_default().resolve(cwd, folder);
        const real = await (0,promises_.realpath)(full).catch(() => null);
        if (real === null || walking.has(real))
            return;
        const within = new Set(walking).add(real);
        const entries = await (0,promises_.readdir)(full, { withFileTypes: true }).catch(() => []);
        // A name holds no separator: a file's path from cwd is its folder's, then its name.
        const from = posix(external_node_path_default().relative(cwd, full));
        const matchesHere = compiled.namesIn(folder);
        const below = [];
        for (const entry of entries) {
            const written = folder === '' || folder.endsWith('/') ? `${folder}${entry.name}` : `${folder}/${entry.name}`;
            if (!(entry.isDirectory() || (entry.isSymbolicLink() && (await linksToFolder(entry, full))))) {
                if (matchesHere(entry.name)) {
                    const count = found.push(from === '' ? entry.name : `${from}/${entry.name}`);
                    onFound?.(count);
                }
            }
            else if (depth < compiled.depth && !SKIPPED_DIRS.has(entry.name))
                below.push(visit(written, depth + 1, within));
        }
        await Promise.all(below);
    };
    await visit(compiled.root, 1, new Set());
    return found;
}
/** A link that leads to a folder. */
async function linksToFolder(entry, parent) {
    return (await (0,promises_.stat)(external_node_path_default().join(parent, entry.name)).catch(() => null))?.isDirectory() ?? false;
}
/**
 * Titles and pinned ids shared by two manifests, over every manifest that
 * names one, valid or not: a clash is reported in the same run as the other
 * mistakes. Returns the files that clash; none of them is planned.
 */
function crossFileProblems(outlines) {
    const problems = [];
    const clashing = new Set();
    const check = (key, field, code, sentence) => {
        const groups = new Map();
        for (const outline of outlines) {
            const value = key(outline);
            if (value === null)
                continue;
            const group = groups.get(value);
            if (group)
                group.push(outline);
            else
                groups.set(value, [outline]);
        }
        for (const [value, group] of groups) {
            if (group.length < 2)
                continue;
            for (const outline of group) {
                clashing.add(outline.file);
                const others = group.filter((other) => other !== outline).map((other) => other.file);
                const shown = others.length > 3
                    ? `${others.slice(0, 3).join(', ')} and ${others.length - 3} more`
                    : others.join(', ');
                const at = outline.locations[field] ?? outline.location;
                problems.push(problemAt(at, code, sentence(value, shown), field));
            }
        }
    };
    check(
    // Two titles the service would store alike are one title (src/text/service-terms.ts).
    (outline) => (outline.title === null ? null : titleKey(outline.title)), 'title', 'duplicate_title', (title, others) => `title ${JSON.stringify(title)} is also used by ${others}; titles must be unique across manifests`);
    check((outline) => outline.id, 'id', 'duplicate_id', (id, others) => `id ${JSON.stringify(id)} is also pinned by ${others}; one item belongs to one manifest`);
    return { problems, clashing };
}
function dedupeAndSort(problems) {
    const seen = new Set();
    const unique = problems.filter((p) => {
        const key = `${p.severity}|${p.code}|${p.file}:${p.line}:${p.column}|${p.message}`;
        if (seen.has(key))
            return false;
        seen.add(key);
        return true;
    });
    return unique.sort((a, b) => byCodePoint(a.file, b.file) || a.line - b.line || a.column - b.column);
}
/**
 * Finds the manifests matched by `pattern` under `cwd`, applies the
 * `_defaults.yml` of their folders, and validates and normalizes each one.
 * Never throws for a bad manifest: every problem of every file is returned.
 */
async function loadManifests(options) {
    const cwd = external_node_path_default().resolve(options.cwd);
    const context = {
        cwd,
        root: (0,external_node_fs_.realpathSync)(cwd),
        maxFileBytes: options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES,
    };
    // A large catalogue's workers start while the walk still counts (a worker
    // takes 200-400 ms to start), and the release file and the defaults are
    // read; a change's plan starts them once it knows how many it parses.
    const parsing = new Parsing(0, workersOf(options));
    const counting = options.focus === undefined ? (count) => parsing.grow(count) : undefined;
    const matched = await discover(cwd, options.pattern, counting);
    const candidates = matched.filter((file) => !isDefaultsFile(file) && !isReleaseFile(file));
    let read;
    try {
        read = await readCatalogue(parsing, context, matched, candidates, options);
    }
    finally {
        parsing.close();
    }
    const { release, defaults, parsed } = read;
    const { results: outcomes, workerThreads, unparsed } = parsed;
    const problems = [...release.problems];
    for (const layer of defaults.values())
        if (layer)
            problems.push(...layer.problems);
    const files = [];
    const valid = [];
    const outlines = [];
    for (const outcome of outcomes) {
        if (outcome === null)
            continue;
        files.push(outcome.file);
        problems.push(...outcome.problems);
        if (outcome.item)
            valid.push(outcome.item);
        if (outcome.outline)
            outlines.push(outcome.outline);
    }
    const cross = crossFileProblems(outlines);
    problems.push(...cross.problems);
    return {
        items: valid.filter((item) => !cross.clashing.has(item.file)),
        problems: dedupeAndSort(problems),
        files: unparsed.length === 0 ? files : [...files, ...unparsed].sort(byCodePoint),
        outlines,
        ...(unparsed.length === 0 ? {} : { unparsed }),
        ...(workerThreads > 0 ? { workerThreads } : {}),
        ...(release.release === null ? {} : { release: release.release }),
    };
}
/** The release file, the folders' defaults, then every manifest, parsed with them. */
async function readCatalogue(parsing, context, matched, candidates, options) {
    const reader = new Reader(context.cwd, context.root, context.maxFileBytes);
    const release = await loadRelease(reader, options.pattern, matched);
    const defaults = await readAllDefaults(reader, candidates, context);
    const parsed = await parseManifests(parsing, candidates, { ...context, defaults }, options);
    return { release, defaults, parsed };
}
function workersOf(options) {
    return options.workers === undefined ? {} : { workers: options.workers };
}
/**
 * Every manifest parsed, in the files' order; or, in a change's plan, those
 * it touches, and the others only when the focus asks for them (`unparsed`
 * lists them otherwise).
 */
async function parseManifests(parsing, files, context, options) {
    const onParsed = named(options);
    const focus = (await options.focus) ?? null;
    if (focus === null) {
        parsing.grow(files.length);
        return { ...(await parsing.parse(files, context, { onParsed })), unparsed: [] };
    }
    const first = files.filter((file) => focus.parsesFirst(file));
    const rest = files.filter((file) => !focus.parsesFirst(file));
    parsing.grow(first.length);
    const head = await parsing.parse(first, context, { onParsed });
    const parsedFirst = head.results.filter((result) => result !== null);
    if (rest.length === 0 || !(await focus.needsRest(parsedFirst, files)))
        return { ...head, unparsed: rest };
    const tail = await parseFiles(rest, context, { ...workersOf(options), onParsed });
    // Both parts back in the files' order, as one parse of them all would give them.
    const [inHead, inTail] = [head.results.values(), tail.results.values()];
    return {
        results: files.map((file) => (focus.parsesFirst(file) ? inHead : inTail).next().value ?? null),
        workerThreads: Math.max(head.workerThreads, tail.workerThreads),
        unparsed: [],
    };
}
/** Each item to `onNamed` as soon as its manifest is valid on its own. */
function named(options) {
    const { onNamed } = options;
    if (onNamed === undefined)
        return undefined;
    return ({ item }) => {
        if (item)
            onNamed({ file: item.file, title: item.fields.title, id: item.id });
    };
}
/**
 * The release file of the manifests' folder, read and checked; a release
 * file the glob met in any other folder is an error, since it would do nothing.
 */
async function loadRelease(reader, pattern, matched) {
    const root = globRoot(pattern);
    // Manifests outside the workspace are refused one by one; there is no release file to look for there.
    if (root === '..' || root.startsWith('../') || external_node_path_default().isAbsolute(root))
        return { release: null, problems: [] };
    const names = releaseFilesIn(root);
    const problems = matched
        .filter((file) => isReleaseFile(file) && !names.includes(file))
        .map((file) => misplacedRelease(file, root));
    const found = [];
    for (const file of names) {
        const read = await reader.read(file, true);
        if (read.kind === 'problem')
            problems.push(read.problem);
        if (read.kind === 'text')
            found.push({ file, text: read.text });
    }
    const [first, second] = found;
    if (second !== undefined)
        problems.push(problemAt({ file: second.file, line: 1, column: 1 }, 'duplicate_release_file', `two release files in one folder; ${first.file} applies, merge ${second.file} into it and remove it`));
    if (first === undefined)
        return { release: null, problems };
    const read = readRelease(first.file, first.text);
    return { release: read.release, problems: [...problems, ...read.problems] };
}
/** The `_defaults.yml` of every folder above the manifests, read once each, before any manifest. */
async function readAllDefaults(reader, files, workspace) {
    // A manifest outside the workspace (its path, or a folder linked from
    // elsewhere) is refused unread: no defaults are looked for beside it.
    const inside = files.filter((file) => !file.startsWith('../') && !external_node_path_default().isAbsolute(file));
    // Files of one folder share their folders: each folder's are taken once.
    const byFolder = new Map();
    for (const file of inside)
        byFolder.set(file.slice(0, file.lastIndexOf('/') + 1), file);
    const folders = [...new Set([...byFolder.values()].flatMap(foldersOf))].filter((folder) => folderInside(workspace, folder));
    const defaults = new Map();
    for (const folder of folders)
        defaults.set(folder, await readFolderDefaults(reader, folder));
    return defaults;
}
function folderInside({ cwd, root }, folder) {
    try {
        const real = (0,external_node_fs_.realpathSync)(external_node_path_default().join(cwd, folder));
        return real === root || real.startsWith(root + (external_node_path_default()).sep);
    }
    catch {
        return false;
    }
}
async function readFolderDefaults(reader, folder) {
    const found = [];
    for (const name of DEFAULTS_FILES) {
        const file = folder === '' ? name : `${folder}/${name}`;
        const read = await reader.read(file, true);
        if (read.kind === 'none')
            continue;
        if (read.kind === 'problem')
            found.push({ file, root: null, problems: [read.problem] });
        else
            found.push(readDefaults(file, read.text));
    }
    const [first, second] = found;
    if (first === undefined)
        return null;
    if (second !== undefined) {
        first.problems.push(problemAt({ file: second.file, line: 1, column: 1 }, 'duplicate_defaults', `two defaults files in one folder; ${first.file} applies, merge ${second.file} into it and remove it`));
    }
    return first;
}

;// CONCATENATED MODULE: ./src/manifest/index.ts
// The manifest language: YAML files -> validated, normalized desired state.







;// CONCATENATED MODULE: ./src/plan/late-window.ts


// The late window: how long after publish.at a missed schedule is still
// caught up. Older than that, publishing now would surprise (a year typo in
// publish.at, a manifest merged months after its date), so it is held.
// Written as the `late-window` input and the CLI's --late-window.
/** The late window when none is given: the `late-window` input's default. */
const DEFAULT_LATE_WINDOW_MS = parseDuration(DEFAULTS.lateWindow);
/** Validate's warning for a publish.at already past: the plan holds it past the late window, or publishes it now. */
function pastSchedules(items, now) {
    return items.flatMap((item) => {
        const at = item.publish?.at;
        if (item.stage !== 'published' || !at || Date.parse(at) > now.getTime())
            return [];
        const days = Math.floor((now.getTime() - Date.parse(at)) / 86_400_000);
        const where = item.locations['publish.at'] ?? item.location;
        return [
            {
                severity: 'warning',
                code: 'publish_at_past',
                file: item.file,
                line: where.line,
                column: where.column,
                field: 'publish.at',
                message: `publish.at ${at} is in the past (${days === 0 ? 'today' : `${days} day${days === 1 ? '' : 's'} ago`}). ` +
                    `Past the late window (${DEFAULTS.lateWindow} by default) it is held, not published; within it, it is published at once. ` +
                    'Check the date, or set publish.late: publish to publish it anyway.',
            },
        ];
    });
}

;// CONCATENATED MODULE: ./src/plan/freeze-windows.ts

// When the release file's freeze windows are open, as instants. A
// recurring window opens on its weekdays at a wall-clock time of its time
// zone (daylight saving included, by Intl); a night window runs into the
// next day. Windows that overlap or touch make one freeze: a weekend is
// Saturday 00:00 to Monday 00:00, and what it holds waits until Monday.
// Pure: the same windows and instants give the same answer.
//
// The work is bounded by the windows, never by the time between the
// instants asked about: a freeze is found from the openings that reach an
// instant (two or three days of each window), followed opening by opening to
// a cap, and the late window looks back a bounded stretch. A release file
// (at most MAX_FREEZE_WINDOWS windows) can then cost a run milliseconds, not
// hours, whatever dates its manifests hold.
const freeze_windows_DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
/** The stretch the late window's count is cut into; stretches are kept, since every item counts from the run's now. */
const SPAN_MS = 8 * freeze_windows_DAY_MS;
/** A freeze longer than this is reported as ending there: a window that never closes. */
const LONGEST_MS = 400 * freeze_windows_DAY_MS;
/** A freeze made of more openings one after the other than this (each way) is reported as ending at the last. */
const LONGEST_CHAIN = 30;
/** How far back the late window leaves frozen time out: older than this, all time counts, frozen or not. */
const FROZEN_LOOKBACK_MS = 100 * freeze_windows_DAY_MS;
/** The opening of a recurring window that starts on the local day `day` (days since the epoch, wall time); null on its days off. */
function occurrence(window, day) {
    if (!window.days.includes(new Date(day * freeze_windows_DAY_MS).getUTCDay()))
        return null;
    const zone = window.timeZone;
    const endDay = window.untilMinute > window.fromMinute ? day : day + 1;
    return [
        instantAt(zone, day * freeze_windows_DAY_MS + window.fromMinute * MINUTE_MS),
        instantAt(zone, endDay * freeze_windows_DAY_MS + window.untilMinute * MINUTE_MS),
    ];
}
/** The openings of one window that overlap [from, to): used over a span of days at most. */
function openings(window, from, to) {
    if (window.kind === 'fixed') {
        const start = Date.parse(window.from);
        const end = Date.parse(window.until);
        return start < to && end > from ? [[start, end]] : [];
    }
    const zone = window.timeZone;
    // From the local day before `from` (a night that began then is still open) to the local day of `to`.
    const first = Math.floor(wallTime(zone, from) / freeze_windows_DAY_MS) - 1;
    const last = Math.floor(wallTime(zone, to) / freeze_windows_DAY_MS);
    const found = [];
    for (let day = first; day <= last; day++) {
        const opening = occurrence(window, day);
        if (opening !== null && opening[0] < to && opening[1] > from)
            found.push(opening);
    }
    return found;
}
/** The freezes of `windows` that overlap [from, to), in order; openings that overlap or touch are one. */
function freezesBetween(windows, from, to) {
    const spans = windows.flatMap((window) => openings(window, from, to).map(([start, end]) => ({ start, end, window })));
    spans.sort((a, b) => a.start - b.start || a.end - b.end);
    const merged = [];
    for (const span of spans) {
        const last = merged.at(-1);
        if (last !== undefined && span.start <= last.until) {
            last.until = Math.max(last.until, span.end);
            if (!last.windows.includes(span.window))
                last.windows.push(span.window);
        }
        else {
            merged.push({ since: span.start, until: span.end, windows: [span.window] });
        }
    }
    return merged;
}
/**
 * The freezes of a release file, asked by what they hold: whether a
 * publication, a render or an edit is held at an instant, and for how much
 * of a stretch of time nothing held it. Answers are kept: a plan asks the
 * same instants for thousands of items.
 */
class FreezeCalendar {
    #windows;
    #found = new Map();
    #open = new Map();
    #occurrences = new Map();
    constructor(windows) {
        const holding = (what) => windows.filter((window) => window.holds.includes(what));
        this.#windows = { publish: holding('publish'), render: holding('render'), edit: holding('edit') };
    }
    /** Whether any window holds `what` at all. */
    holds(what) {
        return this.#windows[what].length > 0;
    }
    /** The freeze holding `what` at `instant`, whole (from its first window to its last); null when none does. */
    at(what, instant) {
        if (!this.holds(what))
            return null;
        const key = `${what}@${instant}`;
        if (!this.#found.has(key))
            this.#found.set(key, this.#search(this.#windows[what], instant));
        return this.#found.get(key) ?? null;
    }
    /** The first freeze holding `what` that overlaps [from, to), whole; null when none does. */
    within(what, from, to) {
        if (!this.holds(what) || to <= from)
            return this.at(what, from);
        const first = freezesBetween(this.#windows[what], from, to)[0];
        return first === undefined ? null : this.at(what, Math.max(from, first.since));
    }
    #search(windows, instant) {
        const holding = this.#reaching(windows, instant, 'forward');
        if (holding.length === 0)
            return null;
        // The earliest opening of each window, so that the freeze names them in the order they opened.
        const first = new Map();
        const note = (found) => {
            for (const { window, start } of found)
                first.set(window, Math.min(start, first.get(window) ?? start));
        };
        note(holding);
        let until = Math.max(...holding.map((opening) => opening.end));
        let since = Math.min(...holding.map((opening) => opening.start));
        // Followed opening by opening each way, to a cap: a freeze of windows that cover every day never ends.
        for (let step = 0; step < LONGEST_CHAIN && until < instant + LONGEST_MS; step++) {
            const next = this.#reaching(windows, until, 'forward');
            if (next.length === 0)
                break;
            note(next);
            until = Math.max(...next.map((opening) => opening.end));
        }
        for (let step = 0; step < LONGEST_CHAIN && since > instant - LONGEST_MS; step++) {
            const before = this.#reaching(windows, since, 'back');
            if (before.length === 0)
                break;
            note(before);
            since = Math.min(...before.map((opening) => opening.start));
        }
        const named = [...first].sort((a, b) => a[1] - b[1]).map(([window]) => window);
        return {
            since: Math.max(since, instant - LONGEST_MS),
            until: Math.min(until, instant + LONGEST_MS),
            windows: windows
                .filter((window) => named.includes(window))
                .sort((a, b) => named.indexOf(a) - named.indexOf(b)),
        };
    }
    /** The openings of `windows` that hold `instant` (forward), or end at or after it having started before (back). */
    #reaching(windows, instant, side) {
        const found = [];
        for (const window of windows) {
            for (const [start, end] of this.#near(window, instant)) {
                const reaches = side === 'forward' ? start <= instant && instant < end : start < instant && instant <= end;
                if (reaches)
                    found.push({ start, end, window });
            }
        }
        return found;
    }
    /** The openings of one window that may reach `instant`: those starting on its local day or the two before. */
    #near(window, instant) {
        if (window.kind === 'fixed')
            return [[Date.parse(window.from), Date.parse(window.until)]];
        let days = this.#occurrences.get(window);
        if (days === undefined) {
            days = new Map();
            this.#occurrences.set(window, days);
        }
        const today = Math.floor(wallTime(window.timeZone, instant) / freeze_windows_DAY_MS);
        const found = [];
        for (let day = today - 2; day <= today; day++) {
            let opening = days.get(day);
            if (opening === undefined) {
                opening = occurrence(window, day);
                days.set(day, opening);
            }
            if (opening !== null)
                found.push(opening);
        }
        return found;
    }
    /**
     * How much of [from, to) no window held any of `what`, counted back from
     * `to`; once it passes `enough` the count stops there (the caller only
     * asks whether it does). Time older than FROZEN_LOOKBACK_MS before `to`
     * counts whole, frozen or not: a freeze is not looked for that far back.
     * Stretches end on `to`, so items asking from the same `to` (the run's
     * now) share them.
     */
    openMs(what, from, to, enough) {
        const windows = [...new Set(what.flatMap((kind) => this.#windows[kind]))];
        if (windows.length === 0)
            return to - from;
        const key = [...what].sort().join('+');
        const horizon = Math.max(from, to - FROZEN_LOOKBACK_MS);
        let open = horizon - from;
        for (let end = to; end > horizon && open <= enough; end -= SPAN_MS) {
            const start = Math.max(horizon, end - SPAN_MS);
            open += start === end - SPAN_MS ? this.#openIn(key, windows, start, end) : openIn(windows, start, end);
        }
        return open;
    }
    #openIn(key, windows, start, end) {
        const at = `${key}:${start}`;
        let open = this.#open.get(at);
        if (open === undefined) {
            open = openIn(windows, start, end);
            this.#open.set(at, open);
        }
        return open;
    }
}
/** Milliseconds of [start, end) outside every freeze of `windows`. */
function openIn(windows, start, end) {
    const frozen = freezesBetween(windows, start, end).reduce((sum, freeze) => sum + Math.max(0, Math.min(end, freeze.until) - Math.max(start, freeze.since)), 0);
    return end - start - frozen;
}

;// CONCATENATED MODULE: ./src/plan/steps.ts
// What a step does, asked in one place: the planner, the review, the
// engine's preflight and the reports all ask these, and none re-derives them.
/** The publication a step sends: an upload's, or the one a one-shot render carries; null when it publishes nothing. */
function publicationOf(step) {
    if (step.kind === 'upload')
        return step.publish;
    if (step.kind === 'render')
        return step.publish;
    return null;
}
/** Whether any of the steps publishes. */
function publishes(steps) {
    return steps.some((step) => publicationOf(step) !== null);
}
/** Whether any of the steps renders (and so spends credits on a video). */
function renders(steps) {
    return steps.some((step) => step.kind === 'render');
}
/** Whether any of the steps sends a generation or an upload: the requests that are rate limited and need `generate`. */
function steps_generates(steps) {
    return steps.some((step) => step.kind === 'render' || step.kind === 'upload');
}
/** (item, account) pairs a list of steps would publish. */
function publicationsOf(steps) {
    return steps.reduce((count, step) => count + (publicationOf(step)?.accounts.length ?? 0), 0);
}
/**
 * Scopes the interface itself states for the given steps (A29): generation
 * and upload need `generate`. Which scope content writes need is not shown,
 * so none is guessed for them; a 403 tells.
 */
function statedScopes(steps) {
    return steps_generates(steps) ? ['generate'] : [];
}

;// CONCATENATED MODULE: ./src/plan/release-control.ts


// Release control in the plan: the kill switch (the release file's
// `paused`, or the `pause` input), items paused by their manifest or a
// `_defaults.yml`, accounts paused by the release file, and freeze windows.
// What they hold becomes a hold that says why and since when; nothing else
// of the plan changes. The publication's own timing (a freeze, a paused
// account, lateness measured without the frozen time) is video-steps.ts's.
/** The run's release rules: the release file (null: there is none), the pause input, override-freeze. */
function releaseRules(control, run) {
    const filePause = control?.paused == null
        ? null
        : {
            by: 'release_file',
            file: control.file,
            reason: control.paused.reason,
            since: control.paused.since,
        };
    const inputPause = run.pause === null ? null : { by: 'input', file: null, reason: run.pause.reason, since: null };
    const windows = control?.windows ?? [];
    return {
        // The committed pause says the most (why, since when); the input stops the run just the same.
        pause: filePause ?? inputPause,
        accounts: control?.accounts ?? [],
        calendar: windows.length === 0 ? null : new FreezeCalendar(windows),
        overrideFreeze: run.overrideFreeze,
    };
}
/** The freeze holding `what` at `instant` in this run; none where override-freeze lifted them. */
function freezeAt(rules, what, instant) {
    if (rules === undefined || rules.overrideFreeze)
        return null;
    return rules.calendar?.at(what, instant) ?? null;
}
const NOT_PAUSED = new Set(['', 'false', 'no', 'off', '0']);
/**
 * The `pause` input, typically a repository variable: empty or false is no
 * pause, true is a pause, and any other text is a pause with that reason
 * (`CONTENT_PAUSE=Brand review until Monday`). The CLI's --pause reads the same. A misspelt false pauses: the
 * safe side of an emergency stop.
 */
function parsePause(value) {
    const text = value.replace(/\s+/g, ' ').trim();
    const word = text.toLowerCase();
    if (NOT_PAUSED.has(word))
        return null;
    return {
        reason: word === 'true' || word === 'yes' || word === 'on' || word === '1' ? null : text.slice(0, 300),
    };
}
/** Whether a paused account is this one. */
function isAccount(paused, account) {
    const selector = paused.account;
    return selector.kind === 'id'
        ? selector.id === account.id
        : selector.platform === account.platform && selector.name === account.name;
}
/**
 * The rules, where the accounts listing was not proven complete: a paused
 * account it did not show may be on a page not read, so every publication
 * to its platform (to any account, for one paused by id) is held rather
 * than trusted to another account.
 */
function withUnseenPauses(rules, connected, complete) {
    if (complete)
        return rules;
    const unseen = rules.accounts.filter((entry) => !connected.some((account) => isAccount(entry, account)));
    return unseen.length === 0 ? rules : { ...rules, unseen };
}
function mayBeUnseen(entry, target) {
    const selector = entry.account;
    return selector.kind === 'id' || target.accounts.some((account) => account.platform === selector.platform);
}
/** What a list of steps would have done, as the holds and the review name it. */
function workOf(steps) {
    const work = new Set();
    for (const step of steps)
        if (step.kind !== 'wait' && step.kind !== 'upload')
            work.add(step.kind);
    if (publishes(steps))
        work.add('publish');
    return [...work];
}
function pausedHold(scope, pause, file, held) {
    return { kind: 'paused', scope, file, account: null, reason: pause.reason, since: pause.since, held };
}
/** A freeze as a hold: until when, why, since when. */
function frozenHold(freeze, what, held) {
    const reasons = [...new Set(freeze.windows.map((window) => window.reason))];
    const zones = freeze.windows.map((window) => window.timeZone).filter((zone) => zone !== null);
    return {
        kind: 'frozen',
        what,
        since: new Date(freeze.since).toISOString(),
        until: new Date(freeze.until).toISOString(),
        reasons,
        timeZone: zones[0] ?? null,
        held,
    };
}
/** A publication held by a paused account, named as the release file or the listing names it. */
function accountPausedHold(entry, account) {
    const { pause } = entry;
    return {
        kind: 'paused',
        scope: 'account',
        file: pause.location.file,
        account,
        reason: pause.reason,
        since: pause.since,
        held: ['publish'],
    };
}
/**
 * Why a publication to `target` cannot go out at `instant`: an account it
 * names is paused (the item is held whole, never published to fewer
 * accounts than asked), or a freeze holds publications then. Null: it can.
 */
function publicationBlock(rules, target, instant) {
    if (rules === undefined)
        return null;
    const paused = rules.accounts.find((entry) => target.accounts.some((account) => isAccount(entry, account)));
    if (paused !== undefined) {
        const account = target.accounts.find((candidate) => isAccount(paused, candidate));
        return accountPausedHold(paused, { platform: account.platform, name: account.name });
    }
    const unseen = rules.unseen?.find((entry) => mayBeUnseen(entry, target));
    if (unseen !== undefined) {
        const selector = unseen.account;
        const named = selector.kind === 'id'
            ? { platform: 'id', name: selector.id }
            : { platform: selector.platform, name: selector.name };
        return accountPausedHold(unseen, named);
    }
    const freeze = freezeAt(rules, 'publish', instant);
    return freeze === null ? null : frozenHold(freeze, 'publish', ['publish']);
}
/**
 * Why a generation or upload may not be sent at `instant`: a freeze of
 * renders open now (for a generation), or a publication it carries that a
 * paused account or a freeze holds now, or that may end inside a freeze: the
 * service publishes when the job ends, up to `leadMs` after the request
 * (apply/job-times.ts). Null: it may be sent.
 */
function sendBlock(rules, send, instant) {
    const { publication } = send;
    const renders = send.renders ? freezeAt(rules, 'render', instant) : null;
    if (renders !== null)
        return frozenHold(renders, 'render', publication ? ['render', 'publish'] : ['render']);
    if (publication === null)
        return null;
    const now = publicationBlock(rules, publication, instant);
    if (now !== null || rules === undefined || rules.overrideFreeze)
        return now;
    const ahead = rules.calendar?.within('publish', instant, instant + send.leadMs) ?? null;
    return ahead === null ? null : frozenHold(ahead, 'publish', ['publish']);
}
/**
 * How long of [at, now) the work an item still needs (its publication, and
 * the render or the create before it) could go out: the late window counts
 * only that time, so a schedule that fell in a freeze is caught up when it
 * ends, override-freeze or not. Stops counting past `enough`.
 */
function openSince(rules, needs, span, enough) {
    return rules?.calendar ? rules.calendar.openMs(needs, span.at, span.now, enough) : span.now - span.at;
}
/**
 * The steps of one item that release control lets through, in order of
 * precedence: the kill switch, the item's own pause, a freeze of edits, a
 * freeze of renders. What one holds is not held again by the next.
 */
function releaseControl(planned, item, context) {
    const rules = context.release;
    const { steps, holds } = planned;
    if (steps.length === 0)
        return planned;
    const held = (hold) => ({ steps: [], holds: [...holds, hold] });
    if (rules?.pause)
        return held(pausedHold(rules.pause.by, rules.pause, rules.pause.file, workOf(steps)));
    if (item.paused)
        return held(pausedHold('item', item.paused, item.paused.location.file, workOf(steps)));
    const now = context.now.getTime();
    const edits = freezeAt(rules, 'edit', now);
    if (edits !== null && steps.some((step) => step.kind === 'create' || step.kind === 'edit'))
        return held(frozenHold(edits, 'edit', workOf(steps)));
    const renders = freezeAt(rules, 'render', now);
    if (renders === null || !steps.some((step) => step.kind === 'render'))
        return planned;
    // A render held takes the upload that publishes it with it.
    const isKept = (step) => step.kind !== 'render' && step.kind !== 'upload';
    const kept = steps.filter(isKept);
    const dropped = steps.filter((step) => !isKept(step));
    return { steps: kept, holds: [...holds, frozenHold(renders, 'render', workOf(dropped))] };
}

;// CONCATENATED MODULE: ./src/plan/accounts.ts

function accounts_problemAt(index, selector, message) {
    const at = selector.location;
    return {
        severity: 'error',
        code: 'unknown_account',
        file: at.file,
        line: at.line,
        column: at.column,
        field: `publish.accounts.${index}`,
        message,
    };
}
function hint(candidate) {
    return candidate === undefined ? '' : ` Did you mean "${candidate}"?`;
}
/** Resolves one item's selectors in order, without duplicates. */
function resolveAccounts(item, connected) {
    const selectors = item.publish?.accounts ?? [];
    return resolveSelectors(selectors.map((selector, index) => ({ index, selector })), connected);
}
/** Resolves selectors that keep their place in publish.accounts (`index`), without duplicates. */
function resolveSelectors(entries, connected) {
    const accounts = [];
    const problems = [];
    entries.forEach(({ index, selector }) => {
        let found;
        if (selector.kind === 'id') {
            found = connected.find((account) => account.id === selector.id);
            if (!found) {
                problems.push(accounts_problemAt(index, selector, `No connected account has id ${selector.id}.` +
                    hint(suggest(selector.id, connected.map((account) => account.id))) +
                    ' Connect the account in the service, or name it as {platform, name}.'));
            }
        }
        else {
            const onPlatform = connected.filter((account) => account.platform === selector.platform);
            found = onPlatform.find((account) => account.name === selector.name);
            if (!found && onPlatform.length === 0) {
                problems.push(accounts_problemAt(index, selector, `No ${selector.platform} account is connected, so "${selector.name}" cannot be published to. ` +
                    'Connect it in the service first.'));
            }
            else if (!found) {
                problems.push(accounts_problemAt(index, selector, `No connected ${selector.platform} account is named "${selector.name}".` +
                    hint(suggest(selector.name, onPlatform.map((account) => account.name))) +
                    ` Connected ${selector.platform} accounts: ${onPlatform.map((account) => account.name).join(', ')}.`));
            }
        }
        if (found && !accounts.some((account) => account.id === found.id))
            accounts.push(found);
    });
    return { accounts, problems };
}
/**
 * The unknown accounts that manifests name, valid or not (their outlines):
 * a manifest with another mistake still has its accounts looked up, so that
 * every mistake is reported in one run.
 */
function outlineAccountProblems(outlines, connected) {
    return outlines.flatMap((outline) => resolveSelectors(outline.accounts, connected).problems);
}

;// CONCATENATED MODULE: ./src/plan/release-status.ts


// What release control says about a whole run, once, above the tables of
// every plan, summary and comment: the kill switch, the freezes open now
// (or lifted by override-freeze), paused accounts and paused manifests, each
// with why and since when. And the age warning: a pause older than the
// release file's warn_paused_after is a warning in every run.
const release_status_DAY_MS = 86_400_000;
const DEFAULT_WARN_MS = 7 * release_status_DAY_MS;
/** The run's release status; null when nothing is paused or frozen (or declared paused). */
function releaseStatus(items, rules, now) {
    // The calendar the plan asks too, whatever override-freeze says: the status shows what it lifted.
    const frozen = [];
    for (const what of ['edit', 'render', 'publish']) {
        const freeze = rules.calendar?.at(what, now.getTime()) ?? null;
        if (freeze === null)
            continue;
        const hold = frozenHold(freeze, what, []);
        const same = frozen.find((entry) => entry.freeze.since === hold.since && entry.freeze.until === hold.until);
        if (same)
            same.holds.push(what);
        else
            frozen.push({ holds: [what], freeze: hold });
    }
    const paused = items.flatMap((item) => (item.paused ? [{ file: item.file, pause: item.paused }] : []));
    const status = {
        pause: rules.pause,
        frozen,
        overridden: frozen.length > 0 && rules.overrideFreeze,
        accounts: rules.accounts,
        items: paused,
    };
    const quiet = !status.pause && frozen.length === 0 && status.accounts.length === 0 && paused.length === 0;
    return quiet ? null : status;
}
/** Every pause older than the release file's warn_paused_after (7 days without one), as a warning where it is written. */
function pauseWarnings(control, items, now) {
    const limit = control?.warnPausedAfterMs ?? DEFAULT_WARN_MS;
    const pauses = [
        ...(control?.paused ? [{ pause: control.paused, what: 'The catalogue' }] : []),
        ...(control?.accounts ?? []).map((entry) => ({
            pause: entry.pause,
            what: `The account ${accountName(entry)}`,
        })),
        ...items.flatMap((item) => (item.paused ? [{ pause: item.paused, what: `"${item.fields.title}"` }] : [])),
    ];
    return pauses.flatMap(({ pause, what }) => {
        if (pause.since === null)
            return [];
        const age = now.getTime() - Date.parse(pause.since);
        if (age <= limit)
            return [];
        const days = Math.floor(age / release_status_DAY_MS);
        const { file, line, column } = pause.location;
        const message = `${what} has been paused for ${days} day${days === 1 ? '' : 's'} (since ${pause.since.slice(0, 10)}` +
            `${pause.reason ? `: ${pause.reason}` : ''}), longer than warn_paused_after (${Math.round(limit / release_status_DAY_MS)} days` +
            `${control ? ` in ${control.file}` : ' by default'}). Remove the pause if it is over; raise warn_paused_after if it is meant to last.`;
        return [{ severity: 'warning', code: 'long_pause', file, line, column, message }];
    });
}
function accountName(entry) {
    const account = entry.account;
    return account.kind === 'id' ? `with id ${account.id}` : `${account.platform} "${account.name}"`;
}
/**
 * Paused accounts no connected account answers to: a misspelt name would
 * publish to the account meant to be paused, so it is an error, which stops
 * every write until it is fixed. Checked only against a whole listing.
 */
function pausedAccountProblems(control, connected) {
    const entries = (control?.accounts ?? []).map((entry, index) => ({ index, selector: entry.account }));
    return resolveSelectors(entries, connected).problems.map((problem) => ({
        ...problem,
        field: problem.field?.replace(/^publish\.accounts/, 'paused_accounts'),
        message: `paused_accounts: ${problem.message}`,
    }));
}

;// CONCATENATED MODULE: ./src/concurrency.ts
// Async work a few calls at a time. A leaf, below the layers that send
// (apply, engine, import): the planner, which is pure, has no use for it.
/**
 * Runs fn over items with at most `limit` calls in flight; results keep the
 * items' order. The first rejection rejects the whole call once the running
 * calls have settled (no call is left dangling).
 */
async function mapLimit(items, limit, fn) {
    const results = new Array(items.length);
    let next = 0;
    let failure = null;
    const worker = async () => {
        while (failure === null && next < items.length) {
            const index = next++;
            try {
                results[index] = await fn(items[index], index);
            }
            catch (error) {
                failure ??= { error };
            }
        }
    };
    const width = Math.max(1, Math.min(Math.floor(limit) || 1, items.length));
    await Promise.all(Array.from({ length: width }, worker));
    if (failure !== null)
        throw failure.error;
    return results;
}

;// CONCATENATED MODULE: ./src/apply/item-run.ts
const writable = (run) => run;
/** An item as planned, before anything was done to it. */
function untouched(item) {
    return {
        item,
        id: item.remote?.id ?? null,
        status: item.remote?.status ?? null,
        created: false,
        edited: false,
        rendered: false,
        published: false,
        running: false,
        holds: [],
        notes: [],
        unsettled: null,
        lastError: null,
        unknownSince: null,
        resent: false,
        error: null,
        durationMs: 0,
    };
}
/** This run created the item (or adopted one whose create lost its answer); `detail` null when it could not be read back. */
function created(run, id, detail) {
    Object.assign(writable(run), { id, created: true, ...(detail ? { status: detail.status } : {}) });
}
/** This run edited the item; the status it shows after, when read. */
function edited(run, status) {
    Object.assign(writable(run), { edited: true, ...(status ? { status } : {}) });
}
/** The run goes on with another item of the title (it won a race this run's item lost). */
function continuedWith(run, winner) {
    Object.assign(writable(run), { id: winner.id, status: winner.status });
}
/** The status the service shows now. */
function saw(run, status) {
    writable(run).status = status;
}
/** What a wait ended with: the status, the service's last error, and whether it was still in flight. */
function waited(run, outcome) {
    Object.assign(writable(run), {
        status: outcome.status,
        lastError: outcome.lastError,
        running: outcome.timedOut,
    });
}
/** Left in flight: the run does not wait (`wait: false`). */
function leftRunning(run) {
    writable(run).running = true;
}
/** A generation or upload this run started; `published` when it carries the publication. */
function dispatched(run, what) {
    const state = writable(run);
    state.rendered ||= what.rendered === true;
    state.published ||= what.published === true;
}
function held(run, hold) {
    writable(run).holds = [...run.holds, hold];
}
/** A value the service stores in its own terms, said once per field. */
function noted(run, note) {
    if (run.notes.some((known) => known.field === note.field))
        return false;
    writable(run).notes = [...run.notes, note];
    return true;
}
/** This run's new item, while another run may have created its title at the same moment; null once settled. */
function raceOpen(run, detail) {
    writable(run).unsettled = detail;
}
/** A publishing request lost its answer: sent at `sentAt` (`sends` times in all), its outcome is the service's to show. */
function answerLost(run, sentAt, sends) {
    const state = writable(run);
    state.unknownSince ??= sentAt;
    state.resent ||= sends > 1;
}
/** What stopped the engine on this item, already free of secrets. */
function errored(run, message) {
    writable(run).error = message;
}
function finished(run, durationMs) {
    writable(run).durationMs = durationMs;
}

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
/** Fields the service keeps as text, compared in its terms (a service may trim any of them). */
const TEXT_FIELDS = new Set([
    'title',
    'description',
    'full_text',
    'textover',
    'hashtags',
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
/**
 * An object in the service's terms: it covers what the manifest asks for when
 * every key the manifest sets has that value on the service. Keys the service
 * added (its own defaults) are not the manifest's business; null is `{}`.
 */
function coversKeys(wanted, current) {
    const remote = current === null || current === undefined ? {} : current;
    if (!isRecord(remote))
        return false;
    return Object.entries(wanted).every(([key, value]) => isRecord(value) ? coversKeys(value, remote[key]) : sameValue(value, remote[key]));
}
/** Whether the service holds what the manifest asks for, in the service's terms (see serviceText, coversKeys). */
function sameInServiceTerms(field, wanted, current) {
    if (field === 'title' && typeof wanted === 'string')
        return typeof current === 'string' && sameTitle(wanted, current);
    if (TEXT_FIELDS.has(field) && typeof wanted === 'string')
        return typeof current === 'string' && serviceText(wanted) === serviceText(current);
    if (field === 'fine_tuning' && isRecord(wanted))
        return coversKeys(wanted, current);
    return sameValue(wanted, current);
}
/**
 * Differences between the managed fields of a manifest and the remote item, in
 * a fixed field order, compared in the service's terms. The persona is
 * compared by what the service reports, and only where the manifest asks for
 * a new one (`personaAsked`): a service that takes no persona_id reports its
 * own, or none, and would otherwise be sent it, and re-render, on every run.
 */
function fieldChanges(desired, remote, personaAsked = true) {
    const changes = [];
    for (const field of FIELD_ORDER) {
        const wanted = desired[field];
        if (wanted === undefined)
            continue;
        const current = remoteValue(remote, field);
        if (field === 'persona_id' && (current === null || !personaAsked))
            continue;
        if (!sameInServiceTerms(field, wanted, current))
            changes.push({ field, from: current, to: wanted });
    }
    return changes;
}
/** A persona the manifest names that the service shows otherwise; null when they agree or nothing is shown. */
function personaDifference(desired, remote) {
    const wanted = desired.persona_id;
    const current = remoteValue(remote, 'persona_id');
    if (wanted === undefined || current === null || sameValue(wanted, current))
        return null;
    return { field: 'persona_id', from: current, to: wanted };
}
/** The keys of the service's object that the manifest's does not set, as `prefix.key` paths, with their values. */
function keysBeyond(wanted, current, prefix) {
    if (!isRecord(current))
        return [];
    const mine = isRecord(wanted) ? wanted : {};
    return Object.entries(current).flatMap(([key, value]) => {
        if (value === null || value === undefined)
            return [];
        if (!Object.hasOwn(mine, key))
            return [{ field: `${prefix}.${key}`, value }];
        return isRecord(mine[key]) ? keysBeyond(mine[key], value, `${prefix}.${key}`) : [];
    });
}
/** Fields whose service value is not the manifest's business to show: the script the service wrote (A15). */
const NOT_KEPT = new Set(['title', 'textover']);
/**
 * What the service holds that the manifest does not set: fields, and keys
 * inside fine_tuning, with a value. Main leaves them as they are (an edit
 * made in the service is not the repository's to undo), so a plan that
 * renders or publishes the item shows them: a value a pull request's draft
 * left, or anyone's, goes out with the video only where a plan showed it.
 * The script (textover) is not listed: every plan shows the script a render
 * starts from.
 */
function keptFromService(desired, remote) {
    const kept = [];
    for (const field of FIELD_ORDER) {
        if (NOT_KEPT.has(field))
            continue;
        if (field === 'fine_tuning') {
            kept.push(...keysBeyond(desired.fine_tuning, remote.fine_tuning, 'fine_tuning'));
            continue;
        }
        if (desired[field] !== undefined)
            continue;
        const value = field === 'persona_id' ? (remote.persona?.name ?? remote.persona?.id ?? null) : remote[field];
        if (value !== null && value !== undefined && value !== '')
            kept.push({ field: field === 'persona_id' ? 'persona' : field, value });
    }
    return kept;
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
        if (key === 'subtitle_settings' && isRecord(wanted) && coversKeys(wanted, current))
            continue;
        if (!sameValue(wanted, current))
            drift.push({ field: 'video_settings', remote: { [key]: current }, desired: { [key]: wanted } });
    }
    return drift;
}

;// CONCATENATED MODULE: ./src/plan/duplicates.ts
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
/** Whether the service shows when the item was created: the one fact a race is settled by. */
function hasCreationTime(summary) {
    return summary.creation_date !== null && !Number.isNaN(Date.parse(summary.creation_date));
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
/**
 * Another item created at the very instant `candidate` was, as far as the
 * service's times tell (to the second, say): which of the two came first
 * cannot be known, so the id must not decide it, or the run that created
 * the later one, having seen only its own, would keep it beside the first.
 */
function createdAtSameInstant(candidate, candidates) {
    return (candidates.find((other) => other.id !== candidate.id && createdAt(other) === createdAt(candidate)) ?? null);
}

;// CONCATENATED MODULE: ./src/apply/race.ts




/** The list view's row of an item, from its detail view (for a listing that has not caught up yet). */
function asSummary(detail) {
    return {
        id: detail.id,
        title: detail.title,
        description: detail.description,
        full_text: detail.full_text,
        hashtags: detail.hashtags,
        status: detail.status,
        persona: detail.persona,
        published_url: null,
        published_platform: null,
        published: { links: [], perAccount: false },
        last_error: detail.last_error,
        creation_date: detail.creation_date,
        updated_at: detail.updated_at,
        upload_date: detail.upload_date,
    };
}
/** Pauses before the listing is read again while it does not show this run's new item: about 6 s in all. */
const CATCH_UP_MS = [100, 200, 400, 800, 1600, 3200];
/**
 * The items titled like `created`, this run's own among them; 'unread' when
 * the listing could not be read the last time it was asked for, 'behind'
 * when it never showed this run's item.
 */
async function sameTitled(client, created, time) {
    let unread = false;
    for (const pause of [0, ...CATCH_UP_MS]) {
        if (pause > time.deadline - time.clock.now())
            break;
        if (pause > 0)
            await time.clock.sleep(pause);
        let listed;
        try {
            listed = (await client.listContents()).items;
            unread = false;
        }
        catch {
            // A listing that shifts under a replica catching up may not read whole: it is read again too.
            unread = true;
            continue;
        }
        const same = listed.filter((summary) => sameTitle(summary.title, created.title));
        if (same.some((summary) => summary.id === created.id))
            return same.length < 2 ? same : withDetailFacts(client, same, created);
    }
    return unread ? 'unread' : 'behind';
}
/**
 * The creation times of a race from each item's detail: a service may show
 * them to the second in its list and to the millisecond in its detail, and
 * every run must rank the items as they were created, its own (read from the
 * detail) and the others alike; and the status, where the list does not
 * show it. A detail that cannot be read, or shows neither, leaves its row's.
 */
async function withDetailFacts(client, same, created) {
    return Promise.all(same.map(async (summary) => {
        if (created !== null && summary.id === created.id)
            return { ...summary, creation_date: created.creation_date ?? summary.creation_date };
        const detail = await client.getContent(summary.id).catch(() => null);
        if (detail === null)
            return summary;
        return {
            ...summary,
            creation_date: detail.creation_date ?? summary.creation_date,
            status: isKnownStatus(summary.status) ? summary.status : detail.status,
        };
    }));
}
/**
 * Lists the new item's title again and settles a race for it. Who wins rests
 * on the creation times the service shows; where it shows none for one of the
 * items, or the listing cannot be read, it is not guessed: the item is held.
 */
async function settleTitleRace(client, created, logger, time) {
    const same = await sameTitled(client, created, time);
    const undecided = (why, ids) => {
        logger.warning(`"${created.title}": ${why}; it is neither rendered nor published in this run.`);
        return { winner: null, lost: { kind: 'race_undecided', title: created.title, ids, why, marked: [] } };
    };
    if (same === 'unread')
        return giveWayUnread(client, created, logger);
    if (same === 'behind')
        return undecided("the listing did not show this run's new item, so a second item of the title cannot be ruled out", [created.id]);
    if (same.length < 2)
        return { winner: null, lost: null };
    const ids = same.map((summary) => summary.id).sort();
    // With no time to rank them by, no run can tell who was first: each gives way, as twins do.
    if (same.some((summary) => !hasCreationTime(summary))) {
        const other = ids.find((id) => id !== created.id);
        return giveWay(client, created, { other, ids, why: 'the service shows no creation time for one of them' }, logger);
    }
    const winner = winnerOf(same);
    const twin = winner === null ? null : createdAtSameInstant(winner, same);
    if (winner !== null && twin !== null && [winner.id, twin.id].includes(created.id)) {
        const other = created.id === winner.id ? twin.id : winner.id;
        const why = "another run created it at the same instant as far as the service's times tell";
        return giveWay(client, created, { other, ids, why }, logger);
    }
    if (winner === null || winner.id === created.id)
        return { winner: null, lost: null };
    await markDuplicate(client, created, winner.id);
    logger.warning(`Another run created "${created.title}" at the same moment (${winner.id}, created first). This run's item ` +
        `${created.id} was retitled as its duplicate and is never rendered or published; going on with ${winner.id}.`);
    return {
        // A winner created a moment ago may not be readable yet: the next run goes on with it then.
        winner: await client.getContent(winner.id).catch(() => null),
        lost: { kind: 'duplicate_marked', id: created.id, title: created.title, winner: winner.id },
    };
}
/**
 * Retitles this run's own item as the duplicate of `winner`. A 412 says the
 * item changed since it was read (RFC 9110, 15.5.13) and changed nothing:
 * the item is this run's, seconds old, so it is read again and retitled once
 * more; a second refusal is the item's error.
 */
async function markDuplicate(client, created, winner) {
    const retitle = () => client.editContent(created.id, { title: duplicateTitle(created.title, winner) }).then(() => undefined, (error) => {
        // Accepted, and not read back yet: the mark stands.
        if (!(error instanceof ReadBackError))
            throw error;
    });
    try {
        await retitle();
    }
    catch (error) {
        if (!(error instanceof ServiceError) || error.status !== 412)
            throw error;
        // This run's own item, just created: a 404 is a read behind the create, looked again; one
        // still behind does not stop the retitle, which the service judges by what it holds.
        await client.getContent(created.id, { listed: true }).catch(() => undefined);
        await retitle();
    }
}
/**
 * Two items of the title that no run can rank (created at the same instant
 * as far as the service tells, or with no creation time), this run's one of
 * them: the other run may have gone on alone with its own, so this run gives
 * way, whichever id is smaller. Its item is marked, never rendered or
 * published; if the other run gave way too, the next run creates the title
 * again, once.
 */
/**
 * The listing could not be read to look for a second item: keeping this
 * run's would rest on what was not read, and another run may be keeping its
 * own for the same reason. It gives way as twins do: its item is marked,
 * never rendered or published; the next run goes on with another run's item
 * of the title, or creates it once. (A listing that reads but lags is waited
 * for instead, in sameTitled: marking there could repeat on every run.)
 */
async function giveWayUnread(client, created, logger) {
    await markDuplicate(client, created, 'unchecked');
    const why = `the listing could not be read to check for a second item; this run's item ${created.id} was retitled ` +
        "as a duplicate, and the next run goes on with another run's item of the title, or creates it once";
    logger.warning(`"${created.title}": ${why}.`);
    return {
        winner: null,
        lost: { kind: 'race_undecided', title: created.title, ids: [created.id], why, marked: [created.id] },
    };
}
async function giveWay(client, created, race, logger) {
    await markDuplicate(client, created, race.other);
    const why = `${race.why} (${race.other}); this run's item ${created.id} was retitled as its duplicate, ` +
        'and the next run goes on with the one left';
    logger.warning(`"${created.title}": ${why}.`);
    return {
        winner: null,
        lost: { kind: 'race_undecided', title: created.title, ids: race.ids, why, marked: [created.id] },
    };
}

;// CONCATENATED MODULE: ./src/apply/lost-answers.ts






// A create whose answer was lost (A33): the client never resends it; here
// the engine looks the title up first and sends again only when the service
// shows that the first request did not take effect. Generations and uploads
// are resolved in dispatch.ts.
/**
 * A create whose answer was lost while another run created its title in the
 * same instant, as far as the service's times tell: which item is this run's
 * cannot be known, so every one of them was marked, as twins give way
 * (race.ts), and the next run creates the title once.
 */
class UndecidedCreateError extends Error {
    name = 'UndecidedCreateError';
    ids;
    why;
    constructor(title, ids) {
        const why = "this run's create lost its answer and another run created the title in the same instant as far as the " +
            `service's times tell; neither item can be told for this run's, so both were retitled as duplicates ` +
            'and the next run creates it once';
        super(`"${title}": ${why}`);
        this.ids = ids;
        this.why = why;
    }
}
/** How many times a POST is sent at most when the service shows the earlier ones did not arrive. */
const MAX_SENDS = 3;
/**
 * The create body without its null fields. A null `textover` would count as a
 * script given (A15), and the service would not write one from `full_text`;
 * the client leaves undefined fields out of the body (A13).
 */
function withoutNulls(fields) {
    const body = {};
    for (const [key, value] of Object.entries(fields))
        if (value !== null)
            body[key] = value;
    return body;
}
/**
 * A create whose answer was lost is looked for (by its title) for as long as
 * the caller allows before it is sent again: the service may still be working
 * on the first request, or its listing may lag, and a second create would be
 * a duplicate item. The looks back off from 500 ms to 5 s.
 */
const DEFAULT_CREATE_LOOK_MS = 30_000;
const FIRST_LOOK_MS = 500;
const LONGEST_LOOK_MS = 5_000;
/** The items titled `title`, looked for with backoff for up to lookMs: one, several, or none in that time. */
async function lookForTitle(client, title, sleep, lookMs) {
    let waited = 0;
    for (let delay = 0;; delay = Math.min(LONGEST_LOOK_MS, Math.max(FIRST_LOOK_MS, delay * 2))) {
        const step = Math.min(delay, lookMs - waited);
        await sleep(step);
        waited += step;
        const found = (await client.listContents()).items.filter((summary) => sameTitle(summary.title, title));
        if (found.length > 1)
            return found;
        if (found[0] !== undefined)
            return found[0];
        if (waited >= lookMs)
            return null;
    }
}
/**
 * An item another writer made under this title, taken as this manifest's
 * item: the fields this create would have set that it holds otherwise (in the
 * service's terms) are edited to the manifest's, before anything is rendered
 * from them.
 */
async function adopt(client, id, fields) {
    const detail = await client.getContent(id);
    const desired = withoutNulls(fields);
    const changes = fieldChanges(desired, detail, desired.persona_id !== undefined);
    if (changes.length === 0)
        return detail;
    return client.editContent(id, putBody(changes, desired, detail));
}
/** Every item of a tie marked (each as a duplicate of another), none kept: the next run creates the title once. */
async function markAll(client, title, found) {
    const ids = found.map((summary) => summary.id).sort();
    for (const id of ids) {
        const other = ids.find((candidate) => candidate !== id);
        await client.editContent(id, { title: duplicateTitle(title, other) }).catch((error) => {
            if (!(error instanceof ReadBackError))
                throw error;
        });
    }
    throw new UndecidedCreateError(title, ids);
}
/**
 * POST /contents. Two answers leave the item to be looked up by its exact
 * title rather than created again: a lost answer (A33; sent again only when
 * the item has not appeared), and a 409 (RFC 9110: the request conflicts
 * with the resource's state; on a create, an item of that title exists,
 * another writer's), whose item is adopted: one live item, never a second create.
 */
async function createOrAdopt(client, fields, logger, sleep, options = {}) {
    const lookMs = options.lookMs ?? DEFAULT_CREATE_LOOK_MS;
    // Every send of this create carries the same Idempotency-Key (service-client/idempotency.ts).
    const write = { idempotencyKey: newIdempotencyKey() };
    for (let send = 1;; send++) {
        try {
            return await client.createContent(withoutNulls(fields), write);
        }
        catch (error) {
            const taken = error instanceof ServiceError && error.status === 409;
            if (!(error instanceof OutcomeUnknownError || taken) || send >= MAX_SENDS)
                throw error;
            const found = await lookForTitle(client, fields.title, sleep, lookMs);
            if (Array.isArray(found)) {
                const settled = taken ? null : await settleLostCreate(client, fields.title, found, logger);
                if (settled === null)
                    throw error;
                return settled;
            }
            if (found === null && taken)
                throw error;
            if (found !== null && taken) {
                logger.info(`"${fields.title}" is already the title of another item (${found.id}, 409 on the create); that item is adopted.`);
                return adopt(client, found.id, fields);
            }
            if (found !== null) {
                logger.info(`The create of "${fields.title}" lost its answer; the item exists (${found.id}) and is adopted.`);
                return client.getContent(found.id);
            }
            logger.info(`The create of "${fields.title}" lost its answer and the item has not appeared in ${Math.round(lookMs / 1000)} s; sending it again.`);
        }
    }
}
/**
 * A create whose answer was lost, and several new items of its title: another
 * run created it at the same moment, and this run cannot tell which item is
 * its own. Every run keeps the same winner (plan/duplicates.ts); this one
 * marks every other, as the run whose item lost would (the same title, so
 * marking twice does no harm), and goes on with the winner. Only items never
 * rendered (NEW) are marked: anything else is someone's work, and the create
 * stays an error.
 */
async function settleLostCreate(client, title, listed, logger) {
    const found = await withDetailFacts(client, listed, null);
    const winner = winnerOf(found);
    const losers = found.filter((summary) => summary.id !== winner?.id);
    if (winner === null || !found.every(hasCreationTime) || losers.some((loser) => loser.status !== 'NEW'))
        return null;
    // Created at the same instant as far as the service tells: which came first cannot be known.
    if (createdAtSameInstant(winner, found) !== null)
        return markAll(client, title, found);
    for (const loser of losers)
        await client.editContent(loser.id, { title: duplicateTitle(title, winner.id) });
    logger.warning(`The create of "${title}" lost its answer, and another run created the title at the same moment: ` +
        `${winner.id} (created first) is kept; ${losers.map((loser) => loser.id).join(', ')} ` +
        'retitled as its duplicate, never rendered or published.');
    return client.getContent(winner.id);
}

;// CONCATENATED MODULE: ./src/apply/race-step.ts


/**
 * Settles a race for the title of the item this run created: once it lost,
 * the run goes on with the winner; false when who won cannot be decided, and
 * nothing more may be done to the item.
 */
async function settleRace(run, context) {
    const created = run.unsettled;
    if (created === null)
        return !run.holds.some((hold) => hold.kind === 'race_undecided');
    raceOpen(run, null);
    const race = await settleTitleRace(context.client, created, context.logger, context);
    if (race.lost === null)
        return true;
    held(run, race.lost);
    if (race.lost.kind === 'race_undecided' || race.winner === null)
        return false;
    continuedWith(run, race.winner);
    return true;
}

;// CONCATENATED MODULE: ./src/apply/readback.ts



const readback_TEXT_FIELDS = ['full_text', 'textover'];
/** What a create or an edit sent that the service holds differently. */
function readBackFields(sent, detail) {
    const notes = [];
    for (const field of readback_TEXT_FIELDS) {
        const value = sent[field];
        const held = detail[field];
        if (typeof value === 'string' && typeof held === 'string' && value !== held)
            if (serviceText(value) === serviceText(held))
                notes.push({ field, how: 'normalised_text' });
    }
    const tuning = sent.fine_tuning;
    if (isRecord(tuning) && !sameValue(tuning, detail.fine_tuning) && coversKeys(tuning, detail.fine_tuning))
        notes.push({ field: 'fine_tuning', how: 'filled_defaults' });
    const persona = sent.persona_id;
    if (typeof persona === 'string' && (detail.persona?.id ?? null) !== persona)
        notes.push({ field: 'persona', how: 'ignored' });
    return notes;
}
/** Render settings the service holds differently from what the generation request sent. */
function readBackRender(sent, detail) {
    const wanted = sent.subtitle_settings;
    const held = detail.video_settings?.subtitle_settings ?? null;
    if (isRecord(wanted) && !sameValue(wanted, held) && coversKeys(wanted, held))
        return [{ field: 'video.subtitles', how: 'filled_defaults' }];
    return [];
}

;// CONCATENATED MODULE: ./src/apply/content.ts






// The item's own writes: its create and its edits, each read back (A14).
/** Notes each service normal form once per item. */
function note(run, notes, logger) {
    for (const found of notes) {
        if (noted(run, found))
            logger.info(`The service holds ${found.field} in its own terms (${found.how.replace('_', ' ')}).`);
    }
}
/** A write the service accepted but that cannot be followed up in this run: said, never sent again. */
function acceptedButHeld(run, error, logger) {
    held(run, error instanceof ClearedFieldsError
        ? { kind: 'cleared_on_service', fields: error.fields }
        : { kind: 'not_read_back', reason: error.message });
    logger.warning(`${error.message}; the rest of this item waits for the next run.`);
    return false;
}
async function runCreate(run, step, context) {
    const { client, logger } = context;
    const lookMs = context.createLookMs ??
        Math.max(0, Math.min(DEFAULT_RETRY.deadlineMs, context.deadline - context.clock.now()));
    let detail;
    try {
        detail = await createOrAdopt(client, step.fields, logger, (ms) => context.clock.sleep(ms), { lookMs });
    }
    catch (error) {
        if (error instanceof UndecidedCreateError) {
            const { ids, why } = error;
            held(run, { kind: 'race_undecided', title: step.fields.title, ids, why, marked: ids });
            logger.warning(`${error.message}.`);
            return false;
        }
        if (!(error instanceof ReadBackError))
            throw error;
        created(run, error.id, null);
        // Unread, the item is still this run's new one: a second item of its title is settled all the same.
        raceOpen(run, { id: error.id, title: step.fields.title, creation_date: null });
        const goesOn = await settleRace(run, context);
        const raced = run.holds.some((hold) => hold.kind === 'duplicate_marked' || hold.kind === 'race_undecided');
        // Marked: on with the winner, when it could be read; else the item waits, as any not read back.
        return raced ? goesOn : acceptedButHeld(run, error, logger);
    }
    created(run, detail.id, detail);
    logger.info(`Created ${detail.id}.`);
    note(run, readBackFields(step.fields, detail), logger);
    // No lock: a run started at the same moment may have created the same title.
    raceOpen(run, detail);
    if (!(await settleRace(run, context)))
        return false;
    // A run that listed before the other's create landed sees no race now; it looks once more before
    // its first dispatch (and at the end of a draft), when two creates in the same millisecond are settled.
    if (!run.holds.some((hold) => hold.kind === 'duplicate_marked'))
        raceOpen(run, detail);
    return true;
}
async function runEdit(run, step, context) {
    const { client, logger } = context;
    const body = step.send;
    let detail;
    try {
        detail = await client.editContent(run.id, body, { cancelGeneration: step.cancelGeneration });
    }
    catch (error) {
        if (!(error instanceof ReadBackError || error instanceof ClearedFieldsError))
            throw error;
        edited(run, null);
        return acceptedButHeld(run, error, logger);
    }
    edited(run, detail.status);
    logger.info(`Edited ${step.changes.map((change) => change.field).join(', ')}.`);
    note(run, readBackFields(body, detail), logger);
    return true;
}

;// CONCATENATED MODULE: ./src/plan/inflight.ts

// What the service says about work in flight, read from the service as a
// whole rather than from one field: `progress` is null when no run is in
// flight, but a service may keep the last snapshot after a run ends or parks.
// The status decides first: a running status is in flight, a terminal one is
// not. VIDEO_PROCESSED is where a render without account_ids rests (the
// interface's "the run stops here"); only a one-shot publication passes
// through it, so a snapshot there counts only for an item that may be
// publishing in one request. Elsewhere a snapshot that stays still is told
// from a live run by not moving (apply/wait.ts).
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
/** Where a render that publishes nothing ends: a snapshot here is stale unless a one-shot publication passes through. */
const RESTING_STATUSES = new Set(['VIDEO_PROCESSED', 'READY_FOR_UPLOAD']);
/**
 * A run may be in flight on this item. `publishesInOneRun`: the item may be
 * published by a one-shot request (its flow, or settings only that request
 * carries), the one run that passes through VIDEO_PROCESSED.
 */
function mayBeInFlight(status, progress, publishesInOneRun) {
    if (RUNNING_STATUSES.has(status))
        return true;
    if (progress === null || TERMINAL_STATUSES.has(status))
        return false;
    return RESTING_STATUSES.has(status) ? publishesInOneRun : true;
}
/**
 * Whether this item may be published by a one-shot request: its flow, or
 * (`oneRequest`) settings only that request carries. Such a run is the only
 * one that passes through VIDEO_PROCESSED rather than resting there.
 */
function publishesInOneRun(item, oneRequest) {
    return item.stage === 'published' && (item.flow === 'oneshot' || oneRequest);
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

;// CONCATENATED MODULE: ./src/apply/status.ts


// Where an item is, read from the service as a whole. GET /gen/task-status
// is the interface's way to poll (never rate limited); its body is "not
// shown". The detail view carries the same status, progress and last error,
// and is read instead whenever task status does not say where the item is:
// - an answer no reading covers (A24);
// - a status word that is no item status (a task's own states, such as
//   PENDING or SUCCESS): task status then speaks of the job, not the item;
// - 404 or 410 for an item that exists: no task, before the item's first run
//   or after its last one. The detail view tells whether the item exists (a
//   404 there is the item's own).
/** The item's status, from task status, or from the detail view when task status does not say it. */
async function readStatus(client, id) {
    try {
        const task = await client.taskStatus(id);
        if (isKnownStatus(task.status))
            return task;
    }
    catch (error) {
        if (!(error instanceof ResponseShapeError) && !isNotFound(error))
            throw error;
    }
    const detail = await client.getContent(id);
    return { id, status: detail.status, progress: detail.progress, last_error: detail.last_error };
}
/** The item's updated_at, best-effort: null when it cannot be read. */
async function readUpdatedAt(client, id) {
    try {
        return (await client.getContent(id)).updated_at;
    }
    catch {
        return null;
    }
}

;// CONCATENATED MODULE: ./src/apply/dispatch.ts





/** The request may have been received, and the service shows no sign of it either way: it is not sent again. */
class OutcomeStillUnknownError extends Error {
    name = 'OutcomeStillUnknownError';
    sentAt;
    sends;
    atMostOnce;
    /** `deadline`: the run's deadline came before the stall threshold, so this run cannot tell, and does not resend. */
    constructor(what, sentAt, sends, atMostOnce, why = 'lost') {
        super(why === 'deadline'
            ? `The ${what} request lost its answer and the service showed no sign of it before this run's deadline; it is not sent again in this run.`
            : atMostOnce
                ? `The ${what} request lost its answer and the service shows no sign of it; with at-most-once it is not sent again.`
                : `The ${what} request lost its answer, was sent again once when the service showed no sign of it, ` +
                    'and lost its answer again; it is not sent a third time.');
        this.sentAt = sentAt;
        this.sends = sends;
        this.atMostOnce = atMostOnce;
    }
}
/** A freeze or a pause holds the request at the moment it would be sent; `lost` when an earlier send lost its answer. */
class HeldAtSendError extends Error {
    name = 'HeldAtSendError';
    hold;
    unknownSince;
    constructor(hold, unknownSince) {
        super(`held at send: ${hold.kind}`);
        this.hold = hold;
        this.unknownSince = unknownSince;
    }
}
/** The default stall threshold: the interface does not show its value (A40). */
const DEFAULT_STALL_MS = 60_000;
const LOOK_EVERY_MS = 2_000;
function isCode(error, status, code) {
    return (error instanceof ServiceError && error.status === status && (code === undefined || error.codeIs(code)));
}
/** The service shows that a request took effect: the status moved, a run shows progress, the item was touched. */
async function signOf(client, id, before) {
    const now = await readStatus(client, id);
    if (GENERATING_STATUSES.has(now.status) || now.status === 'UPLOADED')
        return now.status;
    if (before.status !== null && now.status !== before.status)
        return now.status;
    if (now.progress !== null)
        return now.status;
    if (before.updatedAt === null)
        return null;
    const updatedAt = await readUpdatedAt(client, id);
    return updatedAt !== null && updatedAt !== before.updatedAt ? now.status : null;
}
/**
 * Looks for a sign until the stall threshold has passed since the request
 * was sent; 'cut short' when the run's deadline comes first (the request
 * is then not known to be lost, and must not be sent again).
 */
async function watchForSign(context, id, before) {
    const stalled = context.clock.now() + context.stallMs;
    const until = Math.min(stalled, context.deadline ?? Infinity);
    for (;;) {
        const sign = await signOf(context.client, id, before);
        if (sign !== null)
            return sign;
        const left = until - context.clock.now();
        if (left <= 0)
            return until < stalled ? 'cut short' : null;
        await context.clock.sleep(Math.min(LOOK_EVERY_MS, left));
    }
}
/** The check before every send: a freeze or a pause may have begun since the plan, or since the first send. */
function checkBeforeSend(context, write, unknownSince) {
    const hold = context.sendHold?.(write.check) ?? null;
    if (hold !== null)
        throw new HeldAtSendError(hold, unknownSince);
}
async function dispatch(context, id, status, write) {
    const { client, logger } = context;
    // One key for every send of this write (service-client/idempotency.ts).
    const options = { idempotencyKey: newIdempotencyKey() };
    let unknownSince = null;
    let before = null;
    for (let sends = 1;; sends++) {
        checkBeforeSend(context, write, unknownSince);
        const sentAt = new Date((context.now ?? Date.now)()).toISOString();
        try {
            await write.send(options);
            return { outcome: 'started', unknownSince, sends };
        }
        catch (error) {
            // 409: something is in flight already; wait for it, never send again.
            if (isCode(error, 409, 'already_published'))
                return { outcome: 'published', unknownSince, sends };
            if (isCode(error, 409))
                return { outcome: 'running', unknownSince, sends };
            // The resend's turn comes after the deadline: the first request, lost, is all this run knows of.
            if (error instanceof AfterDeadlineError && unknownSince !== null)
                throw new OutcomeStillUnknownError(write.what, unknownSince, sends - 1, false, 'deadline');
            if (!(error instanceof OutcomeUnknownError))
                throw error;
            unknownSince ??= sentAt;
            before ??= { status, updatedAt: await readUpdatedAt(client, id) };
            const sign = await watchForSign(context, id, before);
            if (sign === 'cut short')
                throw new OutcomeStillUnknownError(write.what, unknownSince, sends, false, 'deadline');
            if (sign !== null) {
                logger.info(`The ${write.what} request lost its answer; the item is ${sign}, so it was received.`);
                return { outcome: sign === 'UPLOADED' ? 'published' : 'started', unknownSince, sends };
            }
            const atMostOnce = context.atMostOnce === true && write.check.publication !== null;
            if (sends >= 2 || atMostOnce)
                throw new OutcomeStillUnknownError(write.what, unknownSince, sends, atMostOnce);
            logger.info(`The ${write.what} request lost its answer and the service shows no sign of it past the stall threshold ` +
                `(${Math.round(context.stallMs / 1000)} s); sending it again, once, with the same Idempotency-Key.`);
        }
    }
}
/** POST /gen/process-content-async, resolved by what the service shows when its answer is lost. */
function dispatchGeneration(context, generation, before) {
    const { id, render, publication } = generation;
    const request = { content_id: id, render, publish: publication?.options };
    const leadMs = context.jobTimes?.expectedMs('render') ?? 0;
    return dispatch(context, id, before, {
        what: publication ? 'publishing generation' : 'generation',
        check: { publication, renders: true, leadMs },
        send: (options) => context.client.processContent(request, options),
    });
}
/** POST /contents/upload/{id}; a 409 means an upload is in flight: wait and poll, never resend. */
function dispatchUpload(context, id, publication, before) {
    const leadMs = context.jobTimes?.expectedMs('upload') ?? 0;
    return dispatch(context, id, before, {
        what: 'upload',
        check: { publication, renders: false, leadMs },
        send: (options) => context.client.upload(id, publication.options, options),
    });
}
/**
 * A generation or upload whose outcome stays unknown (dispatch.ts) is left to
 * the service: held as unknown, never sent again in this run. One a freeze or
 * a pause holds at the moment it would be sent is held with that reason. One
 * whose turn in the service's pace comes after the run's deadline is not
 * sent: held, for the next run.
 */
async function sendOnce(run, context, send) {
    try {
        return await send();
    }
    catch (error) {
        if (error instanceof HeldAtSendError) {
            held(run, error.hold);
            if (error.unknownSince !== null)
                answerLost(run, error.unknownSince, 1);
            return null;
        }
        if (error instanceof AfterDeadlineError) {
            held(run, { kind: 'after_deadline', nextAt: error.nextAt });
            context.logger.warning(`${error.message} The next run sends it.`);
            return null;
        }
        if (!(error instanceof OutcomeStillUnknownError))
            throw error;
        const { sentAt, sends, atMostOnce } = error;
        held(run, { kind: 'outcome_unknown', request: error.message, sentAt, sends, atMostOnce });
        answerLost(run, sentAt, sends);
        context.logger.warning(`${error.message} Its outcome is the service's to show: check the channel before anything sends it again.`);
        return null;
    }
}

;// CONCATENATED MODULE: ./src/apply/wait.ts



const DEFAULT_POLL = { initialMs: 500, maxMs: 10_000, factor: 1.5 };
const DEFAULT_STALE_MS = 30_000;
const realClock = {
    now: () => performance.now(),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};
/**
 * How long a dispatched job may stay queued in the status it was sent from
 * before the wait gives up on it: a 202 is not a start, and a generation
 * still in NEW a few seconds later is not done.
 */
const DEFAULT_START_WAIT_MS = 120_000;
function sameProgress(a, b) {
    return a?.percentage === b?.percentage && a?.step === b?.step && a?.message === b?.message;
}
/** Delay before the next read: grows while nothing changes, back to fast after a change. */
function nextDelay(policy, previous, changed) {
    if (previous === null || changed)
        return policy.initialMs;
    return Math.min(policy.maxMs, previous * policy.factor);
}
const PARKED_READS = 3;
/**
 * Whether the wait ends on this read. `progress` is null when no run is in
 * flight; a snapshot on a parked status (or NEW) that has not moved for a few
 * reads is the stale one of a run that parked or ended, and never keeps the
 * item waiting.
 */
function ends(until, status, inFlight, stillReads, stillForMs, staleMs) {
    if (RUNNING_STATUSES.has(status))
        return false;
    // A word beyond the thirteen while this run's job goes on (a queue before
    // the first phase, say) is waited through: the deadline ends the wait, and
    // what the item then shows is judged as ever. Late is only late.
    if (!isKnownStatus(status))
        return false;
    // A run that publishes nothing ends where a render rests, whatever snapshot the service kept.
    if (until === 'settled' && RESTING_STATUSES.has(status))
        return true;
    // NEW too: a service may keep a run's last snapshot after an edit set the item back to NEW.
    const resting = PARKED_STATUSES.has(status) || status === 'NEW';
    const stale = resting && stillReads >= PARKED_READS && stillForMs >= staleMs;
    // A one-shot run passing through VIDEO_PROCESSED on its way to UPLOADING still has one.
    // A run that carries its publication never rests in AUDIO_PROCESSED or NEW, so a still snapshot there is stale too.
    const parked = stale && (until !== 'published' || status === 'AUDIO_PROCESSED' || status === 'NEW');
    if (inFlight && !TERMINAL_STATUSES.has(status) && !parked)
        return false;
    if (until === 'settled' || TERMINAL_STATUSES.has(status))
        return true;
    if (status !== 'VIDEO_PROCESSED')
        return true;
    return until === 'maybe-published' && stillReads >= PARKED_READS;
}
/** Whether the item's updated_at moved since the dispatch; a failed read is no answer. */
async function touchedSince(client, id, since) {
    if (since === undefined || since === null)
        return false;
    const now = await readUpdatedAt(client, id);
    return now !== null && now !== since;
}
/** One read of the item: logged when it moved; whether its status moved. */
async function look(client, target, options, seen) {
    const status = await readStatus(client, target.id);
    const { last } = seen;
    const statusChanged = last === null || last.status !== status.status;
    const changed = statusChanged || !sameProgress(last.progress, status.progress);
    if (changed) {
        const tally = options.tally ? { tally: { ...options.tally } } : {};
        options.logger.progress({
            file: target.file,
            title: target.title,
            status: status.status,
            progress: status.progress,
            ...tally,
        });
    }
    // Left: another status, or a snapshot that moves (a stale one of the last run does not).
    if (seen.leaving !== undefined && (status.status !== seen.leaving || (last !== null && changed)))
        seen.leaving = undefined;
    if (seen.leaving !== undefined && last !== null && (await touchedSince(client, target.id, options.since)))
        seen.leaving = undefined;
    seen.stillReads = changed ? 1 : seen.stillReads + 1;
    if (changed)
        seen.stillSince = options.clock.now();
    seen.last = status;
    return statusChanged;
}
/** How the wait ends after this read, or null when it goes on. */
function verdict(seen, options, startBy) {
    const status = seen.last;
    const answer = { status: status.status, lastError: status.last_error };
    const now = options.clock.now();
    // Queued: the service answered, the worker has not taken the job yet.
    if (seen.leaving !== undefined)
        return now >= Math.min(startBy, options.deadline)
            ? { ...answer, timedOut: true, notStarted: true }
            : null;
    const staleMs = options.poll.staleMs ?? DEFAULT_STALE_MS;
    const until = options.until ?? 'settled';
    if (ends(until, status.status, status.progress !== null, seen.stillReads, now - seen.stillSince, staleMs))
        return { ...answer, timedOut: false };
    return now >= options.deadline ? { ...answer, timedOut: true } : null;
}
/** Polls until the wait ends (see WaitUntil) or the deadline passes. */
async function waitForItem(client, target, options) {
    const { clock, poll } = options;
    const startBy = clock.now() + (options.startWaitMs ?? DEFAULT_START_WAIT_MS);
    const seen = { last: null, leaving: options.leaving, stillReads: 0, stillSince: clock.now() };
    let delay = null;
    for (;;) {
        const statusChanged = await look(client, target, options, seen);
        const outcome = verdict(seen, options, startBy);
        if (outcome !== null)
            return outcome;
        // Back to fast reads only when the status moves on, not on every progress snapshot.
        delay = nextDelay(poll, delay, statusChanged);
        await clock.sleep(Math.min(delay, options.deadline - clock.now()));
    }
}

;// CONCATENATED MODULE: ./src/apply/settle.ts




/** Waits while the item is in flight; false when the run stops waiting (deadline, or `wait: false`). */
async function settle(run, context, options = {}) {
    const { until = 'settled', inFlight = false, leaving, since } = options;
    if (run.id === null || run.status === null)
        return true;
    if (!inFlight && leaving === undefined && !RUNNING_STATUSES.has(run.status) && until === 'settled')
        return true;
    if (!context.wait) {
        leftRunning(run);
        return false;
    }
    const outcome = await waitForItem(context.client, { id: run.id, file: run.item.file, title: run.item.title }, {
        deadline: context.deadline,
        clock: context.clock,
        poll: context.poll,
        logger: context.logger,
        tally: context.tally,
        until,
        ...(leaving === undefined ? {} : { leaving }),
        ...(since === undefined ? {} : { since }),
        ...(context.startWaitMs === undefined ? {} : { startWaitMs: context.startWaitMs }),
    });
    waited(run, outcome);
    if (outcome.notStarted) {
        held(run, { kind: 'not_started', status: outcome.status });
        context.logger.warning(`The service accepted the request, but the item is still ${outcome.status}: it has not started yet.`);
    }
    return !outcome.timedOut;
}
/** After a dispatch: wait for the item to leave the status it was sent from, then for the job to end. */
async function settleDispatch(run, context, wait) {
    if (wait.dispatched === 'published') {
        saw(run, 'UPLOADED');
        return true;
    }
    // A started job, or (for a generation) a 409 for one already there, may still be queued in the status it
    // was sent from. A 409 on an upload says one is in flight, which the status shows.
    const queued = wait.dispatched === 'started' || wait.conflictMayBeQueued;
    const leaving = wait.before !== null && queued ? wait.before : undefined;
    return settle(run, context, {
        until: wait.until,
        inFlight: true,
        ...(leaving === undefined ? {} : { leaving }),
        ...(wait.since === undefined ? {} : { since: wait.since }),
    });
}
/** Whether a one-shot publication of this item may pass through VIDEO_PROCESSED (plan/inflight.ts). */
function oneRun(run) {
    return publishesInOneRun(run.item, run.item.publishVia === 'oneshot');
}
/** A fresh look before a dispatch: another run may have rendered or published the item meanwhile. */
async function freshStatus(run, context) {
    if (run.id === null)
        return false;
    const now = await readStatus(context.client, run.id);
    saw(run, now.status);
    if (mayBeInFlight(now.status, now.progress, oneRun(run)))
        return settle(run, context, { until: 'maybe-published', inFlight: true });
    return true;
}
const WRITES = new Set(['edit', 'render', 'upload']);
/**
 * Items wait for a worker, and the service moves on meanwhile (a render
 * finishes, a one-shot run starts publishing, another run acts). A plan whose
 * first act is a write is carried out only on the status it was made from;
 * otherwise nothing is sent, an in-flight run is waited for, and the next run
 * plans the item again. Task status is not rate limited, so the look is cheap.
 */
async function stillAsPlanned(run, work, context) {
    const planned = run.item.remote;
    if (planned === null || run.id === null || !WRITES.has(work[0].kind))
        return true;
    const now = await readStatus(context.client, run.id);
    const inFlight = mayBeInFlight(now.status, now.progress, oneRun(run));
    // A plan made on a generating item (cancel-running) expects it still to be
    // generating, but never publishing: a publication is not interrupted (A17).
    const asPlanned = RUNNING_STATUSES.has(planned.status)
        ? RUNNING_STATUSES.has(now.status) && now.status !== 'UPLOADING'
        : now.status === planned.status && !inFlight;
    if (asPlanned)
        return true;
    saw(run, now.status);
    held(run, { kind: 'changed_since_plan', planned: planned.status, found: now.status });
    context.logger.info(`Moved from ${planned.status} to ${now.status}${inFlight ? ' with a run in flight' : ''} since the plan was made: nothing is sent for it in this run.`);
    if (inFlight)
        await settle(run, context, { until: 'maybe-published', inFlight: true });
    return false;
}

;// CONCATENATED MODULE: ./src/apply/upload.ts







// A publication of a rendered video: POST /contents/upload/{id}, never sent
// for an item the service shows published, waited for to its end.
async function runUpload(run, step, context) {
    if (!(await settleRace(run, context)))
        return false;
    if (!(await settle(run, context)))
        return false;
    // Another run may have published it since: look before sending (task status is not rate limited).
    if (!(await freshStatus(run, context)))
        return false;
    if (run.status === 'UPLOADED')
        return true; // never published twice
    if (run.status === null || !RENDERED_STATUSES.has(run.status))
        return false;
    const before = run.status;
    const startedAt = context.clock.now();
    const outcome = await upload(run, step, context);
    if (outcome === 'published meanwhile')
        return true;
    if (outcome === 'unknown')
        return false;
    // 'published' here means a lost answer whose upload the service shows done: this run's publication.
    dispatched(run, { published: outcome !== 'running' });
    const settled = await settleDispatch(run, context, {
        dispatched: outcome,
        before,
        until: 'settled',
        conflictMayBeQueued: false,
    });
    // An upload seen to its end teaches how long later ones may take to publish (job-times.ts).
    if (settled && outcome === 'started' && run.status === 'UPLOADED')
        context.jobTimes.record('upload', context.clock.now() - startedAt);
    return settled;
}
/** The upload: what it did, or that another run published the item between the look and it, or that its outcome stays unknown. */
async function upload(run, step, context) {
    const id = run.id;
    try {
        const before = run.status;
        const sent = await sendOnce(run, context, () => dispatchUpload(context, id, step.publish, before));
        if (sent === null)
            return 'unknown';
        if (sent.unknownSince !== null)
            answerLost(run, sent.unknownSince, sent.sends);
        return sent.outcome;
    }
    catch (error) {
        // The service refuses a second publication: published meanwhile, which the status shows.
        if (!(error instanceof ServiceError && error.status === 400))
            throw error;
        const now = await readStatus(context.client, id);
        if (now.status !== 'UPLOADED')
            throw error;
        saw(run, now.status);
        return 'published meanwhile';
    }
}

;// CONCATENATED MODULE: ./src/apply/render.ts










/** The most generations one render step sends: once more when the service parked the run after the voiceover. */
const RENDER_SENDS = 2;
/** A new item's render: another run that raced for the title may have rendered it already. */
function renderedMeanwhile(run, step) {
    return (step.reason === 'never_rendered' &&
        run.status !== null &&
        (RENDERED_STATUSES.has(run.status) || run.status === 'UPLOADED') &&
        run.status !== 'FAILED_UPLOAD');
}
/** Whether the item is still to be rendered once whatever was in flight has ended; null to stop the item. */
async function stillToRender(run, step, context) {
    if (!(await settleRace(run, context)))
        return null;
    if (!(await settle(run, context)))
        return null;
    if (step.reason === 'never_rendered' && !(await freshStatus(run, context)))
        return null;
    // Never rendered again once published.
    return run.status !== 'UPLOADED' && !renderedMeanwhile(run, step);
}
/**
 * Stepwise: the script is read before credits are spent on it, and it must be
 * the one the plan showed (reviewers read it in the PR comment). After this
 * run's own create or edit the service has just written it.
 */
async function scriptAsPlanned(run, step, context) {
    if (run.item.flow !== 'stepwise' && step.publish !== null)
        return true;
    const detail = await context.client.getContent(run.id);
    const planned = run.created || run.edited ? null : run.item.script.remote;
    if (planned !== null && detail.textover !== planned) {
        held(run, { kind: 'script_changed_since_plan' });
        context.logger.warning('The script changed on the service since the plan was made: it is not rendered in this run.');
        return false;
    }
    context.logger.info(`Script to render (${(detail.textover ?? '').length} characters) read from the service.`);
    return true;
}
/**
 * Whether the one-shot request may carry the publication now: not when a
 * paused account or a freeze holds it, nor when the render it starts may end
 * inside a freeze (job-times.ts). The video is then rendered without it and
 * published with an upload once nothing holds it; where an upload cannot
 * carry the publication's settings, the render waits with it.
 */
function publicationNow(run, step, context) {
    const publication = step.publish;
    if (publication === null)
        return { publication, deferred: null };
    const leadMs = context.jobTimes.expectedMs('render');
    const hold = context.sendHold?.({ publication, renders: true, leadMs }) ?? null;
    if (hold === null)
        return { publication, deferred: null };
    if (uploadCannotCarry(publication.options).length > 0) {
        held(run, hold);
        return null;
    }
    return { publication: null, deferred: hold };
}
/** A render this run sent and saw to its end: how long it took teaches the lead of later one-shot requests. */
function timed(run, context, outcome, startedAt) {
    const ended = run.status !== null && (RENDERED_STATUSES.has(run.status) || run.status === 'UPLOADED');
    if (outcome === 'started' && ended)
        context.jobTimes.record('render', context.clock.now() - startedAt);
}
/** One generation sent and waited for; false when the item stops here. */
async function sendOneRender(run, step, context, publication, answered) {
    const id = run.id;
    const before = run.status;
    // Best-effort: a retry is still sent when it cannot be read.
    const since = before !== null && FAILED_STATUSES.has(before) ? await readUpdatedAt(context.client, id) : undefined;
    const startedAt = context.clock.now();
    const generation = { id, render: step.render, publication };
    const sent = await sendOnce(run, context, () => dispatchGeneration(context, generation, before));
    answered?.();
    if (sent === null)
        return false;
    const outcome = sent.outcome;
    if (publication !== null && sent.unknownSince !== null)
        answerLost(run, sent.unknownSince, sent.sends);
    dispatched(run, {
        rendered: outcome === 'started',
        published: publication !== null && outcome === 'started',
    });
    const until = publication !== null && outcome !== 'published' ? 'published' : 'settled';
    const wait = { dispatched: outcome, before, until, conflictMayBeQueued: true, since };
    if (!(await settleDispatch(run, context, wait)))
        return false;
    timed(run, context, outcome, startedAt);
    return outcome;
}
/**
 * Sends the generation and waits for it; once more when the service parked it
 * after the voiceover. The publication deferred to an upload, or null; false
 * when the item stops here (a deferred publication is then held).
 */
async function sendRender(run, step, context, answered) {
    let deferred = null;
    for (let send = 1; send <= RENDER_SENDS; send++) {
        const now = publicationNow(run, step, context);
        if (now === null)
            return false;
        deferred ??= now.deferred;
        const outcome = await sendOneRender(run, step, context, now.publication, answered);
        if (outcome === false) {
            if (deferred !== null)
                held(run, deferred);
            return false;
        }
        // Parked after the voiceover with no run in flight: it is rendered, not waited on.
        if (run.status !== 'AUDIO_PROCESSED' || outcome !== 'started')
            break;
        context.logger.info('The run parked after the voiceover (AUDIO_PROCESSED, no run in flight): rendering it.');
    }
    return deferred;
}
/** A preview render is sent only within preview-credits (preview-budget.ts); any other render, as it is. */
async function withinBudget(run, context, send) {
    const ticket = await context.renderBudget?.take();
    if (ticket === undefined)
        return send();
    if (ticket.hold !== null) {
        held(run, ticket.hold);
        context.logger.warning(`Not rendered as a preview: ${ticket.hold.kind === 'preview_credits' ? 'the preview-credits ceiling' : ticket.hold.kind}.`);
        return false;
    }
    try {
        // The next preview's check waits for this one's request to be answered, not for its render to end.
        return await send(ticket.sent);
    }
    finally {
        ticket.sent();
    }
}
async function runRender(run, step, context) {
    const toRender = await stillToRender(run, step, context);
    if (toRender !== true)
        return toRender === false;
    const retrying = run.status !== null && FAILED_STATUSES.has(run.status);
    if (!(await scriptAsPlanned(run, step, context)))
        return false;
    const deferred = await withinBudget(run, context, (answered) => sendRender(run, step, context, answered));
    if (deferred === false)
        return false;
    if (run.status !== null && FAILED_STATUSES.has(run.status)) {
        // Retried once per apply: a second failure is reported, not looped on.
        if (retrying || step.reason === 'retry_failed')
            held(run, { kind: 'already_retried', status: run.status });
        return false;
    }
    if (step.render.subtitle_settings !== undefined && run.rendered)
        note(run, readBackRender(step.render, await context.client.getContent(run.id)), context.logger);
    // Rendered without the publication the one-shot request would have carried into a freeze: an upload
    // publishes it now if nothing holds it any more, else the upload's check holds it and a later run sends it.
    if (deferred !== null && step.publish !== null)
        return runUpload(run, { kind: 'upload', publish: step.publish, retry: false }, context);
    return true;
}

;// CONCATENATED MODULE: ./src/plan/confirmation.ts
// Published means live: the service shows the item UPLOADED and a URL for
// each account the publication asked for. The interface shows one URL per
// item (A28); where the service shows one per account, an account without
// one is unconfirmed, named; where it shows one for the item, that is said
// rather than taken for every account.
/** The link shown for an account: by its id where the service names accounts, else by its platform when it is the only one asked there. */
function linkFor(account, asked, links) {
    const byId = links.find((link) => link.accountId === account.id);
    if (byId)
        return byId;
    if (links.some((link) => link.accountId !== null))
        return null;
    // One account, one URL the service does not place: that account's.
    if (asked.length === 1 && links.length === 1 && links[0].platform === null)
        return links[0];
    const samePlatform = asked.filter((other) => other.platform === account.platform).length;
    return samePlatform === 1 ? (links.find((link) => link.platform === account.platform) ?? null) : null;
}
/** What the service shows of a publication to `asked` (the accounts it was asked for), read from the item's list row. */
function confirmationOf(asked, row) {
    const { links, perAccount } = row.published;
    const accounts = asked.map((account) => ({
        accountId: account.id,
        platform: account.platform,
        name: account.name,
        url: linkFor(account, asked, links)?.url ?? null,
    }));
    const missing = accounts.filter((account) => account.url === null);
    if (missing.length === 0)
        return { state: 'confirmed', accounts };
    // One URL for several accounts: the interface's own reading, said as it is.
    if (!perAccount && links.length === 1 && accounts.length > 1)
        return { state: 'one_url', accounts };
    return { state: 'unconfirmed', accounts, missing };
}
/** How long after its upload a publication may stay unconfirmed before that is a failure to confirm. */
const CONFIRM_WITHIN_MS = 24 * 3_600_000;
/**
 * Later runs check a published item again: the accounts it was published to
 * (as the service attaches them, else as the manifest asks) against the URLs
 * its row shows. Unconfirmed within a day of its upload is said; past that,
 * a failure to confirm is an error of the item.
 */
function publicationCheck(item, detail, row, target, context) {
    if (detail?.status !== 'UPLOADED' || row === null)
        return { problems: [] };
    const asked = detail.accounts.length > 0 ? detail.accounts : (target?.accounts ?? []);
    if (asked.length === 0)
        return { problems: [] };
    const confirmation = confirmationOf(asked, row);
    if (confirmation.state !== 'unconfirmed')
        return { problems: [] };
    const uploaded = Date.parse(detail.upload_date ?? row.upload_date ?? '');
    const overdue = Number.isFinite(uploaded) && context.now.getTime() - uploaded > CONFIRM_WITHIN_MS;
    if (!overdue)
        return { confirmation: { state: confirmation.state, accounts: confirmation.accounts }, problems: [] };
    const names = confirmation.missing.map((account) => `${account.platform} "${account.name}"`).join(', ');
    const { line, column } = item.location;
    const message = `Published ${detail.upload_date ?? ''}, but a day later the service still shows no URL for ${names}: ` +
        'check the post on that platform; a publication is never sent again.';
    return {
        problems: [
            {
                severity: 'error',
                code: 'unconfirmed_publication',
                file: item.file,
                line,
                column,
                message,
                itemOnly: true,
            },
        ],
    };
}

;// CONCATENATED MODULE: ./src/plan/types.ts
function types_idleState(item) {
    if (item.holds.length > 0)
        return 'held';
    if (item.drift.length > 0)
        return 'drifted';
    return 'unchanged';
}

;// CONCATENATED MODULE: ./src/apply/results.ts




// What the reports say about each item: its outcome, from what the run did and
// what one listing taken after the run shows.
/** What came of a run, given the status the item was last seen in. */
function outcomeOf(run, status) {
    if (run.error !== null)
        return 'error';
    if (status !== null && FAILED_STATUSES.has(status) && run.item.stage !== 'draft')
        return 'failed';
    // A publication whose answer was lost is unknown until the service shows the item published.
    if (status !== 'UPLOADED' &&
        (run.unknownSince !== null || run.holds.some((hold) => hold.kind === 'outcome_unknown')))
        return 'unknown';
    if (run.running || (status !== null && RUNNING_STATUSES.has(status)))
        return 'running';
    const waited = run.item.steps.some((step) => step.kind === 'wait');
    if ((run.published || waited) && status === 'UPLOADED')
        return 'published';
    if ((run.rendered || waited) && status !== null && RENDERED_STATUSES.has(status))
        return 'rendered';
    if (run.created)
        return 'created';
    if (run.edited)
        return 'updated';
    // Steps this run was to carry out and did not (a stop, a refusal): skipped, with the reason.
    if (run.item.steps.length > 0)
        return 'skipped';
    return types_idleState(run.item);
}
/**
 * Whether this run published the item: the URLs the reports list under
 * "Published" and the published-urls output. An item published by an
 * earlier run keeps its URL in the results, and is not listed again.
 */
function results_publishedThisRun(item) {
    return item.outcome === 'published';
}
/** The URLs the row shows and what they confirm of the publication the run asked for. */
function results_publicationOf(run, row, status) {
    if (status !== 'UPLOADED' || row === undefined)
        return { publishedUrls: [] };
    const asked = run.item.publication?.accounts ?? [];
    const confirmation = asked.length > 0 ? confirmationOf(asked, row) : null;
    const title = run.item.title;
    const urls = (confirmation?.accounts ?? [])
        .flatMap((account) => account.url === null ? [] : [{ title, platform: account.platform, url: account.url }])
        .filter((link, index, all) => all.findIndex((other) => other.url === link.url) === index);
    if (urls.length === 0 && row.published_url)
        urls.push({ title, platform: row.published_platform ?? '', url: row.published_url });
    return {
        publishedUrls: urls,
        ...(confirmation ? { confirmation: { state: confirmation.state, accounts: confirmation.accounts } } : {}),
    };
}
/**
 * Results from the runs and one listing taken after them: status, public URL and
 * last_error come from the list view (A18). Signed URLs are never copied.
 */
function itemResults(runs, listing) {
    const byId = new Map((listing ?? []).map((summary) => [summary.id, summary]));
    return runs.map((run) => {
        const row = run.id === null ? undefined : byId.get(run.id);
        const status = row?.status ?? run.status;
        return {
            file: run.item.file,
            title: run.item.title,
            id: run.id,
            outcome: outcomeOf(run, status),
            status,
            ...results_publicationOf(run, row, status),
            ...(run.unknownSince !== null && status !== 'UPLOADED' ? { unknownSince: run.unknownSince } : {}),
            ...(run.resent ? { resentAfterLoss: true } : {}),
            lastError: row?.last_error ?? run.lastError,
            error: run.error,
            durationMs: run.durationMs,
            holds: [...run.holds],
            notes: [...run.notes],
        };
    });
}

;// CONCATENATED MODULE: ./src/apply/job-times.ts
// How long a publishing request takes to publish, as far as this run knows.
// The service publishes when the job ends, not when the request is sent, so a
// freeze is checked against the moment a publication may end
// (plan/release-control.ts, sendBlock): for a one-shot request, the end of
// the render it starts. The interface shows no expected duration, so it is
// learned from this run's own jobs (twice the longest seen: a longer text
// renders longer, and a one-shot learned from a render without publication
// still has its upload to do), else a stated margin (docs/release-control.md).
/** How long a one-shot request may take to publish, before this run has seen a render end. */
const RENDER_MARGIN_MS = 30 * 60_000;
/** How long an upload may take to publish, before this run has seen one end. */
const UPLOAD_MARGIN_MS = 5 * 60_000;
const MARGIN = { render: RENDER_MARGIN_MS, upload: UPLOAD_MARGIN_MS };
class JobTimes {
    #longest = { render: 0, upload: 0 };
    /** A job this run sent and saw to its end took `ms`. */
    record(kind, ms) {
        this.#longest[kind] = Math.max(this.#longest[kind], ms);
    }
    /** How long after it is sent a publication by this kind of job may end. */
    expectedMs(kind) {
        const longest = this.#longest[kind];
        return longest > 0 ? 2 * longest : MARGIN[kind];
    }
}

;// CONCATENATED MODULE: ./src/apply/apply.ts












/** One step; false stops the item's remaining steps. */
async function runStep(run, step, context) {
    if (!context.allowed.has(step.kind))
        return step.kind === 'wait';
    if (step.kind === 'create')
        return runCreate(run, step, context);
    if (run.id === null)
        return false;
    switch (step.kind) {
        case 'edit':
            return runEdit(run, step, context);
        case 'wait': {
            // An in-flight one-shot run may carry its publication: a brief VIDEO_PROCESSED is not its end.
            const maybePublishing = run.item.flow === 'oneshot' && run.item.stage === 'published';
            return settle(run, context, { until: maybePublishing ? 'maybe-published' : 'settled', inFlight: true });
        }
        case 'render':
            return runRender(run, step, context);
        case 'upload':
            return runUpload(run, step, context);
    }
}
/** The item's steps in order, as long as each goes through; a failure is the item's, never the run's. */
async function runSteps(run, work, context) {
    try {
        if (!(await stillAsPlanned(run, work, context)))
            return;
        for (const step of run.item.steps) {
            if (!(await runStep(run, step, context)))
                break;
        }
        await settleRace(run, context);
    }
    catch (error) {
        errored(run, describeError(error));
        context.logger.warning(`${run.item.file}: ${run.error}`);
    }
}
async function runItem(item, context) {
    const started = context.clock.now();
    const run = untouched(item);
    const work = item.steps.filter((step) => context.allowed.has(step.kind));
    if (work.length > 0)
        await context.logger.group(`${item.title} (${item.file})`, () => runSteps(run, work, context));
    finished(run, Math.round(context.clock.now() - started));
    if (work.length > 0) {
        context.tally.done++;
        context.logger.itemDone({
            file: item.file,
            title: item.title,
            outcome: outcomeOf(run, run.status),
            tally: { ...context.tally },
        });
    }
    return run;
}
/** Runs every item of the plan, `concurrency` at a time, in plan order. */
async function applyItems(items, options) {
    const clock = options.clock ?? realClock;
    // The client's waits (its pace, retries, a 429's gate) answer to the same deadline as the apply's own.
    options.client.finishBy?.(options.timeoutMs);
    const context = {
        ...options,
        clock,
        poll: options.poll ?? DEFAULT_POLL,
        stallMs: options.stallMs ?? DEFAULT_STALL_MS,
        deadline: clock.now() + options.timeoutMs,
        jobTimes: new JobTimes(),
        tally: {
            done: 0,
            total: items.filter((item) => item.steps.some((step) => options.allowed.has(step.kind))).length,
        },
    };
    return mapLimit(items, options.concurrency, (item) => runItem(item, context));
}

;// CONCATENATED MODULE: ./src/apply/preview-budget.ts
class PreviewBudget {
    #client;
    #ceiling;
    #queue = Promise.resolve();
    #start = null;
    #renders = 0;
    #mostOne = 0;
    #last = null;
    constructor(client, ceiling) {
        this.#client = client;
        this.#ceiling = ceiling;
    }
    /** Waits for the renders before this one to be sent, then checks the balance against the ceiling. */
    async take() {
        let release;
        const turn = new Promise((resolve) => (release = resolve));
        const before = this.#queue;
        this.#queue = before.then(() => turn);
        await before;
        let released = false;
        const sent = () => {
            if (released)
                return;
            released = true;
            release();
        };
        const hold = await this.#check();
        if (hold !== null)
            sent();
        else
            this.#renders++;
        return { hold, sent };
    }
    async #check() {
        let balance;
        try {
            balance = await this.#client.credits();
        }
        catch {
            return { kind: 'preview_credits', spent: null, ceiling: this.#ceiling };
        }
        this.#start ??= balance;
        if (this.#last !== null)
            this.#mostOne = Math.max(this.#mostOne, this.#last - balance);
        this.#last = balance;
        const spent = Math.max(0, this.#start - balance);
        const next = this.#renders === 0 ? 0 : this.#mostOne;
        const within = this.#renders === 0 ? this.#ceiling > 0 : spent + next <= this.#ceiling && spent < this.#ceiling;
        return within ? null : { kind: 'preview_credits', spent, ceiling: this.#ceiling };
    }
}

;// CONCATENATED MODULE: ./src/plan/permissions.ts


// What a run may send: the action derives the permissions from its mode,
// event and inputs; the steps of the plan outside them are shown, not sent.
/** Step kinds a run may carry out: plan mode only ever writes drafts (script previews). */
function allowedSteps(mode, permissions) {
    const allowed = new Set();
    if (mode === 'validate')
        return allowed;
    if (permissions.write)
        allowed.add('create').add('edit');
    if (mode !== 'apply')
        return allowed;
    allowed.add('wait');
    if (permissions.render)
        allowed.add('render');
    if (permissions.publish)
        allowed.add('upload');
    return allowed;
}
// A pull request's script preview writes to the service before anyone has
// merged anything, and a pull request may be closed unmerged. Whatever it
// writes must be something main's next apply puts back before it renders or
// publishes: main compares, and writes, only the fields its manifest sets
// (with its defaults), and inside fine_tuning only the keys it sets
// (plan/diff.ts). So a preview may change, on an item the service already
// holds, only what main's manifest of that item sets at the pull request's
// base: the rest would stay in the service after the pull request and ship
// with the video unseen. The persona is never previewed: main leaves a
// persona the service shows otherwise as it is unless its own commit changed
// it (plan/types.ts, personaChanged), so it would not put a preview's back.
// Where the base cannot be read, no existing item is edited. A new title
// (no item in the service) is the pull request's own draft, created with
// its fields; main's plan shows, before it renders or publishes an item, every
// value the service holds that main's manifest does not set
// (plan/diff.ts, keptFromService), so such a draft adopted later is seen.
// Main owning every writable field of what it renders (clearing whatever its
// manifest does not set) would close this too, but it would also undo a
// person's edit in the web app to a field no manifest sets, which the
// service-edit model keeps; keeping the preview inside main's fields needs
// no record of the pull request, so a run without GitHub access is covered.
/** Fields a preview never writes, whatever main's manifest says (see above). */
const NEVER_PREVIEWED = new Set(['title', 'persona_id']);
/**
 * `wanted` written over `current` only where main's `owned` object sets the
 * key (recursively): the keys of `wanted` outside it are named in `withheld`.
 */
function ownedPart(wanted, owned, current, path, withheld) {
    const out = isRecord(current) ? { ...current } : {};
    for (const [key, value] of Object.entries(wanted)) {
        if (!Object.hasOwn(owned, key)) {
            if (!Object.hasOwn(out, key) || !sameValue(out[key], value))
                withheld.push(`${path}.${key}`);
            continue;
        }
        const mine = owned[key];
        out[key] =
            isRecord(value) && isRecord(mine)
                ? ownedPart(value, mine, out[key], `${path}.${key}`, withheld)
                : value;
    }
    return out;
}
/** One change as a preview may send it: whole, narrowed to main's keys, or not at all (null). */
function previewChange(change, owned, withheld) {
    const mine = owned[change.field];
    if (NEVER_PREVIEWED.has(change.field) || mine === undefined) {
        withheld.push(change.field);
        return null;
    }
    if (change.field !== 'fine_tuning' || !isRecord(change.to) || !isRecord(mine))
        return change;
    const to = ownedPart(change.to, mine, change.from, 'fine_tuning', withheld);
    return sameValue(to, change.from) ? null : { ...change, to };
}
/**
 * The PUT body of a preview's edit: the planned body, with every change it
 * leaves out set back to the service's value. A new full_text left out
 * leaves the service's script too (the plan's body omits it so that the
 * service writes a new one, A15).
 */
function previewBody(step, kept, remoteTitle, remoteScript) {
    const send = { ...step.send, title: remoteTitle };
    for (const change of step.changes)
        send[change.field] = change.from;
    for (const change of kept)
        send[change.field] = change.to;
    const sourceChanges = kept.some((change) => change.field === 'full_text');
    if (!sourceChanges && !('textover' in step.send))
        send.textover = remoteScript;
    return send;
}
/** A planned edit of an existing draft as a preview sends it (see above); `reach` absent: nothing. */
function previewEdit(item, step, reach) {
    const asked = step.changes.filter((change) => change.field !== 'title');
    if (reach === undefined || reach.kind === 'none') {
        const blocked = reach?.why ?? 'no_base';
        return { step: null, withheld: asked.map((change) => change.field), blocked };
    }
    const withheld = [];
    const kept = asked.flatMap((change) => previewChange(change, reach.fields, withheld) ?? []);
    if (kept.length === 0 || item.remote === null)
        return { step: null, withheld, blocked: null };
    const send = previewBody(step, kept, item.remote.title, item.script.remote);
    return { step: { ...step, changes: kept, send }, withheld, blocked: null };
}
/**
 * What a PR script preview may do to an item: create it, or edit a draft
 * (never rendered) as far as main's manifest of it reaches (previewEdit).
 * The title is how every other run finds the item, so a rename waits for
 * the merge; a rendered or published item is not touched before the merge
 * at all.
 */
function asPreview(item) {
    if (item.remote !== null && item.remote.status !== 'NEW')
        return [];
    const steps = item.steps.flatMap((step) => {
        if (step.kind !== 'edit')
            return [step];
        if (item.remote === null)
            return [];
        const edit = previewEdit(item, step, item.preview).step;
        return edit === null ? [] : [edit];
    });
    return [{ ...item, steps }];
}

;// CONCATENATED MODULE: ./src/engine/detail-reads.ts

class DetailReads {
    #client;
    #width;
    #reads = new Map();
    #failures = new Map();
    #queue = [];
    /** The next queued read to start (an index, not shift(): the queue may hold 10,000). */
    #head = 0;
    #running = 0;
    #stop = null;
    constructor(client, width) {
        this.#client = client;
        this.#width = Math.max(1, Math.floor(width) || 1);
    }
    /** Starts reading `id` (once, however often it is asked for). */
    want(id) {
        if (this.#reads.has(id))
            return;
        const read = new Promise((start) => this.#queue.push(start)).then(() => this.#read(id));
        // A failure is reported by `settle`; until then nobody may be listening.
        read.catch(() => undefined);
        this.#reads.set(id, read);
        this.#next();
    }
    /**
     * The details of `ids` (each started if it was not), once every read
     * started has settled. Throws only what stops every read (a 401), after
     * the reads in flight have settled.
     */
    async settle(ids) {
        for (const id of ids)
            this.want(id);
        await this.drain();
        if (this.#stop !== null)
            throw this.#stop.error;
        const read = new Map();
        const unreadable = new Map();
        for (const id of ids) {
            const detail = await this.#reads.get(id);
            if (detail)
                read.set(detail.id, detail);
            const failure = this.#failures.get(id);
            if (failure !== undefined)
                unreadable.set(id, failure);
        }
        return { read, unreadable };
    }
    /** Waits for every read started so far; reads still queued after a stop are not sent. */
    async drain() {
        await Promise.allSettled([...this.#reads.values()]);
    }
    /** Stops sending: what is queued is dropped (the caller no longer needs it). */
    abandon() {
        this.#stop ??= { error: new Error('detail reads abandoned') };
        this.#next();
    }
    #next() {
        while (this.#running < this.#width && this.#head < this.#queue.length) {
            this.#running++;
            const start = this.#queue[this.#head++];
            start?.();
        }
        if (this.#head === this.#queue.length) {
            this.#queue.length = 0;
            this.#head = 0;
        }
    }
    async #read(id) {
        try {
            if (this.#stop !== null)
                return null;
            // Asked for because the listing showed it: a 404 is looked again before the item is taken as gone.
            return await this.#client.getContent(id, { listed: true });
        }
        catch (error) {
            if (isNotFound(error))
                return null;
            if (error instanceof ServiceError && error.status === 401)
                this.#stop ??= { error };
            else
                this.#failures.set(id, describeError(error));
            return null;
        }
        finally {
            this.#running--;
            this.#next();
        }
    }
}

;// CONCATENATED MODULE: ./src/engine/observe.ts





// What the engine reads from the service: every page of GET /contents and
// GET /accounts, then the detail view of each matched item (reads are not
// rate limited, so many at a time); the credit balance; the scripts the
// service wrote for drafts. The planner gets all of it as plain data.
/**
 * One reader per connection of the client's pool, less the two the listings
 * (contents and accounts) read their pages on: a detail read never waits for
 * a connection, and the listing, one page after another, never waits behind one.
 */
const DEFAULT_READ_CONCURRENCY = DEFAULT_CONNECTIONS - 2;
/**
 * GET /contents and GET /accounts (every page, through the client), side by
 * side; `onItems` sees each page of contents as it arrives. Every item
 * depends on the contents listing; only the items that publish depend on the
 * accounts, so a failed accounts listing is theirs (a 401 is everyone's).
 */
async function observeListing(client, onItems) {
    const accounts = client.listAccounts().then((listed) => ({ listed, error: null }), (error) => {
        if (error instanceof ServiceError && error.status === 401)
            throw error;
        return { listed: null, error: describeError(error) };
    });
    // Awaited below, unless the contents listing fails first: never left unhandled meanwhile.
    accounts.catch(() => undefined);
    const contents = await client.listContents(onItems ? { onItems } : {});
    const { listed, error } = await accounts;
    return {
        contents: contents.items,
        accounts: listed?.items ?? [],
        contentsGap: contents.complete ? null : (contents.gap ?? 'not proven complete'),
        accountsGap: listed === null || listed.complete ? null : (listed.gap ?? 'not proven complete'),
        accountsError: error,
    };
}
function startObservation(client, width = DEFAULT_READ_CONCURRENCY) {
    const reads = new DetailReads(client, width);
    const namedTitles = new Set();
    const namedIds = new Set();
    // Listed so far: the ids under each title (by its key), and every id.
    const listedByTitle = new Map();
    const listedIds = new Set();
    const listing = observeListing(client, (items) => {
        for (const summary of items) {
            const key = titleKey(summary.title);
            const ids = listedByTitle.get(key);
            if (ids)
                ids.push(summary.id);
            else
                listedByTitle.set(key, [summary.id]);
            listedIds.add(summary.id);
            if (namedTitles.has(key) || namedIds.has(summary.id))
                reads.want(summary.id);
        }
    });
    // Awaited by the engine, or by stop(); never left unhandled meanwhile.
    listing.catch(() => undefined);
    return {
        listing,
        reads,
        name(items) {
            for (const item of items) {
                const key = titleKey(item.title);
                if (!namedTitles.has(key)) {
                    namedTitles.add(key);
                    for (const id of listedByTitle.get(key) ?? [])
                        reads.want(id);
                }
                if (item.id !== null && !namedIds.has(item.id)) {
                    namedIds.add(item.id);
                    if (listedIds.has(item.id))
                        reads.want(item.id);
                }
            }
        },
        async stop() {
            reads.abandon();
            await listing.catch(() => undefined);
            await reads.drain();
        },
    };
}
/** GET /contents/{id} for each id; an item deleted since the listing (404) is left out. */
async function observeDetails(client, ids, concurrency = DEFAULT_READ_CONCURRENCY) {
    return (await new DetailReads(client, concurrency).settle(ids)).read;
}
/**
 * GET /users/credits is informational: a failure or a shape no reading covers
 * is a note in the report, never a reason to stop (A10).
 */
async function bestEffortCredits(client, notes, when) {
    try {
        return await client.credits();
    }
    catch (error) {
        notes.push(`The credit balance ${when} the run could not be read: ${describeError(error)}`);
        return null;
    }
}
/**
 * A41: the generation rate GET /subscription/current states, told to the
 * client before the first generation request, so that the requests keep to
 * it from the first one on. Informational: limits that state no rate, or a
 * subscription that cannot be read (a note), leave the pace to be learned
 * from the service's 429s.
 */
async function statedPace(client, notes) {
    if (!client.keepPace)
        return;
    try {
        const stated = readGenerationPace((await client.subscription()).limits);
        if (stated)
            client.keepPace(stated.limit);
    }
    catch (error) {
        notes.push(`The subscription could not be read (${describeError(error)}); generation requests keep to the pace the service's 429s show.`);
    }
}
/** Script previews: after drafts were created or edited, the plan shows the scripts the service wrote (A15). */
async function refreshScripts(client, plan, runs, concurrency = DEFAULT_READ_CONCURRENCY) {
    const touched = runs.filter((run) => run.id !== null && (run.created || run.edited));
    const details = await observeDetails(client, touched.map((run) => run.id), concurrency);
    for (const run of touched) {
        const detail = details.get(run.id);
        const item = plan.items.find((entry) => entry.file === run.item.file);
        if (detail && item)
            item.script = { ...item.script, remote: detail.textover };
    }
}

;// CONCATENATED MODULE: ./src/engine/preview-records.ts


// What a pull request's script preview wrote to items the service already
// held: the record main's apply reads to tell a preview's value (the
// repository asking on a branch: put back) from a person's edit in the
// service (kept). Each write is one key, a digest of the item's id, the
// field and the value in the service's terms: nothing of the text itself
// is recorded, and the key fits the sealed block of the pull request's
// comment (src/github/reviewed-block.ts).
/** Objects with their keys sorted, so one value has one key. */
function canonical(value) {
    if (Array.isArray(value))
        return value.map(canonical);
    if (value === null || typeof value !== 'object')
        return value;
    const entries = Object.entries(value).filter(([, entry]) => entry !== undefined);
    return Object.fromEntries(entries.sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, v]) => [k, canonical(v)]));
}
/** 64 bits of SHA-256 of one write, the value as the service keeps it (text without trailing blanks). */
function previewWriteKey(id, field, value) {
    const kept = typeof value === 'string' ? serviceText(value) : canonical(value);
    const text = JSON.stringify([id, field, kept ?? null]);
    return (0,external_node_crypto_.createHash)('sha256').update(text).digest('hex').slice(0, 16);
}
/** The keys of what the preview's edits of existing drafts send (the items as asPreview made them). */
function previewedFields(items) {
    return items.flatMap((item) => item.remote === null
        ? []
        : item.steps.flatMap((step) => step.kind !== 'edit'
            ? []
            : step.changes.map((change) => previewWriteKey(item.remote.id, change.field, change.to))));
}
/** The records read back as the engine asks them; null: they could not be read. */
function previewWritesOf(keys) {
    const known = keys === null ? null : new Set(keys);
    return {
        wrote: (id, field, value) => Promise.resolve(known === null ? null : known.has(previewWriteKey(id, field, value))),
    };
}

;// CONCATENATED MODULE: ./src/engine/fingerprint.ts

// A short, stable digest of a value: enough to tell whether a text or a
// setting changed, nothing of the value itself. Used where a plan is carried
// without its texts (the `plan` output, the reviewed-plan block of the PR comment).
/** 64 bits of SHA-256: a change goes unnoticed only by a collision, not by chance. */
function fingerprint(value) {
    if (value === null || value === undefined)
        return null;
    return `sha256:${(0,external_node_crypto_.createHash)('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 16)}`;
}

;// CONCATENATED MODULE: ./src/engine/preview-reach.ts


// A pull request's script preview edits an existing draft only as far as
// main's manifest of it reaches (the rule and why: plan/permissions.ts).
// Main's manifest is the one at the pull request's base, at the same path,
// with the `_defaults.yml` the base had above it: main's apply compares
// exactly what it sets. The preview learns it from the earlier versions the
// run already reads (git, or the pull request's file listing); main itself
// needs nothing of the pull request, since everything a preview may write
// is something main writes back whenever it differs.
/** Whether this run previews: a pull request's run that may write drafts. */
function previews(options) {
    const { permissions } = options.settings;
    return permissions.draftsOnly === true && permissions.write;
}
/** The base's text of a file; undefined when it cannot be read (a listing with a gap, a failed request). */
async function atBase(previous, file) {
    try {
        return await previous.read(file);
    }
    catch {
        return undefined;
    }
}
/** The `_defaults.yml` the base had above `file`, outermost first; undefined when one cannot be read. */
async function defaultsAtBase(previous, file) {
    // Every name is asked at once (PreviousVersions); each folder's first found applies.
    const folders = await Promise.all(defaultsFilesAbove(file).map((names) => Promise.all(names.map(async (path) => ({ file: path, text: await atBase(previous, path) })))));
    const found = [];
    for (const names of folders) {
        for (const { file: path, text } of names) {
            if (text === undefined)
                return undefined;
            if (text === null)
                continue;
            found.push({ file: path, text });
            break;
        }
    }
    return found;
}
/** The manifest `file` as the base had it, with its defaults there. */
async function manifestAtBase(previous, file) {
    const text = await atBase(previous, file);
    if (text === undefined)
        return { kind: 'none', why: 'no_base' };
    if (text === null)
        return { kind: 'none', why: 'not_at_base' };
    const defaults = await defaultsAtBase(previous, file);
    if (defaults === undefined)
        return { kind: 'none', why: 'no_base' };
    const item = parseManifest(file, text, defaults).item;
    return item === null ? { kind: 'none', why: 'base_invalid' } : { kind: 'item', item };
}
/** How far a preview may edit this existing item: main's manifest of it at the base, with its defaults. */
async function reachOf(previous, item) {
    const found = await manifestAtBase(previous, item.file);
    if (found.kind === 'none')
        return found;
    const base = found.item;
    const remote = item.remote;
    const claims = base.id === remote.id || (base.id === null && sameTitle(base.fields.title, remote.title));
    return claims ? { kind: 'owned', fields: { ...base.fields } } : { kind: 'none', why: 'not_at_base' };
}
/** Items a preview would edit: drafts the service holds, with an edit planned. */
function editedDrafts(plan) {
    return plan.items.filter((item) => item.remote?.status === 'NEW' && item.steps.some((step) => step.kind === 'edit'));
}
/**
 * The plan with each existing draft's preview reach, on a run that
 * previews; the plan as it is otherwise. Without a readable base, no
 * existing item is edited, and the report says what to change.
 */
async function withPreviewReach(options, plan, report) {
    if (!previews(options))
        return plan;
    const drafts = editedDrafts(plan);
    if (drafts.length === 0)
        return plan;
    const previous = options.deps.previous;
    const readable = previous !== undefined && (await (previous.readable?.() ?? Promise.resolve(false)));
    const reaches = readable
        ? await Promise.all(drafts.map((item) => reachOf(previous, item)))
        : drafts.map(() => ({ kind: 'none', why: 'no_base' }));
    const byFile = new Map(drafts.map((item, index) => [item.file, reaches[index]]));
    if (reaches.some((reach) => reach.kind === 'none' && reach.why === 'no_base')) {
        report.notes.push("The pull request's base commit could not be read, so main's manifests are not known: no item the service " +
            'already holds is edited by this preview (what it would write could stay in the service after the pull ' +
            'request). Use fetch-depth: 0 in actions/checkout so that the base can be read.');
    }
    const items = plan.items.map((item) => {
        const reach = byFile.get(item.file);
        return reach === undefined ? item : { ...item, preview: reach };
    });
    return { ...plan, items };
}

;// CONCATENATED MODULE: ./src/plan/shard.ts
// Sharding: a matrix of jobs shares a catalogue, each planning the manifests
// of its share. The share is decided from the file path alone, so every job
// agrees without talking to the others and a file does not move when other
// manifests come and go.
/** FNV-1a of the manifest path: a split that does not move when other manifests come and go. */
function shardOf(file, count) {
    let hash = 0x811c9dc5;
    for (let i = 0; i < file.length; i++) {
        hash ^= file.charCodeAt(i);
        hash = Math.imul(hash, 0x01000193) >>> 0;
    }
    return (hash % count) + 1;
}
/** Whether this job plans the manifest `file`. */
function inShard(file, shard) {
    return !shard || shard.count <= 1 || shardOf(file, shard.count) === shard.index;
}

;// CONCATENATED MODULE: ./src/engine/scope.ts





// Which manifests a run plans: its shard's share of the catalogue and, in the
// plan of a change (a pull request, `plan --changed-since`), only those the
// change touches. The others' items are not read in detail, and where the
// change may clash with them (parseFocus) they are parsed and checked too:
// titles stay unique across the catalogue, the items they claim stay theirs.
// A change's plan costs what the change touches. Applies read everything,
// whatever they are given.
/** The change this run's plan covers, once git has told it; null when the run plans its whole share. */
async function changeInPlan(options) {
    return options.settings.mode === 'plan' ? ((await options.deps.changes) ?? null) : null;
}
/** Whether this run plans the manifest `file`, once the change is known. */
async function plansFile(options) {
    const { shard } = options.settings;
    const changes = await changeInPlan(options);
    if (!changes)
        return (file) => inShard(file, shard);
    return (file) => inShard(file, shard) && changes.touches(file);
}
/**
 * What the manifests' load parses first, and whether the rest too
 * (LoadOptions.focus): the rest only when the change may clash with it, as a
 * manifest new, moved, deleted or unreadable may, or one whose title or id is
 * not the base's; otherwise every claim of the catalogue is the base's.
 * Undefined where every manifest is parsed: a run that is no change's plan,
 * or whose writes (script previews, preview renders) must rest on every
 * manifest's claims, or that cannot read the base.
 */
function parseFocus(options) {
    const { settings, deps } = options;
    const { changes, previous } = deps;
    const writes = settings.permissions.write || settings.previewRenders !== undefined;
    if (settings.mode !== 'plan' || !changes || !previous || writes)
        return undefined;
    const isManifest = manifestPaths(settings.manifests);
    const needsRest = async (change, first, files) => {
        const found = new Set(files);
        if ([...change.changed].some((file) => isManifest(file) && !found.has(file)))
            return true;
        const bases = await Promise.all(first.map(({ file }) => previous.read(file).then(identityIn)));
        return first.some(({ outline }, index) => !sameIdentity(outline, bases[index] ?? null));
    };
    return changes.then((change) => change && {
        parsesFirst: (file) => change.touches(file),
        needsRest: (first, files) => needsRest(change, first, files),
    }, () => null);
}
/** A manifest that names the title (in the service's terms) and the id it named at the base. */
function sameIdentity(outline, base) {
    if (outline?.title == null || base === null)
        return false;
    return sameTitle(base.title, outline.title) && base.id === outline.id;
}
/** The manifests this run plans, and the others (reserved: their items are theirs). */
function splitPlanned(items, plans) {
    const mine = [];
    const others = [];
    for (const item of items)
        (plans(item.file) ? mine : others).push(item);
    return { mine, others };
}
/** How much of this shard a change's plan covers; undefined when the run plans its whole share. */
async function planScope(options, { items, unparsed: unparsedFiles = [] }) {
    const changes = await changeInPlan(options);
    if (!changes)
        return undefined;
    const share = items.filter((item) => inShard(item.file, options.settings.shard));
    const planned = share.filter((item) => changes.touches(item.file)).length;
    const unparsed = unparsedFiles.filter((file) => inShard(file, options.settings.shard)).length;
    return { base: changes.base, planned, unread: share.length - planned + unparsed };
}
/**
 * The bases of the manifests a change names that this run plans, asked for
 * as soon as git has told the change: the plan compares them with the
 * service's values once the whole catalogue is parsed.
 */
function askBasesAhead(options, plans) {
    const { previous } = options.deps;
    if (!previous)
        return;
    const isManifest = manifestPaths(options.settings.manifests);
    void Promise.all([changeInPlan(options), plans]).then(([change, planned]) => {
        if (change)
            askAhead(previous, [...change.changed].filter((file) => planned(file) && isManifest(file)));
    }, () => undefined);
}
/** Whether a path is a manifest the glob `pattern` finds (none, for a glob the load will refuse). */
function manifestPaths(pattern) {
    try {
        const glob = compileGlob(pattern);
        return (file) => glob.matches(file) && !isCatalogueFile(file);
    }
    catch {
        return () => false;
    }
}

;// CONCATENATED MODULE: ./src/engine/preview-render.ts










// A pull request's preview renders: so that reviewers watch the video, not
// only read the script, a same-repository pull request's run renders up to
// `preview-renders` of the items whose script, render settings or persona it
// changes, newest changes first. Each is the item itself, the draft the
// preview creates (or an existing draft it edits), rendered and never
// published: the render step it gets carries no publication, and the run
// sends no upload, whatever the inputs (execute.ts keeps every other render
// and upload out of a pull request's run). Every generation goes through the
// one dispatch (apply/dispatch.ts), so a freeze that holds renders, the kill
// switch and the `pause` input hold previews as they hold renders, and so
// does the base's release file, which a pull request cannot lift for its own.
//
// A render is reusable at the merge only if it was made from what main's
// manifest will say: so an item is rendered only when the preview could
// write everything its render is made from (an existing draft whose edit
// main's manifest does not reach is not), and the render's fingerprint is
// kept in the sealed reviewed plan (reviewed-render.ts compares it).
/** The manifest fields a render is made from, besides the render settings. */
const RENDER_FIELDS = ['full_text', 'textover', 'fine_tuning', 'persona_id'];
/** What a render of the item is made from: its script fields, persona, flow and render settings, as a fingerprint. */
function renderFingerprint(item) {
    const fields = Object.fromEntries(RENDER_FIELDS.map((field) => [field, item.fields[field] ?? null]));
    return fingerprint({ fields, flow: item.flow, render: item.render });
}
/** What a render of an earlier version of the pull request was made from, as reviewers know it: nothing a manifest matches. */
const STALE_RENDER = 'an earlier version';
/** Which render a review saw: the item and what its render was made from, in one fingerprint (block entry `r`). */
function reviewedRenderKey(id, renderPrint) {
    return fingerprint({ id, render: renderPrint });
}
/** Whether this run renders previews: a pull request's run that previews, with preview-renders above 0. */
function rendersPreviews(options) {
    const { permissions, previewRenders } = options.settings;
    return permissions.draftsOnly === true && permissions.write && (previewRenders?.limit ?? 0) > 0;
}
/** Files whose render the pull request changes: new since the base, or with another render fingerprint there. */
async function changedRenders(options, items) {
    const previous = options.deps.previous;
    const changes = await changeInPlan(options);
    const touched = changes === null ? [...items] : items.filter((item) => changes.touches(item.file));
    if (previous === undefined)
        return new Set(touched.map((item) => item.file));
    const bases = await Promise.all(touched.map((item) => manifestAtBase(previous, item.file)));
    // A base that cannot be read, or was invalid, counts as changed: the count still bounds what is rendered.
    return new Set(touched
        .filter((item, index) => {
        const base = bases[index];
        return base?.kind !== 'item' || renderFingerprint(base.item) !== renderFingerprint(item);
    })
        .map((item) => item.file));
}
/** Why a release rule holds this item's render, or null. */
function heldRender(holds) {
    for (const hold of holds) {
        if (hold.kind === 'frozen' && hold.held.includes('render'))
            return 'freeze';
        if (hold.kind === 'paused' && hold.held.includes('render'))
            return 'pause';
    }
    return null;
}
/** Whether the preview leaves out something the render is made from (an existing draft main's manifest does not reach). */
function withholdsRender(item) {
    const edit = item.steps.find((step) => step.kind === 'edit');
    if (edit === undefined || item.remote === null)
        return false;
    const { withheld } = previewEdit(item, edit, item.preview);
    return withheld.some((field) => RENDER_FIELDS.some((name) => field === name || field.startsWith(`${name}.`)));
}
/** An item the pull request changes, as a preview sees it: a candidate, already rendered, or not rendered and why. */
function classify(item, print) {
    const status = item.remote?.status ?? null;
    if (status !== null && RENDERED_STATUSES.has(status) && status !== 'FAILED_UPLOAD') {
        const current = !item.steps.some((step) => step.kind === 'edit' || step.kind === 'render');
        return current ? { state: 'earlier', fingerprint: print } : { state: 'skipped', why: 'stale' };
    }
    if (status !== null && status !== 'NEW')
        return null;
    const held = heldRender(item.holds);
    if (held !== null)
        return { state: 'skipped', why: held };
    const target = item.publication ?? null;
    if (target !== null && uploadCannotCarry(target.options).length > 0)
        return { state: 'skipped', why: 'one_request' };
    // A pull request's run in `mode: apply` plans no render (render_disabled): its preview still may.
    const wouldRender = item.steps.some((step) => step.kind === 'render') ||
        item.holds.some((hold) => hold.kind === 'render_disabled');
    if (!wouldRender)
        return null;
    return withholdsRender(item) ? { state: 'skipped', why: 'withheld' } : 'candidate';
}
/**
 * What the base's release file holds of a render now: a pull request's run
 * reads the release file as the pull request has it, so one that lifts a
 * freeze or the kill switch would otherwise render its own previews through
 * them. Null when the base holds none, or has no release file to read.
 */
async function heldAtBase(options) {
    const previous = options.deps.previous;
    if (previous === undefined)
        return null;
    for (const file of releaseFilesIn(globRoot(options.settings.manifests))) {
        let text;
        try {
            text = await previous.read(file);
        }
        catch {
            return null;
        }
        if (text === null)
            continue;
        const { release } = readRelease(file, text);
        if (release === null)
            return null;
        const rules = releaseRules(release, { pause: null, overrideFreeze: false });
        if (rules.pause !== null)
            return 'pause';
        const now = (options.seams?.now?.() ?? new Date()).getTime();
        return sendBlock(rules, { publication: null, renders: true, leadMs: 0 }, now) === null ? null : 'freeze';
    }
    return null;
}
/**
 * The plan with each preview render decided, on a run that renders previews:
 * the items the pull request changes that a render would show, newest
 * changes first, chosen while the pull request's previews (its earlier
 * runs' included) stay within `preview-renders`.
 */
async function choosePreviewRenders(options, plan, desired) {
    if (!rendersPreviews(options))
        return plan;
    const byFile = new Map(desired.map((item) => [item.file, item]));
    const renderable = desired.filter((item) => item.stage !== 'draft');
    const changed = await changedRenders(options, renderable);
    const choices = new Map();
    const candidates = [];
    for (const item of plan.items) {
        const manifest = byFile.get(item.file);
        if (manifest === undefined || !changed.has(item.file))
            continue;
        const choice = classify(item, renderFingerprint(manifest));
        if (choice === 'candidate')
            candidates.push(item);
        else if (choice !== null)
            choices.set(item.file, choice);
    }
    const base = candidates.length > 0 ? await heldAtBase(options) : null;
    if (base !== null) {
        for (const item of candidates.splice(0))
            choices.set(item.file, { state: 'skipped', why: base });
    }
    const files = candidates.map((item) => item.file);
    const times = (await options.deps.lastChanged?.(files)) ?? new Map();
    const newestFirst = [...candidates].sort((a, b) => (times.get(b.file) ?? 0) - (times.get(a.file) ?? 0) || a.file.localeCompare(b.file));
    const limit = (options.settings.previewRenders?.limit ?? 0) - renderedEarlier(choices);
    newestFirst.forEach((item, index) => {
        const manifest = byFile.get(item.file);
        const chosen = {
            state: 'chosen',
            fingerprint: renderFingerprint(manifest),
            render: manifest.render,
        };
        choices.set(item.file, index < limit ? chosen : { state: 'skipped', why: 'limit' });
    });
    const items = plan.items.map((item) => {
        const choice = choices.get(item.file);
        return choice === undefined ? item : { ...item, previewRender: choice };
    });
    return { ...plan, items };
}
/** Previews the pull request's earlier runs rendered: they count toward preview-renders, which is per pull request. */
function renderedEarlier(choices) {
    return [...choices.values()].filter((choice) => choice.state === 'earlier' || (choice.state === 'skipped' && choice.why === 'stale')).length;
}
/**
 * What a pull request's run sends for an item (after asPreview): its creates
 * and edits, and, for a chosen preview, one render that carries no
 * publication. Every other render, upload and wait stays out: a pull
 * request's run never publishes.
 */
function previewSteps(item) {
    const steps = item.steps.filter((step) => step.kind === 'create' || step.kind === 'edit');
    const choice = item.previewRender;
    if (choice?.state === 'chosen') {
        const planned = item.steps.find((step) => step.kind === 'render');
        const reason = planned?.kind === 'render' ? planned.reason : 'never_rendered';
        steps.push({ kind: 'render', reason, render: choice.render, publish: null });
    }
    return { ...item, steps };
}

;// CONCATENATED MODULE: ./src/engine/execute.ts













// The applying stage of a run: what this run may do of the plan, checked
// against the run's limits and the key, carried out (src/apply/), and read
// back for the report.
/** Milliseconds on a monotonic clock. */
const monotonicMs = () => Number(process.hrtime.bigint() / 1000000n);
/** Step kinds this run may send: a pull request's run that renders previews may render too (never publish). */
function allowedFor(options) {
    const { mode, permissions } = options.settings;
    const allowed = allowedSteps(mode, permissions);
    return rendersPreviews(options) ? allowed.add('render') : allowed;
}
/** A pull request's run: the drafts it writes, and its preview renders (never a publication). */
function previewWork(plan) {
    return plan.items.flatMap(asPreview).map(previewSteps);
}
/** The plan's items this run carries out, and the writes among their steps. */
function execute_workOf(options, plan) {
    const { permissions } = options.settings;
    const allowed = allowedFor(options);
    const items = (permissions.draftsOnly ? previewWork(plan) : plan.items).filter((item) => item.steps.some((step) => allowed.has(step.kind)));
    const writes = items
        .flatMap((item) => item.steps)
        .filter((step) => allowed.has(step.kind) && step.kind !== 'wait');
    return { items, writes };
}
/** Why nothing may be sent at all, or null: errors in the manifests, or more publications than allowed. */
function refusal(options, plan, report) {
    const { mode, maxPublications } = options.settings;
    if (report.problems.some(blocksWrites)) {
        options.deps.logger.warning('Nothing was sent to the service: fix the errors above first.');
        return 'errors';
    }
    if (mode !== 'apply' || plan.publications <= maxPublications)
        return null;
    report.fatal =
        `This plan would publish ${plan.publications} time(s) (item × account), more than max-publications ` +
            `(${maxPublications}). Nothing was changed. Raise max-publications if this is intended, or ` +
            'publish fewer items per run.';
    return 'limit';
}
/** Carries out what this run may do of the plan; the results go to the report. */
async function execute(options, client, { plan, rules }, report) {
    const { mode } = options.settings;
    const { items, writes } = execute_workOf(options, plan);
    if (options.settings.permissions.draftsOnly === true)
        report.previewed = previewedFields(items);
    if (mode !== 'apply' && writes.length === 0)
        return;
    if (refusal(options, plan, report) !== null)
        return;
    const scopes = writes.length > 0 ? await preflight(client, writes, report) : [];
    if (scopes === null)
        return;
    const started = monotonicMs();
    const [credits] = await Promise.all([
        mode === 'apply' ? bestEffortCredits(client, report.notes, 'before') : null,
        steps_generates(writes) ? statedPace(client, report.notes) : null,
    ]);
    report.creditsBefore = credits;
    const runs = await applyItems(items, applyOptions(options, client, rules));
    await recordResults(options, client, plan, runs, scopes, report);
    report.timings.applyMs = Math.round(monotonicMs() - started);
}
function applyOptions(options, client, rules) {
    const { settings, deps, seams } = options;
    return {
        client,
        sendHold: sendGate(options, rules),
        atMostOnce: settings.atMostOnce === true,
        allowed: allowedFor(options),
        ...previewBudget(options, client),
        concurrency: settings.concurrency,
        wait: settings.wait,
        timeoutMs: settings.timeoutMs,
        logger: deps.logger,
        clock: seams?.clock ?? realClock,
        ...(seams?.poll ? { poll: seams.poll } : {}),
        ...(seams?.createLookMs === undefined ? {} : { createLookMs: seams.createLookMs }),
        ...(seams?.startWaitMs === undefined ? {} : { startWaitMs: seams.startWaitMs }),
        ...(seams?.stallMs === undefined ? {} : { stallMs: seams.stallMs }),
    };
}
/** The preview-credits ceiling of a pull request's preview renders, when it sets one. */
function previewBudget(options, client) {
    const ceiling = options.settings.previewRenders?.credits ?? null;
    return rendersPreviews(options) && ceiling !== null
        ? { renderBudget: new PreviewBudget(client, ceiling) }
        : {};
}
/**
 * What holds a generation or upload at the moment it would be sent: the plan
 * was made earlier, and a freeze may have begun while the run waited on
 * renders or on the generation pace, or begin before the job it starts ends.
 */
function sendGate(options, rules) {
    const now = options.seams?.now ?? (() => new Date());
    return (send) => sendBlock(rules, send, now().getTime());
}
/**
 * Only what the interface states is checked before writing (A29): the key is
 * active, and generation needs `generate`; what content writes need is not
 * shown, so it is learned from the first 403 instead. The key's scopes, or
 * null when the run must not write. An introspection that cannot be read
 * proves nothing either way: the writes go, and the service's own 401 or 403
 * stops them.
 */
async function preflight(client, writes, report) {
    let introspection;
    try {
        introspection = await client.introspect();
    }
    catch (error) {
        if (error instanceof ServiceError && error.status === 401)
            throw error;
        report.notes.push(`The key could not be checked before writing (${describeError(error)}); the service's answers to the writes decide.`);
        return [];
    }
    const missing = statedScopes(writes).filter((scope) => !introspection.scopes.includes(scope));
    if (introspection.active && missing.length === 0)
        return introspection.scopes;
    report.fatal = !introspection.active
        ? 'The API key is not active: create a new key in the web app under Settings, API Keys.'
        : `The API key lacks the scope ${missing.join(', ')} that generation needs (it has ` +
            `${introspection.scopes.join(', ') || 'none'}). Nothing was changed. Create a key with ` +
            `${missing.join(', ')} in the web app under Settings, API Keys.`;
    return null;
}
/**
 * The results of the runs, read back with one listing (statuses, public
 * URLs); informational reads, so what was done is reported whether or not
 * they succeed. A write the service refused (403) stops the run.
 */
async function recordResults(options, client, plan, runs, scopes, report) {
    const { mode } = options.settings;
    const listing = await listingAfter(client, report);
    if (mode !== 'apply')
        await scriptsAfter(options, client, plan, runs, report);
    if (mode === 'apply')
        report.creditsAfter = await bestEffortCredits(client, report.notes, 'after');
    const refused = client.writeRefusal ?? null;
    if (refused) {
        report.fatal =
            `The service refused a write: ${refused.message} The key has ` +
                `${scopes.join(', ') || 'no scopes'} (GET /api-keys/introspect). No write was sent after that refusal; ` +
                'what was done before it is listed below, and a run with a key holding the scopes converges.';
    }
    const byFile = new Map(runs.map((run) => [run.item.file, run]));
    const results = itemResults(plan.items.map((item) => byFile.get(item.file) ?? untouched(item)), listing);
    report.result = {
        items: results,
        creditsBefore: report.creditsBefore,
        creditsAfter: report.creditsAfter,
        changed: runs.some((run) => run.created || run.edited || run.rendered || run.published),
        failed: results.some((item) => item.outcome === 'failed' || item.outcome === 'error'),
    };
}
async function listingAfter(client, report) {
    try {
        return (await client.listContents()).items;
    }
    catch (error) {
        report.notes.push(`The changes were made; the listing read after them failed (${describeError(error)}), so statuses and published URLs are those the run saw.`);
        return null;
    }
}
/** Script previews: the scripts the service wrote for this run's drafts. */
async function scriptsAfter(options, client, plan, runs, report) {
    try {
        await refreshScripts(client, plan, runs, options.seams?.readConcurrency);
    }
    catch (error) {
        report.notes.push(`The scripts the service wrote could not be read back: ${describeError(error)}`);
    }
}

;// CONCATENATED MODULE: ./src/plan/identity.ts

// Which remote item each manifest is about. The service is the state: a
// manifest is matched by its pinned id, else by its exact title, else (a
// rename) by the title the same file had at the base of the change. Titles
// are compared in the service's terms (titleKey): a service that trims the
// title it stores still holds the manifest's item.
function ref(summary) {
    return { id: summary.id, title: summary.title, status: summary.status };
}
function problem(item, code, field, message) {
    const at = item.locations[field] ?? item.location;
    return { severity: 'error', code, file: item.file, line: at.line, column: at.column, field, message };
}
/**
 * Each listing's index, built once: a plan matches this shard's manifests and
 * the others against it. A listing is never changed once read.
 */
const indexes = new WeakMap();
function indexOf(remote) {
    let index = indexes.get(remote);
    if (index === undefined) {
        index = { ids: new Map(), titles: new Map() };
        for (const summary of remote) {
            index.ids.set(summary.id, summary);
            const key = titleKey(summary.title);
            const list = index.titles.get(key);
            if (list)
                list.push(summary);
            else
                index.titles.set(key, [summary]);
        }
        indexes.set(remote, index);
    }
    return index;
}
/**
 * The titles a renamed manifest could have had: those of remote items that
 * no manifest (of any shard) pins by id, and whose title is not the current
 * title of a manifest that matches by title (one that pins no id), as
 * `matchItems` claims them. Only such an item can be matched by an earlier
 * title, so when there is none, no earlier version needs reading (a first
 * apply of a thousand new manifests asks git nothing).
 */
function orphanTitles(desired, remote) {
    const titles = new Set(desired.filter((item) => item.id === null).map((item) => titleKey(item.fields.title)));
    const pinned = new Set(desired.flatMap((item) => (item.id === null ? [] : [item.id])));
    const orphans = new Set();
    for (const [key, summaries] of indexOf(remote).titles)
        if (!titles.has(key) && summaries.some((summary) => !pinned.has(summary.id)))
            orphans.add(key);
    return orphans;
}
function renameCandidates(desired, remote) {
    const { titles } = indexOf(remote);
    return desired.filter((item) => item.id === null && !titles.has(titleKey(item.fields.title)));
}
/** The remote items claimed so far, by whom, and the problems claiming found. */
class Claims {
    owners = new Map();
    matched = [];
    problems = [];
    /** Claims `summary` for `item`, unless another manifest has it already (then the item is new, with a problem). */
    claim(item, summary, match, renamedFrom) {
        const owner = this.owners.get(summary.id);
        if (owner && owner !== item) {
            this.problems.push(problem(item, 'claimed_twice', item.id === null ? 'title' : 'id', `The remote item ${summary.id} ("${summary.title}") is already claimed by ${owner.file}; ` +
                'each item can be managed by one manifest only: change the title or the id of one of them.'));
            this.unmatched(item, 'new');
            return;
        }
        this.owners.set(summary.id, item);
        this.matched.push({ item, match, remote: summary, renamedFrom });
    }
    unmatched(item, match) {
        this.matched.push({ item, match, remote: null, renamedFrom: null });
    }
}
/** Remote items that belong to other shards' manifests are out of bounds. */
function reserveOthers(claims, index, others) {
    for (const other of others) {
        const pinned = other.id === null ? undefined : index.ids.get(other.id);
        const found = pinned ? [pinned] : (index.titles.get(titleKey(other.fields.title)) ?? []);
        for (const summary of found)
            claims.owners.set(summary.id, other);
    }
}
/** A manifest that pins an id: that item, or an error when this key's owner has none such. */
function matchPinned(claims, index, item, id) {
    const summary = index.ids.get(id);
    if (summary)
        return claims.claim(item, summary, 'pinned', null);
    claims.problems.push(problem(item, 'unknown_id', 'id', `No content item with id ${id} exists for this API key; remove \`id\` to create the item, ` +
        'or pin the id of an existing item.'));
    claims.unmatched(item, 'pinned');
}
/** A manifest matched by its title; false when no remote item has it (it may be a rename). */
function matchByTitle(claims, index, item) {
    const same = index.titles.get(titleKey(item.fields.title)) ?? [];
    if (same.length > 1) {
        for (const summary of same)
            claims.owners.set(summary.id, item);
        const list = same.map((summary) => summary.id).sort();
        claims.problems.push(problem(item, 'duplicate_remote_title', 'title', `Two remote items are titled "${item.fields.title}" (${list.join(' and ')}); pin the one this manifest ` +
            'manages with `id:`.'));
        claims.unmatched(item, 'title');
        return true;
    }
    const [only] = same;
    if (only)
        claims.claim(item, only, 'title', null);
    return only !== undefined;
}
/** A manifest whose title no item has: the item its earlier title names, when no other manifest claims it. */
function matchRename(claims, index, item, options) {
    const before = options.previousTitles?.get(item.file);
    const candidates = before === undefined ? [] : (index.titles.get(titleKey(before)) ?? []);
    const [only] = candidates;
    if (before !== undefined && candidates.length === 1 && only && !claims.owners.has(only.id))
        claims.claim(item, only, 'renamed', before);
    else
        claims.unmatched(item, 'new');
}
const byFile = (a, b) => a.file < b.file ? -1 : a.file > b.file ? 1 : 0;
/** Pure matching of manifests to remote items; stable order (manifests by file, unmanaged by title then id). */
function matchItems(desired, remote, options = {}) {
    const index = indexOf(remote);
    const claims = new Claims();
    reserveOthers(claims, index, options.reserved ?? []);
    const pendingRenames = [];
    for (const item of [...desired].sort(byFile)) {
        if (item.id !== null)
            matchPinned(claims, index, item, item.id);
        else if (!matchByTitle(claims, index, item))
            pendingRenames.push(item);
    }
    // Renames last, so that an item claimed by its current title is never taken by an old one.
    for (const item of pendingRenames)
        matchRename(claims, index, item, options);
    const matched = [...claims.matched].sort((a, b) => byFile(a.item, b.item));
    const unmanaged = options.listUnmanaged === false
        ? []
        : remote
            .filter((summary) => !claims.owners.has(summary.id))
            .map(ref)
            .sort((a, b) => (a.title < b.title ? -1 : a.title > b.title ? 1 : a.id < b.id ? -1 : 1));
    return { matched, unmanaged, problems: claims.problems };
}

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
    const changed = keys.filter((key) => !sameValue(before[key], now[key]));
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
    const wanted = serviceText(text);
    if (wanted === '')
        return null;
    return (unmanaged.find((summary) => summary.full_text !== null && serviceText(summary.full_text) === wanted) ??
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

;// CONCATENATED MODULE: ./src/plan/service-edits.ts
/** The changes less the fields the manifest leaves to the service once the item exists (`ignore_service_edits`). */
function withoutIgnored(item, changes) {
    const ignored = new Set(item.ignoreServiceEdits ?? []);
    return changes.filter((change) => !ignored.has(change.field));
}
function editOf(change, detail, outcome) {
    return {
        field: change.field,
        service: change.from,
        manifest: change.to,
        since: detail.updated_at ?? null,
        outcome,
    };
}
/**
 * The manifest's changes of an existing item, settled against who made each
 * difference: the repository's are written; an edit made in the service is
 * kept (or written back with self-heal, in the run's input or the manifest);
 * a conflict or an unknown writer holds the item.
 */
function settleChanges(item, detail, changes, context) {
    const origins = context.origins?.get(item.file);
    const heal = context.selfHeal === true || item.selfHeal === true;
    const written = [];
    const edits = [];
    for (const change of withoutIgnored(item, changes)) {
        const origin = origins?.get(change.field) ?? { kind: 'repository' };
        if (origin.kind === 'repository') {
            written.push(change);
        }
        else if (heal) {
            written.push(change);
            edits.push(editOf(change, detail, 'healed'));
        }
        else if (origin.kind === 'service') {
            edits.push(editOf(change, detail, 'kept'));
        }
        else if (origin.kind === 'conflict') {
            edits.push({ ...editOf(change, detail, 'conflict'), asked: origin.asked });
        }
        else {
            edits.push({ ...editOf(change, detail, 'unknown'), why: origin.why });
        }
    }
    const conflict = edits.filter((edit) => edit.outcome === 'conflict').map((edit) => edit.field);
    const unknown = edits.filter((edit) => edit.outcome === 'unknown').map((edit) => edit.field);
    const hold = conflict.length + unknown.length > 0 ? { kind: 'service_edit', conflict, unknown } : null;
    return { changes: hold === null ? written : [], edits, hold };
}

;// CONCATENATED MODULE: ./src/plan/content-steps.ts




function editStep(item, detail, changes, cancel) {
    return { kind: 'edit', changes, cancelGeneration: cancel, send: putBody(changes, item.fields, detail) };
}
function contentSteps(item, detail, target, context) {
    if (detail === null) {
        const create = { kind: 'create', fields: createFields(item.fields) };
        return { steps: [create], holds: [], drift: [], status: 'NEW', reason: 'never_rendered', final: false };
    }
    const asked = fieldChanges(item.fields, detail, context.personaChanged?.has(item.file) ?? true);
    const settled = settleChanges(item, detail, asked, context);
    const edited = settled.edits.length > 0 ? { serviceEdits: settled.edits } : {};
    if (settled.hold !== null)
        return { ...phase([], detail.status, { final: true, holds: [settled.hold] }), ...edited };
    return { ...existingItem(item, detail, settled.changes, target, context), ...edited };
}
/** The steps of an item the service holds, for the changes this plan writes. */
function existingItem(item, detail, changes, target, context) {
    const waiting = parkedOrBetween(item, detail, target);
    // Edits wait for the next run; what is left (a render of a parked voiceover, an upload) goes on from where it parked.
    if (waiting.length > 0 && changes.length > 0)
        return phase(waiting, detail.status, { final: true });
    if (detail.status === 'UPLOADED')
        return publishedItem(item, detail, changes, target, context, waiting);
    const edited = editsOf(item, detail, changes, context);
    const steps = [...waiting, ...edited.steps];
    if (RUNNING_STATUSES.has(edited.status))
        steps.push({ kind: 'wait', status: edited.status });
    return { ...edited, steps };
}
function phase(steps, status, more = {}) {
    return { steps, holds: [], drift: [], status, reason: null, final: false, ...more };
}
/**
 * A run that may be between two phases, or the stale snapshot of one that
 * parked: not a running status, but progress the service still shows. The
 * wait tells them apart (plan/inflight.ts).
 */
function parkedOrBetween(item, detail, target) {
    const oneRequest = target !== null && uploadCannotCarry(target.options).length > 0;
    const inFlight = mayBeInFlight(detail.status, detail.progress, publishesInOneRun(item, oneRequest));
    return !RUNNING_STATUSES.has(detail.status) && inFlight ? [{ kind: 'wait', status: detail.status }] : [];
}
/** The published video cannot change (A16): script, settings and publication differences are drift. */
function publishedItem(item, detail, changes, target, context, waiting) {
    const drift = changes
        .filter((change) => SCRIPT_FIELDS.has(change.field))
        .map((change) => ({ field: change.field, remote: change.from, desired: change.to }));
    drift.push(...settingsChanges(item.render, detail.video_settings));
    drift.push(...accountsDrift(detail, target), ...publishDrift(item, context.publishedWith));
    const edits = changes.filter((change) => !SCRIPT_FIELDS.has(change.field));
    const steps = edits.length > 0 ? [...waiting, editStep(item, detail, edits, false)] : waiting;
    return { ...phase(steps, 'UPLOADED'), drift };
}
/**
 * The edits of an item that is not published: sent at once when nothing is
 * generating; a script edit returns the item to NEW (A16). A generating item
 * is edited only with cancel-running, which stops the job (A17), and never
 * while it publishes.
 */
function editsOf(item, detail, changes, context) {
    const status = detail.status;
    if (changes.length === 0)
        return phase([], status);
    const scriptChanged = changes.some((change) => SCRIPT_FIELDS.has(change.field));
    if (!RUNNING_STATUSES.has(status)) {
        const edit = editStep(item, detail, changes, false);
        return scriptChanged ? phase([edit], 'NEW', { reason: 'script_changed' }) : phase([edit], status);
    }
    if (context.cancelRunning && status !== 'UPLOADING') {
        const reason = scriptChanged ? 'script_changed' : 'never_rendered';
        return phase([editStep(item, detail, changes, true)], 'NEW', { reason });
    }
    return { ...phase([], status), holds: [{ kind: 'generating', status }] };
}

;// CONCATENATED MODULE: ./src/plan/video-steps.ts





const video_steps_DAY_MS = 86_400_000;
function timingOf(item, target, standing, context) {
    if (target === null)
        return { due: false, late: false, holds: [] };
    const at = item.publish?.at ?? null;
    const now = context.now.getTime();
    const passedMs = at === null ? 0 : now - Date.parse(at);
    const windowMs = context.lateWindowMs ?? DEFAULT_LATE_WINDOW_MS;
    // Time a freeze held work the item still needs does not count: a schedule that fell in one is caught up when it ends.
    const needs = [
        'publish',
        ...(standing.needsRender ? ['render'] : []),
        ...(standing.exists ? [] : ['edit']),
    ];
    const late = at !== null &&
        passedMs > windowMs &&
        item.publish?.late !== 'publish' &&
        openSince(context.release, needs, { at: Date.parse(at), now }, windowMs) > windowMs;
    if (late)
        return { due: false, late, holds: [{ kind: 'late', at, days: Math.floor(passedMs / video_steps_DAY_MS) }] };
    if (passedMs < 0) {
        // Scheduled: and, when a freeze or a paused account holds it then, that too.
        const then = publicationBlock(context.release, target, Date.parse(at));
        return { due: false, late, holds: [{ kind: 'scheduled', at: at }, ...(then ? [then] : [])] };
    }
    const blocked = publicationBlock(context.release, target, now);
    return { due: blocked === null, late, holds: blocked ? [blocked] : [] };
}
/** Why the video must be rendered when nothing the item's own steps did asks for it; null when it need not be. */
function renderReason(item, detail, standing) {
    const { status } = standing;
    if (standing.reason !== null)
        return standing.reason;
    if (status === 'UPLOADED' || RUNNING_STATUSES.has(status))
        return null;
    if (FAILED_STATUSES.has(status) && status !== 'FAILED_UPLOAD')
        return 'retry_failed';
    if (status === 'NEW' || status === 'AUDIO_PROCESSED')
        return 'never_rendered';
    if (RENDERED_STATUSES.has(status) &&
        detail !== null &&
        settingsChanges(item.render, detail.video_settings).length > 0)
        return 'settings_changed';
    return null;
}
/** The render and publication of an item that is not a draft. */
function videoSteps(item, detail, summary, target, standing, context) {
    const reason = renderReason(item, detail, standing);
    const needs = { ...standing, needsRender: reason !== null, exists: summary !== null };
    const release = {
        item,
        status: standing.status,
        target,
        summary,
        timing: timingOf(item, target, needs, context),
        // Settings the upload may drop go out only in the one-shot request, whose fields the interface shows.
        cannotCarry: target === null ? [] : uploadCannotCarry(target.options),
    };
    if (RUNNING_STATUSES.has(standing.status))
        return whileRunning(release);
    if (reason !== null)
        return rendering(release, reason);
    if (RENDERED_STATUSES.has(standing.status) && target !== null)
        return rendered(release);
    return { steps: [], holds: [] };
}
/** The holds that say the publication is scheduled, late, frozen or paused, when it is. */
function scheduled(release) {
    return release.timing.holds;
}
/** An upload of the rendered video, once due; held where an upload cannot publish as asked. */
function video_steps_upload(release, retry) {
    const { target, timing, cannotCarry, summary } = release;
    if (target === null || !timing.due)
        return { steps: [], holds: [] };
    if (cannotCarry.length > 0)
        return { steps: [], holds: [{ kind: 'upload_cannot_carry', fields: cannotCarry }] };
    if (retry && summary?.published_url) {
        const platform = summary.published_platform ?? 'an account';
        return { steps: [], holds: [{ kind: 'partly_published', platform }] };
    }
    return { steps: [{ kind: 'upload', publish: target, retry }], holds: [] };
}
/** A run in flight: a stepwise render parks at VIDEO_PROCESSED, and is published after the wait when due. */
function whileRunning(release) {
    if (release.target === null || release.status === 'UPLOADING')
        return { steps: [], holds: [] };
    const uploaded = release.item.flow === 'stepwise' ? video_steps_upload(release, false) : { steps: [], holds: [] };
    return { steps: uploaded.steps, holds: [...uploaded.holds, ...scheduled(release)] };
}
/** A render; the one-shot request carries the publication when it is due, a stepwise item uploads after it. */
function rendering(release, reason) {
    const { item, target, timing, cannotCarry } = release;
    const oneRequest = item.flow === 'oneshot' || cannotCarry.length > 0;
    // Rendering now would park a video that no upload may publish as asked: render at publish.at.
    if (item.flow === 'stepwise' && cannotCarry.length > 0 && target !== null && !timing.due && !timing.late)
        return { steps: [], holds: scheduled(release) };
    const render = {
        kind: 'render',
        reason,
        render: item.render,
        publish: oneRequest && timing.due ? target : null,
    };
    const uploaded = oneRequest ? { steps: [], holds: [] } : video_steps_upload(release, false);
    return { steps: [render, ...uploaded.steps], holds: [...uploaded.holds, ...scheduled(release)] };
}
/**
 * Already rendered: published with an upload, never by rendering again,
 * unless the upload cannot carry the settings; then the one request that can
 * carries them, and the plan says it renders again.
 */
function rendered(release) {
    const { item, status, target, timing, cannotCarry, summary } = release;
    const partly = status === 'FAILED_UPLOAD' && Boolean(summary?.published_url);
    if (target !== null && cannotCarry.length > 0 && timing.due && !partly) {
        const render = {
            kind: 'render',
            reason: 'publish_in_one_request',
            render: item.render,
            publish: target,
        };
        return { steps: [render], holds: scheduled(release) };
    }
    const uploaded = video_steps_upload(release, status === 'FAILED_UPLOAD');
    return { steps: uploaded.steps, holds: [...uploaded.holds, ...scheduled(release)] };
}

;// CONCATENATED MODULE: ./src/plan/plan.ts












/** The publication a manifest asks for, with its accounts resolved; null below the published stage. */
function targetOf(item, accounts) {
    if (item.stage !== 'published' || item.publish === null)
        return null;
    return {
        accounts,
        options: { ...item.publish.options, account_ids: accounts.map((account) => account.id) },
    };
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
    if (detail !== null && !isKnownStatus(detail.status))
        return held({ kind: 'unknown_value', field: 'status', value: detail.status });
    const odd = accounts.find((account) => !isKnownPlatform(account.platform));
    if (odd)
        return held({ kind: 'unknown_value', field: 'account platform', value: odd.platform });
    return null;
}
/**
 * What the service must do for one item, before permissions are taken into
 * account: the item's own steps (content-steps.ts), then its render and
 * publication (video-steps.ts) from where those leave it, less what a
 * pause or a freeze holds (release-control.ts).
 */
function planSteps(item, detail, summary, target, context) {
    const content = contentSteps(item, detail, target, context);
    const { holds, drift } = content;
    const edits = content.serviceEdits ? { serviceEdits: content.serviceEdits } : {};
    if (content.final || item.stage === 'draft')
        return { ...releaseControl(content, item, context), drift, ...edits };
    const video = videoSteps(item, detail, summary, target, content, context);
    const planned = { steps: [...content.steps, ...video.steps], holds: [...holds, ...video.holds] };
    return { ...releaseControl(planned, item, context), drift, ...edits };
}
/** How a publication goes out: in the generation request, or with an upload. */
function publishVia(item, planned, target) {
    if (target === null)
        return null;
    const publishing = planned.steps.find((step) => publicationOf(step) !== null);
    if (publishing)
        return publishing.kind === 'render' ? 'oneshot' : 'upload';
    if (planned.holds.some((hold) => hold.kind === 'upload_cannot_carry' || hold.kind === 'partly_published'))
        return null;
    const cannotCarry = uploadCannotCarry(target.options).length > 0;
    // Nothing publishes in this run: a later run does, with an upload once the video is rendered, or in one
    // request with the render when the upload cannot carry the settings.
    return item.flow === 'stepwise' && cannotCarry && !renders(planned.steps) ? 'oneshot' : 'upload';
}
/** Applies what this run may do: held steps become holds, so the plan says why they do not happen. */
function restrict(planned, context, flow) {
    const { permissions, mode } = context;
    let { steps } = planned;
    const holds = [...planned.holds];
    const publishBy = permissions.publishDisabledBy ?? (mode === 'apply' ? 'input' : 'event');
    // Plan mode shows what an apply would do; only a `publish: false` input changes that.
    if (!permissions.publish && (mode === 'apply' || publishBy === 'input')) {
        if (publishes(steps)) {
            // A stepwise render that carries its publication (settings an upload cannot carry) would park a
            // video that no upload may publish as asked: it waits for the run that may publish.
            steps = steps
                .filter((step) => step.kind !== 'upload')
                .filter((step) => !(step.kind === 'render' && publicationOf(step) !== null && flow === 'stepwise'))
                .map((step) => (step.kind === 'render' ? { ...step, publish: null } : step));
            holds.push({ kind: 'publish_disabled', by: publishBy });
        }
    }
    if (!permissions.render && mode === 'apply' && renders(steps)) {
        steps = steps.filter((step) => step.kind !== 'render' && step.kind !== 'upload');
        holds.push({ kind: 'render_disabled', by: 'event' });
    }
    return { ...planned, steps, holds };
}
/** An error of one item alone (Problem.itemOnly): it is held, the others go on, the run fails at the end. */
function itemProblem(item, code, message) {
    const { line, column } = item.location;
    return { severity: 'error', code, file: item.file, line, column, message, itemOnly: true };
}
/**
 * The accounts an item names, resolved against GET /accounts. A listing not
 * proven complete makes an account it lacks an error of this item alone; a
 * listing that could not be read holds every item that names accounts.
 */
function accountsOf(item, observed) {
    if (item.publish === null)
        return { accounts: [], problems: [], held: false };
    if (observed.accountsError) {
        const message = `GET /accounts could not be read (${observed.accountsError}), so the accounts this manifest names cannot be resolved; nothing is done to it in this run.`;
        return { accounts: [], problems: [itemProblem(item, 'accounts_unreadable', message)], held: true };
    }
    const resolved = resolveAccounts(item, observed.accounts);
    if (!observed.accountsGap || resolved.problems.length === 0)
        return { ...resolved, held: false };
    const why = ` GET /accounts was not proven complete (${observed.accountsGap}): this item is held, the others go on.`;
    const problems = resolved.problems.map((problem) => ({
        ...problem,
        message: `${problem.message}${why}`,
        itemOnly: true,
    }));
    return { accounts: resolved.accounts, problems, held: true };
}
/** The steps and holds of one item, with the item-level refusals first (unreadable, unknown values, a rename). */
function plannedFor(matched, detail, resolved, observed, context, unmanaged) {
    const { item, remote } = matched;
    const none = { steps: [], holds: [], drift: [] };
    // A listed item whose detail could not be read is not missing: planning a
    // create for it would make a second item with the same title.
    if ((remote !== null && detail === null) || resolved.held)
        return none;
    const unknown = heldForUnknown(remote === null, detail, resolved.accounts, observed);
    if (unknown !== null)
        return unknown;
    const renamed = renameOf(matched, unmanaged);
    if (renamed !== null)
        return { ...none, holds: [{ kind: 'looks_like_rename', id: renamed.id, title: renamed.title }] };
    const target = targetOf(item, resolved.accounts);
    return restrict(planSteps(item, detail, remote, target, context), context, item.flow);
}
function unreadableProblem(matched, observed) {
    const { item, remote } = matched;
    if (remote === null || observed.details.has(remote.id))
        return [];
    const why = observed.unreadable?.get(remote.id);
    return [
        itemProblem(item, 'unreadable_item', `The item ${remote.id} that this manifest claims is listed by GET /contents but GET /contents/${remote.id} ${why ? `failed (${why})` : 'did not return it'}; nothing is planned for it, the other items go on. Run again; if it persists, the service is inconsistent.`),
    ];
}
function planOne(matched, observed, context, unmanaged) {
    const { item, remote } = matched;
    const detail = remote === null ? null : (observed.details.get(remote.id) ?? null);
    // Accounts are checked whenever they are named, even while the stage stays below published.
    const resolved = accountsOf(item, observed);
    const target = targetOf(item, resolved.accounts);
    const planned = plannedFor(matched, detail, resolved, observed, context, unmanaged);
    const check = publicationCheck(item, detail, remote, target, context);
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
            publication: target,
            publishVia: detail?.status === 'UPLOADED' ? null : publishVia(item, planned, target),
            script: { desired: item.fields.textover ?? null, remote: detail?.textover ?? null },
            ...(check.confirmation ? { confirmation: check.confirmation } : {}),
            ...keptOf(item, detail, planned.steps),
            ...(planned.serviceEdits ? { serviceEdits: planned.serviceEdits } : {}),
        },
        problems: [
            ...resolved.problems,
            ...unreadableProblem(matched, observed),
            ...check.problems,
            ...tiktokWarning(item, target, detail),
        ],
    };
}
/** What the service holds beyond the manifest, shown on an item this plan renders or publishes. */
function keptOf(item, detail, steps) {
    if (detail === null || !steps_generates(steps))
        return {};
    const kept = keptFromService(item.fields, detail);
    return kept.length > 0 ? { kept } : {};
}
/** desired + observed → Plan, in stable order (items by manifest path). */
function plan_plan(desired, observed, context) {
    const matching = context.matching ?? matchItems(desired, observed.contents, context.match);
    const problems = [...matching.problems];
    const items = [];
    const unclaimed = new Set(matching.unmanaged.map((ref) => ref.id));
    const unmanaged = observed.contents.filter((summary) => unclaimed.has(summary.id) && !isMarkedDuplicate(summary.title));
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
    const matching = matchItems(others, observed.contents, { reserved: mine, listUnmanaged: false });
    const accounts = others.flatMap((item) => accountsOf(item, { ...observed, details: new Map() }).problems);
    return [...matching.problems, ...accounts];
}

;// CONCATENATED MODULE: ./src/engine/service-edits.ts








// Who made each difference between a manifest and its item: what the plan
// needs to keep a person's edit made in the service (plan/service-edits.ts).
// Read from what git recorded, never guessed:
// - every value the repository ever asked for a field: the manifest and the
//   `_defaults.yml` above it, at the run's base and in their history. A
//   service that still holds one of them is behind the repository (a run
//   that failed, a schedule not yet run): the manifest's value is written.
// - what pull requests' script previews wrote (their records, when the run
//   has them): a preview's draft is the repository asking on a branch, and
//   main puts it back.
// - the base: a field the change being applied starts to set is the
//   repository's to write; one it sets otherwise than the base did, while
//   the service holds neither, changed on both sides: a conflict.
// A field the service holds nothing in is written as ever: no work is lost.
// Anything else was changed in the service since the repository last asked.
// A draft may also have been written by a preview whose record could not be
// read: that is not known, and the field is held.
/**
 * Fields with rules of their own, never taken for an edit made in the
 * service: a title the service shows otherwise is a rename (held, pin the
 * id to adopt it), and a persona is written only when a commit changed it
 * (plan/types.ts, personaChanged).
 */
const OWN_RULES = new Set(['title', 'persona_id']);
/** The fields one version of a manifest or defaults file asks for, in the plan's terms; {} when unreadable. */
function askedIn(text) {
    let doc;
    try {
        doc = (0,dist/* parse */.qg)(text);
    }
    catch {
        return {}; // an unparsable earlier version asked for nothing
    }
    if (!isRecord(doc))
        return {};
    const asked = {};
    for (const field of ['description', 'full_text', 'textover'])
        if (typeof doc[field] === 'string')
            asked[field] = doc[field];
    const hashtags = hashtagsField.safeParse(doc.hashtags);
    if (hashtags.success)
        asked.hashtags = hashtags.data;
    if (isRecord(doc.fine_tuning))
        asked.fine_tuning = doc.fine_tuning;
    return asked;
}
/** Reads each file's history once for the run: files under one `_defaults.yml` share it. */
class AskedHistory {
    #cache = new Map();
    #readable = null;
    previous;
    constructor(previous) {
        this.previous = previous;
    }
    /** The manifest at the run's base; `no_base` when the run has none (a schedule) or cannot read it. */
    async base(file) {
        this.#readable ??= this.previous.readable?.().catch(() => false) ?? Promise.resolve(false);
        if (!(await this.#readable))
            return { kind: 'none', why: 'no_base' };
        return manifestAtBase(this.previous, file);
    }
    /** What the manifest and the defaults files above it asked for in the history at hand. */
    async of(file) {
        const defaults = defaultsFilesAbove(file).flat();
        const all = await Promise.all([file, ...defaults].map((path) => this.#versions(path)));
        return all.flat();
    }
    #versions(path) {
        let found = this.#cache.get(path);
        if (found === undefined) {
            found = this.#read(path);
            this.#cache.set(path, found);
        }
        return found;
    }
    async #read(path) {
        const texts = [];
        try {
            const atBase = await this.previous.read(path);
            if (atBase !== null)
                texts.push(atBase);
            texts.push(...((await this.previous.earlier?.(path)) ?? []));
        }
        catch {
            // An earlier version that cannot be read asked for nothing this run can name.
        }
        return texts.map(askedIn);
    }
}
/** A field the service holds nothing in: no one's work is there to keep. */
function isEmpty(value) {
    return (value === null ||
        value === undefined ||
        value === '' ||
        (isRecord(value) && Object.keys(value).length === 0));
}
/**
 * How long after an item's creation the service may stamp its own work on
 * it (text put in its normal form, defaults filled in) as an update, within
 * the request that created it. Anything later may be a person's or a
 * script's edit: kept and said, never overwritten, where a wrong guess the
 * other way would lose it.
 */
const CREATION_SETTLES_MS = 50;
/** The service shows the item unchanged since its creation: it holds what its creator wrote, nobody's edit since. */
function unchangedSinceCreated(detail) {
    const created = Date.parse(detail.creation_date ?? '');
    const updated = Date.parse(detail.updated_at ?? '');
    return Number.isFinite(created) && Number.isFinite(updated) && updated - created <= CREATION_SETTLES_MS;
}
/** Who made one difference (see the rules above). */
async function originOf(change, evidence) {
    const { field, from: service, to: manifest } = change;
    const { base, history, detail, previewWrites } = evidence;
    const atBase = base.kind === 'item' ? base.item.fields[field] : undefined;
    const askedAtBase = atBase !== undefined && sameInServiceTerms(field, atBase, service);
    if (isEmpty(service) || askedAtBase)
        return { kind: 'repository' };
    if (base.kind === 'item' && atBase === undefined)
        return { kind: 'repository' };
    if (base.kind === 'none' && base.why === 'not_at_base' && unchangedSinceCreated(detail))
        return { kind: 'repository' };
    // The history is read only when the base does not decide: a catalogue's change touches many files.
    const versions = await history();
    // No base and no history at all (outside a repository, a manifest never committed): there is no
    // earlier ask to tell an edit from, and the manifest being written now is the repository asking.
    if (base.kind === 'none' && base.why === 'no_base' && versions.length === 0)
        return { kind: 'repository' };
    const asked = versions.flatMap((version) => (version[field] === undefined ? [] : [version[field]]));
    if (asked.some((value) => sameInServiceTerms(field, value, service)))
        return { kind: 'repository' };
    const previewed = previewWrites ? await previewWrites.wrote(detail.id, field, service) : null;
    if (previewed === true)
        return { kind: 'repository' };
    if (atBase !== undefined && !sameInServiceTerms(field, atBase, manifest))
        return { kind: 'conflict', asked: atBase };
    // A preview writes only drafts: where its records are unknown, a draft's writer cannot be told.
    if (detail.status === 'NEW' && previewed === null)
        return { kind: 'unknown', why: 'preview_unrecorded' };
    return { kind: 'service' };
}
/**
 * The origins of one item's differences. A manifest new since the base that
 * claims an item the service already holds asks for nothing it asked before:
 * an item changed since its creation holds someone's work, kept like any
 * edit made in the service; one unchanged since is adopted as the manifest says.
 */
async function itemOrigins(history, { item, detail, changes, base }, previewWrites) {
    const origins = new Map();
    let versions = null;
    const evidence = {
        base,
        history: () => (versions ??= history.of(item.file)),
        detail,
        previewWrites,
    };
    for (const change of changes)
        origins.set(change.field, await originOf(change, evidence));
    return origins;
}
/**
 * file → field → origin, for every matched item whose service value differs
 * from its manifest. Undefined when the run has no earlier versions at all
 * (and a manifest with neither a base nor a history is the repository's
 * too): every difference is then the repository's to write, as it always was.
 */
async function serviceEditOrigins(options, matched, details, personaAsked) {
    const previous = options.deps.previous;
    if (!previous)
        return undefined;
    const history = new AskedHistory(previous);
    const differing = matched.flatMap((entry) => {
        const detail = entry.remote === null ? undefined : details.get(entry.remote.id);
        if (detail === undefined)
            return [];
        const changes = withoutIgnored(entry.item, fieldChanges(entry.item.fields, detail, personaAsked(entry.item.file))).filter((change) => !OWN_RULES.has(change.field));
        return changes.length > 0 ? [{ item: entry.item, detail, changes }] : [];
    });
    // The bases are asked all at once (PreviousVersions); a history is a git
    // process of its own, read 8 at a time where a base does not decide.
    const bases = await Promise.all(differing.map(({ item }) => history.base(item.file)));
    const found = await mapLimit(differing, 8, (entry, index) => itemOrigins(history, { ...entry, base: bases[index] }, options.deps.previewWrites));
    return new Map(differing.map(({ item }, index) => [item.file, found[index]]));
}

;// CONCATENATED MODULE: ./src/engine/review-key.ts



// The fingerprints a review is compared by. The pull request's comment keeps
// them for every item (src/github/reviewed-block.ts); the apply after the
// merge computes them again and compares (src/engine/review.ts). The engine
// attaches them to the plan, so that the planner itself hashes nothing.
/** Each plan item with the fingerprints of its manifest and publication (review); items keep their order. */
function withReviewKeys(items, desired) {
    const byFile = new Map(desired.map((item) => [item.file, item]));
    return items.map((item) => {
        const manifest = byFile.get(item.file);
        return manifest ? { ...item, review: reviewKey(manifest, item.publication ?? null) } : item;
    });
}
/** The manifest as planned (what a file says, not where it says it) and the publication it asks for. */
function reviewKey(item, target) {
    const manifest = fingerprint({
        fields: item.fields,
        stage: item.stage,
        flow: item.flow,
        render: item.render,
        publish: item.publish && {
            accounts: item.publish.accounts.map((account) => account.kind === 'id' ? { id: account.id } : { platform: account.platform, name: account.name }),
            at: item.publish.at,
            late: item.publish.late ?? null,
            options: item.publish.options,
        },
    });
    return { manifest, target: targetKey(target, item.publish?.at ?? null) };
}
/** Accounts by id (a reconnected account has a new one), every publication setting, and the instant. */
function targetKey(target, at) {
    if (target === null)
        return null;
    const ids = [...target.options.account_ids].sort();
    return fingerprint({ options: { ...target.options, account_ids: ids }, at });
}
/**
 * How the reviewed plan names a manifest: a fingerprint of its path, so that
 * no text from the repository is written into the hidden block at all.
 */
function fileKey(file) {
    return fingerprint(file).slice('sha256:'.length);
}
/** The script a render of this item starts from: the manifest's textover, else the service's, in the service's terms. */
function scriptKey(item) {
    const script = item.script.desired ?? item.script.remote;
    return script === null ? null : fingerprint(serviceText(script));
}
/** One letter per kind of planned step, and `p` when something is published. */
const STEP_LETTERS = { create: 'c', edit: 'e', render: 'r', upload: 'u', publish: 'p', wait: 'w' };
/**
 * The planned steps in a few letters (`crp`: create, render, publish): what a
 * review saw would happen. What a pause or a freeze held counts as shown: a
 * plan reviewed while the catalogue was paused showed the render the merge
 * then does once the pause is over.
 */
function stepsKey(steps, holds = []) {
    const kinds = new Set(steps.map((step) => step.kind));
    if (publishes(steps))
        kinds.add('publish');
    for (const work of heldWork(holds))
        kinds.add(work);
    return Object.entries(STEP_LETTERS)
        .filter(([kind]) => kinds.has(kind))
        .map(([, letter]) => letter)
        .join('');
}
/** What the pauses and freezes among `holds` kept from happening. */
function heldWork(holds) {
    return holds.flatMap((hold) => (hold.kind === 'paused' || hold.kind === 'frozen' ? hold.held : []));
}
/** Whether steps written by stepsKey include a render. */
const review_key_rendered = (key) => key.includes(STEP_LETTERS.render);

;// CONCATENATED MODULE: ./src/engine/review.ts



// What was reviewed is what ships. The pull request's comment keeps, per
// item, fingerprints of what reviewers saw; the apply on the default branch
// compares what it is about to render or publish with them. An item that
// differs in a way that matters is held (its renders and publications are
// not sent; creates and edits of drafts go on), the rest proceeds. No I/O:
// the action reads the comments from GitHub and hands them in.
/** 2: the block carries a seal (src/github/reviewed-block.ts); a block of version 1 verifies no more. */
const REVIEWED_PLAN_VERSION = 2;
/**
 * Every item of a plan as reviewers see it, by fileKey, with the preview
 * render they watched (`watched`, by file); items that render or publish
 * first (a trimmed block keeps them).
 */
function reviewedItemsOf(plan, watched = new Map()) {
    const entries = [];
    for (const item of plan.items) {
        if (!item.review)
            continue;
        const render = watched.get(item.file);
        const entry = {
            m: item.review.manifest,
            s: scriptKey(item),
            t: item.review.target,
            k: stepsKey(item.steps, item.holds),
            ...(render === undefined ? {} : { r: render }),
        };
        entries.push([fileKey(item.file), entry, renders(item.steps) || publishes(item.steps)]);
    }
    return [...entries.filter((e) => e[2]), ...entries.filter((e) => !e[2])].map(([file, entry]) => [
        file,
        entry,
    ]);
}
/** The plan with every render and publication that was not reviewed held. */
function gateByReview(plan, gate) {
    const unreviewed = [];
    let held = 0;
    const items = plan.items.map((item) => {
        if (!renders(item.steps) && !publishes(item.steps))
            return item;
        const hold = verdictFor(item, gate);
        if (hold === null)
            return item;
        if (gate.require === 'warn' && warnLetsThrough(hold)) {
            unreviewed.push({ file: item.file, why: hold.why });
            return item;
        }
        held++;
        return {
            ...item,
            steps: item.steps.filter((step) => step.kind !== 'render' && step.kind !== 'upload'),
            holds: [...item.holds, hold],
        };
    });
    const steps = items.flatMap((item) => item.steps);
    return {
        plan: { ...plan, items, publications: publicationsOf(steps), statedScopes: statedScopes(steps) },
        unreviewed,
        held,
    };
}
/**
 * What require-review: warn lets through with a warning: an item no reviewed
 * plan covers. A plan block that does not verify is not that: someone
 * changed what the action wrote, so it holds whatever the setting.
 */
function warnLetsThrough(hold) {
    return hold.kind === 'not_reviewed' && hold.why !== 'unverified';
}
function verdictFor(item, gate) {
    const { evidence } = gate;
    const notReviewed = (why, source) => ({
        kind: 'not_reviewed',
        why,
        pr: source?.pr ?? null,
        url: source?.url ?? null,
    });
    if (evidence.kind === 'direct_push')
        return notReviewed('direct_push');
    if (evidence.kind === 'unavailable')
        return notReviewed('unreadable');
    const withPlan = evidence.sources.filter((source) => source.plan !== null);
    const unverified = evidence.sources.find((source) => source.unverified);
    if (withPlan.length === 0) {
        return unverified ? notReviewed('unverified', unverified) : notReviewed('no_plan', evidence.sources[0]);
    }
    let first = null;
    for (const source of withPlan) {
        const reviewed = source.plan;
        const stale = source.head !== null && reviewed.head !== null && reviewed.head !== source.head;
        const entry = reviewed.items[fileKey(item.file)];
        let changes;
        if (entry)
            changes = differences(item, entry);
        // A manifest the plan does not list, although it lists every item: added after the reviewed head.
        else if (stale && reviewed.omitted === 0)
            changes = ['manifest'];
        else {
            first ??= notReviewed('not_in_plan', source);
            continue;
        }
        if (changes.length === 0)
            return null;
        first ??= {
            kind: 'changed_since_review',
            pr: source.pr,
            url: source.url,
            changes,
            reviewedHead: stale ? reviewed.head : null,
            mergedHead: stale ? source.head : null,
        };
    }
    // A plan that does not list the item says less than a block someone tampered with.
    return first?.kind === 'not_reviewed' && unverified ? notReviewed('unverified', unverified) : first;
}
/** What this apply would do to an item that its review did not show. */
function differences(item, reviewed) {
    const changes = [];
    if (item.review?.manifest !== reviewed.m)
        changes.push('manifest');
    if (renders(item.steps)) {
        if (scriptKey(item) !== reviewed.s)
            changes.push('script');
        if (!review_key_rendered(reviewed.k))
            changes.push('render');
    }
    if (publishes(item.steps)) {
        if (reviewed.t === null)
            changes.push('publication');
        else if (item.review?.target !== reviewed.t)
            changes.push('target');
    }
    return changes;
}

;// CONCATENATED MODULE: ./src/engine/reviewed-render.ts




// The reviewed render ships. A pull request's preview render (preview-render.ts)
// is the item itself, rendered and parked: at the merge the plan publishes it
// with an upload, as any rendered video, no second render and no second
// charge. The sealed reviewed plan says which render reviewers watched (the
// item and a fingerprint of what it was made from); an item whose manifest,
// as main now has it, is not what that render was made from (changed since
// the preview, or put back to main's values) is rendered again, and the plan
// says why. A preview that matches goes on as planned.
/** The preview render reviewers watched of the item at `file`, from the reviewed plans; undefined when none. */
function watchedRender(file, gate) {
    if (gate.evidence.kind !== 'pulls')
        return undefined;
    for (const source of gate.evidence.sources) {
        const render = source.plan?.items[fileKey(file)]?.r;
        if (render !== undefined)
            return render;
    }
    return undefined;
}
/** The item rendered again because it changed since its preview: the render's reason says so. */
function renderedAgain(item, manifest) {
    if (item.steps.some((step) => step.kind === 'render')) {
        const steps = item.steps.map((step) => step.kind === 'render' ? { ...step, reason: 'changed_since_preview' } : step);
        return { ...item, steps };
    }
    const status = item.remote?.status;
    const parked = status !== undefined && RENDERED_STATUSES.has(status) && status !== 'FAILED_UPLOAD';
    // A freeze or a pause that holds the item holds this render too; a later run renders it.
    if (!parked || item.holds.some((hold) => hold.kind === 'frozen' || hold.kind === 'paused'))
        return item;
    const upload = item.steps.find((step) => step.kind === 'upload');
    const oneshot = item.flow === 'oneshot';
    const render = {
        kind: 'render',
        reason: 'changed_since_preview',
        render: manifest.render,
        publish: oneshot && upload !== undefined ? upload.publish : null,
    };
    const rest = item.steps.filter((step) => step.kind !== 'upload');
    const steps = [...rest, render, ...(!oneshot && upload !== undefined ? [upload] : [])];
    return {
        ...item,
        steps,
        publishVia: upload === undefined ? item.publishVia : oneshot ? 'oneshot' : 'upload',
    };
}
/** The plan with every item changed since the preview render its review watched rendered again. */
function withReviewedRenders(plan, gate, desired) {
    const byFile = new Map(desired.map((item) => [item.file, item]));
    let changed = false;
    const items = plan.items.map((item) => {
        const watched = watchedRender(item.file, gate);
        const manifest = byFile.get(item.file);
        if (watched === undefined || manifest === undefined || item.remote === null)
            return item;
        if (reviewedRenderKey(item.remote.id, renderFingerprint(manifest)) === watched)
            return item;
        changed = true;
        return renderedAgain(item, manifest);
    });
    if (!changed)
        return plan;
    const steps = items.flatMap((item) => item.steps);
    return { ...plan, items, publications: publicationsOf(steps), statedScopes: statedScopes(steps) };
}

;// CONCATENATED MODULE: ./src/engine/plan-stage.ts















// The planning stage of a run: the observed state, read with what git knows
// of the manifests' earlier versions, becomes the plan (src/plan/, pure),
// with the review's verdict and every problem of the catalogue said.
/** The plan of this shard's manifests; problems and notes go to the report. */
async function planStage(options, { load, rules }, observation, report) {
    const { settings, deps, seams } = options;
    // Other shards' manifests, and in a change's plan the unchanged ones, are
    // checked and keep their items, but are not read in detail nor planned.
    const { mine, others } = splitPlanned(load.items, await plansFile(options));
    const sharded = settings.shard !== undefined && settings.shard.count > 1;
    const scope = await planScope(options, load);
    if (scope)
        report.scope = scope;
    // Each item of this shard was named as it was parsed, and its detail read
    // started once its listing page arrived; what is planned waits for the
    // whole, proven listing.
    const listing = await observation.listing;
    report.accountsRead = { error: listing.accountsError, gap: listing.accountsGap };
    // Manifests left unparsed claim items nobody here knows: no item is called
    // unmanaged, and none is taken for one a manifest was renamed from.
    const everyClaim = load.unparsed === undefined;
    const match = {
        previousTitles: everyClaim
            ? await previousTitles(options, mine, load.items, listing.contents)
            : new Map(),
        reserved: others,
        listUnmanaged: !sharded && everyClaim,
    };
    const matching = matchItems(mine, listing.contents, match);
    const { matched } = matching;
    const ids = matched.flatMap((entry) => (entry.remote ? [entry.remote.id] : []));
    const { read: details, unreadable } = await observation.reads.settle(ids);
    const personaChanged = await personasAsked(options, matched, details, report);
    const origins = await serviceEditOrigins(options, matched, details, (file) => personaChanged?.has(file) ?? true);
    const planned = plan_plan(mine, { ...listing, details, unreadable }, {
        mode: settings.mode,
        now: seams?.now?.() ?? new Date(),
        permissions: settings.permissions,
        cancelRunning: settings.cancelRunning,
        match,
        matching,
        publishedWith: await publishedWith(deps.previous, publishedItems(matched, details)),
        ...(personaChanged === null ? {} : { personaChanged }),
        ...(origins === undefined ? {} : { origins }),
        ...(settings.selfHeal === true ? { selfHeal: true } : {}),
        lateWindowMs: settings.lateWindowMs,
        release: withUnseenPauses(rules, listing.accounts, listing.accountsError === null && listing.accountsGap === null),
    });
    const reach = await withPreviewReach(options, reviewed({ ...planned, items: withReviewKeys(planned.items, mine) }, options, report, mine), report);
    const plan = await choosePreviewRenders(options, reach, mine);
    report.notes.push(...heldCreatesNote(plan, listing.contentsGap));
    report.problems.push(...plan.problems);
    if (others.length > 0)
        report.problems.push(...otherShardProblems(others, mine, listing));
    report.problems.push(...unplannedAccountProblems(load, listing));
    if (listing.accountsError === null && listing.accountsGap === null)
        report.problems.push(...pausedAccountProblems(load.release ?? null, listing.accounts));
    return plan;
}
/** Published videos: what they were published with is read from git, to report later changes as drift. */
function publishedItems(matched, details) {
    return matched.flatMap((entry) => entry.remote !== null && details.get(entry.remote.id)?.status === 'UPLOADED' ? [entry.item] : []);
}
/** The earlier titles of this shard's manifests that may have been renamed from an unclaimed remote item. */
async function previousTitles(options, items, everyShard, contents) {
    const titles = new Map();
    const previous = options.deps.previous;
    const orphans = orphanTitles(everyShard, contents);
    if (!previous || orphans.size === 0)
        return titles;
    const candidates = renameCandidates(items, contents);
    const found = await mapLimit(candidates, 8, (item) => previousTitle(previous, item, orphans));
    candidates.forEach((item, index) => {
        const title = found[index];
        if (title)
            titles.set(item.file, title);
    });
    return titles;
}
/**
 * The manifests whose persona the service shows otherwise and whose change
 * set it since the base commit: only those are sent it (PlanContext). The
 * others are counted in one note. Null when there are no earlier versions.
 */
async function personasAsked(options, matched, details, report) {
    const previous = options.deps.previous;
    if (!previous)
        return null;
    const differing = matched.flatMap((entry) => {
        const detail = entry.remote === null ? undefined : details.get(entry.remote.id);
        return detail && personaDifference(entry.item.fields, detail) !== null ? [entry.item] : [];
    });
    const changed = await mapLimit(differing, 8, (item) => personaChangedSince(previous, item));
    const asked = new Set(differing.filter((_, index) => changed[index]).map((item) => item.file));
    const kept = differing.length - asked.size;
    if (kept > 0)
        report.notes.push(`${kept} item(s) show a persona other than their manifest's (the service's own, or one set on the ` +
            "service). A manifest's persona is sent when a commit changes it; this run leaves those as they are.");
    return asked;
}
/**
 * What was reviewed is what ships: an item changed since the preview render
 * reviewers watched is rendered again, and renders and publications the
 * review did not show are held.
 */
function reviewed(plan, options, report, mine) {
    const gate = options.deps.review;
    if (!gate)
        return plan;
    const verdict = gateByReview(withReviewedRenders(plan, gate, mine), gate);
    report.review = { held: verdict.held, unreviewed: verdict.unreviewed };
    return verdict.plan;
}
/**
 * Creates held because GET /contents is not proven complete (A7): said once
 * for the run, with why and what to do, rather than once per item.
 */
function heldCreatesNote(plan, gap) {
    const held = plan.items.filter((item) => item.holds.some((hold) => hold.kind === 'listing_incomplete'));
    if (gap === null || held.length === 0)
        return [];
    return [
        `${held.length} new item(s) are not created in this run: GET /contents could not be proven complete (${gap}), ` +
            'so any of them may already exist on a part of the listing not read, and creating it would make a second one. ' +
            'Items that match are planned and applied as usual. `content-as-code doctor` shows how the service answers its ' +
            'listing; an item created in the service (its web app) and pinned with `id:` is managed without a create.',
    ];
}
/**
 * Manifests with errors are not planned; the accounts they name are looked
 * up all the same, where the listing of accounts is whole (an account it
 * might lack is no mistake to report).
 */
function unplannedAccountProblems(load, listing) {
    if (listing.accountsError !== null || listing.accountsGap !== null)
        return [];
    const valid = new Set(load.items.map((item) => item.file));
    const unplanned = load.outlines.filter((outline) => !valid.has(outline.file));
    return outlineAccountProblems(unplanned, listing.accounts);
}

;// CONCATENATED MODULE: ./src/engine/preview-report.ts
/** The signed links of the rendered previews, by item id; never in any serialisation of the report. */
class PreviewLinks {
    #links = new Map();
    set(id, video, thumbnail) {
        this.#links.set(id, { video, thumbnail });
    }
    get(id) {
        return this.#links.get(id) ?? null;
    }
    toJSON() {
        return {};
    }
}

;// CONCATENATED MODULE: ./src/engine/preview-results.ts





// What a pull request's preview renders came to (preview-report.ts holds the
// report's shape and the links kept apart from it): read once the apply is
// over, for the comment.
const EPOCH = /^\d{9,11}$/;
/** The instant a signed URL stops working, where its query says (epoch seconds, an ISO date, or S3's date + lifetime). */
function expiryOf(url) {
    let query;
    try {
        query = new URL(url).searchParams;
    }
    catch {
        return null;
    }
    const lower = new Map([...query].map(([key, value]) => [key.toLowerCase(), value]));
    for (const key of ['expires', 'x-expires', 'exp', 'se']) {
        const value = lower.get(key);
        if (value === undefined)
            continue;
        const ms = EPOCH.test(value) ? Number(value) * 1000 : Date.parse(value);
        if (Number.isFinite(ms))
            return new Date(ms).toISOString();
    }
    const amzDate = lower.get('x-amz-date');
    const amzExpires = Number(lower.get('x-amz-expires'));
    const start = amzDate?.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z');
    const startMs = start === undefined ? NaN : Date.parse(start);
    return Number.isFinite(startMs) && Number.isFinite(amzExpires)
        ? new Date(startMs + amzExpires * 1000).toISOString()
        : null;
}
/** Why a chosen preview did not come to a rendered video, from what the apply met. */
function whyNot(result) {
    if (result === undefined)
        return 'not_sent';
    const holds = result.holds ?? [];
    if (holds.some((hold) => hold.kind === 'preview_credits'))
        return 'credits';
    if (holds.some((hold) => hold.kind === 'frozen'))
        return 'freeze';
    if (holds.some((hold) => hold.kind === 'paused'))
        return 'pause';
    if (result.status !== null && FAILED_STATUSES.has(result.status))
        return 'failed';
    if (result.error !== null)
        return 'failed';
    return result.outcome === 'running' ? 'unfinished' : 'not_sent';
}
/** One preview as the service shows it now. */
async function previewOf(client, item, result) {
    const choice = item.previewRender;
    const base = { file: item.file, line: item.line, title: item.title, expires: null, reviewed: null };
    const id = result?.id ?? item.remote?.id ?? null;
    if (choice.state === 'skipped') {
        // Reviewers watch a render of an earlier version, if any: recorded as one no manifest matches, so the merge renders again.
        const reviewed = choice.why === 'stale' && id !== null ? reviewedRenderKey(id, STALE_RENDER) : null;
        return { preview: { ...base, id, state: 'not_rendered', why: choice.why, reviewed }, links: null };
    }
    const status = result?.status ?? item.remote?.status ?? null;
    const notRendered = (why) => ({
        preview: { ...base, id, state: 'not_rendered', why },
        links: null,
    });
    if (id === null || status === null || !RENDERED_STATUSES.has(status))
        return notRendered(whyNot(result));
    const media = client.mediaLinks
        ? await client.mediaLinks(id)
        : { status: (await client.getContent(id)).status, video: null, thumbnail: null };
    if (!RENDERED_STATUSES.has(media.status))
        return notRendered('unfinished');
    const state = choice.state === 'earlier' ? 'earlier' : 'rendered';
    const reviewed = reviewedRenderKey(id, choice.fingerprint);
    const expires = media.video === null ? null : expiryOf(media.video);
    return {
        preview: { ...base, id, state, why: null, expires, reviewed },
        links: media.video === null ? null : { video: media.video, thumbnail: media.thumbnail },
    };
}
/** The previews of a pull request's run, read back from the service after its writes; a failed read is a note. */
async function reportPreviews(client, plan, report) {
    const items = plan.items.filter((item) => item.previewRender !== undefined);
    if (items.length === 0)
        return;
    const results = new Map((report.result?.items ?? []).map((result) => [result.file, result]));
    const links = new PreviewLinks();
    try {
        const watched = await mapLimit(items, 4, (item) => previewOf(client, item, results.get(item.file)));
        for (const { preview, links: link } of watched) {
            if (link !== null && preview.id !== null)
                links.set(preview.id, link.video, link.thumbnail);
        }
        report.previews = watched.map((entry) => entry.preview);
        report.previewLinks = links;
    }
    catch (error) {
        report.notes.push(`The preview renders could not be read back: ${describeError(error)}`);
    }
}

;// CONCATENATED MODULE: ./src/engine/engine.ts











// The one pipeline both the action and the CLI run:
// manifests -> observed state -> plan -> apply -> results.
const elapsed = (since) => Math.round(monotonicMs() - since);
/** The one pipeline: load → observe → plan → preflight → apply → results. */
async function runEngine(given) {
    const options = withRememberedVersions(given);
    const { settings, deps, seams } = options;
    const started = monotonicMs();
    // The listing does not depend on the manifests: it is read while they are
    // found and parsed (10,000 of them take seconds), and each item of this
    // shard is read in detail once its manifest is parsed and its page is in.
    const observation = settings.mode !== 'validate' && deps.client
        ? startObservation(deps.client, seams?.readConcurrency ?? DEFAULT_READ_CONCURRENCY)
        : null;
    // A change's plan names only what the change touches: a name waits for git
    // to tell the change. A change that fails fails the plan stage, which awaits it too.
    const plans = plansFile(options);
    askBasesAhead(options, plans);
    const focus = parseFocus(options);
    try {
        const load = await loadManifests({
            cwd: settings.cwd,
            pattern: settings.manifests,
            onNamed: (named) => {
                void plans.then((planned) => planned(named.file) && observation?.name([named]), () => undefined);
            },
            // Workers free the main thread for the service's answers; with none to read, they only cost their start.
            ...(observation === null ? { workers: 0 } : {}),
            ...(focus === undefined ? {} : { focus }),
        });
        // The release file and the run's inputs, read once for the plan, the report and every send.
        const rules = releaseRules(load.release ?? null, runRelease(options.settings));
        const report = emptyReport(options, load, rules, elapsed(started));
        if (stopsBeforeService(options, load, report))
            return report;
        return await withService(options, { load, rules }, observation, report);
    }
    finally {
        await observation?.stop();
    }
}
function emptyReport(options, load, rules, loadMs) {
    const { settings, seams } = options;
    const now = seams?.now?.() ?? new Date();
    const control = load.release ?? null;
    return {
        mode: settings.mode,
        load,
        plan: null,
        result: null,
        // Every run says what is paused or frozen, and warns of a pause left on too long, whatever its mode.
        release: releaseStatus(load.items, rules, now),
        problems: [...load.problems, ...pauseWarnings(control, load.items, now)],
        fatal: null,
        creditsBefore: null,
        creditsAfter: null,
        notes: [],
        timings: { loadMs, planMs: 0, applyMs: 0 },
    };
}
/** The run's earlier versions, each asked once (rememberedVersions). */
function withRememberedVersions(options) {
    const { previous } = options.deps;
    return previous
        ? { ...options, deps: { ...options.deps, previous: rememberedVersions(previous) } }
        : options;
}
/** An empty catalogue nobody asked for, or a validate run: the report is complete without the service. */
function stopsBeforeService(options, load, report) {
    const { settings, seams } = options;
    if (load.files.length === 0 && !settings.allowEmpty) {
        report.fatal =
            `No manifest matches ${settings.manifests}: check the pattern and the folder it is relative to. ` +
                'An empty catalogue is accepted only when asked for: --allow-empty, or the action input allow-empty: true.';
        return true;
    }
    if (settings.mode !== 'validate')
        return false;
    report.problems.push(...pastSchedules(load.items, seams?.now?.() ?? new Date()));
    return true;
}
/** What the run's own settings add to the release file: the pause input, override-freeze. */
function runRelease(settings) {
    return { pause: settings.pause ?? null, overrideFreeze: settings.overrideFreeze ?? false };
}
/** Plan, then carry it out; anything unrecoverable is the report's one fatal error. */
async function withService(options, { load, rules }, observation, report) {
    const client = options.deps.client;
    // The observation started with the run whenever there is a client to read through.
    if (!client || observation === null) {
        report.fatal = `Mode ${options.settings.mode} needs the service: give an API key and a base URL.`;
        return report;
    }
    try {
        const planStarted = monotonicMs();
        const plan = await planStage(options, { load, rules }, observation, report);
        report.plan = plan;
        report.timings.planMs = elapsed(planStarted);
        await options.deps.onPlan?.(plan, report);
        await execute(options, client, { plan, rules }, report);
        await reportPreviews(client, plan, report);
    }
    catch (error) {
        report.fatal = describeError(error);
    }
    return report;
}

// EXTERNAL MODULE: external "node:child_process"
var external_node_child_process_ = __webpack_require__(1421);
;// CONCATENATED MODULE: ./src/git/history.ts

// Earlier versions of manifests, to recognise a renamed title. The engine
// only knows the PreviousVersions interface: git (here) and the PR's file
// listing (for shallow clones that cannot fetch, in the action layer) both
// implement it.
/** One git command in `cwd`; never throws: `ok` says whether it succeeded. */
function git(cwd, args, timeout = 0) {
    return new Promise((resolve) => {
        (0,external_node_child_process_.execFile)('git', args, 
        // A listing of 100,000 paths fits; a larger answer fails, and the caller reads everything.
        { cwd, maxBuffer: 64 * 1024 * 1024, encoding: 'utf8', timeout, env: gitEnv() }, (error, stdout) => resolve({ ok: error === null, stdout }));
    });
}
/** Never wait for a password prompt: a fetch without credentials fails instead. */
function gitEnv() {
    return { ...process.env, GIT_TERMINAL_PROMPT: '0' };
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
/**
 * Files as commits had them, read by `git cat-file --batch --follow-symlinks`:
 * the reads asked for in the same turn of the event loop go to one git
 * process, so a plan that reads the base of many manifests (and the
 * `_defaults.yml` above each) starts a few processes, not one per file.
 */
class BlobReader {
    #cwd;
    #pending = [];
    constructor(cwd) {
        this.#cwd = cwd;
    }
    /**
     * `<ref>:<file>` with the links of that commit followed (a manifest that
     * links to another file, or sits in a linked folder, is what the link led
     * to); null when the ref or the file is absent at that ref, or its link led
     * outside the repository or nowhere.
     */
    read(ref, file) {
        // `./` makes the path relative to cwd rather than to the repository root.
        const name = `${ref}:./${file.replace(/^\.\//, '')}`;
        if (name.includes('\n'))
            return Promise.resolve(null);
        return new Promise((done) => {
            if (this.#pending.length === 0)
                setImmediate(() => void this.#flush());
            this.#pending.push({ name, done });
        });
    }
    async #flush() {
        const batch = this.#pending;
        this.#pending = [];
        const output = await catFileBatch(this.#cwd, batch.map((entry) => entry.name));
        batch.forEach((entry, index) => entry.done(output[index] ?? null));
    }
}
/** One `git cat-file --batch --follow-symlinks` for all `names`: each blob's text, or null. */
function catFileBatch(cwd, names) {
    return new Promise((resolve) => {
        const child = (0,external_node_child_process_.execFile)('git', ['cat-file', '--batch', '--follow-symlinks'], { cwd, maxBuffer: 256 * 1024 * 1024, encoding: 'buffer', env: gitEnv() }, (error, stdout) => resolve(error === null ? batchAnswers(stdout, names.length) : names.map(() => null)));
        // git may exit before it reads its input (outside a repository, a killed
        // child): the broken pipe is already reported through the exit status, so
        // the write's own error must not escape as an unhandled one.
        child.stdin?.on('error', () => undefined);
        child.stdin?.end(names.map((name) => `${name}\n`).join(''));
    });
}
/**
 * The batch's answers in order: `<oid> blob <size>` then the bytes and a
 * newline; `dangling`, `loop`, `notdir` or `symlink` with a size, then that
 * many bytes; `<name> missing` or `ambiguous` alone.
 */
function batchAnswers(out, count) {
    const answers = [];
    let at = 0;
    while (answers.length < count && at < out.length) {
        const end = out.indexOf(10, at);
        if (end === -1)
            break;
        const header = out.subarray(at, end).toString('utf8');
        at = end + 1;
        const sized = /^(?:[0-9a-f]{40,64} (\w+)|dangling|loop|notdir|symlink) (\d+)$/.exec(header);
        if (sized === null) {
            answers.push(null);
            continue;
        }
        const size = Number(sized[2]);
        answers.push(sized[1] === 'blob' ? out.subarray(at, at + size).toString('utf8') : null);
        at += size + 1;
    }
    return answers;
}
/** Reads `<ref>:<file>` with its links followed (BlobReader); null when the ref or the file is absent at that ref. */
function gitPreviousVersions(cwd, ref) {
    const blobs = new BlobReader(cwd);
    return {
        async read(file) {
            if (ref === '' || /^0+$/.test(ref))
                return null; // a push that created the branch has no `before`
            return blobs.read(ref, file);
        },
        earlier(file) {
            return earlierVersions(blobs, cwd, 'HEAD', file);
        },
        async readable() {
            return ref !== '' && !/^0+$/.test(ref) && hasCommit(cwd, ref);
        },
    };
}
/** How many earlier commits of one file are read when the base has no match. */
const HISTORY_DEPTH = 20;
/** `git log` of one file from `ref` back, and the file at each of those commits; [] without history. */
async function earlierVersions(blobs, cwd, ref, file) {
    const path = `./${file.replace(/^\.\//, '')}`;
    const log = await git(cwd, ['log', `-n${HISTORY_DEPTH}`, '--format=%H', ref, '--', path]);
    if (!log.ok)
        return [];
    const shas = log.stdout.split('\n').filter(Boolean);
    const shown = await Promise.all(shas.map((sha) => blobs.read(sha, path)));
    return shown.filter((text) => text !== null);
}
/** True when the commit is in the local repository, or could be fetched into it (fetchCommit). */
async function haveCommit(cwd, sha) {
    return (await hasCommit(cwd, sha)) || fetchCommit(cwd, sha);
}
/** True when `ref` names a commit present in the local repository. */
async function hasCommit(cwd, ref) {
    if (ref === '')
        return false;
    const result = await git(cwd, ['cat-file', '-e', `${ref}^{commit}`]);
    return result.ok;
}

;// CONCATENATED MODULE: ./src/git/file-times.ts


// When each file last changed in the clone's history: a pull request's
// preview renders go to its newest changes first (engine/preview-render.ts).
/**
 * Commit time (ms) of the last commit that touched each file; a file no
 * commit has (new in the working tree) counts as the newest of all, and one
 * git cannot read as the oldest: the order is a preference, never a gate.
 */
async function lastChangedTimes(cwd, files) {
    const times = await mapLimit(files, 4, async (file) => {
        const log = await git(cwd, ['log', '-1', '--format=%ct', '--', file]);
        if (!log.ok)
            return 0;
        const seconds = Number(log.stdout.trim());
        return log.stdout.trim() === '' ? Number.MAX_SAFE_INTEGER : Number.isFinite(seconds) ? seconds * 1000 : 0;
    });
    return new Map(files.map((file, index) => [file, times[index]]));
}

// EXTERNAL MODULE: ./node_modules/@actions/github/lib/github.js
var lib_github = __webpack_require__(1351);
// EXTERNAL MODULE: ./node_modules/@actions/github/lib/utils.js + 19 modules
var utils = __webpack_require__(5555);
// EXTERNAL MODULE: ./node_modules/@octokit/plugin-retry/dist-bundle/index.js
var dist_bundle = __webpack_require__(9735);
// EXTERNAL MODULE: ./node_modules/@octokit/plugin-throttling/dist-bundle/index.js
var plugin_throttling_dist_bundle = __webpack_require__(6856);
// EXTERNAL MODULE: ./node_modules/bottleneck/light.js
var light = __webpack_require__(3251);
var light_default = /*#__PURE__*/__webpack_require__.n(light);
;// CONCATENATED MODULE: ./src/github/client.ts






/** How often a rate-limited request is tried again before the call fails. */
const RATE_LIMIT_RETRIES = 2;
/** A wait GitHub asks for beyond this fails the call instead: the job should not sleep for an hour. */
const LONGEST_WAIT_SECONDS = 120;
function waitUnit(options) {
    if (options.waitUnitMs !== undefined)
        return options.waitUnitMs;
    const fromEnv = Number(process.env.CONTENT_AS_CODE_GITHUB_WAIT_UNIT_MS);
    return Number.isFinite(fromEnv) && fromEnv >= 0 && process.env.CONTENT_AS_CODE_GITHUB_WAIT_UNIT_MS
        ? fromEnv
        : 1000;
}
/**
 * The throttling plugin spaces writes 1 s apart, and writes that notify
 * people (a new comment) 3 s apart, as GitHub's guidance for secondary rate
 * limits asks. Its own groups have those seconds fixed; these are the same
 * groups counted in wait units, so tests that shrink GitHub's waits shrink
 * the spacing too. One pair per unit, shared by every client of the process
 * as the plugin shares its own.
 */
const WRITE_SPACING_SECONDS = { write: 1, notifications: 3 };
const THROTTLE_GROUP_TIMEOUT_MS = 2 * 60 * 1000;
const writeGroups = new Map();
/** Milliseconds between writes, and between writes that notify, for a wait unit. */
function writeSpacingMs(unit) {
    return {
        write: WRITE_SPACING_SECONDS.write * unit,
        notifications: WRITE_SPACING_SECONDS.notifications * unit,
    };
}
function throttleGroups(unit) {
    let groups = writeGroups.get(unit);
    if (!groups) {
        const spacing = writeSpacingMs(unit);
        const group = (kind) => new (light_default()).Group({
            id: `octokit-${kind}`,
            maxConcurrent: 1,
            minTime: spacing[kind],
            timeout: THROTTLE_GROUP_TIMEOUT_MS,
        });
        groups = { write: group('write'), notifications: group('notifications') };
        writeGroups.set(unit, groups);
    }
    return groups;
}
/**
 * The REST API version every request names (GitHub's `X-GitHub-Api-Version`):
 * without it GitHub picks its default, which may change under the action.
 */
const GITHUB_API_VERSION = '2022-11-28';
/** A run's one client, made on first need: null when the workflow gave no token. */
function clientOnFirstNeed(options) {
    let client = null;
    return () => (options.token === '' ? null : (client ??= createGitHubClient(options)));
}
function createGitHubClient(options) {
    const log = options.log ?? (() => { });
    const unit = waitUnit(options);
    const onLimit = (kind) => (after, request, _octokit, retryCount) => {
        if (retryCount >= RATE_LIMIT_RETRIES || after > LONGEST_WAIT_SECONDS)
            return false;
        log(`GitHub's ${kind} rate limit on ${request.method} ${request.url}: trying again in ${after} s.`);
        return true;
    };
    const github = (0,lib_github/* getOctokit */.Q)(options.token, {
        baseUrl: options.apiUrl.replace(/\/+$/, ''),
        userAgent: USER_AGENT,
        retry: { retryAfterBaseValue: unit },
        throttle: {
            retryAfterBaseValue: unit,
            ...throttleGroups(unit),
            onRateLimit: onLimit('primary'),
            onSecondaryRateLimit: onLimit('secondary'),
        },
        // The toolkit's proxy-aware fetch, with a deadline per request: a
        // GitHub that never answers must not hold the job until it times out.
        request: { ...utils/* defaults */.NT.request, fetch: withDeadline(utils/* defaults */.NT.request?.fetch) },
    }, dist_bundle/* retry */.L, plugin_throttling_dist_bundle/* throttling */.A);
    // Octokit has no option for a header on every request; a hook is its documented way.
    github.hook.before('request', (request) => {
        request.headers['x-github-api-version'] = GITHUB_API_VERSION;
    });
    return github;
}
const REQUEST_DEADLINE_MS = 30_000;
function withDeadline(send) {
    return (url, init) => send(url, { ...init, signal: init?.signal ?? AbortSignal.timeout(REQUEST_DEADLINE_MS) });
}
/** The HTTP status of a failed Octokit call, or null for anything else. */
function statusOf(error) {
    const status = error?.status;
    return typeof status === 'number' ? status : null;
}

;// CONCATENATED MODULE: ./src/github/sticky-comment.ts


// The sticky PR comment: one per PR (per shard), found again on every run by
// a hidden marker, edited in place, left alone when nothing changed.
//
// Which comment is ours: it must carry the marker AND be written by the one
// login the action posts as (commentAuthor below). Any other account, a
// person or another app's bot, can post a comment with the marker, first or
// not: it is never taken for ours. What the comment says may still have been
// edited by anyone allowed to edit comments; the reviewed plan inside it is
// sealed for that (reviewed-block.ts).
//
// Every page of comments is read. If any lookup fails, nothing is posted: a
// failed lookup that fell back to "create" is how duplicates appear.
/** The login of the workflow's GITHUB_TOKEN, which GET /user does not answer for. */
const ACTIONS_LOGIN = 'github-actions[bot]';
const MARKER_PREFIX = '<!-- content-as-code:pr-comment';
function markerFor(shard) {
    return `${MARKER_PREFIX}${shard ? ` shard=${shard.index}/${shard.count}` : ''} -->`;
}
const sha256 = (text) => (0,external_node_crypto_.createHash)('sha256').update(text).digest('hex');
/**
 * Creates or edits the comment. `stable` is the body without run-specific
 * parts (links to this run): when its digest matches the existing comment's,
 * and the comment is still exactly as written, it is not touched. "As
 * written" is checked by a seal of the body kept on the digest line
 * (`sealBody`, keyed by the caller so that an editor cannot make a new one):
 * an edited comment, its hidden reviewed plan included, is written again.
 */
/** The length of the lines a sticky comment starts with (the marker, then the digest and its seal), before its body. */
function stickyHeadLength(marker, sealBody = sha256) {
    return `${marker}\n${DIGEST}${'0'.repeat(32)} ${sealBody('')} -->\n`.length;
}
async function upsertStickyComment(github, target, body, stable, sealBody = sha256) {
    const digest = `${DIGEST}${sha256(stable).slice(0, 32)}`;
    const full = `${target.marker}\n${digest} ${sealBody(body)} -->\n${body}`;
    const existing = await findOwnComment(github, target);
    const { owner, repo } = target;
    if (existing) {
        if (unchangedSince(existing.body ?? '', `${target.marker}\n${digest} `, sealBody)) {
            return { action: 'unchanged', id: existing.id, url: existing.html_url ?? null };
        }
        const { data } = await github.rest.issues.updateComment({
            owner,
            repo,
            comment_id: existing.id,
            body: full,
        });
        return { action: 'updated', id: data.id, url: data.html_url ?? null };
    }
    return createOnce(github, target, full);
}
const DIGEST = '<!-- content-as-code:digest ';
/**
 * Whether a comment starts with `head` (marker and digest) and the rest is
 * the body its seal was made for: a digest alone is no proof, whoever edits
 * the comment can leave that line as it was.
 */
function unchangedSince(existing, head, sealBody) {
    if (!existing.startsWith(head))
        return false;
    const lineEnd = existing.indexOf('\n', head.length);
    if (lineEnd === -1)
        return false;
    const seal = existing.slice(head.length, lineEnd);
    return seal === `${sealBody(existing.slice(lineEnd + 1))} -->`;
}
/** How many times a comment is posted when GitHub answers 5xx. */
const CREATE_ATTEMPTS = 3;
/**
 * Posts the comment. A 5xx may come after GitHub wrote it, so the retry
 * plugin does not resend this POST by itself: the comments are read again
 * first, and the post is sent again only when it is not there. Rate limits
 * (403/429, nothing written) are still waited out by the throttling plugin.
 */
async function createOnce(github, target, body) {
    for (let attempt = 1;; attempt++) {
        try {
            const { data } = await github.rest.issues.createComment({
                owner: target.owner,
                repo: target.repo,
                issue_number: target.issueNumber,
                body,
                request: { retries: 0 },
            });
            const writtenBy = data.user?.login ?? null;
            return { action: 'created', id: data.id, url: data.html_url ?? null, writtenBy };
        }
        catch (error) {
            const status = statusOf(error);
            if (status === null || status < 500 || attempt >= CREATE_ATTEMPTS)
                throw error;
            const written = await findOwnComment(github, target);
            if (written) {
                return { action: 'created', id: written.id, url: written.html_url ?? null, writtenBy: target.author };
            }
        }
    }
}
/**
 * The one login whose comment the action trusts, which must be the login it
 * posts as: `configured` (the `comment-author` input, for a GitHub App's
 * token: `my-app[bot]`) when given; else the token's own login where GitHub
 * says it (GET /user answers for a personal token); else the workflow's
 * GITHUB_TOKEN, `github-actions[bot]` (GET /user answers it 403). Never
 * "any bot": every app installed on the repository is one.
 */
async function commentAuthor(github, configured) {
    if (configured !== '')
        return configured;
    try {
        const { data } = await github.rest.users.getAuthenticated();
        if (typeof data.login === 'string' && data.login !== '')
            return data.login;
        throw new Error('GitHub named no login for the github-token (GET /user)');
    }
    catch (error) {
        // An installation token cannot read /user (401/403). Any other failure is
        // a failed lookup, and a failed lookup must not end in a second comment.
        const status = statusOf(error);
        if (status === 401 || status === 403)
            return ACTIONS_LOGIN;
        throw error;
    }
}
/** The first comment with the marker on its first line that `target.author` wrote; null when there is none. */
async function findOwnComment(github, target) {
    const author = target.author.toLowerCase();
    const pages = github.paginate.iterator(github.rest.issues.listComments, {
        owner: target.owner,
        repo: target.repo,
        issue_number: target.issueNumber,
        per_page: 100,
    });
    for await (const page of pages) {
        for (const comment of page.data) {
            const ours = comment.user?.login?.toLowerCase() === author;
            // The marker is the first line of our body; a quote of it elsewhere does not count.
            if (ours && (comment.body ?? '').startsWith(`${target.marker}\n`))
                return comment;
        }
    }
    return null;
}

;// CONCATENATED MODULE: ./src/git/links.ts


/** More links than this on one path is a loop (as the system counts them). */
const MAX_LINKS = 40;
/**
 * Follows the links of paths in the workspace `cwd`, one segment at a time,
 * each folder listed once. Null for a path that leads outside the
 * workspace, or that cannot be followed (missing, unreadable, a loop): what
 * changed there cannot be known, so the caller counts it as changed.
 */
function linkFollower(cwd) {
    const root = external_node_path_default().resolve(cwd);
    // Each folder is listed once: one readdir tells the links among all its entries.
    const folders = new Map();
    const entry = (relative) => {
        const slash = relative.lastIndexOf('/');
        const folder = slash === -1 ? '' : relative.slice(0, slash);
        let names = folders.get(folder);
        if (names === undefined) {
            names = listFolder(external_node_path_default().join(root, folder));
            folders.set(folder, names);
        }
        const isLink = names?.get(relative.slice(slash + 1));
        if (isLink === undefined)
            return { kind: 'missing' };
        if (!isLink)
            return { kind: 'plain' };
        try {
            return { kind: 'link', to: (0,external_node_fs_.readlinkSync)(external_node_path_default().join(root, relative)) };
        }
        catch {
            return { kind: 'missing' };
        }
    };
    const workspace = workspaceOf(root);
    const resolve = (file) => {
        const pending = file.split('/');
        const resolved = [];
        const links = [];
        while (pending.length > 0) {
            const segment = pending.shift();
            if (segment === '' || segment === '.')
                continue;
            if (segment === '..') {
                if (resolved.pop() === undefined)
                    return null; // above the workspace
                continue;
            }
            const here = [...resolved, segment].join('/');
            const found = entry(here);
            if (found.kind === 'missing')
                return null;
            if (found.kind === 'plain') {
                resolved.push(segment);
                continue;
            }
            if (links.push(here) > MAX_LINKS)
                return null;
            let to = found.to;
            if (external_node_path_default().isAbsolute(to)) {
                const inside = workspace(to);
                if (inside === null)
                    return null;
                resolved.length = 0;
                to = inside;
            }
            pending.unshift(...to.split((external_node_path_default()).sep === '\\' ? /[\\/]/ : '/'));
        }
        return { target: resolved.join('/'), links };
    };
    // A catalogue is many files in few folders: each folder is followed once, then each file's own name.
    const followed = new Map();
    const folderOf = (folder) => {
        let found = followed.get(folder);
        if (found === undefined) {
            found = resolve(folder);
            followed.set(folder, found);
        }
        return found;
    };
    return (file) => {
        const slash = file.lastIndexOf('/');
        const name = file.slice(slash + 1);
        if (name === '' || name === '.' || name === '..')
            return resolve(file);
        const folder = folderOf(slash === -1 ? '' : file.slice(0, slash));
        if (folder === null)
            return null;
        const here = folder.target === '' ? name : `${folder.target}/${name}`;
        const found = entry(here);
        if (found.kind === 'missing')
            return null;
        if (found.kind === 'plain')
            return { target: here, links: folder.links };
        return resolve(file);
    };
}
/** A folder's entries, each with whether it is a link; null when the folder cannot be read. */
function listFolder(full) {
    try {
        return new Map((0,external_node_fs_.readdirSync)(full, { withFileTypes: true }).map((entry) => [entry.name, entry.isSymbolicLink()]));
    }
    catch {
        return null;
    }
}
/** An absolute path as a path of the workspace (written, or as the system resolves it); null outside it. */
function workspaceOf(root) {
    let real;
    return (absolute) => {
        real ??= (() => {
            try {
                return (0,external_node_fs_.realpathSync)(root);
            }
            catch {
                return null;
            }
        })();
        for (const base of real === null || real === root ? [root] : [root, real]) {
            const relative = external_node_path_default().relative(base, absolute);
            if (relative !== '..' && !relative.startsWith(`..${(external_node_path_default()).sep}`) && !external_node_path_default().isAbsolute(relative))
                return relative.split((external_node_path_default()).sep).join('/');
        }
        return null;
    };
}

;// CONCATENATED MODULE: ./src/git/changes.ts





function changes_paths(stdout) {
    return stdout.split('\0').filter((entry) => entry !== '');
}
/**
 * The workspace against `ref` in git: the files `ref` has (under `cwd`) and
 * the tracked files that differ from it, the working tree's edits included.
 * A file the base does not have is new, tracked or not. Null when git cannot
 * read `ref` here (no repository, a commit the clone does not have).
 */
async function gitChangedFiles(cwd, ref, name = ref) {
    const [tree, diff] = await Promise.all([
        git(cwd, ['ls-tree', '-r', '-z', '--name-only', ref, '--', '.']),
        git(cwd, ['diff', '--name-only', '-z', '--no-renames', '--relative', ref, '--', '.']),
    ]);
    if (!tree.ok || !diff.ok)
        return null;
    const atBase = new Set(changes_paths(tree.stdout));
    const changed = new Set(changes_paths(diff.stdout));
    return { base: name, differs: (file) => !atBase.has(file) || changed.has(file), changed };
}
/** The change of the workspace `cwd` since `ref` (named `name` in reports); null when git cannot read `ref` here. */
async function changesSince(cwd, ref, name = ref) {
    const files = await gitChangedFiles(cwd, ref, name);
    return files === null ? null : changeScope(cwd, files);
}
/**
 * The change a host lists (`files`, the whole of it), with what the checkout
 * itself changed since: a file git does not track there (a step wrote it,
 * ignored or not) or one that differs from the checkout's commit. Named
 * `name` in reports; null when git cannot read the checkout.
 */
async function listedChanges(cwd, files, name) {
    const [tracked, edited] = await Promise.all([
        git(cwd, ['ls-files', '-z', '--', '.']),
        git(cwd, ['diff', '--name-only', '-z', '--no-renames', '--relative', 'HEAD', '--', '.']),
    ]);
    if (!tracked.ok || !edited.ok)
        return null;
    const inCheckout = new Set(changes_paths(tracked.stdout));
    const local = new Set(changes_paths(edited.stdout));
    const present = new Set(files.filter((file) => file.status !== 'removed').map((file) => file.filename));
    const named = files.flatMap((file) => [
        file.filename,
        ...(file.previousFilename ? [file.previousFilename] : []),
    ]);
    return changeScope(cwd, {
        base: name,
        differs: (file) => present.has(file) || !inCheckout.has(file) || local.has(file),
        changed: new Set([...named, ...local]),
    });
}
/** The manifests `changes` touches, in the workspace `cwd` (each folder looked at once). */
function changeScope(cwd, changes) {
    const follow = linkFollower(cwd);
    // A file differs when where it leads does, or a link on its way: git and GitHub name those paths, not the file's.
    const differs = (file) => {
        const linked = follow(file);
        if (linked === null)
            return true; // outside the workspace, or not to be followed: read it
        if (linked.links.length === 0)
            return changes.differs(file);
        return changes.differs(linked.target) || linked.links.some((link) => changes.differs(link));
    };
    // Catalogue files changed or deleted since the base, by folder (as git and GitHub name it: where it really is).
    const changedFolders = new Set([...changes.changed].filter((file) => isCatalogueFile(file)).map((file) => external_node_path_default().posix.dirname(file)));
    const folders = new Map();
    const folderChanged = (folder) => {
        let changed = folders.get(folder);
        if (changed === undefined) {
            const linked = follow(folder);
            changed =
                linked === null ||
                    linked.links.some((link) => changes.differs(link)) ||
                    changedFolders.has(linked.target === '' ? '.' : linked.target) ||
                    changedFolders.has(folder === '' ? '.' : folder) ||
                    newCatalogueFile(cwd, folder, differs);
            folders.set(folder, changed);
        }
        return changed;
    };
    // Asked of every manifest more than once (as it is named, as it is planned): each answer kept.
    const answers = new Map();
    return {
        base: changes.base,
        changed: changes.changed,
        touches: (file) => {
            let touched = answers.get(file);
            if (touched === undefined) {
                touched = differs(file) || foldersOf(file).some(folderChanged);
                answers.set(file, touched);
            }
            return touched;
        },
    };
}
/** A catalogue file the folder has now that differs from the base (new since, tracked or not, or through its links). */
function newCatalogueFile(cwd, folder, differs) {
    let names;
    try {
        names = (0,external_node_fs_.readdirSync)(external_node_path_default().join(cwd, folder));
    }
    catch {
        return true; // a folder that cannot be read: its files may have changed
    }
    return names.filter(isCatalogueFile).some((name) => differs(folder === '' ? name : `${folder}/${name}`));
}

;// CONCATENATED MODULE: ./src/action/change-scope.ts

/** The change a pull request's plan covers, or why it reads everything. */
async function pullRequestScope(run, base) {
    if (run.decision.reads !== 'change')
        return { note: null };
    if (base === null)
        return {
            note: "The pull request's event names no base commit: this plan reads every item, as a full plan does.",
        };
    const named = base.sha.slice(0, 12);
    const found = await changeFrom(run.workspace, base);
    if ('changes' in found)
        return { changes: found.changes, note: found.note };
    return {
        note: `The pull request's base commit ${named} could not be read (a clone that cannot fetch it, or a branch ` +
            `deleted since), ${found.why}: this plan reads every item, as a full plan does.`,
    };
}
/** The change since the base, from git or from GitHub's whole list of the files; else why not. */
async function changeFrom(workspace, base) {
    const source = await base.source();
    if (source.kind === 'unread')
        return { why: source.why };
    if (source.kind === 'git') {
        const changes = await changesSince(workspace, base.sha, base.sha.slice(0, 12));
        return changes === null
            ? { why: 'and git cannot compare the checkout with it' }
            : { changes, note: null };
    }
    const { gap, files } = source.listing;
    if (gap !== null)
        return { why: `and GitHub's list of its files may not be whole (${gap})` };
    const changes = await listedChanges(workspace, files, "the pull request's files on GitHub");
    if (changes === null)
        return { why: 'and git cannot say what the checkout changed' };
    const note = `The pull request's base commit ${base.sha.slice(0, 12)} could not be read (a clone that cannot fetch it, ` +
        'or a branch deleted since): this plan reads the files GitHub lists for the pull request.';
    return { changes, note };
}

// EXTERNAL MODULE: external "node:async_hooks"
var external_node_async_hooks_ = __webpack_require__(6698);
;// CONCATENATED MODULE: ./src/action/logger.ts


// The engine's Logger on a GitHub runner. Items are worked on concurrently,
// but a log group is a contiguous block, so each item's lines are collected
// and written as one group, synchronously, when the item is done. Progress lines
// are written at once, outside any group, so the log moves while waiting:
// one per state change of an item, and one after a minute without any, so
// that an apply of a thousand items stays a log a person can follow. Each
// carries the apply's running count, as does the line that ends each item.
const PROGRESS_QUIET_MS = 60_000;
const FAILED_OUTCOMES = new Set(['failed', 'error']);
/** `[12/1,000] ` while an apply has several items; nothing for one. */
function countPrefix(tally) {
    if (tally === undefined || tally.total < 2)
        return '';
    return `[${thousands(tally.done)}/${thousands(tally.total)}] `;
}
class ActionLogger {
    #commands;
    #now;
    #group = new external_node_async_hooks_.AsyncLocalStorage();
    #progress = new Map();
    constructor(commands, now = Date.now) {
        this.#commands = commands;
        this.#now = now;
    }
    info(message) {
        const buffer = this.#group.getStore();
        if (buffer)
            buffer.lines.push(() => this.#commands.info(message));
        else
            this.#commands.info(message);
    }
    warning(message) {
        const buffer = this.#group.getStore();
        if (buffer)
            buffer.lines.push(() => this.#commands.warning(message));
        else
            this.#commands.warning(message);
    }
    debug(message) {
        const buffer = this.#group.getStore();
        if (buffer)
            buffer.lines.push(() => this.#commands.debug(message));
        else
            this.#commands.debug(message);
    }
    async group(title, fn) {
        if (this.#group.getStore())
            return fn(); // GitHub has no nested groups: stay in the outer one.
        const buffer = { lines: [] };
        try {
            return await this.#group.run(buffer, fn);
        }
        finally {
            // No await in between: no other item's line can land inside this group.
            this.#commands.startGroup(title);
            for (const line of buffer.lines)
                line();
            this.#commands.endGroup();
        }
    }
    progress(event) {
        const now = this.#now();
        const percentage = event.progress?.percentage ?? null;
        const last = this.#progress.get(event.file);
        const due = last === undefined || last.status !== event.status || now - last.at >= PROGRESS_QUIET_MS;
        if (!due)
            return;
        this.#progress.set(event.file, { status: event.status, at: now });
        const detail = [
            percentage !== null ? `${Math.round(percentage)}%` : null,
            event.progress?.step ?? null,
            event.progress?.message ?? null,
        ]
            .filter(Boolean)
            .join(' · ');
        this.#commands.info(`⏳ ${countPrefix(event.tally)}${event.title} (${event.file}): ${event.status}${detail ? ` — ${detail}` : ''}`);
    }
    itemDone(event) {
        // Done with: what is kept per item lasts only as long as the item runs.
        this.#progress.delete(event.file);
        const mark = FAILED_OUTCOMES.has(event.outcome) ? '✖' : '✔';
        this.#commands.info(`${mark} ${countPrefix(event.tally)}${event.title} (${event.file}): ${event.outcome}`);
    }
}

;// CONCATENATED MODULE: ./src/github/contents.ts
/** The file's text at the commit; null when GitHub has no such file there. */
async function fileAtCommit(github, file) {
    try {
        // GitHub's description marks `path` as multi-segment: its slashes are
        // sent as they are. Octokit's `{path}` would send them as %2F, which
        // GitHub has answered 404 (octokit/octokit.js#2422); `{+path}` keeps
        // them, and each segment is encoded on its own.
        const answer = await github.request('GET /repos/{owner}/{repo}/contents/{+path}', {
            owner: file.owner,
            repo: file.repo,
            path: file.path.split('/').map(encodeURIComponent).join('/'),
            ref: file.ref,
            mediaType: { format: 'raw' },
        });
        // The raw media type comes back as text or as bytes, by its content type.
        const raw = answer.data;
        if (typeof raw === 'string')
            return raw;
        if (raw instanceof ArrayBuffer)
            return new TextDecoder().decode(raw);
        throw new Error(`GitHub gave no raw text for ${file.path} at ${file.ref.slice(0, 12)}`);
    }
    catch (error) {
        if (error.status === 404)
            return null;
        throw error;
    }
}

;// CONCATENATED MODULE: ./src/action/previous.ts





/**
 * Where the base's version of `name` is read, given the files the PR lists:
 * `untouched` when neither the file, nor where its links lead, nor a link on
 * the way is listed (the base has it as the workspace has it); else the path
 * to read at the base, and the listing's entry for it. A link that leads out
 * of the workspace or nowhere, or one the PR changed, is read by its own
 * name: GitHub follows a link to a file at the base.
 */
function whereAtBase(name, linked, byName) {
    const named = linked === null ? [name] : linked.links.length === 0 ? [name] : [linked.target, ...linked.links];
    if (linked !== null && named.every((file) => !byName.has(file)))
        return 'untouched';
    if (linked === null || linked.links.length === 0 || linked.links.some((link) => byName.has(link)))
        return { path: name, listed: byName.get(name) };
    return { path: linked.target, listed: byName.get(linked.target) };
}
/** The PR's own listing of its files (up to 3,000), then the contents API for modified ones. */
function pullRequestPreviousVersions(github, setup) {
    const byName = new Map(setup.listing.files.map((file) => [file.filename, file]));
    const { gap } = setup.listing;
    const follow = linkFollower(setup.cwd);
    return {
        async read(file) {
            const name = file.replace(/^\.\//, '');
            const where = whereAtBase(name, follow(name), byName);
            if (where === 'untouched' && gap !== null) {
                // Past a list that may not be whole, a file may have changed: "untouched" would be a guess
                // that could turn a renamed title into a second item.
                throw new Error(`GitHub's list of the pull request's files may not be whole (${gap}), and ${name} is not in it: ` +
                    `its version at the base ${setup.sha.slice(0, 12)} cannot be known without that commit ` +
                    '(use fetch-depth: 0 in actions/checkout).');
            }
            if (where === 'untouched') {
                // Untouched by the PR: the base has the file as the workspace has it.
                try {
                    return await (0,promises_.readFile)(external_node_path_default().join(setup.cwd, name), 'utf8');
                }
                catch {
                    return null;
                }
            }
            if (where.listed?.status === 'added' || where.listed?.status === 'renamed')
                return null;
            const { owner, repo, sha } = setup;
            return fileAtCommit(github, { owner, repo, ref: sha, path: where.path });
        },
    };
}
/**
 * git when the base commit is in the clone or can be fetched, else the PR's
 * file listing (the engine asks each file once: rememberedVersions). A
 * listing GitHub did not give fails the run: taking it for "no earlier
 * version" would turn a renamed title into a second item.
 */
function previousVersionsFor(setup) {
    let source = null;
    const chosen = () => (source ??= choose(setup));
    return {
        async read(file) {
            const versions = await chosen();
            return versions ? versions.read(file) : null;
        },
        async earlier(file) {
            const versions = await chosen();
            // The history of the checkout's HEAD needs no base: what the clone holds of it is read either way.
            return (versions?.earlier ? versions : gitPreviousVersions(setup.cwd, '')).earlier(file);
        },
        async readable() {
            return (await chosen()) !== null;
        },
    };
}
async function choose(setup) {
    const { sha } = setup.base;
    const source = await setup.base.source();
    if (source.kind === 'git')
        return gitPreviousVersions(setup.cwd, sha);
    const github = setup.github();
    const { owner, repo } = setup;
    if (source.kind === 'listed' && github && owner && repo) {
        setup.log?.(`The base commit ${sha.slice(0, 12)} could not be fetched: earlier versions come from the PR's file listing.`);
        return pullRequestPreviousVersions(github, { cwd: setup.cwd, sha, owner, repo, listing: source.listing });
    }
    // GitHub was asked and did not answer: every read fails with its answer, the run with them.
    const { failure } = source.kind === 'unread' ? source : { failure: null };
    if (failure !== null)
        return { read: () => Promise.reject(failure) };
    setup.log?.(`The base commit ${sha.slice(0, 12)} is not in the clone and could not be fetched: renamed titles cannot be recognised (use fetch-depth: 0 or 2 in actions/checkout).`);
    return null;
}

;// CONCATENATED MODULE: ./src/github/reviewed-block.ts



// The reviewed plan, hidden in the sticky comment: one HTML comment on the
// line after the comment's marker and digest, holding compact JSON and its
// seal. It is written before the report and its size is held back from the
// report's limit, so when the comment must be trimmed, it is the report that
// is cut, never this block.
//
// The seal is an HMAC-SHA256 of the JSON, keyed with a secret the workflow
// holds (review-key, else the API key) and bound to one comment: repository,
// pull request and marker. Anyone who can edit the comment can change the
// JSON, but not make a seal for it; a block copied from another pull
// request's comment does not verify either. A block that does not verify is
// no reviewed plan (src/engine/review.ts holds what it would have covered).
//
// Nothing from the repository is written into it: manifests are named by a
// fingerprint of their path, so the block is hexadecimal digits, a few step
// letters and JSON punctuation. `<`, `>` and `&` are still written as \u
// escapes, so that no value could end the HTML comment (`-->`, `--!>`).
const ANY_VERSION = '<!-- content-as-code:reviewed-plan ';
const PREFIX = `${ANY_VERSION}v${REVIEWED_PLAN_VERSION} `;
const SEAL = / mac=([0-9a-f]{64}) -->$/;
const sealText = (mac) => ` mac=${mac} -->`;
/** Where a block may start: any block of ours sits within the comment's first lines. */
const SEARCHED_LINES = 4;
/** Most of the comment stays for the report; past this, entries are left out from the end. */
const BLOCK_LIMIT = 32_000;
/** The secret that seals blocks, kept in a private field: it is derived from a key the workflow holds. */
class ReviewSeal {
    #key;
    constructor(secret) {
        // A key of its own, derived: a seal reveals nothing of the secret, nor serves for anything else.
        this.#key = (0,external_node_crypto_.createHmac)('sha256', secret).update('content-as-code reviewed-plan seal').digest();
    }
    mac(scope, json) {
        return (0,external_node_crypto_.createHmac)('sha256', this.#key).update(`${scope}\n${json}`).digest('hex');
    }
    verifies(scope, json, mac) {
        const expected = Buffer.from(this.mac(scope, json), 'hex');
        const given = Buffer.from(mac, 'hex');
        return given.length === expected.length && (0,external_node_crypto_.timingSafeEqual)(given, expected);
    }
}
/** What a block is bound to: the repository (GitHub's names ignore case), the pull request and the comment's marker. */
function blockScope(owner, repo, pr, marker) {
    return `${owner}/${repo}`.toLowerCase() + `#${pr} ${marker}`;
}
const HASH = 'sha256:';
const bare = (value) => value?.startsWith(HASH) ? value.slice(HASH.length) : value;
const hashed = (value) => (value === null ? null : `${HASH}${value}`);
function escapeJson(json) {
    return json.replace(/[<>&]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
/**
 * The sealed block for a plan computed at `head`, within `limit` characters:
 * entries are kept in the order given (renders and publications first) and
 * the number left out is written down, so that a reader knows the plan is
 * partial. `unlisted` counts manifests the plan itself did not cover (a
 * pull request's plan of its change): they are left out too.
 */
function reviewedBlock(entries, head, sealed, { limit = BLOCK_LIMIT, unlisted = 0, previewed = [], } = {}) {
    // What a preview wrote (engine/preview-records.ts): hex keys, at most a tenth of the block; a write left
    // out is one main cannot tell from a person's edit, and holds rather than keeps.
    const writes = `"w":${JSON.stringify(previewed.filter((key) => /^[0-9a-f]{16}$/.test(key)).slice(0, Math.floor(limit / 190)))},`;
    const json = (omitted, body) => escapeJson(`{"head":${JSON.stringify(head)},"omitted":${omitted},${writes}"items":{${body}}}`);
    const parts = [];
    let size = PREFIX.length + json(entries.length + unlisted, '').length + sealText('0'.repeat(64)).length;
    for (const [key, entry] of entries) {
        const fields = [bare(entry.m), bare(entry.s), bare(entry.t), entry.k];
        // The preview render reviewers watched, when there was one: a fifth field, so blocks without it read as before.
        if (entry.r !== undefined)
            fields.push(bare(entry.r));
        const part = `${JSON.stringify(key)}:${JSON.stringify(fields)}`;
        const grown = size + escapeJson(part).length + 1;
        if (grown > limit)
            break;
        parts.push(part);
        size = grown;
    }
    const text = json(entries.length - parts.length + unlisted, parts.join(','));
    return `${PREFIX}${text}${sealText(sealed.seal.mac(sealed.scope, text))}`;
}
/** The block written without what changes on every push (the head, hence the seal), for deciding whether the comment changed. */
function stableBlock(block) {
    return block.replace(/"head":(?:"(?:[^"\\]|\\.)*"|null)/, '"head":null').replace(SEAL, ' -->');
}
function blockLine(body) {
    return body.split('\n', SEARCHED_LINES).find((text) => text.startsWith(ANY_VERSION));
}
/** The reviewed plan in a comment of ours, when its block verifies for this comment. */
function readReviewedBlock(body, sealed) {
    const line = blockLine(body);
    if (line === undefined)
        return { kind: 'absent' };
    const seal = SEAL.exec(line);
    if (!line.startsWith(PREFIX) || seal === null)
        return { kind: 'unverified' };
    const text = line.slice(PREFIX.length, seal.index);
    if (!sealed.seal.verifies(sealed.scope, text, seal[1]))
        return { kind: 'unverified' };
    let data;
    try {
        data = JSON.parse(text);
    }
    catch {
        return { kind: 'unverified' };
    }
    const plan = checked(data);
    return plan === null ? { kind: 'unverified' } : { kind: 'plan', plan };
}
const hex = (value) => value === null || (typeof value === 'string' && /^[0-9a-f]{8,64}$/.test(value));
/** Anything not exactly the shape written is no plan, sealed or not. */
function checked(data) {
    if (!isRecord(data) || !isRecord(data.items))
        return null;
    const head = data.head;
    const omitted = data.omitted;
    if (head !== null && typeof head !== 'string')
        return null;
    if (typeof omitted !== 'number' || !Number.isInteger(omitted) || omitted < 0)
        return null;
    const writes = data.w === undefined ? [] : data.w;
    if (!Array.isArray(writes) || !writes.every((key) => typeof key === 'string' && /^[0-9a-f]{16}$/.test(key)))
        return null;
    const items = {};
    for (const [key, value] of Object.entries(data.items)) {
        if (!/^[0-9a-f]{16}$/.test(key) || !Array.isArray(value) || (value.length !== 4 && value.length !== 5))
            return null;
        const [m, s, t, k, r] = value;
        if (typeof m !== 'string' ||
            !hex(m) ||
            !hex(s) ||
            !hex(t) ||
            typeof k !== 'string' ||
            !/^[a-z]*$/.test(k) ||
            (value.length === 5 && (typeof r !== 'string' || !hex(r))))
            return null;
        items[key] = {
            m: hashed(m),
            s: hashed(s),
            t: hashed(t),
            k,
            ...(typeof r === 'string' ? { r: hashed(r) } : {}),
        };
    }
    return { v: REVIEWED_PLAN_VERSION, head, items, omitted, ...(writes.length > 0 ? { w: writes } : {}) };
}

;// CONCATENATED MODULE: ./src/github/preview-records.ts


// What pull requests' script previews wrote into drafts, as their sealed
// comments record it (engine/preview-records.ts): read by main's apply when
// a draft holds a value the repository never asked for, to tell a preview's
// value (put back) from a person's edit (kept). The pull requests updated
// last are read, open or closed: a preview's draft is put back by the first
// apply after it, so older ones have nothing left in the service. Errors are
// thrown: the caller takes the records as unreadable.
/** How many pull requests, updated last, are read. */
const PULLS_READ = 30;
/** The keys of every write the pull requests updated last recorded in a comment that verifies. */
async function readPreviewRecords(github, lookup) {
    const { owner, repo, marker, author, seal } = lookup;
    const { data } = await github.rest.pulls.list({
        owner,
        repo,
        state: 'all',
        sort: 'updated',
        direction: 'desc',
        per_page: PULLS_READ,
    });
    const keys = new Set();
    for (const pull of data) {
        const comment = await findOwnComment(github, { owner, repo, issueNumber: pull.number, marker, author });
        if (comment === null)
            continue;
        const read = readReviewedBlock(comment.body ?? '', {
            seal,
            scope: blockScope(owner, repo, pull.number, marker),
        });
        if (read.kind === 'plan')
            for (const key of read.plan.w ?? [])
                keys.add(key);
    }
    return keys;
}

;// CONCATENATED MODULE: ./src/github/reviewed-pulls.ts


async function readReviewEvidence(github, lookup) {
    const { owner, repo, sha, marker, author, seal } = lookup;
    const { data } = await github.rest.repos.listPullRequestsAssociatedWithCommit({
        owner,
        repo,
        commit_sha: sha,
        per_page: 100,
    });
    // An open pull request whose branch holds the commit did not bring it here: only merged ones did.
    const merged = data
        .filter((pull) => typeof pull.merged_at === 'string' && pull.merged_at !== '')
        .sort((a, b) => Date.parse(b.merged_at ?? '') - Date.parse(a.merged_at ?? ''));
    if (merged.length === 0)
        return { kind: 'direct_push' };
    const sources = [];
    for (const pull of merged) {
        const comment = await findOwnComment(github, { owner, repo, issueNumber: pull.number, marker, author });
        const sealed = { seal, scope: blockScope(owner, repo, pull.number, marker) };
        const read = comment ? readReviewedBlock(comment.body ?? '', sealed) : { kind: 'absent' };
        sources.push({
            pr: pull.number,
            url: pull.html_url ?? null,
            head: pull.head?.sha ?? null,
            plan: read.kind === 'plan' ? read.plan : null,
            unverified: read.kind === 'unverified',
        });
    }
    return { kind: 'pulls', sources };
}

;// CONCATENATED MODULE: ./src/action/review.ts




const NONE = { gate: null, note: null };
async function reviewCheckFor(decision, event, inputs, marker, github) {
    // Only an apply on a push compares (mode.ts), and only when require-review is not off.
    const require = decision.requireReview;
    if (require === 'off')
        return NONE;
    // The key is the workflow's; without api-key an apply has stopped long before.
    const seal = new ReviewSeal(reviewSecret(inputs));
    const unavailable = (detail) => ({
        gate: { require, evidence: { kind: 'unavailable', detail } },
        note: `The plan reviewed in the pull request could not be read: ${detail}. ` +
            (require === 'hold'
                ? 'require-review: hold, so nothing is rendered or published unreviewed.'
                : 'require-review: warn, so the apply goes on without the comparison.'),
    });
    if (!event.owner || !event.repo || !event.sha)
        return unavailable('the event names no repository or commit');
    const client = github();
    if (client === null)
        return unavailable('no github-token was given');
    let evidence;
    try {
        evidence = await readReviewEvidence(client, {
            owner: event.owner,
            repo: event.repo,
            sha: event.sha,
            marker,
            author: await commentAuthor(client, inputs.commentAuthor),
            seal,
        });
    }
    catch (error) {
        return unavailable(`GitHub answered ${statusOf(error) ?? 'with an error'} (${review_describe(error)})`);
    }
    return { gate: { require, evidence }, note: null };
}
function review_describe(error) {
    const text = error instanceof Error ? error.message : String(error);
    return text.split('\n')[0].slice(0, 200);
}
/** What seals the reviewed plan: review-key when given, else the API key, both secrets the workflow holds. */
function reviewSecret(inputs) {
    return inputs.reviewKey || inputs.apiKey;
}

;// CONCATENATED MODULE: ./src/action/preview-records.ts






// The records of pull requests' previews, for the engine to tell a
// preview's draft from a person's edit (engine/service-edits.ts). Read from
// GitHub once, and only when a draft holds a value the repository never
// asked for; without a token, or when GitHub cannot be read, they are
// unreadable, and such a draft is held rather than guessed about.
function previewWritesFor({ event, inputs, decision }, github, log) {
    const { owner, repo } = event;
    if (decision.mode === 'validate' || !owner || !repo)
        return {};
    const read = async () => {
        const client = github();
        if (client === null)
            return null;
        try {
            const author = await commentAuthor(client, inputs.commentAuthor);
            const seal = new ReviewSeal(reviewSecret(inputs));
            return await readPreviewRecords(client, { owner, repo, marker: markerFor(inputs.shard), author, seal });
        }
        catch (error) {
            log(`The pull requests' records of their script previews could not be read (GitHub answered ${statusOf(error) ?? 'with an error'}): a draft holding a value the repository never asked for is held.`);
            return null;
        }
    };
    let keys = null;
    return {
        previewWrites: {
            wrote: async (id, field, value) => {
                const known = await (keys ??= read());
                return known === null ? null : known.has(previewWriteKey(id, field, value));
            },
        },
    };
}

;// CONCATENATED MODULE: ./src/service-client/index.ts
// The typed client through which the project talks to the service.





;// CONCATENATED MODULE: ./src/github/pull-files.ts
async function listPullFiles(github, pull) {
    const ask = { owner: pull.owner, repo: pull.repo, pull_number: pull.pullNumber };
    const before = (await github.rest.pulls.get(ask)).data;
    const listed = await github.paginate(github.rest.pulls.listFiles, { ...ask, per_page: 100 });
    const after = (await github.rest.pulls.get(ask)).data;
    const files = listed.map((file) => ({
        filename: file.filename,
        status: file.status,
        previousFilename: file.previous_filename ?? null,
    }));
    const sameHead = pull.headSha !== null && before.head.sha === pull.headSha && after.head.sha === pull.headSha;
    const gap = !sameHead
        ? "the pull request's head has moved since this run's event"
        : files.length !== after.changed_files
            ? `GitHub lists ${files.length} of its ${after.changed_files} files`
            : null;
    return { files, gap };
}

;// CONCATENATED MODULE: ./src/action/run-base.ts



/** The run's base, or null when its event has none (a schedule, a dispatch). */
function runBase(event, workspace, github) {
    const sha = event.baseSha;
    if (!sha)
        return null;
    let source = null;
    return { sha, source: () => (source ??= sourceOf(event, sha, workspace, github)) };
}
async function sourceOf(event, sha, workspace, github) {
    if (await haveCommit(workspace, sha))
        return { kind: 'git' };
    const { owner, repo, pullRequest } = event;
    if (!owner || !repo || pullRequest === null)
        return { kind: 'unread', why: 'and GitHub was not asked for its files', failure: null };
    const client = github();
    if (client === null)
        return { kind: 'unread', why: 'and no github-token was given to list its files', failure: null };
    try {
        const listing = await listPullFiles(client, {
            owner,
            repo,
            pullNumber: pullRequest.number,
            headSha: pullRequest.headSha,
        });
        return { kind: 'listed', listing };
    }
    catch (error) {
        return {
            kind: 'unread',
            why: `and GitHub's list of its files could not be read (${describeError(error)})`,
            failure: error instanceof Error ? error : new Error(String(error)),
        };
    }
}

;// CONCATENATED MODULE: ./src/action/service.ts

// The service's client as the action makes it, one per run: no request,
// retries included, outlives the time the run may wait.
function serviceClient(inputs, options = {}) {
    const runMs = Math.round(inputs.timeoutMinutes * 60_000);
    return createClient({
        baseUrl: inputs.baseUrl,
        apiKey: inputs.apiKey,
        allowInsecureHttp: inputs.allowInsecureHttp,
        requestTimeoutMs: Math.min(30_000, runMs),
        retry: { deadlineMs: Math.min(15 * 60_000, runMs) },
        ...(options.readOnly === true ? { readOnly: true } : {}),
    });
}
/** `use` with a client that only reads (import, adopt), closed once it is done. */
async function withReadOnlyClient(inputs, use) {
    const client = serviceClient(inputs, { readOnly: true });
    try {
        return await use(client);
    }
    finally {
        await client.close();
    }
}

;// CONCATENATED MODULE: ./src/action/settings.ts
// The action's inputs, with the mode and permissions decided from the event
// (src/action/mode.ts), as the run's settings: the same type the CLI's flags
// produce (src/cli/settings.ts).
function runSettingsFromInputs(inputs, decision, cwd) {
    return {
        mode: decision.mode,
        cwd,
        manifests: inputs.manifests,
        allowEmpty: inputs.allowEmpty,
        permissions: decision.permissions,
        maxPublications: inputs.maxPublications,
        cancelRunning: inputs.cancelRunning,
        concurrency: inputs.concurrency,
        wait: inputs.wait,
        timeoutMs: Math.round(inputs.timeoutMinutes * 60_000),
        lateWindowMs: inputs.lateWindowMs,
        ...(inputs.shard ? { shard: inputs.shard } : {}),
        pause: inputs.pause,
        overrideFreeze: decision.overrideFreeze,
        atMostOnce: inputs.atMostOnce,
        ...previewRendersOf(inputs, decision),
        selfHeal: inputs.selfHeal,
    };
}
/** Preview renders: only on a run that previews (a same-repository pull request's), never on any other. */
function previewRendersOf(inputs, decision) {
    const { permissions } = decision;
    const previews = permissions.draftsOnly === true && permissions.write && decision.trusted;
    if (!previews || inputs.previewRenders === 0)
        return {};
    return { previewRenders: { limit: inputs.previewRenders, credits: inputs.previewCredits } };
}

;// CONCATENATED MODULE: ./src/action/engine-run.ts












/** The engine's report, and the notes the log has said that the summary says too. */
async function runEngineFor(commands, run) {
    const notes = run.decision.note === null ? [] : [run.decision.note];
    const override = run.decision.overrideIgnored;
    if (override) {
        notes.push(override);
        commands.warning(override);
    }
    if (run.event.pullRequest?.fork === true && run.inputs.previewRenders > 0) {
        notes.push('No preview is rendered: this pull request comes from a fork, whose content is not trusted (nor given the key). ' +
            'The merge renders what it changes.');
    }
    const review = await reviewCheck(commands, run);
    if (review.note) {
        notes.push(review.note);
        commands.warning(review.note);
    }
    const { github } = run;
    const base = runBase(run.event, run.workspace, github);
    // git compares the whole working tree: the engine finds and parses the manifests meanwhile.
    const changes = pullRequestScope(run, base).then((scope) => {
        if (scope.note) {
            notes.push(scope.note);
            commands.info(scope.note);
        }
        return scope.changes ?? null;
    });
    const logger = new ActionLogger(commands);
    const client = run.decision.mode === 'validate' ? undefined : serviceClient(run.inputs);
    try {
        const options = {
            settings: runSettingsFromInputs(run.inputs, run.decision, run.workspace),
            deps: {
                ...(client ? { client } : {}),
                ...previousVersions(run, base, (message) => commands.info(message)),
                ...(review.gate ? { review: review.gate } : {}),
                ...previewWritesFor(run, github, (message) => commands.info(message)),
                changes,
                lastChanged: (files) => lastChangedTimes(run.workspace, files),
                logger,
            },
        };
        const report = await runEngine(options);
        // A run that stopped before its plan said nothing of its change yet: its note is the run's all the same.
        await changes;
        return { report, notes };
    }
    finally {
        await client?.close();
    }
}
/** An apply on a push compares with the plan its pull request showed (src/action/review.ts). */
async function reviewCheck(commands, { decision, event, inputs, github }) {
    if (decision.requireReview === 'off')
        return { gate: null, note: null };
    const check = await reviewCheckFor(decision, event, inputs, markerFor(inputs.shard), github);
    if (check.gate?.evidence.kind === 'pulls') {
        const pulls = check.gate.evidence.sources.map((source) => `#${source.pr}`).join(', ');
        commands.info(`This push came from pull request ${pulls}: comparing with the plan it showed.`);
    }
    return check;
}
/**
 * Renames are found from the manifest as it was at the base commit (PR base,
 * push `before`), and in the clone's history of the file. Runs with no base
 * (schedule, workflow_dispatch) have the history only.
 */
function previousVersions({ decision, event, workspace, github }, base, log) {
    if (decision.mode === 'validate')
        return {};
    if (base === null)
        return { previous: gitPreviousVersions(workspace, '') };
    return {
        previous: previousVersionsFor({
            cwd: workspace,
            base,
            owner: event.owner,
            repo: event.repo,
            github,
            log,
        }),
    };
}

;// CONCATENATED MODULE: ./src/action/event.ts

const ZERO_SHA = /^0+$/;
function event_object(value) {
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : null;
}
function string(value) {
    return typeof value === 'string' && value !== '' ? value : null;
}
/** Reads GITHUB_EVENT_PATH; a missing or unreadable payload is an empty one (a local run). */
async function readEvent(env) {
    let payload = {};
    const path = env.GITHUB_EVENT_PATH;
    if (path) {
        try {
            payload = event_object(JSON.parse((0,external_node_fs_.readFileSync)(path, 'utf8'))) ?? {};
        }
        catch {
            payload = {};
        }
    }
    return eventFromPayload(env, payload);
}
function eventFromPayload(env, payload) {
    const name = env.GITHUB_EVENT_NAME ?? '';
    const repository = event_object(payload.repository);
    const [envOwner, envRepo] = (env.GITHUB_REPOSITORY ?? '').split('/');
    const owner = string(event_object(repository?.owner)?.login) ?? string(envOwner);
    const repo = string(repository?.name) ?? string(envRepo);
    const pr = event_object(payload.pull_request);
    let pullRequest = null;
    if (pr) {
        const base = event_object(pr.base);
        const head = event_object(pr.head);
        const baseRepo = string(event_object(base?.repo)?.full_name);
        const headRepo = string(event_object(head?.repo)?.full_name);
        pullRequest = {
            number: typeof pr.number === 'number' ? pr.number : Number(payload.number ?? 0),
            baseSha: string(base?.sha),
            headSha: string(head?.sha),
            baseRepo,
            headRepo,
            fork: headRepo === null || baseRepo === null || headRepo.toLowerCase() !== baseRepo.toLowerCase(),
        };
    }
    let baseSha = null;
    if (pullRequest)
        baseSha = pullRequest.baseSha;
    else if (name === 'push')
        baseSha = string(payload.before);
    else if (name === 'merge_group')
        baseSha = string(event_object(payload.merge_group)?.base_sha);
    if (baseSha && ZERO_SHA.test(baseSha))
        baseSha = null; // a new branch: no previous commit
    const serverUrl = (env.GITHUB_SERVER_URL ?? 'https://github.com').replace(/\/+$/, '');
    const runUrl = env.GITHUB_REPOSITORY && env.GITHUB_RUN_ID
        ? `${serverUrl}/${env.GITHUB_REPOSITORY}/actions/runs/${env.GITHUB_RUN_ID}`
        : null;
    return {
        name,
        untrusted: untrustedSource(name, payload, pullRequest, string(repository?.full_name) ?? env.GITHUB_REPOSITORY),
        ref: string(env.GITHUB_REF),
        sha: pullRequest?.headSha ?? string(env.GITHUB_SHA),
        owner,
        repo,
        defaultBranch: string(repository?.default_branch),
        pullRequest,
        baseSha,
        privateRepo: repository?.private === true,
        apiUrl: (env.GITHUB_API_URL ?? 'https://api.github.com').replace(/\/+$/, ''),
        serverUrl,
        runUrl,
    };
}
/** Events whose payload carries text anyone can write: a comment, a review. */
const COMMENT_EVENTS = new Set([
    'issue_comment',
    'pull_request_review',
    'pull_request_review_comment',
    'discussion_comment',
]);
function untrustedSource(name, payload, pullRequest, repository) {
    if (name === 'pull_request_target')
        return 'pull_request_target acts for a pull request that may come from a fork';
    if (pullRequest?.fork)
        return 'the pull request comes from a fork';
    if (COMMENT_EVENTS.has(name))
        return `${name}: its content comes from a comment`;
    if (name === 'workflow_run') {
        // A run that a fork's pull request triggered: its artifacts and head are the fork's.
        const run = event_object(payload.workflow_run);
        const head = string(event_object(run?.head_repository)?.full_name);
        if (head === null || !repository || head.toLowerCase() !== repository.toLowerCase()) {
            return `workflow_run of ${head ?? 'an unknown repository'}, not this repository`;
        }
    }
    return null;
}

;// CONCATENATED MODULE: ./src/import/files.ts



// Where imported manifests go: a folder under the manifests' glob, one file
// per item named after its title, never one that exists already.
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
 * Names Windows keeps for devices, whatever the extension: `con.yml` opens
 * the console on a Windows runner, and git cannot check it out there.
 */
const WINDOWS_DEVICE = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])$/;
/**
 * Picks file names for a batch: the title's slug (the id's start when the
 * title has no letter in ASCII), with -2, -3… when the name is taken on disk
 * or earlier in the batch, or is a Windows device name. A slug has no `_`,
 * so `_defaults.yml` is never among them.
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
        for (let n = WINDOWS_DEVICE.test(slug) ? 2 : 1;; n++) {
            const name = `${slug}${n === 1 ? '' : `-${n}`}.yml`;
            const key = name.toLowerCase();
            if (this.#taken.has(key) || (0,external_node_fs_.existsSync)(external_node_path_default().join(this.#dir, name)))
                continue;
            this.#taken.add(key);
            return name;
        }
    }
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
    if (RENDERED_STATUSES.has(status) && status !== 'FAILED_UPLOAD')
        return { stage: 'rendered', note: null };
    const error = detail.last_error ? ` (${manifest_oneLine(detail.last_error)})` : '';
    if (status === 'FAILED_UPLOAD') {
        return {
            stage: 'rendered',
            note: `The service reports FAILED_UPLOAD${error}: the video is rendered, its publication failed. Set stage: published with publish.accounts to publish it again.`,
        };
    }
    // A failed render at stage rendered would be rendered again by the next
    // apply: the import asks for nothing the service has not done.
    if (FAILED_STATUSES.has(status)) {
        return {
            stage: 'draft',
            note: `The service reports ${status}${error}: the last render failed. Set stage: rendered to render it again.`,
        };
    }
    if (GENERATING_STATUSES.has(status) || detail.progress !== null) {
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
function manifest_oneLine(text) {
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
    if (!isKnownPlatform(account.platform) || namesake.length > 1 || account.name.trim() === '') {
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
            inline['persona'] = manifest_oneLine(detail.persona.name);
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

;// CONCATENATED MODULE: ./src/import/check.ts


async function checkImported(options, listing, details, written) {
    const load = await loadManifests({ cwd: options.cwd, pattern: options.manifests });
    const found = new Set(load.files);
    const outsideGlob = [...written].filter((file) => !found.has(file)).sort();
    const changes = [];
    for (const problem of load.problems) {
        if (written.has(problem.file))
            changes.push({ file: problem.file, what: `${problem.severity}: ${problem.message}` });
    }
    const planned = plan_plan(load.items.filter((item) => written.has(item.file)), {
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
const outside = (relative) => relative.startsWith('..') || external_node_path_default().isAbsolute(relative);
/** The folder to write into, relative to cwd with `/`; refused when its name or its real place is outside. */
function outFolder(cwd, out) {
    const absolute = external_node_path_default().resolve(cwd, out);
    const relative = external_node_path_default().relative(cwd, absolute);
    if (outside(relative)) {
        throw new ImportUsageError(`--out ${out} is outside the workspace ${cwd}; give a folder inside it.`);
    }
    checkRealPlace(cwd, relative.split((external_node_path_default()).sep).join('/'));
    return relative.split((external_node_path_default()).sep).join('/');
}
/**
 * Where the folder really is, not what its name says: a committed symbolic
 * link on the way (`content/imported -> ../../elsewhere`) would carry every
 * file out of the workspace. The folder may not exist yet: its nearest
 * existing ancestor is resolved, and the rest cannot be a link.
 */
function checkRealPlace(cwd, out) {
    let existing = external_node_path_default().resolve(cwd, out);
    const rest = [];
    while ((0,external_node_fs_.lstatSync)(existing, { throwIfNoEntry: false }) === undefined) {
        rest.unshift(external_node_path_default().basename(existing));
        existing = external_node_path_default().dirname(existing);
    }
    let real;
    try {
        real = external_node_path_default().join((0,external_node_fs_.realpathSync)(existing), ...rest);
    }
    catch {
        throw new ImportUsageError(`the folder to import into, ${out}, goes through a link to a place that does not exist; nothing was written. Remove the link, or give another folder (--out).`);
    }
    if (outside(external_node_path_default().relative((0,external_node_fs_.realpathSync)(cwd), real))) {
        throw new ImportUsageError(`the folder to import into, ${out}, leads outside the workspace through a symbolic link (to ${real}); nothing was written. Remove the link, or give a folder inside the workspace (--out).`);
    }
}
function skip(summary, reason, file, message) {
    return { id: summary.id, title: summary.title, status: summary.status, reason, file, message };
}
/** Which remote items are managed already, and by which manifest. */
function managedBy(items, contents) {
    const matching = matchItems(items, contents);
    const owners = new Map();
    for (const matched of matching.matched)
        if (matched.remote)
            owners.set(matched.remote.id, matched.item.file);
    const titles = new Map(items.map((item) => [item.fields.title, item.file]));
    return { unmanaged: new Set(matching.unmanaged.map((ref) => ref.id)), owners, titles };
}
/**
 * The manifest's text, or why none can be written: a text YAML cannot hold
 * exactly, or a manifest the loader would refuse (a `fine_tuning` key named
 * `__proto__`), which would stop every later plan until it was removed.
 */
function writableText(detail, manifest) {
    const secret = secretFields(manifest.value);
    if (secret !== null)
        return { secret };
    // Comments, not the item's data: the service's last_error is written scrubbed like every output.
    const header = [
        `Imported from the service (item ${detail.id}, status ${detail.status}).`,
        ...manifest.notes,
    ].map((line) => scrubSecrets(line));
    let text;
    try {
        text = manifestText(manifest.value, { header, inline: manifest.inline });
    }
    catch {
        return { unwritable: 'a text of this item cannot be written as YAML that reads back exactly' };
    }
    const refused = parseManifest('imported.yml', text).problems.find((problem) => problem.severity === 'error');
    if (refused !== undefined) {
        return { unwritable: `its manifest would not load (${refused.message}), and would stop every plan` };
    }
    if (holdsSecret(text))
        return { secret: SECRET_MESSAGE('its texts hold') };
    return { text };
}
const SECRET_MESSAGE = (where) => `${where} the API key, a token or a signed URL; the file is not written, since a scrubbed text would ` +
    'change the item on the next apply. Remove it from the item in the service, then import again';
/**
 * The fields of an item that hold the key (or anything the scrubber removes):
 * such an item is skipped rather than written scrubbed, which would put
 * `***` into the service on the next apply, or verbatim into the repository.
 */
function secretFields(value) {
    const fields = Object.entries(value)
        .filter(([, field]) => holdsSecret(typeof field === 'string' ? field : (JSON.stringify(field) ?? '')))
        .map(([name]) => name);
    if (fields.length === 0)
        return null;
    return SECRET_MESSAGE(`${fields.join(', ')} ${fields.length === 1 ? 'holds' : 'hold'}`);
}
async function runImport(options) {
    // Every option is checked before the first request: a usage error costs nothing.
    const outDir = outFolder(options.cwd, options.out ?? defaultOutDir(options.manifests));
    const filters = {
        keep: statusFilter(options.statuses ?? []),
        // A glob over titles: `*` any run of characters, `?` one character, everything else literal.
        only: options.only ? textMatcher(options.only) : null,
    };
    const report = {
        refused: null,
        problems: [],
        outDir,
        imported: [],
        skipped: [],
        check: null,
    };
    const read = await readWhole(options);
    if ('refused' in read)
        return { ...report, ...read };
    const { items, listing } = read;
    const candidates = chooseCandidates(options, filters, items, listing.contents, report.skipped);
    const details = await observeDetails(options.client, candidates.map((summary) => summary.id), options.concurrency ?? DEFAULT_READ_CONCURRENCY);
    const texts = renderManifests(options.cwd, outDir, filters, candidates, details, listing.accounts, report);
    if (texts.length > 0) {
        writeManifests(options.cwd, outDir, texts);
        report.check = await checkImported(options, listing, texts.map((text) => text.detail), new Set(texts.map((t) => t.file)));
    }
    report.skipped.sort((a, b) => (a.title < b.title ? -1 : a.title > b.title ? 1 : a.id < b.id ? -1 : 1));
    return report;
}
/**
 * The manifests already there and the whole catalogue, or why nothing may be
 * written: a manifest that does not load may manage an item, and an item on
 * a page not read could be imported twice.
 */
async function readWhole(options) {
    const load = await loadManifests({ cwd: options.cwd, pattern: options.manifests });
    const errors = load.problems.filter((problem) => problem.severity === 'error');
    if (errors.length > 0) {
        return {
            problems: errors,
            refused: `${errors.length} manifest error${errors.length === 1 ? '' : 's'}: a manifest that does not load may manage an item, so nothing was imported. Fix them (content-as-code validate) and import again.`,
        };
    }
    const listing = await observeListing(options.client);
    if (listing.contentsGap !== null) {
        return {
            problems: [],
            refused: `GET /contents could not be proven complete (${listing.contentsGap}): an item on a page not read could be imported twice, so nothing was imported. Run again; doctor shows how the service pages.`,
        };
    }
    return { items: load.items, listing };
}
/** The listed items worth reading in detail; every other one is added to `skipped`, with why. */
function chooseCandidates(options, { only }, items, contents, skipped) {
    const { unmanaged, owners, titles } = managedBy(items, contents);
    const remoteTitles = new Map();
    for (const summary of contents)
        remoteTitles.set(summary.title, (remoteTitles.get(summary.title) ?? 0) + 1);
    const candidates = [];
    for (const summary of contents) {
        const owner = owners.get(summary.id) ?? (unmanaged.has(summary.id) ? null : titles.get(summary.title));
        if (owner !== undefined && owner !== null) {
            skipped.push(skip(summary, 'managed', owner, `managed by ${owner}`));
        }
        else if (only !== null && !only(summary.title)) {
            skipped.push(skip(summary, 'filtered', null, `title does not match --only ${options.only}`));
        }
        else if (!/\S/.test(summary.title)) {
            skipped.push(skip(summary, 'blank_title', null, 'the title is blank; a manifest needs one'));
        }
        else if (titles.has(summary.title)) {
            const file = titles.get(summary.title);
            skipped.push(skip(summary, 'title_taken', file, `${file} has this title for another item; titles are unique`));
        }
        else if ((remoteTitles.get(summary.title) ?? 0) > 1) {
            skipped.push(skip(summary, 'duplicate_title', null, 'another item has the same title; rename one in the service (manifest titles are unique), then import again'));
        }
        else {
            candidates.push(summary);
        }
    }
    return candidates;
}
/**
 * Each candidate's manifest as text, under a file name of its own, recorded
 * in the report as imported; an item gone, filtered out by status or
 * unwritable is recorded as skipped. Nothing is written yet.
 */
function renderManifests(cwd, outDir, { keep }, candidates, details, accounts, report) {
    const namer = new FileNamer(external_node_path_default().join(cwd, outDir));
    const rendered = [];
    for (const summary of candidates) {
        const detail = details.get(summary.id);
        if (!detail) {
            report.skipped.push(skip(summary, 'gone', null, 'deleted since the listing was read'));
            continue;
        }
        const manifest = manifestOf(detail, accounts);
        if (keep !== null && !keep(detail.status, manifest.stage)) {
            report.skipped.push(skip(summary, 'filtered', null, `status ${detail.status} is not in --status`));
            continue;
        }
        const written = writableText(detail, manifest);
        if ('unwritable' in written) {
            report.skipped.push(skip(summary, 'unwritable', null, written.unwritable));
            continue;
        }
        if ('secret' in written) {
            report.skipped.push(skip(summary, 'secret', null, written.secret));
            continue;
        }
        const file = `${outDir === '' ? '' : `${outDir}/`}${namer.name(detail.title, detail.id)}`;
        rendered.push({ file, text: written.text, detail });
        report.imported.push({
            file,
            id: detail.id,
            title: detail.title,
            status: detail.status,
            stage: manifest.stage,
            notes: manifest.notes,
        });
    }
    return rendered;
}
/**
 * Every text is written only once all of them were rendered: a failure
 * before leaves the workspace as it was. The folder's place is checked
 * again once it exists, in case a link appeared since; no file is overwritten.
 */
function writeManifests(cwd, outDir, texts) {
    (0,external_node_fs_.mkdirSync)(external_node_path_default().join(cwd, outDir), { recursive: true });
    checkRealPlace(cwd, outDir);
    for (const { file, text } of texts)
        writeScrubbedFile(external_node_path_default().join(cwd, file), text, { flag: 'wx' });
}

;// CONCATENATED MODULE: ./src/text/plural.ts
// A count and its noun, as the reports say them: `1 item`, `2 items`.
/** `count` with `word`, or with `words` when the count is not one. */
function plural_plural(count, word, words = `${word}s`) {
    return `${count} ${count === 1 ? word : words}`;
}

;// CONCATENATED MODULE: ./src/import/render.ts


// The import report in words, for the terminal and the action's log and job
// summary: what was written, what was skipped and why, and whether the plan
// of the written files is empty (the promise).
const REASON_TITLES = {
    managed: 'already managed',
    filtered: 'left out by --only or --status',
    duplicate_title: 'title shared by another item',
    title_taken: 'title used by a manifest of another item',
    blank_title: 'blank title',
    gone: 'deleted since the listing',
    unwritable: 'no manifest that loads back exactly',
    secret: 'a text holds the API key, a token or a signed URL',
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
            : ` ${plural_plural(changes, 'imported file')} would still change on the next plan (listed above).`;
    return `Imported ${plural_plural(report.imported.length, 'item')} into ${report.outDir || '.'}; skipped ${report.skipped.length}.${promise}`;
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
    const lines = ['## content-as-code import', '', inlineText(importHeadline(report)), ''];
    for (const item of report.imported) {
        const commented = item.notes.length > 0 ? ' (see the comment in the file)' : '';
        lines.push(`- ${inlineCode(item.file)}: ${inlineText(item.status)} → stage ${item.stage}${commented}`);
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
// on workflow_dispatch (src/action/mode.ts refuses it on any other event), so
// that a push or a pull request never rewrites the checkout behind the other
// steps' backs.
async function runImportMode(commands, inputs, workspace) {
    const report = await withReadOnlyClient(inputs, (client) => runImport({ client, cwd: workspace, manifests: inputs.manifests, concurrency: 32 }));
    for (const line of renderImportText(report).split('\n'))
        commands.info(line);
    await commands.setOutput('imported', JSON.stringify(report.imported.map((item) => item.file)));
    await commands.appendSummary(renderImportMarkdown(report));
    const unkept = report.refused !== null || (report.check?.changes.length ?? 0) > 0;
    return unkept ? importHeadline(report) : null;
}

;// CONCATENATED MODULE: ./src/import/adopt.ts









/** The value the manifest gets: the list form of hashtags when it had one, the manifest's keys of fine_tuning. */
function manifestValue(doc, edit) {
    const { service } = edit;
    if (edit.field === 'hashtags' && typeof service === 'string' && (0,dist/* isSeq */.oP)(doc.get('hashtags', true))) {
        const tags = hashtagsOf(service);
        return 'value' in tags ? tags.value : service;
    }
    const mine = edit.manifest;
    if (edit.field === 'fine_tuning' && isRecord(mine) && isRecord(service)) {
        return Object.fromEntries(Object.keys(mine).flatMap((key) => (key in service ? [[key, service[key]]] : [])));
    }
    return service;
}
/** The manifest's text with the service's values of its edited fields; comments and layout kept. */
function adoptedText(text, edits) {
    const doc = (0,dist/* parseDocument */.Tp)(text);
    for (const edit of edits) {
        const key = edit.field === 'persona_id' ? 'persona' : edit.field;
        const value = manifestValue(doc, edit);
        const node = doc.get(key, true);
        if ((0,dist/* isScalar */.jn)(node) && typeof value === 'string') {
            node.value = value;
            node.type = styleOf(value);
            continue;
        }
        const created = doc.createNode(value);
        if ((0,dist/* isScalar */.jn)(created) && typeof value === 'string')
            created.type = styleOf(value);
        // A list or mapping written inline (`[a, b]`, `{ pace: slow }`) stays inline.
        if ((0,dist/* isCollection */.P3)(created) && (0,dist/* isCollection */.P3)(node))
            created.flow = node.flow ?? false;
        doc.set(key, created);
    }
    return doc.toString();
}
/** The plan, read-only, then every manifest with a field edited in the service rewritten. */
async function runAdopt(options) {
    const readOnly = { write: false, render: false, publish: false, publishDisabledBy: 'event' };
    const settings = { ...options.settings, mode: 'plan', permissions: readOnly, selfHeal: false };
    const report = await runEngine({ ...options, settings });
    if (report.fatal !== null)
        return { report, adopted: [], refused: report.fatal };
    if (report.problems.some(blocksWrites))
        return { report, adopted: [], refused: 'the manifests have errors: fix them first, then adopt.' };
    const adopted = [];
    for (const item of report.plan?.items ?? []) {
        const edits = item.serviceEdits ?? [];
        if (edits.length === 0)
            continue;
        const file = external_node_path_default().join(options.settings.cwd, item.file);
        writeScrubbedFile(file, adoptedText(await (0,promises_.readFile)(file, 'utf8'), edits));
        adopted.push({ file: item.file, fields: edits.map((edit) => edit.field) });
    }
    return { report, adopted, refused: null };
}
/** What adopt did, in plain lines (the callers escape them where they are shown). */
function adoptLines(result) {
    if (result.refused !== null)
        return [`Nothing adopted: ${result.refused}`];
    if (result.adopted.length === 0)
        return ['Nothing to adopt: no field is edited in the service.'];
    const fields = result.adopted.reduce((sum, file) => sum + file.fields.length, 0);
    return [
        `Adopted ${fields} field(s) edited in the service into ${result.adopted.length} manifest(s); commit them (a pull request) to keep them:`,
        ...result.adopted.map((file) => `  ${file.file}: ${file.fields.join(', ')}`),
    ];
}

;// CONCATENATED MODULE: ./src/action/adopt.ts





// `mode: adopt`: the service's values of the fields edited there written
// into the manifests in the workspace (src/import/adopt.ts), for a later
// step to commit: a pull request brings the web app's work into git. It
// reads the service only. Run by hand, on workflow_dispatch, as import is:
// on any other event it refuses, so that no push or pull request rewrites
// the checkout behind the other steps' backs.
async function runAdoptMode(commands, inputs, workspace) {
    const result = await withReadOnlyClient(inputs, (client) => runAdopt({
        settings: {
            mode: 'plan',
            cwd: workspace,
            manifests: inputs.manifests,
            allowEmpty: inputs.allowEmpty,
            permissions: { write: false, render: false, publish: false, publishDisabledBy: 'event' },
            maxPublications: inputs.maxPublications,
            cancelRunning: false,
            concurrency: inputs.concurrency,
            wait: false,
            timeoutMs: Math.round(inputs.timeoutMinutes * 60_000),
            lateWindowMs: inputs.lateWindowMs,
        },
        // A dispatched run has no base: what the repository asked is read from the history of the checkout.
        deps: { client, logger: new ActionLogger(commands), previous: gitPreviousVersions(workspace, '') },
    }));
    const lines = adoptLines(result);
    for (const line of lines)
        commands.info(line);
    const summary = ['### content-as-code · adopt', '', ...lines.map((line) => inlineText(line.trim()))];
    await commands.appendSummary(`${summary.join('\n\n')}\n`);
    return result.refused === null ? null : lines[0];
}

;// CONCATENATED MODULE: ./src/action/shard.ts
// The `shard` input: `i/n` gives this job the i-th of n deterministic shares
// of the manifests, so a matrix of jobs can share a large catalogue. Which
// file lands in which shard is decided by the engine from the file path
// alone, so every job of the matrix agrees without talking to the others.
const MAX_SHARDS = 256;
function parseShard(text) {
    const match = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
    if (!match) {
        throw new Error(`expected "i/n" with 1 <= i <= n, for example "2/4" (got "${text}"); in a matrix: shard: \${{ matrix.shard }}/4.`);
    }
    const index = Number(match[1]);
    const count = Number(match[2]);
    if (count < 1 || count > MAX_SHARDS) {
        throw new Error(`the number of shards must be from 1 to ${MAX_SHARDS} (got "${text}").`);
    }
    if (index < 1 || index > count) {
        throw new Error(`the shard number must be from 1 to ${count}; shards count from 1 (got "${text}").`);
    }
    return { index, count };
}
function formatShard(shard) {
    return `${shard.index}/${shard.count}`;
}

;// CONCATENATED MODULE: ./src/action/inputs.ts




// Every input of action.yml, read once into one typed object. The runner
// passes every input as a string; '' means "not given" and takes the
// default from src/defaults.ts, which action.yml declares too, so a local
// run without the runner's defaults behaves the same. An error names the input and the form
// it expects, and never echoes the api-key.
const REQUIRE_REVIEW = ['off', 'warn', 'hold'];
/** Inputs whose values are never echoed (and which the action masks first thing). */
const SECRET_INPUTS = new Set(['api-key', 'github-token', 'review-key']);
const INPUT_MODES = ['validate', 'plan', 'apply', 'auto', 'doctor', 'import', 'adopt'];
class InputError extends Error {
    name = 'InputError';
}
const ok = (value) => ({ ok: true, value });
const fail = (error) => ({ ok: false, error });
const inputs_text = ok;
// YAML 1.2 core booleans, as @actions/core's getBooleanInput accepts them.
const BOOLEANS = new Set(['true', 'True', 'TRUE', 'false', 'False', 'FALSE']);
const inputs_boolean = (value) => (BOOLEANS.has(value) ? ok(value) : fail('expected true or false'));
const integer = (min, max) => (value) => {
    const number = /^\d+$/.test(value) ? Number(value) : NaN;
    return number >= min && number <= max
        ? ok(number)
        : fail(`expected a whole number from ${min} to ${max}`);
};
const INPUTS = {
    'api-key': inputs_text,
    'base-url': (value) => value === '' || /^https?:\/\/[^\s/]+/i.test(value)
        ? ok(value)
        : fail('expected an http:// or https:// URL, for example https://api.example.com'),
    manifests: (value) => value === '' ? fail('expected a glob, for example content/**/*.{yml,yaml}') : ok(value),
    'allow-empty': inputs_boolean,
    mode: (value) => INPUT_MODES.includes(value)
        ? ok(value)
        : fail(`expected one of ${INPUT_MODES.join(', ')}`),
    'github-token': inputs_text,
    'comment-author': (value) => value === '' || /^[A-Za-z0-9][A-Za-z0-9-]{0,38}(\[bot\])?$/.test(value)
        ? ok(value)
        : fail('expected a GitHub login, for example my-app[bot]'),
    'review-key': inputs_text,
    comment: inputs_boolean,
    'preview-scripts': inputs_boolean,
    'preview-renders': integer(0, 100),
    'preview-credits': (value) => (value === '' ? ok(null) : integer(0, 100_000_000)(value)),
    'preview-links-public': inputs_boolean,
    'full-read': inputs_boolean,
    publish: inputs_boolean,
    'max-publications': integer(0, 100_000),
    'cancel-running': inputs_boolean,
    concurrency: integer(1, 64),
    wait: inputs_boolean,
    'timeout-minutes': (value) => {
        const minutes = /^\d+(\.\d+)?$/.test(value) ? Number(value) : NaN;
        return minutes > 0 && Number.isFinite(minutes)
            ? ok(minutes)
            : fail('expected a number of minutes greater than 0, for example 30');
    },
    'late-window': (value) => {
        const ms = parseDuration(value);
        return ms === null ? fail(DURATION_FORM) : ok(ms);
    },
    'require-review': (value) => REQUIRE_REVIEW.includes(value)
        ? ok(value)
        : fail(`expected one of ${REQUIRE_REVIEW.join(', ')}`),
    shard: inputs_text,
    pause: (value) => ok(parsePause(value)),
    'override-freeze': inputs_boolean,
    'at-most-once': inputs_boolean,
    'self-heal': inputs_boolean,
    'allow-insecure-http': inputs_boolean,
    'allow-untrusted-events': inputs_boolean,
    deployments: inputs_boolean,
};
/** Reads and validates every input; throws one InputError listing every bad one. */
function readInputs(get) {
    const errors = [];
    const values = {};
    for (const name of Object.keys(INPUTS)) {
        const raw = get(name).trim();
        const given = raw === '' ? INPUT_DEFAULTS[name] : raw;
        const parsed = INPUTS[name](given);
        if (parsed.ok) {
            values[name] = parsed.value;
        }
        else {
            const shown = SECRET_INPUTS.has(name) ? '' : ` (got "${given}")`;
            errors.push(`Input \`${name}\`: ${parsed.error}${shown}.`);
        }
    }
    let shard = null;
    if (values.shard !== undefined && values.shard !== '') {
        try {
            shard = parseShard(values.shard);
        }
        catch (error) {
            errors.push(`Input \`shard\`: ${error.message}`);
        }
    }
    if (errors.length > 0)
        throw new InputError(errors.join('\n'));
    return {
        apiKey: values['api-key'],
        baseUrl: values['base-url'],
        manifests: values.manifests,
        allowEmpty: toBoolean(values['allow-empty']),
        mode: values.mode,
        githubToken: values['github-token'],
        commentAuthor: values['comment-author'],
        reviewKey: values['review-key'],
        comment: toBoolean(values.comment),
        previewScripts: toBoolean(values['preview-scripts']),
        previewRenders: values['preview-renders'],
        previewCredits: values['preview-credits'],
        previewLinksPublic: toBoolean(values['preview-links-public']),
        fullRead: toBoolean(values['full-read']),
        publish: toBoolean(values.publish),
        maxPublications: values['max-publications'],
        cancelRunning: toBoolean(values['cancel-running']),
        concurrency: values.concurrency,
        wait: toBoolean(values.wait),
        timeoutMinutes: values['timeout-minutes'],
        lateWindowMs: values['late-window'],
        requireReview: values['require-review'],
        shard,
        pause: values.pause,
        overrideFreeze: toBoolean(values['override-freeze']),
        atMostOnce: toBoolean(values['at-most-once']),
        selfHeal: toBoolean(values['self-heal']),
        allowInsecureHttp: toBoolean(values['allow-insecure-http']),
        allowUntrustedEvents: toBoolean(values['allow-untrusted-events']),
        deployments: toBoolean(values.deployments),
    };
}
function toBoolean(value) {
    return value.toLowerCase() === 'true';
}

;// CONCATENATED MODULE: ./src/action/mode.ts



// Event -> mode -> what the run may do. The rules, in one place:
// - `auto` plans on pull requests, merge queues and pushes to other branches;
//   it applies on pushes to the default branch, schedule and workflow_dispatch.
// - PR runs (pull_request, pull_request_target, merge_group) never render or
//   publish, whatever the inputs say.
// - Untrusted runs, whose content may come from someone without write access
//   (pull_request_target, PRs whose head is a fork, comment and review
//   events, a workflow_run of a fork's run), never write to the service at
//   all, whatever `mode` says, unless `allow-untrusted-events` vouches for them.
// - `preview-scripts` lets same-repository PRs create or edit drafts;
//   `preview-renders` does too (a preview render is of the item itself, a
//   draft the pull request creates), and renders a few of them, never
//   publishing (src/engine/preview-render.ts).
// - Every mode but validate needs api-key and base-url; a pull request
//   without api-key (a fork's, or Dependabot's: they get no secrets) is
//   validated instead, and any other run without them is refused.
// - `doctor` reads only, on any event; `import` and `adopt` write into the
//   checkout, so they run on workflow_dispatch only.
// - A pull request's plan reads what its change touches, unless `full-read`;
//   `override-freeze` counts on workflow_dispatch only; `require-review`
//   concerns an apply on a push only. No other module reads these inputs.
const PR_EVENTS = new Set(['pull_request', 'pull_request_target', 'merge_group']);
const APPLY_EVENTS = new Set(['schedule', 'workflow_dispatch']);
/** The note of a pull request that came without api-key and is validated instead. */
const NO_KEY_NOTE = 'No api-key was given to this run (pull requests from forks get no secrets), so the manifests were validated but not compared with the service.';
function isPullRequestRun(event) {
    return PR_EVENTS.has(event.name) || event.pullRequest !== null;
}
function isTrusted(event) {
    return event.untrusted === null && !(event.pullRequest?.fork ?? false);
}
/** The one decision of a run, which main.ts carries out. */
function chooseRun(inputs, event) {
    switch (inputs.mode) {
        case 'doctor':
            return serviceMissing(inputs, 'mode: doctor') ?? { kind: 'doctor' };
        case 'import':
        case 'adopt':
            return (byHandOnly(inputs.mode, event) ??
                serviceMissing(inputs, `mode: ${inputs.mode}`) ?? { kind: inputs.mode });
        default: {
            const decision = decideRun({ ...inputs, mode: inputs.mode }, event);
            return 'refused' in decision ? refuse(decision.refused) : { kind: 'engine', decision };
        }
    }
}
/** import and adopt write into the checkout: only a run started by hand may, never a push or a pull request. */
function byHandOnly(mode, event) {
    if (event.name === 'workflow_dispatch')
        return null;
    return refuse(`mode: ${mode} runs on workflow_dispatch only (this run is ${event.name || 'not a workflow event'}); start it by hand from the Actions tab.`);
}
function refuse(refused) {
    return { kind: 'refused', refused };
}
/** The refusal of a mode that reads the service on any event, when api-key or base-url is empty. */
function serviceMissing(inputs, what) {
    if (inputs.apiKey !== '' && inputs.baseUrl !== '')
        return null;
    return refuse(`${what} needs the service: give api-key (from a secret) and base-url.`);
}
function chooseMode(input, event) {
    if (input !== 'auto')
        return { mode: input, because: `mode: ${input}` };
    if (PR_EVENTS.has(event.name))
        return { mode: 'plan', because: `auto: ${event.name} plans` };
    if (APPLY_EVENTS.has(event.name))
        return { mode: 'apply', because: `auto: ${event.name} applies` };
    if (event.name === 'push') {
        const branch = event.ref?.startsWith('refs/heads/') ? event.ref.slice('refs/heads/'.length) : null;
        if (branch !== null && event.defaultBranch !== null && branch === event.defaultBranch) {
            return { mode: 'apply', because: `auto: push to the default branch ${branch} applies` };
        }
        return {
            mode: 'plan',
            because: `auto: push to ${branch ?? event.ref ?? 'a ref'}, not the default branch${event.defaultBranch ? ` ${event.defaultBranch}` : ''}, plans`,
        };
    }
    // Events auto does not know (release, issue_comment, …) get the mode that cannot change anything.
    return {
        mode: 'plan',
        because: `auto: ${event.name || 'an unknown event'} is not an apply event, so it plans`,
    };
}
/** The mode, what it may do, and whether the inputs let it reach the service; or why it cannot start. */
function decideRun(inputs, event) {
    const isPullRequest = isPullRequestRun(event);
    const chosen = mode_withService(chooseMode(inputs.mode, event), inputs, isPullRequest);
    if ('refused' in chosen)
        return chosen;
    const trusted = isTrusted(event) || inputs.allowUntrustedEvents;
    const sameRepoPr = isPullRequest && trusted && event.pullRequest !== null;
    const context = {
        isPullRequest,
        trusted,
        previews: sameRepoPr && (inputs.previewScripts || inputs.previewRenders > 0),
    };
    return {
        mode: chosen.mode,
        because: chosen.because,
        permissions: permissionsFor(chosen.mode, inputs, context),
        isPullRequest,
        trusted,
        note: chosen.note,
        reads: chosen.mode === 'plan' && event.pullRequest !== null && !inputs.fullRead ? 'change' : 'everything',
        ...freezeOverride(inputs, event),
        // Only an apply on a push (a merge, or a direct push) compares with a reviewed plan.
        requireReview: chosen.mode === 'apply' && event.name === 'push' ? inputs.requireReview : 'off',
    };
}
/**
 * override-freeze counts on a workflow_dispatch only: a person asked for
 * this run, and the workflow can make its job wait for an environment's
 * required reviewers. On any other event the freeze windows stand.
 */
function freezeOverride(inputs, event) {
    const byHand = event.name === 'workflow_dispatch';
    return {
        overrideFreeze: inputs.overrideFreeze && byHand,
        overrideIgnored: inputs.overrideFreeze && !byHand
            ? `override-freeze is ignored on ${event.name}: only a workflow_dispatch run may lift the freeze windows.`
            : null,
    };
}
/**
 * Every mode but validate sends the key to base-url. A pull request without
 * api-key still checks its manifests; base-url is asked for once the mode
 * needs it, so a fork's PR validates whatever base-url says.
 */
function mode_withService(chosen, inputs, isPullRequest) {
    if (chosen.mode === 'validate')
        return { ...chosen, note: null };
    if (inputs.apiKey === '') {
        if (isPullRequest) {
            return { mode: 'validate', because: 'no api-key on a pull request: validate only', note: NO_KEY_NOTE };
        }
        return {
            refused: `Input \`api-key\` is empty, and ${chosen.mode} needs the service: pass it from a secret, for example api-key: \${{ secrets.CONTENT_API_KEY }}.`,
        };
    }
    if (inputs.baseUrl === '') {
        return {
            refused: `Input \`base-url\` is empty, and ${chosen.mode} needs the service's URL, for example https://api.example.com.`,
        };
    }
    return { ...chosen, note: null };
}
function permissionsFor(mode, inputs, { isPullRequest, trusted, previews }) {
    switch (mode) {
        case 'validate':
            return { write: false, render: false, publish: false };
        case 'plan':
            return {
                write: previews,
                render: false,
                publish: false,
                publishDisabledBy: inputs.publish ? 'event' : 'input',
                draftsOnly: true,
            };
        case 'apply': {
            // Even with `mode: apply`, a pull request only ever writes script-preview drafts.
            const byEvent = !trusted || isPullRequest;
            return {
                write: isPullRequest ? previews : trusted,
                render: !byEvent,
                publish: !byEvent && inputs.publish,
                publishDisabledBy: byEvent ? 'event' : 'input',
                draftsOnly: isPullRequest,
            };
        }
    }
}
/**
 * The one gate for the key, before any mode reads the event or the service:
 * every mode but validate sends the key to base-url (plan, apply, import,
 * doctor, and auto, which is plan or apply). Plain http only to this
 * machine, unless allow-insecure-http says otherwise (then a warning).
 */
function baseUrlGate(inputs) {
    if (inputs.mode === 'validate' || inputs.apiKey === '' || inputs.baseUrl === '') {
        return { refused: null, warning: null };
    }
    return checkBaseUrl(inputs.baseUrl, inputs.allowInsecureHttp, 'allow-insecure-http: true');
}
/** The decision in one line of the log: the mode and why, the event, the shard, what the run may change. */
function decisionLine(decision, event, shard) {
    const { write, render, publish } = decision.permissions;
    const may = [write ? 'write drafts' : null, render ? 'render' : null, publish ? 'publish' : null].filter(Boolean);
    return (`content-as-code ${VERSION}: ${decision.mode} (${decision.because}); event ${event.name || 'none'}` +
        `${decision.trusted ? '' : `, untrusted (${event.untrusted ?? 'fork or pull_request_target'}): no writes`}` +
        `${shard ? `; shard ${formatShard(shard)}` : ''}; this run may ${may.length > 0 ? may.join(', ') : 'not change anything on the service'}.`);
}

;// CONCATENATED MODULE: ./src/apply/types.ts
/** Every outcome, in the order reports count them. */
const OUTCOMES = [
    'created',
    'updated',
    'rendered',
    'published',
    'unchanged',
    'drifted',
    'held',
    'running',
    'unknown',
    'skipped',
    'failed',
    'error',
];

;// CONCATENATED MODULE: ./src/report/counts.ts



/** The kinds of step a headline counts, with the words for planned and done. */
const COUNTED = [
    { kind: 'create', planned: 'to create', done: 'created', outcome: 'created' },
    { kind: 'edit', planned: 'to edit', done: 'edited', outcome: 'updated' },
    { kind: 'render', planned: 'to render', done: 'rendered', outcome: 'rendered' },
];
/** In the order of the outcomes they become (OUTCOMES). */
const IDLE_STATES = ['unchanged', 'drifted', 'held'];
/** Outcomes that mean the item's planned steps were all carried out. */
const CAME_THROUGH = new Set(['created', 'updated', 'rendered', 'published']);
function has(item, kind) {
    return item.steps.some((step) => step.kind === kind);
}
function publications(n) {
    return { n, what: n === 1 ? 'publication' : 'publications', always: true };
}
/** What the plan will do: its items once per kind of step, publications per account, the rest by why they wait. */
function planCounts(plan) {
    const waiting = plan.items.filter((item) => has(item, 'wait') && !COUNTED.some(({ kind }) => has(item, kind)));
    return [
        ...COUNTED.map(({ kind, planned }) => ({
            n: plan.items.filter((item) => has(item, kind)).length,
            what: planned,
            always: true,
        })),
        publications(plan.publications),
        { n: waiting.length, what: 'to wait for', always: false },
        ...IDLE_STATES.map((state) => ({
            n: plan.items.filter((item) => item.steps.length === 0 && types_idleState(item) === state).length,
            what: state,
            always: false,
        })),
    ];
}
/**
 * What the run did, in the plan's terms: the planned steps of every item
 * that came through, and every other item by how it ended. An item that
 * came through with none of those steps planned (a render it waited for)
 * counts as the step its outcome names.
 */
function resultCounts(result, plan) {
    // Without the plan, the items by how they ended.
    if (plan === null)
        return outcomeCounts(result.items, new Set());
    const planned = new Map(plan.items.map((item) => [item.file, item.steps]));
    const done = new Map();
    for (const item of result.items) {
        if (!CAME_THROUGH.has(item.outcome))
            continue;
        const steps = planned.get(item.file) ?? [];
        const kinds = new Set(steps.map((step) => step.kind).filter((kind) => COUNTED.some((c) => c.kind === kind)));
        if (kinds.size === 0 && !publishes(steps)) {
            const named = COUNTED.find((counted) => counted.outcome === item.outcome);
            if (named === undefined)
                continue;
            kinds.add(named.kind);
        }
        done.set(item, { kinds, publications: item.outcome === 'published' ? publicationsOf(steps) : 0 });
    }
    const carried = [...done.values()];
    return [
        ...COUNTED.map(({ kind, done: what }) => ({
            n: carried.filter(({ kinds }) => kinds.has(kind)).length,
            what,
            always: true,
        })),
        publications(carried.reduce((sum, item) => sum + item.publications, 0)),
        ...outcomeCounts(result.items, new Set(done.keys())),
    ];
}
/** The items not `counted` by their steps, by how they ended. */
function outcomeCounts(items, counted) {
    return OUTCOMES.map((outcome) => ({
        n: items.filter((item) => item.outcome === outcome && !counted.has(item)).length,
        what: outcome === 'error' ? 'errors' : outcome,
        always: false,
    }));
}
/** The counts as a headline's words: `5 to create, 0 to edit`; zeros left out unless `always`, or everywhere when `nonzero`. */
function countsText(counts, nonzero = false) {
    return counts
        .filter((count) => count.n > 0 || (count.always && !nonzero))
        .map((count) => `${count.n} ${count.n === 1 && count.what === 'errors' ? 'error' : count.what}`)
        .join(', ');
}

;// CONCATENATED MODULE: ./src/report/diff.ts
// A line diff of two scripts for the PR comment (`diff` fence: `-` removed,
// `+` added, ` ` kept). Scripts are short; the longest-common-subsequence
// table is small. Past MAX_CELLS the diff is simply "all removed, all added".
const MAX_CELLS = 4_000_000;
function diffLines(before, after) {
    const a = split(before);
    const b = split(after);
    if (a.length * b.length > MAX_CELLS) {
        return [...a.map((line) => `-${line}`), ...b.map((line) => `+${line}`)].join('\n');
    }
    // lcs[i][j] = length of the LCS of a[i..] and b[j..].
    const width = b.length + 1;
    const lcs = new Uint32Array((a.length + 1) * width);
    for (let i = a.length - 1; i >= 0; i--) {
        for (let j = b.length - 1; j >= 0; j--) {
            lcs[i * width + j] =
                a[i] === b[j]
                    ? lcs[(i + 1) * width + j + 1] + 1
                    : Math.max(lcs[(i + 1) * width + j], lcs[i * width + j + 1]);
        }
    }
    const out = [];
    let i = 0;
    let j = 0;
    while (i < a.length && j < b.length) {
        if (a[i] === b[j]) {
            out.push(` ${a[i]}`);
            i++;
            j++;
        }
        else if (lcs[(i + 1) * width + j] >= lcs[i * width + j + 1]) {
            out.push(`-${a[i]}`);
            i++;
        }
        else {
            out.push(`+${b[j]}`);
            j++;
        }
    }
    while (i < a.length)
        out.push(`-${a[i++]}`);
    while (j < b.length)
        out.push(`+${b[j++]}`);
    return out.join('\n');
}
function split(text) {
    const normalized = text.replace(/\r\n?/g, '\n').replace(/\n$/, '');
    return normalized === '' ? [] : normalized.split('\n');
}

;// CONCATENATED MODULE: ./src/report/scale.ts


// Reports that grow with the change, not the catalogue. A pull request that
// edits 25 of 10,000 manifests shows those 25 rows; the other items are
// counted by stage in one sentence. When even the changed rows do not fit
// (a first apply of 10,000 items), the tables keep as many rows as fit and
// say how many more there are and where: the full plan file and the job summary.
/** A plan item with no step, hold or drift: counted, not listed. */
function isQuiet(item) {
    return (item.steps.length === 0 &&
        item.holds.length === 0 &&
        item.drift.length === 0 &&
        (item.serviceEdits ?? []).length === 0);
}
/** A result that changed nothing and says nothing: counted, not listed. */
function isQuietResult(item, plan) {
    return item.outcome === 'unchanged' && item.error === null && (plan === undefined || isQuiet(plan));
}
/** "9,975 unchanged items are not listed: 9,000 published, 975 draft." — null when none is left out. */
function quietSentence(quiet) {
    if (quiet.length === 0)
        return null;
    const byStage = new Map();
    for (const item of quiet)
        byStage.set(item.stage, (byStage.get(item.stage) ?? 0) + 1);
    const stages = [...byStage]
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([stage, n]) => `${thousands(n)} ${stage}`)
        .join(', ');
    const what = quiet.length === 1 ? 'unchanged item is' : 'unchanged items are';
    return `${thousands(quiet.length)} ${what} not listed (by stage: ${stages}).`;
}
/** "Showing 1,200 of 10,000 items; the other 8,800 are in …" */
function moreRowsSentence(shown, total, where) {
    const places = [
        where.planFile
            ? `the full plan file ${inlineCode(where.planFile)} (the \`plan-file\` output; keep it with actions/upload-artifact)`
            : null,
        where.summaryUrl === null ? null : `the [job summary](${where.summaryUrl})`,
    ].filter((place) => place !== null);
    const rest = total - shown;
    return (`**Showing ${thousands(shown)} of ${thousands(total)} items;** the other ${thousands(rest)} ` +
        `${rest === 1 ? 'is' : 'are'} in ${places.length > 0 ? places.join(' and ') : 'the `plan` output and the log'}.`);
}

;// CONCATENATED MODULE: ./src/report/service-edit-words.ts
// The words for fields edited in the service (plan/service-edits.ts), shared
// by the terminal, the summary and the pull request's comment. The callers
// escape every line: values come from the service and the manifests.
/** The persona is named as the manifest names it. */
function fieldName(field) {
    return field === 'persona_id' ? 'persona' : field;
}
/** `2030-06-01T15:00:00.000Z` → `2030-06-01 15:00 UTC`; anything else is returned as it is. */
function formatInstant(iso) {
    const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::\d{2}(?:\.\d+)?)?Z$/.exec(iso);
    return match ? `${match[1]} ${match[2]} UTC` : iso;
}
/** The ways out of a kept edit, said once per line. */
const WAYS_OUT = "to take it into git run content-as-code adopt (or mode: adopt); to put the manifest's back set self-heal: true; to leave the field to the service list it in ignore_service_edits";
/** A value on one line, quoted, at most 80 characters. */
function editValue(value) {
    if (value === null || value === undefined || value === '')
        return '(none)';
    const text = typeof value === 'string' ? `"${value.replace(/\s+/g, ' ')}"` : JSON.stringify(value);
    return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}
function service_edit_words_since(edit) {
    return edit.since === null ? '' : ` (the item last changed in the service ${formatInstant(edit.since)})`;
}
/** One edit as a sentence: what the service holds, what the manifest says, and what this run does. */
function serviceEditSentence(edit) {
    const field = fieldName(edit.field);
    const values = `the service has ${editValue(edit.service)}, the manifest ${editValue(edit.manifest)}`;
    switch (edit.outcome) {
        case 'kept':
            return `${field} edited in the service${service_edit_words_since(edit)}: kept as the service has it (${values}); ${WAYS_OUT}`;
        case 'healed':
            return `${field} edited in the service${service_edit_words_since(edit)}: put back to the manifest's value by self-heal (${values})`;
        case 'conflict':
            return `${field} changed in the service and in the repository since the last apply${service_edit_words_since(edit)}: a conflict, written neither way until one side gives way (${values}, the last apply asked for ${editValue(edit.asked)}); adopt the service's value, set the manifest back, or set self-heal: true`;
        case 'unknown':
            return `${field} changed outside the repository${service_edit_words_since(edit)}, in the service or by a pull request's preview: which cannot be told, as no record of the previews could be read; held, written neither way (${values}); adopt the service's value, or set self-heal: true to put the manifest's back`;
    }
}
/** Every edit of an item, in one note; the compact form names the fields only. Null when there is none. */
function serviceEditsText(edits, compact = false) {
    if (edits === undefined || edits.length === 0)
        return null;
    if (compact) {
        const named = edits.map((edit) => `${fieldName(edit.field)} (${edit.outcome})`).join(', ');
        return `edited in the service: ${named}`;
    }
    return edits.map(serviceEditSentence).join('; ');
}
/** The outcome of an edit in a table cell. */
function serviceEditOutcome(edit) {
    switch (edit.outcome) {
        case 'kept':
            return 'edited in the service: kept';
        case 'healed':
            return 'edited in the service: put back (self-heal)';
        case 'conflict':
            return 'changed in the service and in the repository: conflict, written neither way';
        case 'unknown':
            return 'changed outside the repository, writer unknown: held';
    }
}
/** The hold of a conflict or an unknown writer: the fields, said in the edits' own note. */
function serviceEditHoldText(hold) {
    const parts = [
        hold.conflict.length > 0 ? `${hold.conflict.map(fieldName).join(', ')} in conflict` : null,
        hold.unknown.length > 0 ? `${hold.unknown.map(fieldName).join(', ')} of an unknown writer` : null,
    ].filter((part) => part !== null);
    return `held: ${parts.join(' and ')}; nothing is written, rendered or published for this item until one side gives way`;
}

;// CONCATENATED MODULE: ./src/report/words.ts






/** Fields short enough to show as old → new; scripts are shown as diffs instead. */
const SHOWN_VALUES = new Set([
    'title',
    'description',
    'hashtags',
    'persona_id',
]);
const RENDER_REASONS = {
    never_rendered: 'not rendered yet',
    script_changed: 'script changed',
    settings_changed: 'video settings changed',
    retry_failed: 'retrying a failed render',
    publish_in_one_request: 'again, because only the generation request carries its privacy or TikTok settings',
    changed_since_preview: 'again: the manifest changed since the render its pull request previewed',
};
function targets(publish, labels) {
    return [...new Set(publish.accounts.map(labels.account))].join(', ');
}
function changeText(change, labels) {
    if (!SHOWN_VALUES.has(change.field))
        return change.field;
    const quote = (value) => typeof value === 'string' && value !== '' ? labels.value(value) : '(none)';
    return `${change.field} ${quote(change.from)} → ${quote(change.to)}`;
}
function words_stepText(step, labels) {
    switch (step.kind) {
        case 'create':
            return 'create';
        case 'edit':
            return `edit ${step.changes.map((change) => changeText(change, labels)).join(', ')}${step.cancelGeneration ? ' (cancels the running generation)' : ''}`;
        case 'render':
            return `render (${RENDER_REASONS[step.reason]})${step.publish ? ` and publish to ${targets(step.publish, labels)}` : ''}`;
        case 'upload':
            return `${step.retry ? 'retry publishing' : 'publish'} to ${targets(step.publish, labels)}`;
        case 'wait':
            return `wait for ${step.status}`;
    }
}
function holdText(hold) {
    switch (hold.kind) {
        case 'scheduled':
            return `publishes at ${formatInstant(hold.at)}`;
        case 'paused':
            return pausedText(hold);
        case 'frozen':
            return `frozen until ${formatIn(hold.until, hold.timeZone)}, ${hold.reasons.join('; ')} (since ${formatIn(hold.since, hold.timeZone)}): ${FROZEN_OUTCOME[hold.what]}`;
        case 'publish_disabled':
            return hold.by === 'input' ? 'publishing is turned off for this run' : 'not published on this event';
        case 'render_disabled':
            return 'not rendered on this event';
        case 'preview_credits':
            return hold.spent === null
                ? 'not rendered as a preview: the credit balance could not be read to check preview-credits'
                : `not rendered as a preview: this run's previews spent ${hold.spent} of the ${hold.ceiling} credits preview-credits allows`;
        case 'generating':
            return `generating now (${hold.status}); left alone unless cancel-running is set`;
        case 'already_retried':
            return `failed again (${hold.status}); retried once already`;
        case 'script_changed_since_plan':
            return 'its script changed on the service after the plan was made; not rendered in this run';
        case 'changed_since_plan':
            return `moved from ${hold.planned} to ${hold.found} while this run worked; left for the next run`;
        case 'listing_incomplete':
            return 'not created: the listing of contents is not proven complete, so the item may already exist (see the note on the listing)';
        case 'unknown_value':
            return `left alone: the service shows ${hold.field} ${JSON.stringify(hold.value)}, which this version does not know`;
        case 'late':
            return `publish.at passed ${hold.days} day${hold.days === 1 ? '' : 's'} ago (${formatInstant(hold.at)}); held, not published late. Set publish.late: publish to publish it anyway, or move publish.at`;
        case 'upload_cannot_carry':
            return `held: the upload endpoint is not shown to carry ${hold.fields.join(', ')}, so an upload could publish wider than asked; render it again in one request (change the script or settings), or drop those settings`;
        case 'partly_published':
            return `held: the failed upload reached ${hold.platform} before it failed, and which other accounts got it is not shown; publish the rest by hand`;
        case 'looks_like_rename':
            return `held: looks like a rename of item ${hold.id} (title "${hold.title}"); pin id: ${hold.id} to adopt it, or change full_text to make a new item`;
        case 'not_started':
            return `the service accepted the request but the item stayed ${hold.status}; the next run picks it up`;
        case 'duplicate_marked':
            return `another run created "${hold.title}" at the same moment; this run's item ${hold.id} was marked as a duplicate of ${hold.winner} and left alone`;
        case 'race_undecided':
            return `held: ${hold.ids.length} items are titled "${hold.title}" (${hold.ids.join(', ')}) and ${hold.why}, so which one to keep cannot be decided; none is rendered or published${hold.marked.length > 0 ? '' : '. Delete the one that is not wanted in the service'}`;
        case 'outcome_unknown':
            return outcomeUnknownText(hold);
        case 'after_deadline':
            return `not sent in this run: the service's pace allows the next generation at ${formatInstant(hold.nextAt)}, after this run's deadline; the next run sends it`;
        case 'not_read_back':
            return `the service accepted the write, but reading the item back failed (${hold.reason}); the rest waits for the next run`;
        case 'cleared_on_service':
            return `the service accepted the edit but shows ${hold.fields.join(', ')} empty; nothing more is done to it in this run. Check how the service stores them`;
        case 'changed_since_review':
            return `changed since review in pull request #${hold.pr}: ${hold.changes.map((change) => REVIEW_CHANGES[change]).join(', ')}${hold.reviewedHead && hold.mergedHead ? ` (the reviewed plan was computed for ${hold.reviewedHead.slice(0, 7)}, the pull request merged ${hold.mergedHead.slice(0, 7)})` : ''}; not rendered or published. ${RELEASE}`;
        case 'service_edit':
            return serviceEditHoldText(hold);
        case 'not_reviewed':
            if (hold.why === 'unverified') {
                return `not reviewed: the reviewed plan in the comment of pull request #${hold.pr ?? '?'} does not verify (${UNVERIFIED_CAUSES}); held whatever require-review says, not rendered or published. ${RELEASE}`;
            }
            return `not reviewed: ${NOT_REVIEWED[hold.why]}${hold.pr === null ? '' : ` (pull request #${hold.pr})`}, and require-review is hold; not rendered or published. ${RELEASE}`;
    }
}
const RELEASE = 'A pull request that shows it, or a run with require-review: off, releases it';
const FROZEN_OUTCOME = {
    publish: 'published when the window ends',
    render: 'not rendered until the window ends',
    edit: 'not created or edited until the window ends',
};
/** `create, render and publish`: words joined as a sentence lists them. */
function joinWords(words) {
    return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}
/** Why, and since when, as a pause says it: `: Brand review (since 2026-11-20 00:00 UTC)`. */
function whyAndSince(pause) {
    return `${pause.reason ? `: ${pause.reason}` : ''}${pause.since ? ` (since ${formatInstant(pause.since)})` : ''}`;
}
function pausedText(hold) {
    const why = whyAndSince(hold);
    // What the pause kept from happening.
    const held = `not ${joinWords(hold.held) || 'nothing'}`;
    switch (hold.scope) {
        case 'input':
            return `paused by the pause input${why}: ${held} in this run`;
        case 'release_file':
            return `paused by ${hold.file ?? 'the release file'}${why}: ${held} until paused is removed`;
        case 'item':
            return `paused in ${hold.file ?? 'the manifest'}${why}: ${held} until paused is removed`;
        case 'account':
            return `account ${hold.account?.platform ?? ''} "${hold.account?.name ?? ''}" is paused in ${hold.file ?? 'the release file'}${why}: not published until it is resumed, to none of its accounts (never to fewer than asked)`;
    }
}
const REVIEW_CHANGES = {
    manifest: 'the manifest differs from the one reviewed',
    script: 'a script other than the one shown',
    render: 'a render not shown',
    publication: 'a publication not shown',
    target: 'accounts or publication settings other than the ones shown',
};
const NOT_REVIEWED = {
    direct_push: 'the push came from no pull request',
    not_in_plan: "the pull request's reviewed plan does not list it",
    no_plan: 'the pull request has no comment with a reviewed plan',
    unreadable: 'the reviewed plan could not be read from GitHub',
    unverified: "the reviewed plan in the pull request's comment does not verify",
};
const UNVERIFIED_CAUSES = 'edited after the action wrote it, copied from another pull request, or sealed with another review-key or api-key';
/** A value the service stored in its own terms; said once, on the run that wrote it. */
function words_noteText(note) {
    switch (note.how) {
        case 'normalised_text':
            return `the service stored ${note.field} with its own line ends and trailing whitespace; compared that way from now on`;
        case 'filled_defaults':
            return `the service filled its defaults into ${note.field}; only the keys the manifest sets are compared`;
        case 'ignored':
            return `the service did not take ${note.field}; it is compared by what the service reports`;
    }
}
/** What an apply found about one item besides its outcome: holds that arose, normal forms met. */
/** How a plan item's publication goes out, and every setting it sends, in the manifest's words. */
function publishViaText(item) {
    if (!item.publishVia)
        return null;
    const sent = publicationSettings(item.publication?.options);
    if (item.publishVia === 'upload')
        return `publishes with an upload (${sent})`;
    // A stepwise item publishes this way only when the upload could not carry its privacy or TikTok settings.
    return item.flow === 'stepwise'
        ? `publishes in one one-shot request with its render (${sent}): an upload cannot carry its privacy or TikTok settings`
        : `publishes in the one-shot generation request (${sent})`;
}
/** A publication's settings as the manifest names them: those always sent, then those it sets. */
function publicationSettings(options) {
    const always = ['accounts', 'made_for_kids', 'age_restricted', 'notify_subscribers', 'ai_disclosure'];
    const set = options
        ? [
            options.privacy !== undefined && 'privacy',
            options.category !== undefined && 'category',
            options.tiktok_post_mode !== undefined && 'tiktok.post_mode',
            options.tiktok_privacy !== undefined && 'tiktok.privacy',
        ].filter((name) => name !== false)
        : [];
    return [...always, ...set].join(', ');
}
/** The FLOW column: the declared flow, and how a declared stepwise item is published when it goes one-shot. */
function words_flowText(item) {
    return item.flow === 'stepwise' && item.publishVia === 'oneshot' ? 'stepwise→oneshot' : item.flow;
}
const DRIFT_FIELDS = {
    video_settings: 'video settings',
    accounts: 'accounts',
    publish: 'publish settings',
};
function driftText(drift, compact = false) {
    const field = DRIFT_FIELDS[drift.field] ?? drift.field;
    if (compact)
        return `drift: ${field}`;
    const what = drift.field === 'accounts' || drift.field === 'publish'
        ? `drift: ${field} differ from the published video (${driftValue(drift.remote)} → ${driftValue(drift.desired)}; a published video is not published again)`
        : `drift: ${field} differs from the published video (not re-rendered)`;
    return `${what}; ${driftWayOut(drift)}`;
}
/** A published video's script, render or publication changes only as a new item: the service never redoes one. */
const AS_A_NEW_VIDEO = 'as a new video (a new title, no id)';
/**
 * What to do about one drift, in one line: take the published value (the
 * service's, which no run changes) back into the manifest, or make the change
 * a new video.
 */
function driftWayOut(drift) {
    switch (drift.field) {
        case 'video_settings':
            return `set video back to the settings it was rendered with, or render the change ${AS_A_NEW_VIDEO}`;
        case 'accounts':
            return `set publish.accounts back to those it was published to, or publish to the new ones ${AS_A_NEW_VIDEO}`;
        case 'publish':
            return `set the publish settings back to those it was published with, or publish with the new ones ${AS_A_NEW_VIDEO}`;
        default:
            return `set ${drift.field} back to the published one, or publish the change ${AS_A_NEW_VIDEO}`;
    }
}
function driftValue(value) {
    if (Array.isArray(value))
        return value.join(', ');
    if (value !== null && typeof value === 'object')
        return Object.entries(value)
            .map(([key, entry]) => `${key} ${String(entry)}`)
            .join(', ');
    return String(value);
}
function keptValue(value) {
    const text = typeof value === 'string' ? `"${value}"` : JSON.stringify(value);
    return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}
/**
 * Values the service holds that the manifest does not set, on an item the
 * plan renders or publishes: they go out with the video, so they are named
 * (plan/diff.ts, keptFromService). The callers escape the whole line.
 */
function keptText(kept, compact = false) {
    if (kept === undefined || kept.length === 0)
        return null;
    if (compact)
        return `kept from the service: ${kept.map((entry) => entry.field).join(', ')}`;
    const values = kept.map((entry) => `${entry.field} = ${keptValue(entry.value)}`).join(', ');
    return `kept from the service, which the manifest does not set (they go out with the video; set them in the manifest to change them): ${values}`;
}
/**
 * What a pull request's preview left out of a planned edit of an existing
 * draft, and why (plan/permissions.ts); null when it sends the whole edit or
 * the run does not preview.
 */
function notPreviewedText(item) {
    const step = item.steps.find((entry) => entry.kind === 'edit');
    if (item.preview === undefined || step?.kind !== 'edit')
        return null;
    const { withheld, blocked } = previewEdit(item, step, item.preview);
    if (withheld.length === 0)
        return null;
    const fields = `not previewed: ${withheld.join(', ')}`;
    switch (blocked) {
        case 'no_base':
            return `${fields}: the pull request's base could not be read, so no item the service holds is edited before the merge (use fetch-depth: 0 in actions/checkout)`;
        case 'not_at_base':
            return `${fields}: main has no manifest of this item at this path (new in this pull request, or another title there), so a preview edit would stay in the service after this pull request`;
        case 'base_invalid':
            return `${fields}: main's manifest at this path has errors, so a preview edit would stay in the service after this pull request`;
        case null:
            return `not previewed: ${ownReasons(withheld)}, so a preview would leave ${withheld.length === 1 ? 'it' : 'them'} in the service after this pull request`;
    }
}
/** Why each withheld field of a preview is main's to leave: it sets no such field, or keeps the service's persona. */
function ownReasons(withheld) {
    const unset = withheld.filter((field) => field !== 'persona_id');
    const reasons = unset.length > 0
        ? [`${unset.join(', ')}: main's manifest does not set ${unset.length === 1 ? 'it' : 'them'}`]
        : [];
    if (withheld.includes('persona_id'))
        reasons.push('persona_id: main keeps the persona the service shows');
    return reasons.join('; ');
}
const WEEKDAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
/** An instant as a time zone shows it, with the weekday (`Mon 2026-11-30 00:00 Europe/Paris`); UTC without a zone. */
function formatIn(iso, zone) {
    if (zone === null)
        return formatInstant(iso);
    const wall = new Date(wallTime(zone, Date.parse(iso)));
    const text = wall.toISOString();
    return `${WEEKDAY_NAMES[wall.getUTCDay()]} ${text.slice(0, 10)} ${text.slice(11, 16)} ${zone}`;
}
/**
 * The notes beside a plan item's steps, in the order every report gives
 * them; `compact` names fields without their values, and leaves out how the
 * publication goes out.
 */
function words_planNotes(item, compact = false) {
    return [
        confirmationText(item),
        ...item.holds.map(holdText),
        ...item.drift.map((drift) => driftText(drift, compact)),
        serviceEditsText(item.serviceEdits, compact),
        keptText(item.kept, compact),
        notPreviewedText(item),
        compact ? null : publishViaText(item),
    ].filter((text) => text !== null);
}
/**
 * What the results table says beside an outcome: why a skipped or held item
 * was (every one has a reason), what drifted and what to do about it, and
 * when a parked item publishes. Null when the outcome says it all.
 */
function words_resultNote(item, planned) {
    const holds = [...(item.holds ?? []), ...(planned?.holds ?? [])];
    // A drift stays after the run, whatever else it did: the results say it and the way out too.
    const drift = (planned?.drift ?? []).map((entry) => driftText(entry));
    const live = [unknownText(item), confirmationText(item)].filter((text) => text !== null);
    const planNotes = [
        serviceEditsText(planned?.serviceEdits),
        keptText(planned?.kept),
        planned ? notPreviewedText(planned) : null,
    ].flatMap((text) => (text === null ? [] : [text]));
    const notes = [
        ...new Set([
            ...live,
            ...holds.map(holdText),
            ...drift,
            ...planNotes,
            ...(item.notes ?? []).map(words_noteText),
        ]),
    ];
    if (notes.length > 0)
        return notes.join('; ');
    if (item.outcome === 'skipped')
        return 'not allowed in this run';
    return null;
}
/** How a person settles a publication whose outcome is unknown. */
const DECIDE = 'check the channel: if the video is there, nothing is to be done; if not, run again (the next run sends it ' +
    'while the service shows it unpublished, at-most-once or not, so run it only after checking) or publish it by hand';
/** What may have come of a request sent again after its answer was lost. */
const MAYBE_TWICE = 'if the service had queued the first, the video may be published twice: check the channel for a second post';
/** A request whose answer was lost and of which the service shows no sign: said as it happened, never "not sent" after a resend. */
function outcomeUnknownText(hold) {
    const sent = formatInstant(hold.sentAt);
    if (hold.atMostOnce === true)
        return `publication unknown: the request sent ${sent} lost its answer and the service shows no sign of it; held by at-most-once, never sent again. To decide, ${DECIDE}`;
    if ((hold.sends ?? 2) > 1)
        return `publication unknown: the request sent ${sent} lost its answer, was sent again once when the service showed no sign of it past the stall threshold, and lost its answer again; it is not sent a third time, and a later run reads what the service shows. ${MAYBE_TWICE}`;
    return `publication unknown: the request sent ${sent} lost its answer and the service shows no sign of it; a later run reads what the service shows`;
}
/** A publication whose answer was lost, not yet shown published (unknown, and since when), or sent again after it. */
function unknownText(item) {
    if (item.holds?.some((hold) => hold.kind === 'outcome_unknown'))
        return null;
    if (item.outcome !== 'unknown')
        return item.resentAfterLoss === true ? `sent again after its answer was lost: ${MAYBE_TWICE}` : null;
    const since = item.unknownSince ? ` (first sent ${formatInstant(item.unknownSince)})` : '';
    if (item.resentAfterLoss === true)
        return `publication unknown${since}: its answer was lost and the service showed no sign of it past the stall threshold, so it was sent again once; the service has not shown it published yet, and the next run reads what it shows. ${MAYBE_TWICE}`;
    return `publication unknown${since}: its answer was lost, the service showed it received, and it was not sent again; the service has not shown it published yet, and the next run reads what it shows`;
}
/**
 * Published, and what the service shows of it on each account asked
 * (plan/confirmation.ts). One URL for several accounts is said where this run
 * published; an unconfirmed publication is said in every run until it is live.
 */
function confirmationText(item) {
    const confirmation = item.confirmation;
    if (confirmation === undefined || confirmation.state === 'confirmed')
        return null;
    const label = (account) => `${account.platform} "${account.name}"`;
    if (confirmation.state === 'one_url') {
        if (item.outcome !== 'published')
            return null;
        return `published to ${confirmation.accounts.map(label).join(', ')}; the service shows one URL for the item, not one per account`;
    }
    const missing = confirmation.accounts.filter((account) => account.url === null).map(label);
    return `published, unconfirmed: the service shows no URL for ${missing.join(', ')}`;
}
/** The item's one URL stands for several accounts: the service shows no URL per account (A28). */
function words_oneUrlForSeveral(item) {
    if (item.confirmation !== undefined)
        return item.confirmation.state === 'one_url';
    return item.publishedUrls.length === 1;
}
/**
 * The service reports one public URL per item (A18), however many accounts it
 * published to: the accounts an item was published to, when there were several.
 */
function words_accountsBehindOneUrl(planned) {
    const accounts = (planned?.steps ?? []).flatMap((step) => publicationOf(step)?.accounts ?? []);
    const names = [...new Set(accounts.map((account) => `${account.platform} "${account.name}"`))];
    return names.length > 1 ? names : [];
}
/** What the run says once about the comparison with reviewed plans, above the tables. */
function reviewNotes(review) {
    const notes = [];
    if (review.held > 0) {
        notes.push(`${review.held} item${review.held === 1 ? ' was' : 's were'} held: what this apply would render or publish is not what a reviewed pull request showed. ` +
            'A pull request that shows them, or a run with require-review: off, releases them.');
    }
    const whys = [...new Set(review.unreviewed.map((entry) => NOT_REVIEWED[entry.why]))];
    if (whys.length > 0) {
        const count = review.unreviewed.length;
        notes.push(`${count} item${count === 1 ? ' is' : 's are'} rendered or published without a reviewed plan (${whys.join('; ')}): ` +
            'require-review: warn lets them through; require-review: hold would hold them.');
    }
    return notes;
}
/** What a change's plan covers, as the summary, the comment and the CLI say it; `code` marks up the base. */
function scopeText(scope, code = (text) => text) {
    const count = thousands;
    return (`the plan covers the change since ${code(scope.base)}: ${count(scope.planned)} changed ` +
        `${scope.planned === 1 ? 'manifest' : 'manifests'} planned; ${count(scope.unread)} unchanged not read`);
}

;// CONCATENATED MODULE: ./src/report/previews.ts


const WHY = {
    limit: 'not rendered: past preview-renders, the most a pull request run renders; the merge renders it',
    credits: 'not rendered: one more preview could pass the preview-credits ceiling; the merge renders it',
    freeze: 'not rendered: a freeze window holds renders; a run after the window renders it',
    pause: 'not rendered: paused; a run once the pause is lifted renders it',
    withheld: 'not rendered: this preview cannot write everything the render is made from (the plan\'s "not previewed" note says what), so it would not be the video the merge ships',
    stale: 'rendered from an earlier version of this pull request, and a rendered item is not changed before the merge: the merge renders it again',
    one_request: 'not rendered: its publication settings (privacy, TikTok) go out only in the generation request that renders it, so the merge renders it anyway',
    failed: 'not rendered: the render failed (the results below say why)',
    unfinished: 'still rendering when the run stopped waiting: re-run the job to watch it',
    not_sent: 'not rendered in this run (see the results below)',
};
function previewLine(preview, fileUrl, token) {
    const where = escape_link(preview.file, fileUrl?.(preview.file, preview.line) ?? null);
    const head = `- **${inlineText(preview.title, 120)}** (${where}): `;
    if (preview.state === 'not_rendered')
        return `${head}${inlineText(WHY[preview.why ?? 'not_sent'])}.`;
    const when = preview.state === 'rendered' ? 'rendered by this run' : 'rendered by an earlier run of this pull request';
    const id = preview.id ?? '';
    if (token === undefined || id === '') {
        return `${head}${when}; watch it in the service's web app, item ${inlineCode(id)}.`;
    }
    const expiry = preview.expires
        ? `The link expires at ${inlineText(formatInstant(preview.expires))}`
        : 'The link expires after a time the service sets';
    return `${head}${when}.\n\n  ${token(id)}\n  ${expiry}; re-running this job refreshes it.`;
}
/** The preview renders section; null when the run rendered none and had none to render. */
function previewRenderSection(report, fileUrl, token) {
    const previews = report.previews ?? [];
    if (previews.length === 0)
        return null;
    const watched = previews.some((preview) => preview.state !== 'not_rendered');
    const lines = ['#### Preview renders'];
    if (watched) {
        lines.push(token === undefined
            ? "Rendered for review, never published. No link is shown here: a video link is signed, and anyone who reads it can download the video (a private repository's comment links them; `preview-links-public: true` links them in a public one too)."
            : 'Rendered for review, never published. The merge publishes each of these renders as it is, unless its manifest changes first.');
    }
    lines.push(previews.map((preview) => previewLine(preview, fileUrl, token)).join('\n'));
    return lines.join('\n\n');
}

;// CONCATENATED MODULE: ./src/report/release.ts

// What release control says about a whole run, in sentences: the kill
// switch, the freezes open now (or lifted by override-freeze), paused
// accounts and paused manifests, each with why and since when. Every plan,
// summary, comment and terminal report opens with them, so that a run that
// does less than asked says why before anything else.
/** How many paused manifests are named before the rest are counted. */
const NAMED_ITEMS = 5;
const HELD_WORDS = {
    publish: 'publications',
    render: 'renders',
    edit: 'creates and edits',
};
/** The sentences of a run's release status; none when nothing is paused or frozen. */
function releaseLines(status) {
    if (!status)
        return [];
    return [
        ...(status.pause ? [pauseLine(status.pause)] : []),
        ...status.frozen.map((entry) => freezeLine(entry, status.overridden)),
        ...status.accounts.map(accountLine),
        ...itemsLine(status.items),
    ];
}
function pauseLine(pause) {
    return pause.by === 'input'
        ? `Paused by the pause input${whyAndSince(pause)}. Nothing is written to the service in this run; clear the input (or the variable behind it) to go on.`
        : `Paused by ${pause.file ?? 'the release file'}${whyAndSince(pause)}. Nothing is written to the service until paused is removed from it.`;
}
function freezeLine(entry, overridden) {
    const { freeze } = entry;
    const held = joinWords(entry.holds.map((what) => HELD_WORDS[what]));
    const when = `until ${formatIn(freeze.until, freeze.timeZone)} (since ${formatIn(freeze.since, freeze.timeZone)})`;
    const reasons = freeze.reasons.join('; ');
    return overridden
        ? `Frozen ${when}, ${reasons}: lifted for this run by override-freeze, so ${held} go on.`
        : `Frozen ${when}, ${reasons}: ${held} are held and go on when the window ends.`;
}
function accountLine(entry) {
    const account = entry.account;
    const name = account.kind === 'id' ? `with id ${account.id}` : `${account.platform} "${account.name}"`;
    return `Account ${name} is paused in ${entry.pause.location.file}${whyAndSince(entry.pause)}: items that publish to it are not published, to it or to any other account they name.`;
}
function itemsLine(items) {
    if (items.length === 0)
        return [];
    const named = items
        .slice(0, NAMED_ITEMS)
        .map(({ file, pause }) => `${file}${pauseWhere(file, pause)}${whyAndSince(pause)}`);
    const more = items.length > NAMED_ITEMS ? `, and ${items.length - NAMED_ITEMS} more` : '';
    const count = items.length === 1 ? '1 manifest is' : `${items.length} manifests are`;
    return [`${count} paused, and held until paused is removed: ${named.join('; ')}${more}.`];
}
/** ` by content/ocean/_defaults.yml` when the pause is written in a folder's defaults, not the manifest. */
function pauseWhere(file, pause) {
    return pause.location.file === file ? '' : ` by ${pause.location.file}`;
}

;// CONCATENATED MODULE: ./src/text/shortened.ts
// Text cut to fit a table cell or a one-line description, counted in code
// points so that no character is split.
/** `text` on one line, at most `max` characters: the last one an ellipsis when it was cut. */
function shortened_shortened(text, max) {
    const chars = [...text.replace(/\s+/g, ' ').trim()];
    return chars.length <= max ? chars.join('') : `${chars.slice(0, max - 1).join('')}…`;
}

;// CONCATENATED MODULE: ./src/report/markdown.ts











const COMMENT_LIMIT = 65_536;
const SUMMARY_LIMIT = 1024 * 1024;
const LAYOUTS = [
    { compact: false, minimal: false },
    { compact: true, minimal: false },
    { compact: true, minimal: true },
];
/** The report as Markdown within the limit. */
function renderReport(report, context, options) {
    const size = options.unit === 'bytes'
        ? (text) => Buffer.byteLength(text, 'utf8')
        : (text) => text.length;
    const limit = options.limit - (options.reserve ?? 0);
    const previews = scriptPreviews(report, options.target);
    for (const layout of LAYOUTS) {
        const { compact } = layout;
        // The videos to watch come first, right under the headline: what a reviewer opens the comment for.
        const renders = previewRenderSection(report, compact ? undefined : context.fileUrl, context.previewMedia);
        const head = [headline(report, context), renders, ...body(report, context, layout)];
        const footer = footerLines(report, context, options.target);
        let kept = previews.length;
        for (;;) {
            const note = trimNote(previews.length - kept, compact, context, options.target);
            const text = join([...head, previewSection(previews.slice(0, kept)), note, footer]);
            if (size(text) <= limit)
                return text;
            if (kept === 0)
                break;
            // Drop previews from the end: halve quickly while far over, then one at a time.
            kept = size(text) - limit > 4096 ? Math.floor(kept / 2) : kept - 1;
        }
    }
    // Even minimal rows do not fit (thousands of items): keep as many rows as
    // fit, and say how many more there are and where. Each row is measured
    // once; one render checks the sum (the sentence that counts the rest is a
    // few characters longer with rows kept than without, which the margin covers).
    const minimal = { ...LAYOUTS[2], target: options.target };
    const render = (maxRows) => join([headline(report, context), ...body(report, context, { ...minimal, maxRows })]);
    let rows = rowsWithin(longTableRows(report, context, minimal), limit - size(render(0)) - 32, size);
    let kept = render(rows);
    while (rows > 0 && size(kept) > limit)
        kept = render(--rows);
    if (size(kept) <= limit)
        return kept;
    // Not even the headline and the problems fit: cut the text and say so.
    const full = kept;
    const note = `\n\n**Trimmed:** this report is longer than GitHub allows here. ${whereIsTheRest(context, options.target)}`;
    return `${cut(full, limit - size(note) - 16, size)}${note}`;
}
/** How many of the first rows, as table lines, take at most `room`. */
function rowsWithin(rows, room, size) {
    let used = 0;
    for (const [index, row] of rows.entries()) {
        used += size(tableRow(row)) + 1;
        if (used > room)
            return index;
    }
    return rows.length;
}
function join(parts) {
    return parts.filter((part) => part !== null && part !== '').join('\n\n');
}
function cut(text, limit, size) {
    const lines = text.split('\n');
    let total = 0;
    const kept = [];
    for (const line of lines) {
        total += size(line) + 1;
        if (total > limit)
            break;
        kept.push(line);
    }
    return kept.join('\n');
}
function whereIsTheRest(context, target) {
    if (target === 'comment') {
        return context.runUrl
            ? `The full report is in the [job summary](${context.runUrl}).`
            : 'The full report is in the job summary of this workflow run.';
    }
    return 'The `plan` and `results` outputs and the log hold everything.';
}
function trimNote(dropped, compact, context, target) {
    if (dropped === 0 && !compact)
        return null;
    const what = [
        dropped > 0 ? `${dropped} script preview${dropped === 1 ? ' was' : 's were'} left out` : null,
        compact ? 'rows are shortened' : null,
    ]
        .filter(Boolean)
        .join(' and ');
    return `**Trimmed:** ${what} to stay within GitHub's size limit. ${whereIsTheRest(context, target)}`;
}
// ---------------------------------------------------------------- headline
function headline(report, context) {
    const manifests = report.load.files.length;
    const errors = report.problems.filter((p) => p.severity === 'error').length;
    const warnings = report.problems.length - errors;
    const problemText = errors + warnings > 0
        ? `${[errors ? plural_plural(errors, 'error') : null, warnings ? plural_plural(warnings, 'warning') : null].filter(Boolean).join(', ')}`
        : null;
    const shard = context.shard ? ` (shard ${context.shard.index}/${context.shard.count})` : '';
    let sentence;
    if (report.fatal !== null) {
        sentence = `**Stopped** ${report.mode === 'apply' ? 'applying' : 'planning'} ${plural_plural(manifests, 'manifest')}${shard}: ${inlineText(report.fatal, 500)}`;
    }
    else if (report.mode === 'validate' || (report.plan === null && errors > 0)) {
        sentence = `**Validated** ${plural_plural(manifests, 'manifest')}${shard}: ${problemText ?? 'all valid'}.`;
    }
    else if (report.result !== null && report.mode === 'apply') {
        sentence = `**Applied** ${plural_plural(manifests, 'manifest')}${shard}: ${countsText(resultCounts(report.result, report.plan), true) || 'nothing to do'}${problemText ? `; ${problemText}` : ''}.`;
    }
    else {
        sentence = `**Plan** for ${plural_plural(manifests, 'manifest')}${shard}: ${report.plan ? countsText(planCounts(report.plan), true) || 'nothing to do' : 'nothing to do'}${problemText ? `; ${problemText}` : ''}.`;
    }
    const lines = [`### content-as-code · ${report.mode}`, sentence];
    if (report.scope && report.plan !== null)
        lines.push(scopeLine(report.scope));
    if (context.pullRequest && report.mode !== 'validate') {
        const rendered = report.previews?.some((preview) => preview.state !== 'not_rendered') ?? false;
        lines.push(rendered
            ? 'Pull request runs never publish; this one shows preview renders for review (below). Merging applies the plan.'
            : 'Pull request runs never render or publish; merging applies the plan.');
    }
    // What is paused or frozen, why and since when, before anything else the run says.
    for (const line of releaseLines(report.release))
        lines.push(`> **Release control:** ${inlineText(line)}`);
    for (const note of context.notes ?? [])
        lines.push(`> ${inlineText(note)}`);
    return lines.join('\n\n');
}
/** A change's plan says what it covers, and how to read everything. */
function scopeLine(scope) {
    const text = scopeText(scope, inlineCode);
    return `${text[0].toUpperCase()}${text.slice(1)}. Applies read every item; \`full-read: true\` plans them all here too.`;
}
// ---------------------------------------------------------------- tables
function body(report, context, layout) {
    return [
        problemTable(report.problems, context, layout),
        report.result
            ? resultTable(report, context, layout)
            : report.plan
                ? planTable(report, context, layout)
                : null,
        heldForReviewLine(report.plan?.items ?? []),
        serviceEditSection(report.plan?.items ?? [], context, layout),
        report.result && report.plan && !layout.minimal ? planDetails(report, context, layout) : null,
        unmanagedSection(report.plan?.unmanaged ?? [], layout),
        notesSection(report.notes ?? []),
    ].filter((part) => part !== null);
}
/** The pull requests whose reviewed plan held items, linked: where to look, and what to open next. */
function heldForReviewLine(items) {
    const pulls = new Map();
    for (const hold of items.flatMap((item) => item.holds)) {
        if (hold.kind !== 'changed_since_review')
            continue;
        const pull = pulls.get(hold.pr) ?? { url: hold.url, count: 0 };
        pull.count++;
        pulls.set(hold.pr, pull);
    }
    if (pulls.size === 0)
        return null;
    const links = [...pulls].map(([number, { url, count }]) => `${escape_link(`#${number}`, url && safeUrl(url))} (${plural_plural(count, 'item')})`);
    return `**Changed since review:** ${links.join(', ')}. A pull request that shows them, or a run with \`require-review: off\`, releases them.`;
}
/**
 * Fields edited in the service, side by side with the manifest's value and,
 * for a conflict, what the last apply asked for: every run says them, the
 * scheduled one nobody reviews included (docs/service-edits.md).
 */
function serviceEditSection(items, context, layout) {
    const rows = items.flatMap((item) => (item.serviceEdits ?? []).map((edit) => [
        fileCell(item.file, item.file, item.line, context, layout),
        textCell(fieldName(edit.field)),
        textCell(editValue(edit.service), layout.compact ? 40 : 120),
        textCell(editValue(edit.manifest), layout.compact ? 40 : 120),
        textCell(edit.outcome === 'conflict' ? editValue(edit.asked) : '', layout.compact ? 40 : 120),
        textCell(serviceEditOutcome(edit)),
    ]));
    if (rows.length === 0)
        return null;
    const { rows: shown, more } = markdown_capped(rows, layout, context);
    const table = markdownTable(['Manifest', 'Field', 'In the service', 'In the manifest', 'Last applied', 'This run'], shown);
    const intro = '**Edited in the service:** fields whose value in the service is not what the repository last asked for. ' +
        'Kept unless `self-heal: true`; `content-as-code adopt` (or `mode: adopt`) writes them into the manifests; ' +
        '`ignore_service_edits` leaves a field to the service.';
    return join([intro, table, more]);
}
/** Informational reads that failed: said once, changed nothing. */
function notesSection(notes) {
    if (notes.length === 0)
        return null;
    return notes.map((note) => `> ${inlineText(note, 500)}`).join('\n>\n');
}
function titleLimit(layout) {
    return layout.minimal ? 40 : layout.compact ? 60 : 120;
}
function fileCell(label, file, line, context, layout) {
    const url = layout.compact ? null : (context.fileUrl?.(file, line) ?? null);
    return linkCell(label, url);
}
function problemTable(problems, context, layout) {
    if (problems.length === 0)
        return null;
    const rows = problems.map((p) => [
        p.severity === 'error' ? 'error' : 'warning',
        fileCell(`${p.file}:${p.line}:${p.column}`, p.file, p.line, context, layout),
        textCell(p.message, layout.compact ? 200 : 1000),
    ]);
    return markdownTable(['', 'Where', 'Problem'], rows);
}
function itemTitle(item, layout) {
    const title = textCell(item.title, titleLimit(layout));
    return item.renamedFrom
        ? joinCells([title, joinCells(['(renamed from “', textCell(item.renamedFrom, titleLimit(layout)), '”)'], '')], ' ')
        : title;
}
/** Where the rows a capped table leaves out are. */
function elsewhere(context, target) {
    return {
        summaryUrl: target === 'comment' ? (context.runUrl ?? null) : null,
        planFile: context.planFile ?? null,
    };
}
/** Rows, capped at layout.maxRows, with the sentence that counts what was left out. */
function markdown_capped(rows, layout, context) {
    const max = layout.maxRows ?? Infinity;
    if (rows.length <= max)
        return { rows, more: null };
    return {
        rows: rows.slice(0, max),
        more: moreRowsSentence(max, rows.length, elsewhere(context, layout.target ?? null)),
    };
}
function planTable(report, context, layout) {
    const all = report.plan?.items ?? [];
    if (all.length === 0)
        return null;
    const quiet = quietSentence(all.filter(isQuiet));
    const listed = planRows(report, context, layout);
    if (listed.length === 0)
        return quiet;
    const { rows, more } = markdown_capped(listed, layout, context);
    const table = markdownTable(['Manifest', 'Item', 'Status', 'Plan', 'Notes'], rows);
    return join([table, more, quiet]);
}
/** The plan table's rows: one per item that does something. */
function planRows(report, context, layout) {
    const items = (report.plan?.items ?? []).filter((item) => !isQuiet(item));
    return items.map((item) => [
        fileCell(item.file, item.file, item.line, context, layout),
        itemTitle(item, layout),
        item.remote?.status ?? 'not created',
        layout.minimal ? stepKinds(item) : stepsText(item),
        // Plain text, escaped with its cell.
        layout.minimal ? '' : words_planNotes(item, layout.compact).join('; '),
    ]);
}
/** The rows of the table a report is long by: its results, else its plan. */
function longTableRows(report, context, layout) {
    return report.result ? resultRows(report, context, layout).rows : planRows(report, context, layout);
}
function resultTable(report, context, layout) {
    const all = report.result?.items ?? [];
    if (all.length === 0)
        return null;
    const planned = plansByFile(report);
    const quietPlans = all.flatMap((item) => {
        const plan = planned.get(item.file);
        return plan && isQuietResult(item, plan) ? [plan] : [];
    });
    const quiet = quietSentence(quietPlans);
    const { rows: listed, sharedUrls } = resultRows(report, context, layout);
    if (listed.length === 0)
        return quiet;
    const { rows, more } = markdown_capped(listed, layout, context);
    const table = join([
        markdownTable(['Manifest', 'Item', 'Outcome', 'Status', 'Published', 'Notes', 'Time'], rows),
        more,
        quiet,
    ]);
    if (sharedUrls === 0)
        return table;
    return `${table}\n\nThe service reports one public URL per item: for ${plural_plural(sharedUrls, 'item')} published to several accounts, the other accounts' posts are on those platforms, not linked here.`;
}
function plansByFile(report) {
    return new Map((report.plan?.items ?? []).map((item) => [item.file, item]));
}
/** The result table's rows (one per item that did something), and how many of them share one URL among accounts. */
function resultRows(report, context, layout) {
    const planned = plansByFile(report);
    const items = (report.result?.items ?? []).filter((item) => !isQuietResult(item, planned.get(item.file)));
    let sharedUrls = 0;
    const rows = items.map((item) => {
        const plan = planned.get(item.file);
        const published = joinCells(item.publishedUrls.map((p) => linkCell(p.platform, safeUrl(p.url))), ', ');
        const several = words_oneUrlForSeveral(item) ? words_accountsBehindOneUrl(plan).length : 0;
        if (several > 0)
            sharedUrls++;
        const shown = several > 0 ? joinCells([published, `(one URL for ${several} accounts)`], ' ') : published;
        const note = item.lastError ?? item.error ?? words_resultNote(item, plan);
        return [
            fileCell(item.file, item.file, plan?.line ?? 1, context, layout),
            textCell(item.title, titleLimit(layout)),
            item.outcome,
            item.status ?? '',
            shown,
            note ? textCell(note, layout.minimal ? 80 : layout.compact ? 160 : 500) : '',
            seconds(item.durationMs),
        ];
    });
    return { rows, sharedUrls };
}
/** In apply reports the plan goes into a collapsed section under the results. */
function planDetails(report, context, layout) {
    const table = planTable(report, context, layout);
    return table ? `<details><summary>Plan that was applied</summary>\n\n${table}\n\n</details>` : null;
}
function unmanagedSection(unmanaged, layout) {
    if (unmanaged.length === 0)
        return null;
    const shown = layout.compact ? unmanaged.slice(0, 50) : unmanaged;
    const rows = shown.map((ref) => [
        textCell(ref.title, titleLimit(layout)),
        codeCell(ref.id),
        ref.status,
    ]);
    const more = unmanaged.length - shown.length;
    return [
        `<details><summary>${plural_plural(unmanaged.length, 'remote item')} that no manifest claims (left untouched)</summary>`,
        '',
        markdownTable(['Title', 'Id', 'Status'], rows),
        more > 0 ? `\nand ${more} more.` : '',
        '</details>',
    ].join('\n');
}
function safeUrl(url) {
    return /^https?:\/\//i.test(url) ? url : null;
}
/** ` (in 2 worker threads)` when the manifests were parsed in worker threads. */
function inThreads(threads) {
    if (threads === undefined)
        return '';
    return ` (in ${threads} worker ${threads === 1 ? 'thread' : 'threads'})`;
}
function seconds(ms) {
    return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}
/** The shortest true description of a plan row: which steps, nothing more. */
function stepKinds(item) {
    return item.steps.length === 0 ? types_idleState(item) : item.steps.map((step) => step.kind).join(', ');
}
/** The plan's steps as plain text: the table escapes the whole cell, a status the service invented included. */
function stepsText(item) {
    if (item.steps.length === 0)
        return types_idleState(item);
    return item.steps.map((step) => words_stepText(step, markdownLabels)).join('; ');
}
/** Names and values shortened on one line, and escaped with the rest of their cell. */
const markdownLabels = {
    account: (account) => `${account.platform} ${shortened_shortened(account.name, 40)}`,
    value: (text) => `“${shortened_shortened(text, 60)}”`,
};
/**
 * Scripts reviewers read. The comment shows the scripts of items this plan
 * creates or edits (as a diff where the service has an earlier script; with
 * `preview-scripts` the engine has already read back what the service wrote);
 * the summary shows the scripts of the items the run changes, so a run that
 * changes nothing stays short however large the catalogue.
 */
function scriptPreviews(report, target) {
    const previews = [];
    for (const item of report.plan?.items ?? []) {
        const { desired, remote } = item.script;
        if (desired === null && remote === null)
            continue;
        // A render is shown too: its script is what the merge spends credits on (and what the reviewed plan holds).
        const touched = item.steps.some((step) => step.kind === 'create' || step.kind === 'edit' || step.kind === 'render');
        const differs = desired !== null && remote !== null && desired !== remote;
        // The comment shows scripts to review; the summary, the scripts of what this run changed.
        const changed = item.steps.some((step) => step.kind !== 'wait');
        if (target === 'comment' ? !touched && !differs : !changed && !differs)
            continue;
        const title = htmlText(item.title, 120);
        const created = item.steps.some((step) => step.kind === 'create');
        let summary;
        let block;
        if (differs) {
            summary = `${title}: script changes`;
            block = codeBlock(diffLines(remote, desired), 'diff');
        }
        else {
            summary = `${title}: ${created ? 'new script' : 'script'}`;
            block = codeBlock(desired ?? remote ?? '', 'text');
        }
        previews.push({ text: `<details><summary>${summary}</summary>\n\n${block}\n\n</details>` });
    }
    return previews;
}
function previewSection(previews) {
    if (previews.length === 0)
        return null;
    return ['#### Scripts', ...previews.map((p) => p.text)].join('\n\n');
}
// ---------------------------------------------------------------- footer
function footerLines(report, context, target) {
    if (target === 'comment') {
        return `<sub>${context.runUrl ? `[Job summary](${context.runUrl})` : 'Job summary'} has the full report.</sub>`;
    }
    const credits = report.creditsBefore !== null || report.creditsAfter !== null
        ? `credits ${report.creditsBefore ?? '?'} → ${report.creditsAfter ?? report.creditsBefore ?? '?'}`
        : null;
    const t = report.timings;
    const parts = [
        `mode ${report.mode}${context.because ? ` (${inlineText(context.because)})` : ''}`,
        `event ${inlineText(context.event || 'none')}`,
        context.shard ? `shard ${context.shard.index}/${context.shard.count}` : null,
        credits,
        `load ${seconds(t.loadMs)}${inThreads(report.load.workerThreads)}, plan ${seconds(t.planMs)}, apply ${seconds(t.applyMs)}`,
    ];
    return parts.filter(Boolean).join(' · ');
}

;// CONCATENATED MODULE: ./src/report/summary.ts

// The job summary: the same Markdown as the PR comment, with every script
// and the run's mode, event, credits and timings, kept under GitHub's 1 MiB
// step-summary limit (counted in bytes). Room is kept for the redaction of
// secrets and signed URLs, which may change the length slightly.
const summary_MARGIN = 4 * 1024;
function summaryMarkdown(report, context, extras) {
    const notes = [...(context.notes ?? [])];
    const hidden = extras.hiddenErrors + extras.hiddenWarnings;
    if (hidden > 0) {
        notes.push(`GitHub shows 10 annotations of each kind per step; ${hidden} more (${extras.hiddenErrors} errors, ${extras.hiddenWarnings} warnings) are listed in the tables below.`);
    }
    return `${renderReport(report, { ...context, notes }, { target: 'summary', limit: SUMMARY_LIMIT - summary_MARGIN, unit: 'bytes' })}\n`;
}

;// CONCATENATED MODULE: ./src/report/text.ts







const PLAIN = { color: false };
const ANSI = {
    good: ['\u001b[32m', '\u001b[39m'],
    bad: ['\u001b[31m', '\u001b[39m'],
    busy: ['\u001b[33m', '\u001b[39m'],
    dim: ['\u001b[2m', '\u001b[22m'],
    bold: ['\u001b[1m', '\u001b[22m'],
};
function paint(text, tone, style) {
    if (!style.color || tone === null || text === '')
        return text;
    const [open, close] = ANSI[tone];
    return `${open}${text}${close}`;
}
function width(text) {
    return [...text].length;
}
/**
 * Columns padded to the widest cell; the last column is not padded. Within
 * `style.columns`, the widest columns are narrowed in turn and their cells
 * wrapped at spaces onto the lines below, each in its own column.
 */
function renderTable(headers, rows, style = PLAIN) {
    const cells = rows.map((row) => row.map((cell) => (typeof cell === 'string' ? { text: cell, tone: null } : cell)));
    const natural = headers.map((header, i) => Math.max(width(header), ...cells.map((row) => width(row[i]?.text ?? ''))));
    const widths = style.columns === undefined ? natural : narrowed(natural, headers, style.columns);
    const lines = (row) => {
        const wrapped = row.map((cell, i) => wrap(cell.text, widths[i]));
        const height = Math.max(...wrapped.map((parts) => parts.length));
        return Array.from({ length: height }, (_, k) => row
            .map((cell, i) => {
            const text = wrapped[i][k] ?? '';
            const padding = i === row.length - 1 ? '' : ' '.repeat(widths[i] - width(text));
            return paint(text, cell.tone, style) + padding;
        })
            .join('  ')
            .trimEnd());
    };
    const head = lines(headers.map((text) => ({ text, tone: 'bold' })));
    return [...head, ...cells.flatMap(lines)].join('\n');
}
/** Narrower cells are wrapped no narrower than this, nor than their header. */
const MIN_COLUMN = 12;
/**
 * The widths narrowed, the one with most to give first, until the row fits
 * `columns` or none can give more. The first column (a file, which editors
 * and terminals make a link of) is never narrowed.
 */
function narrowed(natural, headers, columns) {
    const widths = [...natural];
    const floor = headers.map((header, i) => i === 0 ? natural[i] : Math.min(natural[i], Math.max(MIN_COLUMN, width(header))));
    let excess = widths.reduce((sum, w) => sum + w, 2 * (widths.length - 1)) - columns;
    while (excess > 0) {
        const widest = widths.reduce((best, w, i) => (w - floor[i] > widths[best] - floor[best] ? i : best), 0);
        if (widths[widest] <= floor[widest])
            break;
        widths[widest] = widths[widest] - 1;
        excess -= 1;
    }
    return widths;
}
/** `text` in lines of at most `max` characters, broken at spaces (a longer word is cut). */
function wrap(text, max) {
    if (width(text) <= max)
        return [text];
    const lines = [];
    let line = '';
    for (const word of text.split(' ')) {
        let rest = [...word];
        if (line !== '' && width(line) + 1 + rest.length <= max) {
            line += ` ${word}`;
            continue;
        }
        if (line !== '')
            lines.push(line);
        while (rest.length > max) {
            lines.push(rest.slice(0, max).join(''));
            rest = rest.slice(max);
        }
        line = rest.join('');
    }
    lines.push(line);
    return lines;
}
// ---- plan ----
const terminalLabels = {
    /** Platforms only: the table stays narrow, the account names are in the manifest. */
    account: (account) => account.platform,
    value: (text) => `"${shortened_shortened(text, 40)}"`,
};
function itemAction(item) {
    if (item.steps.length > 0)
        return item.steps.map((step) => stepText(step, terminalLabels)).join(', then ');
    return idleState(item);
}
function itemNotes(item) {
    const notes = [];
    if (item.match === 'renamed' && item.renamedFrom !== null)
        notes.push(`renamed from "${item.renamedFrom}"`);
    if (item.match === 'pinned')
        notes.push('pinned by id');
    return [...notes, ...planNotes(item)].join('; ');
}
function actionTone(item) {
    if (item.steps.length === 0)
        return 'dim';
    return generates(item.steps) ? 'busy' : null;
}
/** `label` replaces the headline's "Plan", for a plan that will not run. */
function renderPlanText(plan, style = PLAIN, label) {
    const lines = [];
    const verb = label ?? (plan.mode === 'apply' ? 'Plan' : `Plan (${plan.mode} only, nothing is changed)`);
    lines.push(paint(`${verb}: ${planHeadline(plan)}`, 'bold', style), '');
    if (plan.items.length > 0) {
        lines.push(renderTable(['FILE', 'TITLE', 'STAGE', 'FLOW', 'STATUS', 'ACTION', 'NOTES'], plan.items.map((item) => [
            `${item.file}:${item.line}`,
            shortened(item.title, 40),
            item.stage,
            flowText(item),
            item.remote?.status ?? 'new',
            { text: itemAction(item), tone: actionTone(item) },
            { text: itemNotes(item), tone: 'dim' },
        ]), style));
    }
    if (plan.unmanaged.length > 0) {
        lines.push('', `Unmanaged (no manifest claims them; never touched): ${plan.unmanaged.length}`);
        for (const ref of plan.unmanaged)
            lines.push(`  ${ref.id}  ${shortened(ref.title, 60)}  ${ref.status}`);
    }
    return lines.join('\n');
}
/** The plan in one sentence: `5 items, 5 to create, 0 to edit, 4 to render, 2 publications.` */
function planHeadline(plan) {
    return `${plural_plural(plan.items.length, 'item')}, ${countsText(planCounts(plan))}.`;
}
// ---- results ----
const OUTCOME_TONES = {
    created: 'good',
    updated: 'good',
    rendered: 'good',
    published: 'good',
    unchanged: 'dim',
    drifted: 'busy',
    held: 'dim',
    running: 'busy',
    unknown: 'busy',
    failed: 'bad',
    skipped: 'dim',
    error: 'bad',
};
function statusTone(status) {
    if (status === null)
        return null;
    if (status.startsWith('FAILED'))
        return 'bad';
    if (status === 'UPLOADED' || status === 'VIDEO_PROCESSED' || status === 'NEW')
        return 'good';
    return 'busy';
}
function formatDuration(ms) {
    if (ms < 1000)
        return `${Math.round(ms)}ms`;
    if (ms < 60_000)
        return `${(ms / 1000).toFixed(1)}s`;
    return `${Math.floor(ms / 60_000)}m${String(Math.round((ms % 60_000) / 1000)).padStart(2, '0')}s`;
}
/** `plan` (when given) supplies the reasons beside skipped items, schedules, and the accounts behind one URL. */
function renderResultsText(result, style = PLAIN, plan) {
    const lines = [paint(`Results: ${resultsHeadline(result, plan ?? null)}`, 'bold', style), ''];
    const planned = new Map((plan?.items ?? []).map((item) => [item.file, item]));
    if (result.items.length > 0) {
        lines.push(renderTable(['FILE', 'TITLE', 'OUTCOME', 'STATUS', 'TIME', 'NOTES'], result.items.map((item) => [
            item.file,
            shortened(item.title, 40),
            { text: item.outcome, tone: OUTCOME_TONES[item.outcome] },
            { text: item.status ?? '-', tone: statusTone(item.status) },
            formatDuration(item.durationMs),
            { text: resultNote(item, planned.get(item.file)) ?? '', tone: 'dim' },
        ]), style));
    }
    const published = result.items.filter((item) => publishedThisRun(item) && item.publishedUrls.length > 0);
    if (published.length > 0) {
        lines.push('', 'Published:');
        for (const item of published) {
            const behind = oneUrlForSeveral(item) ? accountsBehindOneUrl(planned.get(item.file)) : [];
            for (const url of item.publishedUrls) {
                const note = behind.length > 0 ? `  (the service reports this one URL for ${behind.join(', ')})` : '';
                lines.push(`  ${shortened(url.title, 40)}  ${url.platform}  ${url.url}${note}`);
            }
        }
    }
    // What the service stored in its own form: said once, below the table.
    const noted = result.items.filter((item) => (item.notes ?? []).length > 0);
    if (noted.length > 0) {
        lines.push('', 'Notes:');
        for (const item of noted)
            for (const text of (item.notes ?? []).map(noteText))
                lines.push(`  ${item.file}: ${text}`);
    }
    const failures = result.items.filter((item) => item.lastError !== null || item.error !== null);
    if (failures.length > 0) {
        lines.push('', paint('Failed:', 'bad', style));
        for (const item of failures)
            lines.push(...failureLines(item));
    }
    if (result.creditsBefore !== null || result.creditsAfter !== null) {
        lines.push('', creditsLine(result.creditsBefore, result.creditsAfter));
    }
    return lines.join('\n');
}
function failureLines(item) {
    const lines = [`  ${item.file}: ${item.title}${item.status ? ` (${item.status})` : ''}`];
    if (item.lastError !== null)
        lines.push(`    last_error: ${item.lastError}`);
    if (item.error !== null)
        lines.push(`    error: ${item.error}`);
    return lines;
}
function creditsLine(before, after) {
    const show = (value) => (value === null ? 'unknown' : String(value));
    const spent = before !== null && after !== null ? ` (${before - after} spent)` : '';
    return `Credits: ${show(before)} before, ${show(after)} after${spent}.`;
}
/** The results in one sentence, as the terminal's report opens. */
/** The run in one sentence, in the plan's terms (counts.ts): `5 items, 5 created, 0 edited, 4 rendered, 2 publications.` */
function resultsHeadline(result, plan = null) {
    if (result.items.length === 0)
        return 'nothing to do.';
    return `${plural_plural(result.items.length, 'item')}, ${countsText(resultCounts(result, plan))}.`;
}
function formatProgressLine(event, style = PLAIN) {
    const parts = [
        `  ${event.file}`,
        shortened(event.title, 40),
        paint(event.status, statusTone(event.status), style),
    ];
    const percentage = event.progress?.percentage;
    if (typeof percentage === 'number')
        parts.push(`${Math.round(percentage)}%`);
    const detail = event.progress?.message ?? event.progress?.step;
    if (detail)
        parts.push(paint(shortened(detail, 60), 'dim', style));
    return parts.join('  ');
}
/**
 * One line per state change: a new status, a new step, or the percentage
 * moving on by at least `minStep` points. Identical snapshots from repeated
 * polls print nothing.
 */
function createProgressPrinter(write, style = PLAIN, minStep = 10) {
    const last = new Map();
    return (event) => {
        const previous = last.get(event.file);
        const step = event.progress?.step ?? null;
        const percentage = event.progress?.percentage ?? null;
        if (previous !== undefined &&
            previous.status === event.status &&
            previous.step === step &&
            (percentage === null ||
                (previous.percentage !== null && percentage !== 100 && percentage - previous.percentage < minStep) ||
                previous.percentage === percentage)) {
            return;
        }
        last.set(event.file, { status: event.status, step, percentage });
        write(formatProgressLine(event, style));
    };
}

;// CONCATENATED MODULE: ./src/action/annotations.ts
// Manifest problems and failed items become annotations on the manifest,
// at the line and column of the offending field (or of the item's title).
// GitHub shows only the first 10 annotations of each kind per step; all of
// them are still written (the log keeps them), and the job summary's problem
// and result tables list every one.
const ANNOTATIONS_SHOWN_PER_KIND = 10;
function annotationsFor(report) {
    const annotations = report.problems.map((problem) => ({
        level: problem.severity,
        title: `content-as-code: ${problem.code}`,
        message: problem.message,
        file: problem.file,
        line: problem.line,
        column: problem.column,
    }));
    const positions = new Map((report.plan?.items ?? []).map((item) => [item.file, item]));
    for (const item of report.result?.items ?? []) {
        const at = positions.get(item.file);
        const where = { file: item.file, line: at?.line ?? 1, column: at?.column ?? 1 };
        if (item.outcome === 'failed' || item.outcome === 'error') {
            const detail = item.lastError ?? item.error ?? 'no error message from the service';
            const state = item.status ? ` in ${item.status}` : '';
            annotations.push({
                level: 'error',
                title: `content-as-code: ${item.outcome === 'failed' ? 'item failed' : 'item error'}`,
                message: `"${item.title}" ended${state}: ${detail}`,
                ...where,
            });
        }
        else if (item.outcome === 'running') {
            annotations.push({
                level: 'warning',
                title: 'content-as-code: still running',
                message: `"${item.title}" was still ${item.status ?? 'running'} when the run stopped waiting; a later run picks it up.`,
                ...where,
            });
        }
    }
    return annotations;
}
/** Writes the annotations; returns how many of each kind GitHub will not show. */
function emitAnnotations(commands, annotations) {
    for (const annotation of annotations) {
        commands.annotate(annotation.level, annotation.message, {
            title: annotation.title,
            file: annotation.file,
            startLine: annotation.line,
            startColumn: annotation.column,
        });
    }
    const errors = annotations.filter((a) => a.level === 'error').length;
    const warnings = annotations.length - errors;
    return {
        hiddenErrors: Math.max(0, errors - ANNOTATIONS_SHOWN_PER_KIND),
        hiddenWarnings: Math.max(0, warnings - ANNOTATIONS_SHOWN_PER_KIND),
    };
}

;// CONCATENATED MODULE: ./src/github/deployments.ts


/** GitHub's limit on a status's description. */
const DESCRIPTION_LIMIT = 140;
/**
 * `youtube/ocean-facts`: the platform, then the account's name as a slug
 * (letters and digits of any script, `.` and `_` kept; the account id when
 * nothing is left). Two accounts whose names slug alike share an environment;
 * their deployments stay apart by the account id in the payload.
 */
function environmentFor(platform, account, accountId) {
    const slug = account
        .normalize('NFKC')
        .toLowerCase()
        .replace(/[^\p{L}\p{N}._]+/gu, '-')
        .replace(/^[-.]+|[-.]+$/g, '')
        .slice(0, 100);
    return `${platform.toLowerCase()}/${slug || accountId}`;
}
const taskFor = (contentId) => `publish:${contentId}`;
/** Makes sure the publication has its deployment, with `publication.state` as its latest status. */
async function recordDeployment(github, target, publication) {
    const environment = environmentFor(publication.platform, publication.account, publication.accountId);
    const existing = await findDeployment(github, target, publication, environment);
    if (existing === null && !publication.create)
        return { action: 'none', environment };
    const id = existing ?? (await deployments_createOnce(github, target, publication, environment));
    const status = statusBody(target, publication);
    if (existing !== null && (await latestStatusIs(github, target, id, status))) {
        return { action: 'unchanged', id, environment };
    }
    await github.rest.repos.createDeploymentStatus({
        owner: target.owner,
        repo: target.repo,
        deployment_id: id,
        ...status,
    });
    return { action: existing === null ? 'created' : 'updated', id, environment };
}
/** The deployment of this item and account in `environment`, made by any earlier run; null when none. */
async function findDeployment(github, target, publication, environment) {
    const pages = github.paginate.iterator(github.rest.repos.listDeployments, {
        owner: target.owner,
        repo: target.repo,
        environment,
        task: taskFor(publication.contentId),
        per_page: 100,
    });
    for await (const page of pages) {
        for (const deployment of page.data) {
            const payload = payloadOf(deployment.payload);
            if (payload.content_id === publication.contentId && payload.account_id === publication.accountId) {
                return deployment.id;
            }
        }
    }
    return null;
}
/** GitHub gives the payload back as the object it was sent as, or, for older deployments, as JSON text. */
function payloadOf(payload) {
    if (typeof payload === 'string') {
        try {
            return payloadOf(JSON.parse(payload));
        }
        catch {
            return {};
        }
    }
    return typeof payload === 'object' && payload !== null ? payload : {};
}
/** How many times a deployment is posted when GitHub's answer is lost or a 5xx. */
const deployments_CREATE_ATTEMPTS = 3;
/**
 * Creates the deployment. A lost answer or a 5xx may come after GitHub made
 * it, so the retry plugin does not resend this POST by itself: the lookup is
 * made again first, and the POST is sent again only when nothing is there.
 */
async function deployments_createOnce(github, target, publication, environment) {
    for (let attempt = 1;; attempt++) {
        try {
            const { data, status } = await github.rest.repos.createDeployment({
                owner: target.owner,
                repo: target.repo,
                ...deploymentBody(target, publication, environment),
                request: { retries: 0 },
            });
            // 202 is GitHub merging the default branch into the ref instead, which auto_merge: false rules out.
            if (status !== 201 || !('id' in data)) {
                throw new Error(`GitHub made no deployment (${status}): ${JSON.stringify(data).slice(0, 200)}`);
            }
            return data.id;
        }
        catch (error) {
            const status = statusOf(error);
            if ((status !== null && status < 500) || attempt >= deployments_CREATE_ATTEMPTS)
                throw error;
            const made = await findDeployment(github, target, publication, environment);
            if (made !== null)
                return made;
        }
    }
}
function deploymentBody(target, publication, environment) {
    return {
        ref: target.sha,
        task: taskFor(publication.contentId),
        environment,
        description: shortened_shortened(`"${publication.title}" on ${publication.platform} "${publication.account}"`, DESCRIPTION_LIMIT),
        payload: {
            content_id: publication.contentId,
            account_id: publication.accountId,
            platform: publication.platform,
            account: publication.account,
            title: publication.title,
            file: publication.file,
        },
        // The commit is deployed as it is: never a merge commit made for the occasion.
        auto_merge: false,
        // Commit statuses say nothing about whether a video is live; GitHub checks every context unless told none.
        required_contexts: [],
        // A published video stays, and people watch it.
        transient_environment: false,
        production_environment: true,
    };
}
function statusBody(target, publication) {
    const url = publication.state === 'success' ? publication.url : null;
    return {
        state: publication.state,
        description: shortened_shortened(publication.description, DESCRIPTION_LIMIT),
        ...(url !== null ? { environment_url: url } : {}),
        ...(target.logUrl !== null ? { log_url: target.logUrl } : {}),
        // Every item published to an account shares its environment, and each stays live:
        // a new success must not mark the others inactive.
        auto_inactive: false,
    };
}
/** Whether the deployment's newest status already says `status`: a re-run then posts nothing. */
async function latestStatusIs(github, target, id, status) {
    const { data } = await github.rest.repos.listDeploymentStatuses({
        owner: target.owner,
        repo: target.repo,
        deployment_id: id,
        per_page: 1,
    });
    const latest = data[0];
    return (latest !== undefined &&
        latest.state === status.state &&
        (latest.description ?? '') === status.description &&
        (latest.environment_url ?? '') === (status.environment_url ?? ''));
}

;// CONCATENATED MODULE: ./src/action/deployments.ts





// `deployments: true`: what the run's results say of each publication it
// made or finished, recorded as GitHub deployments (src/github/deployments.ts).
// Only this run's publications: an item published by an earlier run and left
// alone by this one gets nothing, so a re-run posts nothing new. Recording
// never fails the run: a refusal is one warning that names the permission.
/** A publication's state as this run left it; null when this run neither sent nor finished one. */
function stateOf(result, item) {
    const sent = publishes(item.steps);
    const waited = item.steps.some((step) => step.kind === 'wait');
    if (!sent && !waited)
        return null;
    // A run that only waited for an item in flight cannot tell whether that job
    // publishes: it records what the item ended in, and a failure only on the
    // deployment that the run which sent the publication opened.
    if (result.status === 'UPLOADED' && (result.outcome === 'published' || sent)) {
        return { state: 'success', create: true, description: 'Published' };
    }
    if (result.outcome === 'failed' && result.status !== null && FAILED_STATUSES.has(result.status)) {
        return { state: 'failure', create: sent, description: result.lastError ?? result.status };
    }
    if (result.outcome === 'error') {
        return { state: 'error', create: false, description: result.error ?? 'The run stopped on this item' };
    }
    if (sent && (result.outcome === 'running' || result.outcome === 'unknown')) {
        const description = result.unknownSince
            ? `Sent ${result.unknownSince}; the answer was lost and the service does not show the outcome yet`
            : `Rendering and publishing (${result.status ?? 'sent'})`;
        return { state: 'in_progress', create: true, description };
    }
    return null;
}
/** Every publication (item × account) the run made or finished, with the state its deployment takes. */
function deploymentsOf(report) {
    const planned = new Map((report.plan?.items ?? []).map((item) => [item.file, item]));
    return (report.result?.items ?? []).flatMap((result) => {
        const item = planned.get(result.file);
        const accounts = item?.publication?.accounts ?? [];
        const state = item && result.id !== null && accounts.length > 0 ? stateOf(result, item) : null;
        if (state === null || result.id === null)
            return [];
        const contentId = result.id;
        return accounts.map((account) => {
            // Only the URL the service shows for this very account: never another account's.
            const shown = result.confirmation?.accounts.find((a) => a.accountId === account.id)?.url ?? null;
            const url = state.state === 'success' ? shown : null;
            return {
                contentId,
                title: result.title,
                file: result.file,
                accountId: account.id,
                platform: account.platform,
                account: account.name,
                state: state.state,
                create: state.create,
                url,
                description: state.state === 'success' && url === null
                    ? 'Published; the service shows no URL for this account'
                    : state.description,
            };
        });
    });
}
const PERMISSION = 'permissions: deployments: write';
/**
 * Records the run's publications as deployments when the `deployments` input
 * asks for it; returns what the summary should say besides (a warning, once
 * it is in the log), empty when all went well.
 */
async function recordDeployments(commands, report, event, inputs, client) {
    if (!inputs.deployments)
        return [];
    const publications = deploymentsOf(report);
    if (publications.length === 0)
        return [];
    const warn = (message) => {
        commands.warning(message);
        return [message];
    };
    const github = client();
    if (github === null) {
        return warn('deployments: true, but no github-token was given: no publication was recorded as a deployment.');
    }
    if (!event.owner || !event.repo || !event.sha) {
        return warn('deployments: true, but the run names no repository or commit: no deployment was recorded.');
    }
    const target = { owner: event.owner, repo: event.repo, sha: event.sha, logUrl: event.runUrl };
    const problem = await recordEach(commands, github, target, publications);
    return problem === null ? [] : warn(problem);
}
/** Records each publication in turn; returns the one warning to give, null when every one was recorded. */
async function recordEach(commands, github, target, publications) {
    const failed = [];
    for (const [index, publication] of publications.entries()) {
        const sent = { ...publication, description: commands.redact(publication.description) };
        try {
            const outcome = await recordDeployment(github, target, sent);
            if (outcome.action !== 'none') {
                commands.info(`Deployment ${outcome.environment}: ${publication.state} for "${publication.title}" (${outcome.action}).`);
            }
        }
        catch (error) {
            const status = statusOf(error);
            // Without the permission every request is refused alike: asking again only repeats it.
            if ((status === 403 || status === 404) && !/rate limit/i.test(describeError(error))) {
                const left = publications.length - index;
                return (`GitHub refused to record deployments (${status}: ${describeError(error)}): the workflow's token needs ` +
                    `\`${PERMISSION}\`. ${left} of ${publications.length} publications were not recorded; nothing else is affected.`);
            }
            failed.push(`${publication.platform} "${publication.account}" of "${publication.title}": ${describeError(error)}`);
        }
    }
    if (failed.length === 0)
        return null;
    return `${failed.length} of ${publications.length} publications could not be recorded as deployments; the first: ${failed[0]}`;
}

;// CONCATENATED MODULE: ./src/action/outputs.ts


/** Keys that hold signed, expiring media URLs: never written, wherever they appear. */
const SIGNED_KEYS = new Set(['video_url', 'thumbnail_url']);
function json(value) {
    return JSON.stringify(value, (key, inner) => (SIGNED_KEYS.has(key) ? undefined : inner));
}
/** Fields whose values are texts: the `plan` output carries their fingerprints instead. */
const outputs_TEXT_FIELDS = new Set(['description', 'full_text', 'textover', 'hashtags', 'fine_tuning']);

function withoutTexts(record) {
    return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, outputs_TEXT_FIELDS.has(key) ? fingerprint(value) : value]));
}
function stepWithoutTexts(step) {
    if (step.kind === 'create')
        return { ...step, fields: withoutTexts({ ...step.fields }) };
    if (step.kind === 'edit') {
        return {
            ...step,
            send: withoutTexts({ ...step.send }),
            changes: step.changes.map((change) => outputs_TEXT_FIELDS.has(change.field)
                ? { field: change.field, from: fingerprint(change.from), to: fingerprint(change.to) }
                : change),
        };
    }
    return step;
}
/**
 * The plan as the `plan` output: ids, steps, holds and matches, with every
 * script, description and hashtag line replaced by its fingerprint. GitHub
 * keeps at most 1 MB of outputs per job, and 300 new items' scripts alone
 * would pass it; the job summary and the PR comment show the texts.
 */
function planJson(plan) {
    if (plan === null)
        return json(null);
    return json({
        ...plan,
        items: plan.items.map((item) => ({
            ...item,
            steps: item.steps.map(stepWithoutTexts),
            drift: item.drift.map((drift) => drift.field === 'video_settings'
                ? drift
                : { field: drift.field, remote: fingerprint(drift.remote), desired: fingerprint(drift.desired) }),
            script: { desired: fingerprint(item.script.desired), remote: fingerprint(item.script.remote) },
            ...(item.serviceEdits
                ? {
                    serviceEdits: item.serviceEdits.map((edit) => ({
                        ...edit,
                        service: fingerprint(edit.service),
                        manifest: fingerprint(edit.manifest),
                        ...(edit.outcome === 'conflict' ? { asked: fingerprint(edit.asked) } : {}),
                    })),
                }
                : {}),
        })),
    });
}
function outputsFor(report) {
    const items = report.result?.items ?? [];
    // What this run published; items published by earlier runs are in `results`.
    const published = items
        .filter(results_publishedThisRun)
        .flatMap((item) => item.publishedUrls.map((p) => ({ title: p.title, platform: p.platform, url: p.url })));
    return {
        plan: planJson(report.plan),
        results: json(items),
        'published-urls': json(published),
        changed: String(report.result?.changed ?? false),
    };
}
/**
 * The longest `plan`, `results` and `published-urls` outputs written whole:
 * GitHub keeps about 1 MB of outputs per job, and these three together stay
 * under it. Past its limit, an output says where the whole of it is (the
 * file of the `plan-file` or `results-file` output) instead of carrying it.
 */
const OUTPUT_LIMITS = {
    plan: 512 * 1024,
    results: 256 * 1024,
    'published-urls': 128 * 1024,
};
/**
 * An output's JSON when its UTF-8 bytes (what GitHub counts) fit `limit`,
 * else how many items it holds and the file that has them all.
 */
function boundedOutput(whole, limit, file, items) {
    if (Buffer.byteLength(whole, 'utf8') <= limit)
        return whole;
    return json({ truncated: true, items, characters: whole.length, file });
}
async function writeOutputs(commands, outputs) {
    for (const name of ['plan', 'results', 'published-urls', 'changed']) {
        await commands.setOutput(name, outputs[name]);
    }
}

;// CONCATENATED MODULE: ./src/action/preview-media.ts


/** A URL as a Markdown link target: the characters that would end or break it, percent-encoded. */
const target = (url) => url.replace(/[()\s<>"'\\[\]]/g, (c) => encodeURIComponent(c));
function markup(video, thumbnail, secrets) {
    const shown = signedUrlToShow(video, secrets);
    if (shown === null)
        return "(the video's link looks like it holds a key, so it is not shown)";
    const thumb = thumbnail === null ? null : signedUrlToShow(thumbnail, secrets);
    const image = thumb === null ? '' : `[![Preview thumbnail](${target(thumb)})](${target(shown)}) `;
    return `${image}[**Watch the preview**](${target(shown)})`;
}
/** Whether this run's comment may link the previews; null when it may not, or has none to link. */
function previewMediaFor(report, event, inputs) {
    const links = report.previewLinks;
    if (links === undefined || !(event.privateRepo === true || inputs.previewLinksPublic))
        return null;
    const nonce = (0,external_node_crypto_.randomBytes)(8).toString('hex');
    const byToken = new Map();
    const keys = new Map();
    const token = (id) => {
        const known = keys.get(id);
        if (known !== undefined)
            return known;
        const key = `preview-media-${nonce}-${keys.size}`;
        const media = links.get(id);
        keys.set(id, key);
        byToken.set(key, media === null ? '' : markup(media.video, media.thumbnail, [inputs.apiKey]));
        return key;
    };
    let extra = 0;
    for (const preview of report.previews ?? []) {
        const media = preview.id === null ? null : links.get(preview.id);
        if (media)
            extra += 2 * media.video.length + (media.thumbnail?.length ?? 0) + 80;
    }
    const fill = (text) => {
        let out = text;
        for (const [key, value] of byToken)
            out = out.split(key).join(value);
        return out;
    };
    return { token, fill, extra };
}

;// CONCATENATED MODULE: ./src/action/pr-comment.ts







// The PR comment of a plan run: the report, and before it the reviewed plan,
// sealed for this pull request, which the apply of the merge compares with
// (src/action/review.ts). Written as the one login the action trusts, and
// written again whenever it is not as the action wrote it (an edited
// comment, the hidden block included), even when the plan is the same.
async function postComment(commands, report, context, event, inputs, client) {
    const pr = event.pullRequest;
    if (!pr || !event.owner || !event.repo)
        return; // merge_group: no PR to comment on
    const github = client();
    if (github === null) {
        commands.warning('No github-token was given, so the PR comment was skipped; the job summary has the report.');
        return;
    }
    const marker = markerFor(inputs.shard);
    const sealed = {
        seal: new ReviewSeal(reviewSecret(inputs)),
        scope: blockScope(event.owner, event.repo, pr.number, marker),
    };
    // A plan of the change leaves the other manifests out: the apply of the merge must not take them for added since.
    const unlisted = { unlisted: report.scope?.unread ?? 0, previewed: report.previewed ?? [] };
    // Which preview render reviewers watch, per item: the merge publishes that render when the item has not changed since.
    const renders = new Map((report.previews ?? []).flatMap((preview) => preview.reviewed === null ? [] : [[preview.file, preview.reviewed]]));
    const block = report.plan
        ? reviewedBlock(reviewedItemsOf(report.plan, renders), event.sha, sealed, unlisted)
        : '';
    // Sealed with the same key as the block: an edited comment is written again even when the plan is the same.
    const sealBody = (text) => sealed.seal.mac(`${sealed.scope} comment`, text);
    const head = stickyHeadLength(marker, sealBody);
    const media = previewMediaFor(report, event, inputs);
    const { body, stable } = commentBodies(commands, report, context, head + (media?.extra ?? 0), block, media);
    try {
        const author = await commentAuthor(github, inputs.commentAuthor);
        const target = { owner: event.owner, repo: event.repo, issueNumber: pr.number, marker, author };
        const outcome = await upsertStickyComment(github, target, body, stable, sealBody);
        commands.info(`PR comment ${outcome.action}${outcome.url ? `: ${outcome.url}` : ''}.`);
        if (outcome.action === 'created' && outcome.writtenBy !== null && !sameLogin(outcome.writtenBy, author)) {
            commands.warning(`The PR comment was written by ${outcome.writtenBy}, but the action trusts only comments by ${author}: ` +
                'the next run will not find it, and the apply of the merge will not read its reviewed plan. ' +
                `Set comment-author: ${outcome.writtenBy} if that is the github-token's login (a GitHub App's token).`);
        }
    }
    catch (error) {
        const hint = pr.fork
            ? ' (the token of a PR from a fork is read-only)'
            : ' (does the workflow grant pull-requests: write?)';
        commands.warning(`The PR comment could not be written${hint}: ${describeError(error)}. The job summary has the report.`);
    }
}
const sameLogin = (a, b) => a.toLowerCase() === b.toLowerCase();
/**
 * The comment's body, and what decides "unchanged": the report without this
 * run's link and without the commit in file links, so a push that leaves the
 * plan as it was does not edit the comment; the plan block counts without
 * its head commit. The block goes first and its length is held back from the
 * report's: trimming cuts the report, never it.
 */
function commentBodies(commands, report, context, head, block, media) {
    const options = {
        target: 'comment',
        limit: COMMENT_LIMIT,
        unit: 'chars',
        reserve: head + block.length + 1,
    };
    const withBlock = (text, hidden) => (block ? `${hidden}\n${text}` : text);
    // A preview's links go in after the scrubbing (action/preview-media.ts); they count as a change, so re-running refreshes them.
    const linked = media === null ? context : { ...context, previewMedia: media.token };
    const rendered = (at) => (media?.fill ?? String)(commands.redact(renderReport(report, at, options)));
    const body = withBlock(rendered(linked), block);
    const stableContext = {
        ...linked,
        runUrl: null,
        fileUrl: (file, line) => `${file}#L${line}`,
    };
    const stable = withBlock(rendered(stableContext), stableBlock(block));
    return { body, stable };
}

;// CONCATENATED MODULE: ./src/action/run-files.ts




/** `content-as-code-plan.json`, or `content-as-code-plan-2-of-4.json` for a shard, so matrix jobs never clash. */
function runFileName(kind, shard) {
    return shard && shard.count > 1
        ? `content-as-code-${kind}-${shard.index}-of-${shard.count}.json`
        : `content-as-code-${kind}.json`;
}
/**
 * Writes `json` (the output of that name, whole) under RUNNER_TEMP, the
 * job's own scratch folder, emptied after the job; returns its absolute path.
 */
async function writeRunFile(kind, json, shard, env) {
    // Resolved: a RUNNER_TEMP given relative (a local run's dotenv file) still yields the absolute path the outputs promise.
    const folder = external_node_path_default().resolve(env.RUNNER_TEMP || (0,external_node_os_.tmpdir)(), 'content-as-code');
    await (0,promises_.mkdir)(folder, { recursive: true });
    const file = external_node_path_default().join(folder, runFileName(kind, shard));
    writeScrubbedFile(file, `${json}\n`);
    return file;
}

;// CONCATENATED MODULE: ./src/action/report.ts










async function reportRun(commands, run) {
    const { report, decision, event, inputs } = run;
    const notes = [...run.notes];
    // The summary and the comment open with these too (src/report/markdown.ts); the log says them here.
    for (const line of releaseLines(report.release))
        commands.info(`Release control: ${line}`);
    // The log says what the run planned and did in a line each; the tables are in the summary.
    if (report.plan)
        commands.info(`Plan: ${planHeadline(report.plan)}`);
    if (report.result)
        commands.info(`Results: ${resultsHeadline(report.result, report.plan)}`);
    if (report.review) {
        for (const note of reviewNotes(report.review)) {
            notes.push(note);
            commands.warning(note);
        }
    }
    const hidden = emitAnnotations(commands, annotationsFor(report));
    const planFile = await writeStepOutputs(commands, run);
    notes.push(...(await recordDeployments(commands, report, event, inputs, run.github)));
    const context = {
        event: event.name,
        because: decision.because,
        shard: inputs.shard,
        fileUrl: fileUrlFor(event),
        runUrl: event.runUrl,
        notes,
        pullRequest: decision.isPullRequest,
        planFile: planFile === null ? null : external_node_path_default().basename(planFile),
    };
    await commands.appendSummary(summaryMarkdown(report, context, hidden));
    if (decision.isPullRequest && inputs.comment)
        await postComment(commands, report, context, event, inputs, run.github);
}
/**
 * The outputs, each whole when it fits and else pointing to its run file,
 * and the run files' paths; returns the plan file's path, null without a plan.
 */
async function writeStepOutputs(commands, { report, inputs, env }) {
    const outputs = outputsFor(report);
    // The same JSON as the outputs, made once: 10,000 items take a while to serialise.
    const planFile = report.plan === null ? null : await writeRunFile('plan', outputs.plan, inputs.shard, env);
    const resultsFile = report.result === null ? null : await writeRunFile('results', outputs.results, inputs.shard, env);
    const results = report.result?.items.length ?? 0;
    await writeOutputs(commands, {
        ...outputs,
        plan: boundedOutput(outputs.plan, OUTPUT_LIMITS.plan, planFile, report.plan?.items.length ?? 0),
        results: boundedOutput(outputs.results, OUTPUT_LIMITS.results, resultsFile, results),
        // Every published URL is in the results file too, under each item.
        'published-urls': boundedOutput(outputs['published-urls'], OUTPUT_LIMITS['published-urls'], resultsFile, JSON.parse(outputs['published-urls']).length),
    });
    await commands.setOutput('plan-file', planFile ?? '');
    await commands.setOutput('results-file', resultsFile ?? '');
    return planFile;
}
function fileUrlFor(event) {
    if (!event.owner || !event.repo || !event.sha)
        return () => null;
    const base = `${event.serverUrl}/${event.owner}/${event.repo}/blob/${event.sha}/`;
    return (file, line) => `${base}${file.split('/').map(encodeURIComponent).join('/')}#L${line}`;
}
/** The step's one failure message, or null when the run succeeded. */
function failureMessage(report) {
    if (report.fatal !== null)
        return report.fatal;
    const errors = report.problems.filter((problem) => problem.severity === 'error').length;
    const failed = (report.result?.items ?? []).filter((item) => item.outcome === 'failed' || item.outcome === 'error');
    const parts = [
        errors > 0 ? `${errors} manifest ${errors === 1 ? 'error' : 'errors'}` : null,
        failed.length > 0 ? `${failed.length} ${failed.length === 1 ? 'item' : 'items'} failed` : null,
    ].filter(Boolean);
    if (parts.length === 0 && !report.result?.failed)
        return null;
    if (parts.length === 0)
        parts.push('an item failed');
    return `content-as-code: ${parts.join(', ')}. The annotations and the job summary say what and where.`;
}

;// CONCATENATED MODULE: ./src/main.ts











// The action: inputs -> event -> decision (src/action/mode.ts) -> engine
// (src/action/engine-run.ts) -> annotations, outputs, job summary, PR
// comment (src/action/report.ts).
/** The run's one failure, thrown after everything that succeeded has been reported. */
class RunFailed extends Error {
    name = 'RunFailed';
}
/** The action's one entry point; the only place that fails the step. */
async function run() {
    const env = process.env;
    const commands = new WorkflowCommands();
    try {
        // Before anything else can print: the runner masks these from here on.
        for (const name of SECRET_INPUTS)
            commands.mask(commands.input(name));
        await runAction(commands, env);
    }
    catch (error) {
        const unexpected = error instanceof Error || typeof error === 'string' ? '' : 'Unexpected error: ';
        commands.fail(error instanceof RunFailed ? error.message : `${unexpected}${describeError(error)}`);
    }
}
async function runAction(commands, env) {
    const inputs = readInputs((name) => commands.input(name));
    const gate = baseUrlGate(inputs);
    failWith(gate.refused);
    if (gate.warning !== null)
        commands.warning(gate.warning);
    const event = await readEvent(env);
    const workspace = env.GITHUB_WORKSPACE || process.cwd();
    // Set whatever the run decides, so that a later step can read it.
    if (inputs.mode === 'import')
        await commands.setOutput('imported', '[]');
    const choice = chooseRun(inputs, event);
    switch (choice.kind) {
        case 'refused':
            return failWith(choice.refused);
        case 'doctor':
            return failWith(await runDoctorMode(commands, inputs));
        case 'import':
            return failWith(await runImportMode(commands, inputs, workspace));
        case 'adopt':
            return failWith(await runAdoptMode(commands, inputs, workspace));
        case 'engine':
            return runEngineMode(commands, { inputs, event, decision: choice.decision, workspace, github: githubOf(commands, inputs, event) }, env);
    }
}
async function runEngineMode(commands, run, env) {
    const { inputs, event, decision } = run;
    if (decision.note !== null)
        commands.info(decision.note);
    commands.info(decisionLine(decision, event, inputs.shard));
    const { report, notes } = await runEngineFor(commands, run);
    await reportRun(commands, { ...run, report, notes, env });
    failWith(failureMessage(report));
}
/** The run's one GitHub client: the review, the change, the comment and the deployments all ask it. */
function githubOf(commands, inputs, event) {
    return clientOnFirstNeed({
        apiUrl: event.apiUrl,
        token: inputs.githubToken,
        log: (message) => commands.info(message),
    });
}
/** Fails the run with `message`, once everything before it has been reported; null: no failure. */
function failWith(message) {
    if (message !== null)
        throw new RunFailed(message);
}


/***/ })

};
