// What a step does, asked of plan/steps.ts by the planner, the review, the
// engine and the reports: whether it renders, sends a rate-limited request,
// publishes, and to how many accounts.
import { describe, expect, it } from 'vitest';
import {
  generates,
  publicationOf,
  publicationsOf,
  publishes,
  renders,
  statedScopes,
} from '../../src/plan/steps.ts';
import type { PublicationTarget, Step } from '../../src/plan/types.ts';
import { ACCOUNTS } from '../support/fixtures.ts';

const toBoth: PublicationTarget = {
  accounts: ACCOUNTS,
  options: {
    account_ids: ACCOUNTS.map((account) => account.id),
    made_for_kids: false,
    age_restricted: false,
    notify_subscribers: true,
    ai_disclosure: true,
  },
};
const render = { video_id: 'stock', orientation: 'vertical' } as Extract<Step, { kind: 'render' }>['render'];

const create: Step = { kind: 'create', fields: {} as Extract<Step, { kind: 'create' }>['fields'] };
const edit: Step = { kind: 'edit', changes: [], cancelGeneration: false, send: {} };
const wait: Step = { kind: 'wait', status: 'PROCESSING_VIDEO' };
const renderOnly: Step = { kind: 'render', reason: 'never_rendered', render, publish: null };
const oneShot: Step = { kind: 'render', reason: 'never_rendered', render, publish: toBoth };
const upload: Step = { kind: 'upload', publish: toBoth, retry: false };

describe('publicationOf', () => {
  it("is an upload's publication, or the one a one-shot render carries", () => {
    expect(publicationOf(upload)).toBe(toBoth);
    expect(publicationOf(oneShot)).toBe(toBoth);
  });

  it('is null for a render without accounts and for steps that never publish', () => {
    for (const step of [renderOnly, create, edit, wait]) expect(publicationOf(step), step.kind).toBeNull();
  });
});

describe('what a list of steps does', () => {
  it('a draft written and rendered without accounts renders and generates, but publishes nothing', () => {
    const steps = [create, renderOnly];
    expect(renders(steps)).toBe(true);
    expect(generates(steps)).toBe(true);
    expect(publishes(steps)).toBe(false);
    expect(publicationsOf(steps)).toBe(0);
  });

  it('an upload generates and publishes without rendering', () => {
    expect(renders([upload])).toBe(false);
    expect(generates([upload])).toBe(true);
    expect(publishes([upload])).toBe(true);
  });

  it('counts one publication per account of each publishing step', () => {
    expect(publicationsOf([oneShot])).toBe(2);
    expect(publicationsOf([renderOnly, upload])).toBe(2);
    expect(publicationsOf([oneShot, upload])).toBe(4);
  });

  it('writes and waits alone neither render, generate nor publish', () => {
    const steps = [create, edit, wait];
    expect([renders(steps), generates(steps), publishes(steps), publicationsOf(steps)]).toEqual([
      false,
      false,
      false,
      0,
    ]);
  });
});

describe('statedScopes', () => {
  it('names generate for a render or an upload, and guesses none for content writes', () => {
    expect(statedScopes([create, renderOnly])).toEqual(['generate']);
    expect(statedScopes([upload])).toEqual(['generate']);
    expect(statedScopes([create, edit, wait])).toEqual([]);
    expect(statedScopes([])).toEqual([]);
  });
});
