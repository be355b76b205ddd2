import type { RenderOptions } from '../service-client/types.ts';
import type { Manifest, ManifestAccount } from './schema.ts';
import { problemAt } from './position-tree.ts';
import type { PositionMap } from './position-tree.ts';
import type {
  AccountSelector,
  DesiredItem,
  DesiredPublish,
  Pause,
  Problem,
  SourceLocation,
} from './types.ts';

// A validated manifest -> the engine's desired state for one item, plus the
// warnings about settings that cannot take effect. Absent optional fields stay
// absent: the engine neither sends nor compares them.

/** Where each field is written, by dotted path (`publish.accounts.1`). */
export function locationsOf(positions: PositionMap): Record<string, SourceLocation> {
  const locations: Record<string, SourceLocation> = {};
  for (const [path, position] of positions) {
    if (path !== '') locations[path] = position.key ?? position.value;
  }
  return locations;
}

function render(video: Manifest['video']): RenderOptions {
  const options: RenderOptions = { video_id: video.source, orientation: video.orientation };
  if (video.prefer_real_world !== undefined) options.prefer_real_world = video.prefer_real_world;
  if (video.image_overlay?.enabled !== undefined) options.image_overlay_enabled = video.image_overlay.enabled;
  if (video.image_overlay?.position !== undefined)
    options.image_overlay_position = video.image_overlay.position;
  if (video.zoom_effect !== undefined) options.zoom_effect_enabled = video.zoom_effect;
  if (video.subtitles !== undefined) options.subtitle_settings = video.subtitles;
  return options;
}

/** One entry of publish.accounts, as the engine resolves it. */
export function selectorOf(account: ManifestAccount, location: SourceLocation): AccountSelector {
  return 'id' in account
    ? { kind: 'id', id: account.id, location }
    : { kind: 'name', platform: account.platform, name: account.name, location };
}

function publishOf(
  publish: NonNullable<Manifest['publish']>,
  locations: Record<string, SourceLocation>,
  fallback: SourceLocation,
): DesiredPublish {
  const accounts = (publish.accounts ?? []).map((account, index) =>
    selectorOf(account, locations[`publish.accounts.${index}`] ?? fallback),
  );
  const options: DesiredPublish['options'] = {
    privacy: publish.privacy,
    category: publish.category,
    made_for_kids: publish.made_for_kids,
    age_restricted: publish.age_restricted,
    notify_subscribers: publish.notify_subscribers,
    ai_disclosure: publish.ai_disclosure,
  };
  if (publish.tiktok?.post_mode !== undefined) options.tiktok_post_mode = publish.tiktok.post_mode;
  if (publish.tiktok?.privacy !== undefined) options.tiktok_privacy = publish.tiktok.privacy;
  return { accounts, at: publish.at ?? null, ...(publish.late ? { late: publish.late } : {}), options };
}

/** Builds the desired item; `file` is the manifest itself (values may come from defaults files). */
export function normalize(
  file: string,
  manifest: Manifest,
  positions: PositionMap,
): { item: DesiredItem; warnings: Problem[] } {
  const locations = locationsOf(positions);
  const start: SourceLocation = { file, line: 1, column: 1 };
  const location = locations['title'] ?? start;
  const fields: DesiredItem['fields'] = { title: manifest.title };
  if (manifest.description !== undefined) fields.description = manifest.description;
  if (manifest.full_text !== undefined) fields.full_text = manifest.full_text;
  if (manifest.textover !== undefined) fields.textover = manifest.textover;
  if (manifest.hashtags !== undefined) fields.hashtags = manifest.hashtags;
  if (manifest.fine_tuning !== undefined) fields.fine_tuning = manifest.fine_tuning;
  if (manifest.persona !== undefined) fields.persona_id = manifest.persona;
  const publish = manifest.publish ? publishOf(manifest.publish, locations, location) : null;
  const item: DesiredItem = {
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
  if (paused !== null) item.paused = paused;
  if (manifest.self_heal === true) item.selfHeal = true;
  if (manifest.ignore_service_edits !== undefined && manifest.ignore_service_edits.length > 0)
    item.ignoreServiceEdits = [
      ...new Set(manifest.ignore_service_edits.map((field) => (field === 'persona' ? 'persona_id' : field))),
    ];
  return { item, warnings: warningsOf(item) };
}

/** `paused: true`, or `paused: {reason, since}`, as the plan reads it; null when the item is not paused. */
function pauseOf(paused: Manifest['paused'], location: SourceLocation): Pause | null {
  if (paused === undefined || paused === false) return null;
  if (paused === true) return { reason: null, since: null, location };
  return { reason: paused.reason ?? null, since: paused.since ? sinceInstant(paused.since) : null, location };
}

/** A `since` as an instant: a date alone is its first minute in UTC. */
export function sinceInstant(text: string): string {
  return new Date(/^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text}T00:00:00Z` : text).toISOString();
}

function warningsOf(item: DesiredItem): Problem[] {
  const warnings: Problem[] = [];
  const publishAt = item.locations['publish'];
  // Only a publish block written in the manifest itself is worth a warning:
  // one inherited from a defaults file is meant for the published items.
  if (item.publish !== null && item.stage !== 'published' && publishAt?.file === item.file) {
    warnings.push(
      problemAt(
        publishAt,
        'ineffective_publish',
        `publish has no effect while stage is ${item.stage}; set stage: published to publish`,
        'publish',
        'warning',
      ),
    );
  }
  const accounts = item.publish?.accounts ?? [];
  const tiktokAt = item.locations['publish.tiktok'];
  if (
    tiktokAt !== undefined &&
    tiktokAt.file === item.file &&
    accounts.length > 0 &&
    accounts.every((a) => a.kind === 'name' && a.platform !== 'TikTok')
  ) {
    warnings.push(
      problemAt(
        tiktokAt,
        'ineffective_publish',
        'publish.tiktok has no effect: none of publish.accounts is a TikTok account',
        'publish.tiktok',
        'warning',
      ),
    );
  }
  const seen = new Map<string, number>();
  accounts.forEach((account, index) => {
    const key = account.kind === 'id' ? `id:${account.id}` : `name:${account.platform}:${account.name}`;
    const first = seen.get(key);
    if (first === undefined) {
      seen.set(key, index);
      return;
    }
    warnings.push(
      problemAt(
        account.location,
        'duplicate_account',
        `publish.accounts[${index}] repeats publish.accounts[${first}]; an account is published to once`,
        `publish.accounts.${index}`,
        'warning',
      ),
    );
  });
  return warnings;
}
