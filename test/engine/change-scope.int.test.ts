import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChangeScope } from '../../src/git/changes.ts';
import { manifest, startHarness, type Harness } from '../support/engine-harness.ts';

// A change's plan (a pull request's, `plan --changed-since`) is told the
// change by git, which compares the whole working tree: the engine reads the
// listing and the manifests meanwhile, and what it names waits for the change.

let h: Harness;
afterEach(async () => {
  await h?.close();
});

describe("a change's plan", () => {
  it('reads the listing before the change is known, then reads in detail only what the change touches', async () => {
    h = await startHarness();
    await h.write('a.yml', manifest('Touched'));
    await h.write('b.yml', manifest('Untouched'));
    expect((await h.run()).fatal).toBeNull();
    const idOf = (title: string) => h.emulator.admin.items().find((item) => item.title === title)!.id;
    const before = h.requests().length;
    const since = () => h.requests().slice(before);
    let tell!: (scope: ChangeScope | null) => void;
    const changes = new Promise<ChangeScope | null>((resolve) => (tell = resolve));
    const planning = h.run({ mode: 'plan', changes });
    await vi.waitFor(() => expect(since()).toContain('GET /v1/contents'), { timeout: 60_000 });
    tell({ base: 'main', changed: new Set(['content/a.yml']), touches: (file) => file === 'content/a.yml' });
    const report = await planning;
    expect(report.fatal).toBeNull();
    expect(report.scope).toEqual({ base: 'main', planned: 1, unread: 1 });
    expect(report.plan?.items.map((item) => item.title)).toEqual(['Touched']);
    expect(since()).toContain(`GET /v1/contents/${idOf('Touched')}`);
    expect(since()).not.toContain(`GET /v1/contents/${idOf('Untouched')}`);
  });

  it("asks for the bases of the manifests it plans as soon as the change is known, and no other file's", async () => {
    h = await startHarness();
    await h.write('a.yml', manifest('Touched'));
    await h.write('b.yml', manifest('Other shard or not touched'));
    const asked: string[] = [];
    const previous = {
      read: async (file: string) => {
        asked.push(file);
        return null;
      },
    };
    const changed = new Set(['content/a.yml', 'README.md', 'content/b.yml']);
    const report = await h.run({
      mode: 'plan',
      previous,
      changes: Promise.resolve({ base: 'main', changed, touches: (file) => file !== 'content/b.yml' }),
    });
    expect(report.fatal).toBeNull();
    expect(asked).toContain('content/a.yml');
    expect(asked).toContain('content/_defaults.yml');
    expect(asked).not.toContain('README.md');
    expect(asked).not.toContain('content/b.yml');
  });

  it('plans every manifest when git could not tell the change', async () => {
    h = await startHarness();
    await h.write('a.yml', manifest('One'));
    await h.write('b.yml', manifest('Two'));
    const report = await h.run({ mode: 'plan', changes: Promise.resolve(null) });
    expect(report.fatal).toBeNull();
    expect(report.scope).toBeUndefined();
    expect(report.plan?.items.map((item) => item.title).sort()).toEqual(['One', 'Two']);
  });

  describe('parses only what it touches when the change keeps every title and id of the base', () => {
    const READ_ONLY = { write: false, render: false, publish: false } as const;
    /** The base of each manifest, as git would read it; absent: new since. */
    const basesOf = (texts: Record<string, string>) => ({
      read: async (file: string) => texts[file] ?? null,
    });
    const change = (...touched: string[]): Promise<ChangeScope> =>
      Promise.resolve({ base: 'main', changed: new Set(touched), touches: (file) => touched.includes(file) });

    async function catalogue(): Promise<void> {
      h = await startHarness();
      await h.write('a.yml', manifest('Kept', 'description: new words\n'));
      await h.write('b.yml', manifest('Untouched'));
      await h.write('broken.yml', 'title: [unclosed\n');
      h.emulator.admin.addLegacyItem({ title: 'Made in the web app', full_text: 'Not ours.' });
    }

    it('and leaves the others unparsed: no problem of theirs, no unmanaged list, counted as not read', async () => {
      await catalogue();
      const report = await h.run({
        mode: 'plan',
        permissions: READ_ONLY,
        previous: basesOf({ 'content/a.yml': manifest('Kept') }),
        changes: change('content/a.yml'),
      });
      expect(report.fatal).toBeNull();
      expect(report.load.unparsed).toEqual(['content/b.yml', 'content/broken.yml']);
      expect(report.load.files).toEqual(['content/a.yml', 'content/b.yml', 'content/broken.yml']);
      expect(report.problems.filter((problem) => problem.severity === 'error')).toEqual([]);
      expect(report.scope).toEqual({ base: 'main', planned: 1, unread: 2 });
      expect(report.plan?.items.map((item) => item.title)).toEqual(['Kept']);
      expect(report.plan?.unmanaged).toEqual([]);
    });

    it.each([
      ['a title changed since the base', { 'content/a.yml': manifest('Before') }, ['content/a.yml']],
      [
        'an id pinned since the base',
        { 'content/a.yml': manifest('Kept', 'id: elsewhere\n') },
        ['content/a.yml'],
      ],
      ['a manifest new since the base', {}, ['content/a.yml']],
      ['a manifest deleted', { 'content/a.yml': manifest('Kept') }, ['content/a.yml', 'content/gone.yml']],
    ])('but parses them all after %s', async (_, bases: Record<string, string>, touched: string[]) => {
      await catalogue();
      const report = await h.run({
        mode: 'plan',
        permissions: READ_ONLY,
        previous: basesOf(bases),
        changes: change(...touched),
      });
      expect(report.load.unparsed).toBeUndefined();
      expect(report.problems.map((problem) => problem.file)).toContain('content/broken.yml');
      expect(report.plan?.unmanaged.map((item) => item.title)).toEqual(['Made in the web app']);
    });

    it('and parses them all when the plan writes script previews', async () => {
      await catalogue();
      const report = await h.run({
        mode: 'plan',
        permissions: { ...READ_ONLY, write: true },
        previous: basesOf({ 'content/a.yml': manifest('Kept') }),
        changes: change('content/a.yml'),
      });
      expect(report.load.unparsed).toBeUndefined();
      expect(report.problems.map((problem) => problem.file)).toContain('content/broken.yml');
    });
  });
});
