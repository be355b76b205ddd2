// The release file as the loader reads it from a workspace: found in the
// folder the manifests' glob starts in, never taken for a manifest, checked
// like a manifest (file:line:col, a "did you mean"), and its JSON Schema
// generated from the same zod schema and accepted by an editor's validator.
import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { RELEASE_SCHEMA_FILE, renderReleaseSchema } from '../../scripts/generate-schema.ts';
import { DEFAULT_PATTERN, formatProblem, loadManifests } from '../../src/manifest/index.ts';
import { blocksWrites } from '../../src/manifest/types.ts';
import { schemaValidator } from '../support/json-schema.ts';
import { ROOT } from '../support/runner.ts';
import { tempDir } from '../support/temp-dir.ts';

async function workspace(files: Record<string, string>): Promise<string> {
  const root = await tempDir('release-file-');
  for (const [name, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, name)), { recursive: true });
    await writeFile(path.join(root, name), text);
  }
  return root;
}

const EXAMPLE = readFileSync(path.join(ROOT, 'examples/release/_release.yml'), 'utf8');
const load = (cwd: string, pattern: string = DEFAULT_PATTERN) => loadManifests({ cwd, pattern });
const lines = (problems: Parameters<typeof formatProblem>[0][]): string[] => problems.map(formatProblem);

