// A count and its noun, as the reports say them: `1 item`, `2 items`.

/** `count` with `word`, or with `words` when the count is not one. */
export function plural(count: number, word: string, words = `${word}s`): string {
  return `${count} ${count === 1 ? word : words}`;
}
