// What a GitHub runner would do with a step's stdout, following its rules
// (actions/runner, ActionCommandManager and ActionCommand):
//
// - Output is read line by line; a line ends at LF, CR or CRLF.
// - Each line is trimmed with .NET's String.Trim (every Unicode white space,
//   U+0085 NEL and U+00A0 included).
// - `::name[ k=v,…]::message` at the start of the trimmed line is a command.
// - The legacy form `##[name k=v;…]message` is found anywhere in the line.
// - After `::stop-commands::TOKEN`, nothing is a command until `::TOKEN::`.
//
// Tests use it to list every command a run's output would trigger.

export interface RunnerCommand {
  name: string;
  /** The line it came from, as read. */
  line: string;
  /** Which form: `::` (current) or `##[` (legacy). */
  form: '::' | '##[';
  properties: string;
  data: string;
}

/** Characters .NET's Char.IsWhiteSpace accepts: what String.Trim removes. */
const DOTNET_WHITESPACE =
  /^[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+|[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+$/g;

function runnerLines(output: string): string[] {
  return output.split(/\r\n|\r|\n/);
}

export function parseRunnerCommands(output: string): RunnerCommand[] {
  const found: RunnerCommand[] = [];
  let stopToken: string | null = null;
  for (const line of runnerLines(output)) {
    const input = line.replace(DOTNET_WHITESPACE, '');
    if (stopToken !== null) {
      if (input === `::${stopToken}::`) stopToken = null;
      continue;
    }
    const current = parseV2(input);
    if (current) {
      found.push({ ...current, line, form: '::' });
      if (current.name === 'stop-commands' && current.data !== '') stopToken = current.data;
      continue;
    }
    const legacy = parseLegacy(input);
    if (legacy) found.push({ ...legacy, line, form: '##[' });
  }
  return found;
}

function parseV2(input: string): Omit<RunnerCommand, 'line' | 'form'> | null {
  if (!input.startsWith('::')) return null;
  const end = input.indexOf('::', 2);
  if (end < 0) return null;
  const head = input.slice(2, end);
  const space = head.indexOf(' ');
  const name = space < 0 ? head : head.slice(0, space);
  if (name === '') return null;
  return { name, properties: space < 0 ? '' : head.slice(space + 1), data: input.slice(end + 2) };
}

function parseLegacy(input: string): Omit<RunnerCommand, 'line' | 'form'> | null {
  const start = input.indexOf('##[');
  if (start < 0) return null;
  const end = input.indexOf(']', start);
  if (end < 0) return null;
  const head = input.slice(start + 3, end);
  const space = head.indexOf(' ');
  const name = space < 0 ? head : head.slice(0, space);
  if (name === '') return null;
  return { name, properties: space < 0 ? '' : head.slice(space + 1), data: input.slice(end + 1) };
}

/**
 * Commands a step may legitimately write: annotations, groups, debug lines,
 * and `add-mask` of a value the test knows to be a secret.
 */
const HARMLESS = new Set(['error', 'warning', 'notice', 'debug', 'group', 'endgroup']);

/**
 * The commands among `output` that text must never produce: every one that is
 * not harmless, and any command the runner only finds after trimming (this
 * project writes its own at the first column).
 */
export function dangerousCommands(output: string, allowedMasks: readonly string[] = []): RunnerCommand[] {
  return parseRunnerCommands(output).filter(
    (command) =>
      !command.line.startsWith('::') ||
      (!(command.form === '::' && HARMLESS.has(command.name)) &&
        !(command.form === '::' && command.name === 'add-mask' && allowedMasks.includes(command.data))),
  );
}
