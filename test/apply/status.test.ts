import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../src/service-client/errors.ts';
import type { ContentDetail, TaskStatus } from '../../src/service-client/types.ts';
import { readStatus } from '../../src/apply/status.ts';
import { contentDetail as item, fakeService as fake } from '../support/service-fakes.ts';

// Where an item is, read from what the service answers by HTTP semantics: a
// 404 from task status is "no task".

const notFound = (path: string, status = 404): ServiceError =>
  new ServiceError({ status, method: 'GET', path, serviceMessage: 'No task', message: 'not found' });

describe('task status that does not say where the item is', () => {
  it.each([404, 410])(
    'a %i for an item that exists is "no task": the item shows its own status',
    async (status) => {
      const client = fake({
        taskStatus: () => Promise.reject(notFound('/gen/task-status/c-1', status)),
        getContent: () => Promise.resolve(item()),
      });
      await expect(readStatus(client, 'c-1')).resolves.toMatchObject({ status: 'VIDEO_PROCESSED' });
    },
  );

  it("a 404 for an item that is gone stays the item's 404", async () => {
    const client = fake({
      taskStatus: () => Promise.reject(notFound('/gen/task-status/c-1')),
      getContent: () => Promise.reject(notFound('/contents/c-1')),
    });
    await expect(readStatus(client, 'c-1')).rejects.toMatchObject({ path: '/contents/c-1' });
  });

  it("a job's own states (PENDING, STARTED, SUCCESS) give way to the item's status", async () => {
    const task: TaskStatus = {
      id: 'c-1',
      status: 'SUCCESS' as TaskStatus['status'],
      progress: null,
      last_error: null,
    };
    const client = fake({
      taskStatus: () => Promise.resolve(task),
      getContent: () => Promise.resolve(item({ status: 'UPLOADED' })),
    });
    await expect(readStatus(client, 'c-1')).resolves.toMatchObject({ status: 'UPLOADED' });
  });

  it('a word neither knows is kept as the item shows it, for that item alone to be held', async () => {
    const client = fake({
      taskStatus: () =>
        Promise.resolve({
          id: 'c-1',
          status: 'QUEUED' as TaskStatus['status'],
          progress: null,
          last_error: null,
        }),
      getContent: () => Promise.resolve(item({ status: 'ARCHIVED' as ContentDetail['status'] })),
    });
    await expect(readStatus(client, 'c-1')).resolves.toMatchObject({ status: 'ARCHIVED' });
  });
});
