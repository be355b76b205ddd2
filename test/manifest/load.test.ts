import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PATTERN, formatProblem, loadManifests, parseManifest } from '../../src/manifest/index.ts';
import type { DesiredItem } from '../../src/manifest/index.ts';
import { tempDir } from '../support/temp-dir.ts';

const FIXTURES = fileURLToPath(new URL('../fixtures/manifests', import.meta.url));
const at = (file: string, line: number, column: number) => ({ file, line, column });

async function workspace(files: Record<string, string>): Promise<string> {
  const root = await tempDir('manifests-');
  for (const [name, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, name)), { recursive: true });
    await writeFile(path.join(root, name), text);
  }
  return root;
}

function byFile(items: DesiredItem[], file: string): DesiredItem {
  const item = items.find((i) => i.file === file);
  if (!item) throw new Error(`no item for ${file}`);
  return item;
}

describe('loading the good fixtures', () => {
  const load = () => loadManifests({ cwd: FIXTURES, pattern: 'good/**/*.{yml,yaml}' });

  it('finds the manifests in a stable order, without the defaults files, and no problem', async () => {
    const result = await load();
    expect(result.problems).toEqual([]);
    expect(result.files).toEqual(['good/ocean/octopus.yml', 'good/ocean/squid.yaml', 'good/plain.yml']);
    expect(result.items.map((i) => i.file)).toEqual(result.files);
  });

  it('normalizes a full manifest over two defaults files', async () => {
    const octopus = byFile((await load()).items, 'good/ocean/octopus.yml');
    const file = 'good/ocean/octopus.yml';
    expect(octopus).toMatchObject({
      file,
      location: at(file, 2, 1),
      id: '6f1c2e4a-0000-4000-8000-000000000001',
      stage: 'published',
      flow: 'stepwise',
    });
    expect(octopus.fields).toEqual({
      title: 'Why octopuses have three hearts',
      description: 'Three hearts, blue blood.',
      full_text: 'Octopuses have three hearts.\nTwo pump blood through the gills.\n',
      hashtags: '#ocean #science',
      persona_id: '0b7d-persona',
      fine_tuning: { tone: 'playful', depth: 2 },
    });
    expect(octopus.render).toEqual({
      video_id: 'stock',
      orientation: 'vertical',
      prefer_real_world: true,
      image_overlay_enabled: true,
      image_overlay_position: 'top',
      zoom_effect_enabled: true,
      subtitle_settings: { font: 'Inter' },
    });
    expect(octopus.publish).toEqual({
      // The manifest's list replaces the defaults' list; it is not appended to it.
      accounts: [
        { kind: 'id', id: '3f1c-account', location: at(file, 19, 7) },
        { kind: 'name', platform: 'TikTok', name: 'oceanfacts', location: at(file, 20, 7) },
      ],
      at: '2026-12-01T15:00:00.000Z',
      options: {
        privacy: 'unlisted',
        category: '27',
        made_for_kids: false,
        age_restricted: false,
        notify_subscribers: false,
        ai_disclosure: true,
        tiktok_post_mode: 'direct',
        tiktok_privacy: 'PUBLIC_TO_EVERYONE',
      },
    });
  });

  it('points inherited values at the defaults file they came from', async () => {
    const { items } = await load();
    const octopus = byFile(items, 'good/ocean/octopus.yml');
    expect(octopus.locations['publish.privacy']).toEqual(at('good/_defaults.yml', 8, 3));
    expect(octopus.locations['publish.category']).toEqual(at('good/ocean/_defaults.yml', 3, 3));
    expect(octopus.locations['flow']).toEqual(at('good/ocean/_defaults.yml', 1, 1));
    expect(octopus.locations['publish']).toEqual(at('good/ocean/octopus.yml', 17, 1));
    expect(octopus.locations['publish.at']).toEqual(at('good/ocean/octopus.yml', 21, 3));
    expect(octopus.locations['id']).toEqual(at('good/ocean/octopus.yml', 3, 1));

    const squid = byFile(items, 'good/ocean/squid.yaml');
    expect(squid.publish?.accounts).toEqual([
      { kind: 'name', platform: 'YouTube', name: 'Ocean Facts', location: at('good/_defaults.yml', 7, 7) },
    ]);
    expect(squid.locations['publish.accounts.0']).toEqual(at('good/_defaults.yml', 7, 7));
  });

  it('takes a hashtag string as written, trimmed, and fills every default', async () => {
    const squid = byFile((await load()).items, 'good/ocean/squid.yaml');
    expect(squid.fields).toEqual({
      title: 'How squid ink works',
      textover: 'Squid ink is mostly melanin.',
      hashtags: '#squid #ink',
      persona_id: '9a9a-persona',
    });
    expect(squid.publish?.at).toBeNull();
    expect(squid.publish?.options).toEqual({
      privacy: 'unlisted',
      category: '27',
      made_for_kids: false,
      age_restricted: false,
      notify_subscribers: true,
      ai_disclosure: true,
    });
  });

  it('keeps absent fields absent and does not warn about an inherited publish block on a draft', async () => {
    const plain = byFile((await load()).items, 'good/plain.yml');
    expect(plain.fields).toEqual({ title: 'A plain draft', hashtags: '#science' });
    expect(plain.stage).toBe('draft');
    expect(plain.flow).toBe('oneshot');
    expect(plain.render).toEqual({ video_id: 'stock', orientation: 'vertical', zoom_effect_enabled: true });
    expect(plain.publish?.options.category).toBe('22');
  });
});

