// The named transitions of one item's run: what each records, and what a
// second call of the same kind keeps from the first.
import { describe, expect, it } from 'vitest';
import { answerLost, created, dispatched, held, noted, untouched, waited } from '../../src/apply/item-run.ts';
import { planItem } from '../support/fixtures.ts';
import { contentDetail } from '../support/service-fakes.ts';

describe('an item run', () => {
  it('starts from the plan: the remote id and status, nothing done', () => {
    const run = untouched(planItem('a.yml', { remote: { id: 'c-1', title: 'A', status: 'NEW' } }));
    expect(run).toMatchObject({ id: 'c-1', status: 'NEW', created: false, published: false, holds: [] });
    expect(untouched(planItem('b.yml'))).toMatchObject({ id: null, status: null });
  });

  it('takes the status of a created item only when it could be read back', () => {
    const run = untouched(planItem('a.yml'));
    created(run, 'c-2', null);
    expect(run).toMatchObject({ id: 'c-2', created: true, status: null });
    created(run, 'c-3', contentDetail({ id: 'c-3', status: 'NEW' }));
    expect(run).toMatchObject({ id: 'c-3', status: 'NEW' });
  });

  it('keeps what a dispatch rendered or published when a later one does less', () => {
    const run = untouched(planItem('a.yml'));
    dispatched(run, { rendered: true, published: true });
    dispatched(run, {});
    expect(run).toMatchObject({ rendered: true, published: true });
  });

  it('is still running after a wait that timed out', () => {
    const run = untouched(planItem('a.yml'));
    waited(run, { status: 'PROCESSING_VIDEO', lastError: null, timedOut: true });
    expect(run).toMatchObject({ status: 'PROCESSING_VIDEO', running: true });
    waited(run, { status: 'FAILED_VIDEO', lastError: 'no voice', timedOut: false });
    expect(run).toMatchObject({ status: 'FAILED_VIDEO', lastError: 'no voice', running: false });
  });

  it('says a note once per field', () => {
    const run = untouched(planItem('a.yml'));
    expect(noted(run, { field: 'full_text', how: 'normalised_text' })).toBe(true);
    expect(noted(run, { field: 'full_text', how: 'normalised_text' })).toBe(false);
    expect(noted(run, { field: 'persona', how: 'ignored' })).toBe(true);
    expect(run.notes.map((note) => note.field)).toEqual(['full_text', 'persona']);
  });

  it('keeps the first time a publication lost its answer, and whether it was ever sent again', () => {
    const run = untouched(planItem('a.yml'));
    answerLost(run, '2026-11-28T10:00:00.000Z', 2);
    answerLost(run, '2026-11-28T10:05:00.000Z', 1);
    expect(run).toMatchObject({ unknownSince: '2026-11-28T10:00:00.000Z', resent: true });
  });

  it('adds holds without changing the ones already given out', () => {
    const run = untouched(planItem('a.yml'));
    const before = run.holds;
    held(run, { kind: 'scheduled', at: '2026-12-01T00:00:00Z' });
    expect(before).toEqual([]);
    expect(run.holds).toEqual([{ kind: 'scheduled', at: '2026-12-01T00:00:00Z' }]);
  });
});
