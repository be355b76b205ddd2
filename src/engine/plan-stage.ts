import type { ContentDetail, ContentSummary } from '../service-client/types.ts';
import { personaChangedSince, previousTitle, publishedWith } from '../git/earlier-versions.ts';
import type { DesiredItem, LoadResult } from '../manifest/types.ts';
import { outlineAccountProblems } from '../plan/accounts.ts';
import { personaDifference } from '../plan/diff.ts';
import { matchItems, orphanTitles, renameCandidates } from '../plan/identity.ts';
import { plan as makePlan, otherShardProblems } from '../plan/plan.ts';
import { withUnseenPauses } from '../plan/release-control.ts';
import { pausedAccountProblems } from '../plan/release-status.ts';
import type { Matched, MatchOptions, Plan, ReleaseRules } from '../plan/types.ts';
import { mapLimit } from '../concurrency.ts';
import type { Listing, Observation } from './observe.ts';
import { withPreviewReach } from './preview-reach.ts';
import { choosePreviewRenders } from './preview-render.ts';
import { serviceEditOrigins } from './service-edits.ts';
import { gateByReview } from './review.ts';
import { withReviewedRenders } from './reviewed-render.ts';
import { planScope, plansFile, splitPlanned } from './scope.ts';
import { withReviewKeys } from './review-key.ts';
import type { EngineOptions, RunReport } from './types.ts';

// The planning stage of a run: the observed state, read with what git knows
// of the manifests' earlier versions, becomes the plan (src/plan/, pure),
// with the review's verdict and every problem of the catalogue said.

/** The plan of this shard's manifests; problems and notes go to the report. */
export async function planStage(
  options: EngineOptions,
  { load, rules }: { load: LoadResult; rules: ReleaseRules },
  observation: Observation,
  report: RunReport,
): Promise<Plan> {
  const { settings, deps, seams } = options;
  // Other shards' manifests, and in a change's plan the unchanged ones, are
  // checked and keep their items, but are not read in detail nor planned.
  const { mine, others } = splitPlanned(load.items, await plansFile(options));
  const sharded = settings.shard !== undefined && settings.shard.count > 1;
  const scope = await planScope(options, load);
  if (scope) report.scope = scope;
  // Each item of this shard was named as it was parsed, and its detail read
  // started once its listing page arrived; what is planned waits for the
  // whole, proven listing.
  const listing = await observation.listing;
  report.accountsRead = { error: listing.accountsError, gap: listing.accountsGap };
  // Manifests left unparsed claim items nobody here knows: no item is called
  // unmanaged, and none is taken for one a manifest was renamed from.
  const everyClaim = load.unparsed === undefined;
  const match: MatchOptions = {
    previousTitles: everyClaim
      ? await previousTitles(options, mine, load.items, listing.contents)
      : new Map(),
    reserved: others,
    listUnmanaged: !sharded && everyClaim,
  };
  const matching = matchItems(mine, listing.contents, match);
  const { matched } = matching;
  const ids = matched.flatMap((entry) => (entry.remote ? [entry.remote.id] : []));
  const { read: details, unreadable } = await observation.reads.settle(ids);
  const personaChanged = await personasAsked(options, matched, details, report);
  const origins = await serviceEditOrigins(
    options,
    matched,
    details,
    (file) => personaChanged?.has(file) ?? true,
  );
  const planned = makePlan(
    mine,
    { ...listing, details, unreadable },
    {
      mode: settings.mode,
      now: seams?.now?.() ?? new Date(),
      permissions: settings.permissions,
      cancelRunning: settings.cancelRunning,
      match,
      matching,
      publishedWith: await publishedWith(deps.previous, publishedItems(matched, details)),
      ...(personaChanged === null ? {} : { personaChanged }),
      ...(origins === undefined ? {} : { origins }),
      ...(settings.selfHeal === true ? { selfHeal: true } : {}),
      lateWindowMs: settings.lateWindowMs,
      release: withUnseenPauses(
        rules,
        listing.accounts,
        listing.accountsError === null && listing.accountsGap === null,
      ),
    },
  );
  const reach = await withPreviewReach(
    options,
    reviewed({ ...planned, items: withReviewKeys(planned.items, mine) }, options, report, mine),
    report,
  );
  const plan = await choosePreviewRenders(options, reach, mine);
  report.notes.push(...heldCreatesNote(plan, listing.contentsGap));
  report.problems.push(...plan.problems);
  if (others.length > 0) report.problems.push(...otherShardProblems(others, mine, listing));
  report.problems.push(...unplannedAccountProblems(load, listing));
  if (listing.accountsError === null && listing.accountsGap === null)
    report.problems.push(...pausedAccountProblems(load.release ?? null, listing.accounts));
  return plan;
}

