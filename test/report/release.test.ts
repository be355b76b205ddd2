// What is paused or frozen, why and since when, opens the PR comment and the
// job summary, even when the rows of a large plan are cut to fit.
import { describe, expect, it } from 'vitest';
import type { RunReport } from '../../src/engine/types.ts';
import type { ReleaseStatus } from '../../src/plan/release-status.ts';
import { COMMENT_LIMIT, renderReport } from '../../src/report/markdown.ts';
import { summaryMarkdown } from '../../src/report/summary.ts';
import { planItem, planReport } from '../support/fixtures.ts';

const where = { file: 'content/_release.yml', line: 2, column: 1 };

const status: ReleaseStatus = {
  pause: null,
  frozen: [
    {
      holds: ['publish'],
      freeze: {
        kind: 'frozen',
        what: 'publish',
        since: '2026-11-27T23:00:00.000Z',
        until: '2026-11-29T23:00:00.000Z',
        reasons: ['No releases at weekends'],
        timeZone: 'Europe/Paris',
        held: [],
      },
    },
  ],
  overridden: false,
  accounts: [
    {
      account: { kind: 'name', platform: 'TikTok', name: 'oceanfacts', location: where },
      pause: { reason: 'Account under review', since: '2026-11-02T00:00:00.000Z', location: where },
    },
  ],
  items: [],
};

const FROZEN =
  '**Release control:** Frozen until Mon 2026-11-30 00:00 Europe/Paris (since Sat 2026-11-28 00:00 Europe/Paris), No releases at weekends: publications are held and go on when the window ends.';
const ACCOUNT =
  '**Release control:** Account TikTok &quot;oceanfacts&quot; is paused in content/\\_release.yml';

describe('release control in the Markdown reports', () => {
  it('opens the PR comment and the summary with every freeze and pause', () => {
    const report: RunReport = { ...planReport(), release: status };
    const comment = renderReport(
      report,
      { event: 'pull_request', pullRequest: true },
      {
        target: 'comment',
        limit: COMMENT_LIMIT,
        unit: 'chars',
      },
    );
    const summary = summaryMarkdown(report, { event: 'schedule' }, { hiddenErrors: 0, hiddenWarnings: 0 });
    for (const text of [comment, summary]) {
      expect(text).toContain(FROZEN);
      expect(text).toContain(ACCOUNT);
      expect(text.indexOf(FROZEN)).toBeLessThan(text.indexOf('|'));
    }
  });

  it('keeps them when a plan of thousands of rows is cut to fit a comment', () => {
    const items = Array.from({ length: 3000 }, (_, i) =>
      planItem(`content/catalogue/item-${String(i).padStart(4, '0')}.yml`, {
        title: `Video number ${i}`.repeat(4),
      }),
    );
    const base = planReport();
    const report: RunReport = { ...base, plan: { ...base.plan!, items }, release: status };
    const comment = renderReport(
      report,
      { event: 'pull_request' },
      {
        target: 'comment',
        limit: COMMENT_LIMIT,
        unit: 'chars',
      },
    );
    expect(comment.length).toBeLessThanOrEqual(COMMENT_LIMIT);
    expect(comment).toContain(FROZEN);
  });

  it('says nothing when nothing is paused or frozen', () => {
    expect(
      renderReport(planReport(), { event: 'push' }, { target: 'summary', limit: 1e6, unit: 'bytes' }),
    ).not.toContain('Release control');
  });
});
