// What the engine's, the report's and the CLI's tests build plans from: the
// accounts of the examples (ids short enough to read in an assertion) and a
// plan item with every field at its neutral value.
import type { Account } from '../../src/api/types.ts';
import type { PlanItem } from '../../src/plan/types.ts';

export const YOUTUBE: Account = {
  id: 'acc-yt',
  name: 'Ocean Facts',
  platform: 'YouTube',
  platform_acronym: 'YT',
};
export const TIKTOK: Account = {
  id: 'acc-tt',
  name: 'oceanfacts',
  platform: 'TikTok',
  platform_acronym: 'TT',
};
export const ACCOUNTS: Account[] = [YOUTUBE, TIKTOK];

/** The publication settings of a manifest that sets none, for the given accounts. */
export function publishOptions(accounts: readonly Account[] = [YOUTUBE]) {
  return {
    account_ids: accounts.map((account) => account.id),
    made_for_kids: false,
    age_restricted: false,
    notify_subscribers: true,
    ai_disclosure: true,
  };
}

export function planItem(file: string, overrides: Partial<PlanItem> = {}): PlanItem {
  return {
    file,
    line: 2,
    column: 8,
    title: `Title of ${file}`,
    stage: 'draft',
    flow: 'oneshot',
    match: 'new',
    renamedFrom: null,
    remote: null,
    steps: [],
    holds: [],
    drift: [],
    publishAt: null,
    script: { desired: null, remote: null },
    ...overrides,
  };
}
