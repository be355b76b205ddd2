import { describeError } from '../service-client/errors.ts';
import { mapLimit } from '../concurrency.ts';
import type { PlanItem, Step } from '../plan/types.ts';
import { runCreate, runEdit } from './content.ts';
import type { ApplyOptions, Context } from './context.ts';
import { errored, finished, untouched } from './item-run.ts';
import { settleRace } from './race-step.ts';
import { runRender } from './render.ts';
import { outcomeOf } from './results.ts';
import { settle, stillAsPlanned } from './settle.ts';
import type { ItemRun } from './types.ts';
import { runUpload } from './upload.ts';
import { DEFAULT_STALL_MS } from './dispatch.ts';
import { JobTimes } from './job-times.ts';
import { DEFAULT_POLL, realClock } from './wait.ts';

// Carries out a plan: `concurrency` items at once, each item's steps in order.
// Every item ends with a result; one item's failure never stops the others.

export type { ApplyOptions } from './context.ts';

/** One step; false stops the item's remaining steps. */
async function runStep(run: ItemRun, step: Step, context: Context): Promise<boolean> {
  if (!context.allowed.has(step.kind)) return step.kind === 'wait';
  if (step.kind === 'create') return runCreate(run, step, context);
  if (run.id === null) return false;
  switch (step.kind) {
    case 'edit':
      return runEdit(run, step, context);
    case 'wait': {
      // An in-flight one-shot run may carry its publication: a brief VIDEO_PROCESSED is not its end.
      const maybePublishing = run.item.flow === 'oneshot' && run.item.stage === 'published';
      return settle(run, context, { until: maybePublishing ? 'maybe-published' : 'settled', inFlight: true });
    }
    case 'render':
      return runRender(run, step, context);
    case 'upload':
      return runUpload(run, step, context);
  }
}

/** The item's steps in order, as long as each goes through; a failure is the item's, never the run's. */
async function runSteps(run: ItemRun, work: readonly Step[], context: Context): Promise<void> {
  try {
    if (!(await stillAsPlanned(run, work, context))) return;
    for (const step of run.item.steps) {
      if (!(await runStep(run, step, context))) break;
    }
    await settleRace(run, context);
  } catch (error) {
    errored(run, describeError(error));
    context.logger.warning(`${run.item.file}: ${run.error}`);
  }
}

async function runItem(item: PlanItem, context: Context): Promise<ItemRun> {
  const started = context.clock.now();
  const run = untouched(item);
  const work = item.steps.filter((step) => context.allowed.has(step.kind));
  if (work.length > 0)
    await context.logger.group(`${item.title} (${item.file})`, () => runSteps(run, work, context));
  finished(run, Math.round(context.clock.now() - started));
  if (work.length > 0) {
    context.tally.done++;
    context.logger.itemDone({
      file: item.file,
      title: item.title,
      outcome: outcomeOf(run, run.status),
      tally: { ...context.tally },
    });
  }
  return run;
}

/** Runs every item of the plan, `concurrency` at a time, in plan order. */
export async function applyItems(items: readonly PlanItem[], options: ApplyOptions): Promise<ItemRun[]> {
  const clock = options.clock ?? realClock;
  // The client's waits (its pace, retries, a 429's gate) answer to the same deadline as the apply's own.
  options.client.finishBy?.(options.timeoutMs);
  const context: Context = {
    ...options,
    clock,
    poll: options.poll ?? DEFAULT_POLL,
    stallMs: options.stallMs ?? DEFAULT_STALL_MS,
    deadline: clock.now() + options.timeoutMs,
    jobTimes: new JobTimes(),
    tally: {
      done: 0,
      total: items.filter((item) => item.steps.some((step) => options.allowed.has(step.kind))).length,
    },
  };
  return mapLimit(items, options.concurrency, (item) => runItem(item, context));
}
