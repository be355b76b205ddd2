// No pull request can cancel a pending apply. GitHub's rule for a
// concurrency group ("Control the concurrency of workflows and jobs"): at
// most one run of the group is running and at most one is pending; a newly
// queued run cancels the pending one, and with cancel-in-progress: true
// (the queued run's own setting) the running one too. The rule is per group
// and knows no kinds of run: a pull request's plan queued in the applies'
// group would cancel a merge's pending apply, or the pending scheduled
// release. This reads the example workflows, works out each run's group as
// GitHub would, and replays the rule over a timeline mixing merges, a
// schedule, releases by hand and pushes to pull requests (a fork's too).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ROOT } from '../support/runner.ts';

const FOLDER = join(ROOT, 'examples', 'workflows');

interface Flow {
  file: string;
  events: string[];
  group: string | null;
  cancelInProgress: boolean;
  /** Whether a step runs the action in its default mode, so applies outside pull requests. */
  applies: boolean;
}

function readFlow(file: string): Flow {
  const doc = parse(readFileSync(join(FOLDER, file), 'utf8')) as {
    on: string | string[] | Record<string, unknown>;
    concurrency?: string | { group: string; 'cancel-in-progress'?: boolean };
    jobs: Record<string, { steps?: Array<{ uses?: string; with?: Record<string, unknown> }> }>;
  };
  const events = typeof doc.on === 'string' ? [doc.on] : Array.isArray(doc.on) ? doc.on : Object.keys(doc.on);
  const concurrency = typeof doc.concurrency === 'string' ? { group: doc.concurrency } : doc.concurrency;
  const steps = Object.values(doc.jobs).flatMap((job) => job.steps ?? []);
  return {
    file,
    events,
    group: concurrency?.group ?? null,
    cancelInProgress:
      (concurrency as { 'cancel-in-progress'?: boolean } | undefined)?.['cancel-in-progress'] === true,
    applies: steps.some(
      (step) => step.uses?.startsWith('your-org/content-as-code@') && step.with?.mode === undefined,
    ),
  };
}

const flows = readdirSync(FOLDER)
  .filter((file) => file.endsWith('.yml'))
  .map(readFlow);

/** A run's context, as its `${{ }}` expressions read it. */
type Context = Record<string, unknown>;

/** A group as GitHub names it for one run: each `${{ a.b.c }}` (or `a || b`) read from the run's context. */
function groupOf(template: string, context: Context): string {
  return template
    .replace(/\$\{\{\s*(.*?)\s*\}\}/g, (_, expression: string) => {
      for (const operand of expression.split('||').map((part) => part.trim())) {
        if (!/^[a-z_][\w.-]*$/i.test(operand))
          throw new Error(`an expression this test cannot read: ${expression}`);
        const value = operand
          .split('.')
          .reduce<unknown>((at, key) => (at as Context | undefined)?.[key], context);
        if (value === undefined || value === null || value === '' || value === false) continue;
        if (typeof value !== 'string' && typeof value !== 'number' && value !== true)
          throw new Error(`${operand} is not a value a group name can hold`);
        return `${value}`;
      }
      return '';
    })
    .toLowerCase(); // GitHub compares group names without case
}

/** One happening of the timeline: an event that queues the workflows listening to it, or a run that ends. */
type Happening =
  | { event: 'push' | 'schedule'; name: string }
  | { event: 'workflow_dispatch'; name: string; file: string }
  | { event: 'pull_request'; name: string; number: number; fork: boolean }
  | { end: string };

interface Run {
  name: string;
  flow: Flow;
  kind: 'apply' | 'pull request' | 'other';
  group: string;
}

interface Replay {
  started: string[];
  cancelled: Array<{ run: Run; by: Run }>;
}

function contextOf(happening: Exclude<Happening, { end: string }>): Context {
  const github: Context = { event_name: happening.event, workflow: 'workflow', run_id: happening.name };
  if (happening.event === 'pull_request') {
    github.ref = `refs/pull/${happening.number}/merge`;
    github.head_ref = happening.fork ? 'fork:main' : `topic-${happening.number}`;
    github.event = { pull_request: { number: happening.number, head: { repo: { fork: happening.fork } } } };
  } else {
    github.ref = 'refs/heads/main';
    github.event = {};
  }
  return { github };
}

/** The runs a happening queues: every workflow it triggers (a dispatch, only the one dispatched). */
function queued(happening: Exclude<Happening, { end: string }>, among: readonly Flow[]): Run[] {
  const context = contextOf(happening);
  return among
    .filter((flow) => flow.events.includes(happening.event))
    .filter((flow) => happening.event !== 'workflow_dispatch' || flow.file === happening.file)
    .map((flow) => ({
      name: `${happening.name} (${flow.file})`,
      flow,
      kind: happening.event === 'pull_request' ? 'pull request' : flow.applies ? 'apply' : 'other',
      // A workflow without a group is a group of its own.
      group: flow.group === null ? `${flow.file}:${happening.name}` : groupOf(flow.group, context),
    }));
}

