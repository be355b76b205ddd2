// An entry script that is only ever the manifest worker, as dist/index.js is
// when it is started in that role.
import { isManifestWorker } from '../../src/manifest/worker-role.ts';
import { serveManifestWorker } from '../../src/manifest/worker.ts';

if (isManifestWorker()) await serveManifestWorker();
