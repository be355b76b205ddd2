// Loading 1,000 manifests: `node_modules/.bin/node bench/manifest.ts`.
// Generates them into a temp dir (with defaults files, as a real repository
// has), times loadManifests, and prints a sentence, then its JSON result as
// the last line (the form bench/run.ts expects).
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadManifests } from '../src/manifest/index.ts';

const COUNT = 1000;
const RUNS = 7;

function manifest(index: number): string {
  return `# yaml-language-server: $schema=../../schema/content.schema.json
title: Fact number ${index}
description: A short narrated fact, number ${index}.
full_text: |
  Octopuses have three hearts. Two pump blood through the gills,
  and one pumps it through the rest of the body. Fact ${index}.
hashtags: [ocean, science, fact${index}]
persona: {id: persona-${index % 7}}
stage: published
flow: ${index % 2 === 0 ? 'oneshot' : 'stepwise'}
video:
  prefer_real_world: true
  image_overlay: {enabled: true, position: top}
publish:
  accounts:
    - id: account-${index % 5}
    - {platform: TikTok, name: Ocean Facts}
  at: 2026-12-01T15:00:00Z
  tiktok: {post_mode: direct, privacy: PUBLIC_TO_EVERYONE}
`;
}

async function main(): Promise<void> {
  const cwd = await mkdtemp(path.join(tmpdir(), 'bench-manifests-'));
  try {
    await writeFile(path.join(cwd, '_defaults.yml'), 'video: {orientation: vertical, zoom_effect: true}\n');
    for (let folder = 0; folder < 10; folder++) {
      const dir = path.join(cwd, 'content', `topic-${folder}`);
      await mkdir(dir, { recursive: true });
      await writeFile(path.join(dir, '_defaults.yml'), `publish: {category: ${20 + folder}}\n`);
    }
    await Promise.all(
      Array.from({ length: COUNT }, (_, i) =>
        writeFile(path.join(cwd, 'content', `topic-${i % 10}`, `fact-${i}.yml`), manifest(i)),
      ),
    );
    const times: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const start = performance.now();
      const result = await loadManifests({ cwd, pattern: 'content/**/*.{yml,yaml}' });
      times.push(performance.now() - start);
      if (result.items.length !== COUNT || result.problems.length > 0) {
        throw new Error(
          `expected ${COUNT} clean items, got ${result.items.length} and ${result.problems.length} problems`,
        );
      }
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(RUNS / 2)]!;
    const line = {
      bench: 'manifest-load',
      manifests: COUNT,
      runs: RUNS,
      median_ms: Math.round(median),
      min_ms: Math.round(times[0]!),
      max_ms: Math.round(times[RUNS - 1]!),
    };
    process.stdout.write(
      `Loading ${COUNT} manifests takes ${line.median_ms} ms (median of ${RUNS} runs, ${(median / COUNT).toFixed(2)} ms each).\n`,
    );
    process.stdout.write(`${JSON.stringify(line)}\n`);
  } finally {
    await rm(cwd, { recursive: true, force: true });
  }
}

await main();
