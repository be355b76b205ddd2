// `npm run release -- X.Y.Z` run as a maintainer runs it, as a child process
// in a small git repository laid out like this one: package.json and its lock,
// src/version.ts, CHANGELOG.md, a committed dist/ built from src/, and the
// project's own scripts/check-dist.sh. Only the test command is swapped for a
// quick one; `npm test` is the default, checked once on its own.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareVersions, latestVersionTag, parseVersion } from '../../scripts/release.ts';
import { git, newRepository } from '../support/git-repository.ts';
import { removeDir, tempDirSync } from '../support/temp-dir.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const RELEASE = join(ROOT, 'scripts', 'release.ts');
const QUICK_TEST = 'node -e "process.exit(0)"';

const CHANGELOG = `# Changelog

All notable changes to this project are documented in this file.

## [Unreleased]

### Added

- Shards.

## [1.0.0] - 2026-01-05

### Added

- The action.
`;

// dist/ (or the folder given, as scripts/check-dist.sh gives one) is "built"
// from src/version.ts, so a version bump changes the bundle as it does here.
const BUILD = `import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
const out = process.argv[2] ?? 'dist';
rmSync(out, { recursive: true, force: true });
mkdirSync(out);
const source = readFileSync('src/version.ts', 'utf8');
writeFileSync(out + '/index.js', '// bundled\\n' + source.replace(/export /g, ''));
`;

function write(cwd: string, path: string, text: string): void {
  mkdirSync(join(cwd, path, '..'), { recursive: true });
  writeFileSync(join(cwd, path), text);
}

/** A repository released once as 1.0.0 (tags v1.0.0 and v1), with notes waiting under Unreleased. */
function makeTemplate(): string {
  const cwd = newRepository('cac-release-');
  write(
    cwd,
    'package.json',
    `${JSON.stringify(
      {
        name: 'fixture',
        version: '1.0.0',
        private: true,
        scripts: {
          bundle: 'node build.mjs',
          test: `node -e "require('fs').writeFileSync('.tested', '')"`,
        },
      },
      null,
      2,
    )}\n`,
  );
  write(
    cwd,
    'package-lock.json',
    `${JSON.stringify(
      {
        name: 'fixture',
        version: '1.0.0',
        lockfileVersion: 3,
        requires: true,
        packages: { '': { name: 'fixture', version: '1.0.0' } },
      },
      null,
      2,
    )}\n`,
  );
  write(
    cwd,
    'src/version.ts',
    readFileSync(join(ROOT, 'src', 'version.ts'), 'utf8').replace(/VERSION = '[^']*'/, "VERSION = '1.0.0'"),
  );
  write(cwd, 'CHANGELOG.md', CHANGELOG);
  write(cwd, 'build.mjs', BUILD);
  write(cwd, '.gitignore', '.tested\n');
  mkdirSync(join(cwd, 'scripts'));
  cpSync(join(ROOT, 'scripts', 'check-dist.sh'), join(cwd, 'scripts', 'check-dist.sh'));
  expect(spawnSync(process.execPath, ['build.mjs'], { cwd }).status).toBe(0);
  git(cwd, 'add', '--all');
  git(cwd, 'commit', '--quiet', '-m', 'Release 1.0.0');
  git(cwd, 'tag', '--annotate', 'v1.0.0', '--message', 'content-as-code 1.0.0');
  git(cwd, 'tag', 'v1', 'v1.0.0^{commit}');
  return cwd;
}

// Made once, outside any test: the tests share it, and the file removes it.
let template: string;
beforeAll(() => {
  template = makeTemplate();
});
afterAll(() => removeDir(template));

/** A fresh copy of the template repository for one test. */
function fixtureRepository(): string {
  const cwd = tempDirSync('cac-release-');
  cpSync(template, cwd, { recursive: true });
  return cwd;
}

