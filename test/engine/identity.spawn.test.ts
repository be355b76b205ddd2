// Identity over HTTP: renames through git history, drift, unmanaged items,
// duplicate remote titles, shards and PR script previews adopted on merge.
import { afterEach, describe, expect, it } from 'vitest';
import type { PreviousVersions } from '../../src/git/earlier-versions.ts';
import { gitPreviousVersions } from '../../src/git/history.ts';
import { PUBLISHED, manifest, startHarness, type Harness } from '../support/engine-harness.ts';
import { git } from '../support/git.ts';

let h: Harness | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
});

describe('renames', () => {
  it('a title renamed in a manifest renames the item found through git history', async () => {
    h = await startHarness();
    await h.write('a.yml', manifest('Old name', PUBLISHED));
    git(h.dir, 'init', '-q');
    git(h.dir, 'add', '.');
    git(h.dir, 'commit', '-qm', 'base');
    const base = git(h.dir, 'rev-parse', 'HEAD');
    await h.run();
    const [before] = h.emulator.admin.items();

    await h.write('a.yml', manifest('New name', PUBLISHED).replace('About New name.', 'About Old name.'));
    const report = await h.run({ previous: gitPreviousVersions(h.dir, base) });
    expect(report.plan?.items[0]).toMatchObject({ match: 'renamed', renamedFrom: 'Old name' });
    expect(report.plan?.items[0]?.steps).toEqual([
      {
        kind: 'edit',
        changes: [{ field: 'title', from: 'Old name', to: 'New name' }],
        cancelGeneration: false,
        send: expect.any(Object) as object,
      },
    ]);
    expect(report.plan?.unmanaged).toEqual([]);
    const after = h.emulator.admin.items();
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ id: before?.id, title: 'New name', uploadDispatches: 1 });
  });
});

describe('earlier versions read only where a rename is possible', () => {
  it('asks for none when every remote item is claimed by a current title, and for each candidate once one is not', async () => {
    h = await startHarness();
    const asked: string[] = [];
    const previous: PreviousVersions = {
      read: (file) => {
        asked.push(file);
        return Promise.resolve(file === 'content/renamed.yml' ? manifest('Orphan') : null);
      },
    };
    for (const name of ['a', 'b', 'c'])
      await h.write(`${name}.yml`, manifest(`New ${name}`, 'stage: draft\n'));
    // A first apply: nothing on the service, so no manifest can have been renamed from anything.
    const first = await h.run({ previous });
    expect(first.fatal).toBeNull();
    expect(asked).toEqual([]);

    // An item no manifest claims: the manifests whose titles are not on the service are candidates.
    h.emulator.admin.addLegacyItem({ title: 'Orphan', full_text: 'About Orphan.' });
    await h.write(
      'renamed.yml',
      manifest('Renamed', 'stage: draft\n').replace('About Renamed.', 'About Orphan.'),
    );
    const second = await h.run({ mode: 'plan', previous });
    expect(asked).toEqual(['content/renamed.yml']);
    expect(second.plan?.items.find((item) => item.file === 'content/renamed.yml')).toMatchObject({
      match: 'renamed',
      renamedFrom: 'Orphan',
    });
  });
});

describe('renames across several commits', () => {
  it('a rename whose own run applied nothing is still found in the file history', async () => {
    h = await startHarness();
    await h.write('a.yml', manifest('First name', PUBLISHED));
    git(h.dir, 'init', '-q');
    git(h.dir, 'add', '.');
    git(h.dir, 'commit', '-qm', 'first');
    await h.run();
    const [before] = h.emulator.admin.items();

    // Renamed in one commit whose run never applied, then edited again in the next.
    await h.write(
      'a.yml',
      manifest('Second name', PUBLISHED).replace('About Second name.', 'About First name.'),
    );
    git(h.dir, 'commit', '-qam', 'rename');
    const renamed = git(h.dir, 'rev-parse', 'HEAD');
    await h.write(
      'a.yml',
      manifest('Second name', `description: Later\n${PUBLISHED}`).replace(
        'About Second name.',
        'About First name.',
      ),
    );
    git(h.dir, 'commit', '-qam', 'describe');

    // The push's base is the rename commit, where the title is already the new one.
    const report = await h.run({ previous: gitPreviousVersions(h.dir, renamed) });
    expect(report.plan?.items[0]).toMatchObject({ match: 'renamed', renamedFrom: 'First name' });
    const after = h.emulator.admin.items();
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ id: before?.id, title: 'Second name', description: 'Later' });
  });
});

