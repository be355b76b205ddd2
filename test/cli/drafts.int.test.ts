import { afterEach, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.ts';
import type { DraftsReport } from '../../src/import/drafts.ts';
import { manifest, PUBLISHED, startHarness, type Harness } from '../support/engine-harness.ts';
import { until } from '../support/until.ts';
import { memoryIO } from './io.ts';

// `content-as-code drafts`: what a pull request closed unmerged leaves in the
// service, listed for a person to decide: the unpublished items no manifest
// names, with when each last changed. It only reads.

let h: Harness;
afterEach(async () => {
  await h?.close();
});

async function drafts(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  const run = memoryIO({
    env: { CONTENT_BASE_URL: h.emulator.baseUrl, CONTENT_API_KEY: h.emulator.apiKey },
    cwd: h.dir,
  });
  const code = await main(['drafts', ...args], run.io);
  expect(run.out + run.err).not.toContain(h.emulator.apiKey);
  return { code, out: run.out, err: run.err };
}

const draft = async (title: string) => {
  const created = await h.client.createContent({
    title,
    description: null,
    full_text: `About ${title}.`,
    textover: null,
    hashtags: null,
    fine_tuning: null,
    persona_id: null,
  });
  // Drafts are listed by when they last changed: two stamped in one millisecond would tie. The
  // emulator stamps them by this process's clock before it answers.
  const answered = Date.now();
  await until(() => Date.now() > answered, 'the clock to move on');
  return created;
};

describe('content-as-code drafts', () => {
  it('lists the unpublished items no manifest names, oldest change first, and only reads', async () => {
    h = await startHarness();
    await h.write('kept.yml', manifest('Kept', PUBLISHED));
    await h.run();
    await draft('Left by a closed pull request \u001b[31m');
    await draft('Another leftover');
    await draft('Kept draft');
    await h.write('kept-draft.yml', manifest('Kept draft'));
    h.emulator.admin.clearRequestLog();
    const { code, out } = await drafts('--json');
    expect(code).toBe(0);
    const report = JSON.parse(out) as DraftsReport;
    expect(report.drafts.map((item) => item.title)).toEqual([
      'Left by a closed pull request \u001b[31m',
      'Another leftover',
    ]);
    expect(report.drafts.every((item) => item.status === 'NEW' && item.lastChanged !== null)).toBe(true);
    expect(h.requests().filter((request) => !request.startsWith('GET '))).toEqual([]);
    const text = await drafts();
    expect(text.out).toContain('2 unpublished item(s) no manifest here names, oldest change first');
    expect(text.out).not.toContain('\u001b');
    expect(text.out).not.toContain('"Kept');
  });

  it('lists nothing while a manifest has an error: it could name any item', async () => {
    h = await startHarness();
    await draft('Leftover');
    await h.write('broken.yml', 'title: Leftover\nstage: publishd\n');
    const { code, out } = await drafts();
    expect(code).not.toBe(0);
    expect(out).toContain('Not listed: 1 manifest error(s), first content/broken.yml:2');
  });
});
