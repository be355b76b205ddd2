import { describeError } from '../api/errors.ts';
import {
  FAILED_STATUSES,
  GENERATING_STATUSES,
  RENDERED_STATUSES,
  TERMINAL_STATUSES,
  type ContentStatus,
  type ContentSummary,
  type ServiceApi,
} from '../api/types.ts';
import type { Logger } from '../log.ts';
import { mapLimit } from '../plan/concurrency.ts';
import type { Hold, PlanItem, Step } from '../plan/types.ts';
import { createOrAdopt, dispatchGeneration, dispatchUpload, type Dispatch } from './resolve.ts';
import type { ItemResult, Outcome, PublishedUrl } from './types.ts';
import { DEFAULT_POLL, realClock, waitForItem, type Clock, type PollPolicy, type WaitUntil } from './wait.ts';

// Carries out a plan: `concurrency` items at once, each item's steps in order.
// Every item ends with a result; one item's failure never stops the others.

export interface ApplyOptions {
  client: ServiceApi;
  /** Step kinds this run may execute (plan mode with previews: create and edit only). */
  allowed: ReadonlySet<Step['kind']>;
  concurrency: number;
  /** False: dispatch and report, without waiting for generations to finish. */
  wait: boolean;
  timeoutMs: number;
  logger: Logger;
  clock?: Clock;
  poll?: PollPolicy;
}

/** What happened to one item while applying; the results are made from it. */
export interface ItemRun {
  item: PlanItem;
  id: string | null;
  status: ContentStatus | null;
  created: boolean;
  edited: boolean;
  rendered: boolean;
  published: boolean;
  /** Still in flight when the run stopped waiting. */
  running: boolean;
  /** Holds that arose while applying (a retried render that failed again). */
  holds: Hold[];
  lastError: string | null;
  error: string | null;
  durationMs: number;
}

interface Context extends ApplyOptions {
  clock: Clock;
  poll: PollPolicy;
  deadline: number;
}

async function settle(
  run: ItemRun,
  context: Context,
  until: WaitUntil = 'settled',
  inFlight = false,
): Promise<boolean> {
  if (run.id === null || run.status === null) return true;
  if (!inFlight && !GENERATING_STATUSES.has(run.status) && until === 'settled') return true;
  if (!context.wait) {
    run.running = true;
    return false;
  }
  const outcome = await waitForItem(
    context.client,
    { id: run.id, file: run.item.file, title: run.item.title },
    { deadline: context.deadline, clock: context.clock, poll: context.poll, logger: context.logger, until },
  );
  run.status = outcome.status;
  run.lastError = outcome.lastError;
  run.running = outcome.timedOut;
  return !outcome.timedOut;
}

function afterDispatch(run: ItemRun, dispatched: Dispatch, inFlight: ContentStatus): void {
  if (dispatched === 'published') run.status = 'UPLOADED';
  else if (run.status === null || !GENERATING_STATUSES.has(run.status)) run.status = inFlight;
}

/** One step; false stops the item's remaining steps. */
async function runStep(run: ItemRun, step: Step, context: Context): Promise<boolean> {
  const { client, logger } = context;
  if (!context.allowed.has(step.kind)) return step.kind === 'wait';
  if (step.kind === 'create') {
    const detail = await createOrAdopt(client, step.fields, logger, (ms) => context.clock.sleep(ms));
    run.id = detail.id;
    run.status = detail.status;
    run.created = true;
    logger.info(`Created ${detail.id}.`);
    return true;
  }
  if (run.id === null) return false;
  const id = run.id;
  switch (step.kind) {
    case 'edit': {
      const detail = await client.editContent(id, step.send, {
        cancelGeneration: step.cancelGeneration,
      });
      run.status = detail.status;
      run.edited = true;
      logger.info(`Edited ${step.changes.map((change) => change.field).join(', ')}.`);
      return true;
    }
    case 'wait': {
      // An in-flight one-shot run may carry its publication: a brief VIDEO_PROCESSED is not its end.
      const maybePublishing = run.item.flow === 'oneshot' && run.item.stage === 'published';
      return settle(run, context, maybePublishing ? 'maybe-published' : 'settled', true);
    }
    case 'render': {
      if (!(await settle(run, context))) return false;
      if (run.status === 'UPLOADED') return true; // never rendered again once published
      const retrying = run.status !== null && FAILED_STATUSES.has(run.status);
      // Stepwise: the script is read before credits are spent on it, and it
      // must be the one the plan showed (reviewers read it in the PR comment).
      // After this run's own create or edit the service has just written it.
      if (step.publish === null) {
        const detail = await client.getContent(id);
        const planned = run.created || run.edited ? null : run.item.script.remote;
        if (planned !== null && detail.textover !== planned) {
          run.holds.push({ kind: 'script_changed_since_plan' });
          logger.warning(
            'The script changed on the service since the plan was made: it is not rendered in this run.',
          );
          return false;
        }
        logger.info(`Script to render (${(detail.textover ?? '').length} characters) read from the service.`);
      }
      const dispatched = await dispatchGeneration(
        client,
        { content_id: id, render: step.render, publish: step.publish?.options },
        run.status,
        logger,
      );
      afterDispatch(run, dispatched, 'PROCESSING');
      run.rendered = dispatched === 'started';
      if (step.publish !== null && dispatched === 'started') run.published = true;
      if (
        !(await settle(
          run,
          context,
          step.publish !== null && dispatched === 'started' ? 'published' : 'settled',
        ))
      ) {
        return false;
      }
      if (run.status !== null && FAILED_STATUSES.has(run.status)) {
        // Retried once per apply: a second failure is reported, not looped on.
        if (retrying || step.reason === 'retry_failed')
          run.holds.push({ kind: 'already_retried', status: run.status });
        return false;
      }
      return true;
    }
    case 'upload': {
      if (!(await settle(run, context))) return false;
      if (run.status === 'UPLOADED') return true; // never published twice
      if (run.status === null || !RENDERED_STATUSES.has(run.status)) return false;
      const dispatched = await dispatchUpload(client, id, step.publish.options, run.status, logger);
      afterDispatch(run, dispatched, 'UPLOADING');
      // 'published' here means a lost answer whose upload the service shows done: this run's publication.
      run.published = dispatched !== 'running';
      return settle(run, context);
    }
  }
}

