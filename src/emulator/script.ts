// The script the emulated service writes from full_text when none is given.
// The interface does not show the real writer; this one is the emulator's
// own, kept apart from any reading the client makes of it.

/** Sentences voiced at most: a short video's script. */
const MAX_SENTENCES = 8;

/** Whitespace made single spaces, cut into sentences, the first eight one line each. */
export function writeScript(fullText: string): string {
  const flat = fullText.replace(/\s+/g, ' ').trim();
  if (flat === '') return '';
  return flat
    .split(/(?<=[.!?])\s+/)
    .slice(0, MAX_SENTENCES)
    .join('\n');
}
