// Checks of one item that do not decide its steps: accounts and publication
// settings that drifted, a new manifest that looks like a renamed item, and a
// TikTok publication without its settings.
import { describe, expect, it } from 'vitest';
import type { Account } from '../../src/service-client/types.ts';
import { accountsDrift, publishDrift, renameOf, tiktokWarning } from '../../src/plan/checks.ts';
import type { PublicationTarget } from '../../src/plan/types.ts';
import { ACCOUNTS, desired, published, remote, summaryOf } from '../support/fixtures.ts';

const [YOUTUBE, TIKTOK] = ACCOUNTS as [Account, Account];
const options = {
  made_for_kids: false,
  age_restricted: false,
  notify_subscribers: true,
  ai_disclosure: true,
};
const target = (...accounts: Account[]): PublicationTarget => ({
  accounts,
  options: { ...options, account_ids: accounts.map((account) => account.id) },
});

describe('accountsDrift', () => {
  it('reports the accounts of a published video that differ from the manifest, by platform and name', () => {
    const detail = remote(published('a.yml'), { status: 'UPLOADED', accounts: [YOUTUBE] });
    expect(accountsDrift(detail, target(YOUTUBE, TIKTOK))).toEqual([
      {
        field: 'accounts',
        remote: ['YouTube Ocean Facts'],
        desired: ['YouTube Ocean Facts', 'TikTok oceanfacts'],
      },
    ]);
  });

  it('reports nothing for the same accounts in another order, no accounts shown, or no publication', () => {
    const detail = remote(published('a.yml'), { accounts: [TIKTOK, YOUTUBE] });
    expect(accountsDrift(detail, target(YOUTUBE, TIKTOK))).toEqual([]);
    expect(accountsDrift({ ...detail, accounts: [] }, target(YOUTUBE))).toEqual([]);
    expect(accountsDrift(detail, null)).toEqual([]);
  });
});

describe('publishDrift', () => {
  it('reports only the settings changed since the published version, old to new', () => {
    const item = published('a.yml');
    item.publish!.options = { ...options, made_for_kids: true, privacy: 'unlisted' };
    const before = new Map([['a.yml', options]]);
    expect(publishDrift(item, before)).toEqual([
      {
        field: 'publish',
        remote: { made_for_kids: false, privacy: null },
        desired: { made_for_kids: true, privacy: 'unlisted' },
      },
    ]);
  });

  it('reports nothing when the settings are unchanged or no published version is known', () => {
    const item = published('a.yml');
    expect(publishDrift(item, new Map([['a.yml', { ...item.publish!.options }]]))).toEqual([]);
    expect(publishDrift(item, new Map())).toEqual([]);
    expect(publishDrift(item, undefined)).toEqual([]);
    expect(publishDrift(desired('a.yml'), new Map([['a.yml', options]]))).toEqual([]);
  });
});

describe('renameOf', () => {
  const fresh = (item = desired('a.yml', { fields: { full_text: 'Reefs glow\r\nat night.  ' } })) => ({
    item,
    match: 'new' as const,
    remote: null,
    renamedFrom: null,
  });
  const unmanaged = [
    summaryOf(remote(desired('x.yml'), { id: 'x', title: 'Other', full_text: 'Something else.' })),
    summaryOf(remote(desired('y.yml'), { id: 'y', title: 'Old title', full_text: 'Reefs glow\nat night.' })),
  ];

  it('finds the unmanaged item whose full_text is the new manifest’s in the service’s terms', () => {
    expect(renameOf(fresh(), unmanaged)?.id).toBe('y');
  });

  it('looks for none for a matched or pinned manifest, or one without a script', () => {
    expect(renameOf({ ...fresh(), match: 'title', remote: unmanaged[0]! }, unmanaged)).toBeNull();
    const pinned = desired('a.yml', { id: 'p', fields: { full_text: 'Reefs glow\nat night.' } });
    expect(renameOf(fresh(pinned), unmanaged)).toBeNull();
    const empty = desired('a.yml', { fields: { full_text: '  ' } });
    expect(renameOf(fresh(empty), [...unmanaged, { ...unmanaged[0]!, full_text: '' }])).toBeNull();
    expect(
      renameOf(fresh(desired('b.yml', { fields: { full_text: 'Nothing alike.' } })), unmanaged),
    ).toBeNull();
  });
});

describe('tiktokWarning', () => {
  it('warns at publish.accounts about a TikTok publication without post mode and privacy', () => {
    const item = published('a.yml');
    item.locations['publish.accounts'] = { file: 'a.yml', line: 8, column: 3 };
    expect(tiktokWarning(item, target(TIKTOK), null)).toMatchObject([
      { severity: 'warning', code: 'tiktok_defaults', line: 8, column: 3, field: 'publish.tiktok' },
    ]);
    const half = {
      ...target(TIKTOK),
      options: { ...target(TIKTOK).options, tiktok_post_mode: 'draft' as const },
    };
    expect(tiktokWarning(item, half, null)).toHaveLength(1);
  });

  it('says nothing when both are set, no TikTok account is named, or the video is already published', () => {
    const item = published('a.yml');
    const both = target(TIKTOK);
    both.options = { ...both.options, tiktok_post_mode: 'draft', tiktok_privacy: 'SELF_ONLY' };
    expect(tiktokWarning(item, both, null)).toEqual([]);
    expect(tiktokWarning(item, target(YOUTUBE), null)).toEqual([]);
    expect(tiktokWarning(item, null, null)).toEqual([]);
    expect(tiktokWarning(item, target(TIKTOK), remote(item, { status: 'UPLOADED' }))).toEqual([]);
  });
});
