import {
  FAILED_STATUSES,
  RENDERED_STATUSES,
  isKnownPlatform,
  isKnownStatus,
  type Account,
  type ContentDetail,
  type ContentStatus,
  type ContentSummary,
  type Scope,
} from '../api/types.ts';
import type { DesiredItem, Problem } from '../manifest/types.ts';
import { DEFAULT_LATE_WINDOW_MS } from './late-window.ts';
import { resolveAccounts, type ResolvedAccounts } from './accounts.ts';
import { accountsDrift, publishDrift, renameOf, tiktokWarning } from './checks.ts';
import { SCRIPT_FIELDS, createFields, fieldChanges, putBody, settingsChanges } from './diff.ts';
import { isMarkedDuplicate } from './duplicates.ts';
import { RUNNING_STATUSES, mayBeInFlight, publishesInOneRun, uploadCannotCarry } from './inflight.ts';
import { matchItems, type Matched } from './identity.ts';
import type {
  Drift,
  FieldChange,
  Hold,
  Plan,
  PlanContext,
  PlanItem,
  PublicationTarget,
  RenderReason,
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
}

function publicationOf(item: DesiredItem, accounts: Account[]): PublicationTarget | null {
  if (item.stage !== 'published' || item.publish === null) return null;
  return {
    accounts,
    options: { ...item.publish.options, account_ids: accounts.map((account) => account.id) },
  };
}

const DAY_MS = 86_400_000;

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

