import { ResponseShapeError, isNotFound } from '../service-client/errors.ts';
import { isKnownStatus, type ServiceApi, type TaskStatus } from '../service-client/types.ts';

// Where an item is, read from the service as a whole. GET /gen/task-status
// is the interface's way to poll (never rate limited); its body is "not
// shown". The detail view carries the same status, progress and last error,
// and is read instead whenever task status does not say where the item is:
// - an answer no reading covers (A24);
// - a status word that is no item status (a task's own states, such as
//   PENDING or SUCCESS): task status then speaks of the job, not the item;
// - 404 or 410 for an item that exists: no task, before the item's first run
//   or after its last one. The detail view tells whether the item exists (a
//   404 there is the item's own).

/** The item's status, from task status, or from the detail view when task status does not say it. */
export async function readStatus(client: ServiceApi, id: string): Promise<TaskStatus> {
  try {
    const task = await client.taskStatus(id);
    if (isKnownStatus(task.status)) return task;
  } catch (error) {
    if (!(error instanceof ResponseShapeError) && !isNotFound(error)) throw error;
  }
  const detail = await client.getContent(id);
  return { id, status: detail.status, progress: detail.progress, last_error: detail.last_error };
}

/** The item's updated_at, best-effort: null when it cannot be read. */
export async function readUpdatedAt(client: ServiceApi, id: string): Promise<string | null> {
  try {
    return (await client.getContent(id)).updated_at;
  } catch {
    return null;
  }
}
