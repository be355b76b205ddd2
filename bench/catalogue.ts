// A catalogue of 10,000 videos, planned by the committed bundle as a runner
// starts it: `node dist/index.js` in plan mode against the emulator, 10,000
// manifests whose items all exist, 20 ms added to every request. Goals:
// ≤ 6 s wall, ≤ 10,200 requests, ≤ 400 MiB peak (the action's process).
//
//   node_modules/.bin/node bench/catalogue.ts [--items 10000] [--latency 20] [--shard 1/4]
//
// With --shard the action plans only its share (the README's 4-shard matrix);
// the request goal then scales with the share. Wall time is the whole process, from
// start to exit, Node's own start-up included. Prints a sentence, then one JSON line.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmulator } from '../src/emulator/index.ts';
import { mapLimit } from '../src/concurrency.ts';
import { outputNamed, runAction, runnerEnv } from './support/action-run.ts';
import { flag } from './support/flags.ts';

const ITEMS = Number(flag('items', '10000'));
const LATENCY_MS = Number(flag('latency', '20'));
const SHARD = flag('shard', '');
const CHANGED = Math.floor(ITEMS / 400); // 25 of 10,000: a pull request's worth
const share = SHARD === '' ? 1 : 1 / Number(SHARD.split('/')[1]);
// A shard reads the whole listing and parses every manifest, as the whole
// catalogue's plan does: it saves detail reads and memory, not the listing's
// hundred pages one after another, so its wall-time goal is the whole plan's.
const GOALS = {
  wallMs: 6000,
  requests: Math.round(ITEMS * share + 200),
  peakMiB: 400,
};

/** How many items the plan holds: the `plan` output when it fits, else the plan file it names. */
async function plannedItems(outputFile: string): Promise<number> {
  const body = outputNamed(outputFile, 'plan');
  if (body === null) return -1;
  const plan = JSON.parse(body) as { items: unknown[] } | { truncated: true; file: string };
  if ('items' in plan && Array.isArray(plan.items)) return plan.items.length;
  if (!('file' in plan)) return -1;
  return (JSON.parse(await readFile(plan.file, 'utf8')) as { items: unknown[] }).items.length;
}

const emulator = await startEmulator({ rateLimit: null });
const workspace = await mkdtemp(join(tmpdir(), 'cac-bench-catalogue-'));
try {
  await mkdir(join(workspace, 'content'));
  const indexes = Array.from({ length: ITEMS }, (_, index) => index);
  for (const index of indexes) {
    emulator.admin.addLegacyItem({
      title: `Catalogue video ${index}`,
      description: 'Remote description.',
      full_text: `Source text of video ${index}.`,
      textover: `Script of video ${index}.`,
    });
  }
  // Every manifest matches its item; the first CHANGED change their description.
  await mapLimit(indexes, 64, (index) =>
    writeFile(
      join(workspace, 'content', `video-${String(index).padStart(5, '0')}.yml`),
      `title: Catalogue video ${index}\n` +
        `description: ${index < CHANGED ? 'Changed description.' : 'Remote description.'}\n` +
        `full_text: Source text of video ${index}.\n`,
    ),
  );
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
    },
    'refs/heads/catalogue',
  );
  emulator.admin.setLatency(LATENCY_MS);
  emulator.admin.clearRequestLog();
  const emulatorCpu = process.cpuUsage();
  const run = await runAction(env, workspace);
  const requests = emulator.admin.requestLog.length;
  if (run.code !== 0) throw new Error(`dist/index.js exited ${run.code}:\n${run.stdout}\n${run.stderr}`);
  const mine = Math.round(ITEMS * share);
  const planned = await plannedItems(await readFile(join(workspace, 'output.txt'), 'utf8'));
  if (planned !== mine) throw new Error(`expected a plan of ${mine} items, got ${planned}:\n${run.stdout}`);
  const { wallMs, cpuMs, peakMiB } = run;
  // The emulator answers from this process: its CPU shares the machine's two cores with the action's.
  const spent = process.cpuUsage(emulatorCpu);
  const emulatorCpuMs = Math.round((spent.user + spent.system) / 1000);
  const ok = wallMs <= GOALS.wallMs && requests <= GOALS.requests && peakMiB <= GOALS.peakMiB;
  process.stdout.write(
    `node dist/index.js planned ${SHARD ? `shard ${SHARD} (${mine}) of ` : ''}${ITEMS} manifests against ` +
      `${ITEMS} existing items (+${LATENCY_MS} ms per request) in ${wallMs} ms with ${requests} requests and ` +
      `a ${peakMiB} MiB peak (${cpuMs} ms of CPU; the emulator ${emulatorCpuMs} ms); goals ≤ ${GOALS.wallMs} ms, ≤ ${GOALS.requests} requests, ≤ ${GOALS.peakMiB} MiB: ` +
      `${ok ? 'met' : 'NOT met'}.\n`,
  );
  process.stdout.write(
    `${JSON.stringify({ bench: 'catalogue', items: ITEMS, shard: SHARD || null, latencyMs: LATENCY_MS, wallMs, cpuMs, emulatorCpuMs, requests, peakMiB, goals: GOALS, ok })}\n`,
  );
  process.exitCode = ok ? 0 : 1;
} finally {
  await emulator.close();
  await rm(workspace, { recursive: true, force: true });
}
