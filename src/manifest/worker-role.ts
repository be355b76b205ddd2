import { isMainThread, workerData } from 'node:worker_threads';

// How an entry script knows it was started as the manifest worker
// (worker.ts): the check an entry makes before it loads anything else.

export const MANIFEST_WORKER_ROLE = 'content-as-code:manifests';

/** Whether this thread was started to parse manifests (see `serveManifestWorker`). */
export function isManifestWorker(): boolean {
  return !isMainThread && (workerData as { role?: unknown } | null)?.role === MANIFEST_WORKER_ROLE;
}
