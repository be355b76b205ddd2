// Reads the repository's own workflows and runs their `run:` steps as a
// runner would: bash with `-e`, the step's `env:`, expressions filled in. Only
// the expressions the workflows use are understood; any other throws, so a
// workflow edit cannot pass here by being guessed at.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { ROOT } from './runner.ts';

export interface Step {
  name?: string;
  id?: string;
  uses?: string;
  run?: string;
  if?: string;
  with?: Record<string, string | number | boolean>;
  env?: Record<string, string>;
}

/** The steps of one job of .github/workflows/<file>. */
export function jobSteps(file: string, job: string): Step[] {
  const workflow = parse(readFileSync(join(ROOT, '.github', 'workflows', file), 'utf8')) as {
    jobs: Record<string, { steps: Step[] }>;
  };
  const steps = workflow.jobs[job]?.steps;
  if (!steps) throw new Error(`${file} has no job ${job}`);
  return steps;
}

export function stepNamed(steps: readonly Step[], name: string): Step {
  const step = steps.find((candidate) => candidate.name === name);
  if (!step) throw new Error(`no step named "${name}"`);
  return step;
}

export interface ExpressionContext {
  eventName?: string;
  token?: string;
  env?: Record<string, string>;
  outputs?: Record<string, Record<string, string>>;
}

export function evaluate(expression: string, context: ExpressionContext): string {
  const inner = expression.trim();
  let match = /^env\.(\w+)$/.exec(inner);
  if (match) return context.env?.[match[1]!] ?? '';
  match = /^steps\.([\w-]+)\.outputs\.([\w-]+)$/.exec(inner);
  if (match) return context.outputs?.[match[1]!]?.[match[2]!] ?? '';
  match = /^github\.event_name (==|!=) '([\w-]+)'$/.exec(inner);
  if (match && context.eventName !== undefined) {
    return String((context.eventName === match[2]) === (match[1] === '=='));
  }
  if (inner === 'github.token' && context.token !== undefined) return context.token;
  throw new Error(`a workflow uses an expression the tests do not evaluate: ${expression}`);
}

export function interpolate(value: string, context: ExpressionContext): string {
  return value.replace(/\$\{\{(.*?)\}\}/g, (_whole, inner: string) => evaluate(inner, context));
}

/** The step's `env:`, expressions filled in. */
export function stepEnv(step: Step, context: ExpressionContext): Record<string, string> {
  return Object.fromEntries(
    Object.entries(step.env ?? {}).map(([name, value]) => [name, interpolate(value, context)]),
  );
}

/** Process groups of the scripts run, so what they left in the background can be stopped. */
const groups: number[] = [];

export interface ScriptRun {
  code: number | null;
  output: string;
}

/** Runs a `run:` script as the runner's default shell does (bash -e). */
export function runScript(script: string, cwd: string, env: Record<string, string>): Promise<ScriptRun> {
  return new Promise((done, fail) => {
    // Its own process group: a server the script starts with `&` stays in it.
    const child = spawn('bash', ['-e', '-c', script], { cwd, env, detached: true });
    if (child.pid !== undefined) groups.push(child.pid);
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', fail);
    // 'exit', not 'close': a process left in the background keeps the pipes open.
    child.on('exit', (code) => done({ code, output }));
  });
}

/** Stops everything the scripts left running. */
export function stopBackground(): void {
  for (const group of groups.splice(0)) {
    try {
      process.kill(-group, 'SIGTERM');
    } catch {
      // The group has already ended.
    }
  }
}
