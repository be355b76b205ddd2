export const id = 803;
export const ids = [803];
export const modules = {

/***/ 705:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   CM: () => (/* binding */ TERMINAL_STATUSES),
/* harmony export */   Et: () => (/* binding */ DEFAULT_CONNECTIONS),
/* harmony export */   Jh: () => (/* binding */ isKnownPlatform),
/* harmony export */   Lg: () => (/* binding */ FAILED_STATUSES),
/* harmony export */   P4: () => (/* binding */ PLATFORMS),
/* harmony export */   RD: () => (/* binding */ RENDERED_STATUSES),
/* harmony export */   ih: () => (/* binding */ isKnownStatus),
/* harmony export */   kl: () => (/* binding */ GENERATING_STATUSES),
/* harmony export */   lj: () => (/* binding */ unknownStatus)
/* harmony export */ });
/* unused harmony exports CONTENT_STATUSES, SCOPES */
// The service's resources as the rest of the project sees them: snake_case
// field names as the interface spells them, but none of the wire quirks
// (those live in wire.ts) and none of the envelope variants (shapes.ts).
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
const KNOWN_STATUS = new Set(CONTENT_STATUSES);
function isKnownStatus(status) {
    return KNOWN_STATUS.has(status);
}
function unknownStatus(value) {
    return value;
}
const TERMINAL_STATUSES = new Set([
    'UPLOADED',
    'FAILED_AUDIO',
    'FAILED_VIDEO',
    'FAILED_UPLOAD',
    'FAILED',
]);
const FAILED_STATUSES = new Set([
    'FAILED_AUDIO',
    'FAILED_VIDEO',
    'FAILED_UPLOAD',
    'FAILED',
]);
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
const PLATFORMS = ['YouTube', 'TikTok', 'Instagram'];
const KNOWN_PLATFORM = new Set(PLATFORMS);
function isKnownPlatform(platform) {
    return KNOWN_PLATFORM.has(platform);
}
const SCOPES = (/* unused pure expression or super */ null && (['read', 'write', 'generate', 'delete']));
/**
 * Keep-alive connections of the client; the engine's detail readers take all
 * but two, which its listings read their pages on. Reads are not rate
 * limited (interface, Limits 1; A37), and a catalogue of 10,000 items is 10,000
 * detail reads: at 20 ms a round trip, 126 at a time read them about as
 * fast as the listing's pages arrive. Connections open only as reads need
 * them, so a small catalogue opens few.
 */
const DEFAULT_CONNECTIONS = 128;


/***/ }),

/***/ 5285:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   W: () => (/* binding */ INPUT_DEFAULTS),
/* harmony export */   z: () => (/* binding */ DEFAULTS)
/* harmony export */ });
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
    comment: 'true',
    'preview-scripts': 'false',
    publish: 'true',
    'max-publications': '10',
    'cancel-running': 'false',
    concurrency: '4',
    wait: 'true',
    'timeout-minutes': '30',
    'late-window': '24h',
    'require-review': 'warn',
    shard: '',
    'allow-insecure-http': 'false',
    'allow-untrusted-events': 'false',
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


/***/ }),

/***/ 1109:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  aY: () => (/* binding */ loadFiles),
  DD: () => (/* binding */ loadManifests),
  wz: () => (/* binding */ matchManifests)
});

