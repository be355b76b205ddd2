import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { notesFor, releaseUnreleased } from '../../scripts/changelog.ts';
import { tempDirSync } from '../support/temp-dir.ts';

const ROOT = join(import.meta.dirname, '..', '..');

const CHANGELOG = `# Changelog

## [Unreleased]

### Fixed

- A fix.

## [1.1.0] - 2026-02-01

### Added

- Shards.

## [1.0.0] - 2026-01-05

- The action.

[1.1.0]: https://example.com/compare/v1.0.0...v1.1.0
`;

describe('changelog', () => {
  it('moves the Unreleased notes under the version and leaves Unreleased empty on top', () => {
    const released = releaseUnreleased(CHANGELOG, '1.1.1', '2026-03-04');
    expect(released).toBe(
      CHANGELOG.replace(
        '## [Unreleased]\n\n### Fixed',
        '## [Unreleased]\n\n## [1.1.1] - 2026-03-04\n\n### Fixed',
      ),
    );
    expect(notesFor(released, '1.1.1')).toBe('### Fixed\n\n- A fix.');
    expect(notesFor(released, '1.1.0')).toBe('### Added\n\n- Shards.');
    // The last section stops before the link references.
    expect(notesFor(released, '1.0.0')).toBe('- The action.');
  });

  it('reads a version only by its exact heading', () => {
    expect(notesFor(CHANGELOG, '1.1')).toBeNull();
    expect(notesFor(CHANGELOG, '1.0.0.1')).toBeNull();
    expect(notesFor(CHANGELOG.replace('[1.1.0] - 2026-02-01', '[1x1x0] - 2026-02-01'), '1.1.0')).toBeNull();
  });

  it('refuses an empty Unreleased section, a missing one and a version already written', () => {
    const empty = CHANGELOG.replace('### Fixed\n\n- A fix.\n\n', '');
    expect(() => releaseUnreleased(empty, '1.1.1', '2026-03-04')).toThrow(
      'says nothing under "## [Unreleased]"',
    );
    expect(() =>
      releaseUnreleased(CHANGELOG.replace('## [Unreleased]', '## Next'), '1.1.1', '2026-03-04'),
    ).toThrow('has no "## [Unreleased]" section');
    expect(() => releaseUnreleased(CHANGELOG, '1.1.0', '2026-03-04')).toThrow(
      'already has a section for 1.1.0',
    );
  });

  it("keeps the project's own CHANGELOG.md releasable: notes under Unreleased in groups, every version dated", () => {
    const changelog = readFileSync(join(ROOT, 'CHANGELOG.md'), 'utf8');
    // A release commit leaves Unreleased empty, and must pass these checks too.
    if (!/^## \[Unreleased\]\n+## /m.test(changelog)) {
      const released = releaseUnreleased(changelog, '99.0.0', '2026-03-04');
      expect(notesFor(released, '99.0.0')).toMatch(
        /^### (Added|Changed|Deprecated|Removed|Fixed|Security)$/m,
      );
    }
    for (const heading of changelog.match(/^## .*$/gm) ?? []) {
      expect(heading).toMatch(/^## \[(Unreleased|\d+\.\d+\.\d+)\]( - \d{4}-\d{2}-\d{2})?$/);
    }
  });

  it("prints one version's notes for the release workflow, and fails on a version it lacks", () => {
    const cwd = tempDirSync('cac-changelog-');
    writeFileSync(join(cwd, 'CHANGELOG.md'), CHANGELOG);
    const run = (version: string) =>
      spawnSync(process.execPath, [join(ROOT, 'scripts', 'changelog.ts'), 'notes', version], {
        cwd,
        encoding: 'utf8',
      });
    const found = run('v1.1.0');
    expect(found.status).toBe(0);
    expect(found.stdout).toBe('### Added\n\n- Shards.\n');
    const missing = run('v2.0.0');
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain('no notes under "## [2.0.0]"');
  });
});
