import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDir } from '../support/temp-dir.ts';
import { runCli, startEmulatorProcess, workspace, type EmulatorProcess } from './binary.ts';

// One word per state, from the plan's headline to its table and the results,
// through the bundled CLI against the emulator: an item held until its
// publish.at is "held" in all three, a published video whose script the
// manifest changes is "drifted" with what to do about it, and "Published:"
// lists what this run published, not what earlier runs did.

let emulator: EmulatorProcess;
let project: string;
beforeAll(async () => {
  emulator = await startEmulatorProcess(['--phase-ms', '10']);
  project = await workspace({}, true);
});
afterAll(async () => {
  await emulator.stop();
  await removeDir(project);
});

const apply = () => runCli(['apply'], { cwd: project, env: emulator.env });

/** The row of a table that starts with `file`, its cells split on runs of spaces. */
function row(text: string, file: string): string[] {
  const line = text.split('\n').find((candidate) => candidate.startsWith(file));
  if (line === undefined) throw new Error(`no row for ${file} in:\n${text}`);
  return line.split(/ {2,}/);
}

describe('the words a run uses for each state', () => {
  it('lists under "Published:" only what this run published', async () => {
    const first = await apply();
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('\nPublished:\n');
    expect(first.stdout).toMatch(/^ {2}Why octopuses have three hearts {2}\w+ {2}https?:\/\//m);

    const second = await apply();
    expect(second.code).toBe(0);
    expect(second.stdout).not.toContain('Published:');
  });

  it('calls an item waiting for its publish.at "held" in the headline, the plan table and the results', async () => {
    const again = await apply();
    expect(again.stdout).toContain(
      'Plan: 5 items, 0 to create, 0 to edit, 0 to render, 0 publications, 4 unchanged, 1 held.',
    );
    expect(again.stdout).toContain(
      'Results: 5 items, 0 created, 0 edited, 0 rendered, 0 publications, 4 unchanged, 1 held.',
    );
    const [plan, results] = again.stdout.split('\nResults: ') as [string, string];
    expect(row(plan, 'content/glowing-reefs.yml')[5]).toBe('held');
    expect(row(results, 'content/glowing-reefs.yml')[2]).toBe('held');
    expect(row(results, 'content/glowing-reefs.yml').at(-1)).toMatch(/^publishes at 2030-06-01 15:00 UTC/);
    expect(again.stdout).not.toMatch(/nothing now|waiting|skipped/);
  });

  it('calls a published video whose script changed "drifted", and says the way out, plan and results alike', async () => {
    const file = join(project, 'content', 'octopus-hearts.yml');
    await writeFile(file, `${await readFile(file, 'utf8')}textover: A new script for a published video.\n`);
    const run = await apply();
    expect(run.code).toBe(0);
    const wayOut =
      'drift: textover differs from the published video (not re-rendered); ' +
      'set textover back to the published one, or publish the change as a new video (a new title, no id)';
    const [plan, results] = run.stdout.split('\nResults: ') as [string, string];
    expect(plan).toContain('0 publications, 3 unchanged, 1 drifted, 1 held.');
    expect(row(plan, 'content/octopus-hearts.yml')[5]).toBe('drifted');
    expect(row(plan, 'content/octopus-hearts.yml')[6]).toBe(wayOut);
    expect(row(results, 'content/octopus-hearts.yml')[2]).toBe('drifted');
    expect(row(results, 'content/octopus-hearts.yml').at(-1)).toBe(wayOut);
  });
});
