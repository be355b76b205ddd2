// The one place tests build the engine's data by hand: desired items as the
// manifest loader returns them, remote items as the service shows them, plan
// items, plans, results and whole run reports. Each builder gives every
// field a neutral value and takes overrides; the accounts are those of the
// examples, with ids short enough to read in an assertion.
import type { Account, ContentDetail } from '../../src/service-client/types.ts';
import { asSummary } from '../../src/apply/race.ts';
import type { ApplyResult, ItemResult } from '../../src/apply/types.ts';
import type { RunReport } from '../../src/engine/types.ts';
import type { DesiredItem, Problem } from '../../src/manifest/types.ts';
import type { Observed } from '../../src/plan/plan.ts';
import type { Permissions, Plan, PlanContext, PlanItem } from '../../src/plan/types.ts';

// --- Accounts ---------------------------------------------------------------

const YOUTUBE: Account = {
  id: 'acc-yt',
  name: 'Ocean Facts',
  platform: 'YouTube',
  platform_acronym: 'YT',
};
const TIKTOK: Account = {
  id: 'acc-tt',
  name: 'oceanfacts',
  platform: 'TikTok',
  platform_acronym: 'TT',
};
export const ACCOUNTS: Account[] = [YOUTUBE, TIKTOK];

/** The publication settings of a manifest that sets none, for the given accounts. */
function publishOptions(accounts: readonly Account[] = [YOUTUBE]) {
  return {
    account_ids: accounts.map((account) => account.id),
    made_for_kids: false,
    age_restricted: false,
    notify_subscribers: true,
    ai_disclosure: true,
  };
}

// --- Desired and observed state: what the planner reads ---------------------

type DesiredOverrides = Partial<Omit<DesiredItem, 'fields'>> & { fields?: Partial<DesiredItem['fields']> };

/** A draft manifest of `file`, as the loader returns it. */
export function desired(file: string, overrides: DesiredOverrides = {}): DesiredItem {
  const location = { file, line: 1, column: 1 };
  const { fields, ...rest } = overrides;
  return {
    file,
    location,
    locations: { title: location },
    id: null,
    stage: 'draft',
    flow: 'oneshot',
    render: { video_id: 'stock', orientation: 'vertical' },
    publish: null,
    ...rest,
    fields: { title: `Title of ${file}`, full_text: `Text of ${file}`, ...fields },
  };
}

/** A manifest of `file` at stage published, on the examples' YouTube account. */
export function published(file: string, overrides: DesiredOverrides = {}): DesiredItem {
  return desired(file, {
    stage: 'published',
    publish: {
      accounts: [
        { kind: 'name', platform: 'YouTube', name: 'Ocean Facts', location: { file, line: 9, column: 7 } },
      ],
      at: null,
      options: { made_for_kids: false, age_restricted: false, notify_subscribers: true, ai_disclosure: true },
    },
    ...overrides,
  });
}

/** The service's detail view of `item`, as a fresh draft holding its fields. */
export function remote(item: DesiredItem, overrides: Partial<ContentDetail> = {}): ContentDetail {
  return {
    id: `id-${item.file}`,
    title: item.fields.title,
    description: item.fields.description ?? null,
    full_text: item.fields.full_text ?? null,
    textover: item.fields.textover ?? `Script of ${item.file}`,
    hashtags: item.fields.hashtags ?? null,
    status: 'NEW',
    fine_tuning: null,
    persona: null,
    accounts: [],
    has_video: false,
    last_error: null,
    progress: null,
    video_settings: null,
    creation_date: null,
    updated_at: null,
    upload_date: null,
    ...overrides,
  };
}

/** The list view's row of a detail, as the service would list it. */
export const summaryOf = asSummary;

export function observed(details: ContentDetail[], accounts: Account[] = ACCOUNTS): Observed {
  return {
    contents: details.map(summaryOf),
    details: new Map(details.map((detail) => [detail.id, detail])),
    accounts,
  };
}

const ALL: Permissions = { write: true, render: true, publish: true };

export function context(overrides: Partial<PlanContext> = {}): PlanContext {
  return {
    mode: 'apply',
    now: new Date('2026-06-01T12:00:00Z'),
    permissions: ALL,
    cancelRunning: false,
    ...overrides,
  };
}

// --- Plans and results: what the planner and the apply produce --------------

/** A plan item of `file` with nothing to do: a new draft. */
export function planItem(file: string, overrides: Partial<PlanItem> = {}): PlanItem {
  return {
    file,
    line: 2,
    column: 8,
    title: `Title of ${file}`,
    stage: 'draft',
    flow: 'oneshot',
    match: 'new',
    renamedFrom: null,
    remote: null,
    steps: [],
    holds: [],
    drift: [],
    publishAt: null,
    script: { desired: null, remote: null },
    ...overrides,
  };
}

/** An apply's plan of `items`, publishing nothing and stating no scope unless told. */
export function plan(items: PlanItem[], overrides: Partial<Plan> = {}): Plan {
  return {
    mode: 'apply',
    items,
    unmanaged: [],
    publications: 0,
    statedScopes: [],
    problems: [],
    ...overrides,
  };
}

