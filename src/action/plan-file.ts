import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

// The full plan as a file, whatever its size: the PR comment holds 65,536
// characters and the job summary 1 MiB, so a first apply of 10,000 items
// cannot be read there in full. The file is what a reviewer can always
// reach; its path is the `plan-file` output, for actions/upload-artifact.
// Same JSON as the `plan` output: texts as fingerprints, never the texts.

/** `content-as-code-plan.json`, or `content-as-code-plan-2-of-4.json` for a shard, so matrix jobs never clash. */
export function planFileName(shard: { index: number; count: number } | null | undefined): string {
  return shard && shard.count > 1
    ? `content-as-code-plan-${shard.index}-of-${shard.count}.json`
    : 'content-as-code-plan.json';
}

/**
 * Writes the plan (the `plan` output's JSON) under RUNNER_TEMP, the job's
 * own scratch folder, emptied after the job; returns its absolute path.
 */
export async function writePlanFile(
  planJson: string,
  shard: { index: number; count: number } | null | undefined,
  env: NodeJS.ProcessEnv,
): Promise<string> {
  const folder = path.join(env.RUNNER_TEMP || tmpdir(), 'content-as-code');
  await mkdir(folder, { recursive: true });
  const file = path.join(folder, planFileName(shard));
  await writeFile(file, `${planJson}\n`);
  return file;
}
