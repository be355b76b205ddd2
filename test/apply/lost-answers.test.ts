import { describe, expect, it } from 'vitest';
import { OutcomeUnknownError, ServiceError } from '../../src/service-client/errors.ts';
import type { ContentEdit, ContentSummary } from '../../src/service-client/types.ts';
import type { Logger } from '../../src/log.ts';
import { createOrAdopt, UndecidedCreateError } from '../../src/apply/lost-answers.ts';
import { contentDetail as item, fakeService as fake } from '../support/service-fakes.ts';

// Which item a title is, read from what the service answers by HTTP
// semantics: a 409 on a create is "that title exists".

const lines: string[] = [];
const logger = {
  info: (line: string) => lines.push(line),
  warning: (line: string) => lines.push(line),
} as unknown as Logger;

/** What the manifest asks the create to set. */
const fields = {
  title: 'Glowing reefs',
  description: 'Reefs at night.',
  full_text: 'Source',
  textover: null,
  hashtags: null,
  fine_tuning: null,
  persona_id: null,
};

describe('a 409 on a create: the title exists', () => {
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

describe('a lost create beside another run of the same title, in the same instant', () => {
  const row = (id: string): ContentSummary => ({
    ...item({ id, status: 'NEW', creation_date: '2026-06-01T12:00:00Z' }),
    published_url: null,
    published_platform: null,
    published: { links: [], perAccount: false },
  });

  it('marks every item of the tie, keeps none, and holds: the next run creates the title once', async () => {
    // Which one is this run's cannot be known, nor which came first: each kept by one run is two live items.
    const marked: Array<[string, string | undefined]> = [];
    const client = fake({
      createContent: () =>
        Promise.reject(
          new OutcomeUnknownError({ method: 'POST', path: '/contents', reason: 'the answer named no item' }),
        ),
      listContents: () => Promise.resolve({ items: [row('b'), row('a')], complete: true, gap: null }),
      getContent: (id) => Promise.resolve(item({ id, status: 'NEW', creation_date: '2026-06-01T12:00:00Z' })),
      editContent: (id, edit) => {
        marked.push([id, edit.title]);
        return Promise.resolve(item({ id }));
      },
    });
    const creating = createOrAdopt(client, fields, logger, () => Promise.resolve(), { lookMs: 1000 });
    await expect(creating).rejects.toBeInstanceOf(UndecidedCreateError);
    await expect(creating).rejects.toMatchObject({ ids: ['a', 'b'] });
    expect(marked).toEqual([
      ['a', 'Glowing reefs [duplicate of b]'],
      ['b', 'Glowing reefs [duplicate of a]'],
    ]);
  });
});

describe('a lost create beside another run, where the list shows no status', () => {
  it("ranks and marks from the items' details: the older is kept, the younger (never rendered) marked", async () => {
    const times: Record<string, string> = { a: '2026-06-01T11:00:00Z', b: '2026-06-01T12:00:00Z' };
    const row = (id: string): ContentSummary => ({
      ...item({ id, status: '' as ContentSummary['status'], creation_date: null }),
      published_url: null,
      published_platform: null,
      published: { links: [], perAccount: false },
    });
    const marked: string[] = [];
    const client = fake({
      createContent: () =>
        Promise.reject(
          new OutcomeUnknownError({ method: 'POST', path: '/contents', reason: 'the answer named no item' }),
        ),
      listContents: () => Promise.resolve({ items: [row('b'), row('a')], complete: true, gap: null }),
      getContent: (id) => Promise.resolve(item({ id, status: 'NEW', creation_date: times[id] ?? null })),
      editContent: (id) => {
        marked.push(id);
        return Promise.resolve(item({ id }));
      },
    });
    const kept = await createOrAdopt(client, fields, logger, () => Promise.resolve(), { lookMs: 1000 });
    expect(kept).toMatchObject({ id: 'a' });
    expect(marked).toEqual(['b']);
  });
});
