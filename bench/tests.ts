// `npm run bench -- tests [--runs N]`: how long the two test commands take on
// this machine, against their budgets. `npm run test:unit` is the loop a
// change is made in (every unit test, no process spawned); `npm test` is
// every check CI runs. The budgets are held here, not by a timed test: a
// test that fails on a slow machine tells nothing about the code.
//
// `npm test` bundles the sources again and fails when dist/ differs from
// that or from what git has: after changing src/, run `npm run bundle` and
// stage dist/ first. The machine may be shared, so each run also prints the
// load average it started under and the CPU it used, which a busy machine
// does not inflate as it does the wall time. Each run's output is kept in
// .cache/bench-tests/.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { flag } from './support/flags.ts';

interface Command {
  name: string;
  args: string[];
  budgetS: number;
}

const COMMANDS: Command[] = [
  // Seconds: a unit test run is what every save waits for (no server, no process).
  { name: 'npm run test:unit', args: ['run', '--silent', 'test:unit'], budgetS: 15 },
  // Half of what it took before the suite was split and its waits shrunk (7 min here).
  { name: 'npm test', args: ['test'], budgetS: 210 },
];

interface Run {
  wallS: number;
  cpuS: number;
  load: number;
  ok: boolean;
}

const runs = Math.max(1, Number(flag('runs', '1')));
const logs = join('.cache', 'bench-tests');
mkdirSync(logs, { recursive: true });

function once(command: Command, index: number): Promise<Run> {
  const load = Math.round(loadavg()[0]! * 10) / 10;
  const started = performance.now();
  return new Promise((done, fail) => {
    const child = spawn('/usr/bin/time', ['-f', 'cpu-s=%U+%S', 'npm', ...command.args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', fail);
    child.on('close', (code) => {
      const wallS = Math.round((performance.now() - started) / 100) / 10;
      const log = join(logs, `${command.args.at(-1)}-${index + 1}.log`);
      writeFileSync(log, output);
      const cpu = [...output.matchAll(/cpu-s=([\d.]+)\+([\d.]+)/g)].at(-1);
      const cpuS = Math.round((Number(cpu?.[1]) + Number(cpu?.[2])) * 10) / 10;
      if (code !== 0)
        process.stdout.write(`${command.name} failed (exit ${code}); its output is in ${log}.\n`);
      done({ wallS, cpuS, load, ok: code === 0 });
    });
  });
}

const range = (values: number[]): string => {
  const low = Math.min(...values);
  const high = Math.max(...values);
  return low === high ? `${low} s` : `${low}–${high} s`;
};

const results = [];
for (const command of COMMANDS) {
  const done: Run[] = [];
  // One after the other: two suites at once would measure each other.
  for (let index = 0; index < runs; index++) done.push(await once(command, index));
  const wall = done.map((run) => run.wallS);
  const passed = done.every((run) => run.ok);
  const ok = passed && Math.max(...wall) <= command.budgetS;
  process.stdout.write(
    `${command.name}: ${range(wall)} (${runs} run${runs === 1 ? '' : 's'}; CPU ${range(done.map((run) => run.cpuS))}; ` +
      `load average at the start ${done.map((run) => run.load).join(', ')}); budget ${command.budgetS} s: ` +
      `${!passed ? 'NOT met, it failed' : ok ? 'met' : 'NOT met'}.\n`,
  );
  results.push({ command: command.name, budgetS: command.budgetS, runs: done, ok });
}
process.stdout.write(`${JSON.stringify({ bench: 'tests', results, ok: results.every((r) => r.ok) })}\n`);
process.exitCode = results.every((r) => r.ok) ? 0 : 1;
