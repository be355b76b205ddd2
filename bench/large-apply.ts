// An apply of 1,000 items at once, by the committed bundle as a runner starts
// it: `node dist/index.js` in apply mode on a push, 1,000 new manifests to
// create, render and publish, against the emulator with short phases.
// Measures what the issue of scale asks of an apply: the peak memory of the
// action's process, and a log a person can follow (one group per item, one
// progress line per state change, a running count on each; the per-item
// state of the log kept only while the item runs). The results output of
// 1,000 items is over its limit: it names the results file, which holds all.
//
//   node_modules/.bin/node bench/large-apply.ts [--items 1000] [--concurrency 16]
//
// Prints a sentence, then one JSON line.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmulator } from '../src/emulator/index.ts';
import { outputNamed, runAction, runnerEnv } from './support/action-run.ts';
import { flag } from './support/flags.ts';

const ITEMS = Number(flag('items', '1000'));
const CONCURRENCY = flag('concurrency', '16');
const GOALS = { peakMiB: 400 };

const emulator = await startEmulator({
  rateLimit: null,
  phaseMs: { audio: 20, video: 30, upload: 10 },
  credits: ITEMS * 100,
});
const workspace = await mkdtemp(join(tmpdir(), 'cac-bench-large-apply-'));
try {
  await mkdir(join(workspace, 'content'));
  for (let index = 0; index < ITEMS; index++) {
    await writeFile(
      join(workspace, 'content', `video-${String(index).padStart(4, '0')}.yml`),
      `title: Large apply ${index}\nfull_text: Source text of video ${index}.\nstage: published\n` +
        'publish:\n  accounts:\n    - { platform: YouTube, name: Ocean Facts }\n',
    );
  }
  const env = await runnerEnv(workspace, {
    'api-key': emulator.apiKey,
    'base-url': emulator.baseUrl,
    mode: 'apply',
    manifests: 'content/**/*.{yml,yaml}',
    comment: 'false',
    concurrency: CONCURRENCY,
    'max-publications': String(ITEMS),
    'require-review': 'off',
  });
  const run = await runAction(env, workspace);
  if (run.code !== 0)
    throw new Error(`dist/index.js exited ${run.code}:\n${run.stdout.slice(-4000)}\n${run.stderr}`);

  const lines = run.stdout.split('\n');
  const groups = lines.filter((line) => line.startsWith('::group::')).length;
  const progress = lines.filter((line) => line.startsWith('⏳ ')).length;
  const done = lines.filter((line) => /^[✔✖] \[[\d,]+\/[\d,]+\] /.test(line));
  const last = done.at(-1) ?? '';
  const total = ITEMS.toLocaleString('en-US');
  // Every item's states: created, then queued and each phase, then published.
  const outputs = await readFile(join(workspace, 'output.txt'), 'utf8');
  const results = JSON.parse(outputNamed(outputs, 'results') ?? 'null') as {
    truncated?: boolean;
    file?: string;
  };
  const resultsFile = outputNamed(outputs, 'results-file') ?? '';
  const inFile = (JSON.parse(await readFile(resultsFile, 'utf8')) as Array<{ outcome: string }>).filter(
    (item) => item.outcome === 'published',
  ).length;
  const countedToEnd = done.length === ITEMS && last.startsWith(`✔ [${total}/${total}] `);
  const ok = run.peakMiB <= GOALS.peakMiB && countedToEnd && results.truncated === true && inFile === ITEMS;
  process.stdout.write(
    `node dist/index.js applied ${ITEMS} new items (create, render, publish; concurrency ${CONCURRENCY}) in ` +
      `${run.wallMs} ms with a ${run.peakMiB} MiB peak (${run.cpuMs} ms of CPU); the log has ${lines.length} lines: ` +
      `${groups} groups, ${progress} progress lines (${(progress / ITEMS).toFixed(1)} per item), ${done.length} items ended ` +
      `with the running count (last: ${JSON.stringify(last)}); results output ${results.truncated ? 'names the results file' : 'whole'}, ` +
      `which holds ${inFile} published; goal ≤ ${GOALS.peakMiB} MiB: ${ok ? 'met' : 'NOT met'}.\n`,
  );
  process.stdout.write(
    `${JSON.stringify({ bench: 'large-apply', items: ITEMS, concurrency: Number(CONCURRENCY), wallMs: run.wallMs, cpuMs: run.cpuMs, peakMiB: run.peakMiB, logLines: lines.length, groups, progressLines: progress, doneLines: done.length, resultsTruncated: results.truncated === true, resultsInFile: inFile, goals: GOALS, ok })}\n`,
  );
  process.exitCode = ok ? 0 : 1;
} finally {
  await emulator.close();
  await rm(workspace, { recursive: true, force: true });
}
