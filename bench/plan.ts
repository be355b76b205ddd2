// Plan of 1,000 manifests against 1,000 remote items, 10 ms added latency per
// request: `node_modules/.bin/node bench/plan.ts`. Goals: ≤ 1.5 s wall,
// ≤ 1,060 requests, ≤ 200 MiB peak. Prints a sentence, then one JSON line.
import { spawn } from 'node:child_process';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '../src/service-client/index.ts';
import { startEmulator } from '../src/emulator/index.ts';
import { runEngine } from '../src/engine/engine.ts';
import { silentLogger } from '../src/log.ts';
import { mapLimit } from '../src/concurrency.ts';

const ITEMS = 1000;
const LATENCY_MS = 10;
const GOALS = { wallMs: 1500, requests: 1060, peakMiB: 200 };

interface EngineMeasure {
  wallMs: number;
  loadMs: number;
  planMs: number;
  peak: number;
  items: number;
  edits: number;
  fatal: string | null;
}

/** The measured side: one plan run, timed from inside the process. */
async function engineProcess(): Promise<void> {
  const client = createClient({
    baseUrl: process.env.CAC_BASE_URL ?? '',
    apiKey: process.env.CAC_API_KEY ?? '',
    maskSecret: () => undefined,
    connections: 32,
  });
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  const started = performance.now();
  const report = await runEngine({
    settings: {
      mode: 'plan',
      cwd: process.env.CAC_DIR ?? '.',
      manifests: 'content/**/*.{yml,yaml}',
      allowEmpty: false,
      permissions: { write: false, render: false, publish: false },
      maxPublications: 10,
      cancelRunning: false,
      concurrency: 4,
      wait: true,
      timeoutMs: 60_000,
      lateWindowMs: 24 * 3_600_000,
    },
    deps: { client, logger: silentLogger },
  });
  const wallMs = Math.round(performance.now() - started);
  clearInterval(sampler);
  await client.close();
  peak = Math.max(peak, process.resourceUsage().maxRSS * 1024);
  const edits =
    report.plan?.items.filter((item) => item.steps.some((step) => step.kind === 'edit')).length ?? 0;
  const measure: EngineMeasure = {
    wallMs,
    loadMs: report.timings.loadMs,
    planMs: report.timings.planMs,
    peak,
    items: report.plan?.items.length ?? 0,
    edits,
    fatal: report.fatal,
  };
  process.stdout.write(`${JSON.stringify(measure)}\n`);
}

function runChild(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

if (process.argv.includes('--engine')) {
  await engineProcess();
} else {
  await benchmark();
}

async function benchmark(): Promise<void> {
  const emulator = await startEmulator({ rateLimit: null });
  const client = createClient({
    baseUrl: emulator.baseUrl,
    apiKey: emulator.apiKey,
    maskSecret: () => undefined,
    connections: 32,
  });
  const dir = await mkdtemp(join(tmpdir(), 'cac-bench-plan-'));
  try {
    await mkdir(join(dir, 'content'));
    const indexes = Array.from({ length: ITEMS }, (_, index) => index);
    // The remote side: 1,000 drafts; the manifests change every tenth description.
    await mapLimit(indexes, 32, (index) =>
      client.createContent({
        title: `Bench item ${index}`,
        description: 'Remote description.',
        full_text: `Source text of item ${index}.`,
        textover: `Script of item ${index}.`,
        hashtags: null,
        fine_tuning: null,
        persona_id: null,
      }),
    );
    await mapLimit(indexes, 64, (index) =>
      writeFile(
        join(dir, 'content', `item-${String(index).padStart(4, '0')}.yml`),
        `title: Bench item ${index}\n` +
          `description: ${index % 10 === 0 ? 'Changed description.' : 'Remote description.'}\n` +
          `full_text: Source text of item ${index}.\n`,
      ),
    );

    emulator.admin.setLatency(LATENCY_MS);
    emulator.admin.clearRequestLog();
    // The engine runs in its own process, so that its peak memory is its own, not the emulator's.
    // Asynchronous: the emulator answers from this process's event loop.
    const child = await runChild(process.execPath, [import.meta.filename, '--engine'], {
      ...process.env,
      CAC_BASE_URL: emulator.baseUrl,
      CAC_API_KEY: emulator.apiKey,
      CAC_DIR: dir,
    });
    if (child.code !== 0) throw new Error(`engine process failed: ${child.stderr}`);
    const measured = JSON.parse(child.stdout.trim().split('\n').pop() ?? '{}') as EngineMeasure;
    const { wallMs, loadMs, planMs, peak } = measured;
    const requests = emulator.admin.requestLog.length;
    if (measured.fatal !== null || measured.items !== ITEMS || measured.edits !== ITEMS / 10) {
      throw new Error(`unexpected plan: ${JSON.stringify(measured)}`);
    }
    const peakMiB = Math.round((peak / 1024 / 1024) * 10) / 10;
    const ok = wallMs <= GOALS.wallMs && requests <= GOALS.requests && peakMiB <= GOALS.peakMiB;
    process.stdout.write(
      `Planned ${ITEMS} manifests against ${ITEMS} remote items (+${LATENCY_MS} ms per request) in ${wallMs} ms ` +
        `with ${requests} requests and a ${peakMiB} MiB peak (engine process); goals ≤ ${GOALS.wallMs} ms, ` +
        `≤ ${GOALS.requests} requests, ≤ ${GOALS.peakMiB} MiB: ${ok ? 'met' : 'NOT met'}.\n`,
    );
    process.stdout.write(
      `${JSON.stringify({ bench: 'plan', items: ITEMS, latencyMs: LATENCY_MS, wallMs, loadMs, planMs, requests, peakMiB, goals: GOALS, ok })}\n`,
    );
    process.exitCode = ok ? 0 : 1;
  } finally {
    await client.close();
    await emulator.close();
    await rm(dir, { recursive: true, force: true });
  }
}
