import { stringify } from 'yaml';
import type { DesiredItem } from './types.ts';

// Desired state -> manifest YAML that loads back to the same desired state.
// Used by the round-trip property tests, and handy to scaffold a manifest.

export interface PrintOptions {
  /** Path of content.schema.json relative to the manifest, written as the editor modeline. */
  schemaPath?: string;
}

export function printManifest(item: DesiredItem, options: PrintOptions = {}): string {
  const manifest: Record<string, unknown> = { title: item.fields.title };
  if (item.id !== null) manifest['id'] = item.id;
  const { fields } = item;
  if (fields.description !== undefined) manifest['description'] = fields.description;
  if (fields.full_text !== undefined) manifest['full_text'] = fields.full_text;
  if (fields.textover !== undefined) manifest['textover'] = fields.textover;
  // The joined string loads back as written.
  if (fields.hashtags !== undefined) manifest['hashtags'] = fields.hashtags;
  if (fields.persona_id !== undefined) manifest['persona'] = fields.persona_id;
  if (fields.fine_tuning !== undefined) manifest['fine_tuning'] = fields.fine_tuning;
  manifest['stage'] = item.stage;
  manifest['flow'] = item.flow;

  const { render } = item;
  const video: Record<string, unknown> = { source: render.video_id, orientation: render.orientation };
  if (render.prefer_real_world !== undefined) video['prefer_real_world'] = render.prefer_real_world;
  const overlay: Record<string, unknown> = {};
  if (render.image_overlay_enabled !== undefined) overlay['enabled'] = render.image_overlay_enabled;
  if (render.image_overlay_position !== undefined) overlay['position'] = render.image_overlay_position;
  if (Object.keys(overlay).length > 0) video['image_overlay'] = overlay;
  if (render.zoom_effect_enabled !== undefined) video['zoom_effect'] = render.zoom_effect_enabled;
  if (render.subtitle_settings !== undefined) video['subtitles'] = render.subtitle_settings;
  manifest['video'] = video;

  if (item.publish !== null) {
    const { accounts, at, options: o } = item.publish;
    const publish: Record<string, unknown> = {
      accounts: accounts.map((a) =>
        a.kind === 'id' ? { id: a.id } : { platform: a.platform, name: a.name },
      ),
    };
    if (at !== null) publish['at'] = at;
    if (o.privacy !== undefined) publish['privacy'] = o.privacy;
    if (o.category !== undefined) publish['category'] = o.category;
    publish['made_for_kids'] = o.made_for_kids;
    publish['age_restricted'] = o.age_restricted;
    publish['notify_subscribers'] = o.notify_subscribers;
    publish['ai_disclosure'] = o.ai_disclosure;
    const tiktok: Record<string, unknown> = {};
    if (o.tiktok_post_mode !== undefined) tiktok['post_mode'] = o.tiktok_post_mode;
    if (o.tiktok_privacy !== undefined) tiktok['privacy'] = o.tiktok_privacy;
    if (Object.keys(tiktok).length > 0) publish['tiktok'] = tiktok;
    manifest['publish'] = publish;
  }

  const body = stringify(manifest, { version: '1.2', lineWidth: 0, aliasDuplicateObjects: false });
  return options.schemaPath === undefined
    ? body
    : `# yaml-language-server: $schema=${options.schemaPath}\n${body}`;
}
