// Sharding: a matrix of jobs shares a catalogue, each planning the manifests
// of its share. The share is decided from the file path alone, so every job
// agrees without talking to the others and a file does not move when other
// manifests come and go.

export interface Shard {
  /** 1-based. */
  index: number;
  count: number;
}

/** FNV-1a of the manifest path: a split that does not move when other manifests come and go. */
function shardOf(file: string, count: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < file.length; i++) {
    hash ^= file.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return (hash % count) + 1;
}

/** Whether this job plans the manifest `file`. */
export function inShard(file: string, shard: Shard | undefined): boolean {
  return !shard || shard.count <= 1 || shardOf(file, shard.count) === shard.index;
}
