// Service behaviours the interface allows but does not promise, each off by
// default: the service may store values in its own normal form, take no
// persona_id, keep a stale progress snapshot, stop a run between phases, or
// queue a generation before it starts. The engine must converge against all
// of them; tests and `content-as-code emulator` turn them on.
import type { BehaviourOptions, ItemRecord } from './types.ts';

/** The defaults a filling service adds to fine_tuning. */
const FINE_TUNING_DEFAULTS: Readonly<Record<string, unknown>> = Object.freeze({
  temperature: 0.7,
  style: 'neutral',
});

/** The defaults a filling service adds to subtitle_settings. */
const SUBTITLE_DEFAULTS: Readonly<Record<string, unknown>> = Object.freeze({
  font: 'Inter',
  size: 48,
  position: 'bottom',
});

/** `\r\n` and `\r` become `\n`; blanks at line ends and trailing blank lines go. */
function normaliseStoredText(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  return lines
    .map((line) => line.trimEnd())
    .join('\n')
    .trimEnd();
}

/** The persona a service that ignores persona_id gives every item it creates. */
export const HOUSE_PERSONA = Object.freeze({
  id: '7d3a9e10-5c4b-4f2e-8a61-0e5f4b3c2a19',
  name: 'House narrator',
});

/** The fields a create or an edit sets (A13): undefined = absent, null clears. */
export type WritableFields = Partial<
  Pick<
    ItemRecord,
    'title' | 'description' | 'full_text' | 'textover' | 'hashtags' | 'fine_tuning' | 'persona_id'
  >
>;

const TEXT_FIELDS = ['title', 'description', 'full_text', 'textover', 'hashtags'] as const;

/** The fields of a create or edit as a service with these behaviours stores them. */
export function storedFields<T extends WritableFields>(fields: T, behaviours: BehaviourOptions): T {
  const out: T = { ...fields };
  if (behaviours.normaliseText) {
    const texts = out as Record<(typeof TEXT_FIELDS)[number], unknown>;
    for (const field of TEXT_FIELDS) {
      const value = texts[field];
      if (typeof value === 'string') texts[field] = normaliseStoredText(value);
    }
  }
  if (typeof out.title === 'string' && behaviours.titleForm !== undefined) {
    out.title =
      behaviours.titleForm === 'nfc' ? out.title.normalize('NFC') : out.title.replace(/\s+/g, ' ').trim();
  }
  if (behaviours.fillDefaults && out.fine_tuning !== undefined && out.fine_tuning !== null) {
    out.fine_tuning = { ...FINE_TUNING_DEFAULTS, ...out.fine_tuning };
  }
  if (behaviours.ignorePersonaId) delete out.persona_id;
  return out;
}

/** subtitle_settings as a filling service stores them in video_settings. */
export function storedSubtitles(
  given: Record<string, unknown> | null,
  behaviours: BehaviourOptions,
): Record<string, unknown> | null {
  if (!behaviours.fillDefaults) return given;
  return { ...SUBTITLE_DEFAULTS, ...given };
}

/** Whether this generation stops after the voiceover (the first one of each item, when parking). */
export function parksAfterAudio(item: ItemRecord, behaviours: BehaviourOptions): boolean {
  return behaviours.parkInAudioProcessed === true && item.generationDispatches === 0;
}
