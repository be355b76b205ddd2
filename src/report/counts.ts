import { OUTCOMES, type ApplyResult, type ItemResult, type Outcome } from '../apply/types.ts';
import { publicationsOf, publishes } from '../plan/steps.ts';
import { idleState, type IdleState, type Plan, type PlanItem, type Step } from '../plan/types.ts';

// The counts a plan's and a run's headlines give, in one set of terms, so
// that they add up: "5 to create, 4 to render, 2 publications" is followed
// by "5 created, 4 rendered, 2 publications", or by fewer and what stopped
// the others ("1 failed"). The terminal and the Markdown word them alike.

/** One part of a headline: how many, and of what. `always`: shown even when zero. */
export interface Count {
  n: number;
  what: string;
  always: boolean;
}

/** The kinds of step a headline counts, with the words for planned and done. */
const COUNTED: ReadonlyArray<{ kind: Step['kind']; planned: string; done: string; outcome: Outcome }> = [
  { kind: 'create', planned: 'to create', done: 'created', outcome: 'created' },
  { kind: 'edit', planned: 'to edit', done: 'edited', outcome: 'updated' },
  { kind: 'render', planned: 'to render', done: 'rendered', outcome: 'rendered' },
];

/** In the order of the outcomes they become (OUTCOMES). */
const IDLE_STATES: readonly IdleState[] = ['unchanged', 'drifted', 'held'];

/** Outcomes that mean the item's planned steps were all carried out. */
const CAME_THROUGH: ReadonlySet<Outcome> = new Set(['created', 'updated', 'rendered', 'published']);

function has(item: PlanItem, kind: Step['kind']): boolean {
  return item.steps.some((step) => step.kind === kind);
}

function publications(n: number): Count {
  return { n, what: n === 1 ? 'publication' : 'publications', always: true };
}

/** What the plan will do: its items once per kind of step, publications per account, the rest by why they wait. */
export function planCounts(plan: Plan): Count[] {
  const waiting = plan.items.filter(
    (item) => has(item, 'wait') && !COUNTED.some(({ kind }) => has(item, kind)),
  );
  return [
    ...COUNTED.map(({ kind, planned }) => ({
      n: plan.items.filter((item) => has(item, kind)).length,
      what: planned,
      always: true,
    })),
    publications(plan.publications),
    { n: waiting.length, what: 'to wait for', always: false },
    ...IDLE_STATES.map((state) => ({
      n: plan.items.filter((item) => item.steps.length === 0 && idleState(item) === state).length,
      what: state,
      always: false,
    })),
  ];
}

/**
 * What the run did, in the plan's terms: the planned steps of every item
 * that came through, and every other item by how it ended. An item that
 * came through with none of those steps planned (a render it waited for)
 * counts as the step its outcome names.
 */
export function resultCounts(result: ApplyResult, plan: Plan | null): Count[] {
  // Without the plan, the items by how they ended.
  if (plan === null) return outcomeCounts(result.items, new Set());
  const planned = new Map(plan.items.map((item) => [item.file, item.steps]));
  const done = new Map<ItemResult, { kinds: Set<Step['kind']>; publications: number }>();
  for (const item of result.items) {
    if (!CAME_THROUGH.has(item.outcome)) continue;
    const steps = planned.get(item.file) ?? [];
    const kinds = new Set(
      steps.map((step) => step.kind).filter((kind) => COUNTED.some((c) => c.kind === kind)),
    );
    if (kinds.size === 0 && !publishes(steps)) {
      const named = COUNTED.find((counted) => counted.outcome === item.outcome);
      if (named === undefined) continue;
      kinds.add(named.kind);
    }
    done.set(item, { kinds, publications: item.outcome === 'published' ? publicationsOf(steps) : 0 });
  }
  const carried = [...done.values()];
  return [
    ...COUNTED.map(({ kind, done: what }) => ({
      n: carried.filter(({ kinds }) => kinds.has(kind)).length,
      what,
      always: true,
    })),
    publications(carried.reduce((sum, item) => sum + item.publications, 0)),
    ...outcomeCounts(result.items, new Set(done.keys())),
  ];
}

/** The items not `counted` by their steps, by how they ended. */
function outcomeCounts(items: readonly ItemResult[], counted: ReadonlySet<ItemResult>): Count[] {
  return OUTCOMES.map((outcome) => ({
    n: items.filter((item) => item.outcome === outcome && !counted.has(item)).length,
    what: outcome === 'error' ? 'errors' : outcome,
    always: false,
  }));
}

/** The counts as a headline's words: `5 to create, 0 to edit`; zeros left out unless `always`, or everywhere when `nonzero`. */
export function countsText(counts: readonly Count[], nonzero = false): string {
  return counts
    .filter((count) => count.n > 0 || (count.always && !nonzero))
    .map((count) => `${count.n} ${count.n === 1 && count.what === 'errors' ? 'error' : count.what}`)
    .join(', ');
}
