// The first phase of an item's plan, on its own: the item's create or edits,
// and where the item will stand after them (its status, why it must be
// rendered again, and whether anything more may be planned this run).
import { describe, expect, it } from 'vitest';
import { contentSteps } from '../../src/plan/content-steps.ts';
import { context, desired, published, remote } from '../support/fixtures.ts';

const progress = { percentage: 60, step: 'video', message: 'Rendering video' };

describe('contentSteps', () => {
  it('creates an item the service does not hold, to be rendered from NEW', () => {
    const result = contentSteps(desired('a.yml'), null, null, context());
    expect(result.steps.map((step) => step.kind)).toEqual(['create']);
    expect(result).toMatchObject({ status: 'NEW', reason: 'never_rendered', final: false });
  });

  it('leaves an item whose fields match where it stands, with nothing to render for it', () => {
    const item = desired('a.yml');
    const result = contentSteps(item, remote(item, { status: 'VIDEO_PROCESSED' }), null, context());
    expect(result).toEqual({
      steps: [],
      holds: [],
      drift: [],
      status: 'VIDEO_PROCESSED',
      reason: null,
      final: false,
    });
  });

  it('returns a rendered item to NEW after a script edit, and keeps its status after a title-field edit', () => {
    const script = desired('a.yml', { fields: { full_text: 'new' } });
    const rendered = remote(script, { status: 'VIDEO_PROCESSED', full_text: 'old' });
    expect(contentSteps(script, rendered, null, context())).toMatchObject({
      status: 'NEW',
      reason: 'script_changed',
    });
    const described = desired('a.yml', { fields: { description: 'new' } });
    const other = remote(described, { status: 'VIDEO_PROCESSED', description: 'old' });
    expect(contentSteps(described, other, null, context())).toMatchObject({
      status: 'VIDEO_PROCESSED',
      reason: null,
    });
  });

  it('plans nothing more for an item whose run may be in flight while its fields differ', () => {
    const item = published('a.yml', { fields: { description: 'new' } });
    const detail = remote(item, { status: 'VIDEO_PROCESSED', progress, description: 'old' });
    expect(contentSteps(item, detail, null, context())).toMatchObject({
      steps: [{ kind: 'wait', status: 'VIDEO_PROCESSED' }],
      final: true,
    });
  });

  it('waits for a generating item, and with cancel-running edits it back to NEW to render again', () => {
    const item = desired('a.yml', { fields: { description: 'new' } });
    const detail = remote(item, { status: 'PROCESSING_AUDIO', description: 'old' });
    expect(contentSteps(item, detail, null, context())).toMatchObject({
      steps: [{ kind: 'wait', status: 'PROCESSING_AUDIO' }],
      holds: [{ kind: 'generating', status: 'PROCESSING_AUDIO' }],
      status: 'PROCESSING_AUDIO',
    });
    expect(contentSteps(item, detail, null, context({ cancelRunning: true }))).toMatchObject({
      steps: [{ kind: 'edit', cancelGeneration: true }],
      status: 'NEW',
      reason: 'never_rendered',
    });
  });
});
