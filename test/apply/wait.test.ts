import { describe, expect, it } from 'vitest';
import {
  GENERATING_STATUSES,
  type ContentStatus,
  type ServiceApi,
  type TaskStatus,
} from '../../src/service-client/types.ts';
import { waitForItem, type Clock } from '../../src/apply/wait.ts';
import { recordingLogger } from '../support/engine-harness.ts';

/** A clock that only moves when the code under test sleeps. */
function fakeClock(): Clock & { sleeps: number[] } {
  let now = 0;
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => now,
    sleep: async (ms) => {
      sleeps.push(ms);
      now += ms;
    },
  };
}

/** Task status that walks `statuses`; progress is reported while a run is in flight, as the interface says. */
function scripted(statuses: ContentStatus[], inFlightAt: ReadonlySet<number> = new Set()): ServiceApi {
  let index = 0;
  const taskStatus = async (id: string): Promise<TaskStatus> => {
    const at = Math.min(index++, statuses.length - 1);
    const status = statuses[at]!;
    const running = GENERATING_STATUSES.has(status) || inFlightAt.has(at);
    const progress = running ? { percentage: index, step: status, message: null } : null;
    return { id, status, progress, last_error: null };
  };
  return { taskStatus } as unknown as ServiceApi;
}

const target = { id: 'x', file: 'a.yml', title: 'A' };
const poll = { initialMs: 100, maxMs: 400, factor: 2 };

describe('waitForItem', () => {
  it('polls fast at first, backs off to the cap, and is fast again when the status moves', async () => {
    const clock = fakeClock();
    const logger = recordingLogger();
    const statuses: ContentStatus[] = [
      ...Array<ContentStatus>(5).fill('PROCESSING_AUDIO'),
      'PROCESSING_VIDEO',
      'PROCESSING_VIDEO',
      'VIDEO_PROCESSED',
    ];
    const outcome = await waitForItem(scripted(statuses), target, { deadline: 1e9, clock, poll, logger });
    expect(outcome).toEqual({ status: 'VIDEO_PROCESSED', lastError: null, timedOut: false });
    expect(clock.sleeps).toEqual([100, 200, 400, 400, 400, 100, 200]);
    expect(logger.progressEvents.map((event) => event.status)).toEqual([...statuses]);
  });

  it('waits through VIDEO_PROCESSED when the run carries its publication', async () => {
    const clock = fakeClock();
    const statuses: ContentStatus[] = ['PROCESSING_VIDEO', 'VIDEO_PROCESSED', 'UPLOADING', 'UPLOADED'];
    const logger = recordingLogger();
    const outcome = await waitForItem(scripted(statuses), target, {
      deadline: 1e9,
      clock,
      poll,
      logger,
      until: 'published',
    });
    expect(outcome.status).toBe('UPLOADED');
  });

  it('does not take a VIDEO_PROCESSED that still reports progress for a finished run, where one may publish', async () => {
    // A one-shot run with account_ids passes through VIDEO_PROCESSED on its way to UPLOADING.
    const statuses: ContentStatus[] = ['PROCESSING_VIDEO', 'VIDEO_PROCESSED', 'UPLOADING', 'UPLOADED'];
    for (const until of ['published', 'maybe-published'] as const) {
      const outcome = await waitForItem(scripted(statuses, new Set([1])), target, {
        deadline: 1e9,
        clock: fakeClock(),
        poll,
        logger: recordingLogger(),
        until,
      });
      expect(outcome.status, until).toBe('UPLOADED');
    }
  });

  it('a run that publishes nothing ends at VIDEO_PROCESSED, whatever snapshot the service kept there', async () => {
    const clock = fakeClock();
    const statuses: ContentStatus[] = ['PROCESSING_VIDEO', 'VIDEO_PROCESSED', 'UPLOADING'];
    const outcome = await waitForItem(scripted(statuses, new Set([1, 2])), target, {
      deadline: 1e9,
      clock,
      poll,
      logger: recordingLogger(),
      until: 'settled',
    });
    expect(outcome).toEqual({ status: 'VIDEO_PROCESSED', lastError: null, timedOut: false });
    expect(clock.sleeps).toEqual([100]);
  });

  it('waits through a status beyond the thirteen (a queue), to the deadline at most', async () => {
    const clock = fakeClock();
    const logger = recordingLogger();
    // Task status and the detail view (read for a word task status does not know) agree, read after read.
    const both = (statuses: string[]): ServiceApi => {
      let at = -1;
      const now = () => statuses[Math.min(at, statuses.length - 1)] as ContentStatus;
      return {
        taskStatus: async (id: string) => (
          (at += 1),
          { id, status: now(), progress: null, last_error: null }
        ),
        getContent: async (id: string) => ({ id, status: now(), progress: null, last_error: null }),
      } as unknown as ServiceApi;
    };
    const queued = ['QUEUED', 'QUEUED', 'PROCESSING_AUDIO', 'VIDEO_PROCESSED'];
    const done = await waitForItem(both(queued), target, { deadline: 1e9, clock, poll, logger });
    expect(done).toMatchObject({ status: 'VIDEO_PROCESSED', timedOut: false });
    const stuck = await waitForItem(both(['QUEUED']), target, {
      deadline: 250,
      clock: fakeClock(),
      poll,
      logger,
    });
    expect(stuck).toMatchObject({ status: 'QUEUED', timedOut: true });
  });

  it('stops at the deadline and says so', async () => {
    const clock = fakeClock();
    const logger = recordingLogger();
    const outcome = await waitForItem(scripted(['PROCESSING_AUDIO']), target, {
      deadline: 250,
      clock,
      poll,
      logger,
    });
    expect(outcome).toMatchObject({ status: 'PROCESSING_AUDIO', timedOut: true });
    expect(clock.sleeps).toEqual([100, 150]);
  });
});

