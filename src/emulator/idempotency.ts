// The Idempotency-Key header, as a service that honours it would: a POST
// with a key the same user has sent before returns the first answer and does
// nothing again (no job, no rate-limit allowance). The interface does not
// mention the header, so by default it is ignored; `behaviours.
// honourIdempotencyKey` turns this on. Only answers the service produced are
// remembered: a request dropped before it was handled, or answered by an
// injected fault, was never applied, and is handled when it comes again.
import type { IncomingHttpHeaders } from 'node:http';
import type { Core, Reply } from './core.ts';

const answers = new WeakMap<Core, Map<string, Reply>>();

/** The request's Idempotency-Key, or null when it has none. */
export function idempotencyKeyOf(headers: IncomingHttpHeaders): string | null {
  const value = headers['idempotency-key'];
  const key = Array.isArray(value) ? value[0] : value;
  return key === undefined || key === '' ? null : key;
}

function memoryOf(core: Core): Map<string, Reply> {
  let memory = answers.get(core);
  if (memory === undefined) {
    memory = new Map();
    answers.set(core, memory);
  }
  return memory;
}

/**
 * Handles a POST once per user and key where the service honours keys: the
 * first answer again for a key seen before, else `handle`'s, remembered.
 */
export function once(
  core: Core,
  request: { method: string; user: string; key: string | null },
  handle: () => Reply,
): Reply {
  if (
    core.config.behaviours.honourIdempotencyKey !== true ||
    request.method !== 'POST' ||
    request.key === null
  )
    return handle();
  const memory = memoryOf(core);
  const id = `${request.user}\u0000${request.key}`;
  const first = memory.get(id);
  if (first !== undefined) return first;
  const reply = handle();
  memory.set(id, reply);
  return reply;
}
