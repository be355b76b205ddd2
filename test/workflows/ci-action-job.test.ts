// The `action` job of .github/workflows/ci.yml, carried out step by step the
// way a runner would: its `run:` scripts in bash with GITHUB_ENV and
// RUNNER_TEMP, each `uses: ./` step as the committed dist/index.js with the
// step's `with:` as inputs, expressions filled in from the job's env and
// the earlier steps' outputs. Editing the job (or the emulator's output it
// reads) so that it would fail on GitHub fails here first.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { requireDist, ROOT, runAction, type ActionRun, type RunnerEvent } from '../support/runner.ts';

interface Step {
  name?: string;
  id?: string;
  uses?: string;
  run?: string;
  if?: string;
  with?: Record<string, string | number | boolean>;
  env?: Record<string, string>;
}

const workflow = parse(readFileSync(join(ROOT, '.github', 'workflows', 'ci.yml'), 'utf8')) as {
  jobs: Record<string, { steps: Step[] }>;
};

interface JobState {
  eventName: string;
  env: Record<string, string>;
  outputs: Record<string, Record<string, string>>;
}

/** The expressions this job uses; any other fails the test rather than be guessed at. */
function evaluate(expression: string, state: JobState): string {
  const inner = expression.trim();
  let match = /^env\.(\w+)$/.exec(inner);
  if (match) return state.env[match[1]!] ?? '';
  match = /^steps\.([\w-]+)\.outputs\.([\w-]+)$/.exec(inner);
  if (match) return state.outputs[match[1]!]?.[match[2]!] ?? '';
  match = /^github\.event_name (==|!=) '([\w-]+)'$/.exec(inner);
  if (match) return String((state.eventName === match[2]) === (match[1] === '=='));
  throw new Error(`ci.yml uses an expression this test does not evaluate: ${expression}`);
}

function interpolate(value: string, state: JobState): string {
  return value.replace(/\$\{\{(.*?)\}\}/g, (_whole, inner: string) => evaluate(inner, state));
}

function readEnvFile(path: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const at = line.indexOf('=');
    if (at > 0) env[line.slice(0, at)] = line.slice(at + 1);
  }
  return env;
}

/** Process groups of the scripts run, so what they left in the background can be stopped. */
const groups: number[] = [];

function runScript(
  script: string,
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  return new Promise((done, fail) => {
    // Its own process group: the emulator the script starts with `&` stays in it.
    const child = spawn('bash', ['-e', '-c', script], { cwd: ROOT, env, detached: true });
    if (child.pid !== undefined) groups.push(child.pid);
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', fail);
    // 'exit', not 'close': the background emulator keeps the pipes open.
    child.on('exit', (code) => done({ code, output }));
  });
}

interface StepResult {
  step: Step;
  skipped: boolean;
  run?: ActionRun;
  script?: { code: number | null; output: string };
}

async function runJob(event: RunnerEvent): Promise<StepResult[]> {
  const temp = mkdtempSync(join(tmpdir(), 'cac-ci-job-'));
  const githubEnv = join(temp, 'github_env');
  writeFileSync(githubEnv, '');
  const state: JobState = { eventName: event.name, env: {}, outputs: {} };
  const results: StepResult[] = [];
  for (const step of workflow.jobs.action!.steps) {
    if (step.if !== undefined && evaluate(step.if, state) !== 'true') {
      results.push({ step, skipped: true });
      continue;
    }
    const stepEnv = Object.fromEntries(
      Object.entries(step.env ?? {}).map(([name, value]) => [name, interpolate(value, state)]),
    );
    if (step.run !== undefined) {
      // The machine is shared with other test runs: any free port, not the fixed one CI uses.
      const script = step.run.replace(/--port \d+/, '--port 0');
      const outcome = await runScript(script, {
        PATH: process.env.PATH ?? '',
        HOME: temp,
        RUNNER_TEMP: temp,
        GITHUB_ENV: githubEnv,
        GITHUB_EVENT_NAME: event.name,
        ...state.env,
        ...stepEnv,
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
      expect(step.uses).toMatch(/^actions\/(checkout|setup-node)@v\d+$/);
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

afterAll(() => {
  for (const group of groups) {
    try {
      process.kill(-group, 'SIGTERM');
    } catch {
      // The group has already ended.
    }
  }
});

describe('ci.yml action job', () => {
  it('on a push: starts the emulator, then validates, plans and applies examples/content with uses: ./', async () => {
    const head = (await runScript('git rev-parse HEAD', { PATH: process.env.PATH ?? '' })).output.trim();
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

    expect(byName('Start the emulator').script?.output).toMatch(/^CONTENT_API_KEY=svc_live_/m);
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
