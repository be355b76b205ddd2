import { publicationsOf, statedScopes } from '../plan/steps.ts';
import { fileKey, rendered, scriptKey, stepsKey } from './review-key.ts';
import { publishes, renders } from '../plan/steps.ts';
import type { Hold, NotReviewedWhy, Plan, PlanItem, ReviewChange } from '../plan/types.ts';

// What was reviewed is what ships. The pull request's comment keeps, per
// item, fingerprints of what reviewers saw; the apply on the default branch
// compares what it is about to render or publish with them. An item that
// differs in a way that matters is held (its renders and publications are
// not sent; creates and edits of drafts go on), the rest proceeds. No I/O:
// the action reads the comments from GitHub and hands them in.

/** 2: the block carries a seal (src/github/reviewed-block.ts); a block of version 1 verifies no more. */
export const REVIEWED_PLAN_VERSION = 2;

/** What reviewers saw of one item, as fingerprints (short keys: the block lives in a size-limited comment). */
export interface ReviewedItem {
  /** The manifest as planned. */
  m: string;
  /** The script shown (manifest textover, else the service's), or null when there was none. */
  s: string | null;
  /** The publication asked for (accounts, settings, publish.at), or null when the item publishes nothing. */
  t: string | null;
  /** The planned steps in letters (see stepsKey): `crp` is create, render, publish. */
  k: string;
  /**
   * The preview render reviewers watched (engine/preview-render.ts,
   * reviewedRenderKey): the item and what its render was made from. Absent
   * when the pull request rendered no preview of the item.
   */
  r?: string;
}

export interface ReviewedPlan {
  v: typeof REVIEWED_PLAN_VERSION;
  /** The head commit the plan was computed for. */
  head: string | null;
  /** By fileKey of the manifest path. */
  items: Record<string, ReviewedItem>;
  /** Items left out to keep the comment within GitHub's limit (they count as not in the plan). */
  omitted: number;
  /** What the pull request's preview wrote into existing drafts, as keys (engine/preview-records.ts). */
  w?: string[];
}

/** The reviewed plan of one pull request that the pushed commit came from. */
export interface ReviewSource {
  pr: number;
  url: string | null;
  /** The pull request's head when it was merged. */
  head: string | null;
  /** null: the pull request has no comment of the action's with a plan block that verifies. */
  plan: ReviewedPlan | null;
  /** Its comment has a plan block that does not verify: edited, copied from elsewhere, or sealed with another key. */
  unverified: boolean;
}

export type ReviewEvidence =
  | { kind: 'pulls'; sources: ReviewSource[] }
  /** The commit came from no pull request. */
  | { kind: 'direct_push' }
  /** GitHub could not be asked (no token, an outage); `detail` says why. */
  | { kind: 'unavailable'; detail: string };

export type RequireReview = 'off' | 'warn' | 'hold';

export interface ReviewGate {
  /** What happens to items no reviewed plan covers; `off` never builds a gate. */
  require: 'warn' | 'hold';
  evidence: ReviewEvidence;
}

/**
 * Every item of a plan as reviewers see it, by fileKey, with the preview
 * render they watched (`watched`, by file); items that render or publish
 * first (a trimmed block keeps them).
 */
export function reviewedItemsOf(
  plan: Plan,
  watched: ReadonlyMap<string, string> = new Map(),
): Array<[string, ReviewedItem]> {
  const entries: Array<[string, ReviewedItem, boolean]> = [];
  for (const item of plan.items) {
    if (!item.review) continue;
    const render = watched.get(item.file);
    const entry: ReviewedItem = {
      m: item.review.manifest,
      s: scriptKey(item),
      t: item.review.target,
      k: stepsKey(item.steps, item.holds),
      ...(render === undefined ? {} : { r: render }),
    };
    entries.push([fileKey(item.file), entry, renders(item.steps) || publishes(item.steps)]);
  }
  return [...entries.filter((e) => e[2]), ...entries.filter((e) => !e[2])].map(([file, entry]) => [
    file,
    entry,
  ]);
}

