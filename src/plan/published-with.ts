import { parse } from 'yaml';
import type { PublishOptions } from '../api/types.ts';
import type { PreviousVersions } from '../engine.ts';
import type { DesiredItem } from '../manifest/types.ts';

// The service does not report a published video's privacy or other
// publication settings, only its accounts. What it was published with is read
// from the manifest as it was before this change (the base commit), so that a
// change to them after publication is reported as drift, like the script.

type Settings = Omit<PublishOptions, 'account_ids'>;

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The publication settings a manifest text sets, with the schema's defaults; null when it has none. */
export function publishSettingsIn(text: string): Settings | null {
  let doc: unknown;
  try {
    doc = parse(text);
  } catch {
    return null; // an unparsable earlier version says nothing
  }
  if (!isObject(doc) || !isObject(doc.publish)) return null;
  const p = doc.publish;
  const flag = (value: unknown, fallback: boolean): boolean =>
    typeof value === 'boolean' ? value : fallback;
  const settings: Settings = {
    privacy: typeof p.privacy === 'string' ? p.privacy : 'public',
    category: typeof p.category === 'string' || typeof p.category === 'number' ? String(p.category) : '22',
    made_for_kids: flag(p.made_for_kids, false),
    age_restricted: flag(p.age_restricted, false),
    notify_subscribers: flag(p.notify_subscribers, true),
    ai_disclosure: flag(p.ai_disclosure, true),
  };
  const tiktok = isObject(p.tiktok) ? p.tiktok : {};
  if (tiktok.post_mode === 'direct' || tiktok.post_mode === 'draft')
    settings.tiktok_post_mode = tiktok.post_mode;
  if (typeof tiktok.privacy === 'string') settings.tiktok_privacy = tiktok.privacy;
  return settings;
}

/** file → publication settings at the base, for the given (published) manifests that had them there. */
export async function publishedWith(
  previous: PreviousVersions | undefined,
  items: readonly DesiredItem[],
): Promise<Map<string, Settings>> {
  const found = new Map<string, Settings>();
  if (!previous) return found;
  await Promise.all(
    items.map(async (item) => {
      const text = await previous.read(item.file);
      const settings = text === null ? null : publishSettingsIn(text);
      if (settings !== null) found.set(item.file, settings);
    }),
  );
  return found;
}
