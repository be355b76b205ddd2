import { createHmac, timingSafeEqual } from 'node:crypto';
import { REVIEWED_PLAN_VERSION, type ReviewedItem, type ReviewedPlan } from '../engine/review.ts';
import { isRecord } from '../record.ts';

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
const sealText = (mac: string) => ` mac=${mac} -->`;
/** Where a block may start: any block of ours sits within the comment's first lines. */
const SEARCHED_LINES = 4;
/** Most of the comment stays for the report; past this, entries are left out from the end. */
const BLOCK_LIMIT = 32_000;

/** The secret that seals blocks, kept in a private field: it is derived from a key the workflow holds. */
export class ReviewSeal {
  readonly #key: Buffer;

  constructor(secret: string) {
    // A key of its own, derived: a seal reveals nothing of the secret, nor serves for anything else.
    this.#key = createHmac('sha256', secret).update('content-as-code reviewed-plan seal').digest();
  }

  mac(scope: string, json: string): string {
    return createHmac('sha256', this.#key).update(`${scope}\n${json}`).digest('hex');
  }

  verifies(scope: string, json: string, mac: string): boolean {
    const expected = Buffer.from(this.mac(scope, json), 'hex');
    const given = Buffer.from(mac, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}

/** A seal and the one comment it is for. */
export interface SealedFor {
  seal: ReviewSeal;
  scope: string;
}

/** What a block is bound to: the repository (GitHub's names ignore case), the pull request and the comment's marker. */
export function blockScope(owner: string, repo: string, pr: number, marker: string): string {
  return `${owner}/${repo}`.toLowerCase() + `#${pr} ${marker}`;
}

const HASH = 'sha256:';
const bare = (value: string | null): string | null =>
  value?.startsWith(HASH) ? value.slice(HASH.length) : value;
const hashed = (value: string | null): string | null => (value === null ? null : `${HASH}${value}`);

function escapeJson(json: string): string {
  return json.replace(/[<>&]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * The sealed block for a plan computed at `head`, within `limit` characters:
 * entries are kept in the order given (renders and publications first) and
 * the number left out is written down, so that a reader knows the plan is
 * partial. `unlisted` counts manifests the plan itself did not cover (a
 * pull request's plan of its change): they are left out too.
 */
export function reviewedBlock(
  entries: ReadonlyArray<[string, ReviewedItem]>,
  head: string | null,
  sealed: SealedFor,
  {
    limit = BLOCK_LIMIT,
    unlisted = 0,
    previewed = [],
  }: { limit?: number; unlisted?: number; previewed?: readonly string[] } = {},
): string {
  // What a preview wrote (engine/preview-records.ts): hex keys, at most a tenth of the block; a write left
  // out is one main cannot tell from a person's edit, and holds rather than keeps.
  const writes = `"w":${JSON.stringify(previewed.filter((key) => /^[0-9a-f]{16}$/.test(key)).slice(0, Math.floor(limit / 190)))},`;
  const json = (omitted: number, body: string) =>
    escapeJson(`{"head":${JSON.stringify(head)},"omitted":${omitted},${writes}"items":{${body}}}`);
  const parts: string[] = [];
  let size = PREFIX.length + json(entries.length + unlisted, '').length + sealText('0'.repeat(64)).length;
  for (const [key, entry] of entries) {
    const fields = [bare(entry.m), bare(entry.s), bare(entry.t), entry.k];
    // The preview render reviewers watched, when there was one: a fifth field, so blocks without it read as before.
    if (entry.r !== undefined) fields.push(bare(entry.r));
    const part = `${JSON.stringify(key)}:${JSON.stringify(fields)}`;
    const grown = size + escapeJson(part).length + 1;
    if (grown > limit) break;
    parts.push(part);
    size = grown;
  }
  const text = json(entries.length - parts.length + unlisted, parts.join(','));
  return `${PREFIX}${text}${sealText(sealed.seal.mac(sealed.scope, text))}`;
}

/** The block written without what changes on every push (the head, hence the seal), for deciding whether the comment changed. */
export function stableBlock(block: string): string {
  return block.replace(/"head":(?:"(?:[^"\\]|\\.)*"|null)/, '"head":null').replace(SEAL, ' -->');
}

export type ReadBlock =
  | { kind: 'plan'; plan: ReviewedPlan }
  /** The comment has no block at all. */
  | { kind: 'absent' }
  /** A block is there, but its seal does not verify for this comment (edited, copied, another key, another version). */
  | { kind: 'unverified' };

function blockLine(body: string): string | undefined {
  return body.split('\n', SEARCHED_LINES).find((text) => text.startsWith(ANY_VERSION));
}

/** The reviewed plan in a comment of ours, when its block verifies for this comment. */
export function readReviewedBlock(body: string, sealed: SealedFor): ReadBlock {
  const line = blockLine(body);
  if (line === undefined) return { kind: 'absent' };
  const seal = SEAL.exec(line);
  if (!line.startsWith(PREFIX) || seal === null) return { kind: 'unverified' };
  const text = line.slice(PREFIX.length, seal.index);
  if (!sealed.seal.verifies(sealed.scope, text, seal[1]!)) return { kind: 'unverified' };
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { kind: 'unverified' };
  }
  const plan = checked(data);
  return plan === null ? { kind: 'unverified' } : { kind: 'plan', plan };
}

const hex = (value: unknown): value is string | null =>
  value === null || (typeof value === 'string' && /^[0-9a-f]{8,64}$/.test(value));

/** Anything not exactly the shape written is no plan, sealed or not. */
function checked(data: unknown): ReviewedPlan | null {
  if (!isRecord(data) || !isRecord(data.items)) return null;
  const head = data.head;
  const omitted = data.omitted;
  if (head !== null && typeof head !== 'string') return null;
  if (typeof omitted !== 'number' || !Number.isInteger(omitted) || omitted < 0) return null;
  const writes = data.w === undefined ? [] : data.w;
  if (!Array.isArray(writes) || !writes.every((key) => typeof key === 'string' && /^[0-9a-f]{16}$/.test(key)))
    return null;
  const items: Record<string, ReviewedItem> = {};
  for (const [key, value] of Object.entries(data.items)) {
    if (!/^[0-9a-f]{16}$/.test(key) || !Array.isArray(value) || (value.length !== 4 && value.length !== 5))
      return null;
    const [m, s, t, k, r] = value as unknown[];
    if (
      typeof m !== 'string' ||
      !hex(m) ||
      !hex(s) ||
      !hex(t) ||
      typeof k !== 'string' ||
      !/^[a-z]*$/.test(k) ||
      (value.length === 5 && (typeof r !== 'string' || !hex(r)))
    )
      return null;
    items[key] = {
      m: hashed(m)!,
      s: hashed(s),
      t: hashed(t),
      k,
      ...(typeof r === 'string' ? { r: hashed(r)! } : {}),
    };
  }
  return { v: REVIEWED_PLAN_VERSION, head, items, omitted, ...(writes.length > 0 ? { w: writes } : {}) };
}
