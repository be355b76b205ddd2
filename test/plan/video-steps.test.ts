// The second phase of an item's plan, on its own: given where the item stands
// after its own steps, why it is rendered, and whether and how its
// publication goes out now.
import { describe, expect, it } from 'vitest';
import type { Account } from '../../src/service-client/types.ts';
import type { DesiredItem } from '../../src/manifest/types.ts';
import { videoSteps, type Standing } from '../../src/plan/video-steps.ts';
import type { PublicationTarget } from '../../src/plan/types.ts';
import { ACCOUNTS, context, published, remote, summaryOf } from '../support/fixtures.ts';

const NOW = new Date('2026-11-28T12:00:00.000Z');
const youtube = ACCOUNTS[0] as Account;
const target: PublicationTarget = {
  accounts: [youtube],
  options: {
    account_ids: [youtube.id],
    made_for_kids: false,
    age_restricted: false,
    notify_subscribers: true,
    ai_disclosure: true,
  },
};
const privately: PublicationTarget = { ...target, options: { ...target.options, privacy: 'private' } };

/** The release phase of `item` standing as `standing`, the service holding it at that status. */
function release(item: DesiredItem, standing: Standing, to: PublicationTarget | null = target) {
  const detail = remote(item, { status: standing.status });
  return videoSteps(item, detail, summaryOf(detail), to, standing, context({ now: NOW }));
}

describe('videoSteps', () => {
  it('renders a one-shot item with its publication inside the request when it is due', () => {
    const result = release(published('a.yml'), { status: 'NEW', reason: null });
    expect(result.steps).toEqual([
      { kind: 'render', reason: 'never_rendered', render: published('a.yml').render, publish: target },
    ]);
    expect(result.holds).toEqual([]);
  });

  it('renders a stepwise item without accounts, then uploads it', () => {
    const result = release(published('a.yml', { flow: 'stepwise' }), { status: 'NEW', reason: null });
    expect(result.steps).toMatchObject([
      { kind: 'render', publish: null },
      { kind: 'upload', publish: target, retry: false },
    ]);
  });

  it('takes the reason the content phase gave, and retries a failed render', () => {
    const item = published('a.yml');
    expect(release(item, { status: 'NEW', reason: 'script_changed' }).steps).toMatchObject([
      { kind: 'render', reason: 'script_changed' },
    ]);
    expect(release(item, { status: 'FAILED_AUDIO', reason: null }).steps).toMatchObject([
      { kind: 'render', reason: 'retry_failed' },
    ]);
  });

  it('renders nothing before publish.at, and holds the publication as scheduled', () => {
    const item = published('a.yml');
    item.publish!.at = '2026-12-01T09:00:00.000Z';
    const result = release(item, { status: 'NEW', reason: null });
    expect(result.steps).toMatchObject([{ kind: 'render', publish: null }]);
    expect(result.holds).toEqual([{ kind: 'scheduled', at: '2026-12-01T09:00:00.000Z' }]);
  });

  it('holds as late a schedule past the late window, unless publish.late says publish', () => {
    const item = published('a.yml');
    item.publish!.at = '2026-01-01T00:00:00.000Z';
    const late = release(item, { status: 'VIDEO_PROCESSED', reason: null });
    expect(late).toEqual({ steps: [], holds: [{ kind: 'late', at: '2026-01-01T00:00:00.000Z', days: 331 }] });
    item.publish!.late = 'publish';
    expect(release(item, { status: 'VIDEO_PROCESSED', reason: null }).steps).toMatchObject([
      { kind: 'upload' },
    ]);
  });

  it('publishes a rendered video with an upload, or by rendering again when an upload cannot carry the settings', () => {
    const item = published('a.yml');
    expect(release(item, { status: 'VIDEO_PROCESSED', reason: null }).steps).toMatchObject([
      { kind: 'upload', retry: false },
    ]);
    expect(release(item, { status: 'VIDEO_PROCESSED', reason: null }, privately).steps).toMatchObject([
      { kind: 'render', reason: 'publish_in_one_request', publish: privately },
    ]);
  });

  it('retries a failed upload, but not one that already published to an account', () => {
    const item = published('a.yml');
    const standing: Standing = { status: 'FAILED_UPLOAD', reason: null };
    expect(release(item, standing).steps).toMatchObject([{ kind: 'upload', retry: true }]);
    const detail = remote(item, { status: 'FAILED_UPLOAD' });
    const summary = { ...summaryOf(detail), published_url: 'https://yt/1', published_platform: 'YouTube' };
    const partly = videoSteps(item, detail, summary, target, standing, context({ now: NOW }));
    expect(partly).toEqual({ steps: [], holds: [{ kind: 'partly_published', platform: 'YouTube' }] });
  });

  it('sends nothing while a job runs, and nothing for an item that publishes nowhere and is rendered', () => {
    const item = published('a.yml');
    expect(release(item, { status: 'UPLOADING', reason: null })).toEqual({ steps: [], holds: [] });
    expect(release(item, { status: 'VIDEO_PROCESSED', reason: null }, null)).toEqual({
      steps: [],
      holds: [],
    });
  });
});
