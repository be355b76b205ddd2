import { execFileSync } from 'node:child_process';
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatProblem, loadManifests, parseManifest } from '../../src/manifest/index.ts';
import { tempDir } from '../support/temp-dir.ts';

// Manifests come from pull requests, so they are input from strangers: the
// loader must stay bounded and leave the process as it found it.

describe('hostile manifests', () => {
  it('refuses a file linked from outside the workspace, and a folder linked outside', async () => {
    const outside = await tempDir('hostile-');
    await writeFile(path.join(outside, 'secret.yml'), 'title: Outside\n');
    const cwd = await tempDir('hostile-');
    await mkdir(path.join(cwd, 'content'));
    await mkdir(path.join(cwd, 'shared'));
    await writeFile(path.join(cwd, 'shared/real.yml'), 'title: Real\n');
    await symlink(path.join(cwd, 'shared/real.yml'), path.join(cwd, 'content/inside-link.yml'));
    await symlink(path.join(outside, 'secret.yml'), path.join(cwd, 'content/outside-link.yml'));
    await symlink(outside, path.join(cwd, 'content/linked-folder'));

    const result = await loadManifests({ cwd, pattern: 'content/**/*.yml' });
    const outsideProblems = result.problems.filter((p) => p.code === 'outside_workspace');
    // Whether the glob walks into the linked folder or not, nothing from outside is read.
    expect(outsideProblems.map((p) => p.file)).toContain('content/outside-link.yml');
    expect(result.problems.filter((p) => p.code !== 'outside_workspace')).toEqual([]);
    expect(formatProblem(outsideProblems.find((p) => p.file === 'content/outside-link.yml')!)).toBe(
      'content/outside-link.yml:1:1: error: the file is a link to a place outside the workspace; manifests must live in the repository',
    );
    expect(result.items.map((i) => i.fields.title)).not.toContain('Outside');
    expect(result.items.map((i) => i.file)).toEqual(['content/inside-link.yml']);
  });

  it('passes over a FIFO and a UNIX socket named like manifests, without waiting on them', async () => {
    const cwd = await tempDir('hostile-');
    await writeFile(path.join(cwd, 'real.yml'), 'title: Real\n');
    execFileSync('mkfifo', [path.join(cwd, 'pipe.yml')]);
    const server = createServer();
    await new Promise<void>((listening) => server.listen(path.join(cwd, 'socket.yml'), listening));
    try {
      const result = await loadManifests({ cwd, pattern: '*.yml' });
      expect(result.problems).toEqual([]);
      expect(result.items.map((item) => item.file)).toEqual(['real.yml']);
    } finally {
      await new Promise((closed) => server.close(closed));
    }
  });

  it('refuses a pattern that climbs out of the workspace', async () => {
    const parent = await tempDir('hostile-');
    await mkdir(path.join(parent, 'ws'));
    await writeFile(path.join(parent, 'other.yml'), 'title: Other\n');
    const result = await loadManifests({ cwd: path.join(parent, 'ws'), pattern: '../*.yml' });
    expect(result.problems.map(formatProblem)).toEqual([
      '../other.yml:1:1: error: the file is outside the workspace; manifests must live in the repository',
    ]);
    expect(result.items).toEqual([]);
  });

  it('refuses a file over the size limit without reading it as YAML', async () => {
    const cwd = await tempDir('hostile-');
    await writeFile(path.join(cwd, 'big.yml'), `title: Big\ndescription: "${'x'.repeat(2 * 1024 * 1024)}"\n`);
    await writeFile(path.join(cwd, 'small.yml'), 'title: Small\n');
    const result = await loadManifests({ cwd, pattern: '*.yml' });
    expect(result.problems.map(formatProblem)).toEqual([
      'big.yml:1:1: error: the file is 2.0 MiB, over the 1.0 MiB limit for a manifest',
    ]);
    const tight = await loadManifests({ cwd, pattern: 'small.yml', maxFileBytes: 8 });
    expect(tight.problems.map((p) => p.code)).toEqual(['file_too_large']);
  });

  it('bounds an alias bomb', async () => {
    const levels = ['a: &a [x, x, x, x, x, x, x, x, x, x]'];
    for (let i = 1; i < 9; i++) {
      const prev = String.fromCharCode(96 + i);
      levels.push(
        `${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(10).fill(`*${prev}`).join(', ')}]`,
      );
    }
    const text = `title: Laughs\nfine_tuning:\n${levels.map((l) => `  ${l}`).join('\n')}\n`;
    const result = parseManifest('bomb.yml', text);
    expect(result.item).toBeNull();
    expect(result.problems.map((p) => p.code)).toEqual(['too_complex']);
  });

  it('bounds an alias that contains itself', () => {
    const result = parseManifest('loop.yml', 'title: Loop\nfine_tuning: &a {self: *a}\n');
    expect(result.item).toBeNull();
    expect(result.problems.map((p) => p.code)).toEqual(['too_deep']);
  });

  it('bounds deep nesting, flow and block', () => {
    const flow = parseManifest(
      'flow.yml',
      `title: Deep\nfine_tuning: ${'['.repeat(200_000)}${']'.repeat(200_000)}\n`,
    );
    expect(flow.item).toBeNull();
    expect(flow.problems.map((p) => p.code)).toEqual(['too_deep']);

    const lines = Array.from({ length: 1200 }, (_, i) => `${' '.repeat(i)}k${i}:`);
    const block = parseManifest(
      'block.yml',
      `title: Deep\nfine_tuning:\n${lines.map((l) => ` ${l}`).join('\n')} 1\n`,
    );
    expect(block.item).toBeNull();
    expect(block.problems.length).toBeGreaterThan(0);
    expect(block.problems.every((p) => p.code === 'too_deep')).toBe(true);
  });

  it('never writes through __proto__, and keeps constructor as plain data where data is free-form', () => {
    const result = parseManifest(
      'proto.yml',
      'title: P\n__proto__: {polluted: true}\nfine_tuning:\n  constructor: {prototype: {polluted: true}}\n',
    );
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
    expect(result.problems.map(formatProblem)).toEqual([
      'proto.yml:2:1: error: __proto__ is not allowed as a key',
    ]);

    const data = parseManifest(
      'ok.yml',
      'title: P\nfine_tuning:\n  constructor: {prototype: {polluted: true}}\n',
    );
    expect(data.problems).toEqual([]);
    const fineTuning = data.item?.fields.fine_tuning;
    expect(Object.getPrototypeOf(fineTuning)).toBe(Object.prototype);
    expect(Object.hasOwn(fineTuning!, 'constructor')).toBe(true);
    expect(fineTuning).toEqual({ constructor: { prototype: { polluted: true } } });
  });

  it('reports a non-UTF-8 byte where it is, and accepts a UTF-8 byte order mark', async () => {
    const cwd = await tempDir('hostile-');
    await writeFile(
      path.join(cwd, 'latin1.yml'),
      Buffer.from('title: Ok\ndescription: na\xefve\n', 'latin1'),
    );
    await writeFile(
      path.join(cwd, 'bom.yml'),
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('title: Bom\n')]),
    );
    const result = await loadManifests({ cwd, pattern: '*.yml' });
    expect(result.problems.map(formatProblem)).toEqual([
      'latin1.yml:2:16: error: the file is not UTF-8 (byte 0xef here); save it as UTF-8',
    ]);
    expect(result.items.map((i) => i.fields.title)).toEqual(['Bom']);
  });
});
