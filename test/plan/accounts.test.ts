// Which connected accounts a manifest's publish.accounts name, and the error
// at the selector, with a did-you-mean, for one that is not connected.
import { describe, expect, it } from 'vitest';
import type { AccountSelector } from '../../src/manifest/types.ts';
import { resolveAccounts } from '../../src/plan/accounts.ts';
import { plan } from '../../src/plan/plan.ts';
import { ACCOUNTS, context, observed, published } from '../support/fixtures.ts';

describe('plan: accounts', () => {
  it('reports an unknown account name at the selector with a did-you-mean', () => {
    const item = published('a.yml');
    item.publish!.accounts = [
      {
        kind: 'name',
        platform: 'YouTube',
        name: 'Ocean Fcats',
        location: { file: 'a.yml', line: 12, column: 7 },
      },
    ];
    const result = plan([item], observed([], ACCOUNTS), context());
    expect(result.problems).toHaveLength(1);
    expect(result.problems[0]).toMatchObject({
      code: 'unknown_account',
      line: 12,
      column: 7,
      field: 'publish.accounts.0',
    });
    expect(result.problems[0]?.message).toContain('Did you mean "Ocean Facts"?');
  });

  it('checks named accounts even below the published stage', () => {
    const item = published('a.yml', { stage: 'rendered' });
    const result = plan([item], observed([], []), context());
    expect(result.problems.map((problem) => problem.code)).toEqual(['unknown_account']);
    expect(result.problems[0]?.message).toContain('No YouTube account is connected');
  });

  it('resolves accounts by id and by platform and name, without duplicates', () => {
    const item = published('a.yml');
    const location = { file: 'a.yml', line: 1, column: 1 };
    item.publish!.accounts = [
      { kind: 'id', id: 'acc-tt', location },
      { kind: 'name', platform: 'TikTok', name: 'oceanfacts', location },
      { kind: 'name', platform: 'YouTube', name: 'Ocean Facts', location },
    ];
    const result = plan([item], observed([]), context());
    // TikTok without explicit settings is a warning, never an error.
    expect(result.problems).toMatchObject([{ severity: 'warning', code: 'tiktok_defaults' }]);
    expect(result.publications).toBe(2);
  });
});

describe('resolveAccounts', () => {
  const at = (line: number) => ({ file: 'a.yml', line, column: 7 });
  const withSelectors = (...accounts: AccountSelector[]) => {
    const item = published('a.yml');
    item.publish!.accounts = accounts;
    return item;
  };

  it('keeps the order of publish.accounts and names an account given twice once', () => {
    const item = withSelectors(
      { kind: 'name', platform: 'TikTok', name: 'oceanfacts', location: at(1) },
      { kind: 'id', id: 'acc-yt', location: at(2) },
      { kind: 'id', id: 'acc-tt', location: at(3) },
    );
    const resolved = resolveAccounts(item, ACCOUNTS);
    expect(resolved.accounts.map((account) => account.id)).toEqual(['acc-tt', 'acc-yt']);
    expect(resolved.problems).toEqual([]);
  });

  it('reports an unknown id at its selector, with the id it may have meant, and resolves the rest', () => {
    const item = withSelectors(
      { kind: 'id', id: 'acc-yt', location: at(1) },
      { kind: 'id', id: 'acc-yx', location: at(2) },
    );
    const resolved = resolveAccounts(item, ACCOUNTS);
    expect(resolved.accounts.map((account) => account.id)).toEqual(['acc-yt']);
    expect(resolved.problems).toMatchObject([
      { severity: 'error', code: 'unknown_account', line: 2, column: 7, field: 'publish.accounts.1' },
    ]);
    expect(resolved.problems[0]?.message).toContain('No connected account has id acc-yx.');
    expect(resolved.problems[0]?.message).toContain('Did you mean "acc-yt"?');
  });

  it('lists the connected accounts of the platform when a name matches none of them', () => {
    const item = withSelectors({ kind: 'name', platform: 'YouTube', name: 'Sea Stories', location: at(4) });
    const resolved = resolveAccounts(item, ACCOUNTS);
    expect(resolved.accounts).toEqual([]);
    expect(resolved.problems[0]?.message).toContain('Connected YouTube accounts: Ocean Facts.');
  });

  it('resolves nothing and reports nothing for an item that publishes nowhere', () => {
    expect(resolveAccounts({ ...published('a.yml'), publish: null }, ACCOUNTS)).toEqual({
      accounts: [],
      problems: [],
    });
  });
});