describe('drift', () => {
  it('a script change of a published video is drift, not a render; a title edit still applies', async () => {
    h = await startHarness();
    await h.write('a.yml', manifest('Drifting', PUBLISHED));
    await h.run();
    await h.write(
      'a.yml',
      `title: Drifting\ndescription: Now described.\nfull_text: Rewritten.\n${PUBLISHED}`,
    );
    const report = await h.run();
    expect(report.plan?.items[0]?.drift).toEqual([
      { field: 'full_text', remote: 'About Drifting.', desired: 'Rewritten.' },
    ]);
    expect(report.plan?.items[0]?.steps).toMatchObject([
      { kind: 'edit', changes: [{ field: 'description' }] },
    ]);
    const [item] = h.emulator.admin.items();
    expect(item).toMatchObject({
      description: 'Now described.',
      full_text: 'About Drifting.',
      status: 'UPLOADED',
    });
    expect(item).toMatchObject({ generationDispatches: 1, uploadDispatches: 1 });
  });
});

describe('unmanaged, duplicates and shards', () => {
  it('lists unclaimed items as unmanaged and never touches them', async () => {
    h = await startHarness();
    const stranger = h.emulator.admin.addLegacyItem({ title: 'Someone else' });
    await h.write('a.yml', manifest('Mine'));
    const report = await h.run();
    expect(report.plan?.unmanaged).toEqual([
      { id: stranger.id, title: 'Someone else', status: 'READY_FOR_UPLOAD' },
    ]);
    expect(h.requests().filter((line) => line.includes(stranger.id))).toEqual([]);
  });

  it('two remote items with one title is an error naming both ids, and nothing is written', async () => {
    h = await startHarness();
    const one = h.emulator.admin.addLegacyItem({ title: 'Twin' });
    const two = h.emulator.admin.addLegacyItem({ title: 'Twin' });
    await h.write('a.yml', manifest('Twin', 'description: changed\n'));
    await h.write('b.yml', manifest('Innocent'));
    const report = await h.run();
    const problem = report.problems.find((entry) => entry.code === 'duplicate_remote_title');
    expect(problem?.file).toBe('content/a.yml');
    expect(problem?.message).toContain(one.id);
    expect(problem?.message).toContain(two.id);
    expect(report.result).toBeNull();
    expect(h.requests().filter((line) => !line.startsWith('GET'))).toEqual([]);
  });

  it('shards split the manifests deterministically and never list unmanaged items', async () => {
    h = await startHarness();
    const names = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
    for (const name of names) await h.write(`${name}.yml`, manifest(`Shard ${name}`));
    const first = await h.run({ shard: { index: 1, count: 2 } });
    const second = await h.run({ shard: { index: 2, count: 2 } });
    const files = [...(first.plan?.items ?? []), ...(second.plan?.items ?? [])]
      .map((item) => item.file)
      .sort();
    expect(files).toEqual(names.map((name) => `content/${name}.yml`));
    expect(second.plan?.unmanaged).toEqual([]);
    expect(h.emulator.admin.items()).toHaveLength(names.length);
    const again = await h.run({ shard: { index: 1, count: 2 } });
    expect(again.plan?.items.map((item) => item.file)).toEqual(first.plan?.items.map((item) => item.file));
    expect(again.plan?.items.every((item) => item.steps.length === 0)).toBe(true);
  });
});

describe('shards and errors', () => {
  it('no shard writes while a manifest of another shard has an error', async () => {
    h = await startHarness();
    const names = ['a', 'b', 'c', 'd', 'e', 'f'];
    for (const name of names) await h.write(`${name}.yml`, manifest(`Shard ${name}`));
    // Find a manifest of shard 2 and give it an account that does not exist.
    const second = await h.run({
      mode: 'plan',
      shard: { index: 2, count: 2 },
      permissions: { write: false, render: false, publish: false },
    });
    const victim = second.plan!.items[0]!.file.replace('content/', '');
    await h.write(
      victim,
      manifest(
        `Shard ${victim}`,
        'stage: published\npublish:\n  accounts:\n    - { platform: YouTube, name: Nobody }\n',
      ),
    );
    const first = await h.run({ shard: { index: 1, count: 2 } });
    expect(first.problems).toMatchObject([{ code: 'unknown_account', file: `content/${victim}` }]);
    expect(h.emulator.admin.items()).toHaveLength(0);
  });
});

