import { describe, expect, it } from 'vitest';
import { matchItems } from '../../src/plan/identity.ts';
import { plan } from '../../src/plan/plan.ts';
import type { PlanItem } from '../../src/plan/types.ts';
import { context, desired, observed, published, remote } from '../support/fixtures.ts';

function kinds(item: PlanItem | undefined): string[] {
  return (item?.steps ?? []).map((step) => step.kind);
}

describe('plan: stages', () => {
  it('creates a missing draft and spends nothing', () => {
    const item = desired('a.yml', { fields: { description: 'd' } });
    const result = plan([item], observed([]), context());
    expect(result.items[0]?.match).toBe('new');
    expect(result.items[0]?.steps).toEqual([
      {
        kind: 'create',
        fields: {
          title: 'Title of a.yml',
          description: 'd',
          full_text: 'Text of a.yml',
          textover: null,
          hashtags: null,
          fine_tuning: null,
          persona_id: null,
        },
      },
    ]);
    expect(result.statedScopes).toEqual([]);
    expect(result.publications).toBe(0);
  });

  it('does nothing for a draft whose fields match', () => {
    const item = desired('a.yml');
    const result = plan([item], observed([remote(item)]), context());
    expect(result.items[0]?.steps).toEqual([]);
    expect(result.items[0]?.match).toBe('title');
    expect(result.statedScopes).toEqual([]);
  });

  it('edits only the fields that differ, old to new, and leaves unmanaged fields alone', () => {
    const item = desired('a.yml', { fields: { description: 'new', hashtags: 'a b' } });
    const detail = remote(item, { description: 'old', hashtags: 'a b', persona: { id: 'p', name: 'P' } });
    const result = plan([item], observed([detail]), context());
    expect(result.items[0]?.steps).toEqual([
      {
        kind: 'edit',
        changes: [{ field: 'description', from: 'old', to: 'new' }],
        cancelGeneration: false,
        // Every field goes with the PUT: the unmanaged ones as the item has them (A13).
        send: expect.objectContaining({
          title: 'Title of a.yml',
          description: 'new',
          hashtags: 'a b',
          persona_id: 'p',
        }) as object,
      },
    ]);
  });

  it('renders a new item in one shot and publishes only when due', () => {
    const item = published('a.yml');
    const result = plan([item], observed([]), context());
    expect(kinds(result.items[0])).toEqual(['create', 'render']);
    const render = result.items[0]?.steps[1];
    expect(render).toMatchObject({ kind: 'render', reason: 'never_rendered' });
    expect(render?.kind === 'render' && render.publish?.options.account_ids).toEqual(['acc-yt']);
    expect(result.publications).toBe(1);
    expect(result.statedScopes).toEqual(['generate']);
  });

  it('parks a one-shot item whose publish.at has not come, and holds it as scheduled', () => {
    const at = '2026-12-01T15:00:00Z';
    const item = published('a.yml', { publish: { ...published('a.yml').publish!, at } });
    const result = plan([item], observed([remote(item)]), context());
    expect(result.items[0]?.steps).toMatchObject([
      { kind: 'render', reason: 'never_rendered', publish: null },
    ]);
    expect(result.items[0]?.holds).toEqual([{ kind: 'scheduled', at }]);
    expect(result.items[0]?.publishAt).toBe(at);
    expect(result.publications).toBe(0);
  });

  it('publishes an already rendered item with an upload once due, never by rendering again', () => {
    const item = published('a.yml', {
      publish: { ...published('a.yml').publish!, at: '2026-06-01T06:00:00Z' },
    });
    const detail = remote(item, { status: 'VIDEO_PROCESSED', has_video: true });
    const result = plan([item], observed([detail]), context());
    expect(result.items[0]?.steps).toMatchObject([{ kind: 'upload', retry: false }]);
    expect(result.publications).toBe(1);
  });

  it('waits for a one-shot run between render and publication before any upload', () => {
    // The wait tells a run in flight from the stale snapshot of one that parked;
    // apply looks again before the upload, so a run that published needs none.
    const item = published('a.yml');
    const progress = { percentage: 60, step: 'video', message: 'Rendering video' };
    const detail = remote(item, { status: 'VIDEO_PROCESSED', has_video: true, progress });
    const result = plan([item], observed([detail]), context());
    expect(kinds(result.items[0])).toEqual(['wait', 'upload']);
  });

  it('edits nothing while a run may be in flight: the edit waits for the next run', () => {
    const item = published('a.yml', { fields: { description: 'new' } });
    const progress = { percentage: 60, step: 'video', message: 'Rendering video' };
    const detail = remote(item, { status: 'VIDEO_PROCESSED', has_video: true, progress, description: 'old' });
    const result = plan([item], observed([detail]), context());
    expect(result.items[0]?.steps).toEqual([{ kind: 'wait', status: 'VIDEO_PROCESSED' }]);
    expect(result.publications).toBe(0);
  });

  it('a stepwise item resting at VIDEO_PROCESSED with a snapshot left over: uploaded and edited, not waited on', () => {
    // Only a one-shot publication passes through VIDEO_PROCESSED; a stepwise render rests there.
    const item = published('a.yml', { flow: 'stepwise', fields: { description: 'new' } });
    const progress = { percentage: 99, step: 'video', message: 'Rendering video' };
    const detail = remote(item, { status: 'VIDEO_PROCESSED', has_video: true, progress, description: 'old' });
    const result = plan([item], observed([detail]), context());
    expect(kinds(result.items[0])).toEqual(['edit', 'upload']);
    const draft = published('b.yml', { flow: 'oneshot', stage: 'rendered', fields: { description: 'new' } });
    const rendered = remote(draft, {
      status: 'VIDEO_PROCESSED',
      has_video: true,
      progress,
      description: 'old',
    });
    expect(kinds(plan([draft], observed([rendered]), context()).items[0])).toEqual(['edit']);
  });

  it('never plans a create for a listed item whose detail could not be read', () => {
    const item = published('a.yml');
    const listed = observed([remote(item)]);
    const result = plan([item], { ...listed, details: new Map() }, context());
    expect(result.items[0]?.steps).toEqual([]);
    expect(result.items[0]?.remote).not.toBeNull();
    expect(result.problems).toMatchObject([{ code: 'unreadable_item', severity: 'error', file: 'a.yml' }]);
  });

  it('stepwise: renders without accounts and uploads separately', () => {
    const item = published('a.yml', { flow: 'stepwise' });
    const result = plan([item], observed([remote(item)]), context());
    expect(result.items[0]?.steps).toMatchObject([
      { kind: 'render', publish: null },
      { kind: 'upload', retry: false },
    ]);
  });

  it('re-renders when the video settings of the last render differ (A19), ignoring an unknown source', () => {
    const item = desired('a.yml', {
      stage: 'rendered',
      render: { video_id: 'stock', orientation: 'horizontal' },
    });
    const settings = {
      video_id: null,
      orientation: 'vertical',
      prefer_real_world: null,
      image_overlay_enabled: null,
      image_overlay_position: null,
      zoom_effect_enabled: null,
      subtitle_settings: null,
    };
    const detail = remote(item, { status: 'VIDEO_PROCESSED', has_video: true, video_settings: settings });
    const result = plan([item], observed([detail]), context());
    expect(result.items[0]?.steps).toMatchObject([{ kind: 'render', reason: 'settings_changed' }]);
    const same = plan(
      [item],
      observed([{ ...detail, video_settings: { ...settings, orientation: 'horizontal' } }]),
      context(),
    );
    expect(same.items[0]?.steps).toEqual([]);
  });

  it('re-renders after a script edit (A16 resets the item to NEW)', () => {
    const item = desired('a.yml', { stage: 'rendered', fields: { full_text: 'new text' } });
    const detail = remote(item, { status: 'VIDEO_PROCESSED', has_video: true, full_text: 'old text' });
    const result = plan([item], observed([detail]), context());
    expect(result.items[0]?.steps).toMatchObject([
      { kind: 'edit', changes: [{ field: 'full_text', from: 'old text', to: 'new text' }] },
      { kind: 'render', reason: 'script_changed' },
    ]);
  });

  it('renders a reviewed draft as it is: no edit when full_text is unchanged', () => {
    const item = desired('a.yml', { stage: 'rendered' });
    const detail = remote(item, { textover: 'The script reviewers read' });
    const result = plan([item], observed([detail]), context());
    expect(result.items[0]?.steps).toMatchObject([{ kind: 'render', reason: 'never_rendered' }]);
    expect(result.items[0]?.script).toEqual({ desired: null, remote: 'The script reviewers read' });
  });

  it('retries a failed render, and a failed upload with an upload', () => {
    const a = published('a.yml');
    const b = published('b.yml');
    const result = plan(
      [a, b],
      observed([
        remote(a, { status: 'FAILED_VIDEO' }),
        remote(b, { status: 'FAILED_UPLOAD', has_video: true }),
      ]),
      context(),
    );
    expect(result.items[0]?.steps).toMatchObject([{ kind: 'render', reason: 'retry_failed' }]);
    expect(result.items[1]?.steps).toMatchObject([{ kind: 'upload', retry: true }]);
  });
});

