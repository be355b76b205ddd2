import { afterEach, describe, expect, it } from 'vitest';
import { manifest, PUBLISHED, startHarness, type Harness } from '../support/engine-harness.ts';

// An apply of many items tells how far it is: every item with work ends with
// its outcome and the running count, and every state change carries the
// count as it stood. Items with nothing to do are not counted.

let harness: Harness | null = null;
afterEach(async () => {
  await harness?.close();
  harness = null;
});

describe('the running count of an apply', () => {
  it('counts each item with work once, in the order they finish, with its outcome', async () => {
    harness = await startHarness();
    for (let index = 0; index < 6; index++)
      await harness.write(`v${index}.yml`, manifest(`Counted ${index}`, PUBLISHED));
    // Already as written: no work, so not counted.
    harness.emulator.admin.addLegacyItem({ title: 'Counted quiet', full_text: 'About Counted quiet.' });
    await harness.write('quiet.yml', manifest('Counted quiet', 'stage: draft\n'));

    const report = await harness.run({ concurrency: 3 });
    expect(report.fatal).toBeNull();

    const done = harness.logger.lines.filter((line) => line.startsWith('done '));
    expect(done.map((line) => line.split(' ')[1])).toEqual(['1/6', '2/6', '3/6', '4/6', '5/6', '6/6']);
    expect(done.map((line) => line.split(' ')[2]).sort()).toEqual(
      Array.from({ length: 6 }, (_, index) => `content/v${index}.yml`),
    );
    expect(new Set(done.map((line) => line.split(' ')[3]))).toEqual(new Set(['published']));
    // Each state change came with the count of the moment, never more than was done.
    expect(harness.logger.progressEvents.length).toBeGreaterThanOrEqual(6);
    expect(harness.logger.progressTallies.every((tally) => tally.total === 6 && tally.done <= 6)).toBe(true);
    expect(harness.logger.progressTallies.some((tally) => tally.done === 0)).toBe(true);
  });
});
