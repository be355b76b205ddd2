import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkDependabot } from '../../scripts/validate-dependabot.ts';
import { tempDirSync } from '../support/temp-dir.ts';

const ROOT = join(import.meta.dirname, '..', '..');

const SOUND = `version: 2
updates:
  - package-ecosystem: npm
    directory: /
    schedule: { interval: weekly }
  - package-ecosystem: github-actions
    directory: /
    schedule: { interval: weekly, day: monday, time: '06:00' }
`;

/** A repository with a package.json and one workflow that uses an action. */
function repository(): string {
  const root = tempDirSync('cac-dependabot-');
  writeFileSync(join(root, 'package.json'), '{}');
  mkdirSync(join(root, '.github', 'workflows'), { recursive: true });
  writeFileSync(
    join(root, '.github', 'workflows', 'ci.yml'),
    'jobs:\n  a:\n    steps:\n      - uses: actions/checkout@v5\n      - uses: ./\n',
  );
  return root;
}

describe('dependabot.yml check', () => {
  it("passes the project's own .github/dependabot.yml", () => {
    expect(checkDependabot(readFileSync(join(ROOT, '.github', 'dependabot.yml'), 'utf8'), ROOT)).toEqual([]);
  });

  it('passes a sound configuration', () => {
    expect(checkDependabot(SOUND, repository())).toEqual([]);
  });

  it.each([
    [
      'an unknown key',
      SOUND.replace('schedule: { interval: weekly }', 'schedul: { interval: weekly }'),
      'Unrecognized key: "schedul"',
    ],
    [
      'an unknown interval',
      SOUND.replace('interval: weekly }', 'interval: hourly }'),
      'updates.0.schedule.interval',
    ],
    ['a time that is not HH:MM', SOUND.replace("'06:00'", "'6am'"), 'a time is HH:MM'],
    ['an unknown ecosystem', SOUND.replace('npm', 'npmjs'), 'updates.0.package-ecosystem'],
    ['version 1', SOUND.replace('version: 2', 'version: 1'), 'version'],
    [
      'a relative directory',
      SOUND.replace(
        'directory: /\n    schedule: { interval: weekly }',
        'directory: src\n    schedule: { interval: weekly }',
      ),
      'starts with "/"',
    ],
    [
      'both directory and directories',
      SOUND.replace(
        'directory: /\n    schedule: { interval: weekly }',
        'directory: /\n    directories: [/]\n    schedule: { interval: weekly }',
      ),
      'exactly one of directory or directories',
    ],
    [
      'a directory that does not exist',
      SOUND.replace(
        'directory: /\n    schedule: { interval: weekly }',
        'directory: /web\n    schedule: { interval: weekly }',
      ),
      '/web does not exist',
    ],
    [
      'no npm entry',
      SOUND.replace(/ {2}- package-ecosystem: npm\n.*\n.*\n/, ''),
      'package.json has no npm entry',
    ],
    [
      'no github-actions entry',
      SOUND.replace(/ {2}- package-ecosystem: github-actions[\s\S]*$/, ''),
      'no github-actions entry',
    ],
    ['text that is not YAML', 'version: [2', 'not YAML'],
  ])('finds %s', (_name, text, expected) => {
    const problems = checkDependabot(text, repository());
    expect(problems.join('\n')).toContain(expected);
  });
});
