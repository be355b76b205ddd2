import { glob } from 'node:fs/promises';
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileGlob, expandBraces, GlobSyntaxError } from '../../src/manifest/glob.ts';
import { globPattern } from '../../src/manifest/file-loader.ts';
import { loadManifests } from '../../src/manifest/index.ts';
import { withCpuTime } from '../support/cpu-time.ts';
import { removeDir, tempDir } from '../support/temp-dir.ts';

// The manifests glob: the same files as Node's glob finds, matched in time
// linear in the path, so that no file name can make a run hang.

let cwd = '';
const FILES = [
  'a.yml',
  'content/a.yml',
  'content/b.yaml',
  'content/c.txt',
  'content/.hidden.yml',
  'content/.dot/x.yml',
  'content/deep/x.yml',
  'content/deep/deeper/y.yaml',
  'content/a/one.yml',
  'content/b/two.yml',
  'content/bc/three.yml',
  'content/[x] odd (1).yml',
  'content/node_modules/z.yml',
  'content/ü.yml',
];

beforeAll(async () => {
  cwd = await tempDir('cac-glob-');
  for (const file of FILES) {
    await mkdir(path.dirname(path.join(cwd, file)), { recursive: true });
    await writeFile(path.join(cwd, file), 'title: x\n');
  }
});
// Made outside any test: the file's to remove.
afterAll(() => removeDir(cwd));

/** What Node's glob alone finds, as the loader found files before. */
async function nodeGlob(pattern: string): Promise<string[]> {
  const found: string[] = [];
  const exclude = (name: string) => ['node_modules', '.git'].includes(path.basename(name));
  for await (const entry of glob(pattern, { cwd, exclude })) found.push(entry.split(path.sep).join('/'));
  return found.map((file) => path.posix.normalize(file)).sort();
}

describe('the manifests glob', () => {
  const patterns = [
    'content/**/*.{yml,yaml}',
    '*.yml',
    'content/*.yml',
    './content/*.yml',
    'content/deep/*.yml',
    'content/**/*.yml',
    '**/*.yml',
    'content/{a,b}/*.yml',
    'content/{a,b{c,d}}/*.yml',
    'content/[ab].y*',
    'content/[!a].yaml',
    'content/?.yml',
    'content/.*.yml',
    'content/.dot/*.yml',
    'content/*.{yml}',
    './*/*.yml',
    './{a,content}/*.yml',
    'content/./*/x.yml',
    './**/*.yaml',
    'content/ü.yml',
  ];
  for (const pattern of patterns) {
    it(`finds what Node's glob finds for ${pattern}`, async () => {
      expect((await globPattern(cwd, pattern)).sort()).toEqual(await nodeGlob(pattern));
    });
  }

  it('matches in linear time: a pattern that makes Node’s glob backtrack for seconds', async () => {
    await writeFile(path.join(cwd, `content/${'a'.repeat(48)}.yml`), 'title: Long\n');
    const loading = await withCpuTime(() => loadManifests({ cwd, pattern: 'content/*a*a*a*a*a*a*a*a*b' }));
    expect(loading.value.files).toEqual([]);
    expect(loading.cpuMs).toBeLessThan(1_000);
    const matching = await withCpuTime(() => {
      expect(compileGlob(`${'*a'.repeat(30)}*b`).matches('a'.repeat(5_000))).toBe(false);
      expect(compileGlob(`**/${'*a'.repeat(30)}*b`).matches(`${'x/'.repeat(200)}${'a'.repeat(300)}b`)).toBe(
        true,
      );
    });
    expect(loading.cpuMs + matching.cpuMs).toBeLessThan(2_000);
  });

  it('walks a link to a folder as the folder, and a link back up the tree once', async () => {
    const root = await tempDir('cac-glob-links-');
    await mkdir(path.join(root, 'content/real'), { recursive: true });
    await mkdir(path.join(root, 'other'));
    await writeFile(path.join(root, 'content/real/a.yml'), 'title: A\n');
    await writeFile(path.join(root, 'other/b.yml'), 'title: B\n');
    await symlink('../other', path.join(root, 'content/linked'));
    await symlink('..', path.join(root, 'content/real/up'));
    expect((await globPattern(root, 'content/**/*.yml')).sort()).toEqual([
      'content/linked/b.yml',
      'content/real/a.yml',
    ]);
  });

  it('takes a character after a backslash as written', async () => {
    expect(await globPattern(cwd, 'content/\\[x\\] odd \\(1\\).yml')).toEqual(['content/[x] odd (1).yml']);
    expect(await globPattern(cwd, 'content/[[]x] odd (1).yml')).toEqual(['content/[x] odd (1).yml']);
  });

  it('says of a name in a folder what it says of the whole path, the folder walked once', () => {
    for (const pattern of patterns) {
      const glob = compileGlob(pattern);
      for (const file of FILES) {
        const slash = file.lastIndexOf('/');
        const [folder, name] = slash === -1 ? ['', file] : [file.slice(0, slash), file.slice(slash + 1)];
        expect([pattern, file, glob.namesIn(folder)(name)]).toEqual([pattern, file, glob.matches(file)]);
      }
    }
    expect(compileGlob('/srv/content/*.yml').namesIn('/srv/content')('a.yml')).toBe(true);
    expect(compileGlob('/srv/content/*.yml').namesIn('srv/content')('a.yml')).toBe(false);
  });

  it('matches plain names and one-star names by their ends, with the dot rule', () => {
    const glob = compileGlob('content/video-*/*.yml');
    expect(glob.matches('content/video-1/a.yml')).toBe(true);
    expect(glob.matches('content/video-/a.yml')).toBe(true);
    expect(glob.matches('content/video/a.yml')).toBe(false);
    expect(glob.matches('content/video-1/.a.yml')).toBe(false);
    expect(glob.matches('contents/video-1/a.yml')).toBe(false);
    expect(glob.matches('content/video-1/a.yml.bak')).toBe(false);
    expect(compileGlob('a*a').matches('a')).toBe(false);
    expect(compileGlob('.*.yml').matches('.hidden.yml')).toBe(true);
  });

  it('walks from the fixed start of the glob, no deeper than a match can be', () => {
    expect(compileGlob('content/**/*a*b*.{yml,yaml}')).toMatchObject({ root: 'content', depth: Infinity });
    expect(compileGlob('content/.x*/[ab]/name.yml')).toMatchObject({ root: 'content', depth: 3 });
    expect(compileGlob('{a,b/c}/*.yml')).toMatchObject({ root: '', depth: 3 });
    expect(compileGlob('*.yml')).toMatchObject({ root: '', depth: 1 });
    expect(compileGlob('./*/*.yml')).toMatchObject({ root: '.', depth: 2 });
    expect(compileGlob('content/./*/x.yml')).toMatchObject({ root: 'content/.', depth: 2 });
    expect(compileGlob('/*.yml')).toMatchObject({ root: '/', depth: 1 });
  });

  it('refuses an extended glob and braces that multiply past reason, naming the glob', () => {
    expect(() => compileGlob('content/@(a|b).yml')).toThrow(GlobSyntaxError);
    expect(() => compileGlob('content/+(a).yml')).toThrow(/an extended glob this action does not read/);
    expect(() => expandBraces('{a,b}'.repeat(10))).toThrow(/more than 256 alternatives/);
    expect(expandBraces('{a,b}{c,d}').sort()).toEqual(['ac', 'ad', 'bc', 'bd']);
    expect(expandBraces('x{a}y')).toEqual(['x{a}y']);
  });
});