const WRITES: ReadonlySet<Step['kind']> = new Set(['edit', 'render', 'upload']);

/**
 * Items wait for a worker, and the service moves on meanwhile (a render
 * finishes, a one-shot run starts publishing, another run acts). A plan whose
 * first act is a write is carried out only on the status it was made from;
 * otherwise nothing is sent, an in-flight run is waited for, and the next run
 * plans the item again. Task status is not rate limited, so the look is cheap.
 */
async function stillAsPlanned(run: ItemRun, work: readonly Step[], context: Context): Promise<boolean> {
  const planned = run.item.remote;
  if (planned === null || run.id === null || !WRITES.has(work[0]!.kind)) return true;
  const now = await context.client.taskStatus(run.id);
  const inFlight =
    GENERATING_STATUSES.has(now.status) || (now.progress !== null && !TERMINAL_STATUSES.has(now.status));
  // A plan made on a generating item (cancel-running) expects it still to be
  // generating, but never publishing: a publication is not interrupted (A17).
  const asPlanned = GENERATING_STATUSES.has(planned.status)
    ? GENERATING_STATUSES.has(now.status) && now.status !== 'UPLOADING'
    : now.status === planned.status && !inFlight;
  if (asPlanned) return true;
  run.status = now.status;
  run.holds.push({ kind: 'changed_since_plan', planned: planned.status, found: now.status });
  context.logger.info(
    `Moved from ${planned.status} to ${now.status}${inFlight ? ' with a run in flight' : ''} since the plan was made: nothing is sent for it in this run.`,
  );
  if (inFlight) await settle(run, context, 'maybe-published', true);
  return false;
}

/** An item as planned, before anything was done to it. */
export function untouched(item: PlanItem): ItemRun {
  return {
    item,
    id: item.remote?.id ?? null,
    status: item.remote?.status ?? null,
    created: false,
    edited: false,
    rendered: false,
    published: false,
    running: false,
    holds: [],
    lastError: null,
    error: null,
    durationMs: 0,
  };
}

async function runItem(item: PlanItem, context: Context): Promise<ItemRun> {
  const started = context.clock.now();
  const run = untouched(item);
  const work = item.steps.filter((step) => context.allowed.has(step.kind));
  if (work.length > 0) {
    await context.logger.group(`${item.title} (${item.file})`, async () => {
      try {
        if (!(await stillAsPlanned(run, work, context))) return;
        for (const step of item.steps) {
          if (!(await runStep(run, step, context))) break;
        }
      } catch (error) {
        run.error = describeError(error);
        context.logger.warning(`${item.file}: ${run.error}`);
      }
    });
  }
  run.durationMs = Math.round(context.clock.now() - started);
  return run;
}

/** Runs every item of the plan, `concurrency` at a time, in plan order. */
export async function applyItems(items: readonly PlanItem[], options: ApplyOptions): Promise<ItemRun[]> {
  const clock = options.clock ?? realClock;
  const context: Context = {
    ...options,
    clock,
    poll: options.poll ?? DEFAULT_POLL,
    deadline: clock.now() + options.timeoutMs,
  };
  return mapLimit(items, options.concurrency, (item) => runItem(item, context));
}

function outcomeOf(run: ItemRun, status: ContentStatus | null): Outcome {
  if (run.error !== null) return 'error';
  if (status !== null && FAILED_STATUSES.has(status) && run.item.stage !== 'draft') return 'failed';
  if (run.running || (status !== null && GENERATING_STATUSES.has(status))) return 'running';
  const waited = run.item.steps.some((step) => step.kind === 'wait');
  if ((run.published || waited) && status === 'UPLOADED') return 'published';
  if ((run.rendered || waited) && status !== null && RENDERED_STATUSES.has(status)) return 'rendered';
  if (run.created) return 'created';
  if (run.edited) return 'updated';
  if (run.item.holds.length > 0 || run.item.steps.length > 0) return 'skipped';
  return 'unchanged';
}

/**
 * Results from the runs and one listing taken after them: status, public URL and
 * last_error come from the list view (A18). Signed URLs are never copied.
 */
export function itemResults(
  runs: readonly ItemRun[],
  listing: readonly ContentSummary[] | null,
): ItemResult[] {
  const byId = new Map((listing ?? []).map((summary) => [summary.id, summary]));
  return runs.map((run) => {
    const row = run.id === null ? undefined : byId.get(run.id);
    const status = row?.status ?? run.status;
    const urls: PublishedUrl[] =
      row?.published_url && status === 'UPLOADED'
        ? [{ title: run.item.title, platform: row.published_platform ?? '', url: row.published_url }]
        : [];
    return {
      file: run.item.file,
      title: run.item.title,
      id: run.id,
      outcome: outcomeOf(run, status),
      status,
      publishedUrls: urls,
      lastError: row?.last_error ?? run.lastError,
      error: run.error,
      durationMs: run.durationMs,
      holds: run.holds,
    };
  });
}
