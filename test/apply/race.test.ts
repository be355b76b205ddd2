// What a run does when a second item of its title turns up after its create.
import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../src/service-client/errors.ts';
import type { ContentDetail, ServiceApi } from '../../src/service-client/types.ts';
import { settleTitleRace, type RaceTime } from '../../src/apply/race.ts';
import { recordingLogger } from '../support/engine-harness.ts';

describe('a race no run may guess', () => {
  const detail = (id: string, creation_date: string | null) =>
    ({ id, title: 'T', status: 'NEW', creation_date }) as unknown as ContentDetail;
  const asRow = (item: ContentDetail) => ({
    ...item,
    published_url: null,
    published_platform: null,
    published: { links: [], perAccount: false },
  });
  /** A clock whose sleeps pass at once, and the run's deadline `left` ms away. */
  const time = (left = 60_000): RaceTime & { slept: number[] } => {
    let now = 0;
    const slept: number[] = [];
    return {
      slept,
      deadline: left,
      clock: { now: () => now, sleep: async (ms) => void (slept.push(ms), (now += ms)) },
    };
  };
  /** A service whose listing shows `rows` (from its `behind`+1th read on), or fails; edits are recorded. */
  function service(rows: ContentDetail[] | Error, behind = 0): ServiceApi & { edits: string[] } {
    const edits: string[] = [];
    let reads = 0;
    return {
      edits,
      listContents: async () => {
        if (rows instanceof Error) throw rows;
        return { items: reads++ < behind ? [] : rows.map(asRow), complete: true, gap: null };
      },
      editContent: async (id: string) => {
        edits.push(id);
        return detail(id, null);
      },
      getContent: async (id: string) => detail(id, null),
    } as unknown as ServiceApi & { edits: string[] };
  }

  it('two items of the title and one without a creation time: this run gives way, whatever the ids', async () => {
    // No run can rank them: each marks its own, so that two live items never keep one title.
    const mine = detail('a', '2026-06-01T12:00:00.000Z');
    const svc = service([detail('b', null), mine]);
    const race = await settleTitleRace(svc, mine, recordingLogger(), time());
    expect(race.lost).toMatchObject({ kind: 'race_undecided', title: 'T', ids: ['a', 'b'] });
    expect(race.lost).toHaveProperty(
      'why',
      "the service shows no creation time for one of them (b); this run's item a was retitled as its duplicate, and the next run goes on with the one left",
    );
    expect(svc.edits).toEqual(['a']);
  });

  const refusal = {
    status: 412,
    method: 'PUT',
    path: '/contents/b',
    serviceMessage: 'changed',
    message: 'changed',
  };
  /** The service refuses the first retitle with a 412 (the item changed since read), then takes it. */
  function refusingFirstRetitle(svc: ReturnType<typeof service>): void {
    const edit = svc.editContent.bind(svc);
    let refused = false;
    svc.editContent = async (id, fields) => {
      if (refused) return edit(id, fields);
      refused = true;
      throw new ServiceError(refusal);
    };
  }

  it('a 412 on the retitle (the item changed since read): read again and retitled once more', async () => {
    const mine = detail('b', '2026-06-01T12:00:00.000Z');
    const svc = service([detail('a', '2026-06-01T11:59:59.000Z'), mine]);
    refusingFirstRetitle(svc);
    const race = await settleTitleRace(svc, mine, recordingLogger(), time());
    expect(race.lost).toMatchObject({ kind: 'duplicate_marked', id: 'b', winner: 'a' });
    expect(svc.edits).toEqual(['b']);
  });

  it('a 412 on the retitle whose read again answers 404 (behind the create): retitled all the same', async () => {
    // Left unmarked, the run's item would stay live beside the winner.
    const mine = detail('b', '2026-06-01T12:00:00.000Z');
    const svc = service([detail('a', '2026-06-01T11:59:59.000Z'), mine]);
    refusingFirstRetitle(svc);
    const read = svc.getContent.bind(svc);
    svc.getContent = async (id, options) => {
      if (id !== 'b') return read(id, options);
      throw new ServiceError({ ...refusal, status: 404, method: 'GET', serviceMessage: 'not found' });
    };
    const race = await settleTitleRace(svc, mine, recordingLogger(), time());
    expect(race.lost).toMatchObject({ kind: 'duplicate_marked', id: 'b', winner: 'a' });
    expect(svc.edits).toEqual(['b']);
  });

  it('a listing that cannot be read to look for a second item, even after the pauses: this run gives way', async () => {
    // Keeping its item would rest on what was not read, and the other run may be keeping its own.
    const mine = detail('b', '2026-06-01T12:00:00.000Z');
    const svc = service(new Error('down'));
    const race = await settleTitleRace(svc, mine, recordingLogger(), time());
    expect(race.lost).toMatchObject({ kind: 'race_undecided', ids: ['b'], marked: ['b'] });
    expect(svc.edits).toEqual(['b']);
  });

  it('creation times for both: the younger is marked, the run goes on with the older', async () => {
    const mine = detail('b', '2026-06-01T12:00:00.000Z');
    const svc = service([detail('a', '2026-06-01T11:59:59.000Z'), mine]);
    const race = await settleTitleRace(svc, mine, recordingLogger(), time());
    expect(race.lost).toMatchObject({ kind: 'duplicate_marked', id: 'b', winner: 'a' });
    expect(svc.edits).toEqual(['b']);
  });

  it('created in the same second as another, as far as the service tells: this run gives way whatever the ids', async () => {
    const mine = detail('a', '2026-06-01T12:00:00Z');
    const svc = service([detail('b', '2026-06-01T12:00:00Z'), mine]);
    const race = await settleTitleRace(svc, mine, recordingLogger(), time());
    expect(race.lost).toMatchObject({ kind: 'race_undecided', title: 'T', ids: ['a', 'b'] });
    expect(svc.edits).toEqual(['a']);
  });

  it("a listing behind the create (this run's item not in it yet): read again until it is, then settled", async () => {
    // The replica that hides this run's item hides the other run's too: only a listing showing its own proves anything.
    const mine = detail('b', '2026-06-01T12:00:00.000Z');
    const svc = service([detail('a', '2026-06-01T11:59:59.000Z'), mine], 2);
    const clock = time();
    const race = await settleTitleRace(svc, mine, recordingLogger(), clock);
    expect(clock.slept).toEqual([100, 200]);
    expect(race.lost).toMatchObject({ kind: 'duplicate_marked', id: 'b', winner: 'a' });
    expect(svc.edits).toEqual(['b']);
  });

  it("a listing that never shows this run's item before the deadline: held, nothing marked", async () => {
    const mine = detail('b', '2026-06-01T12:00:00.000Z');
    const svc = service([mine], Infinity);
    const clock = time(1_000);
    const race = await settleTitleRace(svc, mine, recordingLogger(), clock);
    expect(clock.slept).toEqual([100, 200, 400]);
    expect(race.lost).toMatchObject({ kind: 'race_undecided', ids: ['b'] });
    expect(race.lost).toHaveProperty(
      'why',
      "the listing did not show this run's new item, so a second item of the title cannot be ruled out",
    );
    expect(svc.edits).toEqual([]);
  });
});