describe('the release file in a workspace', () => {
  it('is read from the manifests folder and is never a manifest, though the glob matches it', async () => {
    const cwd = await workspace({ 'content/_release.yml': EXAMPLE, 'content/a.yml': 'title: A\n' });
    const result = await load(cwd);
    expect(result.problems).toEqual([]);
    expect(result.files).toEqual(['content/a.yml']);
    expect(result.items.map((item) => item.file)).toEqual(['content/a.yml']);
    expect(result.release).toMatchObject({ file: 'content/_release.yml', paused: null, accounts: [] });
    expect(result.release?.warnPausedAfterMs).toBe(7 * 86_400_000);
  });

  it('reads the example: a weekend and a night in their zones, a holiday of whole days', async () => {
    const cwd = await workspace({ 'content/_release.yml': EXAMPLE, 'content/a.yml': 'title: A\n' });
    const windows = (await load(cwd)).release!.windows;
    expect(windows.map(({ location: _where, ...window }) => window)).toEqual([
      {
        kind: 'recurring',
        days: [0, 6],
        fromMinute: 0,
        untilMinute: 1440,
        timeZone: 'Europe/Paris',
        reason: 'No releases at weekends',
        holds: ['publish'],
      },
      {
        kind: 'recurring',
        days: [0, 1, 2, 3, 4, 5, 6],
        fromMinute: 22 * 60,
        untilMinute: 7 * 60,
        timeZone: 'America/New_York',
        reason: 'Nobody watches the comments at night',
        holds: ['publish'],
      },
      {
        kind: 'fixed',
        // Paris is an hour ahead of UTC in December: the 24th begins at 23:00 UTC on the 23rd.
        from: '2026-12-23T23:00:00.000Z',
        until: '2026-12-26T23:00:00.000Z',
        timeZone: 'Europe/Paris',
        reason: 'Christmas',
        holds: ['publish', 'render'],
      },
    ]);
    expect(windows[0]!.location).toEqual({ file: 'content/_release.yml', line: 19, column: 5 });
  });

  it('follows a glob that starts elsewhere, and refuses one met in another folder', async () => {
    const cwd = await workspace({
      'videos/_release.yml': 'paused: false\n',
      'videos/ocean/_release.yaml': 'paused: true\n',
      'videos/ocean/a.yml': 'title: A\n',
    });
    const result = await load(cwd, 'videos/**/*.{yml,yaml}');
    expect(result.release?.file).toBe('videos/_release.yml');
    expect(result.files).toEqual(['videos/ocean/a.yml']);
    expect(lines(result.problems)).toEqual([
      "videos/ocean/_release.yaml:1:1: error: a release file applies to the whole catalogue and is read only in the manifests' folder (videos/); move it there, or merge it into the one there",
    ]);
    // An error of the loader's own: nothing is sent while it stands.
    expect(result.problems.every(blocksWrites)).toBe(true);
  });

  it('reports every mistake at file:line:col with a "did you mean"', async () => {
    const cwd = await workspace({
      'content/a.yml': 'title: A\n',
      'content/_release.yml': [
        'paused: true',
        'freeze:',
        '  - every: [saturdy, sunday]',
        '    time_zone: Europe/Pari',
        '    reason: Weekend',
        '  - every: day',
        "    from: '25:00'",
        '    until: 06:00',
        '    time_zone: UTC',
        '    reason: Night',
        '    hold: [render]',
        '  - from: 2026-02-30',
        '    until: 2026-03-02',
        '    reason: Not a day',
        'paused_acounts: []',
        '',
      ].join('\n'),
    });
    const result = await load(cwd);
    expect(lines(result.problems)).toEqual([
      'content/_release.yml:1:9: error: paused is true without a reason and a since; add reason: (why) and since: (a date, like 2026-11-20) beside it, so that every run can say why and for how long',
      'content/_release.yml:3:13: error: freeze[0].every[0] "saturdy" is not one of sunday, monday, tuesday, wednesday, thursday, friday, saturday; did you mean saturday?',
      'content/_release.yml:4:16: error: freeze[0].time_zone "Europe/Pari" is not an IANA time zone; did you mean Europe/Paris?',
      'content/_release.yml:7:11: error: freeze[1].from "25:00" is not a time of day; write it as HH:MM on a 24-hour clock, like 22:00 (24:00 is midnight at the end of the day), in quotes',
      'content/_release.yml:11:5: error: freeze[1].hold is not a field; did you mean holds?',
      'content/_release.yml:12:11: error: freeze[2].from "2026-02-30" is neither a date nor an instant with a zone; write it like 2026-12-24 or 2026-12-24T18:00:00Z',
      'content/_release.yml:15:1: error: paused_acounts is not a field; did you mean paused_accounts?',
    ]);
    expect(result.release).toBeUndefined();
  });

  it('holds at most 100 freeze windows and 100 paused accounts, and says so at the first one past the cap', async () => {
    const window = (index: number) => `  - {every: day, time_zone: UTC, reason: Holiday ${index}}`;
    const account = (index: number) => `  - {id: acc_${index}, reason: Review, since: 2026-11-01}`;
    const release = (windows: number, accounts: number) =>
      [
        'freeze:',
        ...Array.from({ length: windows }, (_, index) => window(index)),
        'paused_accounts:',
        ...Array.from({ length: accounts }, (_, index) => account(index)),
        '',
      ].join('\n');
    const full = await workspace({
      'content/a.yml': 'title: A\n',
      'content/_release.yml': release(100, 100),
    });
    const fits = await load(full);
    expect(fits.problems).toEqual([]);
    expect(fits.release?.windows).toHaveLength(100);
    const over = await workspace({
      'content/a.yml': 'title: A\n',
      'content/_release.yml': release(101, 101),
    });
    const result = await load(over);
    expect(lines(result.problems)).toEqual([
      'content/_release.yml:102:5: error: freeze holds 101 windows; a release file may hold at most 100: merge windows that repeat (every: [saturday, sunday] is one window), or remove those that have passed',
      'content/_release.yml:204:5: error: paused_accounts names 101 accounts; a release file may name at most 100: pause the catalogue instead (paused: true), or remove accounts no longer paused',
    ]);
    expect(result.release).toBeUndefined();
  });

  it('refuses a window that ends before it starts, and one that never opens', async () => {
    const cwd = await workspace({
      'content/a.yml': 'title: A\n',
      'content/_release.yml': [
        'freeze:',
        '  - from: 2026-12-24T10:00:00Z',
        '    until: 2026-12-24T09:00:00Z',
        '    reason: Backwards',
        '  - every: [monday]',
        "    from: '08:00'",
        "    until: '08:00'",
        '    time_zone: UTC',
        '    reason: Never',
        '',
      ].join('\n'),
    });
    expect(lines((await load(cwd)).problems)).toEqual([
      'content/_release.yml:2:5: error: freeze[0] ends (until: 2026-12-24T09:00:00Z) before it starts (from: 2026-12-24T10:00:00Z); swap from and until, or fix the dates',
      'content/_release.yml:5:5: error: freeze[1] starts and ends at the same time (08:00); give it an until other than its from (24:00 for a whole day)',
    ]);
  });

  it('says a backwards window in the same run as the mistakes around it, in the dates as written', async () => {
    const cwd = await workspace({
      'content/a.yml': 'title: A\n',
      'content/_release.yml': [
        'freeze:',
        '  - from: 2026-12-26',
        '    until: 2026-12-24',
        '    time_zone: Europe/Paris',
        '    hold: [publish]',
        'paused_accounts:',
        '  - { platform: YouTube, name: Ocean Facts }',
        '',
      ].join('\n'),
    });
    expect(lines((await load(cwd)).problems)).toEqual([
      'content/_release.yml:2:5: error: freeze[0].reason is missing',
      'content/_release.yml:2:5: error: freeze[0] ends (until: 2026-12-24) before it starts (from: 2026-12-26) in Europe/Paris; swap from and until, or fix the dates',
      'content/_release.yml:5:5: error: freeze[0].hold is not a field; did you mean holds?',
      'content/_release.yml:7:5: error: paused_accounts[0].reason is missing',
      'content/_release.yml:7:5: error: paused_accounts[0].since is missing',
    ]);
  });

  it.each([
    ['weekends', 'write every: [saturday, sunday]'],
    ['weekdays', 'write every: [monday, tuesday, wednesday, thursday, friday]'],
    ['Sundays', 'write every: [sunday]'],
    ['daily', 'write every: day'],
    ['mondy', 'write every: [monday]'],
    ['fortnightly', 'write every: day, or the weekdays as a list, like [saturday, sunday]'],
  ])('says what to write for every: %s', async (word, advice) => {
    const cwd = await workspace({
      'content/a.yml': 'title: A\n',
      'content/_release.yml': `freeze:\n  - every: ${word}\n    time_zone: UTC\n    reason: Quiet\n`,
    });
    expect(lines((await load(cwd)).problems)).toEqual([
      `content/_release.yml:2:12: error: freeze[0].every "${word}" is not day or a list of weekdays; ${advice}`,
    ]);
  });

  it('accepts an empty release file, and reads a pause with its reason and since', async () => {
    const empty = await workspace({
      'content/_release.yml': '# nothing yet\n',
      'content/a.yml': 'title: A\n',
    });
    expect((await load(empty)).release).toMatchObject({ paused: null, windows: [], accounts: [] });
    const paused = await workspace({
      'content/_release.yml': 'paused: true\nreason: Brand review\nsince: 2026-11-20\n',
      'content/a.yml': 'title: A\n',
    });
    expect((await load(paused)).release?.paused).toEqual({
      reason: 'Brand review',
      since: '2026-11-20T00:00:00.000Z',
      location: { file: 'content/_release.yml', line: 1, column: 1 },
    });
  });
});

