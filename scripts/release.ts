// `npm run release -- X.Y.Z`: cuts a release from a clean, tested tree.
//
// It refuses, changing nothing, when the tree has uncommitted changes, the
// version is not greater than the last vX.Y.Z tag, CHANGELOG.md has nothing
// under "Unreleased", dist/ does not match the sources, or the tests fail.
// Then it sets the version in package.json, package-lock.json and the user
// agent (src/version.ts), rebuilds dist/ (the bundle carries the user agent),
// moves the Unreleased notes under the version, commits, tags vX.Y.Z and
// moves vX to that commit. It pushes nothing: pushing the vX.Y.Z tag starts
// .github/workflows/release.yml, which checks again and moves vX on GitHub.
//
// The checks and the build are commands, so a test can run the whole release
// in a small repository: RELEASE_TEST_COMMAND (default `npm test`),
// RELEASE_CHECK_DIST_COMMAND (default `bash scripts/check-dist.sh`) and
// RELEASE_BUILD_COMMAND (default `npm run bundle`).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { releaseUnreleased } from './changelog.ts';

export type Version = [major: number, minor: number, patch: number];

const VERSION_PATTERN = /^v?(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$/;
const VERSION_CONSTANT = /^export const VERSION = '[^']*';$/m;

/** [major, minor, patch] of "X.Y.Z" or "vX.Y.Z"; null for anything else (pre-releases included). */
export function parseVersion(text: string): Version | null {
  const match = VERSION_PATTERN.exec(text.trim());
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null;
}

export function compareVersions(a: Version, b: Version): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

/** The greatest vX.Y.Z among the tags; other tags (v1, nightly…) are not versions. */
export function latestVersionTag(tags: readonly string[]): string | null {
  let latest: { tag: string; version: Version } | null = null;
  for (const tag of tags) {
    const version = tag.startsWith('v') ? parseVersion(tag) : null;
    if (version && (!latest || compareVersions(version, latest.version) > 0)) latest = { tag, version };
  }
  return latest?.tag ?? null;
}

interface Commands {
  test: string;
  checkDist: string;
  build: string;
}

function git(cwd: string, ...args: string[]): string {
  const result = spawnSync('git', args, { cwd, encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`git ${args.join(' ')} failed: ${result.stderr.trim() || `exit ${result.status}`}`);
  }
  // Only the end: `git status --porcelain` lines start with a space.
  return result.stdout.trimEnd();
}

/** Runs a check or the build with its output shown as it comes; true when it exits 0. */
function runCommand(cwd: string, label: string, command: string): boolean {
  process.stdout.write(`\n== ${label}: ${command} ==\n`);
  const result = spawnSync(command, { cwd, shell: true, stdio: ['ignore', 'inherit', 'inherit'] });
  return result.status === 0;
}

function setPackageVersion(cwd: string, version: string): string[] {
  const touched: string[] = [];
  const manifestPath = join(cwd, 'package.json');
  const manifest = readFileSync(manifestPath, 'utf8');
  // Only the version line changes, so the file keeps its layout.
  const versionLine = /^(\s*"version":\s*)"[^"]*"/m;
  if (!versionLine.test(manifest)) throw new Error('package.json has no "version" field to set.');
  writeFileSync(manifestPath, manifest.replace(versionLine, `$1"${version}"`));
  touched.push('package.json');
  const lockPath = join(cwd, 'package-lock.json');
  if (existsSync(lockPath)) {
    const lock = JSON.parse(readFileSync(lockPath, 'utf8')) as {
      version?: string;
      packages?: Record<string, { version?: string }>;
    };
    lock.version = version;
    const root = lock.packages?.[''];
    if (root) root.version = version;
    writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
    touched.push('package-lock.json');
  }
  return touched;
}

function setUserAgentVersion(cwd: string, version: string): void {
  const path = join(cwd, 'src', 'version.ts');
  writeFileSync(
    path,
    readFileSync(path, 'utf8').replace(VERSION_CONSTANT, `export const VERSION = '${version}';`),
  );
}

