import { writeFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { manifestText } from '../../src/import/yaml-text.ts';
import { loadManifests } from '../../src/manifest/index.ts';
import { tempDir } from '../support/temp-dir.ts';

// Whatever the service holds, the written manifest loads back (through the
// project's own loader, fast path included) to the very same strings.

const awkward = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    'yes',
    'No',
    'on',
    'off',
    '~',
    'null',
    '1e3',
    '0x1F',
    '012',
    '1:20',
    '.inf',
    'key: value',
    '- item',
    '#tag',
    '  lead',
    'trail  ',
    '|',
    '>',
    '"',
    "'",
    '&a',
    '*a',
    '!tag',
    '%YAML',
    '---',
    '...',
  ),
  fc
    .array(
      fc.oneof(
        fc.string({ unit: 'grapheme', maxLength: 12 }),
        fc.constantFrom('', ' ', '  x', 'yes', 'a: b'),
      ),
      { maxLength: 5 },
    )
    .map((lines) => lines.join('\n')),
  fc
    .tuple(fc.string({ maxLength: 10 }), fc.constantFrom('', '\n', '\n\n', '\n\n\n', ' \n', '\r\n'))
    .map(([a, b]) => a + b),
);

describe('manifestText', () => {
  it('loads back every text exactly, through the manifest loader', async () => {
    const samples = fc.sample(fc.tuple(awkward, awkward, awkward), { numRuns: 200, seed: 17 });
    const dir = await tempDir('cac-yaml-text-');
    await mkdir(join(dir, 'content'));
    await Promise.all(
      samples.map(([full_text, description, textover], i) =>
        writeFile(
          join(dir, 'content', `m${i}.yml`),
          manifestText({ title: `Item ${i}`, full_text, description, textover }, { header: ['Imported.'] }),
        ),
      ),
    );
    const load = await loadManifests({ cwd: dir, pattern: 'content/**/*.yml' });
    expect(load.problems).toEqual([]);
    const byTitle = new Map(load.items.map((item) => [item.fields.title, item.fields]));
    samples.forEach(([full_text, description, textover], i) => {
      expect(byTitle.get(`Item ${i}`), `sample ${i}`).toEqual({
        title: `Item ${i}`,
        full_text,
        description,
        textover,
      });
    });
  });

  it('quotes what another YAML reader would take for a boolean or a number, and chomps blocks as the text ends', () => {
    const text = manifestText(
      { title: 'yes', a: 'on', b: '1:20', c: 'x\ny', d: 'x\n', e: 'x\n\n', f: 'plain words' },
      { header: [], inline: { f: 'a comment' } },
    );
    expect(text).toBe(
      'title: "yes"\na: "on"\nb: "1:20"\nc: |-\n  x\n  y\nd: |\n  x\ne: |+\n  x\n\nf: plain words # a comment\n',
    );
  });
});
