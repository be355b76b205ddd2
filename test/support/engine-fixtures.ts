// Builders of desired and observed state for the engine's unit tests.
import type { Account, ContentDetail } from '../../src/api/types.ts';
import { asSummary } from '../../src/apply/race.ts';
import type { Permissions, PlanContext } from '../../src/plan/types.ts';
import type { DesiredItem } from '../../src/manifest/types.ts';
import type { Observed } from '../../src/plan/plan.ts';
import { ACCOUNTS } from './plan-fixtures.ts';

export { ACCOUNTS };

type DesiredOverrides = Partial<Omit<DesiredItem, 'fields'>> & { fields?: Partial<DesiredItem['fields']> };

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
