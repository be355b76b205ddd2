// A catalogue of 10,000 videos, planned by the committed bundle as a runner
// starts it: `node dist/index.js` in plan mode against the emulator, 10,000
// manifests whose items all exist, 20 ms added to every request. Goals:
// ≤ 6 s wall, ≤ 10,200 requests, ≤ 400 MiB peak (the action's process);
// ≤ 3 s where the listing proves its page count (--paging pages).
//
//   node_modules/.bin/node bench/catalogue.ts [--items 10000] [--latency 20] [--shard 1/4]
//                                             [--paging total|pages|cursor] [--changed 25]
//
// With --shard the action plans only its share (the README's 4-shard matrix);
// the request goal then scales with the share. --paging chooses what the
// listing's pages say: `total` (the emulator's own: a total with each page),
// `pages` (total_pages), `cursor` (a next cursor only: no count, so the pages
// come one after another). --changed N is a pull request that edits N
// manifests of a git repository: its plan reads what the change touches
// (goals ≤ 150 requests, < 2 s), and the bench plans the same pull request
// again with `full-read: true` and checks that the N rows are the same.
// Wall time is the whole process, from start to exit, Node's own start-up
// included. Prints a sentence, then one JSON line.
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmulator } from '../src/emulator/index.ts';
import { mapLimit } from '../src/concurrency.ts';
import { outputNamed, runAction, runnerEnv, type ActionRun } from './support/action-run.ts';
import { flag } from './support/flags.ts';

const ITEMS = Number(flag('items', '10000'));
const LATENCY_MS = Number(flag('latency', '20'));
const SHARD = flag('shard', '');
const PAGING = flag('paging', 'total');
const CHANGED = Number(flag('changed', '0'));
const share = SHARD === '' ? 1 : 1 / Number(SHARD.split('/')[1]);
// A shard reads the whole listing and parses every manifest, as the whole
// catalogue's plan does: it saves detail reads and memory, not the listing's
// pages, so its wall-time goal is the whole plan's.
const GOALS =
  CHANGED > 0
    ? { wallMs: 2000, requests: 150, peakMiB: 400 }
    : { wallMs: PAGING === 'pages' ? 3000 : 6000, requests: Math.round(ITEMS * share + 200), peakMiB: 400 };

/** What the emulator's listing says of its pages. */
const LISTINGS = {
  total: {},
  pages: { hint: 'meta' },
  cursor: { hint: 'cursor' },
} as const;

interface PlanItem {
  file: string;
}

/** The plan's items: the `plan` output when it fits, else the plan file it names. */
async function plannedItems(workspace: string): Promise<PlanItem[]> {
  const body = outputNamed(await readFile(join(workspace, 'output.txt'), 'utf8'), 'plan');
  if (body === null) throw new Error('the run set no plan output');
  // Over its limit, the output names the plan file instead of holding the plan.
  const plan = JSON.parse(body) as { items: PlanItem[] } | { truncated: true; file: string };
  if (!('truncated' in plan)) return plan.items;
  return (JSON.parse(await readFile(plan.file, 'utf8')) as { items: PlanItem[] }).items;
}

const git = (cwd: string, ...args: string[]): string =>
  execFileSync('git', args, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }).trim();

const fileOf = (index: number): string => `content/video-${String(index).padStart(5, '0')}.yml`;
const manifest = (index: number, description: string): string =>
  `title: Catalogue video ${index}\ndescription: ${description}\nfull_text: Source text of video ${index}.\n`;

/** The manifests a pull request edits: N of them, spread over the catalogue. */
const changedIndexes = Array.from({ length: CHANGED }, (_, i) => Math.floor((i * ITEMS) / CHANGED));

/**
 * The catalogue's manifests. Without --changed, the first 25 change their
 * description (a push's worth). With it, a repository whose base commit is
 * what the service holds, and a head commit that edits N descriptions.
 */
async function writeCatalogue(workspace: string): Promise<{ base: string; head: string } | null> {
  await mkdir(join(workspace, 'content'));
  const indexes = Array.from({ length: ITEMS }, (_, index) => index);
  const edited = CHANGED > 0 ? new Set<number>() : new Set(indexes.slice(0, Math.floor(ITEMS / 400)));
  const write = (): Promise<void[]> =>
    mapLimit(indexes, 64, (index) =>
      writeFile(
        join(workspace, fileOf(index)),
        manifest(index, edited.has(index) ? 'Changed description.' : 'Remote description.'),
      ),
    );
  await write();
  if (CHANGED === 0) return null;
  git(workspace, 'init', '-q', '-b', 'main');
  git(workspace, 'add', 'content');
  git(workspace, '-c', 'user.name=bench', '-c', 'user.email=bench@example.com', 'commit', '-qm', 'catalogue');
  const base = git(workspace, 'rev-parse', 'HEAD');
  for (const index of changedIndexes) edited.add(index);
  await write();
  git(workspace, 'add', 'content');
  git(workspace, '-c', 'user.name=bench', '-c', 'user.email=bench@example.com', 'commit', '-qm', 'change');
  return { base, head: git(workspace, 'rev-parse', 'HEAD') };
}

