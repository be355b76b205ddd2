import { REVIEWED_PLAN_VERSION, type ReviewedItem, type ReviewedPlan } from '../engine/review.ts';

// The reviewed plan, hidden in the sticky comment: one HTML comment on the
// line after the comment's marker and digest, holding compact JSON. It is
// written before the report and its size is held back from the report's
// limit, so when the comment must be trimmed, it is the report that is cut,
// never this block.
//
// Nothing from the repository is written into it: manifests are named by a
// fingerprint of their path, so the block is hexadecimal digits, a few step
// letters and JSON punctuation. `<`, `>` and `&` are still written as \u
// escapes, so that no value could end the HTML comment (`-->`, `--!>`).

const PREFIX = `<!-- content-as-code:reviewed-plan v${REVIEWED_PLAN_VERSION} `;
const SUFFIX = ' -->';
/** Where a block may start: any block of ours sits within the comment's first lines. */
const SEARCHED_LINES = 4;
/** Most of the comment stays for the report; past this, entries are left out from the end. */
export const BLOCK_LIMIT = 32_000;

const HASH = 'sha256:';
const bare = (value: string | null): string | null =>
  value?.startsWith(HASH) ? value.slice(HASH.length) : value;
const hashed = (value: string | null): string | null => (value === null ? null : `${HASH}${value}`);

function escapeJson(json: string): string {
  return json.replace(/[<>&]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * The block for a plan computed at `head`, within `limit` characters:
 * entries are kept in the order given (renders and publications first) and
 * the number left out is written down, so that a reader knows the plan is partial.
 */
export function reviewedBlock(
  entries: ReadonlyArray<[string, ReviewedItem]>,
  head: string | null,
  limit = BLOCK_LIMIT,
): string {
  const frame = (omitted: number, body: string) =>
    `${PREFIX}${escapeJson(`{"head":${JSON.stringify(head)},"omitted":${omitted},"items":{${body}}}`)}${SUFFIX}`;
  const parts: string[] = [];
  let size = frame(entries.length, '').length;
  for (const [key, entry] of entries) {
    const part = `${JSON.stringify(key)}:${JSON.stringify([bare(entry.m), bare(entry.s), bare(entry.t), entry.k])}`;
    const grown = size + escapeJson(part).length + 1;
    if (grown > limit) break;
    parts.push(part);
    size = grown;
  }
  return frame(entries.length - parts.length, parts.join(','));
}

/** The block written without what changes on every push (the head), for deciding whether the comment changed. */
export function stableBlock(block: string): string {
  return block.replace(/"head":(?:"(?:[^"\\]|\\.)*"|null)/, '"head":null');
}

/** The reviewed plan in a comment of ours, or null when it has none this version can read. */
export function readReviewedBlock(body: string): ReviewedPlan | null {
  const line = body
    .split('\n', SEARCHED_LINES)
    .find((text) => text.startsWith(PREFIX) && text.endsWith(SUFFIX));
  if (line === undefined) return null;
  let data: unknown;
  try {
    data = JSON.parse(line.slice(PREFIX.length, line.length - SUFFIX.length));
  } catch {
    return null;
  }
  return checked(data);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const hex = (value: unknown): value is string | null =>
  value === null || (typeof value === 'string' && /^[0-9a-f]{8,64}$/.test(value));

/** Anything not exactly the shape written is no plan: a hand-edited block must not release anything. */
function checked(data: unknown): ReviewedPlan | null {
  if (!isObject(data) || !isObject(data.items)) return null;
  const head = data.head;
  const omitted = data.omitted;
  if (head !== null && typeof head !== 'string') return null;
  if (typeof omitted !== 'number' || !Number.isInteger(omitted) || omitted < 0) return null;
  const items: Record<string, ReviewedItem> = {};
  for (const [key, value] of Object.entries(data.items)) {
    if (!/^[0-9a-f]{16}$/.test(key) || !Array.isArray(value) || value.length !== 4) return null;
    const [m, s, t, k] = value as unknown[];
    if (
      typeof m !== 'string' ||
      !hex(m) ||
      !hex(s) ||
      !hex(t) ||
      typeof k !== 'string' ||
      !/^[a-z]*$/.test(k)
    )
      return null;
    items[key] = { m: hashed(m)!, s: hashed(s), t: hashed(t), k };
  }
  return { v: REVIEWED_PLAN_VERSION, head, items, omitted };
}
