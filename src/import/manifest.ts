import {
  FAILED_STATUSES,
  GENERATING_STATUSES,
  RENDERED_STATUSES,
  isKnownPlatform,
  type Account,
  type ContentDetail,
} from '../service-client/types.ts';
import { writeScript } from '../service-client/readings.ts';
import type { Stage } from '../manifest/types.ts';

// One remote item -> the manifest that describes it as it stands, so that a
// plan of that manifest has nothing to do. A value the service does not hold
// (null) is left out: an absent key is not managed, so it cannot differ.

export interface ImportedManifest {
  /** The manifest's keys in the order a person would write them. */
  value: Record<string, unknown>;
  stage: Stage;
  /** Comment lines for the top of the file: why the stage is what it is, what was left out. */
  notes: string[];
  /** Comments after a key, for example the persona's name after its id. */
  inline: Record<string, string>;
}

/**
 * The rule for `textover`: it is imported only when it is not the script the
 * service writes from `full_text` by itself (A15). An item whose script is the
 * service's own gets no `textover`, so a later change of `full_text` still
 * gets a new script. Either way the plan shows no change: an absent textover
 * is not compared. The service's writer is the one the emulator implements
 * (the interface does not show the real one); a script it does not recognise
 * is imported as written, which keeps it exactly as it is.
 */
function isServiceScript(detail: Pick<ContentDetail, 'full_text' | 'textover'>): boolean {
  if (detail.textover === null) return true;
  return detail.full_text !== null && detail.textover === writeScript(detail.full_text);
}

const HASHTAG = /^#[^\s#]\S*$/;

/**
 * Hashtags as a list when the list form joins back to the very same string,
 * else the string itself; the schema trims a string, so one with blanks
 * around it cannot be kept and stays unmanaged.
 */
export function hashtagsOf(hashtags: string): { value: string | string[] } | { unkept: string } {
  const tags = hashtags.split(' ');
  if (hashtags !== '' && tags.every((tag) => HASHTAG.test(tag))) return { value: tags };
  if (hashtags.trim() !== hashtags) {
    return {
      unkept: 'hashtags are not managed here: the service keeps blanks around them that a manifest trims',
    };
  }
  return { value: hashtags };
}

/** Stage from status: what the item has now, never a step the service has not taken. */
function stageOf(detail: ContentDetail): { stage: Stage; note: string | null } {
  const { status } = detail;
  if (status === 'UPLOADED') return { stage: 'published', note: null };
  if (status === 'NEW') return { stage: 'draft', note: null };
  if (RENDERED_STATUSES.has(status) && status !== 'FAILED_UPLOAD') return { stage: 'rendered', note: null };
  const error = detail.last_error ? ` (${oneLine(detail.last_error)})` : '';
  if (status === 'FAILED_UPLOAD') {
    return {
      stage: 'rendered',
      note: `The service reports FAILED_UPLOAD${error}: the video is rendered, its publication failed. Set stage: published with publish.accounts to publish it again.`,
    };
  }
  // A failed render at stage rendered would be rendered again by the next
  // apply: the import asks for nothing the service has not done.
  if (FAILED_STATUSES.has(status)) {
    return {
      stage: 'draft',
      note: `The service reports ${status}${error}: the last render failed. Set stage: rendered to render it again.`,
    };
  }
  if (GENERATING_STATUSES.has(status) || detail.progress !== null) {
    return {
      stage: status === 'UPLOADING' ? 'rendered' : 'draft',
      note: `The service was still working on this item (${status}) when it was imported; the stage is what it had then. Once the run ends, set the stage it should keep.`,
    };
  }
  return {
    stage: 'draft',
    note: `The service reports a status the interface does not list (${status || 'none'}); nothing is done to this item while it stays so.`,
  };
}

function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 200 ? `${flat.slice(0, 199)}…` : flat;
}

/**
 * An account by platform and name, as people read it; by id when the name
 * does not single it out (two accounts of one name) or the platform is one a
 * manifest cannot name (A35).
 */
function accountOf(account: Account, connected: readonly Account[]): Record<string, string> {
  const namesake = connected.filter((a) => a.platform === account.platform && a.name === account.name);
  if (!isKnownPlatform(account.platform) || namesake.length > 1 || account.name.trim() === '') {
    return { id: account.id };
  }
  return { platform: account.platform, name: account.name };
}

function videoOf(detail: ContentDetail): Record<string, unknown> {
  const settings = detail.video_settings;
  if (settings === null) return {};
  const video: Record<string, unknown> = {};
  if (settings.video_id !== null && settings.video_id.trim() !== '') video['source'] = settings.video_id;
  if (settings.orientation !== null && settings.orientation.trim() !== '')
    video['orientation'] = settings.orientation;
  if (settings.prefer_real_world !== null) video['prefer_real_world'] = settings.prefer_real_world;
  const overlay: Record<string, unknown> = {};
  if (settings.image_overlay_enabled !== null) overlay['enabled'] = settings.image_overlay_enabled;
  if (settings.image_overlay_position !== null && settings.image_overlay_position.trim() !== '')
    overlay['position'] = settings.image_overlay_position;
  if (Object.keys(overlay).length > 0) video['image_overlay'] = overlay;
  if (settings.zoom_effect_enabled !== null) video['zoom_effect'] = settings.zoom_effect_enabled;
  if (settings.subtitle_settings !== null) video['subtitles'] = settings.subtitle_settings;
  return video;
}

/** The manifest of one item; `connected` is GET /accounts, to tell accounts of one name apart. */
export function manifestOf(detail: ContentDetail, connected: readonly Account[]): ImportedManifest {
  const notes: string[] = [];
  const inline: Record<string, string> = {};
  const { stage, note } = stageOf(detail);
  if (note !== null) notes.push(note);
  const value: Record<string, unknown> = { id: detail.id, title: detail.title, stage };
  if (detail.description !== null) value['description'] = detail.description;
  if (detail.full_text !== null) value['full_text'] = detail.full_text;
  if (detail.textover !== null && !isServiceScript(detail)) value['textover'] = detail.textover;
  if (detail.hashtags !== null) {
    const hashtags = hashtagsOf(detail.hashtags);
    if ('value' in hashtags) value['hashtags'] = hashtags.value;
    else notes.push(hashtags.unkept);
  }
  if (detail.persona?.id) {
    value['persona'] = detail.persona.id;
    if (detail.persona.name) inline['persona'] = oneLine(detail.persona.name);
  }
  if (detail.fine_tuning !== null && Object.keys(detail.fine_tuning).length > 0)
    value['fine_tuning'] = detail.fine_tuning;
  const video = videoOf(detail);
  if (Object.keys(video).length > 0) value['video'] = video;
  if (stage === 'published') {
    if (detail.accounts.length > 0) {
      value['publish'] = { accounts: detail.accounts.map((account) => accountOf(account, connected)) };
    } else {
      // A published item the service lists no account for: a manifest at
      // published needs one, so it says rendered (which asks nothing more).
      value['stage'] = 'rendered';
      notes.push('Published, but the service lists no account for it; kept at stage: rendered.');
      return { value, stage: 'rendered', notes, inline };
    }
  }
  return { value, stage, notes, inline };
}
