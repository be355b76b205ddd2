import { randomUUID } from 'node:crypto';

// The Idempotency-Key every POST carries. The interface does not mention the
// header: a service that ignores it loses nothing, and one that honours it
// (the common convention: a POST with a key it has seen returns the first
// answer and does nothing again) closes the window in which a write whose
// answer was lost is sent again while the service still holds the first.
//
// One key per write this run means to make, reused by every send of that
// write (the client's own retries, and the engine's resend after a lost
// answer): a random key, not one derived from the request. A key derived
// from method, path and body would be the same for writes that are meant to
// happen again with the same body: the render sent a second time after the
// service parked it after the voiceover, a failed render retried, an upload
// sent again after FAILED_UPLOAD, in this run or a later one. A service that
// honours keys would answer those from its memory and do nothing, and the
// item would never converge. A later run does not resend a lost write either:
// it plans again from what the service shows, a new decision with a new key
// (docs/service-assumptions.md says the window this leaves).

/** Options of a write: the key its sends share; a new one is made for a write given none. */
export interface WriteOptions {
  idempotencyKey?: string;
}

/** A key for one write, shared by every send of it. */
export function newIdempotencyKey(): string {
  return randomUUID();
}
