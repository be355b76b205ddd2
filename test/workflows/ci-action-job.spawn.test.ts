// The `action` job of .github/workflows/ci.yml, carried out step by step the
// way a runner would: its `run:` scripts in bash with GITHUB_ENV and
// RUNNER_TEMP, each `uses: ./` step as the committed dist/index.js with the
// step's `with:` as inputs, expressions filled in from the job's env and
// the earlier steps' outputs. Editing the job (or the emulator's output it
// reads) so that it would fail on GitHub fails here first.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireDist, ROOT, runAction, type ActionRun, type RunnerEvent } from '../support/runner.ts';
import { tempDirSync } from '../support/temp-dir.ts';
import {
  evaluate,
  interpolate,
  jobSteps,
  runScript,
  stepEnv,
  stopBackground,
  type ExpressionContext,
  type ScriptRun,
  type Step,
} from '../support/workflow.ts';

function readEnvFile(path: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const at = line.indexOf('=');
    if (at > 0) env[line.slice(0, at)] = line.slice(at + 1);
  }
  return env;
}

interface StepResult {
  step: Step;
  skipped: boolean;
  run?: ActionRun;
  script?: ScriptRun;
}

async function runJob(event: RunnerEvent): Promise<StepResult[]> {
  const temp = tempDirSync('cac-ci-job-');
  const githubEnv = join(temp, 'github_env');
  writeFileSync(githubEnv, '');
  const state: Required<Pick<ExpressionContext, 'env' | 'outputs'>> & ExpressionContext = {
    eventName: event.name,
    env: {},
    outputs: {},
  };
  const results: StepResult[] = [];
  for (const step of jobSteps('ci.yml', 'action')) {
    if (step.if !== undefined && evaluate(step.if, state) !== 'true') {
      results.push({ step, skipped: true });
      continue;
    }
    if (step.run !== undefined) {
      // The machine is shared with other test runs: any free port, not the fixed one CI uses.
      const script = step.run.replace(/--port \d+/, '--port 0');
      const outcome = await runScript(script, ROOT, {
        PATH: process.env.PATH ?? '',
        HOME: temp,
        RUNNER_TEMP: temp,
        GITHUB_ENV: githubEnv,
        GITHUB_EVENT_NAME: event.name,
        ...state.env,
        ...stepEnv(step, state),
      });
      results.push({ step, skipped: false, script: outcome });
      if (outcome.code !== 0) break;
      state.env = { ...state.env, ...readEnvFile(githubEnv) };
    } else if (step.uses === './') {
      const inputs = Object.fromEntries(
        Object.entries(step.with ?? {}).map(([name, value]) => [name, interpolate(String(value), state)]),
      );
      const run = await runAction({ workspace: ROOT, event, inputs, extraEnv: state.env });
      results.push({ step, skipped: false, run });
      if (step.id) state.outputs[step.id] = run.outputs;
      if (run.code !== 0) break;
    } else {
      // actions/checkout and actions/setup-node: this test already runs in the checkout, on Node 24.
      expect(step.uses).toMatch(/^actions\/(checkout|setup-node)@[0-9a-f]{40}$/);
      results.push({ step, skipped: true });
    }
  }
  return results;
}

function describeFailure(result: StepResult): string {
  const text = result.script?.output ?? `${result.run?.stdout ?? ''}${result.run?.stderr ?? ''}`;
  return `step "${result.step.name ?? result.step.uses}":\n${text.slice(-4000)}`;
}

beforeAll(() => requireDist());

afterAll(() => stopBackground());

describe('ci.yml action job', () => {
  it('on a push: starts the emulator, then validates, plans and applies examples/content with uses: ./', async () => {
    const head = (
      await runScript('git rev-parse HEAD', ROOT, { PATH: process.env.PATH ?? '' })
    ).output.trim();
    const results = await runJob({
      name: 'push',
      ref: 'refs/heads/main',
      sha: head,
      payload: {
        ref: 'refs/heads/main',
        before: head,
        after: head,
        repository: { full_name: 'octo-org/content-as-code', default_branch: 'main' },
      },
    });
    for (const result of results) {
      const failed = (result.script && result.script.code !== 0) || (result.run && result.run.code !== 0);
      expect(failed, failed ? describeFailure(result) : '').toBeFalsy();
    }
    const byName = (name: string) => results.find((result) => result.step.name === name)!;

    expect(byName('Start the emulator').script?.output).toMatch(/^export CONTENT_API_KEY=svc_live_/m);
    expect(byName('Validate').run?.stdout).toContain('validate (mode: validate)');
    expect(byName('Plan').run?.outputs.changed).toBe('false');
    const plan = JSON.parse(byName('Plan').run!.outputs.plan!) as { items: Array<{ file: string }> };
    expect(plan.items.map((item) => item.file)).toContain('examples/content/octopus-hearts.yml');
    const apply = byName('Apply').run!;
    expect(apply.outputs.changed).toBe('true');
    expect(JSON.parse(apply.outputs['published-urls']!)).not.toEqual([]);

    const check = byName('The apply changed the service');
    expect(check.skipped).toBe(false);
    expect(check.script?.output).toContain('published: [');
    expect(results.every((result) => result.skipped || result.script || result.run)).toBe(true);
  }, 180_000);
});