/** GitHub's rule, replayed: per group one running, one pending; a queued run cancels the pending one. */
function replay(timeline: readonly Happening[], among: readonly Flow[]): Replay {
  const running = new Map<string, Run>();
  const pending = new Map<string, Run>();
  const result: Replay = { started: [], cancelled: [] };
  const start = (run: Run): void => {
    running.set(run.group, run);
    result.started.push(run.name);
  };
  for (const happening of timeline) {
    if ('end' in happening) {
      // A run cancelled before it ended ends nothing.
      const [group] = [...running].find(([, run]) => run.name.startsWith(`${happening.end} (`)) ?? [];
      if (group === undefined) continue;
      running.delete(group);
      const next = pending.get(group);
      pending.delete(group);
      if (next) start(next);
      continue;
    }
    for (const run of queued(happening, among)) {
      const waiting = pending.get(run.group);
      if (waiting) result.cancelled.push({ run: waiting, by: run });
      pending.delete(run.group);
      const current = running.get(run.group);
      if (current && run.flow.cancelInProgress) {
        result.cancelled.push({ run: current, by: run });
        running.delete(run.group);
      }
      if (running.has(run.group)) pending.set(run.group, run);
      else start(run);
    }
  }
  return result;
}

/** Merges, the hourly release, releases by hand and pull requests' pushes, interleaved. */
const TIMELINE: Happening[] = [
  { event: 'push', name: 'merge 1' },
  { event: 'push', name: 'merge 2' },
  { event: 'pull_request', name: 'push to #7', number: 7, fork: false },
  { event: 'pull_request', name: "push to a fork's #8", number: 8, fork: true },
  { end: 'merge 1' },
  { event: 'schedule', name: 'the hourly release' },
  { event: 'pull_request', name: 'second push to #7', number: 7, fork: false },
  { event: 'pull_request', name: "second push to a fork's #8", number: 8, fork: true },
  { event: 'pull_request', name: 'push to #9', number: 9, fork: false },
  { end: 'merge 2' },
  { event: 'workflow_dispatch', name: 'an approved release', file: 'release-with-approval.yml' },
  { event: 'pull_request', name: "third push to a fork's #8", number: 8, fork: true },
  { event: 'push', name: 'merge 3' },
  { event: 'pull_request', name: 'push to #10', number: 10, fork: false },
  { end: 'the hourly release' },
  { end: 'merge 3' },
];

describe("GitHub's one-pending rule over the example workflows", () => {
  const result = replay(TIMELINE, flows);

  it('reads the pull-request plan and the applies from the examples', () => {
    expect(flows.filter((flow) => flow.events.includes('pull_request')).map((flow) => flow.file)).toEqual([
      'pr-review.yml',
    ]);
    expect(
      flows.filter((flow) => flow.applies && !flow.events.includes('pull_request')).map((flow) => flow.file),
    ).toEqual(['publish-on-merge.yml', 'release-with-approval.yml', 'scheduled-release.yml']);
  });

  it('never lets a pull-request run cancel an apply, pending or running', () => {
    const byPullRequests = result.cancelled.filter(
      ({ run, by }) => run.kind === 'apply' && by.kind === 'pull request',
    );
    expect(byPullRequests.map(({ run, by }) => `${by.name} cancelled ${run.name}`)).toEqual([]);
  });

  it('cancels a pending apply only for a newer apply, which does what it would have', () => {
    const applies = result.cancelled.filter(({ run }) => run.kind === 'apply');
    for (const { by } of applies) expect(by.kind).toBe('apply');
    // The last merge's apply runs, and the hourly release or an apply after it catches up.
    expect(result.started).toContain('merge 3 (publish-on-merge.yml)');
    expect(result.started.filter((name) => name.startsWith('merge 1'))).toHaveLength(1);
  });

  it('keeps every apply in content-apply, never cancelled in progress, and each pull request in a group of its own', () => {
    for (const flow of flows.filter((each) => each.applies && !each.events.includes('pull_request'))) {
      expect(flow.group, flow.file).toBe('content-apply');
      expect(flow.cancelInProgress, flow.file).toBe(false);
    }
    const plans = result.started.concat(result.cancelled.map(({ run }) => run.name));
    expect(plans.some((name) => name.includes('pr-review.yml'))).toBe(true);
    const groups = (number: number) =>
      queued({ event: 'pull_request', name: 'push', number, fork: false }, flows).map((run) => run.group);
    expect(groups(7)).not.toEqual(groups(8));
    for (const number of [1, 7, 8, 1234]) expect(groups(number)).not.toContain('content-apply');
  });

  it('catches a pull-request plan in the applies group, as the examples once had it', () => {
    const shared = flows.map((flow) =>
      flow.file === 'pr-review.yml' ? { ...flow, group: 'content-apply', cancelInProgress: false } : flow,
    );
    const cancelled = replay(TIMELINE, shared).cancelled.filter(
      ({ run, by }) => run.kind === 'apply' && by.kind === 'pull request',
    );
    expect(cancelled.map(({ run }) => run.name)).toContain('merge 2 (publish-on-merge.yml)');
  });
});