/** Everything that can be known without running anything: refuses before the long checks start. */
function checkRequest(cwd: string, requested: string): { version: string; changelog: string } {
  const parsed = parseVersion(requested);
  if (!parsed) {
    throw new Error(`"${requested}" is not a version: give X.Y.Z, for example 1.2.0.`);
  }
  const version = parsed.join('.');
  const dirty = git(cwd, 'status', '--porcelain', '--untracked-files=all');
  if (dirty !== '') {
    throw new Error(
      `The working tree has changes that are not committed:\n${dirty}\nCommit or stash them first.`,
    );
  }
  const last = latestVersionTag(git(cwd, 'tag', '--list', 'v*').split('\n'));
  if (last && compareVersions(parsed, parseVersion(last)!) <= 0) {
    throw new Error(`${version} is not greater than the last release, ${last}: give a greater version.`);
  }
  if (!VERSION_CONSTANT.test(readFileSync(join(cwd, 'src', 'version.ts'), 'utf8'))) {
    throw new Error("src/version.ts has no `export const VERSION = '…';` line to set.");
  }
  const changelog = releaseUnreleased(
    readFileSync(join(cwd, 'CHANGELOG.md'), 'utf8'),
    version,
    new Date().toISOString().slice(0, 10),
  );
  return { version, changelog };
}

export interface Released {
  version: string;
  tag: string;
  majorTag: string;
  commit: string;
}

export function release(cwd: string, requested: string, commands: Commands): Released {
  const { version, changelog } = checkRequest(cwd, requested);
  if (!runCommand(cwd, 'dist/ matches the sources', commands.checkDist)) {
    throw new Error("dist/ does not match the sources: run 'npm run bundle', commit dist/, then release.");
  }
  if (!runCommand(cwd, 'tests', commands.test)) {
    throw new Error('The tests failed: fix them, then release.');
  }
  const after = git(cwd, 'status', '--porcelain', '--untracked-files=all');
  if (after !== '') {
    throw new Error(`The checks left changes in the tree; a release commits none of them:\n${after}`);
  }

  const tag = `v${version}`;
  const majorTag = `v${version.split('.')[0]}`;
  try {
    const touched = setPackageVersion(cwd, version);
    setUserAgentVersion(cwd, version);
    writeFileSync(join(cwd, 'CHANGELOG.md'), changelog);
    if (!runCommand(cwd, 'build', commands.build)) throw new Error('The build failed.');
    git(cwd, 'add', '--all', '--', ...touched, 'src/version.ts', 'CHANGELOG.md', 'dist');
    git(cwd, 'commit', '--quiet', '-m', `Release ${version}`);
  } catch (error) {
    // The tree was clean before the first write, so going back to HEAD loses
    // nothing but this release's own edits: no half-made release is left.
    git(cwd, 'reset', '--hard', '--quiet', 'HEAD');
    git(cwd, 'clean', '-d', '--force', '--quiet', '--', 'dist');
    throw error;
  }
  git(cwd, 'tag', '--annotate', tag, '--message', `content-as-code ${version}`);
  git(cwd, 'tag', '--force', majorTag, tag + '^{commit}');
  return { version, tag, majorTag, commit: git(cwd, 'rev-parse', 'HEAD') };
}

if (import.meta.main) {
  const requested = process.argv[2];
  if (!requested || process.argv.length > 3) {
    process.stderr.write('usage: npm run release -- X.Y.Z\n');
    process.exit(2);
  }
  const cwd = process.cwd();
  try {
    const done = release(cwd, requested, {
      test: process.env.RELEASE_TEST_COMMAND || 'npm test',
      checkDist: process.env.RELEASE_CHECK_DIST_COMMAND || 'bash scripts/check-dist.sh',
      build: process.env.RELEASE_BUILD_COMMAND || 'npm run bundle',
    });
    process.stdout.write(
      `\nReleased ${done.version}: commit ${done.commit.slice(0, 12)}, tag ${done.tag}, ${done.majorTag} moved to it.\n` +
        `Push the commit and the tag; the release workflow checks them, publishes the notes and moves ${done.majorTag} on GitHub:\n` +
        `  git push origin HEAD ${done.tag}\n`,
    );
  } catch (error) {
    process.stderr.write(`\nNo release: ${(error as Error).message}\n`);
    process.exit(1);
  }
}
