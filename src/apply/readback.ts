import type { ContentDetail, ContentEdit, RenderOptions } from '../service-client/types.ts';
import { coversKeys, sameValue } from '../plan/diff.ts';
import { serviceText } from '../text/service-terms.ts';
import { isRecord } from '../record.ts';

// After a write the engine compares what it sent with what the service holds.
// Where the service stored a value in its own normal form, the report says so
// once; from then on the plan compares in those terms (plan/diff.ts), so the
// difference never sends another write or spends another credit.

/** A value the service stored in its own terms, named as the manifest names it. */
export interface ServiceTermsNote {
  field: string;
  how: 'normalised_text' | 'filled_defaults' | 'ignored';
}

const TEXT_FIELDS = ['full_text', 'textover'] as const;

/** What a create or an edit sent that the service holds differently. */
export function readBackFields(sent: ContentEdit, detail: ContentDetail): ServiceTermsNote[] {
  const notes: ServiceTermsNote[] = [];
  for (const field of TEXT_FIELDS) {
    const value = sent[field];
    const held = detail[field];
    if (typeof value === 'string' && typeof held === 'string' && value !== held)
      if (serviceText(value) === serviceText(held)) notes.push({ field, how: 'normalised_text' });
  }
  const tuning = sent.fine_tuning;
  if (isRecord(tuning) && !sameValue(tuning, detail.fine_tuning) && coversKeys(tuning, detail.fine_tuning))
    notes.push({ field: 'fine_tuning', how: 'filled_defaults' });
  const persona = sent.persona_id;
  if (typeof persona === 'string' && (detail.persona?.id ?? null) !== persona)
    notes.push({ field: 'persona', how: 'ignored' });
  return notes;
}

/** Render settings the service holds differently from what the generation request sent. */
export function readBackRender(sent: RenderOptions, detail: ContentDetail): ServiceTermsNote[] {
  const wanted = sent.subtitle_settings;
  const held = detail.video_settings?.subtitle_settings ?? null;
  if (isRecord(wanted) && !sameValue(wanted, held) && coversKeys(wanted, held))
    return [{ field: 'video.subtitles', how: 'filled_defaults' }];
  return [];
}
