// Strictness in proportion to harm: a read the client could not make, or an
// answer it could not read, holds the items it concerns and nothing more. The
// run fails at the end when an item could not be handled, but every other
// item is planned and applied as usual, and no accepted write becomes a
// failure or a second write.
import { afterEach, describe, expect, it } from 'vitest';
import { PUBLISHED, manifest, startHarness, type Harness } from '../support/engine-harness.ts';

let h: Harness | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
});

const BLANK = {
  description: null,
  full_text: null,
  textover: null,
  hashtags: null,
  fine_tuning: null,
  persona_id: null,
};

const writes = (harness: Harness): string[] => harness.requests().filter((line) => !line.startsWith('GET'));
const serverError = { kind: 'status', status: 500 } as const;

describe('reads that fail hold what they concern', () => {
  it('an item whose detail cannot be read is held; the others are applied; the run fails at the end', async () => {
    h = await startHarness();
    const odd = await h.client.createContent({ ...BLANK, title: 'Unreadable one' });
    await h.write('odd.yml', manifest('Unreadable one', 'description: changed\n'));
    await h.write('ok.yml', manifest('Readable one', PUBLISHED));
    h.emulator.admin.injectFault({
      method: 'GET',
      path: `/v1/contents/${odd.id}`,
      times: Infinity,
      fault: serverError,
    });
    const report = await h.run();
    expect(report.fatal).toBeNull();
    expect(report.problems).toMatchObject([
      { code: 'unreadable_item', severity: 'error', itemOnly: true, file: 'content/odd.yml' },
    ]);
    expect(report.problems[0]?.message).toMatch(/failed \(GET \/contents\/[^:]+: the service failed \(500\)/);
    const outcomes = Object.fromEntries(report.result!.items.map((item) => [item.title, item.outcome]));
    expect(outcomes).toEqual({ 'Readable one': 'published', 'Unreadable one': 'unchanged' });
    expect(writes(h).some((line) => line.includes(odd.id))).toBe(false);
  });

  it('GET /accounts that cannot be read holds the items that name accounts, and only those', async () => {
    h = await startHarness();
    await h.write('draft.yml', manifest('Draft without accounts'));
    await h.write('pub.yml', manifest('Needs the accounts', PUBLISHED));
    h.emulator.admin.injectFault({
      method: 'GET',
      path: /^\/v1\/accounts/,
      times: Infinity,
      fault: serverError,
    });
    const report = await h.run();
    expect(report.fatal).toBeNull();
    expect(report.problems).toMatchObject([
      { code: 'accounts_unreadable', itemOnly: true, file: 'content/pub.yml' },
    ]);
    expect(report.result!.items.map((item) => [item.title, item.outcome])).toEqual([
      ['Draft without accounts', 'created'],
      ['Needs the accounts', 'unchanged'],
    ]);
    expect(h.emulator.admin.items().map((item) => item.title)).toEqual(['Draft without accounts']);
  });

  it('an account a listing not proven complete lacks is an error of its item alone', async () => {
    h = await startHarness({ listing: { paged: false } });
    // Twenty accounts answered at once, every time: a usual page size, so the listing proves nothing.
    for (let i = 0; i < 17; i++)
      h.emulator.admin.addAccount(h.emulator.admin.defaultUserId, {
        platform: 'YouTube',
        name: `Channel ${i}`,
      });
    await h.write('draft.yml', manifest('Another draft'));
    await h.write(
      'lost.yml',
      manifest(
        'Names a missing account',
        'stage: published\npublish:\n  accounts:\n    - { platform: YouTube, name: Gone }\n',
      ),
    );
    const report = await h.run();
    expect(report.problems).toMatchObject([
      { code: 'unknown_account', itemOnly: true, file: 'content/lost.yml' },
    ]);
    expect(report.problems[0]?.message).toMatch(/GET \/accounts was not proven complete/);
    expect(h.emulator.admin.items().map((item) => item.title)).toEqual(['Another draft']);
  });

  it('an account a complete listing lacks stops every write: the manifest is wrong', async () => {
    h = await startHarness();
    await h.write('draft.yml', manifest('A draft'));
    await h.write(
      'lost.yml',
      manifest(
        'Names a missing account',
        'stage: published\npublish:\n  accounts:\n    - { platform: YouTube, name: Gone }\n',
      ),
    );
    const report = await h.run();
    expect(report.problems).toMatchObject([{ code: 'unknown_account', severity: 'error' }]);
    expect(report.problems[0]?.itemOnly).toBeUndefined();
    expect(writes(h)).toEqual([]);
  });

  it('an introspection that cannot be read proves nothing: the writes go, and the service decides', async () => {
    h = await startHarness();
    await h.write('a.yml', manifest('Key unchecked', PUBLISHED));
    h.emulator.admin.injectFault({
      method: 'GET',
      path: '/v1/api-keys/introspect',
      fault: { kind: 'status', status: 200, body: { keys: 'not an introspection' } },
    });
    const report = await h.run();
    expect(report.fatal).toBeNull();
    expect(report.notes.join(' ')).toMatch(/key could not be checked before writing/);
    expect(report.result?.items[0]?.outcome).toBe('published');
  });

  it('task status in a shape no reading covers: the wait reads the detail view instead', async () => {
    h = await startHarness();
    await h.write('a.yml', manifest('Status elsewhere', `flow: stepwise\n${PUBLISHED}`));
    h.emulator.admin.injectFault({
      method: 'GET',
      path: /^\/v1\/gen\/task-status\//,
      times: Infinity,
      fault: { kind: 'status', status: 200, body: { phase: 'unknown shape' } },
    });
    const report = await h.run();
    expect(report.result?.items[0]).toMatchObject({ outcome: 'published', status: 'UPLOADED', error: null });
  });

  it('the listing read after the apply failing is a note: what was done is reported, and the run succeeds', async () => {
    h = await startHarness();
    await h.write('a.yml', manifest('Listed once'));
    // The listing before the plan, the looks for a race after the create and at its end; the fourth is the results'.
    h.emulator.admin.injectFault({
      method: 'GET',
      path: '/v1/contents',
      times: 3,
      fault: { kind: 'latency', ms: 0 },
    });
    h.emulator.admin.injectFault({
      method: 'GET',
      path: '/v1/contents',
      times: Infinity,
      fault: serverError,
    });
    const report = await h.run();
    expect(report.fatal).toBeNull();
    expect(report.result?.items[0]?.outcome).toBe('created');
    expect(report.notes.join(' ')).toMatch(/the listing read after them failed/);
  });
});

describe('an accepted write is never a failure, nor sent twice', () => {
  it('a create whose item cannot be read back: created once, the rest left for the next run', async () => {
    h = await startHarness();
    await h.write('a.yml', manifest('Created, unread', PUBLISHED));
    // Every attempt of the first read after the create (the client tries a 500 five times).
    h.emulator.admin.injectFault({
      method: 'GET',
      path: /^\/v1\/contents\/[^/?]+$/,
      times: 5,
      fault: serverError,
    });
    const report = await h.run();
    const [result] = report.result!.items;
    expect(result).toMatchObject({ outcome: 'created', error: null });
    expect(result?.holds).toMatchObject([{ kind: 'not_read_back' }]);
    expect(writes(h)).toEqual(['POST /v1/contents']);
    const next = await h.run();
    expect(next.result?.items[0]).toMatchObject({ outcome: 'published', status: 'UPLOADED' });
    expect(h.emulator.admin.items()).toHaveLength(1);
  });
});
