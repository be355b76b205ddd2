// Text as a service may store it. Services normalise what they keep: `\r\n`
// becomes `\n`, whitespace at line ends and around the whole text goes, and
// Unicode is kept composed (NFC: `é` as one code point, not `e` and an
// accent). Two texts equal in these terms are the same text to the service,
// so comparing in them never sends an edit the service would undo, and never
// takes a title the service stored otherwise for another item's.

/** A text in the service's terms: NFC, `\n` line ends, no whitespace at line ends or around the text. */
export function serviceText(text: string): string {
  const composed = text.normalize('NFC');
  // One line, as a title is: the same text as trimming it, at a fraction of the cost.
  if (!composed.includes('\n') && !composed.includes('\r')) return composed.trim();
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
export function titleKey(title: string): string {
  if (PLAIN_TITLE.test(title)) return title;
  return serviceText(title).replace(/\s+/g, ' ');
}

/**
 * Printable ASCII words parted by single spaces: already composed, trimmed
 * and without runs of blanks, so its own key. Most titles are, and a plan
 * takes the key of each one several times.
 */
const PLAIN_TITLE = /^[!-~]+(?: [!-~]+)*$/;

/** Whether two titles name the same item in the service's terms. */
export function sameTitle(a: string, b: string): boolean {
  return titleKey(a) === titleKey(b);
}

// ---- enum words -------------------------------------------------------------
// The interface spells its enumerations (statuses, platforms, task states) in
// one case, but a service may answer `uploaded`, `Uploaded` or `ready-for-upload`
// for the same word. Compared in the service's terms, those are one word: case
// does not tell words apart, nor do spaces or hyphens where the interface has
// an underscore.

/** An enum word in the service's terms: upper case, runs of spaces, hyphens and underscores as one `_`. */
export function wordKey(word: string): string {
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
export function enumReader<W extends string>(words: readonly W[]): (value: string) => W | null {
  const byKey = new Map(words.map((word) => [wordKey(word), word] as const));
  return (value) => byKey.get(value) ?? byKey.get(wordKey(value)) ?? null;
}

const FLAG_WORDS: ReadonlyMap<string, boolean> = new Map([
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
export function serviceFlag(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value;
  if (typeof value !== 'string' && typeof value !== 'number') return null;
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
const ISO_LIKE =
  /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?))?\s*(Z|z|[+-]\d{2}(?::?\d{2})?)?$/;

function fromEpoch(value: number): number {
  if (Math.abs(value) < EPOCH_MS_FROM) return value * 1000;
  if (Math.abs(value) < EPOCH_US_FROM) return value;
  return value / 1000;
}

function fromIsoText(text: string): number {
  const match = ISO_LIKE.exec(text);
  if (match === null) return Date.parse(text);
  const [, day, time = '00:00:00', zone] = match;
  // A date without an offset is taken as UTC: a server's clock, not a wall clock.
  const offset =
    zone === undefined || zone === 'z'
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
export function serviceInstant(value: unknown): string | null {
  let ms: number;
  if (typeof value === 'number') ms = Number.isFinite(value) ? fromEpoch(value) : NaN;
  else if (typeof value !== 'string' || value.trim() === '') return null;
  else if (/^-?\d+(?:\.\d+)?$/.test(value.trim())) ms = fromEpoch(Number(value.trim()));
  else ms = fromIsoText(value.trim());
  if (!Number.isFinite(ms)) return null;
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
