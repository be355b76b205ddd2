import { redact } from './redact.ts';

// Text from manifests (titles, scripts, file names) and from the service
// (last_error) is written into Markdown that GitHub renders. None of it may
// mention people or teams, link issues, inject HTML or Markdown (images,
// links), close the <details> block it sits in, or break out of its code
// fence. Each function here makes text safe for one context.

// A zero-width space after `@` (and `#` before digits) stops GitHub from
// turning the text into a mention or a cross-reference; it is invisible.
const ZWSP = '&#8203;';

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Markdown punctuation that could start emphasis, links, images, code spans, tables or strikethrough. */
const MARKDOWN_PUNCTUATION = /[\\`*_[\]|~!]/g;

/** Marks `@name` and `#123` with U+200B before escaping; escaped afterwards into the visible-nowhere entity. */
function breakReferences(text: string): string {
  return text.replace(/@(?=[A-Za-z0-9_-])/g, '@\u200b').replace(/#(?=\d)/g, '#\u200b');
}

function neutralizeReferences(html: string): string {
  return html.replace(/\u200b/g, ZWSP);
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/**
 * Plain text on one line of Markdown (a sentence, a table cell): no markup,
 * no mentions, no line breaks, no `|` to split the cell.
 */
export function inlineText(text: string, maxLength = Infinity): string {
  let flat = redact(text).replace(/\s+/g, ' ').trim();
  if (flat.length > maxLength) flat = `${flat.slice(0, Math.max(1, maxLength - 1))}…`;
  const html = escapeHtml(breakReferences(flat)).replace(MARKDOWN_PUNCTUATION, (char) => `\\${char}`);
  return neutralizeReferences(html);
}

/** Text inside an HTML element such as <summary>, where Markdown is not parsed. */
export function htmlText(text: string, maxLength = Infinity): string {
  let flat = redact(text).replace(/\s+/g, ' ').trim();
  if (flat.length > maxLength) flat = `${flat.slice(0, Math.max(1, maxLength - 1))}…`;
  return neutralizeReferences(escapeHtml(breakReferences(flat)));
}

/** Text as inline code: a code span whose backtick run is longer than any inside. */
export function inlineCode(text: string): string {
  const flat = redact(text).replace(/\s+/g, ' ');
  const fence = '`'.repeat(longestRun(flat, '`') + 1);
  const pad = flat.startsWith('`') || flat.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${flat}${pad}${fence}`;
}

/**
 * A fenced code block that nothing inside can close: the fence is one
 * backtick longer than the longest run of backticks in the text. Inside a
 * fence GitHub renders neither HTML nor mentions, so the text stays verbatim.
 */
export function codeBlock(text: string, language = ''): string {
  const body = redact(text).replace(/\r\n?/g, '\n').replace(/\n$/, '');
  const fence = '`'.repeat(Math.max(3, longestRun(body, '`') + 1));
  return `${fence}${language}\n${body}\n${fence}`;
}

/** A link whose text is escaped and whose target is only ever a URL we built. */
export function link(text: string, url: string | null): string {
  const label = inlineText(text);
  return url ? `[${label}](${url.replace(/[()\s<>]/g, (c) => encodeURIComponent(c))})` : label;
}

function longestRun(text: string, char: string): number {
  let longest = 0;
  let current = 0;
  for (const c of text) {
    current = c === char ? current + 1 : 0;
    if (current > longest) longest = current;
  }
  return longest;
}
