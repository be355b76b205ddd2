import { writeFileSync, type WriteFileOptions } from 'node:fs';
import { breakCommands } from './text/safe-line.ts';

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

const SECRET_PATTERNS: Array<[RegExp, string]> = [
  // Service keys: the prefix and what follows up to a character that ends a
  // token in text or in JSON; a `.`, `:` or `,` that ends a sentence is kept.
  // At least one character: the prefix alone is no secret, and advice names it.
  [/svc_live_[^\s"'\\<>`()[\]{}|,;\u2026]*[^\s"'\\<>`()[\]{}|,;.:\u2026]/g, '***'],
  // GitHub tokens: classic (ghp_, gho_, ghu_, ghs_, ghr_) and fine-grained.
  [/\b(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,})/g, '***'],
  // Credentials in a URL (`ftp://user:password@host`, `https://token@host`).
  [/\b([a-z][a-z0-9+.-]*:\/\/)[^\s/?#@"'<>`]+@/gi, '$1***@'],
];

export const SECRET_PLACEHOLDER = '***';

/** Query parameters that mark a URL as signed (S3, GCS, Azure SAS, CloudFront, generic tokens). */
const SIGNED_QUERY =
  /\bhttps?:\/\/[^\s"'<>()|`]*?[?&](?:x-amz-signature|x-amz-credential|x-goog-signature|signature|sig|se|sv|expires|token|key-pair-id|policy)=[^\s"'<>()|`]*/gi;

const SIGNED_URL_PLACEHOLDER = '[signed URL removed]';

/** Shorter values are not secrets worth a search (and would scrub ordinary words). */
const MIN_SECRET_LENGTH = 6;

interface Forms {
  exact: string[];
  spread: RegExp[];
}

const registered = new Set<string>();
/** The forms of the last set of secrets asked for: the same set, call after call. */
let cached: { key: string; forms: Forms } | null = null;

/**
 * Registers a secret for every later scrubSecrets call in this process: the
 * API key as soon as it is read, so that no output channel depends on being
 * handed it.
 */
export function registerSecret(secret: string): void {
  const value = secret.trim();
  if (value.length >= MIN_SECRET_LENGTH) registered.add(value);
}

/**
 * Replaces the registered and given secrets (every form) and anything shaped
 * like one with `***`, and signed URLs with a placeholder. Escaping for
 * Markdown changes the text (`_` becomes `\_`), so the escape functions
 * scrub before they escape, and this runs again on every byte out.
 */
export function scrubSecrets(text: string, secrets: readonly string[] = []): string {
  let out = text;
  const { exact, spread } = formsFor([...registered, ...secrets]);
  for (const form of exact) out = out.split(form).join(SECRET_PLACEHOLDER);
  for (const pattern of spread) out = out.replace(pattern, SECRET_PLACEHOLDER);
  for (const [pattern, replacement] of SECRET_PATTERNS) out = out.replace(pattern, replacement);
  return out.replace(SIGNED_QUERY, SIGNED_URL_PLACEHOLDER);
}

/**
 * A signed media URL as the one place that may show one shows it (a private
 * repository's PR comment, for a pull request's preview render): the URL
 * whole, when nothing in it is a registered secret or shaped like a key or a
 * token; null otherwise. Every other way out scrubs it (scrubSecrets).
 */
export function signedUrlToShow(url: string, secrets: readonly string[] = []): string | null {
  const { exact, spread } = formsFor([...registered, ...secrets]);
  if (
    exact.some((form) => url.includes(form)) ||
    spread.some((pattern) => new RegExp(pattern.source, pattern.flags.replace('g', '')).test(url))
  )
    return null;
  const scrubbed = SECRET_PATTERNS.reduce(
    (out, [pattern, replacement]) => out.replace(pattern, replacement),
    url,
  );
  return scrubbed === url ? url : null;
}

/** Whether the scrubber would change the text: it holds a secret, a key or token, or a signed URL. */
export function holdsSecret(text: string, secrets: readonly string[] = []): boolean {
  return scrubSecrets(text, secrets) !== text;
}

/** The one way the project writes a file: what it holds is scrubbed first, like every other output. */
export function writeScrubbedFile(file: string, text: string, options?: WriteFileOptions): void {
  writeFileSync(file, scrubSecrets(text), options);
}

function formsFor(secrets: readonly string[]): Forms {
  const unique = [...new Set(secrets.map((secret) => secret.trim()))];
  const key = unique.join('\u0000');
  if (cached?.key !== key) cached = { key, forms: formsOf(unique) };
  return cached.forms;
}

function formsOf(secrets: readonly string[]): Forms {
  const exact = new Set<string>();
  const spread: RegExp[] = [];
  // Trimmed by formsFor; an empty one has only empty forms, which are skipped.
  for (const secret of secrets) {
    for (const form of encodings(secret)) if (form.length > 0) exact.add(form);
    // Each line of a secret that is itself several lines, as the runner masks it.
    for (const line of secret.split(/\r?\n/))
      if (line.trim().length >= MIN_SECRET_LENGTH) exact.add(line.trim());
    if (secret.length >= MIN_SECRET_LENGTH) {
      // As is, JSON-escaped, and JSON-escaped twice: each character in the form it has there.
      const once = [...secret].map((char) => JSON.stringify(char).slice(1, -1));
      const twice = once.map((unit) => JSON.stringify(unit).slice(1, -1));
      for (const units of [[...secret], once, twice]) spread.push(spreadPattern(units));
    }
  }
  // Longest first: a form that holds another is replaced whole.
  return { exact: [...exact].sort((a, b) => b.length - a.length), spread };
}

/** The forms a value takes in what this project writes. */
export function encodings(secret: string): string[] {
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
function base64Forms(secret: string): string[] {
  const bytes = Buffer.from(secret);
  const found: string[] = [bytes.toString('base64')];
  for (const offset of [0, 1, 2]) {
    const padded = Buffer.concat([Buffer.alloc(offset), bytes]);
    const encoded = padded.toString('base64');
    // Characters that mix in bits of the bytes before or after are left out
    // (and so is the padding, which comes after `end`).
    const start = [0, 2, 3][offset]!;
    const end = Math.floor((padded.length * 8) / 6);
    const stable = encoded.slice(start, end);
    if (stable.length >= MIN_SECRET_LENGTH) found.push(stable);
  }
  return found.flatMap((form) => [form, form.replace(/\+/g, '-').replace(/\//g, '_')]);
}

/**
 * The value's characters (units) with line breaks, white space, `<br>` or
 * their escaped forms (`\n`, `\\n`, `%0A`) between any two of them: a
 * message wrapped across lines still holds the whole key.
 */
function spreadPattern(units: readonly string[]): RegExp {
  const gap = '(?:\\s|\\\\{1,2}[nrt]|%0[aAdD]|<br\\s*/?>|\u200b)*';
  const escaped = units.map((unit) => unit.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&'));
  return new RegExp(escaped.join(gap), 'g');
}
