import { afterEach, describe, expect, it } from 'vitest';
import { manifest, startHarness, type Harness } from '../support/engine-harness.ts';

// Reads that overlap: the detail reads of the items the manifests name start
// while the listing's later pages are still coming, and only the items the
// manifests name are read. What is planned still waits for the whole listing.

let harness: Harness | null = null;
afterEach(async () => {
  await harness?.close();
  harness = null;
});

describe('the engine reading a catalogue', () => {
  it('reads the details of listed items before the last listing page, and only those the manifests name', async () => {
    harness = await startHarness();
    // 350 items on the service (4 pages of 100 and the empty one); 300 named by manifests.
    for (let index = 0; index < 350; index++) {
      harness.emulator.admin.addLegacyItem({ title: `Video ${index}`, full_text: `About Video ${index}.` });
    }
    for (let index = 0; index < 300; index++)
      await harness.write(`v${index}.yml`, manifest(`Video ${index}`));
    harness.emulator.admin.setLatency(5);
    harness.emulator.admin.clearRequestLog();

    const report = await harness.run({
      mode: 'plan',
      permissions: { write: false, render: false, publish: false },
    });
    expect(report.fatal).toBeNull();
    expect(report.plan?.items.filter((item) => item.remote !== null)).toHaveLength(300);
    expect(report.plan?.unmanaged).toHaveLength(50);

    const requests = harness.requests();
    const listings = requests.flatMap((request, at) => (request === 'GET /v1/contents' ? [at] : []));
    const details = requests.flatMap((request, at) =>
      /^GET \/v1\/contents\/[^/]+$/.test(request) ? [at] : [],
    );
    expect(listings.length).toBeGreaterThanOrEqual(4);
    // Exactly one read per named item, the first sent before the listing's last page was asked for.
    expect(details).toHaveLength(300);
    expect(details[0]!).toBeLessThan(listings.at(-1)!);
  });
});
