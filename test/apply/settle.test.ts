// Waiting for the service around one item's writes: before acting on a plan
// the service may have moved away from, and after a dispatch.
import { describe, expect, it } from 'vitest';
import type { ContentStatus, Progress, TaskStatus } from '../../src/service-client/types.ts';
import type { Context } from '../../src/apply/context.ts';
import { untouched } from '../../src/apply/item-run.ts';
import { settle, settleDispatch, stillAsPlanned } from '../../src/apply/settle.ts';
import type { Clock } from '../../src/apply/wait.ts';
import type { Step } from '../../src/plan/types.ts';
import { recordingLogger } from '../support/engine-harness.ts';
import { planItem } from '../support/fixtures.ts';
import { fakeService } from '../support/service-fakes.ts';

/** A clock that only moves when the code under test sleeps. */
function fakeClock(): Clock {
  let now = 0;
  return {
    now: () => now,
    sleep: async (ms) => {
      now += ms;
    },
  };
}

const snapshot: Progress = { percentage: 50, step: 'video', message: null };

/** A context whose task status walks `statuses` (the last one repeats); `reads` counts the looks. */
function contextWith(statuses: Array<[ContentStatus, Progress | null]>, wait = true) {
  let reads = 0;
  const client = fakeService({
    taskStatus: (id): Promise<TaskStatus> => {
      const [status, progress] = statuses[Math.min(reads++, statuses.length - 1)]!;
      return Promise.resolve({ id, status, progress, last_error: null });
    },
  });
  const logger = recordingLogger();
  const context = {
    client,
    logger,
    wait,
    clock: fakeClock(),
    poll: { initialMs: 10, maxMs: 10, factor: 1 },
    deadline: 1e9,
    tally: { done: 0, total: 1 },
  } as unknown as Context;
  return { context, logger, reads: () => reads };
}

const at = (status: ContentStatus) =>
  untouched(planItem('a.yml', { stage: 'published', remote: { id: 'c-1', title: 'A', status } }));
const edit: Step = { kind: 'edit', changes: [], cancelGeneration: false, send: {} };

describe('settle', () => {
  it('returns at once for an item at rest, without a look', async () => {
    const { context, reads } = contextWith([['VIDEO_PROCESSED', null]]);
    await expect(settle(at('VIDEO_PROCESSED'), context)).resolves.toBe(true);
    expect(reads()).toBe(0);
  });

  it('waits for a running item to end, and takes the status it ends in', async () => {
    const { context } = contextWith([
      ['PROCESSING_VIDEO', snapshot],
      ['VIDEO_PROCESSED', null],
    ]);
    const run = at('PROCESSING_VIDEO');
    await expect(settle(run, context)).resolves.toBe(true);
    expect(run.status).toBe('VIDEO_PROCESSED');
  });

  it('leaves a running item running without a wait when the run does not wait', async () => {
    const { context, reads } = contextWith([['PROCESSING_VIDEO', snapshot]], false);
    const run = at('PROCESSING_VIDEO');
    await expect(settle(run, context)).resolves.toBe(false);
    expect(run.running).toBe(true);
    expect(reads()).toBe(0);
  });
});

describe('settleDispatch', () => {
  it('takes a publication the dispatch already saw as UPLOADED, without a wait', async () => {
    const { context, reads } = contextWith([['UPLOADING', snapshot]]);
    const run = at('VIDEO_PROCESSED');
    const wait = {
      dispatched: 'published',
      before: 'VIDEO_PROCESSED',
      until: 'published',
      conflictMayBeQueued: false,
    } as const;
    await expect(settleDispatch(run, context, wait)).resolves.toBe(true);
    expect(run.status).toBe('UPLOADED');
    expect(reads()).toBe(0);
  });
});

describe('stillAsPlanned', () => {
  it('carries out a write on the status the plan was made from', async () => {
    const { context } = contextWith([['VIDEO_PROCESSED', null]]);
    await expect(stillAsPlanned(at('VIDEO_PROCESSED'), [edit], context)).resolves.toBe(true);
  });

  it('sends nothing when the item moved since the plan, and says so', async () => {
    const { context, logger } = contextWith([['UPLOADED', null]]);
    const run = at('VIDEO_PROCESSED');
    await expect(stillAsPlanned(run, [edit], context)).resolves.toBe(false);
    expect(run.holds).toEqual([
      { kind: 'changed_since_plan', planned: 'VIDEO_PROCESSED', found: 'UPLOADED' },
    ]);
    expect(logger.lines).toContain(
      'info Moved from VIDEO_PROCESSED to UPLOADED since the plan was made: nothing is sent for it in this run.',
    );
  });

  it('goes on with a plan made on a generating item while it still generates, but not once it publishes', async () => {
    const still = contextWith([['PROCESSING_VIDEO', snapshot]]);
    await expect(stillAsPlanned(at('PROCESSING_AUDIO'), [edit], still.context)).resolves.toBe(true);
    const publishing = contextWith([
      ['UPLOADING', snapshot],
      ['UPLOADED', null],
    ]);
    const run = at('PROCESSING_AUDIO');
    await expect(stillAsPlanned(run, [edit], publishing.context)).resolves.toBe(false);
    expect(run.status).toBe('UPLOADED');
  });

  it('does not look before a wait, or for an item the service did not hold', async () => {
    const { context, reads } = contextWith([['UPLOADED', null]]);
    const wait: Step = { kind: 'wait', status: 'PROCESSING_VIDEO' };
    await expect(stillAsPlanned(at('PROCESSING_VIDEO'), [wait], context)).resolves.toBe(true);
    await expect(stillAsPlanned(untouched(planItem('b.yml')), [edit], context)).resolves.toBe(true);
    expect(reads()).toBe(0);
  });
});