describe('plan: published items and items in flight', () => {
  it('reports script and settings differences of an UPLOADED item as drift, and still edits its title fields', () => {
    const item = published('a.yml', {
      fields: { full_text: 'new', description: 'new desc' },
      render: { video_id: 'stock', orientation: 'horizontal' },
    });
    const detail = remote(item, {
      status: 'UPLOADED',
      full_text: 'old',
      description: 'old desc',
      video_settings: {
        video_id: 'stock',
        orientation: 'vertical',
        prefer_real_world: null,
        image_overlay_enabled: null,
        image_overlay_position: null,
        zoom_effect_enabled: null,
        subtitle_settings: null,
      },
    });
    const result = plan([item], observed([detail]), context());
    expect(result.items[0]?.steps).toEqual([
      {
        kind: 'edit',
        changes: [{ field: 'description', from: 'old desc', to: 'new desc' }],
        cancelGeneration: false,
        send: expect.any(Object) as object,
      },
    ]);
    expect(result.items[0]?.drift).toEqual([
      { field: 'full_text', remote: 'old', desired: 'new' },
      {
        field: 'video_settings',
        remote: { orientation: 'vertical' },
        desired: { orientation: 'horizontal' },
      },
    ]);
    expect(result.publications).toBe(0);
  });

  it('holds the edit of a generating item, and waits for it', () => {
    const item = published('a.yml', { fields: { full_text: 'new' } });
    const detail = remote(item, { status: 'PROCESSING_VIDEO', full_text: 'old' });
    const result = plan([item], observed([detail]), context());
    expect(result.items[0]?.steps).toEqual([{ kind: 'wait', status: 'PROCESSING_VIDEO' }]);
    expect(result.items[0]?.holds).toEqual([{ kind: 'generating', status: 'PROCESSING_VIDEO' }]);
  });

  it('cancels a generating item with cancel-running, but never an UPLOADING one', () => {
    const item = published('a.yml', { fields: { full_text: 'new' } });
    const cancel = context({ cancelRunning: true });
    const generating = plan(
      [item],
      observed([remote(item, { status: 'PROCESSING_AUDIO', full_text: 'old' })]),
      cancel,
    );
    expect(generating.items[0]?.steps).toMatchObject([
      { kind: 'edit', cancelGeneration: true },
      { kind: 'render', reason: 'script_changed' },
    ]);
    const uploading = plan(
      [item],
      observed([remote(item, { status: 'UPLOADING', full_text: 'old' })]),
      cancel,
    );
    expect(uploading.items[0]?.steps).toEqual([{ kind: 'wait', status: 'UPLOADING' }]);
    expect(uploading.items[0]?.holds).toEqual([{ kind: 'generating', status: 'UPLOADING' }]);
  });

  it('waits for a stepwise render in flight and then uploads it', () => {
    const item = published('a.yml', { flow: 'stepwise' });
    const result = plan([item], observed([remote(item, { status: 'PROCESSING_AUDIO' })]), context());
    expect(kinds(result.items[0])).toEqual(['wait', 'upload']);
  });
});