describe('loadManifests on a workspace', () => {
  it('uses the default pattern, sorts by path and skips node_modules', async () => {
    const cwd = await workspace({
      'content/b.yml': 'title: B\n',
      'content/a/z.yaml': 'title: Z\n',
      'content/A.yml': 'title: Upper\n',
      'content/notes.txt': 'title: not a manifest\n',
      'content/node_modules/pkg/x.yml': 'not: a manifest\n',
      'elsewhere/c.yml': 'title: C\n',
    });
    const result = await loadManifests({ cwd, pattern: DEFAULT_PATTERN });
    expect(result.files).toEqual(['content/A.yml', 'content/a/z.yaml', 'content/b.yml']);
    expect(result.problems).toEqual([]);
  });

  it('reports every file at once, errors and warnings, sorted by file and line', async () => {
    const cwd = await workspace({
      'content/a.yml': 'title: A\nstage: publised\nflow: oneshot\nvideo: {zoom_effect: 1}\n',
      'content/b.yml': 'titel: B\n',
      'content/c.yml': 'title: C\n',
      'content/d.yml': 'title: D\npublish: {accounts: [{id: x}]}\n',
    });
    const result = await loadManifests({ cwd, pattern: 'content/*.yml' });
    expect(result.problems.map(formatProblem)).toEqual([
      'content/a.yml:2:8: error: stage "publised" is not one of draft, rendered, published; did you mean published?',
      'content/a.yml:4:22: error: video.zoom_effect must be true or false, not the number 1',
      'content/b.yml:1:1: error: titel is not a field; did you mean title?',
      'content/d.yml:2:1: warning: publish has no effect while stage is draft; set stage: published to publish',
    ]);
    expect(result.items.map((i) => i.file)).toEqual(['content/c.yml', 'content/d.yml']);
    expect(result.problems[0]).toEqual({
      severity: 'error',
      code: 'invalid_value',
      file: 'content/a.yml',
      line: 2,
      column: 8,
      field: 'stage',
      message: 'stage "publised" is not one of draft, rendered, published; did you mean published?',
    });
  });

  it('applies defaults from the workspace root down, even above the glob', async () => {
    const cwd = await workspace({
      '_defaults.yml': 'flow: stepwise\nvideo: {orientation: horizontal}\n',
      'content/_defaults.yaml': 'video: {source: archive}\n',
      'content/deep/x.yml': 'title: X\nvideo: {orientation: square}\n',
    });
    const { items, problems } = await loadManifests({ cwd, pattern: 'content/deep/*.yml' });
    expect(problems).toEqual([]);
    expect(items[0]).toMatchObject({
      flow: 'stepwise',
      render: { video_id: 'archive', orientation: 'square' },
    });
  });

  it('refuses two defaults files in one folder', async () => {
    const cwd = await workspace({
      'content/_defaults.yml': 'flow: stepwise\n',
      'content/_defaults.yaml': 'flow: oneshot\n',
      'content/x.yml': 'title: X\n',
    });
    const { items, problems } = await loadManifests({ cwd, pattern: DEFAULT_PATTERN });
    expect(problems.map(formatProblem)).toEqual([
      'content/_defaults.yaml:1:1: error: two defaults files in one folder; content/_defaults.yml applies, merge content/_defaults.yaml into it and remove it',
    ]);
    expect(items).toEqual([]);
  });

  it('matches nothing without complaint', async () => {
    const cwd = await workspace({});
    await expect(loadManifests({ cwd, pattern: DEFAULT_PATTERN })).resolves.toEqual({
      items: [],
      problems: [],
      files: [],
      outlines: [],
    });
  });

  it('reports a clash of titles and the rule of two fields beside the other mistakes of a manifest', async () => {
    const cwd = await workspace({
      'content/a.yml': [
        'title: Octopus hearts',
        'stage: published',
        'publish:',
        '  accounts:',
        '    - Ocean Facts',
        '    - { platform: TikTok, name: oceanfacts }',
        '  at: next tuesday',
        '  made_for_kids: true',
        '  age_restricted: true',
        '',
      ].join('\n'),
      'content/b.yml': 'title: Octopus hearts\n',
    });
    const result = await loadManifests({ cwd, pattern: DEFAULT_PATTERN });
    expect(result.problems.map((p) => [p.file, p.line, p.code])).toEqual([
      ['content/a.yml', 1, 'duplicate_title'],
      ['content/a.yml', 5, 'plain_string_account'],
      ['content/a.yml', 7, 'invalid_format'],
      ['content/a.yml', 9, 'kids_and_age_restricted'],
      ['content/b.yml', 1, 'duplicate_title'],
    ]);
    // b.yml is valid on its own, but its title is not its alone: it is not planned either.
    expect(result.items).toEqual([]);
    // What the service is asked about: the account written well, at its place in the list.
    expect(result.outlines.find((o) => o.file === 'content/a.yml')).toMatchObject({
      title: 'Octopus hearts',
      id: null,
      accounts: [{ index: 1, selector: { kind: 'name', platform: 'TikTok', name: 'oceanfacts' } }],
    });
  });

  it('rejects when the workspace itself does not exist', async () => {
    await expect(
      loadManifests({
        cwd: path.join(tmpdir(), 'no-such-workspace-for-manifests'),
        pattern: DEFAULT_PATTERN,
      }),
    ).rejects.toThrow(/ENOENT/);
  });
});

