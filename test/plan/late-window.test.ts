// Validate's warning for a publish.at already in the past, which the plan
// holds past the late window or publishes at once within it.
import { describe, expect, it } from 'vitest';
import { DEFAULTS } from '../../src/defaults.ts';
import { DEFAULT_LATE_WINDOW_MS, pastSchedules } from '../../src/plan/late-window.ts';
import { parseDuration } from '../../src/text/duration.ts';
import { desired, published } from '../support/fixtures.ts';

const NOW = new Date('2026-11-28T12:00:00.000Z');

function dueAt(at: string | null, file = 'a.yml') {
  const item = published(file);
  item.publish!.at = at;
  return item;
}

describe('DEFAULT_LATE_WINDOW_MS', () => {
  it("is the late-window input's default, read from the one place defaults are written", () => {
    expect(DEFAULT_LATE_WINDOW_MS).toBe(parseDuration(DEFAULTS.lateWindow));
    expect(DEFAULT_LATE_WINDOW_MS).toBeGreaterThan(0);
  });
});

describe('pastSchedules', () => {
  it('warns at publish.at about a date already past, saying how many days ago', () => {
    const item = dueAt('2026-11-25T09:00:00.000Z');
    item.locations['publish.at'] = { file: 'a.yml', line: 11, column: 7 };
    const problems = pastSchedules([item], NOW);
    expect(problems).toMatchObject([
      {
        severity: 'warning',
        code: 'publish_at_past',
        file: 'a.yml',
        line: 11,
        column: 7,
        field: 'publish.at',
      },
    ]);
    expect(problems[0]?.message).toContain(
      'publish.at 2026-11-25T09:00:00.000Z is in the past (3 days ago).',
    );
    expect(problems[0]?.message).toContain(`(${DEFAULTS.lateWindow} by default)`);
  });

  it('says today for less than a day, the present moment included, and one day in the singular', () => {
    expect(pastSchedules([dueAt(NOW.toISOString())], NOW)[0]?.message).toContain('(today)');
    expect(pastSchedules([dueAt('2026-11-28T11:00:00.000Z')], NOW)[0]?.message).toContain('(today)');
    expect(pastSchedules([dueAt('2026-11-27T11:00:00.000Z')], NOW)[0]?.message).toContain('(1 day ago)');
  });

  it('points at the manifest when publish.at has no location of its own', () => {
    const problems = pastSchedules([dueAt('2026-11-01T00:00:00.000Z')], NOW);
    expect(problems[0]).toMatchObject({ line: 1, column: 1 });
  });

  it('says nothing of a date to come, no date, or an item below the published stage', () => {
    const draft = desired('d.yml', { publish: dueAt('2026-11-01T00:00:00.000Z').publish });
    const items = [dueAt('2026-12-01T00:00:00.000Z'), dueAt(null), draft];
    expect(pastSchedules(items, NOW)).toEqual([]);
  });
});
