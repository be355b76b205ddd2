// One apply run in its own process, so that a test can SIGKILL it at any
// instant. Reads CAC_BASE_URL, CAC_API_KEY and CAC_DIR (and CAC_WAIT=false,
// CAC_STALL_MS to shrink the stall threshold); prints one JSON line.
import { createClient } from '../../src/service-client/index.ts';
import { runEngine } from '../../src/engine/engine.ts';
import { silentLogger } from '../../src/log.ts';

const client = createClient({
  baseUrl: process.env.CAC_BASE_URL ?? '',
  apiKey: process.env.CAC_API_KEY ?? '',
  secondMs: Number(process.env.CAC_SECOND_MS ?? '20'),
  retry: { baseDelayMs: 2, maxDelayMs: 20 },
});
const report = await runEngine({
  settings: {
    mode: 'apply',
    cwd: process.env.CAC_DIR ?? '.',
    manifests: 'content/**/*.{yml,yaml}',
    allowEmpty: false,
    permissions: { write: true, render: true, publish: true },
    maxPublications: 100,
    cancelRunning: false,
    concurrency: 3,
    wait: process.env.CAC_WAIT !== 'false',
    // Only a hang: the test's deadline is 120 s, and a busy machine is slow.
    timeoutMs: 100_000,
    lateWindowMs: 24 * 3_600_000,
  },
  deps: { client, logger: silentLogger },
  seams: {
    poll: { initialMs: 3, maxMs: 15, factor: 1.5 },
    ...(process.env.CAC_STALL_MS ? { stallMs: Number(process.env.CAC_STALL_MS) } : {}),
  },
});
await client.close();
process.stdout.write(
  `${JSON.stringify({
    fatal: report.fatal,
    items: report.result?.items.map((item) => ({
      title: item.title,
      outcome: item.outcome,
      status: item.status,
      unknownSince: item.unknownSince ?? null,
    })),
  })}\n`,
);
