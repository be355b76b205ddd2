// Text cut to fit a table cell or a one-line description, counted in code
// points so that no character is split.

/** `text` on one line, at most `max` characters: the last one an ellipsis when it was cut. */
export function shortened(text: string, max: number): string {
  const chars = [...text.replace(/\s+/g, ' ').trim()];
  return chars.length <= max ? chars.join('') : `${chars.slice(0, max - 1).join('')}…`;
}
