// Service behaviours the interface allows but does not promise, each off by
// default: the service may store values in its own normal form, take no
// persona_id, keep a stale progress snapshot, stop a run between phases, or
// queue a generation before it starts. The engine must converge against all
// of them; tests and `content-as-code emulator` turn them on.
import type { BehaviourOptions, ItemRecord } from './types.ts';

/** The defaults a filling service adds to fine_tuning. */
export const FINE_TUNING_DEFAULTS: Readonly<Record<string, unknown>> = Object.freeze({
  temperature: 0.7,
  style: 'neutral',
});

/** The defaults a filling service adds to subtitle_settings. */
export const SUBTITLE_DEFAULTS: Readonly<Record<string, unknown>> = Object.freeze({
  font: 'Inter',
  size: 48,
  position: 'bottom',
});

/** `\r\n` and `\r` become `\n`; blanks at line ends and trailing blank lines go. */
export function normaliseStoredText(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  return lines
    .map((line) => line.trimEnd())
    .join('\n')
    .trimEnd();
}

interface WritableFields {
  full_text?: string | null;
  textover?: string | null;
  fine_tuning?: Record<string, unknown> | null;
  persona_id?: string | null;
}

/** The fields of a create or edit as a service with these behaviours stores them. */
export function storedFields<T extends WritableFields>(fields: T, behaviours: BehaviourOptions): T {
  const out: T = { ...fields };
  if (behaviours.normaliseText) {
    if (typeof out.full_text === 'string') out.full_text = normaliseStoredText(out.full_text);
    if (typeof out.textover === 'string') out.textover = normaliseStoredText(out.textover);
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
