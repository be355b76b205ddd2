import type { Account, ContentDetail, ContentSummary } from '../service-client/types.ts';
import type { DesiredItem, Problem } from '../manifest/types.ts';
import { serviceText } from '../text/service-terms.ts';
import { sameValue } from './diff.ts';
import type { Matched } from './types.ts';
import type { Drift, PlanContext, PublicationTarget } from './types.ts';

// Checks of one item against what the service shows that do not decide its
// steps: publication drift of a published video, a new manifest that looks
// like a renamed one, a TikTok publication without its settings.

/** Accounts attached to a published video that differ from the manifest's, as drift. */
export function accountsDrift(detail: ContentDetail, target: PublicationTarget | null): Drift[] {
  if (target === null || detail.accounts.length === 0) return [];
  const remote = new Set(detail.accounts.map((account) => account.id));
  const desired = new Set(target.accounts.map((account) => account.id));
  const same = remote.size === desired.size && [...desired].every((id) => remote.has(id));
  if (same) return [];
  const name = (account: Account): string => `${account.platform} ${account.name}`;
  return [{ field: 'accounts', remote: detail.accounts.map(name), desired: target.accounts.map(name) }];
}

/** Publication settings changed since the published version of the manifest, as drift. */
export function publishDrift(item: DesiredItem, publishedWith: PlanContext['publishedWith']): Drift[] {
  const before = publishedWith?.get(item.file);
  const now = item.publish?.options;
  if (before === undefined || now === undefined) return [];
  const keys = Object.keys({ ...before, ...now }) as (keyof typeof now)[];
  const changed = keys.filter((key) => !sameValue(before[key], now[key]));
  if (changed.length === 0) return [];
  const pick = (options: typeof now): Record<string, unknown> =>
    Object.fromEntries(changed.map((key) => [key, options[key] ?? null]));
  return [{ field: 'publish', remote: pick(before), desired: pick(now) }];
}

/**
 * An unmanaged item whose full_text is this new manifest's: most likely the
 * same video under a title that changed where no history shows it.
 */
export function renameOf(matched: Matched, unmanaged: readonly ContentSummary[]): ContentSummary | null {
  const text = matched.item.fields.full_text;
  if (matched.remote !== null || matched.item.id !== null || text === undefined) return null;
  const wanted = serviceText(text);
  if (wanted === '') return null;
  return (
    unmanaged.find((summary) => summary.full_text !== null && serviceText(summary.full_text) === wanted) ??
    null
  );
}

/** TikTok's defaults for post mode and privacy are not shown: a publication without them is warned about. */
export function tiktokWarning(
  item: DesiredItem,
  target: PublicationTarget | null,
  detail: ContentDetail | null,
): Problem[] {
  if (target === null || detail?.status === 'UPLOADED') return [];
  if (!target.accounts.some((account) => account.platform === 'TikTok')) return [];
  const options = target.options;
  if (options.tiktok_post_mode !== undefined && options.tiktok_privacy !== undefined) return [];
  const at = item.locations['publish.accounts'] ?? item.locations['publish'] ?? item.location;
  return [
    {
      severity: 'warning',
      code: 'tiktok_defaults',
      file: item.file,
      line: at.line,
      column: at.column,
      field: 'publish.tiktok',
      message:
        'This item publishes to TikTok without publish.tiktok.post_mode and publish.tiktok.privacy; the ' +
        "service's defaults for them are not documented, so the video may be posted directly and publicly. " +
        'Set both, for example tiktok: {post_mode: draft, privacy: SELF_ONLY}.',
    },
  ];
}
