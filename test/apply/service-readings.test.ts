import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../src/api/errors.ts';
import type {
  ContentDetail,
  ContentEdit,
  ContentSummary,
  ServiceApi,
  TaskStatus,
} from '../../src/api/types.ts';
import type { Logger } from '../../src/log.ts';
import { createOrAdopt } from '../../src/apply/lost-answers.ts';
import { readStatus } from '../../src/apply/status.ts';

// Where an item is, and which item a title is, read from what the service
// answers by HTTP semantics: a 404 from task status is "no task", a 409 on a
// create is "that title exists".

function item(overrides: Partial<ContentDetail> = {}): ContentDetail {
  return {
    id: 'c-1',
    title: 'Glowing reefs',
    description: 'Reefs at night.',
    full_text: 'Source',
    textover: null,
    hashtags: null,
    status: 'VIDEO_PROCESSED',
    fine_tuning: null,
    persona: null,
    accounts: [],
    has_video: true,
    last_error: null,
    progress: null,
    video_settings: null,
    creation_date: null,
    updated_at: null,
    upload_date: null,
    ...overrides,
  };
}

const notFound = (path: string, status = 404): ServiceError =>
  new ServiceError({ status, method: 'GET', path, serviceMessage: 'No task', message: 'not found' });

function fake(parts: Partial<ServiceApi>): ServiceApi {
  return parts as ServiceApi;
}

const lines: string[] = [];
const logger = {
  info: (line: string) => lines.push(line),
  warning: (line: string) => lines.push(line),
} as unknown as Logger;

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

describe('a 409 on a create: the title exists', () => {
  const fields = {
    title: 'Glowing reefs',
    description: 'Reefs at night.',
    full_text: 'Source',
    textover: null,
    hashtags: null,
    fine_tuning: null,
    persona_id: null,
  };
  const taken = new ServiceError({
    status: 409,
    method: 'POST',
    path: '/contents',
    serviceMessage: 'A content item titled "Glowing reefs" already exists',
    message: 'conflict',
    code: 'duplicate_title',
  });
  const row = (id: string, title: string): ContentSummary => ({
    ...item({ id, title }),
    published_url: null,
    published_platform: null,
    published: { links: [], perAccount: false },
  });

  it("adopts the other writer's item, sets the fields it holds otherwise, and never creates again", async () => {
    let creates = 0;
    const edits: Array<[string, ContentEdit]> = [];
    const client = fake({
      createContent: () => {
        creates++;
        return Promise.reject(taken);
      },
      listContents: () =>
        Promise.resolve({
          items: [row('c-7', 'Glowing reefs '), row('c-8', 'Other')],
          complete: true,
          gap: null,
        }),
      getContent: (id) => Promise.resolve(item({ id, description: 'Written elsewhere.' })),
      editContent: (id, edit) => {
        edits.push([id, edit]);
        return Promise.resolve(item({ id, ...edit }));
      },
    });
    const adopted = await createOrAdopt(client, fields, logger, () => Promise.resolve());
    expect(adopted).toMatchObject({ id: 'c-7', description: 'Reefs at night.' });
    expect(creates).toBe(1);
    expect(edits).toHaveLength(1);
    expect(edits[0]?.[1]).toMatchObject({ description: 'Reefs at night.' });
    expect(lines.some((line) => /already the title of another item \(c-7, 409/.test(line))).toBe(true);
  });

  it('finding no item of that title, fails with the 409 rather than creating a second', async () => {
    let creates = 0;
    const client = fake({
      createContent: () => {
        creates++;
        return Promise.reject(taken);
      },
      listContents: () => Promise.resolve({ items: [], complete: true, gap: null }),
    });
    await expect(
      createOrAdopt(client, fields, logger, () => Promise.resolve(), { lookMs: 1000 }),
    ).rejects.toBe(taken);
    expect(creates).toBe(1);
  });
});
