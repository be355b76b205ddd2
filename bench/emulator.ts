// The emulator under load: `node_modules/.bin/node bench/emulator.ts`.
// Measures start-up, creates 1,000 items over HTTP, then drives 50 concurrent
// clients through reads, listings, edits, generations and uploads. Prints one
// sentence and, as its last line, one JSON result. Exits non-zero on any
// answer it did not expect, or when start-up takes a second or more.
import { DEFAULT_ACCOUNTS, startEmulator } from '../src/emulator/index.ts';
import type { Emulator } from '../src/emulator/index.ts';

const ITEMS = 1000;
const CLIENTS = 50;
const STARTS = 7;

interface Stats {
  requests: number;
  unexpected: string[];
  latencies: number[];
}

async function request(
  emulator: Emulator,
  stats: Stats,
  method: string,
  path: string,
  expected: number,
  body?: unknown,
): Promise<Record<string, unknown>> {
  const started = performance.now();
  const response = await fetch(`${emulator.baseUrl}/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${emulator.apiKey}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  stats.latencies.push(performance.now() - started);
  stats.requests += 1;
  if (response.status !== expected) {
    stats.unexpected.push(
      `${method} ${path}: ${response.status} (expected ${expected}) ${text.slice(0, 120)}`,
    );
    return {};
  }
  return JSON.parse(text) as Record<string, unknown>;
}

async function measureStart(): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < STARTS; i++) {
    const started = performance.now();
    const emulator = await startEmulator();
    times.push(performance.now() - started);
    await emulator.close();
  }
  return times.sort((a, b) => a - b);
}

async function waitDone(emulator: Emulator, stats: Stats, id: string, final: string): Promise<void> {
  for (;;) {
    const status = await request(emulator, stats, 'GET', `/gen/task-status/${id}`, 200);
    const now = typeof status.status === 'string' ? status.status : 'unknown';
    if (now === final) return;
    if (now === 'unknown' || now.startsWith('FAILED')) {
      stats.unexpected.push(`item ${id} ended in ${now}`);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** One client: works on its own share of the items, reading the whole catalogue in between. */
async function client(emulator: Emulator, stats: Stats, ids: string[], index: number): Promise<void> {
  const account = DEFAULT_ACCOUNTS[index % DEFAULT_ACCOUNTS.length]!;
  for (const [n, id] of ids.entries()) {
    await request(emulator, stats, 'GET', `/contents/${id}`, 200);
    await request(emulator, stats, 'PUT', `/contents/${id}`, 200, {
      description: `edited by client ${index}`,
    });
    if (n % 4 === 0) {
      const publish = n % 8 === 0;
      await request(emulator, stats, 'POST', '/gen/process-content-async', 202, {
        creation_id: id,
        video_id: 'stock',
        orientation: 'vertical',
        ...(publish ? { account_ids: [{ id: account.id }] } : {}),
      });
      await waitDone(emulator, stats, id, publish ? 'UPLOADED' : 'VIDEO_PROCESSED');
      if (!publish) {
        await request(emulator, stats, 'POST', `/contents/upload/${id}`, 200, {
          account_ids: [{ id: account.id }],
        });
        await waitDone(emulator, stats, id, 'UPLOADED');
      }
    }
    if (n % 5 === 0) await request(emulator, stats, 'GET', `/contents?page=${(n % 10) + 1}&limit=100`, 200);
    if (n % 7 === 0) await request(emulator, stats, 'GET', '/accounts', 200);
    if (n % 9 === 0) await request(emulator, stats, 'GET', '/users/credits', 200);
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
}

async function main(): Promise<void> {
  const starts = await measureStart();
  const startMedian = starts[Math.floor(STARTS / 2)]!;
  const startMax = starts.at(-1)!;

  const emulator = await startEmulator({
    phaseMs: { audio: 20, video: 30, upload: 20 },
    rateLimit: null,
    credits: 1_000_000,
  });
  const stats: Stats = { requests: 0, unexpected: [], latencies: [] };
  try {
    const createStarted = performance.now();
    const ids: string[] = [];
    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, c) => {
        for (let i = c; i < ITEMS; i += CLIENTS) {
          const created = await request(emulator, stats, 'POST', '/contents', 201, {
            title: `Fact number ${i}`,
            full_text: `Octopuses have three hearts. Two pump blood through the gills. Fact ${i}.`,
            hashtags: '#ocean #science',
          });
          if (typeof created.id === 'string') ids.push(created.id);
        }
      }),
    );
    const createMs = performance.now() - createStarted;

    const loadStarted = performance.now();
    await Promise.all(
      Array.from({ length: CLIENTS }, (_, c) =>
        client(
          emulator,
          stats,
          ids.filter((_, i) => i % CLIENTS === c),
          c,
        ),
      ),
    );
    const loadMs = performance.now() - loadStarted;

    const listing = await request(emulator, stats, 'GET', '/contents?limit=100', 200);
    if (listing.total !== ITEMS)
      stats.unexpected.push(`listing total ${String(listing.total)}, expected ${ITEMS}`);
    const published = emulator.admin.items().filter((item) => item.status === 'UPLOADED').length;

    const latencies = [...stats.latencies].sort((a, b) => a - b);
    const result = {
      bench: 'emulator',
      start_median_ms: Math.round(startMedian * 10) / 10,
      start_max_ms: Math.round(startMax * 10) / 10,
      items: ids.length,
      create_ms: Math.round(createMs),
      clients: CLIENTS,
      requests: stats.requests,
      load_ms: Math.round(loadMs),
      requests_per_second: Math.round((stats.requests / (createMs + loadMs)) * 1000),
      p50_ms: Math.round(percentile(latencies, 0.5) * 10) / 10,
      p95_ms: Math.round(percentile(latencies, 0.95) * 10) / 10,
      published,
      unexpected: stats.unexpected.length,
    };
    for (const line of stats.unexpected.slice(0, 10)) process.stderr.write(`unexpected: ${line}\n`);
    process.stdout.write(
      `The emulator starts in ${result.start_median_ms} ms (median of ${STARTS}, worst ${result.start_max_ms} ms), ` +
        `holds ${result.items} items and served ${result.requests} requests from ${CLIENTS} concurrent clients ` +
        `(${result.requests_per_second}/s, p95 ${result.p95_ms} ms) with ${result.unexpected} unexpected answers.\n`,
    );
    process.stdout.write(`${JSON.stringify(result)}\n`);
    if (result.unexpected > 0 || result.items !== ITEMS || startMax >= 1000) process.exitCode = 1;
  } finally {
    await emulator.close();
  }
}

await main();
