import {
  isKnownPlatform,
  isKnownStatus,
  type Account,
  type ContentDetail,
  type ContentSummary,
} from '../service-client/types.ts';
import type { DesiredItem, Problem } from '../manifest/types.ts';
import { resolveAccounts, type ResolvedAccounts } from './accounts.ts';
import { renameOf, tiktokWarning } from './checks.ts';
import { publicationCheck } from './confirmation.ts';
import { contentSteps } from './content-steps.ts';
import { keptFromService } from './diff.ts';
import { isMarkedDuplicate } from './duplicates.ts';
import { uploadCannotCarry } from './inflight.ts';
import { matchItems } from './identity.ts';
import { releaseControl } from './release-control.ts';
import { videoSteps } from './video-steps.ts';
import { generates, publicationOf, publicationsOf, publishes, renders, statedScopes } from './steps.ts';
import type {
  Drift,
  Hold,
  Matched,
  Plan,
  PlanContext,
  PlanItem,
  PublicationTarget,
  ServiceEdit,
  Step,
} from './types.ts';

// The pure heart of the engine: desired state + observed state → Plan.
// No I/O, no clock of its own; the same inputs give the same plan.

export interface Observed {
  contents: readonly ContentSummary[];
  /** Why the listing of contents is not proven complete; null (or absent) when it is. */
  contentsGap?: string | null;
  /** GET /contents/{id} of every matched item, by id. */
  details: ReadonlyMap<string, ContentDetail>;
  /** Why the detail of a listed item could not be read, by id. */
  unreadable?: ReadonlyMap<string, string>;
  accounts: readonly Account[];
  /** Why GET /accounts is not proven complete; null (or absent) when it is. */
  accountsGap?: string | null;
  /** Why GET /accounts could not be read at all; null (or absent) when it was. */
  accountsError?: string | null;
}

interface Planned {
  steps: Step[];
  holds: Hold[];
  drift: Drift[];
  serviceEdits?: ServiceEdit[];
}

/** The publication a manifest asks for, with its accounts resolved; null below the published stage. */
function targetOf(item: DesiredItem, accounts: Account[]): PublicationTarget | null {
  if (item.stage !== 'published' || item.publish === null) return null;
  return {
    accounts,
    options: { ...item.publish.options, account_ids: accounts.map((account) => account.id) },
  };
}

/**
 * Items nothing may be planned for, whatever the manifest asks: a create from
 * a listing not proven complete (the item may sit on a page not read), and an
 * item or account carrying a value the interface does not list (A7, A35).
 */
function heldForUnknown(
  creating: boolean,
  detail: ContentDetail | null,
  accounts: readonly Account[],
  observed: Observed,
): Planned | null {
  const held = (hold: Hold): Planned => ({ steps: [], holds: [hold], drift: [] });
  if (creating && observed.contentsGap)
    return held({ kind: 'listing_incomplete', gap: observed.contentsGap });
  if (detail !== null && !isKnownStatus(detail.status))
    return held({ kind: 'unknown_value', field: 'status', value: detail.status });
  const odd = accounts.find((account) => !isKnownPlatform(account.platform));
  if (odd) return held({ kind: 'unknown_value', field: 'account platform', value: odd.platform });
  return null;
}

/**
 * What the service must do for one item, before permissions are taken into
 * account: the item's own steps (content-steps.ts), then its render and
 * publication (video-steps.ts) from where those leave it, less what a
 * pause or a freeze holds (release-control.ts).
 */
function planSteps(
  item: DesiredItem,
  detail: ContentDetail | null,
  summary: ContentSummary | null,
  target: PublicationTarget | null,
  context: PlanContext,
): Planned {
  const content = contentSteps(item, detail, target, context);
  const { holds, drift } = content;
  const edits = content.serviceEdits ? { serviceEdits: content.serviceEdits } : {};
  if (content.final || item.stage === 'draft')
    return { ...releaseControl(content, item, context), drift, ...edits };
  const video = videoSteps(item, detail, summary, target, content, context);
  const planned = { steps: [...content.steps, ...video.steps], holds: [...holds, ...video.holds] };
  return { ...releaseControl(planned, item, context), drift, ...edits };
}

