import { describe, expect, it } from 'vitest';
import { fingerprint } from '../../src/engine/fingerprint.ts';
import {
  gateByReview,
  reviewedItemsOf,
  type ReviewGate,
  type ReviewSource,
} from '../../src/engine/review.ts';
import type { Plan, PlanItem, PublicationTarget, Step } from '../../src/plan/types.ts';
import { plan, planItem } from '../support/fixtures.ts';

// The comparison of an apply with the plan its pull request showed, on plans
// built by hand: which differences hold an item, and what require-review does
// where no reviewed plan covers one.

const target: PublicationTarget = {
  accounts: [{ id: 'acc-1', platform: 'YouTube', name: 'Ocean Facts' }],
  options: {
    account_ids: ['acc-1'],
    made_for_kids: false,
    age_restricted: false,
    notify_subscribers: true,
    ai_disclosure: true,
  },
} as PublicationTarget;

const render = (publish: PublicationTarget | null): Step => ({
  kind: 'render',
  reason: 'never_rendered',
  render: {} as never,
  publish,
});

/** A published item matched by its title, with `steps` to do and a fingerprint for review. */
function item(file: string, steps: Step[], overrides: Partial<PlanItem> = {}): PlanItem {
  return planItem(file, {
    line: 1,
    column: 1,
    title: file,
    stage: 'published',
    match: 'title',
    remote: { id: `id-${file}`, title: file, status: 'NEW' },
    steps,
    script: { desired: null, remote: `script of ${file}` },
    review: { manifest: fingerprint(`manifest ${file}`)!, target: fingerprint('target')! },
    ...overrides,
  });
}

function planOf(items: PlanItem[]): Plan {
  return plan(items, { publications: items.length, statedScopes: ['generate'] });
}

/** The plan as a pull request showed it, as the comment block carries it. */
function source(items: PlanItem[], head = 'h1', mergedHead = 'h1'): ReviewSource {
  return {
    pr: 7,
    url: 'https://github.com/o/r/pull/7',
    head: mergedHead,
    plan: { v: 2, head, omitted: 0, items: Object.fromEntries(reviewedItemsOf(planOf(items))) },
    unverified: false,
  };
}

const gate = (sources: ReviewSource[], require: ReviewGate['require'] = 'warn'): ReviewGate => ({
  require,
  evidence: { kind: 'pulls', sources },
});

const heldKinds = (plan: Plan) =>
  Object.fromEntries(plan.items.map((entry) => [entry.file, entry.holds.map((hold) => hold.kind)]));

