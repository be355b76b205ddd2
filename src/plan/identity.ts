import type { ContentSummary } from '../service-client/types.ts';
import type { DesiredItem, Problem } from '../manifest/types.ts';
import { titleKey } from '../text/service-terms.ts';
import type { Match, Matched, MatchOptions, MatchResult, RemoteRef } from './types.ts';

// Which remote item each manifest is about. The service is the state: a
// manifest is matched by its pinned id, else by its exact title, else (a
// rename) by the title the same file had at the base of the change. Titles
// are compared in the service's terms (titleKey): a service that trims the
// title it stores still holds the manifest's item.

function ref(summary: ContentSummary): RemoteRef {
  return { id: summary.id, title: summary.title, status: summary.status };
}

function problem(item: DesiredItem, code: string, field: string, message: string): Problem {
  const at = item.locations[field] ?? item.location;
  return { severity: 'error', code, file: item.file, line: at.line, column: at.column, field, message };
}

interface Index {
  ids: Map<string, ContentSummary>;
  /** Remote items by the key of their title. */
  titles: Map<string, ContentSummary[]>;
}

/**
 * Each listing's index, built once: a plan matches this shard's manifests and
 * the others against it. A listing is never changed once read.
 */
const indexes = new WeakMap<readonly ContentSummary[], Index>();

function indexOf(remote: readonly ContentSummary[]): Index {
  let index = indexes.get(remote);
  if (index === undefined) {
    index = { ids: new Map(), titles: new Map() };
    for (const summary of remote) {
      index.ids.set(summary.id, summary);
      const key = titleKey(summary.title);
      const list = index.titles.get(key);
      if (list) list.push(summary);
      else index.titles.set(key, [summary]);
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
export function orphanTitles(
  desired: readonly DesiredItem[],
  remote: readonly ContentSummary[],
): Set<string> {
  const titles = new Set(
    desired.filter((item) => item.id === null).map((item) => titleKey(item.fields.title)),
  );
  const pinned = new Set(desired.flatMap((item) => (item.id === null ? [] : [item.id])));
  const orphans = new Set<string>();
  for (const [key, summaries] of indexOf(remote).titles)
    if (!titles.has(key) && summaries.some((summary) => !pinned.has(summary.id))) orphans.add(key);
  return orphans;
}

export function renameCandidates(
  desired: readonly DesiredItem[],
  remote: readonly ContentSummary[],
): DesiredItem[] {
  const { titles } = indexOf(remote);
  return desired.filter((item) => item.id === null && !titles.has(titleKey(item.fields.title)));
}

/** The remote items claimed so far, by whom, and the problems claiming found. */
class Claims {
  readonly owners = new Map<string, DesiredItem>();
  readonly matched: Matched[] = [];
  readonly problems: Problem[] = [];

  /** Claims `summary` for `item`, unless another manifest has it already (then the item is new, with a problem). */
  claim(item: DesiredItem, summary: ContentSummary, match: Match, renamedFrom: string | null): void {
    const owner = this.owners.get(summary.id);
    if (owner && owner !== item) {
      this.problems.push(
        problem(
          item,
          'claimed_twice',
          item.id === null ? 'title' : 'id',
          `The remote item ${summary.id} ("${summary.title}") is already claimed by ${owner.file}; ` +
            'each item can be managed by one manifest only: change the title or the id of one of them.',
        ),
      );
      this.unmatched(item, 'new');
      return;
    }
    this.owners.set(summary.id, item);
    this.matched.push({ item, match, remote: summary, renamedFrom });
  }

  unmatched(item: DesiredItem, match: Match): void {
    this.matched.push({ item, match, remote: null, renamedFrom: null });
  }
}

/** Remote items that belong to other shards' manifests are out of bounds. */
function reserveOthers(claims: Claims, index: Index, others: readonly DesiredItem[]): void {
  for (const other of others) {
    const pinned = other.id === null ? undefined : index.ids.get(other.id);
    const found = pinned ? [pinned] : (index.titles.get(titleKey(other.fields.title)) ?? []);
    for (const summary of found) claims.owners.set(summary.id, other);
  }
}

/** A manifest that pins an id: that item, or an error when this key's owner has none such. */
function matchPinned(claims: Claims, index: Index, item: DesiredItem, id: string): void {
  const summary = index.ids.get(id);
  if (summary) return claims.claim(item, summary, 'pinned', null);
  claims.problems.push(
    problem(
      item,
      'unknown_id',
      'id',
      `No content item with id ${id} exists for this API key; remove \`id\` to create the item, ` +
        'or pin the id of an existing item.',
    ),
  );
  claims.unmatched(item, 'pinned');
}

/** A manifest matched by its title; false when no remote item has it (it may be a rename). */
function matchByTitle(claims: Claims, index: Index, item: DesiredItem): boolean {
  const same = index.titles.get(titleKey(item.fields.title)) ?? [];
  if (same.length > 1) {
    for (const summary of same) claims.owners.set(summary.id, item);
    const list = same.map((summary) => summary.id).sort();
    claims.problems.push(
      problem(
        item,
        'duplicate_remote_title',
        'title',
        `Two remote items are titled "${item.fields.title}" (${list.join(' and ')}); pin the one this manifest ` +
          'manages with `id:`.',
      ),
    );
    claims.unmatched(item, 'title');
    return true;
  }
  const [only] = same;
  if (only) claims.claim(item, only, 'title', null);
  return only !== undefined;
}

/** A manifest whose title no item has: the item its earlier title names, when no other manifest claims it. */
function matchRename(claims: Claims, index: Index, item: DesiredItem, options: MatchOptions): void {
  const before = options.previousTitles?.get(item.file);
  const candidates = before === undefined ? [] : (index.titles.get(titleKey(before)) ?? []);
  const [only] = candidates;
  if (before !== undefined && candidates.length === 1 && only && !claims.owners.has(only.id))
    claims.claim(item, only, 'renamed', before);
  else claims.unmatched(item, 'new');
}

const byFile = (a: { file: string }, b: { file: string }): number =>
  a.file < b.file ? -1 : a.file > b.file ? 1 : 0;

/** Pure matching of manifests to remote items; stable order (manifests by file, unmanaged by title then id). */
export function matchItems(
  desired: readonly DesiredItem[],
  remote: readonly ContentSummary[],
  options: MatchOptions = {},
): MatchResult {
  const index = indexOf(remote);
  const claims = new Claims();
  reserveOthers(claims, index, options.reserved ?? []);
  const pendingRenames: DesiredItem[] = [];
  for (const item of [...desired].sort(byFile)) {
    if (item.id !== null) matchPinned(claims, index, item, item.id);
    else if (!matchByTitle(claims, index, item)) pendingRenames.push(item);
  }
  // Renames last, so that an item claimed by its current title is never taken by an old one.
  for (const item of pendingRenames) matchRename(claims, index, item, options);
  const matched = [...claims.matched].sort((a, b) => byFile(a.item, b.item));
  const unmanaged =
    options.listUnmanaged === false
      ? []
      : remote
          .filter((summary) => !claims.owners.has(summary.id))
          .map(ref)
          .sort((a, b) => (a.title < b.title ? -1 : a.title > b.title ? 1 : a.id < b.id ? -1 : 1));
  return { matched, unmanaged, problems: claims.problems };
}
