// What the reports say of each item after an apply: its outcome, from what the
// run did and the status the service shows, and the URLs of what it published.
import { describe, expect, it } from 'vitest';
import type { Account, ContentStatus, ContentSummary } from '../../src/service-client/types.ts';
import { answerLost, created, dispatched, edited, errored, untouched } from '../../src/apply/item-run.ts';
import { itemResults, outcomeOf, publishedThisRun } from '../../src/apply/results.ts';
import type { ItemRun } from '../../src/apply/types.ts';
import type { PlanItem } from '../../src/plan/types.ts';
import { ACCOUNTS, planItem } from '../support/fixtures.ts';
import { contentDetail } from '../support/service-fakes.ts';

const [YOUTUBE, TIKTOK] = ACCOUNTS as [Account, Account];

function run(overrides: Partial<PlanItem> = {}, change: (run: ItemRun) => void = () => {}): ItemRun {
  const started = untouched(planItem('a.yml', { stage: 'published', ...overrides }));
  change(started);
  return started;
}

const uploadStep: PlanItem['steps'][number] = {
  kind: 'upload',
  publish: { accounts: [YOUTUBE], options: {} as never },
  retry: false,
};

describe('outcomeOf', () => {
  it('an error of the engine comes before anything the service shows', () => {
    expect(
      outcomeOf(
        run({}, (r) => errored(r, 'HTTP 500')),
        'UPLOADED',
      ),
    ).toBe('error');
  });

  it('a failed status is a failure, except for a draft, which renders nothing', () => {
    expect(outcomeOf(run(), 'FAILED_VIDEO')).toBe('failed');
    expect(
      outcomeOf(
        run({ stage: 'draft' }, (r) => edited(r, null)),
        'FAILED_VIDEO',
      ),
    ).toBe('updated');
  });

  it('a publication whose answer was lost is unknown until the service shows it UPLOADED', () => {
    const lost = (r: ItemRun) => answerLost(r, '2026-11-28T10:00:00.000Z', 1);
    expect(outcomeOf(run({}, lost), 'PROCESSING_VIDEO')).toBe('unknown');
    expect(outcomeOf(run({}, lost), null)).toBe('unknown');
    expect(
      outcomeOf(
        run({}, (r) => (lost(r), dispatched(r, { published: true }))),
        'UPLOADED',
      ),
    ).toBe('published');
  });

  it('a job still in flight is running', () => {
    expect(
      outcomeOf(
        run({}, (r) => dispatched(r, { rendered: true })),
        'PROCESSING_AUDIO',
      ),
    ).toBe('running');
  });

  it('published and rendered only for what this run sent or waited for', () => {
    const sent = run({}, (r) => dispatched(r, { rendered: true, published: true }));
    expect(outcomeOf(sent, 'UPLOADED')).toBe('published');
    expect(
      outcomeOf(
        run({}, (r) => dispatched(r, { rendered: true })),
        'VIDEO_PROCESSED',
      ),
    ).toBe('rendered');
    const waitedFor = run({ steps: [{ kind: 'wait', status: 'UPLOADING' }] });
    expect(outcomeOf(waitedFor, 'UPLOADED')).toBe('published');
    // Published by an earlier run, with nothing to do in this one.
    expect(outcomeOf(run(), 'UPLOADED')).toBe('unchanged');
  });

  it('created before updated; planned steps that did not happen are skipped', () => {
    expect(
      outcomeOf(
        run({}, (r) => (created(r, 'c-1', null), edited(r, null))),
        'NEW',
      ),
    ).toBe('created');
    expect(
      outcomeOf(
        run({}, (r) => edited(r, null)),
        'NEW',
      ),
    ).toBe('updated');
    expect(outcomeOf(run({ steps: [uploadStep] }), 'VIDEO_PROCESSED')).toBe('skipped');
  });

  it('an item with nothing to do is held, drifted or unchanged, a hold first', () => {
    const drift = [{ field: 'full_text' as const, remote: 'a', desired: 'b' }];
    expect(outcomeOf(run({ holds: [{ kind: 'scheduled', at: 'x' }], drift }), 'NEW')).toBe('held');
    expect(outcomeOf(run({ drift }), 'UPLOADED')).toBe('drifted');
    expect(outcomeOf(run(), 'NEW')).toBe('unchanged');
  });
});

