// Entry of the bundled CLI (dist/cli/index.js), and the worker thread it
// starts to parse thousands of manifests.
import { fileURLToPath } from 'node:url';
import { isManifestWorker } from '../manifest/worker-role.ts';
import { serveManifestWorker } from '../manifest/worker.ts';
import { EXIT } from './help.ts';
import { main } from './main.ts';
import { processIO } from './terminal.ts';

if (isManifestWorker()) {
  await serveManifestWorker();
} else {
  const code = await main(process.argv.slice(2), {
    ...processIO(),
    manifestWorker: fileURLToPath(import.meta.url),
  });
  process.exitCode = code;
  // After Ctrl-C the engine's pending work (a poll's sleep) would keep the process
  // alive for seconds more; what there was to say has been said.
  if (code === EXIT.interrupted || code === EXIT.terminated) process.exit(code);
}