export interface ReviewVerdict {
  plan: Plan;
  /** Items rendered or published although no reviewed plan covers them (require-review: warn). */
  unreviewed: Array<{ file: string; why: NotReviewedWhy }>;
  held: number;
}

/** The plan with every render and publication that was not reviewed held. */
export function gateByReview(plan: Plan, gate: ReviewGate): ReviewVerdict {
  const unreviewed: ReviewVerdict['unreviewed'] = [];
  let held = 0;
  const items = plan.items.map((item): PlanItem => {
    if (!renders(item.steps) && !publishes(item.steps)) return item;
    const hold = verdictFor(item, gate);
    if (hold === null) return item;
    if (gate.require === 'warn' && warnLetsThrough(hold)) {
      unreviewed.push({ file: item.file, why: hold.why });
      return item;
    }
    held++;
    return {
      ...item,
      steps: item.steps.filter((step) => step.kind !== 'render' && step.kind !== 'upload'),
      holds: [...item.holds, hold],
    };
  });
  const steps = items.flatMap((item) => item.steps);
  return {
    plan: { ...plan, items, publications: publicationsOf(steps), statedScopes: statedScopes(steps) },
    unreviewed,
    held,
  };
}

/**
 * What require-review: warn lets through with a warning: an item no reviewed
 * plan covers. A plan block that does not verify is not that: someone
 * changed what the action wrote, so it holds whatever the setting.
 */
function warnLetsThrough(hold: Hold): hold is Extract<Hold, { kind: 'not_reviewed' }> {
  return hold.kind === 'not_reviewed' && hold.why !== 'unverified';
}

function verdictFor(item: PlanItem, gate: ReviewGate): Hold | null {
  const { evidence } = gate;
  const notReviewed = (why: NotReviewedWhy, source?: ReviewSource): Hold => ({
    kind: 'not_reviewed',
    why,
    pr: source?.pr ?? null,
    url: source?.url ?? null,
  });
  if (evidence.kind === 'direct_push') return notReviewed('direct_push');
  if (evidence.kind === 'unavailable') return notReviewed('unreadable');
  const withPlan = evidence.sources.filter((source) => source.plan !== null);
  const unverified = evidence.sources.find((source) => source.unverified);
  if (withPlan.length === 0) {
    return unverified ? notReviewed('unverified', unverified) : notReviewed('no_plan', evidence.sources[0]);
  }
  let first: Hold | null = null;
  for (const source of withPlan) {
    const reviewed = source.plan!;
    const stale = source.head !== null && reviewed.head !== null && reviewed.head !== source.head;
    const entry = reviewed.items[fileKey(item.file)];
    let changes: ReviewChange[];
    if (entry) changes = differences(item, entry);
    // A manifest the plan does not list, although it lists every item: added after the reviewed head.
    else if (stale && reviewed.omitted === 0) changes = ['manifest'];
    else {
      first ??= notReviewed('not_in_plan', source);
      continue;
    }
    if (changes.length === 0) return null;
    first ??= {
      kind: 'changed_since_review',
      pr: source.pr,
      url: source.url,
      changes,
      reviewedHead: stale ? reviewed.head : null,
      mergedHead: stale ? source.head : null,
    };
  }
  // A plan that does not list the item says less than a block someone tampered with.
  return first?.kind === 'not_reviewed' && unverified ? notReviewed('unverified', unverified) : first;
}

/** What this apply would do to an item that its review did not show. */
function differences(item: PlanItem, reviewed: ReviewedItem): ReviewChange[] {
  const changes: ReviewChange[] = [];
  if (item.review?.manifest !== reviewed.m) changes.push('manifest');
  if (renders(item.steps)) {
    if (scriptKey(item) !== reviewed.s) changes.push('script');
    if (!rendered(reviewed.k)) changes.push('render');
  }
  if (publishes(item.steps)) {
    if (reviewed.t === null) changes.push('publication');
    else if (item.review?.target !== reviewed.t) changes.push('target');
  }
  return changes;
}
