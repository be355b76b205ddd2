// Which job of a matrix plans a manifest: decided from its path alone.
import { describe, expect, it } from 'vitest';
import { inShard } from '../../src/plan/shard.ts';

const files = Array.from({ length: 200 }, (_, index) => `content/video-${index}.yml`);
const shardsOf = (file: string, count: number): number[] =>
  Array.from({ length: count }, (_, index) => index + 1).filter((index) => inShard(file, { index, count }));

describe('inShard', () => {
  it('puts every manifest in exactly one shard', () => {
    for (const count of [2, 3, 7])
      for (const file of files) expect(shardsOf(file, count), file).toHaveLength(1);
  });

  it('plans everything without a shard, or with a single one', () => {
    expect(files.every((file) => inShard(file, undefined))).toBe(true);
    expect(files.every((file) => inShard(file, { index: 1, count: 1 }))).toBe(true);
  });

  it('gives every shard a share of a catalogue', () => {
    const sizes = [1, 2, 3, 4].map(
      (index) => files.filter((file) => inShard(file, { index, count: 4 })).length,
    );
    for (const size of sizes) expect(size).toBeGreaterThan(20);
  });

  it('depends on the whole path, not on its name alone', () => {
    const moved = files.filter((file) => shardsOf(file, 5)[0] !== shardsOf(`other/${file}`, 5)[0]);
    expect(moved.length).toBeGreaterThan(0);
  });
});
