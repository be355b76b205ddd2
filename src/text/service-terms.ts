// Text as a service may store it. Services normalise what they keep: `\r\n`
// becomes `\n`, whitespace at line ends and around the whole text goes. Two
// texts equal in these terms are the same text to the service, so comparing
// in them never sends an edit the service would undo, and never takes a
// title the service trimmed for another item's.

/** A text in the service's terms: `\n` line ends, no whitespace at line ends or around the text. */
export function serviceText(text: string): string {
  // One line, as a title is: the same text as trimming it, at a fraction of the cost.
  if (!text.includes('\n') && !text.includes('\r')) return text.trim();
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .trim();
}

/** The key a title is matched by, whoever stored it: the manifest, the service, another run. */
export function titleKey(title: string): string {
  return serviceText(title);
}

/** Whether two titles name the same item in the service's terms. */
export function sameTitle(a: string, b: string): boolean {
  return titleKey(a) === titleKey(b);
}
