import type { Shard } from '../plan/shard.ts';

// The `shard` input: `i/n` gives this job the i-th of n deterministic shares
// of the manifests, so a matrix of jobs can share a large catalogue. Which
// file lands in which shard is decided by the engine from the file path
// alone, so every job of the matrix agrees without talking to the others.

const MAX_SHARDS = 256;

export function parseShard(text: string): Shard {
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
  if (!match) {
    throw new Error(
      `expected "i/n" with 1 <= i <= n, for example "2/4" (got "${text}"); in a matrix: shard: \${{ matrix.shard }}/4.`,
    );
  }
  const index = Number(match[1]);
  const count = Number(match[2]);
  if (count < 1 || count > MAX_SHARDS) {
    throw new Error(`the number of shards must be from 1 to ${MAX_SHARDS} (got "${text}").`);
  }
  if (index < 1 || index > count) {
    throw new Error(`the shard number must be from 1 to ${count}; shards count from 1 (got "${text}").`);
  }
  return { index, count };
}

export function formatShard(shard: Shard): string {
  return `${shard.index}/${shard.count}`;
}