describe('PR script previews', () => {
  it('a draft created by a preview is adopted on merge and its reviewed script rendered as it is', async () => {
    h = await startHarness();
    await h.write('a.yml', manifest('Reviewed', PUBLISHED));
    const preview = await h.run({
      mode: 'plan',
      permissions: { write: true, render: false, publish: false },
    });
    expect(preview.result?.items[0]).toMatchObject({ outcome: 'created' });
    const script = preview.plan?.items[0]?.script.remote;
    expect(script).toBeTruthy();
    const [draft] = h.emulator.admin.items();
    expect(draft).toMatchObject({ generationDispatches: 0, status: 'NEW', textover: script });

    const merged = await h.run();
    expect(merged.plan?.items[0]).toMatchObject({ match: 'title' });
    expect(merged.plan?.items[0]?.steps).toMatchObject([{ kind: 'render', reason: 'never_rendered' }]);
    const [item] = h.emulator.admin.items();
    expect(item).toMatchObject({ id: draft?.id, textover: script, status: 'UPLOADED' });
    expect(h.emulator.admin.items()).toHaveLength(1);
  });

  it('a preview never edits an item that was already rendered or published', async () => {
    h = await startHarness();
    await h.write('a.yml', manifest('Live video', PUBLISHED));
    await h.run();
    const [live] = h.emulator.admin.items();
    expect(live).toMatchObject({ status: 'UPLOADED' });

    await h.write('a.yml', manifest('Live video', `description: Edited on a branch\n${PUBLISHED}`));
    const preview = await h.run({
      mode: 'plan',
      permissions: { write: true, render: false, publish: false, draftsOnly: true },
    });
    expect(preview.plan?.items[0]?.steps).toMatchObject([{ kind: 'edit' }]);
    const [after] = h.emulator.admin.items();
    expect(after?.description).toBe(live?.description);
    expect(after?.updated_at).toBe(live?.updated_at);
  });

  it('a preview leaves the title of a draft alone: other runs find the item by it until the merge', async () => {
    h = await startHarness();
    const preview = {
      mode: 'plan' as const,
      permissions: { write: true, render: false, publish: false, draftsOnly: true },
    };
    await h.write('a.yml', manifest('Draft A'));
    await h.run(preview);
    const [draft] = h.emulator.admin.items();
    await h.write('a.yml', `id: ${draft!.id}\n${manifest('Draft B', 'description: Reworded\n')}`);
    // Main's manifest sets the description: a preview may change it (src/plan/permissions.ts).
    const atBase = manifest('Draft A', 'description: As on main\n');
    const previous = {
      read: async (file: string) => (file === 'content/a.yml' ? atBase : null),
      readable: async () => true,
    };
    const report = await h.run({ ...preview, previous });
    expect(report.plan?.items[0]?.steps).toMatchObject([{ kind: 'edit' }]);
    const [after] = h.emulator.admin.items();
    expect(after).toMatchObject({ id: draft!.id, title: 'Draft A', description: 'Reworded' });
  });

  it('plan mode without write permission sends nothing', async () => {
    h = await startHarness();
    await h.write('a.yml', manifest('Only planned', PUBLISHED));
    const report = await h.run({
      mode: 'plan',
      permissions: { write: false, render: false, publish: false },
    });
    expect(report.plan?.items[0]?.steps.map((step) => step.kind)).toEqual(['create', 'render']);
    expect(report.plan?.publications).toBe(1);
    expect(report.result).toBeNull();
    expect(h.requests().filter((line) => !line.startsWith('GET'))).toEqual([]);
  });

  it('validate mode needs no service', async () => {
    h = await startHarness();
    await h.write('a.yml', manifest('Validated'));
    const report = await h.run({ mode: 'validate', client: undefined });
    expect(report.load.items).toHaveLength(1);
    expect(report.plan).toBeNull();
    expect(h.requests()).toEqual([]);
  });
});

describe('accounts', () => {
  it('an unknown account name is an error at the selector, with a did-you-mean, and nothing is sent', async () => {
    h = await startHarness();
    await h.write(
      'a.yml',
      manifest(
        'Wrong account',
        'stage: published\npublish:\n  accounts:\n    - { platform: YouTube, name: Ocean Fact }\n',
      ),
    );
    const report = await h.run();
    const problem = report.problems.find((entry) => entry.code === 'unknown_account');
    expect(problem).toMatchObject({ file: 'content/a.yml', line: 6, severity: 'error' });
    expect(problem?.message).toContain('Did you mean "Ocean Facts"?');
    expect(report.result).toBeNull();
    expect(h.requests().filter((line) => !line.startsWith('GET'))).toEqual([]);
  });
});
