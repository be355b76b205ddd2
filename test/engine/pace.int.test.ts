// Generation at the pace the service states (A41): read once from
// GET /subscription/current before the first generation request, and only
// by runs that generate; a subscription that cannot be read is a note.
import { afterEach, describe, expect, it } from 'vitest';
import { holdText } from '../../src/report/words.ts';
import { PUBLISHED, manifest, startHarness, type Harness } from '../support/engine-harness.ts';

let h: Harness | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
});

const SUBSCRIPTION = 'GET /v1/subscription/current';
const isGeneration = (line: string): boolean => /^POST \/v1\/(gen\/|contents\/upload\/)/.test(line);

describe('the stated pace', () => {
  it('is read once, before the first generation request, and every item is published once', async () => {
    h = await startHarness({ rateLimit: { requests: 2, windowSeconds: 2 } });
    const names = ['a', 'b', 'c', 'd'];
    for (const name of names) await h.write(`${name}.yml`, manifest(`Paced ${name}`, PUBLISHED));
    const report = await h.run({ concurrency: 4 });
    expect(report.result?.items.map((item) => item.outcome)).toEqual(names.map(() => 'published'));
    const requests = h.requests();
    expect(requests.filter((line) => line === SUBSCRIPTION)).toHaveLength(1);
    expect(requests.indexOf(SUBSCRIPTION)).toBeLessThan(requests.findIndex(isGeneration));
    for (const item of h.emulator.admin.items()) {
      expect(item).toMatchObject({ generationDispatches: 1, uploadDispatches: 1 });
    }
    expect(report.notes).toEqual([]);
  });

  it('is not read by a run that generates nothing', async () => {
    h = await startHarness({ rateLimit: { requests: 2, windowSeconds: 2 } });
    await h.write('a.yml', manifest('Only a draft'));
    const report = await h.run();
    expect(report.result?.items[0]?.outcome).toBe('created');
    expect(h.requests()).not.toContain(SUBSCRIPTION);
  });

  it('is a note when the subscription cannot be read, and generation goes on', async () => {
    h = await startHarness({ rateLimit: { requests: 2, windowSeconds: 2 } });
    h.emulator.admin.injectFault({
      method: 'GET',
      path: '/v1/subscription/current',
      fault: { kind: 'status', status: 403, body: { error: 'insufficient_scope', required: ['billing'] } },
    });
    await h.write('a.yml', manifest('Unpaced', PUBLISHED));
    const report = await h.run();
    expect(report.result?.items[0]?.outcome).toBe('published');
    expect(report.notes).toEqual([
      expect.stringMatching(
        /^The subscription could not be read \(.*403.*\); generation requests keep to the pace the service's 429s show\.$/,
      ),
    ]);
  });

  it("never waits for a slot past the run's deadline: the item is held for the next run, nothing sent", async () => {
    // One generation a day: the second item's slot is long after this run's deadline.
    h = await startHarness({ rateLimit: { requests: 1, windowSeconds: 86_400 } });
    await h.write('a.yml', manifest('First of the day', PUBLISHED));
    await h.write('b.yml', manifest('Second of the day', PUBLISHED));
    const report = await h.run({ concurrency: 1, timeoutMs: 2_000 });
    const items = report.result!.items;
    // The second is created (creates are not paced), and its render waits for the next run.
    expect(items.map((item) => item.outcome)).toEqual(['published', 'created']);
    const second = report.plan!.items.find((item) => item.file === 'content/b.yml')!;
    expect(second.title).toBe('Second of the day');
    expect(items[1]!.holds?.map(holdText)).toEqual([
      expect.stringMatching(
        /^not sent in this run: the service's pace allows the next generation at .+, after this run's deadline; the next run sends it$/,
      ),
    ]);
    const dispatches = h.emulator.admin.items().map((item) => [item.title, item.generationDispatches]);
    expect(dispatches.sort()).toEqual([
      ['First of the day', 1],
      ['Second of the day', 0],
    ]);
  }, 20_000);
});
