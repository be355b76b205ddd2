import { parentPort, workerData } from 'node:worker_threads';
import { Reader } from './file-reader.ts';
import { parseManifestFile } from './manifest-file.ts';
import type { Batch, BatchResult, WorkerSetup } from './parse-pool.ts';

// A parsing worker (parse-pool.ts): answers each batch of manifest files with
// their outcomes, as the main thread would have parsed them.

const setup = workerData as WorkerSetup;
const reader = new Reader(setup.cwd, setup.root, setup.maxFileBytes);
const defaults = new Map(setup.defaults);

parentPort?.on('message', (batch: Batch) => {
  void Promise.all(batch.files.map((file) => parseManifestFile(reader, file, defaults))).then((parsed) => {
    const result: BatchResult = { start: batch.start, parsed };
    parentPort?.postMessage(result);
  });
});
