import type {
  ContentDetail,
  ContentEdit,
  ContentFields,
  RenderOptions,
  VideoSettings,
} from '../service-client/types.ts';
import type { DesiredFields } from '../manifest/types.ts';
import { sameTitle, serviceText } from '../text/service-terms.ts';
import type { Drift, FieldChange, KeptValue, ManagedField } from './types.ts';
import { isRecord } from '../record.ts';

// Field-level comparison of a manifest with a remote item. Only what the
// manifest says is compared: an absent property is not managed.

/** Fields whose change makes an existing render stale (A16). */
export const SCRIPT_FIELDS: ReadonlySet<ManagedField> = new Set([
  'full_text',
  'textover',
  'persona_id',
  'fine_tuning',
]);

/** Fields the service keeps as text, compared in its terms (a service may trim any of them). */
const TEXT_FIELDS: ReadonlySet<ManagedField> = new Set([
  'title',
  'description',
  'full_text',
  'textover',
  'hashtags',
]);

const FIELD_ORDER: readonly ManagedField[] = [
  'title',
  'description',
  'full_text',
  'textover',
  'hashtags',
  'fine_tuning',
  'persona_id',
];

/** Deep equality of JSON values, independent of key order. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((value, index) => sameValue(value, b[index]));
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left).filter((key) => left[key] !== undefined);
  const other = Object.keys(right).filter((key) => right[key] !== undefined);
  return keys.length === other.length && keys.every((key) => sameValue(left[key], right[key]));
}

function remoteValue(remote: ContentDetail, field: ManagedField): unknown {
  if (field === 'persona_id') return remote.persona?.id ?? null;
  return remote[field] ?? null;
}

/**
 * An object in the service's terms: it covers what the manifest asks for when
 * every key the manifest sets has that value on the service. Keys the service
 * added (its own defaults) are not the manifest's business; null is `{}`.
 */
export function coversKeys(wanted: Record<string, unknown>, current: unknown): boolean {
  const remote = current === null || current === undefined ? {} : current;
  if (!isRecord(remote)) return false;
  return Object.entries(wanted).every(([key, value]) =>
    isRecord(value) ? coversKeys(value, remote[key]) : sameValue(value, remote[key]),
  );
}

/** Whether the service holds what the manifest asks for, in the service's terms (see serviceText, coversKeys). */
export function sameInServiceTerms(field: ManagedField, wanted: unknown, current: unknown): boolean {
  if (field === 'title' && typeof wanted === 'string')
    return typeof current === 'string' && sameTitle(wanted, current);
  if (TEXT_FIELDS.has(field) && typeof wanted === 'string')
    return typeof current === 'string' && serviceText(wanted) === serviceText(current);
  if (field === 'fine_tuning' && isRecord(wanted)) return coversKeys(wanted, current);
  return sameValue(wanted, current);
}

/**
 * Differences between the managed fields of a manifest and the remote item, in
 * a fixed field order, compared in the service's terms. The persona is
 * compared by what the service reports, and only where the manifest asks for
 * a new one (`personaAsked`): a service that takes no persona_id reports its
 * own, or none, and would otherwise be sent it, and re-render, on every run.
 */
export function fieldChanges(
  desired: DesiredFields,
  remote: ContentDetail,
  personaAsked = true,
): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const field of FIELD_ORDER) {
    const wanted = desired[field];
    if (wanted === undefined) continue;
    const current = remoteValue(remote, field);
    if (field === 'persona_id' && (current === null || !personaAsked)) continue;
    if (!sameInServiceTerms(field, wanted, current)) changes.push({ field, from: current, to: wanted });
  }
  return changes;
}

/** A persona the manifest names that the service shows otherwise; null when they agree or nothing is shown. */
export function personaDifference(desired: DesiredFields, remote: ContentDetail): FieldChange | null {
  const wanted = desired.persona_id;
  const current = remoteValue(remote, 'persona_id');
  if (wanted === undefined || current === null || sameValue(wanted, current)) return null;
  return { field: 'persona_id', from: current, to: wanted };
}

