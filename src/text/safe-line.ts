// Text from manifests (titles, scripts, file names) and from the service
// (error messages, last_error) is printed to a GitHub runner's log and to
// terminals. Both act on what they read:
//
// - The runner reads stdout line by line (a line ends at LF, CR or CRLF) and
//   runs as a workflow command any line that starts with `::` once trimmed
//   (.NET's Trim: every Unicode white space, U+0085 NEL included), and any
//   line that holds the legacy `##[` form anywhere in it.
// - A terminal runs escape sequences: CSI (clear the screen, move the
//   cursor), OSC (set the window title, hyperlinks), and the C1 forms of both.
// - Bidi overrides and isolates reorder what is shown, so a line reads
//   differently from what it holds.
//
// This module makes any text inert for both. It is pure and has no imports:
// every writer to stdout (the action's log, annotations and groups, the CLI's
// terminal lines) calls it.

// A zero-width space between the two characters: the runner does not trim it
// (it is not white space to .NET), and it shows as nothing.
const BREAK = '\u200b';

// Escape sequences as terminals read them (ECMA-48), 7-bit and 8-bit forms.
// Matching control characters is this module's job.
/* eslint-disable no-control-regex */
const OSC_OR_STRING =
  /(?:\u001b[\]PX^_]|[\u0090\u0098\u009d\u009e\u009f])[^\u0007\u001b\u009c\n]*(?:\u0007|\u001b\\|\u009c)?/g;
const CSI = /(?:\u001b\[|\u009b)[\u0030-\u003f]*[\u0020-\u002f]*[\u0040-\u007e]?/g;
const OTHER_ESCAPE = /\u001b[\u0020-\u002f]*[\u0030-\u007e]?/g;

/** C0 controls except tab and line feed, DEL, and C1 controls (NEL among them). */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;

/** Bidi embeddings, overrides, isolates and marks: U+202A–U+202E, U+2066–U+2069, LRM, RLM, ALM. */
const BIDI = /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/g;

/** Everything .NET's String.Trim() removes from the start of a line (Char.IsWhiteSpace). */
const RUNNER_TRIMMED =
  '\\t\\n\\v\\f\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
const LEADING_COMMAND = new RegExp(`^([${RUNNER_TRIMMED}]*):(?=:)`);

/** Matches one style code the CLI itself writes (`ESC [ 1 m`, `ESC [ 39 m`, …): bold, dim, colours, resets. */
const OWN_STYLE = /\u001b\[\d{1,2}m/g;
/* eslint-enable no-control-regex */

/**
 * Removes escape sequences, control characters (tab and line feed stay) and
 * bidi controls. A CR, alone or before LF, and the Unicode line and
 * paragraph separators become LF, because the runner ends a line at a CR too.
 */
export function stripControls(text: string): string {
  return text
    .replace(/\r\n?|[\u2028\u2029]/g, '\n')
    .replace(OSC_OR_STRING, '')
    .replace(CSI, '')
    .replace(OTHER_ESCAPE, '')
    .replace(CONTROL, '')
    .replace(BIDI, '');
}

/** Breaks every `::` and every `##[`, wherever they stand. */
export function breakCommands(text: string): string {
  return text.replace(/:(?=:)/g, `:${BREAK}`).replace(/#(?=#\[)/g, `#${BREAK}`);
}

/**
 * Text to embed in a log line, an annotation, a group title or a terminal
 * line: nothing in it can start a workflow command or drive a terminal,
 * wherever in the line it lands. Line feeds stay (the caller escapes or
 * splits them); every line of the result is safe on its own.
 */
export function safeText(text: string): string {
  return breakCommands(stripControls(text));
}

/**
 * The last step before bytes reach a terminal (or a runner's log, when the
 * CLI runs in a workflow): no line can start a workflow command, no escape
 * sequence but the style codes the CLI writes itself (when `keepStyle`).
 */
export function guardTerminalOutput(text: string, keepStyle: boolean): string {
  const strip = (line: string): string =>
    keepStyle
      ? splitKeeping(line, OWN_STYLE)
          .map((part, index) => (index % 2 === 1 ? part : stripControls(part)))
          .join('')
      : stripControls(line);
  return guardLines(text, strip);
}

/**
 * Applies strip to each line (the runner ends a line at a CR or a Unicode
 * separator too), breaks `##[` anywhere, and breaks a `::` that starts a line
 * once the runner has trimmed it.
 */
function guardLines(text: string, strip: (line: string) => string): string {
  const guard = (line: string): string =>
    strip(line)
      .replace(/#(?=#\[)/g, `#${BREAK}`)
      .replace(LEADING_COMMAND, `$1:${BREAK}`);
  return text
    .replace(/\r\n/g, '\n')
    .split('\n')
    .map((line) =>
      line
        .split(/\r|[\u2028\u2029]/)
        .map(guard)
        .join('\n'),
    )
    .join('\n');
}

/** Splits text around the matches of pattern: plain, match, plain, match, …, plain. */
function splitKeeping(text: string, pattern: RegExp): string[] {
  const parts: string[] = [];
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    parts.push(text.slice(last, match.index), match[0]);
    last = match.index + match[0].length;
  }
  parts.push(text.slice(last));
  return parts;
}
