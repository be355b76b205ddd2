import { describe, expect, it } from 'vitest';
import { allowedSteps, asPreview, previewEdit } from '../../src/plan/permissions.ts';
import { planItem } from '../support/fixtures.ts';
import type { FieldChange, PlanItem, Step } from '../../src/plan/types.ts';

// What a run may send, and what a pull request's preview sends of a planned
// edit: only what main's manifest at the base sets, every other field as the
// service holds it.

const REMOTE = {
  title: 'Launch video',
  description: null,
  full_text: 'Old text.',
  textover: 'OLD SCRIPT',
  hashtags: null,
  fine_tuning: { pace: 'slow', tone: { warmth: 1 } },
  persona_id: null,
};

const item: Pick<PlanItem, 'remote' | 'script'> = {
  remote: { id: 'x', title: 'Launch video', status: 'NEW' },
  script: { desired: null, remote: 'OLD SCRIPT' },
};

function edit(changes: FieldChange[]): Extract<Step, { kind: 'edit' }> {
  const send: Record<string, unknown> = { ...REMOTE };
  for (const change of changes) send[change.field] = change.to;
  if (changes.some((change) => change.field === 'full_text')) delete send.textover;
  return { kind: 'edit', changes, cancelGeneration: false, send };
}

describe('previewEdit', () => {
  it('narrows fine_tuning to the keys main sets, nested ones included', () => {
    const to = { pace: 'fast', extra: 1, tone: { warmth: 2, edge: 3 } };
    const planned = edit([{ field: 'fine_tuning', from: REMOTE.fine_tuning, to }]);
    const owned = { title: 'Launch video', fine_tuning: { pace: 'slow', tone: { warmth: 1 } } };
    const result = previewEdit(item, planned, { kind: 'owned', fields: owned });
    expect(result.withheld).toEqual(['fine_tuning.extra', 'fine_tuning.tone.edge']);
    expect(result.step?.send.fine_tuning).toEqual({ pace: 'fast', tone: { warmth: 2 } });
  });

  it("keeps the service's script when the new full_text is left out", () => {
    const planned = edit([
      { field: 'description', from: null, to: 'Mine' },
      { field: 'full_text', from: 'Old text.', to: 'New text.' },
    ]);
    const result = previewEdit(item, planned, {
      kind: 'owned',
      fields: { title: 'Launch video', description: 'x' },
    });
    expect(result.withheld).toEqual(['full_text']);
    expect(result.step?.send).toMatchObject({
      description: 'Mine',
      full_text: 'Old text.',
      textover: 'OLD SCRIPT',
    });
  });

  it('lets the service write a new script when the new full_text is main’s', () => {
    const planned = edit([{ field: 'full_text', from: 'Old text.', to: 'New text.' }]);
    const result = previewEdit(item, planned, {
      kind: 'owned',
      fields: { title: 'Launch video', full_text: 'x' },
    });
    expect(result.step?.send).not.toHaveProperty('textover');
    expect(result.step?.send.full_text).toBe('New text.');
  });

  it('never sends the persona, and nothing at all without main’s manifest', () => {
    const planned = edit([{ field: 'persona_id', from: 'p1', to: 'p2' }]);
    const owned = { title: 'Launch video', persona_id: 'p1' };
    expect(previewEdit(item, planned, { kind: 'owned', fields: owned })).toMatchObject({
      step: null,
      withheld: ['persona_id'],
    });
    expect(previewEdit(item, planned, undefined)).toMatchObject({ step: null, blocked: 'no_base' });
  });
});

describe('allowedSteps', () => {
  const all = { write: true, render: true, publish: true };
  const sorted = (kinds: Set<string>) => [...kinds].sort();

  it('lets an apply do everything its permissions allow, waiting included', () => {
    expect(sorted(allowedSteps('apply', all))).toEqual(['create', 'edit', 'render', 'upload', 'wait']);
    expect(sorted(allowedSteps('apply', { write: true, render: false, publish: false }))).toEqual([
      'create',
      'edit',
      'wait',
    ]);
  });

  it('lets a plan write drafts at most, and a validate send nothing', () => {
    expect(sorted(allowedSteps('plan', all))).toEqual(['create', 'edit']);
    expect(sorted(allowedSteps('plan', { write: false, render: true, publish: true }))).toEqual([]);
    expect(sorted(allowedSteps('validate', all))).toEqual([]);
  });
});

describe('asPreview', () => {
  const create: Step = { kind: 'create', fields: {} as Extract<Step, { kind: 'create' }>['fields'] };
  const planned = edit([{ field: 'description', from: null, to: 'Mine' }]);

  it('creates a new item, and leaves out an edit of an item the service does not hold', () => {
    const fresh = planItem('a.yml', { steps: [create, planned] });
    expect(asPreview(fresh)).toMatchObject([{ file: 'a.yml', steps: [create] }]);
  });

  it('edits a draft as far as main reaches, and nothing without main’s manifest', () => {
    const draft = planItem('a.yml', {
      ...item,
      steps: [planned],
      preview: { kind: 'owned', fields: { title: 'Launch video', description: 'x' } },
    });
    expect(asPreview(draft)[0]?.steps).toMatchObject([{ kind: 'edit', send: { description: 'Mine' } }]);
    expect(asPreview({ ...draft, preview: undefined })[0]?.steps).toEqual([]);
  });

  it('never touches an item already rendered or published', () => {
    const rendered = planItem('a.yml', {
      ...item,
      remote: { id: 'x', title: 'Launch video', status: 'VIDEO_PROCESSED' },
      steps: [planned],
    });
    expect(asPreview(rendered)).toEqual([]);
  });
});
