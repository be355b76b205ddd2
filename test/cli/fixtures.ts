import type { ApplyResult } from '../../src/apply/types.ts';
import type { Plan, PlanItem } from '../../src/plan/types.ts';
import { planItem, publishOptions, TIKTOK, YOUTUBE } from '../support/plan-fixtures.ts';

// A plan and results shaped like the examples/content run, built by hand so
// the terminal rendering can be checked without the engine.

/** The examples' items sit at line 3, column 8, and publish unless said otherwise. */
function item(partial: Partial<PlanItem> & Pick<PlanItem, 'file' | 'title'>): PlanItem {
  return planItem(partial.file, { line: 3, stage: 'published', ...partial });
}

const fields = {
  title: 'Why octopuses have three hearts',
  description: null,
  full_text: 'Octopuses have three hearts.',
  textover: null,
  hashtags: '#ocean #octopus',
  fine_tuning: null,
  persona_id: null,
};

export const fixturePlan: Plan = {
  mode: 'apply',
  items: [
    item({
      file: 'content/octopus-hearts.yml',
      title: 'Why octopuses have three hearts',
      steps: [
        { kind: 'create', fields },
        {
          kind: 'render',
          reason: 'never_rendered',
          render: { video_id: 'stock', orientation: 'vertical' },
          publish: { accounts: [YOUTUBE, TIKTOK], options: publishOptions([YOUTUBE, TIKTOK]) },
        },
      ],
    }),
    item({
      file: 'content/glowing-reefs.yml',
      title: 'Why some corals glow',
      flow: 'stepwise',
      match: 'renamed',
      renamedFrom: 'Why corals glow',
      remote: { id: 'c-2', title: 'Why corals glow', status: 'VIDEO_PROCESSED' },
      steps: [
        {
          kind: 'edit',
          changes: [{ field: 'title', from: 'Why corals glow', to: 'Why some corals glow' }],
          cancelGeneration: false,
          send: {},
        },
      ],
      holds: [{ kind: 'scheduled', at: '2030-06-01T15:00:00Z' }],
      publishAt: '2030-06-01T15:00:00Z',
    }),
    item({
      file: 'content/deepest-point.yml',
      title: 'The deepest point of the ocean',
      stage: 'draft',
      match: 'title',
      remote: { id: 'c-3', title: 'The deepest point of the ocean', status: 'NEW' },
    }),
    item({
      file: 'content/whales-sleep.yml',
      title: 'How whales sleep without drowning',
      match: 'pinned',
      remote: { id: 'c-4', title: 'How whales sleep without drowning', status: 'UPLOADED' },
      drift: [{ field: 'full_text', remote: 'old', desired: 'new' }],
    }),
  ],
  unmanaged: [{ id: 'c-9', title: 'An old video nobody claims', status: 'UPLOADED' }],
  publications: 2,
  statedScopes: ['generate'],
  problems: [],
};

export const fixtureResult: ApplyResult = {
  items: [
    {
      file: 'content/octopus-hearts.yml',
      title: 'Why octopuses have three hearts',
      id: 'c-1',
      outcome: 'published',
      status: 'UPLOADED',
      publishedUrls: [
        {
          title: 'Why octopuses have three hearts',
          platform: 'YouTube',
          url: 'https://www.youtube.com/watch?v=abc',
        },
      ],
      lastError: null,
      error: null,
      durationMs: 4200,
    },
    {
      file: 'content/turtles.yml',
      title: 'Sea turtles navigate by magnetism',
      id: 'c-5',
      outcome: 'failed',
      status: 'FAILED_VIDEO',
      publishedUrls: [],
      lastError: 'Render worker crashed',
      error: null,
      durationMs: 800,
    },
  ],
  creditsBefore: 100,
  creditsAfter: 88,
  changed: true,
  failed: true,
};
