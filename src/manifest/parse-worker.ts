import { parentPort } from 'node:worker_threads';
import { Reader } from './file-reader.ts';
import { parseManifestFile, type FolderDefaults } from './manifest-file.ts';
import type { BatchResult, ToWorker } from './parse-pool.ts';

// A parsing worker (parse-pool.ts): told the workspace and the folders'
// defaults first, it answers each batch of manifest files with their
// outcomes, as the main thread would have parsed them.

// The YAML library looks up process.env.LOG_TOKENS for every token it reads,
// and each lookup of the live environment is a call into the runtime: about a
// fifth of its parse of a small manifest. This thread reads nothing else of
// the environment, so it keeps a plain copy, which answers as a property does.
process.env = { ...process.env };

let context: { reader: Reader; defaults: FolderDefaults } | null = null;

parentPort?.on('message', (message: ToWorker) => {
  if ('setup' in message) {
    const { cwd, root, maxFileBytes, defaults } = message.setup;
    context = { reader: new Reader(cwd, root, maxFileBytes), defaults: new Map(defaults) };
    return;
  }
  const { reader, defaults } = context!;
  void Promise.all(message.files.map((file) => parseManifestFile(reader, file, defaults))).then((parsed) => {
    const result: BatchResult = { start: message.start, parsed };
    parentPort?.postMessage(result);
  });
});
