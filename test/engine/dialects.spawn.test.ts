// The engine's core flows against every dialect of the emulator: the client
// must be right about the service whatever it chose where the interface says
// "not shown" (docs/service-assumptions.md).
import { afterEach, describe, expect, it } from 'vitest';
import { DIALECTS, DIALECT_NAMES, type DialectName } from '../../src/emulator/dialects.ts';
import { gitPreviousVersions } from '../../src/git/history.ts';
import { git } from '../support/git.ts';
import { PUBLISHED, clientFor, manifest, startHarness, type Harness } from '../support/engine-harness.ts';

let h: Harness | null = null;
const extra: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(extra.splice(0).map((client) => client.close()));
  await h?.close();
  h = null;
});

/** A harness in `dialect`, whose client holds the scopes that dialect's content writes need. */
async function inDialect(dialect: DialectName, options: Parameters<typeof startHarness>[0] = {}) {
  const harness = await startHarness({ dialect, ...options });
  const scopes = [...new Set(['read', 'generate', DIALECTS[dialect].contentWrites] as const)];
  const client = clientFor(
    harness.emulator,
    harness.emulator.admin.createKey(harness.emulator.admin.defaultUserId, scopes),
  );
  extra.push(client);
  const run: Harness['run'] = (overrides = {}) => harness.run({ client, ...overrides });
  return { ...harness, client, run };
}

const writes = (harness: Harness): string[] => harness.requests().filter((line) => !line.startsWith('GET'));
const BLANK = {
  description: null,
  full_text: null,
  textover: null,
  hashtags: null,
  fine_tuning: null,
  persona_id: null,
};

for (const dialect of DIALECT_NAMES) {
  describe(`dialect ${dialect}`, () => {
    it('creates, publishes in one shot and stepwise, then a second apply sends nothing', async () => {
      const d = await inDialect(dialect);
      h = d;
      await d.write('draft.yml', manifest('Draft in dialect', 'description: First.\n'));
      await d.write('oneshot.yml', manifest('One shot in dialect', PUBLISHED));
      await d.write('stepwise.yml', manifest('Stepwise in dialect', `flow: stepwise\n${PUBLISHED}`));
      const first = await d.run();
      expect(first.fatal).toBeNull();
      expect(first.problems).toEqual([]);
      expect(Object.fromEntries(first.result!.items.map((item) => [item.title, item.outcome]))).toEqual({
        'Draft in dialect': 'created',
        'One shot in dialect': 'published',
        'Stepwise in dialect': 'published',
      });
      const mine = d.emulator.admin.items().filter((item) => item.title.endsWith('in dialect'));
      expect(mine).toHaveLength(3);
      for (const item of mine.filter((i) => i.title !== 'Draft in dialect'))
        expect(item).toMatchObject({ generationDispatches: 1, uploadDispatches: 1 });

      d.emulator.admin.clearRequestLog();
      const second = await d.run();
      expect(second.fatal).toBeNull();
      expect(second.result?.changed).toBe(false);
      expect(writes(d)).toEqual([]);
    });

    it('an edit keeps every field it does not manage, whether PUT is partial or replaces the item', async () => {
      const d = await inDialect(dialect);
      h = d;
      await d.write('a.yml', manifest('Kept fields', 'description: One.\nhashtags: [reef]\n'));
      await d.run();
      // The manifest stops managing hashtags and changes the description.
      await d.write('a.yml', manifest('Kept fields', 'description: Two.\n'));
      const report = await d.run();
      expect(report.fatal).toBeNull();
      expect(report.result?.items[0]?.outcome).toBe('updated');
      const [item] = d.emulator.admin.items().filter((i) => i.title === 'Kept fields');
      expect(item).toMatchObject({ description: 'Two.', hashtags: '#reef', full_text: 'About Kept fields.' });
    });

    it('a rename found in git history renames the item', async () => {
      const d = await inDialect(dialect);
      h = d;
      await d.write('a.yml', manifest('Old title'));
      git(d.dir, 'init', '-q');
      git(d.dir, 'add', '.');
      git(d.dir, 'commit', '-qm', 'base');
      const base = git(d.dir, 'rev-parse', 'HEAD');
      await d.run();
      await d.write('a.yml', manifest('New title').replace('About New title.', 'About Old title.'));
      const report = await d.run({ previous: gitPreviousVersions(d.dir, base) });
      expect(report.plan?.items[0]).toMatchObject({ match: 'renamed' });
      const titles = d.emulator.admin.items().map((item) => item.title);
      expect(titles).toContain('New title');
      expect(titles).not.toContain('Old title');
    });

    it('a failed render is reported with last_error and retried once on the next apply', async () => {
      const d = await inDialect(dialect, {
        failures: [{ titleIncludes: 'Flaky', phase: 'video', message: 'render farm hiccup', times: 1 }],
      });
      h = d;
      await d.write('a.yml', manifest('Flaky render', PUBLISHED));
      const first = await d.run();
      expect(first.result?.items[0]).toMatchObject({ outcome: 'failed', lastError: 'render farm hiccup' });
      const second = await d.run();
      expect(second.result?.items[0]).toMatchObject({ outcome: 'published' });
      expect(d.emulator.admin.items().filter((i) => i.title === 'Flaky render')).toHaveLength(1);
    });
  });
}

