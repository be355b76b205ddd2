export const id = 150;
export const ids = [150];
export const modules = {

/***/ 3150:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  checkWithSchema: () => (/* binding */ checkWithSchema),
  parseManifest: () => (/* binding */ parseManifest),
  readDefaults: () => (/* binding */ readDefaults),
  readSource: () => (/* reexport */ readSource),
  validateSource: () => (/* binding */ validateSource)
});

// EXTERNAL MODULE: ./src/manifest/suggest.ts
var suggest = __webpack_require__(7271);
// EXTERNAL MODULE: ./src/manifest/tree.ts
var tree = __webpack_require__(437);
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
        return (0,tree/* problemAt */.l4)(this.#at(path, part), code, message, dotted(path));
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
// syntax error worded for the user. Manifests in the plain block style are
// read by read-simple.ts instead, which is much cheaper at start-up.
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
function readSource(file, text) {
    const start = { file, line: 1, column: 1 };
    const problems = [];
    const lineCounter = new dist/* LineCounter */.HN();
    const tooDeep = flowDepthOverflow(text);
    if (tooDeep !== -1) {
        lineCounter.addNewLine(0);
        for (let i = text.indexOf('\n'); i !== -1 && i < tooDeep; i = text.indexOf('\n', i + 1))
            lineCounter.addNewLine(i + 1);
        const { line, col } = lineCounter.linePos(tooDeep);
        problems.push((0,tree/* problemAt */.l4)({ file, line, column: col }, 'too_deep', `brackets are nested more than ${MAX_FLOW_DEPTH} deep here`));
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
        problems.push((0,tree/* problemAt */.l4)(start, 'too_deep', `the YAML is nested too deeply to read`));
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
        problems.push((0,tree/* problemAt */.l4)(at(slip?.offset ?? error.pos[0]), code, message));
    }
    if (problems.length > 0)
        return { file, root: null, problems };
    for (const warning of doc.warnings) {
        const message = warning.message.split('\n')[0] ?? warning.message;
        problems.push((0,tree/* problemAt */.l4)(at(warning.pos[0]), 'yaml_warning', `YAML: ${message}`, undefined, 'warning'));
    }
    if (doc.contents === null || ((0,dist/* isScalar */.jn)(doc.contents) && doc.contents.value === null)) {
        return {
            file,
            root: null,
            problems: [
                (0,tree/* problemAt */.l4)(start, 'empty_file', 'the file is empty; a manifest needs at least a line like "title: …"'),
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
            problems.push((0,tree/* problemAt */.l4)(at(origin ?? node?.range?.[0] ?? fallback), 'too_complex', `the file expands to more than ${MAX_NODES} values (aliases included); a manifest needs far fewer`));
            throw new Abort();
        }
        if (depth > MAX_DEPTH) {
            problems.push((0,tree/* problemAt */.l4)(at(node?.range?.[0] ?? fallback), 'too_deep', `values are nested more than ${MAX_DEPTH} levels deep here`));
            throw new Abort();
        }
        if (node === null)
            return { kind: 'scalar', pos: at(fallback), value: null };
        if (!expanding && node.anchor)
            anchors.set(node.anchor, node);
        if ((0,dist/* isAlias */.Vj)(node)) {
            const target = anchors.get(node.source);
            if (target === undefined) {
                problems.push((0,tree/* problemAt */.l4)(at(node.range?.[0] ?? fallback), 'yaml_syntax', `YAML: unknown alias *${node.source}`));
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
                    problems.push((0,tree/* problemAt */.l4)(at(keyOffset), 'bad_key', 'a key must be a plain word, not a list or a mapping'));
                    continue;
                }
                const key = keyText(keyNode?.value);
                if (tree/* FORBIDDEN_KEYS */.p5.has(key)) {
                    problems.push((0,tree/* problemAt */.l4)(at(keyOffset), 'forbidden_key', `${key} is not allowed as a key`));
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
            problems.push((0,tree/* problemAt */.l4)(root.pos, 'not_a_mapping', `the file holds ${what}, not a mapping of fields; a manifest starts with a line like "title: …"`));
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

// EXTERNAL MODULE: ./src/manifest/schema.ts + 19 modules
var schema = __webpack_require__(4337);
// EXTERNAL MODULE: ./src/manifest/validate.ts + 1 modules
var validate = __webpack_require__(8434);
;// CONCATENATED MODULE: ./src/manifest/parse.ts




// Manifests through the yaml library and the zod schema: any YAML, and every
// problem worded for the user. The loader comes here only for the files its
// fast paths (read-simple.ts, accept.ts) leave alone, so a run whose manifests
// are all plain and valid never loads either library.

/** Reads a `_defaults.yml`: like a manifest, minus the identity fields. */
function readDefaults(file, text) {
    return (0,validate/* asDefaults */.RJ)(readSource(file, text));
}
/** Checks a manifest's merged value with the zod schema; problems point into the files. */
function checkWithSchema(value, positions, start) {
    const parsed = schema/* manifestSchema */.r.safeParse(value);
    if (parsed.success)
        return { manifest: parsed.data };
    return { problems: new IssueMapper(schema/* manifestSchema */.r, value, positions, start).map(parsed.error.issues) };
}
/**
 * Validates one parsed manifest with its defaults (outermost folder first) and
 * normalizes it. Problems of the defaults files themselves are not repeated here.
 */
function validateSource(source, defaults = []) {
    const layered = (0,validate/* layer */.qd)(source, defaults);
    if (layered === null)
        return { item: null, problems: [...source.problems] };
    const start = { file: source.file, line: 1, column: 1 };
    return (0,validate/* conclude */.Ep)(layered, checkWithSchema(layered.value, layered.positions, start));
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


/***/ })

};