describe('publishedThisRun', () => {
  it('lists only what this run published', () => {
    expect(publishedThisRun({ outcome: 'published' })).toBe(true);
    expect(publishedThisRun({ outcome: 'unchanged' })).toBe(false);
  });
});

describe('itemResults', () => {
  const row = (status: ContentStatus, overrides: Partial<ContentSummary> = {}): ContentSummary => ({
    ...contentDetail({ id: 'c-1', status }),
    published_url: null,
    published_platform: null,
    published: { links: [], perAccount: false },
    ...overrides,
  });
  const publishing = (accounts: Account[]) =>
    run(
      {
        remote: { id: 'c-1', title: 'A', status: 'VIDEO_PROCESSED' },
        publication: { accounts, options: {} as never },
      },
      (r) => dispatched(r, { published: true }),
    );

  it("takes the status and last error from the listing after the run, over the run's own", () => {
    const failed = row('FAILED_UPLOAD', { last_error: 'quota' });
    const [result] = itemResults([publishing([YOUTUBE])], [failed]);
    expect(result).toMatchObject({
      id: 'c-1',
      status: 'FAILED_UPLOAD',
      outcome: 'failed',
      lastError: 'quota',
    });
    expect(itemResults([publishing([YOUTUBE])], null)[0]).toMatchObject({ status: 'VIDEO_PROCESSED' });
  });

  it('lists each account’s URL once, and confirms the publication by them', () => {
    const links = [
      { url: 'https://yt/1', platform: 'YouTube', accountId: 'acc-yt' },
      { url: 'https://tt/1', platform: 'TikTok', accountId: 'acc-tt' },
    ];
    const shown = row('UPLOADED', { published: { links, perAccount: true } });
    const [result] = itemResults([publishing([YOUTUBE, TIKTOK])], [shown]);
    expect(result?.outcome).toBe('published');
    expect(result?.publishedUrls).toEqual([
      { title: 'Title of a.yml', platform: 'YouTube', url: 'https://yt/1' },
      { title: 'Title of a.yml', platform: 'TikTok', url: 'https://tt/1' },
    ]);
    expect(result?.confirmation?.state).toBe('confirmed');
  });

  it("falls back to the item's one URL when no account's is shown, and lists none before UPLOADED", () => {
    const shown = row('UPLOADED', { published_url: 'https://yt/9', published_platform: 'YouTube' });
    const [result] = itemResults([publishing([YOUTUBE, TIKTOK])], [shown]);
    expect(result?.publishedUrls).toEqual([
      { title: 'Title of a.yml', platform: 'YouTube', url: 'https://yt/9' },
    ]);
    expect(result?.confirmation?.state).toBe('unconfirmed');
    const early = row('UPLOADING', { published_url: 'https://yt/9' });
    expect(itemResults([publishing([YOUTUBE])], [early])[0]?.publishedUrls).toEqual([]);
  });

  it('says since when a publication is unknown, and that it was sent again, until the service shows it', () => {
    const lost = publishing([YOUTUBE]);
    answerLost(lost, '2026-11-28T10:00:00.000Z', 2);
    expect(itemResults([lost], [row('PROCESSING_VIDEO')])[0]).toMatchObject({
      outcome: 'unknown',
      unknownSince: '2026-11-28T10:00:00.000Z',
      resentAfterLoss: true,
    });
    expect(itemResults([lost], [row('UPLOADED')])[0]).not.toHaveProperty('unknownSince');
  });
});