describe('listings that must be proven complete', () => {
  const existing = 250;
  for (const dialect of ['bare', 'meta', 'links'] as const) {
    it(`${existing} existing items in dialect ${dialect}: the plan matches every one and creates nothing`, async () => {
      const d = await inDialect(dialect);
      h = d;
      for (let i = 0; i < existing; i++) {
        await d.client.createContent({
          title: `Existing ${i}`,
          description: null,
          full_text: `About Existing ${i}.`,
          textover: null,
          hashtags: null,
          fine_tuning: null,
          persona_id: null,
        });
        await d.write(`item-${i}.yml`, manifest(`Existing ${i}`));
      }
      d.emulator.admin.clearRequestLog();
      const report = await d.run({
        mode: 'plan',
        permissions: { write: false, render: false, publish: false },
      });
      expect(report.fatal).toBeNull();
      const steps = report.plan!.items.flatMap((item) => item.steps);
      expect(steps).toEqual([]);
      expect(report.plan!.items.filter((item) => item.match === 'title')).toHaveLength(existing);
      expect(writes(d)).toEqual([]);
    });
  }

  async function ignoringPages(hint: 'none' | 'has_more'): Promise<Harness> {
    const d = await inDialect('reference', { listing: { ignorePage: true, hint, maxPageSize: 20 } });
    h = d;
    for (let i = 0; i < 30; i++) await d.client.createContent({ ...BLANK, title: `Existing ${i}` });
    await d.write('old.yml', manifest('Existing 3', 'description: changed\n'));
    await d.write('new.yml', manifest('Brand new', PUBLISHED));
    d.emulator.admin.clearRequestLog();
    return d;
  }

  it('a service that ignores the page asked for, saying nothing more: creates held, matched items applied', async () => {
    const d = await ignoringPages('none');
    const report = await d.run();
    expect(report.fatal).toBeNull();
    const byTitle = Object.fromEntries(report.plan!.items.map((item) => [item.title, item]));
    const holds = byTitle['Brand new']?.holds ?? [];
    expect(holds.map((hold) => hold.kind)).toEqual(['listing_incomplete']);
    expect(JSON.stringify(holds)).toMatch(
      /whatever page or offset is asked, so rows past the first 20 cannot be read/,
    );
    // Said once for the run, with what to do, not once per item.
    expect(report.notes.filter((note) => /not created in this run/.test(note))).toEqual([
      expect.stringMatching(
        /^1 new item\(s\) are not created in this run: GET \/contents could not be proven/,
      ),
    ]);
    expect(writes(d)).toEqual(['PUT /v1/contents/' + byTitle['Existing 3']!.remote!.id]);
  });

  it('a service that ignores the page asked for while saying there is more: a clear error and not one write', async () => {
    const d = await ignoringPages('has_more');
    const report = await d.run();
    expect(report.fatal).toMatch(/says there is more, but page \d repeats items already read/);
    expect(writes(d)).toEqual([]);
    expect(
      d.emulator.admin.requestLog.filter((entry) => entry.path.startsWith('/v1/contents?')),
    ).toHaveLength(3);
  });
});

describe('scopes are learned from the service, not guessed', () => {
  it('with read and generate, content writes go through where the service asks generate for them', async () => {
    h = await startHarness({ dialect: 'reference' });
    const scopes = (await h.client.introspect()).scopes;
    expect([...scopes].sort()).toEqual(['generate', 'read']);
    await h.write('a.yml', manifest('Default scopes', PUBLISHED));
    const report = await h.run();
    expect(report.fatal).toBeNull();
    expect(report.result?.items[0]?.outcome).toBe('published');
  });

  it('where content writes need write: the first write is refused, its required list quoted, nothing else sent', async () => {
    h = await startHarness({ dialect: 'meta' });
    for (const name of ['a', 'b', 'c'])
      await h.write(`${name}.yml`, manifest(`Needs write ${name}`, PUBLISHED));
    const report = await h.run({ concurrency: 4 });
    expect(report.fatal).toMatch(/lacks the scope write \(403\)/);
    expect(report.fatal).toMatch(/The key has read, generate/);
    expect(report.fatal).not.toContain(h.emulator.apiKey);
    const sent = h.emulator.admin.requestLog.filter((entry) => entry.method !== 'GET');
    expect(sent.map((entry) => `${entry.method} ${entry.path} ${entry.status}`)).toEqual([
      'POST /v1/contents 403',
    ]);
    expect(h.emulator.admin.items()).toEqual([]);
  });
});

describe('values beyond the interface stay local', () => {
  it('an unmanaged item in an unknown status and an account on an unknown platform block nothing else', async () => {
    const d = await inDialect('links');
    h = d;
    const threads = d.emulator.admin.items().length; // the dialect seeds one ARCHIVED item
    expect(threads).toBe(1);
    const accounts = (await d.client.listAccounts()).items;
    const odd = accounts.find((account) => account.platform === 'Threads')!;
    await d.write('ok.yml', manifest('Usual item', PUBLISHED));
    await d.write(
      'odd.yml',
      manifest('To Threads', `stage: published\npublish:\n  accounts:\n    - id: ${odd.id}\n`),
    );
    const report = await d.run();
    expect(report.fatal).toBeNull();
    expect(report.problems).toEqual([]);
    const byTitle = Object.fromEntries(report.plan!.items.map((item) => [item.title, item]));
    expect(byTitle['To Threads']?.holds).toEqual([
      { kind: 'unknown_value', field: 'account platform', value: 'Threads' },
    ]);
    expect(byTitle['To Threads']?.steps).toEqual([]);
    expect(report.plan!.unmanaged.map((item) => item.status)).toEqual(['ARCHIVED']);
    expect(report.result?.items.find((item) => item.title === 'Usual item')?.outcome).toBe('published');
    expect(d.emulator.admin.items().map((item) => item.title)).not.toContain('To Threads');
  });
});
