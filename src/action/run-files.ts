import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { writeScrubbedFile } from '../secrets.ts';

// The full plan and the full results as files, whatever their size: the PR
// comment holds 65,536 characters, the job summary 1 MiB and a job's outputs
// about 1 MB together, so a first apply of 10,000 items cannot be read there
// in full. The files are what a reviewer can always reach; their paths are
// the `plan-file` and `results-file` outputs, for actions/upload-artifact.
// Same JSON as the `plan` and `results` outputs: texts as fingerprints, never the texts,
// and scrubbed as they are: an artifact anyone who can read the repository may download.

export type RunFile = 'plan' | 'results';

/** `content-as-code-plan.json`, or `content-as-code-plan-2-of-4.json` for a shard, so matrix jobs never clash. */
function runFileName(kind: RunFile, shard: { index: number; count: number } | null | undefined): string {
  return shard && shard.count > 1
    ? `content-as-code-${kind}-${shard.index}-of-${shard.count}.json`
    : `content-as-code-${kind}.json`;
}

/**
 * Writes `json` (the output of that name, whole) under RUNNER_TEMP, the
 * job's own scratch folder, emptied after the job; returns its absolute path.
 */
export async function writeRunFile(
  kind: RunFile,
  json: string,
  shard: { index: number; count: number } | null | undefined,
  env: NodeJS.ProcessEnv,
): Promise<string> {
  // Resolved: a RUNNER_TEMP given relative (a local run's dotenv file) still yields the absolute path the outputs promise.
  const folder = path.resolve(env.RUNNER_TEMP || tmpdir(), 'content-as-code');
  await mkdir(folder, { recursive: true });
  const file = path.join(folder, runFileName(kind, shard));
  writeScrubbedFile(file, `${json}\n`);
  return file;
}
