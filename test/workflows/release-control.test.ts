import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ROOT } from '../support/runner.ts';

// The example workflows keep the settings release control relies on: one
// concurrency group of the applies, never cancelled in progress (a burst of merges then
// leaves a run that catches up, and no apply is stopped half-way), the pause
// variable on every apply, and override-freeze only where a job waits for an
// environment's required reviewers.

const FOLDER = join(ROOT, 'examples', 'workflows');

interface Step {
  uses?: string;
  with?: Record<string, string>;
}
interface Workflow {
  on: Record<string, unknown>;
  concurrency?: { group: string; 'cancel-in-progress': boolean };
  jobs: Record<string, { environment?: string; steps: Step[] }>;
}

const workflows = readdirSync(FOLDER)
  .filter((file) => file.endsWith('.yml'))
  .map((file) => ({ file, workflow: parse(readFileSync(join(FOLDER, file), 'utf8')) as Workflow }));

/** The steps that run the action, with the job they are in. */
const actionSteps = (workflow: Workflow) =>
  Object.values(workflow.jobs).flatMap((job) =>
    job.steps
      .filter((step) => step.uses?.startsWith('your-org/content-as-code@'))
      .map((step) => ({ job, step })),
  );

describe('the example workflows and release control', () => {
  const applying = workflows.filter(({ workflow }) =>
    actionSteps(workflow).some(({ step }) => step.with?.mode === undefined),
  );

  // Pull requests' plans have groups of their own (test/workflows/concurrency.test.ts).
  const applyingOutsidePullRequests = applying.filter(({ workflow }) => !('pull_request' in workflow.on));

  it.each(applyingOutsidePullRequests.map(({ file }) => file))(
    '%s shares content-apply and never cancels in progress',
    (file) => {
      const { workflow } = workflows.find((entry) => entry.file === file)!;
      expect(workflow.concurrency).toEqual({ group: 'content-apply', 'cancel-in-progress': false });
    },
  );

  it('passes the pause variable to every apply outside pull requests', () => {
    const applies = applyingOutsidePullRequests;
    expect(applies.map(({ file }) => file).sort()).toEqual([
      'publish-on-merge.yml',
      'release-with-approval.yml',
      'scheduled-release.yml',
    ]);
    for (const { workflow } of applies) {
      for (const { step } of actionSteps(workflow))
        expect(step.with?.pause).toBe('${{ vars.CONTENT_PAUSE }}');
    }
  });

  it("passes it to the pull request's run too, whose previews write drafts", () => {
    const review = workflows.find((entry) => entry.file === 'pr-review.yml')!;
    const steps = actionSteps(review.workflow);
    expect(steps.length).toBeGreaterThan(0);
    for (const { step } of steps) expect(step.with?.pause).toBe('${{ vars.CONTENT_PAUSE }}');
  });

  it('gives override-freeze only from a workflow_dispatch job in an environment', () => {
    const overriding = workflows.flatMap(({ file, workflow }) =>
      actionSteps(workflow)
        .filter(({ step }) => step.with?.['override-freeze'] !== undefined)
        .map(({ job }) => ({ file, job, on: Object.keys(workflow.on) })),
    );
    expect(overriding.map(({ file }) => file)).toEqual(['release-with-approval.yml']);
    expect(overriding[0]!.job.environment).toBe('content-release');
    expect(overriding[0]!.on).toEqual(['workflow_dispatch']);
  });
});
