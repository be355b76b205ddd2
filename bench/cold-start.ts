// Cold start of the bundled action: `node dist/index.js` in validate mode on
// 10 manifests, as a GitHub-hosted runner starts it (INPUT_* and GITHUB_*
// set, a summary and an output file, nothing cached). Beside it, the floor:
// bench/floor/validate.ts, bundled with ncc the same way, which imports only
// the libraries the action is built on (@actions/core, @actions/github and
// Octokit's plugins, undici, yaml, zod) and parses and checks the same
// files. The goal is the action within 1.3 times the floor: what the action
// adds to its libraries (inputs, defaults, positions, the engine, the
// report) stays small beside what the libraries themselves cost.
//
// The two are started in turn, each with its own empty NODE_COMPILE_CACHE
// folder, so a busy machine shows in both numbers. Bare Node (`node -e 0`)
// is timed in the same loop.
//
//   node_modules/.bin/node bench/cold-start.ts [--runs 15] [--no-build]
//
// Peak memory comes from GNU time (`/usr/bin/time -f %M`) when the machine
// has it, else from the child's own process.resourceUsage() read by a
// preloaded module (which adds a little to both numbers).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const NODE = join(ROOT, 'node_modules/.bin/node');
const DIST = join(ROOT, 'dist/index.js');
const GOAL_RATIO = 1.3;

const args = process.argv.slice(2);
const runs = Number(args[args.indexOf('--runs') + 1] ?? 15) || 15;
if (!args.includes('--no-build'))
  execFileSync('npm', ['run', 'bundle', '--silent'], { cwd: ROOT, stdio: 'ignore' });

const workspace = await mkdtemp(join(tmpdir(), 'cac-cold-'));
const floorDir = join(workspace, 'floor');
execFileSync(
  join(ROOT, 'node_modules/.bin/ncc'),
  ['build', join(ROOT, 'bench/floor/validate.ts'), '-o', floorDir, '--target', 'es2024', '--quiet'],
  { cwd: ROOT, stdio: 'ignore' },
);
const FLOOR = join(floorDir, 'index.js');

// 10 manifests: the 5 examples and 5 variants of them with other titles.
await cp(join(ROOT, 'examples/content'), join(workspace, 'content'), { recursive: true });
for (const name of ['deepest-point', 'glowing-reefs', 'mantis-shrimp', 'octopus-hearts', 'whales-sleep']) {
  const text = await readFile(join(workspace, 'content', `${name}.yml`), 'utf8');
  await writeFile(
    join(workspace, 'content', `${name}-2.yml`),
    text.replace(/^title: (.*)$/m, 'title: $1, again'),
  );
}
await writeFile(join(workspace, 'event.json'), JSON.stringify({ pull_request: null }));

const env: NodeJS.ProcessEnv = {
  PATH: process.env.PATH,
  GITHUB_ACTIONS: 'true',
  RUNNER_ENVIRONMENT: 'github-hosted',
  GITHUB_WORKSPACE: workspace,
  GITHUB_EVENT_NAME: 'push',
  GITHUB_EVENT_PATH: join(workspace, 'event.json'),
  GITHUB_REF: 'refs/heads/feature',
  GITHUB_REPOSITORY: 'octo-org/videos',
  GITHUB_STEP_SUMMARY: join(workspace, 'summary.md'),
  GITHUB_OUTPUT: join(workspace, 'output.txt'),
  'INPUT_API-KEY': 'svc_live_bench0000000000000000',
  'INPUT_BASE-URL': 'http://127.0.0.1:9',
  INPUT_MODE: 'validate',
  INPUT_MANIFESTS: 'content/**/*.{yml,yaml}',
};
await writeFile(env.GITHUB_STEP_SUMMARY!, '');
await writeFile(env.GITHUB_OUTPUT!, '');

const gnuTime = existsSync('/usr/bin/time');
const probe = join(workspace, 'rss-probe.mjs');
await writeFile(
  probe,
  "process.on('exit', () => process.stderr.write(`\\nmaxrss-kib=${process.resourceUsage().maxRSS}\\n`));\n",
);

interface Sample {
  ms: number;
  mib: number;
}

function once(script: string, expected: string): Sample {
  const command = gnuTime ? '/usr/bin/time' : NODE;
  const argv = gnuTime ? ['-f', 'maxrss-kib=%M', NODE, script] : ['--import', probe, script];
  const cache = mkdtempSync(join(workspace, 'compile-cache-'));
  const started = process.hrtime.bigint();
  const child = spawnSync(command, argv, {
    cwd: workspace,
    env: { ...env, NODE_COMPILE_CACHE: cache },
    encoding: 'utf8',
  });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (child.status !== 0 || !child.stdout.includes(expected))
    throw new Error(`${script} exited ${child.status}:\n${child.stdout}\n${child.stderr}`);
  const kib = Number(/maxrss-kib=(\d+)/.exec(child.stderr)?.[1] ?? NaN);
  return { ms, mib: kib / 1024 };
}

function bareNode(): number {
  const started = process.hrtime.bigint();
  spawnSync(NODE, ['-e', '0']);
  return Number(process.hrtime.bigint() - started) / 1e6;
}
const median = (values: number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const round = (value: number): number => Math.round(value * 10) / 10;

const actionRun = () => once(DIST, ': validate (');
const floorRun = () => once(FLOOR, 'validate: 10 manifests parsed');
actionRun(); // warm the file system cache; not counted
floorRun();
const bares: number[] = [];
const action: Sample[] = [];
const floor: Sample[] = [];
for (let i = 0; i < runs; i++) {
  bares.push(bareNode());
  floor.push(floorRun());
  action.push(actionRun());
}
await rm(workspace, { recursive: true, force: true });

const actionMs = median(action.map((s) => s.ms));
const floorMs = median(floor.map((s) => s.ms));
const result = {
  benchmark: 'cold-start',
  manifests: 10,
  runs,
  medianMs: round(actionMs),
  peakRssMiB: round(Math.max(...action.map((s) => s.mib))),
  floorMedianMs: round(floorMs),
  floorPeakRssMiB: round(Math.max(...floor.map((s) => s.mib))),
  ratio: Math.round((actionMs / floorMs) * 100) / 100,
  bareNodeMs: round(median(bares)),
  goalRatio: GOAL_RATIO,
  withinGoal: actionMs <= floorMs * GOAL_RATIO,
};
process.stdout.write(
  `node dist/index.js validated 10 manifests as on a hosted runner (nothing cached) in ${result.medianMs} ms ` +
    `and ${result.peakRssMiB} MiB; the floor (the same libraries parsing the same files) took ` +
    `${result.floorMedianMs} ms and ${result.floorPeakRssMiB} MiB: ${result.ratio}×, ` +
    `${result.withinGoal ? 'within' : 'OVER'} the goal of ${GOAL_RATIO}× (median of ${runs} runs; bare Node ${result.bareNodeMs} ms).\n`,
);
process.stdout.write(`${JSON.stringify(result)}\n`);
