// Published means live on every account asked: what the service's list row
// shows is read per account where it shows URLs so, and said as it is where
// it shows one URL for the item.
import { describe, expect, it } from 'vitest';
import type { Account, ContentSummary } from '../../src/service-client/types.ts';
import { CONFIRM_WITHIN_MS, confirmationOf, publicationCheck } from '../../src/plan/confirmation.ts';
import { published, remote, summaryOf } from '../support/fixtures.ts';

const youtube: Account = { id: 'yt-1', name: 'Ocean Facts', platform: 'YouTube', platform_acronym: 'YT' };
const tiktok: Account = { id: 'tt-1', name: 'oceanfacts', platform: 'TikTok', platform_acronym: 'TT' };
const row = (
  links: ContentSummary['published']['links'],
  perAccount: boolean,
): Pick<ContentSummary, 'published'> => ({
  published: { links, perAccount },
});

describe('confirmationOf', () => {
  it('a URL for each account asked, by account id: confirmed', () => {
    const shown = row(
      [
        { url: 'https://yt/1', platform: 'YouTube', accountId: 'yt-1' },
        { url: 'https://tt/1', platform: 'TikTok', accountId: 'tt-1' },
      ],
      true,
    );
    expect(confirmationOf([youtube, tiktok], shown)).toMatchObject({ state: 'confirmed' });
  });

  it('per-account URLs with one account missing: unconfirmed, naming it', () => {
    const shown = row([{ url: 'https://yt/1', platform: 'YouTube', accountId: 'yt-1' }], true);
    const confirmation = confirmationOf([youtube, tiktok], shown);
    expect(confirmation.state).toBe('unconfirmed');
    expect(confirmation.state === 'unconfirmed' && confirmation.missing.map((a) => a.name)).toEqual([
      'oceanfacts',
    ]);
  });

  it('one URL for the item, published to two accounts: said as one URL, not taken for both', () => {
    const shown = row([{ url: 'https://tt/1', platform: 'TikTok', accountId: null }], false);
    const confirmation = confirmationOf([youtube, tiktok], shown);
    expect(confirmation.state).toBe('one_url');
    expect(confirmation.accounts.map((a) => a.url)).toEqual([null, 'https://tt/1']);
  });

  it('one account and one URL the service does not place: confirmed; no URL at all: unconfirmed', () => {
    expect(
      confirmationOf([youtube], row([{ url: 'https://yt/1', platform: null, accountId: null }], false)).state,
    ).toBe('confirmed');
    expect(confirmationOf([youtube], row([], false)).state).toBe('unconfirmed');
  });
});

describe('publicationCheck on a later run', () => {
  const item = published('a.yml');
  const uploaded = '2026-06-01T12:00:00.000Z';
  const detail = remote(item, { status: 'UPLOADED', accounts: [youtube, tiktok], upload_date: uploaded });
  const listed = {
    ...summaryOf(detail),
    published: { links: [{ url: 'https://yt/1', platform: 'YouTube', accountId: 'yt-1' }], perAccount: true },
  };
  const at = (ms: number) => ({ now: new Date(Date.parse(uploaded) + ms) });

  it('unconfirmed within a day of the upload: said on the plan item, no error', () => {
    const check = publicationCheck(item, detail, listed, null, at(CONFIRM_WITHIN_MS - 1));
    expect(check.problems).toEqual([]);
    expect(check.confirmation?.accounts.find((a) => a.url === null)?.name).toBe('oceanfacts');
  });

  it('still unconfirmed a day later: a failure to confirm, an error of the item alone', () => {
    const check = publicationCheck(item, detail, listed, null, at(CONFIRM_WITHIN_MS + 1));
    expect(check.problems).toMatchObject([
      { code: 'unconfirmed_publication', itemOnly: true, severity: 'error' },
    ]);
    expect(check.problems[0]?.message).toMatch(/no URL for TikTok "oceanfacts"/);
  });
});
