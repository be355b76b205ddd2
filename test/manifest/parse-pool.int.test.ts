import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadManifests, type NamedManifest } from '../../src/manifest/index.ts';
import { Parsing, parseFiles } from '../../src/manifest/parse-pool.ts';
import { tempDirSync } from '../support/temp-dir.ts';

// Manifests parsed in worker threads come out exactly as the main thread
// parses them: every item, problem and position, in the files' order. A
// worker that fails leaves its files to the main thread.

const FIXTURES = fileURLToPath(new URL('../fixtures/manifests', import.meta.url));
const PATTERN = '**/*.{yml,yaml}';

async function load(
  workers: number,
): Promise<{ result: unknown; threads: number | undefined; named: NamedManifest[] }> {
  const named: NamedManifest[] = [];
  const { workerThreads: threads, ...result } = await loadManifests({
    cwd: FIXTURES,
    pattern: PATTERN,
    workers,
    onNamed: (manifest) => named.push(manifest),
  });
  return { result, threads, named: named.sort((a, b) => (a.file < b.file ? -1 : 1)) };
}

describe('parsing in workers', () => {
  it('gives the same items, problems and names as the main thread, good and bad manifests alike', async () => {
    const inline = await load(0);
    const threaded = await load(2);
    // toEqual and the JSON text rather than toStrictEqual, which takes a manifest's own
    // `constructor` key (a mistake in the corpus) for an object's class.
    expect(threaded.result).toEqual(inline.result);
    expect(JSON.stringify(threaded.result)).toBe(JSON.stringify(inline.result));
    expect(threaded.named).toEqual(inline.named);
    expect(inline.named.length).toBeGreaterThanOrEqual(10);
    expect(threaded.threads).toBe(1); // one batch of a hundred files: one worker takes it
    expect(inline.threads).toBeUndefined();
  });

  it('parses a corpus with YAML tags the same on both paths, reading a tag a manifest does not need as the value written', async () => {
    const dir = tempDirSync('cac-parse-tags-');
    const corpus: Record<string, string> = {
      'plain.yml': 'title: Plain\nfull_text: Whales sing.\n',
      'core-tags.yml':
        'title: !!str 2026\nfull_text: !!str Whales sing.\nfine_tuning: !!map {seed: !!int 7}\n',
      'binary.yml': 'title: Binary seed\nfull_text: Whales sing.\nfine_tuning:\n  seed: !!binary aGVsbG8=\n',
      'set.yml': 'title: A set\nhashtags: !!set {whales, seals}\n',
      'omap.yml': 'title: An omap\nfine_tuning: !!omap [a: 1, b: 2]\n',
      'pairs.yml': 'title: Pairs\nfine_tuning: !!pairs [a: 1]\n',
      'timestamp.yml': 'title: A date\npublish:\n  at: !!timestamp 2026-12-01T10:00:00Z\n',
      'custom.yml': 'title: !custom Tagged\n',
      'aliased.yml': 'title: Aliased\nfine_tuning:\n  a: &bin !!binary aGVsbG8=\n  b: *bin\n',
    };
    const files = Object.keys(corpus);
    for (const [file, text] of Object.entries(corpus)) writeFileSync(join(dir, file), text);
    const context = { cwd: dir, root: dir, maxFileBytes: 1 << 20, defaults: new Map() };
    const inline = await parseFiles(files, context, { workers: 0 });
    const threaded = await parseFiles(files, context, { workers: 1 });
    expect(threaded.workerThreads).toBe(1);
    expect(threaded.results).toStrictEqual(inline.results);
    expect(JSON.stringify(threaded.results)).toBe(JSON.stringify(inline.results));
    const outcome = (result: (typeof inline.results)[number]) => ({
      title: result?.item?.fields.title ?? null,
      problems: (result?.problems ?? []).map(
        (problem) => `${problem.file}:${problem.line}:${problem.column} ${problem.code}`,
      ),
    });
    expect(inline.results.map(outcome)).toEqual([
      { title: 'Plain', problems: [] },
      { title: '2026', problems: [] },
      { title: 'Binary seed', problems: ['binary.yml:4:18 yaml_tag'] },
      { title: null, problems: ['set.yml:2:17 yaml_tag', 'set.yml:2:17 wrong_type'] },
      { title: null, problems: ['omap.yml:2:21 yaml_tag', 'omap.yml:2:21 wrong_type'] },
      { title: null, problems: ['pairs.yml:2:22 yaml_tag', 'pairs.yml:2:22 wrong_type'] },
      { title: 'A date', problems: ['timestamp.yml:3:19 yaml_tag', 'timestamp.yml:2:1 ineffective_publish'] },
      { title: 'Tagged', problems: ['custom.yml:1:16 yaml_tag'] },
      { title: 'Aliased', problems: ['aliased.yml:3:20 yaml_tag'] },
    ]);
    // The tagged value is read as written, and the tag is a warning that says so.
    expect(inline.results[2]?.item?.fields.fine_tuning).toEqual({ seed: 'aGVsbG8=' });
    expect(inline.results[2]?.problems[0]?.severity).toBe('warning');
    expect(inline.results[2]?.problems[0]?.message).toBe(
      'the YAML tag "!!binary" is not read in a manifest: the value is taken as written; remove the tag (only !!str, !!int, !!float, !!bool, !!null, !!map and !!seq are read)',
    );
  });

  it('parses on the main thread what a failing worker took', async () => {
    const dir = tempDirSync('cac-parse-pool-');
    const crashing = join(dir, 'crash.mjs');
    writeFileSync(
      crashing,
      "import { parentPort } from 'node:worker_threads';\nparentPort.on('message', () => { throw new Error('boom'); });\n",
    );
    const files = Array.from({ length: 250 }, (_, index) => `video-${index}.yml`);
    for (const [index, file] of files.entries()) writeFileSync(join(dir, file), `title: Video ${index}\n`);
    const context = { cwd: dir, root: dir, maxFileBytes: 1 << 20, defaults: new Map() };
    const parsed: string[] = [];
    const { results, workerThreads } = await parseFiles(files, context, {
      workers: 2,
      workerScript: crashing,
      onParsed: ({ file }) => parsed.push(file),
    });
    expect(results.map((result) => result?.item?.fields.title)).toEqual(
      files.map((_, index) => `Video ${index}`),
    );
    expect(parsed.sort()).toEqual([...files].sort());
    expect(workerThreads).toBe(0);
  });

  it('starts its worker once the count a walk has reached calls for one, before the files are known', async () => {
    const dir = tempDirSync('cac-parse-grow-');
    const files = ['a.yml', 'b.yml'];
    for (const file of files) writeFileSync(join(dir, file), `title: ${file}\n`);
    const context = { cwd: dir, root: dir, maxFileBytes: 1 << 20, defaults: new Map() };
    const small = new Parsing(0);
    small.grow(1999);
    expect((await small.parse(files, context)).workerThreads).toBe(0);
    const large = new Parsing(0);
    large.grow(2000);
    const { results, workerThreads } = await large.parse(files, context);
    expect(workerThreads).toBe(1);
    expect(results.map((result) => result?.item?.fields.title)).toEqual(files);
  });

  it('parses on the main thread what a worker started early would have, when it ended before it had files', async () => {
    const dir = tempDirSync('cac-parse-pool-');
    const ending = join(dir, 'ends.mjs');
    writeFileSync(ending, 'process.exit(0);\n');
    const files = Array.from({ length: 250 }, (_, index) => `video-${index}.yml`);
    for (const [index, file] of files.entries()) writeFileSync(join(dir, file), `title: Video ${index}\n`);
    const parsing = new Parsing(files.length, { workers: 2, workerScript: ending });
    const context = { cwd: dir, root: dir, maxFileBytes: 1 << 20, defaults: new Map() };
    const { results, workerThreads } = await parsing.parse(files, context);
    expect(results.map((result) => result?.item?.fields.title)).toEqual(
      files.map((_, index) => `Video ${index}`),
    );
    expect(workerThreads).toBe(0);
  });

  it('rejects with what the caller threw as a batch came back, rather than throw it from the worker', async () => {
    const files = Array.from({ length: 150 }, (_, index) => `video-${index}.yml`);
    const dir = tempDirSync('cac-parse-pool-');
    for (const [index, file] of files.entries()) writeFileSync(join(dir, file), `title: Video ${index}\n`);
    const context = { cwd: dir, root: dir, maxFileBytes: 1 << 20, defaults: new Map() };
    const failing = parseFiles(files, context, {
      workers: 1,
      onParsed: () => {
        throw new Error('the caller failed');
      },
    });
    await expect(failing).rejects.toThrow('the caller failed');
  });
});
