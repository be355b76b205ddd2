import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/runner.ts';

// Every byte the project writes goes through one scrubber (scrubSecrets in
// src/secrets.ts): files through writeScrubbedFile, the CLI's streams through
// scrubbing(), the runner's workflow commands through WorkflowCommands. This
// reads the sources for any other way out, so a new writer cannot forget it.

const SRC = join(ROOT, 'src');

/** Where the bytes leave, and why each may call the raw writer. */
const ALLOWED: Record<string, string> = {
  'secrets.ts': 'writeScrubbedFile: the one file writer, scrubbing first',
  'action/commands.ts': 'WorkflowCommands: every @actions/core call, each scrubbed first',
  'runtime.ts': 'a constant line about the Node version, written before anything else runs',
};

const WRITERS =
  /\b(?:writeFileSync|writeFile|appendFileSync|appendFile|createWriteStream|writeSync)\s*\(|process\.(?:stdout|stderr)\.write\s*\(|\bcore\.(?:info|debug|notice|warning|error|setOutput|setFailed|startGroup|summary|exportVariable|saveState)\b/;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? entry.name === 'emulator'
        ? [] // a program of its own: it prints its own key, by design, for the user to export
        : sources(join(dir, entry.name))
      : entry.name.endsWith('.ts')
        ? [join(dir, entry.name)]
        : [],
  );
}

describe('one scrubber for every byte written', () => {
  it('no module but the scrubbing writers writes a file, a stream or a workflow command', () => {
    const offenders = sources(SRC)
      .map((file) => relative(SRC, file).split('\\').join('/'))
      .filter((file) => !(file in ALLOWED))
      .filter((file) =>
        readFileSync(join(SRC, file), 'utf8')
          .split('\n')
          .some((line) => !/^\s*(?:\/\/|\*)/.test(line) && WRITERS.test(line)),
      );
    expect(offenders).toEqual([]);
  });
});