/** How a publication goes out: in the generation request, or with an upload. */
function publishVia(
  item: DesiredItem,
  planned: Planned,
  target: PublicationTarget | null,
): PlanItem['publishVia'] {
  if (target === null) return null;
  const publishing = planned.steps.find((step) => publicationOf(step) !== null);
  if (publishing) return publishing.kind === 'render' ? 'oneshot' : 'upload';
  if (planned.holds.some((hold) => hold.kind === 'upload_cannot_carry' || hold.kind === 'partly_published'))
    return null;
  const cannotCarry = uploadCannotCarry(target.options).length > 0;
  // Nothing publishes in this run: a later run does, with an upload once the video is rendered, or in one
  // request with the render when the upload cannot carry the settings.
  return item.flow === 'stepwise' && cannotCarry && !renders(planned.steps) ? 'oneshot' : 'upload';
}

/** Applies what this run may do: held steps become holds, so the plan says why they do not happen. */
function restrict(planned: Planned, context: PlanContext, flow: DesiredItem['flow']): Planned {
  const { permissions, mode } = context;
  let { steps } = planned;
  const holds = [...planned.holds];
  const publishBy = permissions.publishDisabledBy ?? (mode === 'apply' ? 'input' : 'event');
  // Plan mode shows what an apply would do; only a `publish: false` input changes that.
  if (!permissions.publish && (mode === 'apply' || publishBy === 'input')) {
    if (publishes(steps)) {
      // A stepwise render that carries its publication (settings an upload cannot carry) would park a
      // video that no upload may publish as asked: it waits for the run that may publish.
      steps = steps
        .filter((step) => step.kind !== 'upload')
        .filter((step) => !(step.kind === 'render' && publicationOf(step) !== null && flow === 'stepwise'))
        .map((step) => (step.kind === 'render' ? { ...step, publish: null } : step));
      holds.push({ kind: 'publish_disabled', by: publishBy });
    }
  }
  if (!permissions.render && mode === 'apply' && renders(steps)) {
    steps = steps.filter((step) => step.kind !== 'render' && step.kind !== 'upload');
    holds.push({ kind: 'render_disabled', by: 'event' });
  }
  return { ...planned, steps, holds };
}

/** An error of one item alone (Problem.itemOnly): it is held, the others go on, the run fails at the end. */
function itemProblem(item: DesiredItem, code: string, message: string): Problem {
  const { line, column } = item.location;
  return { severity: 'error', code, file: item.file, line, column, message, itemOnly: true };
}

/**
 * The accounts an item names, resolved against GET /accounts. A listing not
 * proven complete makes an account it lacks an error of this item alone; a
 * listing that could not be read holds every item that names accounts.
 */
function accountsOf(item: DesiredItem, observed: Observed): ResolvedAccounts & { held: boolean } {
  if (item.publish === null) return { accounts: [], problems: [], held: false };
  if (observed.accountsError) {
    const message = `GET /accounts could not be read (${observed.accountsError}), so the accounts this manifest names cannot be resolved; nothing is done to it in this run.`;
    return { accounts: [], problems: [itemProblem(item, 'accounts_unreadable', message)], held: true };
  }
  const resolved = resolveAccounts(item, observed.accounts);
  if (!observed.accountsGap || resolved.problems.length === 0) return { ...resolved, held: false };
  const why = ` GET /accounts was not proven complete (${observed.accountsGap}): this item is held, the others go on.`;
  const problems = resolved.problems.map((problem) => ({
    ...problem,
    message: `${problem.message}${why}`,
    itemOnly: true as const,
  }));
  return { accounts: resolved.accounts, problems, held: true };
}

/** The steps and holds of one item, with the item-level refusals first (unreadable, unknown values, a rename). */
function plannedFor(
  matched: Matched,
  detail: ContentDetail | null,
  resolved: ReturnType<typeof accountsOf>,
  observed: Observed,
  context: PlanContext,
  unmanaged: readonly ContentSummary[],
): Planned {
  const { item, remote } = matched;
  const none: Planned = { steps: [], holds: [], drift: [] };
  // A listed item whose detail could not be read is not missing: planning a
  // create for it would make a second item with the same title.
  if ((remote !== null && detail === null) || resolved.held) return none;
  const unknown = heldForUnknown(remote === null, detail, resolved.accounts, observed);
  if (unknown !== null) return unknown;
  const renamed = renameOf(matched, unmanaged);
  if (renamed !== null)
    return { ...none, holds: [{ kind: 'looks_like_rename', id: renamed.id, title: renamed.title }] };
  const target = targetOf(item, resolved.accounts);
  return restrict(planSteps(item, detail, remote, target, context), context, item.flow);
}