function runRelease(
  cwd: string,
  version: string,
  env: Record<string, string> = { RELEASE_TEST_COMMAND: QUICK_TEST },
): { code: number | null; output: string } {
  const result = spawnSync(process.execPath, [RELEASE, version], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, ...env },
  });
  return { code: result.status, output: `${result.stdout}${result.stderr}` };
}

function refs(cwd: string): string {
  return git(cwd, 'show-ref');
}

/** Runs the release and checks that it refused with `message`, leaving refs and tree as they were. */
function expectRefusal(cwd: string, version: string, message: string, env?: Record<string, string>): void {
  const before = refs(cwd);
  const status = git(cwd, 'status', '--porcelain', '--untracked-files=all');
  const { code, output } = runRelease(cwd, version, env);
  expect(output).toContain(message);
  expect(code).toBe(1);
  expect(refs(cwd)).toBe(before);
  expect(git(cwd, 'status', '--porcelain', '--untracked-files=all')).toBe(status);
}

describe('npm run release', () => {
  it('commits the new version, tags vX.Y.Z and moves vX to that commit', () => {
    const cwd = fixtureRepository();
    const before = git(cwd, 'rev-parse', 'HEAD');
    const { code, output } = runRelease(cwd, '1.1.0');
    expect(output).toContain('Released 1.1.0');
    expect(code).toBe(0);

    const head = git(cwd, 'rev-parse', 'HEAD');
    expect(git(cwd, 'rev-parse', 'HEAD~1')).toBe(before);
    expect(git(cwd, 'log', '-1', '--format=%s')).toBe('Release 1.1.0');
    expect(git(cwd, 'rev-parse', 'v1.1.0^{commit}')).toBe(head);
    expect(git(cwd, 'cat-file', '-t', 'v1.1.0')).toBe('tag');
    expect(git(cwd, 'rev-parse', 'v1^{commit}')).toBe(head);
    expect(git(cwd, 'rev-parse', 'v1.0.0^{commit}')).toBe(before);
    expect(git(cwd, 'status', '--porcelain')).toBe('');

    const show = (path: string): string => git(cwd, 'show', `v1.1.0:${path}`);
    expect(JSON.parse(show('package.json'))).toMatchObject({ version: '1.1.0' });
    expect(JSON.parse(show('package-lock.json'))).toMatchObject({
      version: '1.1.0',
      packages: { '': { version: '1.1.0' } },
    });
    expect(show('src/version.ts')).toContain("export const VERSION = '1.1.0';");
    expect(show('dist/index.js')).toContain("const VERSION = '1.1.0';");
    const changelog = show('CHANGELOG.md');
    expect(changelog).toMatch(
      /## \[Unreleased\]\n\n## \[1\.1\.0\] - \d{4}-\d{2}-\d{2}\n\n### Added\n\n- Shards\.\n\n## \[1\.0\.0\] - 2026-01-05\n/,
    );
    expect(git(cwd, 'diff', '--stat', 'HEAD~1', 'HEAD', '--', '.')).not.toContain('build.mjs');
  });

  it('runs npm test by default', () => {
    const cwd = fixtureRepository();
    const { code } = runRelease(cwd, '1.0.1', {});
    expect(code).toBe(0);
    expect(readFileSync(join(cwd, '.tested'), 'utf8')).toBe('');
  });

  it('moves only the new major tag on a major release', () => {
    const cwd = fixtureRepository();
    const v1 = git(cwd, 'rev-parse', 'v1');
    expect(runRelease(cwd, '2.0.0').code).toBe(0);
    expect(git(cwd, 'rev-parse', 'v2^{commit}')).toBe(git(cwd, 'rev-parse', 'HEAD'));
    expect(git(cwd, 'rev-parse', 'v1')).toBe(v1);
  });

  it('refuses on a dirty tree, changing nothing', () => {
    const cwd = fixtureRepository();
    write(cwd, 'src/version.ts', `${readFileSync(join(cwd, 'src/version.ts'), 'utf8')}// edit\n`);
    expectRefusal(cwd, '1.1.0', 'The working tree has changes that are not committed:\n M src/version.ts');
  });

  it('refuses an untracked file as a dirty tree', () => {
    const cwd = fixtureRepository();
    write(cwd, 'dist/extra.js', '');
    expectRefusal(cwd, '1.1.0', '?? dist/extra.js');
  });

  it('refuses when dist/ does not match the sources, with the check-dist script', () => {
    const cwd = fixtureRepository();
    write(cwd, 'src/version.ts', `${readFileSync(join(cwd, 'src/version.ts'), 'utf8')}export const X = 1;\n`);
    git(cwd, 'commit', '--quiet', '--all', '-m', 'A change without its bundle');
    const head = git(cwd, 'rev-parse', 'HEAD');
    const before = refs(cwd);
    const { code, output } = runRelease(cwd, '1.1.0');
    expect(output).toContain('dist/ does not match the sources');
    expect(code).toBe(1);
    expect(refs(cwd)).toBe(before);
    expect(git(cwd, 'rev-parse', 'HEAD')).toBe(head);
  });

  // The other malformed and lower versions are covered by the unit tests below.
  it.each([
    ['1.0.0', 'not greater than the last release, v1.0.0'],
    ['1.1.0-rc.1', 'is not a version'],
  ])('refuses %s', (version, message) => {
    expectRefusal(fixtureRepository(), version, message);
  });

  it('compares with the greatest version tag, not the latest one made', () => {
    const cwd = fixtureRepository();
    git(cwd, 'tag', 'v1.10.0');
    git(cwd, 'tag', 'v1.9.0');
    expectRefusal(cwd, '1.9.1', 'not greater than the last release, v1.10.0');
  });

  it('refuses when the tests fail, leaving the tree and the tags as they were', () => {
    expectRefusal(fixtureRepository(), '1.1.0', 'The tests failed', {
      RELEASE_TEST_COMMAND: 'node -e "process.exit(3)"',
    });
  });

  it('refuses when nothing is written under Unreleased', () => {
    const cwd = fixtureRepository();
    write(cwd, 'CHANGELOG.md', CHANGELOG.replace('### Added\n\n- Shards.\n\n', ''));
    git(cwd, 'commit', '--quiet', '--all', '-m', 'Empty Unreleased');
    expectRefusal(cwd, '1.1.0', 'says nothing under "## [Unreleased]"');
  });

  it('leaves no half-made release when the build fails', () => {
    expectRefusal(fixtureRepository(), '1.1.0', 'The build failed', {
      RELEASE_TEST_COMMAND: QUICK_TEST,
      RELEASE_BUILD_COMMAND: "node -e \"require('fs').writeFileSync('dist/half.js', ''); process.exit(1)\"",
    });
  });
});

describe('versions', () => {
  it('parses X.Y.Z and vX.Y.Z only', () => {
    expect(parseVersion('1.2.3')).toEqual([1, 2, 3]);
    expect(parseVersion('v10.0.1')).toEqual([10, 0, 1]);
    for (const text of ['1.2', '1.2.3.4', 'v1', '1.2.3-beta', 'x1.2.3', '1.02.3']) {
      expect(parseVersion(text), text).toBeNull();
    }
  });

  it('orders by number, not by text', () => {
    expect(compareVersions([1, 10, 0], [1, 9, 0])).toBeGreaterThan(0);
    expect(compareVersions([2, 0, 0], [1, 99, 99])).toBeGreaterThan(0);
    expect(compareVersions([1, 2, 3], [1, 2, 3])).toBe(0);
    expect(latestVersionTag(['v1', 'v1.9.0', 'v1.10.0', 'nightly', 'v2'])).toBe('v1.10.0');
    expect(latestVersionTag(['v1', ''])).toBeNull();
  });
});
