import { ResponseShapeError } from '../api/errors.ts';
import type { ServiceApi, TaskStatus } from '../api/types.ts';

// Where an item is, read from the service as a whole. GET /gen/task-status
// is the interface's way to poll (never rate limited); its body is "not
// shown", and an answer no reading covers (A24) is not the end of the item:
// the detail view carries the same status, progress and last error.

/** The item's status, from task status, or from the detail view when task status cannot be read. */
export async function readStatus(client: ServiceApi, id: string): Promise<TaskStatus> {
  try {
    return await client.taskStatus(id);
  } catch (error) {
    if (!(error instanceof ResponseShapeError)) throw error;
    const detail = await client.getContent(id);
    return { id, status: detail.status, progress: detail.progress, last_error: detail.last_error };
  }
}
