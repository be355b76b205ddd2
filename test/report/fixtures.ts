// RunReports for the report tests: typed plans and results as the engine
// produces them, so the Markdown is checked against real data shapes.
import type { ItemResult } from '../../src/apply/types.ts';
import type { RunReport } from '../../src/engine/types.ts';
import type { Problem } from '../../src/manifest/types.ts';
import type { PlanItem } from '../../src/plan/types.ts';
import { planItem, publishOptions, YOUTUBE } from '../support/plan-fixtures.ts';

export { planItem };

function samplePlanItems(): PlanItem[] {
  return [
    planItem('content/octopus-hearts.yml', {
      title: 'Why octopuses have three hearts',
      stage: 'published',
      steps: [
        {
          kind: 'create',
          fields: {
            title: 'Why octopuses have three hearts',
            description: null,
            full_text: 'Octopuses have three hearts.',
            textover: null,
            hashtags: '#ocean',
            fine_tuning: null,
            persona_id: null,
          },
        },
        {
          kind: 'render',
          reason: 'never_rendered',
          render: { video_id: 'stock', orientation: 'vertical' },
          publish: { accounts: [YOUTUBE], options: publishOptions() },
        },
      ],
      script: { desired: 'Octopuses have three hearts.\nTwo pump blood through the gills.', remote: null },
    }),
    planItem('content/whales-sleep.yml', {
      title: 'How whales sleep',
      match: 'title',
      remote: { id: 'c-2', title: 'How whales sleep', status: 'NEW' },
      steps: [
        {
          kind: 'edit',
          changes: [{ field: 'textover', from: 'Old line.', to: 'New line.' }],
          cancelGeneration: false,
          send: {},
        },
      ],
      script: { desired: 'Whales sleep upright.\nNew line.', remote: 'Whales sleep upright.\nOld line.' },
    }),
    planItem('content/deepest-point.yml', {
      title: 'The deepest point',
      stage: 'published',
      flow: 'stepwise',
      match: 'renamed',
      renamedFrom: 'The deepest place',
      remote: { id: 'c-3', title: 'The deepest place', status: 'VIDEO_PROCESSED' },
      holds: [{ kind: 'scheduled', at: '2026-12-01T15:00:00Z' }],
      publishAt: '2026-12-01T15:00:00Z',
      steps: [
        {
          kind: 'edit',
          changes: [{ field: 'title', from: 'The deepest place', to: 'The deepest point' }],
          cancelGeneration: false,
          send: {},
        },
      ],
    }),
    planItem('content/glowing-reefs.yml', {
      title: 'Glowing reefs',
      stage: 'published',
      match: 'pinned',
      remote: { id: 'c-4', title: 'Glowing reefs', status: 'UPLOADED' },
      drift: [{ field: 'textover', remote: 'a', desired: 'b' }],
    }),
  ];
}

export function planReport(overrides: Partial<RunReport> = {}): RunReport {
  const items = samplePlanItems();
  return {
    mode: 'plan',
    load: { items: [], problems: [], files: items.map((item) => item.file), outlines: [] },
    plan: {
      mode: 'plan',
      items,
      unmanaged: [{ id: 'c-9', title: 'An old video', status: 'UPLOADED' }],
      publications: 1,
      statedScopes: ['generate'],
      problems: [],
    },
    result: null,
    problems: [],
    fatal: null,
    creditsBefore: 120,
    creditsAfter: null,
    notes: [],
    timings: { loadMs: 12, planMs: 40, applyMs: 0 },
    ...overrides,
  };
}

function result(file: string, overrides: Partial<ItemResult> = {}): ItemResult {
  return {
    file,
    title: `Title of ${file}`,
    id: 'c-1',
    outcome: 'unchanged',
    status: 'NEW',
    publishedUrls: [],
    lastError: null,
    error: null,
    durationMs: 1500,
    ...overrides,
  };
}

export function applyReport(): RunReport {
  const base = planReport({ mode: 'apply', creditsBefore: 120, creditsAfter: 100 });
  return {
    ...base,
    timings: { loadMs: 12, planMs: 40, applyMs: 5300 },
    result: {
      items: [
        result('content/octopus-hearts.yml', {
          title: 'Why octopuses have three hearts',
          outcome: 'published',
          status: 'UPLOADED',
          publishedUrls: [
            {
              title: 'Why octopuses have three hearts',
              platform: 'YouTube',
              url: 'https://youtube.example/watch?v=abc',
            },
          ],
        }),
        result('content/whales-sleep.yml', { title: 'How whales sleep', outcome: 'updated' }),
        result('content/deepest-point.yml', {
          title: 'The deepest point',
          outcome: 'failed',
          status: 'FAILED_VIDEO',
          lastError: 'Render worker crashed',
        }),
        result('content/glowing-reefs.yml', {
          title: 'Glowing reefs',
          outcome: 'drifted',
          status: 'UPLOADED',
        }),
      ],
      creditsBefore: 120,
      creditsAfter: 100,
      changed: true,
      failed: true,
    },
  };
}

export function problem(file: string, overrides: Partial<Problem> = {}): Problem {
  return {
    severity: 'error',
    code: 'unknown_key',
    file,
    line: 4,
    column: 3,
    field: 'publish.notifySubscribers',
    message: '`publish.notifySubscribers` is not a field; did you mean `notify_subscribers`?',
    ...overrides,
  };
}
