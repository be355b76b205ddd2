import { parentPort, Worker, workerData } from 'node:worker_threads';
import { loadFiles, matchManifests, type LoadOptions, type NamedManifest } from './load.ts';
import type { LoadResult } from './types.ts';
import { MANIFEST_WORKER_ROLE } from './worker-role.ts';

// Thousands of manifests are parsed on a thread of their own. Parsing YAML is
// work for a processor, and the thread that reads the service (page after page
// of its listing, then a detail read per item) would otherwise wait for it:
// with both on one thread, each slows the other. The worker is the action's
// (or the CLI's) own entry script started again in this role; it reads the
// files the main thread matched, names each item back as soon as it is
// parsed, and hands over the whole result. A few manifests load faster here
// than a thread starts, and a worker that fails to start or to answer is
// replaced by loading here: the worker only ever changes where the work runs.

/** From this many matched manifests on, they are parsed on a worker thread. */
export const WORKER_MIN_FILES = 1000;
/** Items named back to the main thread per message. */
const NAMED_BATCH = 64;

interface Task {
  role: typeof MANIFEST_WORKER_ROLE;
  cwd: string;
  files: readonly string[];
  maxFileBytes: number | undefined;
}

type Message = { kind: 'named'; named: NamedManifest[] } | { kind: 'loaded'; result: LoadResult };

/** The worker's side: parse the task's files, naming items back in batches, then post the result. */
export async function serveManifestWorker(): Promise<void> {
  const task = workerData as Task;
  const port = parentPort;
  if (port === null) throw new Error('the manifest worker runs only as a worker thread');
  let named: NamedManifest[] = [];
  const post = (message: Message): void => port.postMessage(message);
  const flush = (): void => {
    if (named.length === 0) return;
    post({ kind: 'named', named });
    named = [];
  };
  const result = await loadFiles({
    cwd: task.cwd,
    files: task.files,
    ...(task.maxFileBytes === undefined ? {} : { maxFileBytes: task.maxFileBytes }),
    onNamed: (item) => {
      named.push(item);
      if (named.length >= NAMED_BATCH) flush();
    },
  });
  flush();
  post({ kind: 'loaded', result });
}

/**
 * `loadManifests`, with the parsing on a worker thread started from `script`
 * (an entry that calls `serveManifestWorker` when `isManifestWorker()`) once
 * there are `minFiles` manifests or more.
 */
export async function loadManifestsInWorker(
  script: string,
  options: LoadOptions & {
    /** Told why the manifests were parsed on this thread after all. */
    onFallback?: (reason: string) => void;
    minFiles?: number;
  },
): Promise<LoadResult> {
  const files = await matchManifests(options.cwd, options.pattern);
  const here = { ...options, files };
  if (files.length < (options.minFiles ?? WORKER_MIN_FILES)) return loadFiles(here);
  const task: Task = {
    role: MANIFEST_WORKER_ROLE,
    cwd: options.cwd,
    files,
    maxFileBytes: options.maxFileBytes,
  };
  try {
    return await inWorker(script, task, options.onNamed);
  } catch (error) {
    options.onFallback?.(error instanceof Error ? error.message : String(error));
    return loadFiles(here);
  }
}

function inWorker(
  script: string,
  task: Task,
  onNamed: ((named: NamedManifest) => void) | undefined,
): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(script, { workerData: task });
    worker.on('message', (message: Message) => {
      if (message.kind === 'named') {
        for (const item of message.named) onNamed?.(item);
        return;
      }
      resolve(message.result);
      // Its work is done: nothing it might still hold open keeps this process waiting.
      void worker.terminate();
    });
    worker.once('error', reject);
    // After a result this settles nothing: a promise settles once.
    worker.once('exit', (code) =>
      reject(new Error(`the manifest worker ended (exit code ${code}) without a result`)),
    );
  });
}