describe('paused in a manifest and in a _defaults.yml', () => {
  it('holds the manifest, or every manifest below the defaults file, and a manifest can lift it', async () => {
    const cwd = await workspace({
      'content/ocean/_defaults.yml': 'paused: {reason: Persona broken, since: 2026-11-02}\n',
      'content/ocean/a.yml': 'title: A\n',
      'content/ocean/b.yml': 'title: B\npaused: false\n',
      'content/c.yml': 'title: C\npaused: true\n',
      'content/d.yml': 'title: D\n',
    });
    const result = await load(cwd);
    expect(result.problems).toEqual([]);
    const paused = Object.fromEntries(result.items.map((item) => [item.file, item.paused ?? null]));
    expect(paused).toEqual({
      'content/c.yml': { reason: null, since: null, location: { file: 'content/c.yml', line: 2, column: 1 } },
      'content/d.yml': null,
      'content/ocean/a.yml': {
        reason: 'Persona broken',
        since: '2026-11-02T00:00:00.000Z',
        location: { file: 'content/ocean/_defaults.yml', line: 1, column: 1 },
      },
      'content/ocean/b.yml': null,
    });
  });

  it('says what to write for a misspelt pause', async () => {
    const cwd = await workspace({ 'content/a.yml': 'title: A\npasued: true\n' });
    expect(lines((await load(cwd)).problems)).toEqual([
      'content/a.yml:2:1: error: pasued is not a field; did you mean paused?',
    ]);
  });
});

describe('schema/release.schema.json', () => {
  it('is generated from the zod schema (npm run schema)', () => {
    expect(readFileSync(RELEASE_SCHEMA_FILE, 'utf8')).toBe(renderReleaseSchema());
  });

  it('accepts the example, and flags what the loader refuses, as an editor would', () => {
    const validate = schemaValidator('release.schema.json');
    expect(validate(parse(EXAMPLE))).toEqual([]);
    const wrong = validate(
      parse('freeze:\n  - every: [funday]\n    time_zone: UTC\n    reason: x\nsnooze: true\n'),
    );
    expect(wrong.map(({ keyword }) => keyword)).toEqual(expect.arrayContaining(['additionalProperties']));
    expect(wrong.some(({ instancePath }) => instancePath.startsWith('/freeze/0'))).toBe(true);
  });
});
