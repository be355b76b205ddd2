import { describe, expect, it } from 'vitest';
import type { Account } from '../../src/service-client/types.ts';
import type { Step } from '../../src/plan/types.ts';
import { planHeadline, resultsHeadline } from '../../src/report/text.ts';
import { applyResult, itemResult, plan, planItem } from '../support/fixtures.ts';

// A plan's headline and the run's that follows it count in the same terms,
// so that each count of the plan is matched by one of the results, or by
// what stopped the items it missed: nothing reads as lost.

const ACCOUNTS = [
  { id: 'a-yt', name: 'Ocean Facts', platform: 'YouTube' },
  { id: 'a-tt', name: 'oceanfacts', platform: 'TikTok' },
] as Account[];
const create = { kind: 'create', fields: { title: 't' } } as unknown as Step;
const render = (accounts: Account[] | null): Step =>
  ({
    kind: 'render',
    reason: 'new',
    render: {},
    publish: accounts && { accounts, options: {} },
  }) as unknown as Step;

/** Five new items: one draft, two rendered only, two published (one of them to two accounts). */
function fiveNew() {
  const items = [
    planItem('content/a.yml', { steps: [create] }),
    planItem('content/b.yml', { steps: [create, render(null)] }),
    planItem('content/c.yml', { steps: [create, render(null)] }),
    planItem('content/d.yml', { steps: [create, render([ACCOUNTS[0]!])] }),
    planItem('content/e.yml', { steps: [create, render(ACCOUNTS)] }),
  ];
  return plan(items, { publications: 3 });
}

describe('the headlines of a plan and of its run', () => {
  it('count the same steps: five to create are five created, whatever else each did', () => {
    const planned = fiveNew();
    const done = applyResult([
      itemResult('content/a.yml', { outcome: 'created' }),
      itemResult('content/b.yml', { outcome: 'rendered' }),
      itemResult('content/c.yml', { outcome: 'rendered' }),
      itemResult('content/d.yml', { outcome: 'published' }),
      itemResult('content/e.yml', { outcome: 'published' }),
    ]);
    expect(planHeadline(planned)).toBe('5 items, 5 to create, 0 to edit, 4 to render, 3 publications.');
    expect(resultsHeadline(done, planned)).toBe('5 items, 5 created, 0 edited, 4 rendered, 3 publications.');
  });

  it('name what stopped the items a count misses, so that each count adds up', () => {
    const planned = fiveNew();
    const done = applyResult([
      itemResult('content/a.yml', { outcome: 'created' }),
      itemResult('content/b.yml', { outcome: 'rendered' }),
      itemResult('content/c.yml', { outcome: 'failed', status: 'FAILED_VIDEO' }),
      itemResult('content/d.yml', { outcome: 'published' }),
      itemResult('content/e.yml', { outcome: 'held' }),
    ]);
    expect(resultsHeadline(done, planned)).toBe(
      '5 items, 3 created, 0 edited, 2 rendered, 1 publication, 1 held, 1 failed.',
    );
  });

  it('count an item that came through without a planned step (a render it waited for) as the step its outcome names', () => {
    const waited = plan([
      planItem('content/w.yml', { steps: [{ kind: 'wait', status: 'PROCESSING_VIDEO' }] }),
    ]);
    expect(planHeadline(waited)).toBe(
      '1 item, 0 to create, 0 to edit, 0 to render, 0 publications, 1 to wait for.',
    );
    const done = applyResult([itemResult('content/w.yml', { outcome: 'rendered' })]);
    expect(resultsHeadline(done, waited)).toBe('1 item, 0 created, 0 edited, 1 rendered, 0 publications.');
  });
});