/** Published videos: what they were published with is read from git, to report later changes as drift. */
function publishedItems(
  matched: readonly Matched[],
  details: ReadonlyMap<string, ContentDetail>,
): DesiredItem[] {
  return matched.flatMap((entry) =>
    entry.remote !== null && details.get(entry.remote.id)?.status === 'UPLOADED' ? [entry.item] : [],
  );
}

/** The earlier titles of this shard's manifests that may have been renamed from an unclaimed remote item. */
async function previousTitles(
  options: EngineOptions,
  items: readonly DesiredItem[],
  everyShard: readonly DesiredItem[],
  contents: readonly ContentSummary[],
): Promise<Map<string, string>> {
  const titles = new Map<string, string>();
  const previous = options.deps.previous;
  const orphans = orphanTitles(everyShard, contents);
  if (!previous || orphans.size === 0) return titles;
  const candidates = renameCandidates(items, contents);
  const found = await mapLimit(candidates, 8, (item) => previousTitle(previous, item, orphans));
  candidates.forEach((item, index) => {
    const title = found[index];
    if (title) titles.set(item.file, title);
  });
  return titles;
}

/**
 * The manifests whose persona the service shows otherwise and whose change
 * set it since the base commit: only those are sent it (PlanContext). The
 * others are counted in one note. Null when there are no earlier versions.
 */
async function personasAsked(
  options: EngineOptions,
  matched: readonly Matched[],
  details: ReadonlyMap<string, ContentDetail>,
  report: RunReport,
): Promise<Set<string> | null> {
  const previous = options.deps.previous;
  if (!previous) return null;
  const differing = matched.flatMap((entry) => {
    const detail = entry.remote === null ? undefined : details.get(entry.remote.id);
    return detail && personaDifference(entry.item.fields, detail) !== null ? [entry.item] : [];
  });
  const changed = await mapLimit(differing, 8, (item) => personaChangedSince(previous, item));
  const asked = new Set(differing.filter((_, index) => changed[index]).map((item) => item.file));
  const kept = differing.length - asked.size;
  if (kept > 0)
    report.notes.push(
      `${kept} item(s) show a persona other than their manifest's (the service's own, or one set on the ` +
        "service). A manifest's persona is sent when a commit changes it; this run leaves those as they are.",
    );
  return asked;
}

/**
 * What was reviewed is what ships: an item changed since the preview render
 * reviewers watched is rendered again, and renders and publications the
 * review did not show are held.
 */
function reviewed(plan: Plan, options: EngineOptions, report: RunReport, mine: readonly DesiredItem[]): Plan {
  const gate = options.deps.review;
  if (!gate) return plan;
  const verdict = gateByReview(withReviewedRenders(plan, gate, mine), gate);
  report.review = { held: verdict.held, unreviewed: verdict.unreviewed };
  return verdict.plan;
}

/**
 * Creates held because GET /contents is not proven complete (A7): said once
 * for the run, with why and what to do, rather than once per item.
 */
function heldCreatesNote(plan: Plan, gap: string | null): string[] {
  const held = plan.items.filter((item) => item.holds.some((hold) => hold.kind === 'listing_incomplete'));
  if (gap === null || held.length === 0) return [];
  return [
    `${held.length} new item(s) are not created in this run: GET /contents could not be proven complete (${gap}), ` +
      'so any of them may already exist on a part of the listing not read, and creating it would make a second one. ' +
      'Items that match are planned and applied as usual. `content-as-code doctor` shows how the service answers its ' +
      'listing; an item created in the service (its web app) and pinned with `id:` is managed without a create.',
  ];
}

/**
 * Manifests with errors are not planned; the accounts they name are looked
 * up all the same, where the listing of accounts is whole (an account it
 * might lack is no mistake to report).
 */
function unplannedAccountProblems(
  load: LoadResult,
  listing: Listing,
): ReturnType<typeof outlineAccountProblems> {
  if (listing.accountsError !== null || listing.accountsGap !== null) return [];
  const valid = new Set(load.items.map((item) => item.file));
  const unplanned = load.outlines.filter((outline) => !valid.has(outline.file));
  return outlineAccountProblems(unplanned, listing.accounts);
}
