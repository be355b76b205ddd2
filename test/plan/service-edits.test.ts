import { describe, expect, it } from 'vitest';
import type { ContentDetail } from '../../src/service-client/types.ts';
import type { DesiredItem } from '../../src/manifest/types.ts';
import { settleChanges } from '../../src/plan/service-edits.ts';
import type { FieldChange, FieldOrigin, ManagedField } from '../../src/plan/types.ts';

// Who made each difference decides what the plan writes: the repository's
// changes are written, an edit made in the service is kept (or put back by
// self-heal), a conflict or an unknown writer holds the item.

const item = (extra: Partial<DesiredItem> = {}): DesiredItem => ({
  file: 'content/a.yml',
  location: { file: 'content/a.yml', line: 1, column: 1 },
  locations: {},
  id: null,
  fields: { title: 'A', description: 'Mine.', hashtags: '#mine' },
  stage: 'draft',
  flow: 'oneshot',
  render: { video_id: 'stock', orientation: 'vertical' },
  publish: null,
  ...extra,
});

const detail = { id: 'c1', updated_at: '2026-11-28T05:00:00.000Z' } as ContentDetail;
const changes: FieldChange[] = [
  { field: 'description', from: 'Theirs.', to: 'Mine.' },
  { field: 'hashtags', from: '#theirs', to: '#mine' },
];
const origins = (description: FieldOrigin, hashtags: FieldOrigin = { kind: 'repository' }) =>
  new Map([
    [
      'content/a.yml',
      new Map<ManagedField, FieldOrigin>([
        ['description', description],
        ['hashtags', hashtags],
      ]),
    ],
  ]);

describe('settleChanges', () => {
  it("writes every change when the run knows no origin: the repository's, as ever", () => {
    expect(settleChanges(item(), detail, changes, {})).toEqual({ changes, edits: [], hold: null });
  });

  it('keeps an edit made in the service and writes the rest', () => {
    const settled = settleChanges(item(), detail, changes, { origins: origins({ kind: 'service' }) });
    expect(settled.changes).toEqual([changes[1]]);
    expect(settled.edits).toEqual([
      {
        field: 'description',
        service: 'Theirs.',
        manifest: 'Mine.',
        since: detail.updated_at,
        outcome: 'kept',
      },
    ]);
    expect(settled.hold).toBeNull();
  });

  it("puts it back with the run's self-heal or the manifest's self_heal, and says so", () => {
    for (const [context, extra] of [
      [{ selfHeal: true }, {}],
      [{}, { selfHeal: true }],
    ] as const) {
      const settled = settleChanges(item(extra), detail, changes, {
        ...context,
        origins: origins({ kind: 'service' }),
      });
      expect(settled.changes).toEqual(changes);
      expect(settled.edits.map((edit) => edit.outcome)).toEqual(['healed']);
    }
  });

  it('holds the whole item on a conflict or an unknown writer, with what the last apply asked', () => {
    const settled = settleChanges(item(), detail, changes, {
      origins: origins(
        { kind: 'conflict', asked: 'Before.' },
        { kind: 'unknown', why: 'preview_unrecorded' },
      ),
    });
    expect(settled.changes).toEqual([]);
    expect(settled.edits.map((edit) => [edit.field, edit.outcome, edit.asked ?? edit.why])).toEqual([
      ['description', 'conflict', 'Before.'],
      ['hashtags', 'unknown', 'preview_unrecorded'],
    ]);
    expect(settled.hold).toEqual({ kind: 'service_edit', conflict: ['description'], unknown: ['hashtags'] });
  });

  it('never compares a field in ignore_service_edits, self-heal or not', () => {
    const settled = settleChanges(item({ ignoreServiceEdits: ['description'] }), detail, changes, {
      selfHeal: true,
      origins: origins({ kind: 'service' }),
    });
    expect(settled).toEqual({ changes: [changes[1]], edits: [], hold: null });
  });
});