const emulator = await startEmulator({ rateLimit: null, listing: LISTINGS[PAGING as keyof typeof LISTINGS] });
const workspace = await mkdtemp(join(tmpdir(), 'cac-bench-catalogue-'));

/** One plan run of the bundle, with its requests counted. */
async function planRun(
  commits: { base: string; head: string } | null,
  extra: Record<string, string> = {},
): Promise<ActionRun & { requests: number }> {
  const env = await runnerEnv(
    workspace,
    {
      'api-key': emulator.apiKey,
      'base-url': emulator.baseUrl,
      mode: 'plan',
      manifests: 'content/**/*.{yml,yaml}',
      comment: 'false',
      shard: SHARD,
      'max-publications': '10',
      ...extra,
    },
    'refs/heads/catalogue',
    commits ? { number: 7, ...commits } : null,
  );
  emulator.admin.clearRequestLog();
  const run = await runAction(env, workspace);
  if (run.code !== 0) throw new Error(`dist/index.js exited ${run.code}:\n${run.stdout}\n${run.stderr}`);
  return { ...run, requests: emulator.admin.requestLog.length };
}

/** The full plan's rows of the changed manifests, and whether the pull request's plan has exactly those. */
async function sameRows(commits: { base: string; head: string }, changedRows: PlanItem[]): Promise<boolean> {
  await planRun(commits, { 'full-read': 'true' });
  const files = new Set(changedIndexes.map(fileOf));
  const full = (await plannedItems(workspace)).filter((item) => files.has(item.file));
  return full.length === CHANGED && JSON.stringify(changedRows) === JSON.stringify(full);
}

try {
  for (let index = 0; index < ITEMS; index++) {
    emulator.admin.addLegacyItem({
      title: `Catalogue video ${index}`,
      description: 'Remote description.',
      full_text: `Source text of video ${index}.`,
      textover: `Script of video ${index}.`,
    });
  }
  const commits = await writeCatalogue(workspace);
  emulator.admin.setLatency(LATENCY_MS);
  const emulatorCpu = process.cpuUsage();
  const run = await planRun(commits);
  const spent = process.cpuUsage(emulatorCpu);
  const planned = await plannedItems(workspace);
  const mine = commits ? CHANGED : Math.round(ITEMS * share);
  if (planned.length !== mine)
    throw new Error(`expected a plan of ${mine} items, got ${planned.length}:\n${run.stdout}`);
  // The emulator answers from this process: its CPU shares the machine's two cores with the action's.
  const emulatorCpuMs = Math.round((spent.user + spent.system) / 1000);
  const rowsEqual = commits ? await sameRows(commits, planned) : null;
  const { wallMs, cpuMs, peakMiB, requests } = run;
  const ok =
    wallMs <= GOALS.wallMs && requests <= GOALS.requests && peakMiB <= GOALS.peakMiB && rowsEqual !== false;
  const what = commits
    ? `a pull request editing ${CHANGED} of ${ITEMS} manifests`
    : `${SHARD ? `shard ${SHARD} (${mine}) of ` : ''}${ITEMS} manifests`;
  process.stdout.write(
    `node dist/index.js planned ${what} against ${ITEMS} existing items (+${LATENCY_MS} ms per request, ` +
      `pages with ${PAGING === 'pages' ? 'total_pages' : PAGING === 'cursor' ? 'a cursor and no count' : 'a total'}) ` +
      `in ${wallMs} ms with ${requests} requests and a ${peakMiB} MiB peak (${cpuMs} ms of CPU; the emulator ${emulatorCpuMs} ms)` +
      `${rowsEqual === null ? '' : `; its ${CHANGED} rows ${rowsEqual ? 'equal' : 'DIFFER FROM'} those of the full plan`}; ` +
      `goals ≤ ${GOALS.wallMs} ms, ≤ ${GOALS.requests} requests, ≤ ${GOALS.peakMiB} MiB: ${ok ? 'met' : 'NOT met'}.\n`,
  );
  process.stdout.write(
    `${JSON.stringify({ bench: 'catalogue', items: ITEMS, shard: SHARD || null, paging: PAGING, changed: CHANGED || null, latencyMs: LATENCY_MS, wallMs, cpuMs, emulatorCpuMs, requests, peakMiB, rowsEqual, goals: GOALS, ok })}\n`,
  );
  process.exitCode = ok ? 0 : 1;
} finally {
  await emulator.close();
  await rm(workspace, { recursive: true, force: true });
}
