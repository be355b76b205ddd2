import { stripControls } from '../text/safe-line.ts';
import { scrubSecrets } from '../secrets.ts';

// Text from manifests (titles, scripts, file names) and from the service
// (last_error) is written into Markdown that GitHub renders. None of it may
// mention people or teams, link issues, become a link (a bare URL, a `www.`
// host, `GH-2`, an issue URL), inject HTML or Markdown (images, links), close
// the <details> block it sits in, break out of its code fence, or reorder
// what is shown with bidi controls. Each function here makes text safe for
// one context; the only links in a report are the ones link() builds.

// A zero-width space stops GitHub from turning text into a mention, a
// cross-reference or an autolink: after `@`, after `#` before digits, inside
// `GH-N`, between a scheme and `//`, after `www`. It is invisible.
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

/** Marks mentions, references and autolinks with U+200B before escaping; escaped afterwards into the visible-nowhere entity. */
function breakReferences(text: string): string {
  return text
    .replace(/@(?=[A-Za-z0-9_-])/g, '@\u200b')
    .replace(/#(?=\d)/g, '#\u200b')
    .replace(/\b(GH)-(?=\d)/gi, '$1\u200b-')
    .replace(/\b([a-z][a-z0-9+.-]*):(?=\/\/)/gi, '$1:\u200b')
    .replace(/\b(www)\./gi, '$1\u200b.')
    .replace(/\b(mailto|xmpp):/gi, '$1\u200b:');
}

/** Scrubbed of secrets, and of control characters, escape sequences and bidi controls. */
function clean(text: string): string {
  return stripControls(scrubSecrets(text));
}

function neutralizeReferences(html: string): string {
  return html.replace(/\u200b/g, ZWSP);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/**
 * Plain text on one line of Markdown (a sentence, a table cell): no markup,
 * no mentions, no line breaks, no `|` to split the cell.
 */
export function inlineText(text: string, maxLength = Infinity): string {
  let flat = clean(text).replace(/\s+/g, ' ').trim();
  if (flat.length > maxLength) flat = `${flat.slice(0, Math.max(1, maxLength - 1))}…`;
  const html = escapeHtml(breakReferences(flat)).replace(MARKDOWN_PUNCTUATION, (char) => `\\${char}`);
  return neutralizeReferences(html);
}

/** Text inside an HTML element such as <summary>, where Markdown is not parsed. */
export function htmlText(text: string, maxLength = Infinity): string {
  let flat = clean(text).replace(/\s+/g, ' ').trim();
  if (flat.length > maxLength) flat = `${flat.slice(0, Math.max(1, maxLength - 1))}…`;
  return neutralizeReferences(escapeHtml(breakReferences(flat)));
}

/** Text as inline code: a code span whose backtick run is longer than any inside. */
export function inlineCode(text: string): string {
  const flat = clean(text).replace(/\s+/g, ' ');
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
  const body = clean(text).replace(/\n$/, '');
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

// ---------------------------------------------------------------- tables

/**
 * Markdown this module built: escaped text, a link it made, a code span.
 * Nothing outside this module can make one from raw text, so a table cell
 * is either this or a string, which markdownTable escapes: a value from the
 * service or a manifest reaches a table only escaped, whoever forgets.
 */
class Markup {
  readonly markdown: string;
  constructor(markdown: string) {
    this.markdown = markdown;
  }
}

export type { Markup };

/** A table cell: raw text (escaped on the way in) or Markdown built here. */
export type Cell = string | Markup;

/** Raw text as a cell, shortened to maxLength characters. */
export function textCell(text: string, maxLength = Infinity): Markup {
  return new Markup(inlineText(text, maxLength));
}

/** A link as a cell (see link). */
export function linkCell(text: string, url: string | null): Markup {
  return new Markup(link(text, url));
}

/** Inline code in a cell: GitHub splits cells on `|` even within code spans unless escaped. */
export function codeCell(text: string): Markup {
  return new Markup(inlineCode(text).replaceAll('|', '\\|'));
}

/** Cells side by side in one cell, with one of the separators the report uses. */
export function joinCells(parts: readonly Cell[], separator: ', ' | '; ' | ' ' | ''): Markup {
  return new Markup(parts.map(cellMarkdown).join(separator));
}

function cellMarkdown(cell: Cell): string {
  return cell instanceof Markup ? cell.markdown : inlineText(cell);
}

/** A Markdown table: the headers are the report's own words; every cell is escaped unless built here. */
export function markdownTable(headers: readonly string[], rows: ReadonlyArray<readonly Cell[]>): string {
  const head = headers.map((header) => (header === '' ? ' |' : ` ${inlineText(header)} |`)).join('');
  return [`|${head}`, `|${headers.map(() => '---').join('|')}|`, ...rows.map(tableRow)].join('\n');
}

/** One row of a table, as markdownTable writes it (a report measures its rows with it). */
export function tableRow(row: readonly Cell[]): string {
  return `| ${row.map(cellMarkdown).join(' | ')} |`;
}