/** What the service must do for one item, before permissions are taken into account. */
function planSteps(
  item: DesiredItem,
  detail: ContentDetail | null,
  summary: ContentSummary | null,
  target: PublicationTarget | null,
  context: PlanContext,
): Planned {
  const steps: Step[] = [];
  const holds: Hold[] = [];
  const drift: Drift[] = [];
  let status: ContentStatus;
  let reason: RenderReason | null = null;

  if (detail === null) {
    steps.push({ kind: 'create', fields: createFields(item.fields) });
    status = 'NEW';
    reason = 'never_rendered';
  } else {
    status = detail.status;
    const edit = (changes: FieldChange[], cancelGeneration: boolean): Step => ({
      kind: 'edit',
      changes,
      cancelGeneration,
      send: putBody(changes, item.fields, detail),
    });
    const personaAsked = context.personaChanged?.has(item.file) ?? true;
    const changes = fieldChanges(item.fields, detail, personaAsked);
    const scriptChanged = changes.some((change) => SCRIPT_FIELDS.has(change.field));
    const oneRun = publishesInOneRun(item, target !== null && uploadCannotCarry(target.options).length > 0);
    if (!RUNNING_STATUSES.has(status) && mayBeInFlight(status, detail.progress, oneRun)) {
      // A run between two phases, or the stale snapshot of a run that parked:
      // the wait tells them apart. Edits wait for the next run; what is left
      // (a render of a parked voiceover, an upload) goes on from where it parked.
      steps.push({ kind: 'wait', status });
      if (changes.length > 0) return { steps, holds, drift };
    }
    if (status === 'UPLOADED') {
      // The published video cannot change (A16): script, settings and publication differences are drift.
      for (const change of changes) {
        if (SCRIPT_FIELDS.has(change.field))
          drift.push({ field: change.field, remote: change.from, desired: change.to });
      }
      drift.push(...settingsChanges(item.render, detail.video_settings));
      drift.push(...accountsDrift(detail, target), ...publishDrift(item, context.publishedWith));
      const edits = changes.filter((change) => !SCRIPT_FIELDS.has(change.field));
      if (edits.length > 0) steps.push(edit(edits, false));
    } else if (changes.length > 0) {
      if (!RUNNING_STATUSES.has(status)) {
        steps.push(edit(changes, false));
        if (scriptChanged) {
          status = 'NEW';
          reason = 'script_changed';
        }
      } else if (context.cancelRunning && status !== 'UPLOADING') {
        // A17: the job stops and the item returns to NEW; a publication is never interrupted.
        steps.push(edit(changes, true));
        status = 'NEW';
        reason = scriptChanged ? 'script_changed' : 'never_rendered';
      } else {
        holds.push({ kind: 'generating', status });
      }
    }
  }

  const running = RUNNING_STATUSES.has(status);
  if (running) steps.push({ kind: 'wait', status });
  if (item.stage === 'draft') return { steps, holds, drift };

  const at = item.publish?.at ?? null;
  const passedMs = at === null ? 0 : context.now.getTime() - Date.parse(at);
  const windowMs = context.lateWindowMs ?? DEFAULT_LATE_WINDOW_MS;
  const late = target !== null && at !== null && passedMs > windowMs && item.publish?.late !== 'publish';
  const due = target !== null && passedMs >= 0 && !late;
  const scheduled = (): void => {
    if (target === null || due || at === null) return;
    holds.push(late ? { kind: 'late', at, days: Math.floor(passedMs / DAY_MS) } : { kind: 'scheduled', at });
  };
  // Settings the upload may drop go out only in the one-shot request, whose fields the interface shows.
  const cannotCarry = target === null ? [] : uploadCannotCarry(target.options);
  const upload = (retry: boolean): void => {
    if (target === null || !due) return;
    if (cannotCarry.length > 0) holds.push({ kind: 'upload_cannot_carry', fields: cannotCarry });
    else if (retry && summary?.published_url)
      holds.push({ kind: 'partly_published', platform: summary.published_platform ?? 'an account' });
    else steps.push({ kind: 'upload', publish: target, retry });
  };

  if (reason === null && status !== 'UPLOADED' && !running) {
    if (FAILED_STATUSES.has(status) && status !== 'FAILED_UPLOAD') reason = 'retry_failed';
    else if (status === 'NEW' || status === 'AUDIO_PROCESSED') reason = 'never_rendered';
    else if (
      RENDERED_STATUSES.has(status) &&
      detail !== null &&
      settingsChanges(item.render, detail.video_settings).length > 0
    ) {
      reason = 'settings_changed';
    }
  }

  if (running) {
    // A stepwise render in flight parks at VIDEO_PROCESSED: publish it after the wait when due.
    if (target !== null && status !== 'UPLOADING') {
      if (item.flow === 'stepwise') upload(false);
      scheduled();
    }
  } else if (reason !== null) {
    const oneRequest = item.flow === 'oneshot' || cannotCarry.length > 0;
    if (item.flow === 'stepwise' && cannotCarry.length > 0 && target !== null && !due && !late) {
      // Rendering now would park a video that no upload may publish as asked: render at publish.at.
      scheduled();
      return { steps, holds, drift };
    }
    steps.push({ kind: 'render', reason, render: item.render, publish: oneRequest && due ? target : null });
    if (!oneRequest) upload(false);
    scheduled();
  } else if (RENDERED_STATUSES.has(status) && target !== null) {
    // Already rendered: publish with an upload, never by rendering again, unless the upload cannot
    // carry the settings: then the one request that can carries them, and the plan says it renders again.
    if (cannotCarry.length > 0 && due && !(status === 'FAILED_UPLOAD' && summary?.published_url))
      steps.push({ kind: 'render', reason: 'publish_in_one_request', render: item.render, publish: target });
    else upload(status === 'FAILED_UPLOAD');
    scheduled();
  }
  return { steps, holds, drift };
}

/** How a publication goes out: in the generation request, or with an upload. */
function publishVia(
  item: DesiredItem,
  planned: Planned,
  target: PublicationTarget | null,
): PlanItem['publishVia'] {
  if (target === null) return null;
  for (const step of planned.steps) {
    if (step.kind === 'render' && step.publish !== null) return 'oneshot';
    if (step.kind === 'upload') return 'upload';
  }
  if (planned.holds.some((hold) => hold.kind === 'upload_cannot_carry' || hold.kind === 'partly_published'))
    return null;
  const cannotCarry = uploadCannotCarry(target.options).length > 0;
  // Nothing publishes in this run: a later run does, with an upload once the video is rendered, or in one
  // request with the render when the upload cannot carry the settings.
  const rendered = planned.steps.some((step) => step.kind === 'render');
  return item.flow === 'stepwise' && cannotCarry && !rendered ? 'oneshot' : 'upload';
}

