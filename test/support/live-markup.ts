// What GitHub would turn into a link, a mention, a cross-reference or HTML in
// a comment or a job summary, outside code spans and fences: used to check
// that text from manifests and the service stays plain text.

export interface LiveMarkup {
  kind: 'autolink' | 'www' | 'mention' | 'reference' | 'gh-reference' | 'html' | 'link' | 'bidi';
  text: string;
}

/** The HTML the report writes itself. */
const OWN_TAGS = new Set(['details', 'summary', 'sub', 'br', 'b', 'code']);

/** Removes fenced blocks and code spans, where GitHub renders nothing. */
function withoutCode(markdown: string): string {
  const lines = markdown.split('\n');
  const kept: string[] = [];
  let fence: string | null = null;
  for (const line of lines) {
    const open = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence === null && open !== undefined) {
      fence = open;
      continue;
    }
    if (fence !== null) {
      if (line.trim().startsWith(fence[0]!.repeat(fence.length)) && line.trim().replace(/[`~]/g, '') === '') {
        fence = null;
      }
      continue;
    }
    kept.push(line.replace(/(`+)(?:(?!\1)[\s\S])*?\1/g, ''));
  }
  return kept.join('\n');
}

/**
 * Every live markup that is not a Markdown link to one of `ownTargets`
 * (prefixes of URLs the report builds: file links, the run's link).
 */
export function liveMarkup(markdown: string, ownTargets: readonly string[]): LiveMarkup[] {
  const found: LiveMarkup[] = [];
  for (const match of markdown.matchAll(/[\u202a-\u202e\u2066-\u2069\u200e\u200f]/g)) {
    found.push({ kind: 'bidi', text: match[0] });
  }
  let text = withoutCode(markdown);
  // Markdown links: allowed only to the report's own targets; then left out of the scan.
  // A `]` after an odd number of backslashes is a literal bracket, which starts no link.
  text = text.replace(/(?<!(?:^|[^\\])(?:\\\\)*\\)\]\(([^)\s]*)\)/g, (all, url: string) => {
    if (!ownTargets.some((prefix) => url.startsWith(prefix))) found.push({ kind: 'link', text: all });
    return ']';
  });
  // A backslash-escaped character is literal; an entity (`&#8203;`) is not a letter.
  const scan = text.replace(/\\./g, ' ');
  const patterns: Array<[LiveMarkup['kind'], RegExp]> = [
    ['autolink', /\b[a-z][a-z0-9+.-]*:\/\/[^\s<]+/gi],
    ['www', /\bwww\.[^\s<]+/gi],
    ['mention', /(?:^|[^\w`])@[A-Za-z0-9][\w-]*/g],
    ['reference', /(?<!&)#\d+/g],
    ['gh-reference', /\bGH-\d+/gi],
    ['autolink', /\b(?:mailto|xmpp):[^\s<]+/gi],
  ];
  for (const [kind, pattern] of patterns) {
    for (const match of scan.matchAll(pattern)) found.push({ kind, text: match[0] });
  }
  // The sticky comment's own marker is the one HTML comment a report writes.
  for (const match of scan
    .replace(/<!-- content-as-code[^>]*-->/g, '')
    .matchAll(/<\/?([A-Za-z][\w-]*)|<!--/g)) {
    if (match[0] === '<!--' || !OWN_TAGS.has(match[1]!.toLowerCase()))
      found.push({ kind: 'html', text: match[0] });
  }
  return found;
}