/** The result of one item: unchanged, a draft, unless told. */
export function itemResult(file: string, overrides: Partial<ItemResult> = {}): ItemResult {
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

/** An apply's result of `items`, with no credits read. */
export function applyResult(items: ItemResult[], overrides: Partial<ApplyResult> = {}): ApplyResult {
  return { items, creditsBefore: null, creditsAfter: null, changed: true, failed: false, ...overrides };
}

/** A manifest mistake at line 4 of `file`: a camelCase key. */
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

/** A run report that loaded, planned and applied nothing. */
export function runReport(overrides: Partial<RunReport> = {}): RunReport {
  return {
    mode: 'apply',
    load: { items: [], problems: [], files: [], outlines: [] },
    plan: null,
    result: null,
    problems: [],
    fatal: null,
    creditsBefore: null,
    creditsAfter: null,
    notes: [],
    timings: { loadMs: 0, planMs: 0, applyMs: 0 },
    ...overrides,
  };
}

// --- A plan of four items, for the renderers --------------------------------

/** One item of each kind a report shows: a create that renders and publishes, an edit, a rename held to a date, a drift. */
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

/** The report of a plan of the sample items, with one unmanaged item. */
export function planReport(overrides: Partial<RunReport> = {}): RunReport {
  const items = samplePlanItems();
  return runReport({
    mode: 'plan',
    load: { items: [], problems: [], files: items.map((item) => item.file), outlines: [] },
    plan: plan(items, {
      mode: 'plan',
      unmanaged: [{ id: 'c-9', title: 'An old video', status: 'UPLOADED' }],
      publications: 1,
      statedScopes: ['generate'],
    }),
    creditsBefore: 120,
    timings: { loadMs: 12, planMs: 40, applyMs: 0 },
    ...overrides,
  });
}

/** The report of an apply of the sample items: one published, one updated, one failed, one drifted. */
export function applyReport(): RunReport {
  const base = planReport({ mode: 'apply', creditsBefore: 120, creditsAfter: 100 });
  return {
    ...base,
    timings: { loadMs: 12, planMs: 40, applyMs: 5300 },
    result: applyResult(
      [
        itemResult('content/octopus-hearts.yml', {
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
        itemResult('content/whales-sleep.yml', { title: 'How whales sleep', outcome: 'updated' }),
        itemResult('content/deepest-point.yml', {
          title: 'The deepest point',
          outcome: 'failed',
          status: 'FAILED_VIDEO',
          lastError: 'Render worker crashed',
        }),
        itemResult('content/glowing-reefs.yml', {
          title: 'Glowing reefs',
          outcome: 'drifted',
          status: 'UPLOADED',
        }),
      ],
      { creditsBefore: 120, creditsAfter: 100, failed: true },
    ),
  };
}

// --- The examples/content run, for the terminal rendering -------------------

/** An item of examples/content: at line 3, column 8, published unless said otherwise. */
function exampleItem(partial: Partial<PlanItem> & Pick<PlanItem, 'file' | 'title'>): PlanItem {
  return planItem(partial.file, { line: 3, stage: 'published', ...partial });
}

/** A plan shaped like an apply of examples/content: a create, a rename, a draft, a drift. */
export const examplesPlan: Plan = plan(
  [
    exampleItem({
      file: 'content/octopus-hearts.yml',
      title: 'Why octopuses have three hearts',
      steps: [
        {
          kind: 'create',
          fields: {
            title: 'Why octopuses have three hearts',
            description: null,
            full_text: 'Octopuses have three hearts.',
            textover: null,
            hashtags: '#ocean #octopus',
            fine_tuning: null,
            persona_id: null,
          },
        },
        {
          kind: 'render',
          reason: 'never_rendered',
          render: { video_id: 'stock', orientation: 'vertical' },
          publish: { accounts: [YOUTUBE, TIKTOK], options: publishOptions([YOUTUBE, TIKTOK]) },
        },
      ],
    }),
    exampleItem({
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
    exampleItem({
      file: 'content/deepest-point.yml',
      title: 'The deepest point of the ocean',
      stage: 'draft',
      match: 'title',
      remote: { id: 'c-3', title: 'The deepest point of the ocean', status: 'NEW' },
    }),
    exampleItem({
      file: 'content/whales-sleep.yml',
      title: 'How whales sleep without drowning',
      match: 'pinned',
      remote: { id: 'c-4', title: 'How whales sleep without drowning', status: 'UPLOADED' },
      drift: [{ field: 'full_text', remote: 'old', desired: 'new' }],
    }),
  ],
  {
    unmanaged: [{ id: 'c-9', title: 'An old video nobody claims', status: 'UPLOADED' }],
    publications: 2,
    statedScopes: ['generate'],
  },
);

/** What that apply gave: one item published, one failed in its render. */
export const examplesResult: ApplyResult = applyResult(
  [
    itemResult('content/octopus-hearts.yml', {
      title: 'Why octopuses have three hearts',
      outcome: 'published',
      status: 'UPLOADED',
      publishedUrls: [
        {
          title: 'Why octopuses have three hearts',
          platform: 'YouTube',
          url: 'https://www.youtube.com/watch?v=abc',
        },
      ],
      durationMs: 4200,
    }),
    itemResult('content/turtles.yml', {
      title: 'Sea turtles navigate by magnetism',
      id: 'c-5',
      outcome: 'failed',
      status: 'FAILED_VIDEO',
      lastError: 'Render worker crashed',
      durationMs: 800,
    }),
  ],
  { creditsBefore: 100, creditsAfter: 88, failed: true },
);
