// The `run:` steps of .github/workflows/release.yml, run as the runner would
// in a clone checked out at the pushed tag, with a local bare repository as
// `origin` and a stand-in `gh` that records what it was asked to publish.
import { chmodSync, cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { git, newRepository } from '../support/git-repository.ts';
import { ROOT } from '../support/runner.ts';
import { tempDirSync } from '../support/temp-dir.ts';
import { jobSteps, runScript, stepEnv, stepNamed, type ScriptRun } from '../support/workflow.ts';

const check = jobSteps('release.yml', 'check');
const publish = jobSteps('release.yml', 'release');

function changelog(versions: Array<[string, string]>): string {
  const sections = versions.map(
    ([version, note]) => `## [${version}] - 2026-01-05\n\n### Added\n\n- ${note}\n`,
  );
  return `# Changelog\n\n## [Unreleased]\n\n${sections.join('\n')}`;
}

function commitVersion(cwd: string, version: string, notes: Array<[string, string]>): void {
  writeFileSync(join(cwd, 'package.json'), `${JSON.stringify({ name: 'fixture', version }, null, 2)}\n`);
  writeFileSync(join(cwd, 'CHANGELOG.md'), changelog(notes));
  git(cwd, 'add', '--all');
  git(cwd, 'commit', '--quiet', '-m', `Release ${version}`);
  git(cwd, 'tag', '--annotate', `v${version}`, '--message', `content-as-code ${version}`);
}

/**
 * origin holds v1.0.0 and v1.1.0 (v1 on v1.0.0, as before the workflow ran),
 * and v1.0.1, a fix made on the 1.0 line after 1.1.0.
 */
function repositories(): { origin: string; clone: string } {
  const origin = tempDirSync('cac-origin-');
  git(origin, 'init', '--quiet', '--bare');
  const clone = newRepository('cac-tagged-');
  mkdirSync(join(clone, 'scripts'));
  cpSync(join(ROOT, 'scripts', 'changelog.ts'), join(clone, 'scripts', 'changelog.ts'));
  commitVersion(clone, '1.0.0', [['1.0.0', 'The action.']]);
  git(clone, 'tag', 'v1', 'v1.0.0^{commit}');
  commitVersion(clone, '1.1.0', [
    ['1.1.0', 'Shards.'],
    ['1.0.0', 'The action.'],
  ]);
  git(clone, 'checkout', '--quiet', '-b', 'fixes', 'v1.0.0');
  commitVersion(clone, '1.0.1', [
    ['1.0.1', 'A fix.'],
    ['1.0.0', 'The action.'],
  ]);
  git(clone, 'remote', 'add', 'origin', origin);
  git(clone, 'push', '--quiet', 'origin', 'main', 'fixes', '--tags');
  return { origin, clone };
}

/** A `gh` that writes its arguments and the token it was given, one a line. */
function fakeGh(): { bin: string; log: string } {
  const bin = tempDirSync('cac-gh-');
  const log = join(bin, 'gh.log');
  writeFileSync(join(bin, 'gh'), `#!/bin/sh\nprintf '%s\\n' "$@" "token=$GH_TOKEN" >"${log}"\n`);
  chmodSync(join(bin, 'gh'), 0o755);
  return { bin, log };
}

async function runSteps(clone: string, tag: string, steps: string[], extraPath = ''): Promise<ScriptRun[]> {
  git(clone, 'checkout', '--quiet', tag);
  const temp = tempDirSync('cac-runner-temp-');
  const results: ScriptRun[] = [];
  for (const name of steps) {
    const step = stepNamed([...check, ...publish], name);
    const result = await runScript(step.run!, clone, {
      PATH: `${extraPath}${process.env.PATH ?? ''}`,
      HOME: temp,
      RUNNER_TEMP: temp,
      GITHUB_REF_NAME: tag,
      ...stepEnv(step, { token: 'ghs_workflowtoken' }),
    });
    results.push(result);
    if (result.code !== 0) break;
  }
  return results;
}

const PUBLISH_STEPS = ['Release notes', 'Create the GitHub release', 'Move the major tag'];

describe('release.yml', () => {
  it('checks the tag, publishes its changelog section as the notes and moves vX on origin', async () => {
    const { origin, clone } = repositories();
    const gh = fakeGh();
    const checks = await runSteps(clone, 'v1.1.0', [
      'The tag matches package.json',
      'The changelog has notes for the tag',
    ]);
    expect(checks.map((result) => result.code)).toEqual([0, 0]);

    const results = await runSteps(clone, 'v1.1.0', PUBLISH_STEPS, `${gh.bin}:`);
    expect(
      results.map((result) => result.code),
      results.map((result) => result.output).join('\n'),
    ).toEqual([0, 0, 0]);
    const args = readFileSync(gh.log, 'utf8').trim().split('\n');
    const notesFile = args[args.indexOf('--notes-file') + 1]!;
    expect(args).toEqual([
      'release',
      'create',
      'v1.1.0',
      '--verify-tag',
      '--title',
      'v1.1.0',
      '--notes-file',
      notesFile,
      'token=ghs_workflowtoken',
    ]);
    expect(readFileSync(notesFile, 'utf8')).toBe('### Added\n\n- Shards.\n');
    expect(git(origin, 'rev-parse', 'v1^{commit}')).toBe(git(origin, 'rev-parse', 'v1.1.0^{commit}'));
    expect(results[2]!.output).toContain('v1 now points at v1.1.0.');
  });

  it('leaves vX on a newer release when a fix of an older line is released', async () => {
    const { origin, clone } = repositories();
    const gh = fakeGh();
    await runSteps(clone, 'v1.1.0', PUBLISH_STEPS, `${gh.bin}:`);
    const results = await runSteps(clone, 'v1.0.1', PUBLISH_STEPS, `${gh.bin}:`);
    expect(results.map((result) => result.code)).toEqual([0, 0, 0]);
    expect(readFileSync(gh.log, 'utf8')).toContain('v1.0.1\n');
    expect(results[2]!.output).toContain('v1.1.0 is newer than v1.0.1: v1 stays on it.');
    expect(git(origin, 'rev-parse', 'v1^{commit}')).toBe(git(origin, 'rev-parse', 'v1.1.0^{commit}'));
  });

  it('fails before installing anything when package.json does not say the tag', async () => {
    const { clone } = repositories();
    git(clone, 'tag', 'v1.2.0', 'v1.1.0^{commit}');
    const [result] = await runSteps(clone, 'v1.2.0', ['The tag matches package.json']);
    expect(result!.code).toBe(1);
    expect(result!.output).toContain('::error::Tag v1.2.0, but package.json says 1.1.0.');
  });

  it('fails before installing anything when the changelog has no notes for the tag', async () => {
    const { clone } = repositories();
    writeFileSync(join(clone, 'CHANGELOG.md'), changelog([['1.0.0', 'The action.']]));
    git(clone, 'commit', '--quiet', '--all', '-m', 'Notes lost');
    git(clone, 'tag', 'v1.1.1');
    const [result] = await runSteps(clone, 'v1.1.1', ['The changelog has notes for the tag']);
    expect(result!.code).toBe(1);
    expect(result!.output).toContain('CHANGELOG.md has no notes under "## [1.1.1]"');
  });
});
