import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, startEmulatorProcess, workspace, type EmulatorProcess } from './binary.ts';

// Every mistake in one run: a manifest with five different ones gets five
// errors from one `validate`, through the bundled CLI, with the emulator
// answering GET /accounts so that the account names are checked too. Before,
// the rule of two fields showed only once the wrong types were fixed, a
// clash of titles only once the manifest was valid, and an unknown account
// only after that.

let emulator: EmulatorProcess;
beforeAll(async () => {
  emulator = await startEmulatorProcess([]);
});
afterAll(async () => {
  await emulator.stop();
});

const FIVE_MISTAKES = `title: Why octopuses have three hearts
full_text: Octopuses have three hearts.
stage: published
publish:
  accounts:
    - Ocean Facts
    - { platform: youtube, name: Ocean Facts }
    - { platform: TikTok, name: ocean_facts }
  at: next tuesday
  made_for_kids: true
  age_restricted: true
`;

/** The same title as the manifest above: the fifth mistake is across files. */
const SAME_TITLE = `title: Why octopuses have three hearts
full_text: The same title, another file.
`;

describe('validate reports every mistake of every file in one run', () => {
  it('gives a manifest with five different mistakes five errors at once', async () => {
    const cwd = await workspace({ 'content/octopus.yml': FIVE_MISTAKES });
    const run = await runCli(['validate', '--json'], { cwd, env: emulator.env });
    expect(run.code).toBe(1);
    const output = JSON.parse(run.stdout) as {
      problems: Array<{ file: string; line: number; code: string; message: string }>;
      accounts: { checked: boolean };
    };
    expect(output.accounts.checked).toBe(true);
    expect(output.problems.map(({ file, line, code }) => [file, line, code])).toEqual([
      ['content/octopus.yml', 6, 'plain_string_account'],
      ['content/octopus.yml', 7, 'invalid_value'],
      ['content/octopus.yml', 8, 'unknown_account'],
      ['content/octopus.yml', 9, 'invalid_format'],
      ['content/octopus.yml', 11, 'kids_and_age_restricted'],
    ]);
    expect(output.problems[2]?.message).toContain('Did you mean "oceanfacts"?');
  });

  it('gives plan the same five, the unknown account included, though the manifest is not planned', async () => {
    const cwd = await workspace({ 'content/octopus.yml': FIVE_MISTAKES });
    const run = await runCli(['plan', '--json'], { cwd, env: emulator.env });
    expect(run.code).toBe(1);
    const output = JSON.parse(run.stdout) as { problems: Array<{ line: number; code: string }> };
    expect(output.problems.map(({ line, code }) => [line, code])).toEqual([
      [6, 'plain_string_account'],
      [7, 'invalid_value'],
      [9, 'invalid_format'],
      [11, 'kids_and_age_restricted'],
      [8, 'unknown_account'],
    ]);
  });

  it('adds a title another manifest uses, in both files, and prints every line before the count', async () => {
    const cwd = await workspace({ 'content/octopus.yml': FIVE_MISTAKES, 'content/again.yml': SAME_TITLE });
    const run = await runCli(['validate'], { cwd, env: emulator.env, merged: true });
    expect(run.code).toBe(1);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines.filter((line) => line.startsWith('content/octopus.yml:'))).toHaveLength(6);
    expect(lines).toContain(
      'content/again.yml:1:1: error: title "Why octopuses have three hearts" is also used by content/octopus.yml; titles must be unique across manifests',
    );
    expect(lines.at(-1)).toBe('7 errors in 2 of 2 manifests; nothing was sent to the service.');
  });
});
