import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { costProblem, MAX_ENTRIES, MAX_KEYS_PER_MAPPING } from '../../src/manifest/cost.ts';
import { formatProblem } from '../../src/manifest/format.ts';
import { loadManifests, parseManifest } from '../../src/manifest/index.ts';
import { withCpuTime } from '../support/cpu-time.ts';
import { tempDir } from '../support/temp-dir.ts';

// A manifest costs at most a bounded amount to read, whatever its YAML holds.

const LIMIT = 1024 * 1024;

/** Just under the 1 MiB file limit: 60,000 keys under fine_tuning, block or flow style. */
function manyKeys(style: 'block' | 'flow', keys = 60_000): string {
  const names = Array.from({ length: keys }, (_, i) => `k${i}`);
  const text =
    style === 'block'
      ? `title: Many keys\nfine_tuning:\n${names.map((name) => `  ${name}: 1\n`).join('')}`
      : `title: Many keys\nfine_tuning: {${names.map((name) => `${name}: 1`).join(', ')}}\n`;
  expect(text.length).toBeLessThan(LIMIT);
  return text;
}

describe('manifest cost limits', () => {
  it('rejects 60,000 keys under fine_tuning in well under a second, at file:line', async () => {
    const cwd = await tempDir('cac-cost-');
    await writeFile(join(cwd, 'block.yml'), manyKeys('block'));
    await writeFile(join(cwd, 'flow.yml'), manyKeys('flow'));
    const { value: result, cpuMs } = await withCpuTime(() => loadManifests({ cwd, pattern: '*.yml' }));
    expect(result.problems.map(formatProblem)).toEqual([
      `block.yml:${MAX_KEYS_PER_MAPPING + 3}:3: error: more than ${MAX_KEYS_PER_MAPPING} keys or items in one mapping or list here; a manifest needs far fewer, and reading this file would cost too much, so it was not read`,
      expect.stringMatching(
        new RegExp(
          `^flow\\.yml:2:\\d+: error: more than ${MAX_KEYS_PER_MAPPING} entries in one flow mapping`,
        ),
      ),
    ]);
    expect(cpuMs).toBeLessThan(300);
  });

  it('the full parser refuses them too, as fast', async () => {
    const text = manyKeys('block');
    const { value: result, cpuMs } = await withCpuTime(() => parseManifest('many.yml', text));
    expect(cpuMs).toBeLessThan(300);
    expect(result.item).toBeNull();
    expect(result.problems.map((p) => [p.code, p.line])).toEqual([['too_complex', MAX_KEYS_PER_MAPPING + 3]]);
  });

  it('counts keys per mapping, not per file: many small mappings pass until the file total', () => {
    const item = (i: number) => `  - name: n${i}\n    value: ${i}\n`;
    const within = `title: T\nlist:\n${Array.from({ length: 900 }, (_, i) => item(i)).join('')}`;
    expect(costProblem('a.yml', within)).toBeNull();
    const groups = Array.from(
      { length: 12 },
      (_, g) => `g${g}:\n${Array.from({ length: 900 }, (_, i) => `  k${i}: 1\n`).join('')}`,
    ).join('');
    expect(costProblem('b.yml', groups)?.message).toMatch(
      `more than ${MAX_ENTRIES} keys and items in the file`,
    );
  });

  it('does not count what a block scalar or a quoted string holds', () => {
    const dialogue = Array.from(
      { length: 5000 },
      (_, i) => `  Narrator ${i}: a line, [with] {brackets}\n`,
    ).join('');
    expect(costProblem('s.yml', `title: T\nscript: |\n${dialogue}stage: draft\n`)).toBeNull();
    const quoted = `title: T\nhashtags: ["a,]b", 'c,}d', e]\n`;
    expect(costProblem('q.yml', quoted)).toBeNull();
  });

  it('is not fooled by a quote or bracket inside a flow collection', () => {
    const hidden = `title: T\nfine_tuning: {"]": 1, ${Array.from({ length: 2000 }, (_, i) => `k${i}: 1`).join(', ')}}\n`;
    expect(costProblem('h.yml', hidden)?.code).toBe('too_complex');
    const explicit = `title: T\nfine_tuning:\n${Array.from({ length: 2000 }, (_, i) => `  ? k${i}\n  : 1\n`).join('')}`;
    expect(costProblem('e.yml', explicit)?.code).toBe('too_complex');
  });
});
