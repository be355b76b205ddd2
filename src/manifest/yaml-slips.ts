// Two slips behind most YAML errors in manifests, said in the writer's terms
// instead of the parser's. The parser reports where its grammar broke
// ("Implicit keys need to be on a single line"), which for these slips is a
// symptom some columns or lines away from the cause:
// - a tab, anywhere on the line: YAML indents with spaces only, and a tab
//   inside a `|` block ends the block as surely as one in front of a key;
// - a line of a `full_text: |` block that lost its indentation: YAML reads it
//   as the start of a new key, or refuses it as less indented than the block.

export interface Slip {
  /** Offset in the text the problem points at (the tab, or the start of the line). */
  offset: number;
  message: string;
}

interface Line {
  start: number;
  text: string;
  indent: number;
}

function linesOf(text: string): Line[] {
  const lines: Line[] = [];
  let start = 0;
  for (const text_ of text.split('\n')) {
    const content = text_.endsWith('\r') ? text_.slice(0, -1) : text_;
    lines.push({ start, text: content, indent: /^ */.exec(content)![0].length });
    start += text_.length + 1;
  }
  return lines;
}

const BLOCK_HEADER = /^( *)(?:- +)?([^\s#'"][^#]*?|"[^"]*"|'[^']*'):[ \t]+[|>][1-9+-]{0,2}[ \t]*(?:#.*)?$/;

const blank = (line: Line): boolean => line.text.trim() === '';

/** The slip behind a YAML error at `offset`, or null to keep the parser's words. */
export function explainYamlSlip(text: string, offset: number): Slip | null {
  const lines = linesOf(text);
  let index = lines.findIndex(
    (line, i) => offset >= line.start && (i === lines.length - 1 || offset < lines[i + 1]!.start),
  );
  if (index === -1) index = lines.length - 1;
  // The parser sometimes reports a slip on the line after it (a key it could not end).
  for (const candidate of [index, index - 1]) {
    const line = lines[candidate];
    if (line === undefined) continue;
    const tab = line.text.indexOf('\t');
    if (tab !== -1) {
      return {
        offset: line.start + tab,
        message:
          `line ${candidate + 1} has a tab character (column ${tab + 1}); YAML allows only spaces for ` +
          'indentation, and a tab breaks the lines around it too: replace it with spaces',
      };
    }
  }
  const lost = lostIndentation(lines, index);
  return lost;
}

/** A line below a block scalar's header that is indented less than the block's first line. */
function lostIndentation(lines: Line[], index: number): Slip | null {
  const line = lines[index];
  if (line === undefined || blank(line)) return null;
  for (let h = index - 1; h >= 0; h--) {
    const header = lines[h]!;
    if (blank(header)) continue;
    const match = BLOCK_HEADER.exec(header.text);
    if (match === null) {
      // Still inside some block's text? Keep climbing while lines are indented more than this one.
      if (header.indent > line.indent) continue;
      return null;
    }
    const keyIndent = match[1]!.length;
    if (line.indent > keyIndent && h === index - 1) return null;
    const first = lines.slice(h + 1, index).find((candidate) => !blank(candidate));
    if (first === undefined || first.indent <= keyIndent || line.indent >= first.indent) return null;
    const key = match[2]!.trim();
    return {
      offset: line.start,
      message:
        `line ${index + 1} belongs to the ${key}: block of line ${h + 1} but is indented by ${line.indent} ` +
        `space${line.indent === 1 ? '' : 's'}, less than the ${first.indent} of the block's first line; indent it ` +
        `by ${first.indent} spaces (or, if the block ends before it, make it a key: value line)`,
    };
  }
  return null;
}