function unreadableProblem(matched: Matched, observed: Observed): Problem[] {
  const { item, remote } = matched;
  if (remote === null || observed.details.has(remote.id)) return [];
  const why = observed.unreadable?.get(remote.id);
  return [
    itemProblem(
      item,
      'unreadable_item',
      `The item ${remote.id} that this manifest claims is listed by GET /contents but GET /contents/${remote.id} ${why ? `failed (${why})` : 'did not return it'}; nothing is planned for it, the other items go on. Run again; if it persists, the service is inconsistent.`,
    ),
  ];
}

function planOne(
  matched: Matched,
  observed: Observed,
  context: PlanContext,
  unmanaged: readonly ContentSummary[],
): { item: PlanItem; problems: Problem[] } {
  const { item, remote } = matched;
  const detail = remote === null ? null : (observed.details.get(remote.id) ?? null);
  // Accounts are checked whenever they are named, even while the stage stays below published.
  const resolved = accountsOf(item, observed);
  const target = targetOf(item, resolved.accounts);
  const planned = plannedFor(matched, detail, resolved, observed, context, unmanaged);
  const check = publicationCheck(item, detail, remote, target, context);
  return {
    item: {
      file: item.file,
      line: item.location.line,
      column: item.location.column,
      title: item.fields.title,
      stage: item.stage,
      flow: item.flow,
      match: remote === null && matched.match !== 'pinned' ? 'new' : matched.match,
      renamedFrom: remote === null ? null : matched.renamedFrom,
      remote:
        remote === null
          ? null
          : { id: remote.id, title: remote.title, status: detail?.status ?? remote.status },
      steps: planned.steps,
      holds: planned.holds,
      drift: planned.drift,
      publishAt: item.publish?.at ?? null,
      publication: target,
      publishVia: detail?.status === 'UPLOADED' ? null : publishVia(item, planned, target),
      script: { desired: item.fields.textover ?? null, remote: detail?.textover ?? null },
      ...(check.confirmation ? { confirmation: check.confirmation } : {}),
      ...keptOf(item, detail, planned.steps),
      ...(planned.serviceEdits ? { serviceEdits: planned.serviceEdits } : {}),
    },
    problems: [
      ...resolved.problems,
      ...unreadableProblem(matched, observed),
      ...check.problems,
      ...tiktokWarning(item, target, detail),
    ],
  };
}

/** What the service holds beyond the manifest, shown on an item this plan renders or publishes. */
function keptOf(
  item: DesiredItem,
  detail: ContentDetail | null,
  steps: readonly Step[],
): { kept?: PlanItem['kept'] } {
  if (detail === null || !generates(steps)) return {};
  const kept = keptFromService(item.fields, detail);
  return kept.length > 0 ? { kept } : {};
}

/** desired + observed → Plan, in stable order (items by manifest path). */
export function plan(desired: readonly DesiredItem[], observed: Observed, context: PlanContext): Plan {
  const matching = context.matching ?? matchItems(desired, observed.contents, context.match);
  const problems: Problem[] = [...matching.problems];
  const items: PlanItem[] = [];
  const unclaimed = new Set(matching.unmanaged.map((ref) => ref.id));
  const unmanaged = observed.contents.filter(
    (summary) => unclaimed.has(summary.id) && !isMarkedDuplicate(summary.title),
  );
  for (const matched of matching.matched) {
    const one = planOne(matched, observed, context, unmanaged);
    items.push(one.item);
    problems.push(...one.problems);
  }
  const allSteps = items.flatMap((item) => item.steps);
  return {
    mode: context.mode,
    items,
    unmanaged: matching.unmanaged,
    publications: publicationsOf(allSteps),
    statedScopes: statedScopes(allSteps),
    problems,
  };
}

/**
 * Problems in the manifests other shards plan: every shard checks them too,
 * so that no shard writes while any manifest of the catalogue has an error.
 */
export function otherShardProblems(
  others: readonly DesiredItem[],
  mine: readonly DesiredItem[],
  observed: Pick<Observed, 'contents' | 'accounts' | 'accountsGap' | 'accountsError'>,
): Problem[] {
  const matching = matchItems(others, observed.contents, { reserved: mine, listUnmanaged: false });
  const accounts = others.flatMap((item) => accountsOf(item, { ...observed, details: new Map() }).problems);
  return [...matching.problems, ...accounts];
}
