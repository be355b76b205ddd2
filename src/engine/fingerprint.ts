import { createHash } from 'node:crypto';

// A short, stable digest of a value: enough to tell whether a text or a
// setting changed, nothing of the value itself. Used where a plan is carried
// without its texts (the `plan` output, the reviewed-plan block of the PR comment).

/** 64 bits of SHA-256: a change goes unnoticed only by a collision, not by chance. */
export function fingerprint(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return `sha256:${createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 16)}`;
}
