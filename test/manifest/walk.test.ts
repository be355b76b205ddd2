import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { globPattern } from '../../src/manifest/load.ts';
import { compilePattern, expandBraces, walkPattern } from '../../src/manifest/walk.ts';

// The walk must answer exactly what fs.promises.glob answers, or not at all.

const SKIPPED = new Set(['node_modules', '.git']);
const sorted = (paths: string[] | null): string[] | null => (paths === null ? null : [...paths].sort());

const TREE = [
  'content/a.yml',
  'content/b.yaml',
  'content/c.json',
  'content/.hidden.yml',
  'content/_defaults.yml',
  'content/deep/er/d.yml',
  'content/deep/e.yaml',
  'content/.dot/f.yml',
  'content/node_modules/pkg/g.yml',
  'content/.git/h.yml',
  'content/x.yml/i.yml',
  'content/with space/j.yml',
  'docs/k.yml',
  'l.yml',
  'node_modules/m.yml',
];

const PATTERNS = [
  'content/**/*.{yml,yaml}',
  'content/*.{yml,yaml}',
  '**/*.yml',
  '**/*.{yml,yaml}',
  'content/**/*.yml',
  'content/*/*.yml',
  'content/deep/**/*.yaml',
  '{content,docs}/**/*.yml',
  'content/a.yml',
  'content/missing.yml',
  'missing/**/*.yml',
  'content/with space/*.yml',
  '*.yml',
  'content/de*/*.yaml',
  'content/*.y*',
  'c*/**/d.yml',
];

let cwd: string;

beforeAll(async () => {
  cwd = await mkdtemp(path.join(tmpdir(), 'cac-walk-'));
  for (const file of TREE) {
    await mkdir(path.join(cwd, path.dirname(file)), { recursive: true });
    await writeFile(path.join(cwd, file), 'title: x\n');
  }
});

afterAll(async () => {
  await rm(cwd, { recursive: true, force: true });
});

describe('walkPattern', () => {
  it.each(PATTERNS)('finds what fs.promises.glob finds for %s', async (pattern) => {
    const walked = await walkPattern(cwd, pattern, SKIPPED);
    expect(walked).not.toBeNull();
    expect(sorted(walked)).toEqual(sorted(await globPattern(cwd, pattern)));
  });

  it.each([
    'content/?.yml',
    'content/[ab].yml',
    'content/@(a|b).yml',
    './content/*.yml',
    '../content/*.yml',
    'content/.dot/*.yml',
    'content/**',
    'content/**/**/*.yml',
    'content/{a,{b,c}}.yml',
    'content/{1..3}.yml',
    'content/{a}.yml',
    'content/{,a}.yml',
    'content/**/*',
    '/abs/*.yml',
    'content//a.yml',
    'content/a**.yml',
    'content/*',
    'content/*e*',
  ])('leaves %s to the real glob', (pattern) => {
    expect(compilePattern(pattern, SKIPPED)).toBeNull();
  });

  it('expands alternatives left to right', () => {
    expect(expandBraces('{a,b}/*.{yml,yaml}')).toEqual(['a/*.yml', 'a/*.yaml', 'b/*.yml', 'b/*.yaml']);
    expect(expandBraces('plain/*.yml')).toEqual(['plain/*.yml']);
    expect(expandBraces('a}{b,c}')).toBeNull();
  });

  it('leaves a tree with symbolic links to the real glob', async () => {
    const linked = await mkdtemp(path.join(tmpdir(), 'cac-walk-link-'));
    try {
      await mkdir(path.join(linked, 'content/real'), { recursive: true });
      await writeFile(path.join(linked, 'content/real/a.yml'), 'title: a\n');
      await symlink(path.join(linked, 'content/real'), path.join(linked, 'content/link'));
      expect(await walkPattern(linked, 'content/**/*.yml', SKIPPED)).toBeNull();
      expect(await walkPattern(linked, 'content/real/*.yml', SKIPPED)).toEqual(['content/real/a.yml']);
    } finally {
      await rm(linked, { recursive: true, force: true });
    }
  });
});