describe('plan: permissions', () => {
  it('holds publication when publish is false, in both modes when the input says so', () => {
    const item = published('a.yml');
    const off = { write: true, render: true, publish: false };
    const applied = plan([item], observed([]), context({ permissions: off }));
    expect(applied.items[0]?.steps).toMatchObject([{ kind: 'create' }, { kind: 'render', publish: null }]);
    expect(applied.items[0]?.holds).toEqual([{ kind: 'publish_disabled', by: 'input' }]);
    expect(applied.publications).toBe(0);
    const planned = plan(
      [item],
      observed([]),
      context({ mode: 'plan', permissions: { write: false, render: false, publish: false } }),
    );
    expect(planned.publications).toBe(1);
    expect(planned.items[0]?.holds).toEqual([]);
  });

  it('holds renders when render is false in apply mode', () => {
    const item = published('a.yml', { flow: 'stepwise' });
    const result = plan(
      [item],
      observed([]),
      context({ permissions: { write: true, render: false, publish: true } }),
    );
    expect(kinds(result.items[0])).toEqual(['create']);
    expect(result.items[0]?.holds).toEqual([{ kind: 'render_disabled', by: 'event' }]);
  });
});

describe('plan: identity', () => {
  it('matches a pinned id whatever the title, and reports an unknown pinned id', () => {
    const pinned = desired('a.yml', { id: 'id-x' });
    const detail = { ...remote(pinned), id: 'id-x', title: 'Another title' };
    const result = plan([pinned], observed([detail]), context());
    expect(result.items[0]?.match).toBe('pinned');
    expect(result.items[0]?.steps).toMatchObject([{ kind: 'edit', changes: [{ field: 'title' }] }]);
    const missing = plan([pinned], observed([]), context());
    expect(missing.problems).toMatchObject([{ severity: 'error', code: 'unknown_id', file: 'a.yml' }]);
  });

  it('names both ids when two remote items share a title', () => {
    const item = desired('a.yml');
    const one = remote(item, { id: 'id-1' });
    const two = remote(item, { id: 'id-2' });
    const result = plan([item], observed([one, two]), context());
    expect(result.problems).toHaveLength(1);
    expect(result.problems[0]?.code).toBe('duplicate_remote_title');
    expect(result.problems[0]?.message).toContain('id-1');
    expect(result.problems[0]?.message).toContain('id-2');
    expect(result.unmanaged).toEqual([]);
  });

  it('turns a renamed title into a rename of the same item', () => {
    const item = desired('a.yml', { fields: { title: 'New title' } });
    const detail = { ...remote(item), title: 'Old title' };
    const result = plan(
      [item],
      observed([detail]),
      context({ match: { previousTitles: new Map([['a.yml', 'Old title']]) } }),
    );
    expect(result.items[0]?.match).toBe('renamed');
    expect(result.items[0]?.renamedFrom).toBe('Old title');
    expect(result.items[0]?.steps).toEqual([
      {
        kind: 'edit',
        changes: [{ field: 'title', from: 'Old title', to: 'New title' }],
        cancelGeneration: false,
        send: expect.any(Object) as object,
      },
    ]);
    expect(result.unmanaged).toEqual([]);
  });

  it('plans from the matching it is given as from the one it would make', () => {
    const item = desired('a.yml', { fields: { title: 'New title' } });
    const service = observed([
      { ...remote(item), title: 'Old title' },
      { ...remote(item), id: 'x', title: 'Stranger' },
    ]);
    const match = { previousTitles: new Map([['a.yml', 'Old title']]) };
    const matching = matchItems([item], service.contents, match);
    const given = plan([item], service, context({ match, matching }));
    expect(given).toEqual(plan([item], service, context({ match })));
    expect(given.items[0]?.match).toBe('renamed');
  });

  it('lists unclaimed remote items as unmanaged, sorted, unless sharded', () => {
    const item = desired('a.yml');
    const strangers = [
      { ...remote(item), id: 'z', title: 'Zebra' },
      { ...remote(item), id: 'b', title: 'Bee' },
    ];
    const result = plan([], observed(strangers), context());
    expect(result.unmanaged).toEqual([
      { id: 'b', title: 'Bee', status: 'NEW' },
      { id: 'z', title: 'Zebra', status: 'NEW' },
    ]);
    const sharded = plan([], observed(strangers), context({ match: { listUnmanaged: false } }));
    expect(sharded.unmanaged).toEqual([]);
  });

  it('never takes an item claimed by another shard as a rename', () => {
    const mine = desired('a.yml', { fields: { title: 'New' } });
    const theirs = desired('b.yml', { fields: { title: 'Old' } });
    const detail = { ...remote(mine), title: 'Old' };
    const result = plan(
      [mine],
      observed([detail]),
      context({ match: { previousTitles: new Map([['a.yml', 'Old']]), reserved: [theirs] } }),
    );
    expect(result.items[0]?.match).toBe('new');
  });

  it('keeps items in manifest path order', () => {
    const result = plan([desired('c.yml'), desired('a.yml'), desired('b.yml')], observed([]), context());
    expect(result.items.map((item) => item.file)).toEqual(['a.yml', 'b.yml', 'c.yml']);
  });
});