describe('gateByReview', () => {
  it('passes what was shown, and holds each difference that matters, keeping creates and edits', () => {
    const reviewed = [
      item('a.yml', [render(target)]),
      item('b.yml', [render(target)]),
      item('c.yml', [render(null)]),
      item('d.yml', []),
      item('e.yml', [render(target)]),
    ];
    const now = [
      item('a.yml', [render(target)]),
      item('b.yml', [render(target)], { script: { desired: null, remote: 'another script' } }),
      item('c.yml', [render(target)], {
        review: { manifest: fingerprint('manifest c.yml')!, target: fingerprint('other target')! },
      }),
      item('d.yml', [{ kind: 'edit', changes: [], cancelGeneration: false, send: {} }, render(null)]),
      item('e.yml', [render(target)], {
        review: { manifest: fingerprint('edited e.yml')!, target: fingerprint('target')! },
      }),
    ];
    const verdict = gateByReview(planOf(now), gate([source(reviewed)]));
    expect(verdict.held).toBe(4);
    const changes = Object.fromEntries(
      verdict.plan.items.map((entry) => [
        entry.file,
        entry.holds.flatMap((hold) => (hold.kind === 'changed_since_review' ? hold.changes : [])),
      ]),
    );
    expect(changes).toEqual({
      'a.yml': [],
      'b.yml': ['script'],
      'c.yml': ['target'],
      'd.yml': ['render'],
      'e.yml': ['manifest'],
    });
    expect(verdict.plan.items.find((entry) => entry.file === 'd.yml')!.steps.map((s) => s.kind)).toEqual([
      'edit',
    ]);
    expect(verdict.plan.publications).toBe(1); // a.yml only
  });

  it('a publication the reviewed plan did not ask for is held', () => {
    const reviewed = [
      item('a.yml', [render(null)], { review: { manifest: fingerprint('m')!, target: null } }),
    ];
    const now = [
      item('a.yml', [render(target)], { review: { manifest: fingerprint('m')!, target: fingerprint('t')! } }),
    ];
    const held = gateByReview(planOf(now), gate([source(reviewed)])).plan.items[0]!.holds[0];
    expect(held).toMatchObject({ kind: 'changed_since_review', changes: ['publication'] });
  });

  it('items missing from the plan: warn lets them through and lists them, hold holds them', () => {
    const now = [item('a.yml', [render(target)]), item('b.yml', [render(target)])];
    const reviewed = [item('a.yml', [render(target)])];
    const warned = gateByReview(planOf(now), gate([source(reviewed)], 'warn'));
    expect(warned.held).toBe(0);
    expect(warned.unreviewed).toEqual([{ file: 'b.yml', why: 'not_in_plan' }]);
    const held = gateByReview(planOf(now), gate([source(reviewed)], 'hold'));
    expect(heldKinds(held.plan)).toEqual({ 'a.yml': [], 'b.yml': ['not_reviewed'] });
    expect(held.plan.items[1]!.holds[0]).toEqual({
      kind: 'not_reviewed',
      why: 'not_in_plan',
      pr: 7,
      url: 'https://github.com/o/r/pull/7',
    });
  });

  it('a stale reviewed plan that lists every item: a missing manifest was added after it', () => {
    const now = [item('a.yml', [render(target)]), item('new.yml', [render(target)])];
    const verdict = gateByReview(
      planOf(now),
      gate([source([item('a.yml', [render(target)])], 'h1', 'h2')], 'warn'),
    );
    expect(verdict.plan.items[1]!.holds[0]).toMatchObject({
      kind: 'changed_since_review',
      changes: ['manifest'],
      reviewedHead: 'h1',
      mergedHead: 'h2',
    });
    expect(verdict.plan.items[0]!.holds).toEqual([]);
  });

  it('several pull requests: an item passes when any of their plans shows it as it is', () => {
    const other = { ...source([item('b.yml', [render(target)])]), pr: 8 };
    const now = [item('a.yml', [render(target)]), item('b.yml', [render(target)])];
    const verdict = gateByReview(
      planOf(now),
      gate([source([item('a.yml', [render(target)])]), other], 'hold'),
    );
    expect(verdict.held).toBe(0);
  });

  it('a plan block that does not verify holds what it would cover, whatever require-review says', () => {
    const now = [item('a.yml', [render(target)])];
    const tampered: ReviewSource = { pr: 7, url: null, head: 'h', plan: null, unverified: true };
    for (const require of ['warn', 'hold'] as const) {
      const verdict = gateByReview(planOf(now), gate([tampered], require));
      expect(verdict.plan.items[0]!.holds).toEqual([
        { kind: 'not_reviewed', why: 'unverified', pr: 7, url: null },
      ]);
      expect(verdict.plan.items[0]!.steps).toEqual([]);
      expect(verdict.unreviewed).toEqual([]);
    }
    // Beside another pull request whose verified plan does not list the item: still held as unverified.
    const other = source([item('b.yml', [render(target)])]);
    const both = gateByReview(planOf(now), gate([{ ...other, pr: 8 }, tampered], 'warn'));
    expect(both.plan.items[0]!.holds[0]).toMatchObject({ kind: 'not_reviewed', why: 'unverified', pr: 7 });
    // A verified plan that shows the item as it is releases it.
    expect(gateByReview(planOf(now), gate([tampered, source(now)], 'hold')).held).toBe(0);
  });

  it('a direct push, a pull request without a plan, or GitHub unreadable: per require-review', () => {
    const now = [
      item('a.yml', [render(target)]),
      item('draft.yml', [{ kind: 'create', fields: {} as never }]),
    ];
    const cases: Array<[ReviewGate['evidence'], string]> = [
      [{ kind: 'direct_push' }, 'direct_push'],
      [
        { kind: 'pulls', sources: [{ pr: 9, url: null, head: 'h', plan: null, unverified: false }] },
        'no_plan',
      ],
      [{ kind: 'unavailable', detail: 'GitHub answered 502' }, 'unreadable'],
    ];
    for (const [evidence, why] of cases) {
      const held = gateByReview(planOf(now), { require: 'hold', evidence });
      expect(held.plan.items[0]!.holds).toMatchObject([{ kind: 'not_reviewed', why }]);
      expect(held.plan.items[0]!.steps).toEqual([]);
      // A draft is created either way: it spends nothing and publishes nothing.
      expect(held.plan.items[1]!.steps.map((step) => step.kind)).toEqual(['create']);
      expect(held.plan.publications).toBe(0);
      expect(held.plan.statedScopes).toEqual([]);
      const warned = gateByReview(planOf(now), { require: 'warn', evidence });
      expect(warned.plan.items[0]!.steps).toHaveLength(1);
      expect(warned.unreviewed).toEqual([{ file: 'a.yml', why }]);
    }
  });
});
