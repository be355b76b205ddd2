// After a 429, the next request comes within 10% of Retry-After:
// `node_modules/.bin/node bench/retry-after.ts`. The emulator answers the first
// generation request of an apply with 429 and `Retry-After: 2` (real seconds);
// the gap to the next generation request is measured from its request log.
// Prints a sentence, then one JSON line.
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '../src/service-client/index.ts';
import { startEmulator } from '../src/emulator/index.ts';
import { runEngine } from '../src/engine/engine.ts';
import { silentLogger } from '../src/log.ts';

const RETRY_AFTER_S = 2;
const TOLERANCE = 0.1;
const GENERATION = '/v1/gen/process-content-async';

const emulator = await startEmulator({ rateLimit: null, phaseMs: { audio: 20, video: 20, upload: 20 } });
const client = createClient({
  baseUrl: emulator.baseUrl,
  apiKey: emulator.apiKey,
  maskSecret: () => undefined,
});
const dir = await mkdtemp(join(tmpdir(), 'cac-bench-retry-'));
try {
  await mkdir(join(dir, 'content'));
  await writeFile(
    join(dir, 'content', 'item.yml'),
    'title: Rate limited\nfull_text: Text.\nstage: published\n' +
      'publish:\n  accounts:\n    - { platform: YouTube, name: Ocean Facts }\n',
  );
  emulator.admin.injectFault({
    method: 'POST',
    path: GENERATION,
    fault: {
      kind: 'status',
      status: 429,
      retryAfter: RETRY_AFTER_S,
      body: { error: 'rate_limited', limit: 'generation' },
    },
  });
  const report = await runEngine({
    settings: {
      mode: 'apply',
      cwd: dir,
      manifests: 'content/**/*.{yml,yaml}',
      allowEmpty: false,
      permissions: { write: true, render: true, publish: true },
      maxPublications: 10,
      cancelRunning: false,
      concurrency: 1,
      wait: true,
      timeoutMs: 60_000,
      lateWindowMs: 24 * 3_600_000,
    },
    deps: { client, logger: silentLogger },
    seams: { poll: { initialMs: 10, maxMs: 40, factor: 1.5 } },
  });
  const generations = emulator.admin.requestLog.filter(
    (entry) => entry.method === 'POST' && entry.path.split('?')[0] === GENERATION,
  );
  const [limited, next] = generations;
  if (
    report.fatal !== null ||
    !limited ||
    !next ||
    limited.status !== 429 ||
    report.result?.items[0]?.status !== 'UPLOADED'
  ) {
    throw new Error(`unexpected run: fatal=${report.fatal} generations=${JSON.stringify(generations)}`);
  }
  const gapMs = next.time - limited.time;
  const expectedMs = RETRY_AFTER_S * 1000;
  const deviation = Math.round(((gapMs - expectedMs) / expectedMs) * 1000) / 1000;
  const ok = gapMs >= expectedMs && deviation <= TOLERANCE;
  process.stdout.write(
    `After a 429 with Retry-After: ${RETRY_AFTER_S}, the next generation request came ${gapMs} ms later ` +
      `(${(deviation * 100).toFixed(1)}% over); goal: not before, and within ${TOLERANCE * 100}%: ${ok ? 'met' : 'NOT met'}.\n`,
  );
  process.stdout.write(
    `${JSON.stringify({ bench: 'retry-after', retryAfterS: RETRY_AFTER_S, gapMs, deviation, tolerance: TOLERANCE, ok })}\n`,
  );
  process.exitCode = ok ? 0 : 1;
} finally {
  await client.close();
  await emulator.close();
  await rm(dir, { recursive: true, force: true });
}
