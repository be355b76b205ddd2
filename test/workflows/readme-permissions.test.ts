import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ROOT } from '../support/runner.ts';

// examples/workflows/README.md says which permissions each example asks for;
// this keeps it true: every permission a file grants (for the workflow or a
// job) is named in its row, and the row names none the file does not grant.

const FOLDER = join(ROOT, 'examples', 'workflows');

type Permissions = Record<string, string>;
interface Workflow {
  permissions?: Permissions;
  jobs: Record<string, { permissions?: Permissions }>;
}

/** `contents: read`, one per permission the workflow or any of its jobs grants. */
function granted(file: string): string[] {
  const workflow = parse(readFileSync(join(FOLDER, file), 'utf8')) as Workflow;
  const all = [
    workflow.permissions ?? {},
    ...Object.values(workflow.jobs).map((job) => job.permissions ?? {}),
  ];
  return [
    ...new Set(all.flatMap((permissions) => Object.entries(permissions).map(([k, v]) => `${k}: ${v}`))),
  ].sort();
}

/** The permissions a row of the README's table names, as `scope: level`. */
function documented(): Map<string, string[]> {
  const readme = readFileSync(join(FOLDER, 'README.md'), 'utf8');
  const rows = readme.split('\n').filter((line) => /^\| `[^`]+\.yml` \|/.test(line));
  return new Map(
    rows.map((line) => {
      const cells = line.split(' | ');
      const file = /`([^`]+)`/.exec(cells[0]!)![1]!;
      const names = [...cells.at(-1)!.matchAll(/`([a-z-]+: (?:read|write|none))`/g)].map(([, name]) => name!);
      return [file, [...new Set(names)].sort()];
    }),
  );
}

describe('examples/workflows/README.md', () => {
  const table = documented();

  it('has a row for every example workflow', () => {
    expect([...table.keys()].sort()).toEqual([
      'adopt.yml',
      'import.yml',
      'pr-review.yml',
      'publish-on-merge.yml',
      'release-with-approval.yml',
      'scheduled-release.yml',
    ]);
  });

  it.each([...table.keys()])('names exactly the permissions %s grants', (file) => {
    expect(table.get(file)).toEqual(granted(file));
  });
});
