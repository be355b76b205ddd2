// "Published" means the service shows the video live on every account asked,
// through the committed bundle: where the service lists a URL per account and
// one is missing, the summary and the results output say it is unconfirmed,
// naming the account.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../src/emulator/index.ts';
import { requireDist, runAction, pushEvent } from '../support/runner.ts';
import { tempDir } from '../support/temp-dir.ts';

const push = pushEvent();

let emulator: Emulator | null = null;
beforeAll(() => requireDist());
afterEach(async () => {
  await emulator?.close();
  emulator = null;
});

const manifest = (title: string) =>
  [
    `title: ${JSON.stringify(title)}`,
    `full_text: ${JSON.stringify(`About ${title}.`)}`,
    'stage: published',
    'publish:',
    '  accounts:',
    '    - { platform: YouTube, name: Ocean Facts }',
    '    - { platform: TikTok, name: oceanfacts }',
    '  tiktok: { post_mode: direct, privacy: PUBLIC_TO_EVERYONE }',
    '',
  ].join('\n');

describe('published, confirmed or not', () => {
  it('a URL for one of two accounts: unconfirmed, naming the account, in the summary and the results output', async () => {
    emulator = await startEmulator({
      phaseMs: { audio: 10, video: 10, upload: 10 },
      rateLimit: null,
      behaviours: { urlsPerAccount: true, unlistedUrl: { titleIncludes: 'Half shown', platform: 'TikTok' } },
    });
    const dir = await tempDir('cac-live-');
    await mkdir(join(dir, 'content'));
    await writeFile(join(dir, 'content', 'half.yml'), manifest('Half shown: the anglerfish'));
    await writeFile(join(dir, 'content', 'whole.yml'), manifest('Shown whole: the lanternfish'));
    const run = await runAction({
      workspace: dir,
      event: push,
      inputs: { 'api-key': emulator.apiKey, 'base-url': emulator.baseUrl },
    });
    expect(run.code).toBe(0);
    const results = JSON.parse(run.outputs.results!) as Array<{
      title: string;
      outcome: string;
      confirmation?: {
        state: string;
        accounts: Array<{ platform: string; name: string; url: string | null }>;
      };
    }>;
    const half = results.find((item) => item.title.startsWith('Half shown'))!;
    const whole = results.find((item) => item.title.startsWith('Shown whole'))!;
    expect(half.outcome).toBe('published');
    expect(half.confirmation?.state).toBe('unconfirmed');
    expect(half.confirmation?.accounts.filter((account) => account.url === null).map((a) => a.name)).toEqual([
      'oceanfacts',
    ]);
    expect(whole.confirmation?.state).toBe('confirmed');
    expect(run.summary).toMatch(
      /published, unconfirmed: the service shows no URL for TikTok &quot;oceanfacts&quot;/,
    );
    expect(run.summary).not.toMatch(/one URL for 2 accounts/);
    const urls = JSON.parse(run.outputs['published-urls']!) as Array<{ title: string; platform: string }>;
    expect(urls.filter((url) => url.title.startsWith('Half shown')).map((url) => url.platform)).toEqual([
      'YouTube',
    ]);
    expect(urls.filter((url) => url.title.startsWith('Shown whole'))).toHaveLength(2);
  });
});