// UNUSED EXPORTS: DEFAULTS_FILES, DEFAULT_MAX_FILE_BYTES, DEFAULT_PATTERN, globPattern, invalidUtf8Offset

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(1455);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
var external_node_path_default = /*#__PURE__*/__webpack_require__.n(external_node_path_);
// EXTERNAL MODULE: ./src/defaults.ts
var defaults = __webpack_require__(5285);
// EXTERNAL MODULE: ./src/manifest/suggest.ts
var suggest = __webpack_require__(7271);
;// CONCATENATED MODULE: ./src/manifest/tree.ts
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
                const hint = typeof value === 'string' ? (0,suggest/* suggest */.Z)(value, values) : undefined;
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
                return [this.#problem(path, 'value', code, issue.message)];
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
        const local = (0,suggest/* suggest */.Z)(key, known);
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
            const name = (0,suggest/* suggest */.Z)(key, [...new Set(this.#fields.map(leaf))]);
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

// EXTERNAL MODULE: ./node_modules/yaml/dist/index.js
var dist = __webpack_require__(8815);
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
    let total = 0;
    const levels = [];
    let scalarIndent = -1; // inside a block scalar whose key sits at this indent
    let lineNumber = 0;
    const flow = []; // entries of each open flow collection
    for (let start = 0; start <= text.length;) {
        const end = text.indexOf('\n', start);
        const line = text.slice(start, end === -1 ? text.length : end);
        start = end === -1 ? text.length + 1 : end + 1;
        lineNumber += 1;
        const content = line.trimStart();
        const indent = line.length - content.length;
        if (content === '' || content.startsWith('#'))
            continue;
        if (scalarIndent >= 0 && indent > scalarIndent)
            continue;
        scalarIndent = -1;
        const at = (column, what) => problemAt({ file, line: lineNumber, column }, 'too_complex', `${what}; a manifest needs far fewer, and reading this file would cost too much, so it was not read`);
        if (flow.length === 0) {
            // Block style: a new key or item at this indent, inside the mapping or list that holds it.
            const items = SEQ_ITEM.exec(content)?.[0] ?? '';
            const keyed = BLOCK_ENTRY.test(content) || /^(?:-[ \t]+)*\?(?:[ \t]|$)/.test(content);
            // One more entry in the collection at this column (a new collection when fresh).
            const bump = (column, fresh) => {
                const stale = (level) => level.indent > column || (fresh && level.indent === column);
                while (levels.length > 0 && stale(levels[levels.length - 1]))
                    levels.pop();
                const top = levels[levels.length - 1];
                const level = top !== undefined && top.indent === column ? top : { indent: column, count: 0 };
                if (level !== top)
                    levels.push(level);
                level.count += 1;
                total += 1;
                if (level.count > MAX_KEYS_PER_MAPPING) {
                    return at(column + 1, `more than ${MAX_KEYS_PER_MAPPING} keys or items in one mapping or list here`);
                }
                return total > MAX_ENTRIES
                    ? at(column + 1, `more than ${MAX_ENTRIES} keys and items in the file`)
                    : null;
            };
            let problem = null;
            if (items !== '') {
                // `- - key: v`: an item of the list at this indent, then items of new lists, then a new mapping's first key.
                problem = bump(indent, false);
                let column = indent;
                for (const marker of items.matchAll(/-[ \t]*/g)) {
                    if (problem !== null)
                        break;
                    if (column !== indent)
                        problem = bump(column, true);
                    column = indent + marker.index + marker[0].length;
                }
                if (problem === null && keyed)
                    problem = bump(column, true);
            }
            else if (keyed) {
                problem = bump(indent, false);
            }
            if (problem !== null)
                return problem;
            if (keyed && BLOCK_SCALAR.test(content))
                scalarIndent = indent;
        }
        // Flow style: a collection that opens where a value starts, and may span several lines.
        const from = flow.length > 0 ? indent : flowStart(content, indent);
        if (from < 0)
            continue;
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
                total += 1;
                if (count > MAX_KEYS_PER_MAPPING) {
                    return at(i + 1, `more than ${MAX_KEYS_PER_MAPPING} entries in one flow mapping or list here`);
                }
                if (total > MAX_ENTRIES)
                    return at(i + 1, `more than ${MAX_ENTRIES} keys and items in the file`);
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
    }
    return null;
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
const blank = (line) => line.text.trim() === '';
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
    if (line === undefined || blank(line))
        return null;
    for (let h = index - 1; h >= 0; h--) {
        const header = lines[h];
        if (blank(header))
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
        const first = lines.slice(h + 1, index).find((candidate) => !blank(candidate));
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

;// CONCATENATED MODULE: ./src/manifest/read-yaml.ts




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
function read_yaml_readSource(file, text) {
    const start = { file, line: 1, column: 1 };
    // Before the parser, whose cost grows with the square of a mapping's keys.
    const costly = costProblem(file, text);
    if (costly !== null)
        return { file, root: null, problems: [costly] };
    const problems = [];
    const lineCounter = new dist/* LineCounter */.HN();
    const tooDeep = flowDepthOverflow(text);
    if (tooDeep !== -1) {
        lineCounter.addNewLine(0);
        for (let i = text.indexOf('\n'); i !== -1 && i < tooDeep; i = text.indexOf('\n', i + 1))
            lineCounter.addNewLine(i + 1);
        const { line, col } = lineCounter.linePos(tooDeep);
        problems.push(problemAt({ file, line, column: col }, 'too_deep', `brackets are nested more than ${MAX_FLOW_DEPTH} deep here`));
        return { file, root: null, problems };
    }
    let doc;
    try {
        doc = (0,dist/* parseDocument */.Tp)(text, {
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
        problems.push(problemAt(start, 'too_deep', `the YAML is nested too deeply to read`));
        return { file, root: null, problems };
    }
    const at = (offset) => {
        const { line, col } = lineCounter.linePos(offset ?? 0);
        return { file, line, column: col };
    };
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
    if (problems.length > 0)
        return { file, root: null, problems };
    for (const warning of doc.warnings) {
        const message = warning.message.split('\n')[0] ?? warning.message;
        problems.push(problemAt(at(warning.pos[0]), 'yaml_warning', `YAML: ${message}`, undefined, 'warning'));
    }
    if (doc.contents === null || ((0,dist/* isScalar */.jn)(doc.contents) && doc.contents.value === null)) {
        return {
            file,
            root: null,
            problems: [
                problemAt(start, 'empty_file', 'the file is empty; a manifest needs at least a line like "title: …"'),
            ],
        };
    }
    // Aliases point to the most recent earlier anchor of that name; anchors are
    // recorded in document order during the main walk only.
    const anchors = new Map();
    let count = 0;
    // While an alias is expanded, `origin` is where that alias is written: an
    // alias bomb is reported there, not deep inside what it expands to.
    const convert = (node, depth, origin, fallback) => {
        const expanding = origin !== null;
        if (++count > MAX_NODES) {
            problems.push(problemAt(at(origin ?? node?.range?.[0] ?? fallback), 'too_complex', `the file expands to more than ${MAX_NODES} values (aliases included); a manifest needs far fewer`));
            throw new Abort();
        }
        if (depth > MAX_DEPTH) {
            problems.push(problemAt(at(node?.range?.[0] ?? fallback), 'too_deep', `values are nested more than ${MAX_DEPTH} levels deep here`));
            throw new Abort();
        }
        if (node === null)
            return { kind: 'scalar', pos: at(fallback), value: null };
        if (!expanding && node.anchor)
            anchors.set(node.anchor, node);
        if ((0,dist/* isAlias */.Vj)(node)) {
            const target = anchors.get(node.source);
            if (target === undefined) {
                problems.push(problemAt(at(node.range?.[0] ?? fallback), 'yaml_syntax', `YAML: unknown alias *${node.source}`));
                throw new Abort();
            }
            return convert(target, depth + 1, origin ?? node.range?.[0] ?? fallback, node.range?.[0] ?? fallback);
        }
        const pos = at(node.range?.[0]);
        if ((0,dist/* isMap */.jh)(node)) {
            const entries = new Map();
            for (const pair of node.items) {
                const keyNode = pair.key;
                const keyOffset = keyNode?.range?.[0] ?? node.range?.[0] ?? fallback;
                if (keyNode !== null && !(0,dist/* isScalar */.jn)(keyNode)) {
                    problems.push(problemAt(at(keyOffset), 'bad_key', 'a key must be a plain word, not a list or a mapping'));
                    continue;
                }
                const key = keyText(keyNode?.value);
                if (FORBIDDEN_KEYS.has(key)) {
                    problems.push(problemAt(at(keyOffset), 'forbidden_key', `${key} is not allowed as a key`));
                    continue;
                }
                const valueOffset = pair.value?.range?.[0] ?? keyNode?.range?.[1] ?? keyOffset;
                entries.set(key, {
                    keyPos: at(keyOffset),
                    value: convert(pair.value, depth + 1, origin, valueOffset),
                });
            }
            return { kind: 'map', pos, entries };
        }
        if ((0,dist/* isSeq */.oP)(node)) {
            const start = node.range?.[0] ?? fallback;
            const items = node.items.map((item) => convert(item, depth + 1, origin, start));
            return { kind: 'seq', pos, items };
        }
        return { kind: 'scalar', pos, value: (0,dist/* isScalar */.jn)(node) ? node.value : null };
    };
    try {
        const root = convert(doc.contents, 0, null, 0);
        if (root.kind !== 'map') {
            const what = root.kind === 'seq' ? 'a list' : 'a single value';
            problems.push(problemAt(root.pos, 'not_a_mapping', `the file holds ${what}, not a mapping of fields; a manifest starts with a line like "title: …"`));
            return { file, root: null, problems };
        }
        return { file, root, problems };
    }
    catch (error) {
        if (error instanceof Abort)
            return { file, root: null, problems };
        throw error;
    }
}

// EXTERNAL MODULE: ./node_modules/zod/v4/classic/schemas.js + 11 modules
var schemas = __webpack_require__(2857);
// EXTERNAL MODULE: ./node_modules/zod/v4/classic/iso.js
var iso = __webpack_require__(4377);
// EXTERNAL MODULE: ./src/api/types.ts
var types = __webpack_require__(705);
;// CONCATENATED MODULE: ./src/manifest/types.ts
const STAGES = ['draft', 'rendered', 'published'];
const FLOWS = ['oneshot', 'stepwise'];

;// CONCATENATED MODULE: ./src/manifest/schema.ts



// The one definition of the manifest: the loader validates with it, the code
// takes its types from it, and schema/content.schema.json is generated from it
// (its descriptions are what editors show next to each field).
//
// Rules that involve two fields carry a `params.code`; src/manifest/issues.ts
// turns every other zod issue into a sentence that names the field.
const nonEmpty = schemas/* string */.YjP().regex(/\S/);
const accountById = schemas/* strictObject */.rej({
    id: nonEmpty.describe('Id of a connected account, as GET /accounts lists it.'),
})
    .describe('An account given by its id.');
const accountByName = schemas/* strictObject */.rej({
    platform: schemas/* enum */.k5n(types/* PLATFORMS */.P4)
        .describe('Platform of the account, spelled exactly: YouTube, TikTok or Instagram.'),
    name: nonEmpty.describe('Name of the account on that platform, as GET /accounts lists it.'),
})
    .describe('An account given by platform and name; resolved through GET /accounts.');
const account = schemas/* union */.KCZ([accountById, accountByName])
    .describe('A connected account to publish to: {id: …} or {platform: …, name: …}.');
const tiktok = schemas/* strictObject */.rej({
    post_mode: schemas/* enum */.k5n(['direct', 'draft'])
        .optional()
        .describe('direct posts the video; draft leaves it in the TikTok inbox. Sent only when given.'),
    privacy: nonEmpty
        .optional()
        .describe('TikTok privacy level, for example PUBLIC_TO_EVERYONE. Sent only when given.'),
})
    .describe('Settings that only TikTok accounts use.');
const publish = schemas/* strictObject */.rej({
    accounts: schemas/* array */.YOg(account)
        .optional()
        .describe('Accounts to publish to. Required when stage is published.'),
    at: iso/* datetime */.w$({ offset: true })
        .transform((value) => new Date(value).toISOString())
        .optional()
        .describe('Publish no earlier than this ISO 8601 instant with a zone, for example 2026-12-01T15:00:00Z. Absent: as soon as the video is rendered.'),
    late: schemas/* enum */.k5n(['hold', 'publish'])
        .optional()
        .describe('What happens when publish.at passed longer ago than the late window (24 h by default): hold (the default) keeps the video unpublished with a message; publish publishes it anyway.'),
    privacy: nonEmpty.default('public').describe('Platform visibility, for example public.'),
    category: schemas/* union */.KCZ([nonEmpty, schemas/* int */.Whr().nonnegative()])
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
})
    .describe('Where and how the video is published. Takes effect only when stage is published.');
const imageOverlay = schemas/* strictObject */.rej({
    enabled: schemas/* boolean */.zMY().optional().describe('Show an image overlay. Sent only when given.'),
    position: nonEmpty.optional().describe('Where the overlay goes, for example top. Sent only when given.'),
})
    .describe('Image overlay of the render.');
const video = schemas/* strictObject */.rej({
    source: nonEmpty.default('stock').describe('Footage source, sent as video_id.'),
    orientation: nonEmpty.default('vertical').describe('Orientation of the video, for example vertical.'),
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
const hashtag = schemas/* union */.KCZ([schemas/* string */.YjP().regex(/^#?[^\s#]\S*$/), schemas/* int */.Whr()]);
const manifestSchema = schemas/* strictObject */.rej({
    title: nonEmpty.describe('Title of the video; unique across manifests. Without an id, the item is found by this exact title.'),
    id: nonEmpty.optional().describe('Pins an existing item by its id.'),
    description: schemas/* string */.YjP().optional().describe('Description shown with the video.'),
    full_text: schemas/* string */.YjP().optional().describe('Source text the script is written from.'),
    textover: schemas/* string */.YjP()
        .optional()
        .describe('Hand-written on-screen script; absent: the service writes one from full_text.'),
    hashtags: schemas/* union */.KCZ([
        schemas/* string */.YjP().transform((value) => value.trim()),
        schemas/* array */.YOg(hashtag)
            .transform((tags) => tags.map((tag) => (String(tag).startsWith('#') ? String(tag) : `#${tag}`)).join(' ')),
    ])
        .optional()
        .describe('A list of hashtags (# added when missing), or one string taken as written.'),
    persona: schemas/* union */.KCZ([nonEmpty, schemas/* strictObject */.rej({ id: nonEmpty.describe('Persona id.') })])
        .transform((value) => (typeof value === 'string' ? value : value.id))
        .optional()
        .describe('Persona id, or {id: …}.'),
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
})
    .refine((value) => value.stage !== 'published' || (value.publish?.accounts?.length ?? 0) > 0, {
    path: ['stage'],
    params: { code: 'published_without_accounts' },
    message: 'stage is published but publish.accounts lists no account; add one under publish.accounts, or set stage: rendered',
    when: (payload) => isObject(payload.value) && payload.value['stage'] === 'published',
})
    .describe('One video, kept as code: a content item of the service and how it is rendered and published.');
function isObject(value) {
    return typeof value === 'object' && value !== null && !Array.isArray(value);
}
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

;// CONCATENATED MODULE: ./src/manifest/normalize.ts

// A validated manifest -> the engine's desired state for one item, plus the
// warnings about settings that cannot take effect. Absent optional fields stay
// absent: the engine neither sends nor compares them.
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
function publishOf(publish, locations, fallback) {
    const accounts = (publish.accounts ?? []).map((account, index) => {
        const location = locations[`publish.accounts.${index}`] ?? fallback;
        return 'id' in account
            ? { kind: 'id', id: account.id, location }
            : { kind: 'name', platform: account.platform, name: account.name, location };
    });
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
    return { item, warnings: warningsOf(item) };
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

;// CONCATENATED MODULE: ./src/manifest/layers.ts


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
function layers_layer(source, defaults = []) {
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
    if ('problems' in checked)
        return { item: null, problems: [...problems, ...checked.problems] };
    const { item, warnings } = normalize(source.file, checked.manifest, positions);
    problems.push(...warnings);
    // A broken defaults file leaves the desired state of every manifest below it in doubt.
    const doubtful = [...problems, ...defaults.flatMap((d) => d.problems)].some((p) => p.severity === 'error');
    return { item: doubtful ? null : item, problems };
}

;// CONCATENATED MODULE: ./src/manifest/parse.ts




// Manifests through the yaml library and the zod schema: any YAML, and every
// problem worded for the user. The loader and the single-file API both come
// here, so there is one reader and one schema.

/** Reads a `_defaults.yml`: like a manifest, minus the identity fields. */
function readDefaults(file, text) {
    return asDefaults(read_yaml_readSource(file, text));
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
    const layered = layers_layer(source, defaults);
    if (layered === null)
        return { item: null, problems: [...source.problems] };
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
    return { item: result.item, problems };
}

;// CONCATENATED MODULE: ./src/manifest/load.ts






// Glob -> files in a stable order -> text (bounded, UTF-8, inside the
// workspace) -> desired items, with every problem of every file in one pass.
// Every file is read by the yaml library and checked by the zod schema
// (parse.ts); the files are matched by Node's own `fs.promises.glob`.
const DEFAULT_PATTERN = defaults/* DEFAULTS */.z.manifests;
/** No manifest comes near this; a bigger file is a mistake or an attack. */
const DEFAULT_MAX_FILE_BYTES = 1024 * 1024;
const DEFAULTS_FILES = ['_defaults.yml', '_defaults.yaml'];
const SKIPPED_DIRS = new Set(['node_modules', '.git']);
const PARALLEL_READS = 32;
/**
 * Longest stretch of parsing between two turns of the event loop: the
 * service's answers the engine reads meanwhile (its listing pages, one after
 * another) are handled at least this often.
 */
const SLICE_MS = 2;
function posix(relative) {
    return relative.split((external_node_path_default()).sep).join('/');
}
function byCodePoint(a, b) {
    return a < b ? -1 : a > b ? 1 : 0;
}
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
 * The file's bytes, at most `limit` of them: `size` (its fstat) is where the
 * buffer starts, and a file that grew since is read on until its end or the limit.
 */
function readUpTo(fd, size, limit) {
    let buffer = Buffer.allocUnsafe(Math.min(size + 1, limit));
    let length = 0;
    for (;;) {
        if (length === buffer.length) {
            if (length >= limit)
                break;
            const grown = Buffer.allocUnsafe(Math.min(length * 2, limit));
            buffer.copy(grown, 0, 0, length);
            buffer = grown;
        }
        const wanted = buffer.length - length;
        const read = (0,external_node_fs_.readSync)(fd, buffer, length, wanted, null);
        length += read;
        // A regular file reads short only at its end.
        if (read < wanted)
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
     * fstat and read follow on the descriptor: four calls for most files.
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
            bytes = readUpTo(fd, info.size, this.#max + 1);
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
        const bad = invalidUtf8Offset(bytes);
        if (bad !== -1) {
            return {
                kind: 'problem',
                problem: problemAt(locationOfByte(file, bytes, bad), 'not_utf8', `the file is not UTF-8 (byte 0x${bytes[bad].toString(16).padStart(2, '0')} here); save it as UTF-8`),
            };
        }
        return { kind: 'text', text: new TextDecoder('utf-8').decode(bytes) };
    }
}
/** The matched files, sorted in code-point order so every run sees them alike. */
async function discover(cwd, pattern) {
    return (await globPattern(cwd, pattern)).sort(byCodePoint);
}
/** What `fs.promises.glob` matches, relative to `cwd` with `/`, skipping node_modules and .git. */
async function globPattern(cwd, pattern) {
    const found = new Set();
    const exclude = (name) => SKIPPED_DIRS.has(external_node_path_default().basename(name));
    for await (const entry of (0,promises_.glob)(pattern, { cwd, exclude })) {
        found.add(posix(external_node_path_default().relative(cwd, external_node_path_default().resolve(cwd, entry))));
    }
    return [...found];
}
/** The folders whose defaults apply to a file, outermost first: '' (the root), 'content', 'content/a'. */
function foldersOf(file) {
    const parts = file.split('/').slice(0, -1);
    return parts.reduce((folders, part, index) => [...folders, index === 0 ? part : `${folders[index]}/${part}`], ['']);
}
async function runPool(count, work) {
    const results = new Array(count);
    let next = 0;
    // Files are read synchronously: without a turn of the event loop now and
    // then, the service's answers the engine is reading meanwhile would wait
    // until every manifest was parsed. The workers share one slice and one
    // turn: each waiting for its own would hand the loop to all of them in a row.
    let sliceStarted = performance.now();
    let turn = null;
    const nextTurn = () => (turn ??= new Promise((resume) => setImmediate(() => {
        turn = null;
        sliceStarted = performance.now();
        resume();
    })));
    const worker = async () => {
        while (next < count) {
            if (performance.now() - sliceStarted > SLICE_MS)
                await nextTurn();
            const index = next++;
            if (index >= count)
                return;
            results[index] = await work(index);
        }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL_READS, count) }, worker));
    return results;
}
function crossFileProblems(items) {
    const problems = [];
    const clashing = new Set();
    const check = (key, field, code, sentence) => {
        const groups = new Map();
        for (const item of items) {
            const value = key(item);
            if (value !== null)
                groups.set(value, [...(groups.get(value) ?? []), item]);
        }
        for (const [value, group] of groups) {
            if (group.length < 2)
                continue;
            for (const item of group) {
                clashing.add(item);
                const others = group.filter((other) => other !== item).map((other) => other.file);
                const shown = others.length > 3
                    ? `${others.slice(0, 3).join(', ')} and ${others.length - 3} more`
                    : others.join(', ');
                problems.push(problemAt(item.locations[field] ?? item.location, code, sentence(value, shown), field));
            }
        }
    };
    check((item) => item.fields.title, 'title', 'duplicate_title', (title, others) => `title ${JSON.stringify(title)} is also used by ${others}; titles must be unique across manifests`);
    check((item) => item.id, 'id', 'duplicate_id', (id, others) => `id ${JSON.stringify(id)} is also pinned by ${others}; one item belongs to one manifest`);
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
    const files = await matchManifests(options.cwd, options.pattern);
    return loadFiles({ ...options, files });
}
/** The manifests `pattern` matches under `cwd` (defaults files aside), in code-point order. */
async function matchManifests(cwd, pattern) {
    const matched = await discover(external_node_path_default().resolve(cwd), pattern);
    return matched.filter((file) => !DEFAULTS_FILES.includes(external_node_path_default().posix.basename(file)));
}
/** Reads, validates and normalizes `files` (from `matchManifests`), with the defaults of their folders. */
async function loadFiles(options) {
    const cwd = external_node_path_default().resolve(options.cwd);
    const reader = new Reader(cwd, (0,external_node_fs_.realpathSync)(cwd), options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES);
    const candidates = options.files;
    const defaultsOf = new Map();
    const folderDefaults = (folder) => {
        let pending = defaultsOf.get(folder);
        if (pending === undefined) {
            pending = readFolderDefaults(reader, folder);
            defaultsOf.set(folder, pending);
        }
        return pending;
    };
    const outcomes = await runPool(candidates.length, async (index) => {
        const file = candidates[index];
        const read = await reader.read(file);
        if (read.kind === 'none')
            return null;
        if (read.kind === 'problem')
            return { file, item: null, problems: [read.problem] };
        const layers = (await Promise.all(foldersOf(file).map(folderDefaults))).filter((s) => s !== null);
        const validated = validateSource(read_yaml_readSource(file, read.text), layers);
        const item = validated.item;
        if (item)
            options.onNamed?.({ file: item.file, title: item.fields.title, id: item.id });
        return { file, ...validated };
    });
    const problems = [];
    for (const layer of await Promise.all(defaultsOf.values()))
        if (layer)
            problems.push(...layer.problems);
    const files = [];
    const valid = [];
    for (const outcome of outcomes) {
        if (outcome === null)
            continue;
        files.push(outcome.file);
        problems.push(...outcome.problems);
        if (outcome.item)
            valid.push(outcome.item);
    }
    const cross = crossFileProblems(valid);
    problems.push(...cross.problems);
    return {
        items: valid.filter((item) => !cross.clashing.has(item)),
        problems: dedupeAndSort(problems),
        files,
    };
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


/***/ }),

/***/ 7271:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Z: () => (/* binding */ suggest)
/* harmony export */ });
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


/***/ }),

/***/ 8803:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   U: () => (/* binding */ loadManifestsInWorker),
/* harmony export */   serveManifestWorker: () => (/* binding */ serveManifestWorker)
/* harmony export */ });
/* unused harmony export WORKER_MIN_FILES */
/* harmony import */ var node_worker_threads__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(5919);
/* harmony import */ var node_worker_threads__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_worker_threads__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _load_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1109);
/* harmony import */ var _worker_role_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8544);



// Thousands of manifests are parsed on a thread of their own. Parsing YAML is
// work for a processor, and the thread that reads the service (page after page
// of its listing, then a detail read per item) would otherwise wait for it:
// with both on one thread, each slows the other. The worker is the action's
// (or the CLI's) own entry script started again in this role; it reads the
// files the main thread matched, names each item back as soon as it is
// parsed, and hands over the whole result. A few manifests load faster here
// than a thread starts, and a worker that fails to start or to answer is
// replaced by loading here: the worker only ever changes where the work runs.
/** From this many matched manifests on, they are parsed on a worker thread. */
const WORKER_MIN_FILES = 1000;
/** Items named back to the main thread per message. */
const NAMED_BATCH = 64;
/** The worker's side: parse the task's files, naming items back in batches, then post the result. */
async function serveManifestWorker() {
    const task = node_worker_threads__WEBPACK_IMPORTED_MODULE_0__.workerData;
    const port = node_worker_threads__WEBPACK_IMPORTED_MODULE_0__.parentPort;
    if (port === null)
        throw new Error('the manifest worker runs only as a worker thread');
    let named = [];
    const post = (message) => port.postMessage(message);
    const flush = () => {
        if (named.length === 0)
            return;
        post({ kind: 'named', named });
        named = [];
    };
    const result = await (0,_load_js__WEBPACK_IMPORTED_MODULE_1__/* .loadFiles */ .aY)({
        cwd: task.cwd,
        files: task.files,
        ...(task.maxFileBytes === undefined ? {} : { maxFileBytes: task.maxFileBytes }),
        onNamed: (item) => {
            named.push(item);
            if (named.length >= NAMED_BATCH)
                flush();
        },
    });
    flush();
    post({ kind: 'loaded', result });
}
/**
 * `loadManifests`, with the parsing on a worker thread started from `script`
 * (an entry that calls `serveManifestWorker` when `isManifestWorker()`) once
 * there are `minFiles` manifests or more.
 */
async function loadManifestsInWorker(script, options) {
    const files = await (0,_load_js__WEBPACK_IMPORTED_MODULE_1__/* .matchManifests */ .wz)(options.cwd, options.pattern);
    const here = { ...options, files };
    if (files.length < (options.minFiles ?? WORKER_MIN_FILES))
        return (0,_load_js__WEBPACK_IMPORTED_MODULE_1__/* .loadFiles */ .aY)(here);
    const task = {
        role: _worker_role_js__WEBPACK_IMPORTED_MODULE_2__/* .MANIFEST_WORKER_ROLE */ .Q,
        cwd: options.cwd,
        files,
        maxFileBytes: options.maxFileBytes,
    };
    try {
        return await inWorker(script, task, options.onNamed);
    }
    catch (error) {
        options.onFallback?.(error instanceof Error ? error.message : String(error));
        return (0,_load_js__WEBPACK_IMPORTED_MODULE_1__/* .loadFiles */ .aY)(here);
    }
}
function inWorker(script, task, onNamed) {
    return new Promise((resolve, reject) => {
        const worker = new node_worker_threads__WEBPACK_IMPORTED_MODULE_0__.Worker(script, { workerData: task });
        worker.on('message', (message) => {
            if (message.kind === 'named') {
                for (const item of message.named)
                    onNamed?.(item);
                return;
            }
            resolve(message.result);
            // Its work is done: nothing it might still hold open keeps this process waiting.
            void worker.terminate();
        });
        worker.once('error', reject);
        // After a result this settles nothing: a promise settles once.
        worker.once('exit', (code) => reject(new Error(`the manifest worker ended (exit code ${code}) without a result`)));
    });
}


/***/ })

};