/** The keys of the service's object that the manifest's does not set, as `prefix.key` paths, with their values. */
function keysBeyond(wanted: unknown, current: unknown, prefix: string): KeptValue[] {
  if (!isRecord(current)) return [];
  const mine = isRecord(wanted) ? wanted : {};
  return Object.entries(current).flatMap(([key, value]): KeptValue[] => {
    if (value === null || value === undefined) return [];
    if (!Object.hasOwn(mine, key)) return [{ field: `${prefix}.${key}`, value }];
    return isRecord(mine[key]) ? keysBeyond(mine[key], value, `${prefix}.${key}`) : [];
  });
}

/** Fields whose service value is not the manifest's business to show: the script the service wrote (A15). */
const NOT_KEPT: ReadonlySet<ManagedField> = new Set(['title', 'textover']);

/**
 * What the service holds that the manifest does not set: fields, and keys
 * inside fine_tuning, with a value. Main leaves them as they are (an edit
 * made in the service is not the repository's to undo), so a plan that
 * renders or publishes the item shows them: a value a pull request's draft
 * left, or anyone's, goes out with the video only where a plan showed it.
 * The script (textover) is not listed: every plan shows the script a render
 * starts from.
 */
export function keptFromService(desired: DesiredFields, remote: ContentDetail): KeptValue[] {
  const kept: KeptValue[] = [];
  for (const field of FIELD_ORDER) {
    if (NOT_KEPT.has(field)) continue;
    if (field === 'fine_tuning') {
      kept.push(...keysBeyond(desired.fine_tuning, remote.fine_tuning, 'fine_tuning'));
      continue;
    }
    if (desired[field] !== undefined) continue;
    const value =
      field === 'persona_id' ? (remote.persona?.name ?? remote.persona?.id ?? null) : remote[field];
    if (value !== null && value !== undefined && value !== '')
      kept.push({ field: field === 'persona_id' ? 'persona' : field, value });
  }
  return kept;
}

/** The body of a create: every field, absent ones as null (A13). */
export function createFields(desired: DesiredFields): ContentFields {
  return {
    title: desired.title,
    description: desired.description ?? null,
    full_text: desired.full_text ?? null,
    textover: desired.textover ?? null,
    hashtags: desired.hashtags ?? null,
    fine_tuning: desired.fine_tuning ?? null,
    persona_id: desired.persona_id ?? null,
  };
}

/**
 * The body of a PUT: every field, so that a service whose PUT is partial and
 * one whose PUT replaces the item end with the same item (A13). The changes
 * carry the manifest's values and every other field the item's own (a script
 * change of a published video is drift, not an edit), except a script the
 * service wrote: left out when the source text changes, so that it writes a
 * new one (A15).
 */
export function putBody(
  changes: readonly FieldChange[],
  desired: DesiredFields,
  remote: ContentDetail,
): ContentEdit {
  const body: Record<string, unknown> = {};
  const sourceChanges = changes.some((change) => change.field === 'full_text');
  for (const field of FIELD_ORDER) {
    if (field === 'textover' && sourceChanges && desired.textover === undefined) continue;
    body[field] = remoteValue(remote, field);
  }
  for (const change of changes) body[change.field] = change.to;
  return body;
}

const SETTING_KEYS = [
  'video_id',
  'orientation',
  'prefer_real_world',
  'image_overlay_enabled',
  'image_overlay_position',
  'zoom_effect_enabled',
  'subtitle_settings',
] as const satisfies readonly (keyof RenderOptions & keyof VideoSettings)[];

/**
 * Render options that differ from the settings of the last render (A19).
 * A setting the manifest leaves out, or the service does not report, is not compared.
 */
export function settingsChanges(desired: RenderOptions, remote: VideoSettings | null): Drift[] {
  if (remote === null) return [];
  const drift: Drift[] = [];
  for (const key of SETTING_KEYS) {
    const wanted = desired[key];
    const current = remote[key];
    if (wanted === undefined || current === null || current === undefined) continue;
    // Subtitle settings the service filled in with its defaults are not a change of the manifest's.
    if (key === 'subtitle_settings' && isRecord(wanted) && coversKeys(wanted, current)) continue;
    if (!sameValue(wanted, current))
      drift.push({ field: 'video_settings', remote: { [key]: current }, desired: { [key]: wanted } });
  }
  return drift;
}
