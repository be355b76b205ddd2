import type { Problem } from './types.ts';

/** `file:line:col: error: message`, the form compilers use and editors link. */
export function formatProblem(p: Problem): string {
  return `${p.file}:${p.line}:${p.column}: ${p.severity}: ${p.message}`;
}
