// An apply under the service's own generation limit: 24 one-shot items
// (create, render and publish: one generation request each) against an
// emulator that allows 4 generation requests per 2 s, at the action's default
// concurrency. `node_modules/.bin/node bench/rate-limit.ts [--items 24]
// [--concurrency 4]`. Goals: the wall time within 1.10× of the limit's floor,
// and at most one generation request in ten answered 429.
//
// The floor: N requests at R per window W cannot all be accepted before
// (⌈N/R⌉ − 1) windows have passed, and the last item then still takes what
// one window's worth of items takes without any limit (measured here: an
// apply of R items against an emulator without a limit). Run twice: where
// GET /subscription/current shows the limit, and where it does not (the
// pace is then learned from the service's 429s). Prints a sentence, then
// one JSON line.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '../src/service-client/index.ts';
import { DEFAULTS } from '../src/defaults.ts';
import { startEmulator } from '../src/emulator/index.ts';
import { runEngine } from '../src/engine/engine.ts';
import { silentLogger } from '../src/log.ts';
import { flag } from './support/flags.ts';

const ITEMS = Number(flag('items', '24'));
const CONCURRENCY = Number(flag('concurrency', String(DEFAULTS.concurrency)));
const LIMIT = { requests: 4, windowSeconds: 2 };
const PHASES = { audio: 40, video: 60, upload: 30 };
const GOALS = { wallOverFloor: 1.1, limitedShare: 0.1 };
const GENERATION = /^\/v1\/(gen\/|contents\/upload\/)/;

interface Applied {
  wallMs: number;
  generation: number;
  limited: number;
}

/** One apply of the first `items` manifests; what it sent of generation requests and how many were refused. */
async function applyOnce(
  dir: string,
  items: number,
  limited: boolean,
  limitsShown: boolean,
): Promise<Applied> {
  const emulator = await startEmulator({ rateLimit: limited ? LIMIT : null, phaseMs: PHASES });
  if (!limitsShown) {
    // A service whose subscription does not say its limits: the pace is learned from its 429s.
    emulator.admin.injectFault({
      method: 'GET',
      path: '/v1/subscription/current',
      fault: { kind: 'status', status: 404, body: { error: 'not found' } },
      times: Infinity,
    });
  }
  const client = createClient({ baseUrl: emulator.baseUrl, apiKey: emulator.apiKey, maskSecret: () => {} });
  try {
    const started = performance.now();
    const report = await runEngine({
      settings: {
        mode: 'apply',
        cwd: dir,
        manifests: `content/item-{${Array.from({ length: items }, (_, i) => i).join(',')}}.yml`,
        allowEmpty: false,
        permissions: { write: true, render: true, publish: true },
        maxPublications: items,
        cancelRunning: false,
        concurrency: CONCURRENCY,
        wait: true,
        timeoutMs: 300_000,
        lateWindowMs: 24 * 3_600_000,
      },
      deps: { client, logger: silentLogger },
      seams: { poll: { initialMs: 10, maxMs: 40, factor: 1.5 } },
    });
    const wallMs = Math.round(performance.now() - started);
    const published = report.result?.items.filter((item) => item.status === 'UPLOADED').length ?? 0;
    if (report.fatal !== null || published !== items)
      throw new Error(`unexpected apply: fatal=${report.fatal} published=${published} of ${items}`);
    const sent = emulator.admin.requestLog.filter(
      (entry) => entry.method === 'POST' && GENERATION.test(entry.path),
    );
    return { wallMs, generation: sent.length, limited: sent.filter((entry) => entry.status === 429).length };
  } finally {
    await client.close();
    await emulator.close();
  }
}

const dir = await mkdtemp(join(tmpdir(), 'cac-bench-rate-'));
try {
  await mkdir(join(dir, 'content'));
  for (let index = 0; index < ITEMS; index++) {
    await writeFile(
      join(dir, 'content', `item-${index}.yml`),
      `title: Paced video ${index}\nfull_text: Text ${index}.\nstage: published\nflow: oneshot\n` +
        'publish:\n  accounts:\n    - { platform: YouTube, name: Ocean Facts }\n',
    );
  }
  const oneWindow = await applyOnce(dir, LIMIT.requests, false, true);
  const floorMs = (Math.ceil(ITEMS / LIMIT.requests) - 1) * LIMIT.windowSeconds * 1000 + oneWindow.wallMs;
  const cases = [];
  for (const limitsShown of [true, false]) {
    const run = await applyOnce(dir, ITEMS, true, limitsShown);
    const overFloor = Math.round((run.wallMs / floorMs) * 1000) / 1000;
    const share = Math.round((run.limited / run.generation) * 1000) / 1000;
    cases.push({
      limits: limitsShown ? 'shown' : 'learned from 429s',
      ...run,
      overFloor,
      share,
      ok: overFloor <= GOALS.wallOverFloor && share <= GOALS.limitedShare,
    });
  }
  const ok = cases.every((one) => one.ok);
  for (const one of cases) {
    process.stdout.write(
      `Applied ${ITEMS} one-shot items at concurrency ${CONCURRENCY} under ${LIMIT.requests} generation requests ` +
        `per ${LIMIT.windowSeconds} s (limits ${one.limits}): ${one.wallMs} ms, ${one.overFloor}× the floor of ` +
        `${floorMs} ms; ${one.limited} of ${one.generation} generation requests answered 429 ` +
        `(${(one.share * 100).toFixed(1)}%); goals ≤ ${GOALS.wallOverFloor}× and ≤ ${GOALS.limitedShare * 100}%: ` +
        `${one.ok ? 'met' : 'NOT met'}.\n`,
    );
  }
  process.stdout.write(
    `${JSON.stringify({ bench: 'rate-limit', items: ITEMS, concurrency: CONCURRENCY, limit: LIMIT, phasesMs: PHASES, floorMs, oneWindowMs: oneWindow.wallMs, cases, goals: GOALS, ok })}\n`,
  );
  process.exitCode = ok ? 0 : 1;
} finally {
  await rm(dir, { recursive: true, force: true });
}
