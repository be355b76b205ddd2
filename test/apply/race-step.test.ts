// The race for a new item's title, as one item's run settles it: once, and
// with what the run goes on with afterwards.
import { describe, expect, it } from 'vitest';
import type { ContentDetail } from '../../src/service-client/types.ts';
import type { Context } from '../../src/apply/context.ts';
import { held, raceOpen, untouched } from '../../src/apply/item-run.ts';
import { settleRace } from '../../src/apply/race-step.ts';
import { asSummary } from '../../src/apply/race.ts';
import { recordingLogger } from '../support/engine-harness.ts';
import { planItem } from '../support/fixtures.ts';
import { contentDetail, fakeService } from '../support/service-fakes.ts';

const mine = contentDetail({ id: 'b', status: 'NEW', creation_date: '2026-06-01T12:00:00.000Z' });
const older = contentDetail({ id: 'a', status: 'NEW', creation_date: '2026-06-01T11:00:00.000Z' });

/** A context whose listing shows `items`; the listings and edits made are counted. */
function contextWith(items: ContentDetail[]) {
  const calls = { listings: 0, edits: [] as string[] };
  const client = fakeService({
    listContents: () => {
      calls.listings++;
      return Promise.resolve({ items: items.map(asSummary), complete: true, gap: null });
    },
    getContent: (id) => Promise.resolve(items.find((item) => item.id === id) ?? mine),
    editContent: (id) => {
      calls.edits.push(id);
      return Promise.resolve({ ...mine, title: `${mine.title} [duplicate of a]` });
    },
  });
  const clock = { now: () => 0, sleep: () => Promise.resolve() };
  return {
    calls,
    context: { client, logger: recordingLogger(), clock, deadline: 60_000 } as unknown as Context,
  };
}

const created = () => {
  const run = untouched(planItem('a.yml'));
  raceOpen(run, mine);
  return run;
};

describe('settleRace', () => {
  it('goes on with its own item when no other has the title, and looks only once', async () => {
    const { calls, context } = contextWith([mine]);
    const run = created();
    await expect(settleRace(run, context)).resolves.toBe(true);
    await expect(settleRace(run, context)).resolves.toBe(true);
    expect(calls.listings).toBe(1);
    expect(run.unsettled).toBeNull();
    expect(run.holds).toEqual([]);
  });

  it('marks its own item when it lost, and goes on with the winner', async () => {
    const { calls, context } = contextWith([older, mine]);
    const run = created();
    await expect(settleRace(run, context)).resolves.toBe(true);
    expect(calls.edits).toEqual(['b']);
    expect(run.holds).toMatchObject([{ kind: 'duplicate_marked', id: 'b', winner: 'a' }]);
    expect(run.id).toBe('a');
  });

  it('stops the item when who won cannot be decided, and stays stopped', async () => {
    const undated = { ...older, creation_date: null };
    const { context } = contextWith([undated, mine]);
    const run = created();
    await expect(settleRace(run, context)).resolves.toBe(false);
    expect(run.holds).toMatchObject([{ kind: 'race_undecided' }]);
    await expect(settleRace(run, context)).resolves.toBe(false);
  });

  it('without a race open, answers from the holds alone', async () => {
    const { calls, context } = contextWith([]);
    const run = untouched(planItem('a.yml'));
    await expect(settleRace(run, context)).resolves.toBe(true);
    held(run, { kind: 'race_undecided', title: 'T', ids: ['a', 'b'], why: 'no creation time', marked: [] });
    await expect(settleRace(run, context)).resolves.toBe(false);
    expect(calls.listings).toBe(0);
  });
});