/** Applies what this run may do: held steps become holds, so the plan says why they do not happen. */
function restrict(planned: Planned, context: PlanContext, flow: DesiredItem['flow']): Planned {
  const { permissions, mode } = context;
  let { steps } = planned;
  const holds = [...planned.holds];
  const publishBy = permissions.publishDisabledBy ?? (mode === 'apply' ? 'input' : 'event');
  // Plan mode shows what an apply would do; only a `publish: false` input changes that.
  if (!permissions.publish && (mode === 'apply' || publishBy === 'input')) {
    const publishes = steps.some(
      (step) => step.kind === 'upload' || (step.kind === 'render' && step.publish !== null),
    );
    if (publishes) {
      // A stepwise render that carries its publication (settings an upload cannot carry) would park a
      // video that no upload may publish as asked: it waits for the run that may publish.
      steps = steps
        .filter((step) => step.kind !== 'upload')
        .filter((step) => !(step.kind === 'render' && step.publish !== null && flow === 'stepwise'))
        .map((step) => (step.kind === 'render' ? { ...step, publish: null } : step));
      holds.push({ kind: 'publish_disabled', by: publishBy });
    }
  }
  if (!permissions.render && mode === 'apply' && steps.some((step) => step.kind === 'render')) {
    steps = steps.filter((step) => step.kind !== 'render' && step.kind !== 'upload');
    holds.push({ kind: 'render_disabled', by: 'event' });
  }
  return { steps, holds, drift: planned.drift };
}

/** (item, account) pairs a list of steps would publish. */
export function publicationsOf(steps: readonly Step[]): number {
  let count = 0;
  for (const step of steps) {
    if (step.kind === 'upload') count += step.publish.accounts.length;
    if (step.kind === 'render' && step.publish !== null) count += step.publish.accounts.length;
  }
  return count;
}

/**
 * Scopes the interface itself states for the given steps (A29): generation
 * and upload need `generate`. Which scope content writes need is not shown,
 * so none is guessed for them; a 403 tells.
 */
export function statedScopes(steps: readonly Step[]): Scope[] {
  return steps.some((step) => step.kind === 'render' || step.kind === 'upload') ? ['generate'] : [];
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

function planOne(
  matched: Matched,
  observed: Observed,
  context: PlanContext,
  unmanaged: readonly ContentSummary[],
): { item: PlanItem; problems: Problem[] } {
  const { item, remote } = matched;
  const renamed = renameOf(matched, unmanaged);
  const detail = remote === null ? null : (observed.details.get(remote.id) ?? null);
  // Accounts are checked whenever they are named, even while the stage stays below published.
  const resolved = accountsOf(item, observed);
  const target = publicationOf(item, resolved.accounts);
  // A listed item whose detail could not be read is not missing: planning a
  // create for it would make a second item with the same title.
  const unreadable = remote !== null && detail === null;
  const none: Planned = { steps: [], holds: [], drift: [] };
  const planned: Planned =
    unreadable || resolved.held
      ? none
      : (heldForUnknown(remote === null, detail, resolved.accounts, observed) ??
        (renamed !== null
          ? { ...none, holds: [{ kind: 'looks_like_rename', id: renamed.id, title: renamed.title }] }
          : restrict(planSteps(item, detail, remote, target, context), context, item.flow)));
  const why = remote === null ? undefined : observed.unreadable?.get(remote.id);
  const problems = unreadable
    ? [
        itemProblem(
          item,
          'unreadable_item',
          `The item ${remote.id} that this manifest claims is listed by GET /contents but GET /contents/${remote.id} ${why ? `failed (${why})` : 'did not return it'}; nothing is planned for it, the other items go on. Run again; if it persists, the service is inconsistent.`,
        ),
      ]
    : [];
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
      publishVia: detail?.status === 'UPLOADED' ? null : publishVia(item, planned, target),
      script: { desired: item.fields.textover ?? null, remote: detail?.textover ?? null },
    },
    problems: [...resolved.problems, ...problems, ...tiktokWarning(item, target, detail)],
  };
}

/** desired + observed → Plan, in stable order (items by manifest path). */
export function plan(desired: readonly DesiredItem[], observed: Observed, context: PlanContext): Plan {
  const matching = matchItems(desired, observed.contents, context.match);
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
