// An item's own edit, as the apply sends it: the PUT as planned, what the
// service holds in its own terms said once, and an edit accepted but not read
// back held for the next run, never sent again.
import { describe, expect, it } from 'vitest';
import { ClearedFieldsError, ReadBackError } from '../../src/service-client/errors.ts';
import type { ContentEdit } from '../../src/service-client/types.ts';
import { note, runEdit } from '../../src/apply/content.ts';
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

describe('note', () => {
  it('says each field the service holds in its own terms once per item', () => {
    const logger = recordingLogger();
    const run = existing();
    note(run, [{ field: 'fine_tuning', how: 'filled_defaults' }], logger);
    note(run, [{ field: 'fine_tuning', how: 'filled_defaults' }], logger);
    expect(logger.lines).toEqual(['info The service holds fine_tuning in its own terms (filled defaults).']);
  });
});
