// An item's own edit, as the apply sends it: the PUT as planned, what the
// service holds in its own terms said once, and an edit accepted but not read
// back held for the next run, never sent again.
import { describe, expect, it } from 'vitest';
import { ClearedFieldsError, ReadBackError } from '../../src/service-client/errors.ts';
import type { ContentEdit } from '../../src/service-client/types.ts';
import { note, runCreate, runEdit } from '../../src/apply/content.ts';
import { asSummary } from '../../src/apply/race.ts';
import type { Context } from '../../src/apply/context.ts';
import { untouched } from '../../src/apply/item-run.ts';
import type { Step } from '../../src/plan/types.ts';
import { recordingLogger } from '../support/engine-harness.ts';
import { planItem } from '../support/fixtures.ts';
import { contentDetail, fakeService } from '../support/service-fakes.ts';

type Edit = Extract<Step, { kind: 'edit' }>;

const step: Edit = {
  kind: 'edit',
  changes: [{ field: 'full_text', from: 'Old', to: 'New  ' }],
  cancelGeneration: true,
  send: { title: 'Glowing reefs', full_text: 'New  ' },
};

/** A context whose service answers an edit with `answer`; the edits sent are recorded. */
function contextWith(answer: (edit: ContentEdit) => Promise<ReturnType<typeof contentDetail>>) {
  const sent: Array<{ id: string; edit: ContentEdit; cancelGeneration: boolean | undefined }> = [];
  const logger = recordingLogger();
  const client = fakeService({
    editContent: (id, edit, options) => {
      sent.push({ id, edit, cancelGeneration: options?.cancelGeneration });
      return answer(edit);
    },
  });
  return { sent, logger, context: { client, logger } as unknown as Context };
}

const existing = () =>
  untouched(planItem('a.yml', { remote: { id: 'c-1', title: 'Glowing reefs', status: 'VIDEO_PROCESSED' } }));

describe('runEdit', () => {
  it('sends the planned PUT body once, and notes a script the service trimmed', async () => {
    const { sent, logger, context } = contextWith(() =>
      Promise.resolve(contentDetail({ status: 'NEW', full_text: 'New' })),
    );
    const run = existing();
    await expect(runEdit(run, step, context)).resolves.toBe(true);
    expect(sent).toEqual([{ id: 'c-1', edit: step.send, cancelGeneration: true }]);
    expect(run).toMatchObject({ edited: true, status: 'NEW' });
    expect(run.notes).toEqual([{ field: 'full_text', how: 'normalised_text' }]);
    expect(logger.lines).toContain('info Edited full_text.');
  });

  it('holds an edit the service accepted but could not be read back, and goes no further with the item', async () => {
    const failed = new ReadBackError('PUT', 'c-1', new Error('503'));
    const { sent, logger, context } = contextWith(() => Promise.reject(failed));
    const run = existing();
    await expect(runEdit(run, step, context)).resolves.toBe(false);
    expect(sent).toHaveLength(1);
    expect(run.edited).toBe(true);
    expect(run.holds).toEqual([{ kind: 'not_read_back', reason: failed.message }]);
    expect(logger.lines.at(-1)).toMatch(/^warning .*the rest of this item waits for the next run\.$/);
  });

  it('holds an edit that reads back with fields emptied, naming them', async () => {
    const cleared = new ClearedFieldsError('/contents/c-1', ['description']);
    const { context } = contextWith(() => Promise.reject(cleared));
    const run = existing();
    await expect(runEdit(run, step, context)).resolves.toBe(false);
    expect(run.holds).toEqual([{ kind: 'cleared_on_service', fields: ['description'] }]);
  });

  it('lets any other failure through to the engine', async () => {
    const { context } = contextWith(() => Promise.reject(new Error('socket hang up')));
    await expect(runEdit(existing(), step, context)).rejects.toThrow('socket hang up');
  });
});

describe('runCreate, the new item not read back', () => {
  const create: Extract<Step, { kind: 'create' }> = {
    kind: 'create',
    fields: { title: 'Glowing reefs', description: null, full_text: 'Script', hashtags: null },
  } as Extract<Step, { kind: 'create' }>;
  const older = contentDetail({ id: 'a', status: 'NEW', creation_date: '2026-06-01T11:00:00.000Z' });
  const mine = contentDetail({ id: 'b', status: 'NEW', creation_date: '2026-06-01T12:00:00.000Z' });
  /** A service that stored the create as `b` and could not show it; its listing shows `listed`. */
  function creating(listed: ReturnType<typeof contentDetail>[]) {
    const marked: string[] = [];
    const client = fakeService({
      createContent: () => Promise.reject(new ReadBackError('POST', 'b', new Error('404'))),
      listContents: () => Promise.resolve({ items: listed.map(asSummary), complete: true, gap: null }),
      getContent: (id) => (id === 'a' ? Promise.resolve(older) : Promise.reject(new Error('404'))),
      editContent: (id) => {
        marked.push(id);
        return Promise.reject(new ReadBackError('PUT', id, new Error('404')));
      },
    });
    const clock = { now: () => 0, sleep: () => Promise.resolve() };
    const context = { client, logger: recordingLogger(), clock, deadline: 60_000 } as unknown as Context;
    return { marked, context };
  }

  it('still settles a race for its title: an older item of it wins, this one is marked, the run goes on', async () => {
    // Two runs whose creates both fail to read back would otherwise each keep their own, two live items of one title.
    const { marked, context } = creating([older, mine]);
    const run = untouched(planItem('a.yml'));
    await expect(runCreate(run, create, context)).resolves.toBe(true);
    expect(marked).toEqual(['b']);
    expect(run).toMatchObject({ id: 'a', created: true });
    expect(run.holds).toMatchObject([{ kind: 'duplicate_marked', id: 'b', winner: 'a' }]);
  });

  it('alone with its title: held for the next run, as any write not read back', async () => {
    const { marked, context } = creating([mine]);
    const run = untouched(planItem('a.yml'));
    await expect(runCreate(run, create, context)).resolves.toBe(false);
    expect(marked).toEqual([]);
    expect(run.holds).toMatchObject([{ kind: 'not_read_back' }]);
  });
});

describe('note', () => {
  it('says each field the service holds in its own terms once per item', () => {
    const logger = recordingLogger();
    const run = existing();
    note(run, [{ field: 'fine_tuning', how: 'filled_defaults' }], logger);
    note(run, [{ field: 'fine_tuning', how: 'filled_defaults' }], logger);
    expect(logger.lines).toEqual(['info The service holds fine_tuning in its own terms (filled defaults).']);
  });
});