describe('parseManifest', () => {
  it('merges the given defaults under the manifest and keeps their positions', () => {
    const result = parseManifest(
      'content/x.yml',
      'title: X\npublish: {privacy: private}\nstage: published\n',
      [{ file: 'content/_defaults.yml', text: 'publish:\n  accounts: [{id: a1}]\n  privacy: public\n' }],
    );
    expect(result.problems).toEqual([]);
    expect(result.item?.publish?.options.privacy).toBe('private');
    expect(result.item?.publish?.accounts).toEqual([
      { kind: 'id', id: 'a1', location: at('content/_defaults.yml', 2, 14) },
    ]);
  });

  it('reports a problem of a defaults file in that file', () => {
    const result = parseManifest('x.yml', 'title: X\n', [{ file: '_defaults.yml', text: 'id: shared\n' }]);
    expect(result.problems.map(formatProblem)).toEqual([
      '_defaults.yml:1:1: error: id cannot be set in a defaults file; each manifest sets its own id',
    ]);
    expect(result.item).toBeNull();
  });

  it('normalizes publish.at to UTC and integer categories to strings', () => {
    const { item } = parseManifest(
      'x.yml',
      'title: X\nstage: published\npublish: {accounts: [{id: a}], at: "2026-06-30T23:30:00-02:00", category: 10}\n',
    );
    expect(item?.publish?.at).toBe('2026-07-01T01:30:00.000Z');
    expect(item?.publish?.options.category).toBe('10');
  });
});
