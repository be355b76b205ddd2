// Apply of 40 one-shot items at concurrency 8 against concurrency 1:
// `node_modules/.bin/node bench/apply.ts`. Goal: ≥ 6× faster. Each run gets a
// fresh emulator with the same phase durations. Prints a sentence, then one JSON line.
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '../src/service-client/index.ts';
import { startEmulator } from '../src/emulator/index.ts';
import { runEngine } from '../src/engine/engine.ts';
import { silentLogger } from '../src/log.ts';

const ITEMS = 40;
const GOAL = 6;
const PHASES = { audio: 60, video: 90, upload: 30 };

async function applyAt(concurrency: number, dir: string): Promise<number> {
  const emulator = await startEmulator({ rateLimit: null, phaseMs: PHASES });
  const client = createClient({
    baseUrl: emulator.baseUrl,
    apiKey: emulator.apiKey,
    maskSecret: () => undefined,
  });
  try {
    const started = performance.now();
    const report = await runEngine({
      settings: {
        mode: 'apply',
        cwd: dir,
        manifests: 'content/**/*.{yml,yaml}',
        allowEmpty: false,
        permissions: { write: true, render: true, publish: true },
        maxPublications: ITEMS,
        cancelRunning: false,
        concurrency,
        wait: true,
        timeoutMs: 300_000,
        lateWindowMs: 24 * 3_600_000,
      },
      deps: { client, logger: silentLogger },
      seams: { poll: { initialMs: 10, maxMs: 40, factor: 1.5 } },
    });
    const wallMs = performance.now() - started;
    const published = report.result?.items.filter((item) => item.status === 'UPLOADED').length ?? 0;
    if (report.fatal !== null || published !== ITEMS) {
      throw new Error(`unexpected apply: fatal=${report.fatal} published=${published}`);
    }
    return wallMs;
  } finally {
    await client.close();
    await emulator.close();
  }
}

const dir = await mkdtemp(join(tmpdir(), 'cac-bench-apply-'));
try {
  await mkdir(join(dir, 'content'));
  for (let index = 0; index < ITEMS; index++) {
    await writeFile(
      join(dir, 'content', `item-${String(index).padStart(2, '0')}.yml`),
      `title: Apply bench ${index}\nfull_text: Text ${index}.\nstage: published\nflow: oneshot\n` +
        'publish:\n  accounts:\n    - { platform: YouTube, name: Ocean Facts }\n',
    );
  }
  const serialMs = Math.round(await applyAt(1, dir));
  const parallelMs = Math.round(await applyAt(8, dir));
  const speedup = Math.round((serialMs / parallelMs) * 10) / 10;
  const ok = speedup >= GOAL;
  process.stdout.write(
    `Applied ${ITEMS} one-shot items (create, render, publish) in ${serialMs} ms at concurrency 1 and ` +
      `${parallelMs} ms at concurrency 8: ${speedup}× faster; goal ≥ ${GOAL}×: ${ok ? 'met' : 'NOT met'}.\n`,
  );
  process.stdout.write(
    `${JSON.stringify({ bench: 'apply', items: ITEMS, phasesMs: PHASES, serialMs, parallelMs, speedup, goal: GOAL, ok })}\n`,
  );
  process.exitCode = ok ? 0 : 1;
} finally {
  await rm(dir, { recursive: true, force: true });
}