describe('waitForItem after a retried render', () => {
  /** Task status stuck on FAILED_VIDEO; the detail's updated_at as `touched` says. */
  function failedAgain(touched: (read: number) => string): ServiceApi & { detailReads: () => number } {
    let reads = 0;
    return {
      taskStatus: async (id: string): Promise<TaskStatus> => ({
        id,
        status: 'FAILED_VIDEO',
        progress: null,
        last_error: 'render failed',
      }),
      getContent: async (id: string) => ({ id, updated_at: touched(++reads) }),
      detailReads: () => reads,
    } as unknown as ServiceApi & { detailReads: () => number };
  }
  const before = '2026-11-24T00:00:00.000Z';

  it('ends at once when the item was touched since the dispatch: the retry ran and failed again', async () => {
    const client = failedAgain(() => '2026-11-24T00:00:01.000Z');
    const clock = fakeClock();
    const outcome = await waitForItem(client, target, {
      deadline: 1e9,
      clock,
      poll,
      logger: recordingLogger(),
      leaving: 'FAILED_VIDEO',
      since: before,
    });
    expect(outcome).toEqual({ status: 'FAILED_VIDEO', lastError: 'render failed', timedOut: false });
    expect(clock.now()).toBeLessThan(1_000);
  });

  it('keeps waiting, then says not started, while the item is untouched: the job is still queued', async () => {
    const client = failedAgain(() => before);
    const outcome = await waitForItem(client, target, {
      deadline: 1e9,
      clock: fakeClock(),
      poll,
      logger: recordingLogger(),
      leaving: 'FAILED_VIDEO',
      since: before,
      startWaitMs: 5_000,
    });
    expect(outcome.notStarted).toBe(true);
    expect(client.detailReads()).toBeGreaterThan(1);
  });

  it('takes an unreadable detail as no answer', async () => {
    const client = failedAgain(() => {
      throw new Error('503');
    });
    const outcome = await waitForItem(client, target, {
      deadline: 1e9,
      clock: fakeClock(),
      poll,
      logger: recordingLogger(),
      leaving: 'FAILED_VIDEO',
      since: before,
      startWaitMs: 2_000,
    });
    expect(outcome.notStarted).toBe(true);
  });
});
