import type { RunReport } from '../engine/types.ts';
import type { WorkflowCommands } from './commands.ts';

// Manifest problems and failed items become annotations on the manifest,
// at the line and column of the offending field (or of the item's title).
// GitHub shows only the first 10 annotations of each kind per step; all of
// them are still written (the log keeps them), and the job summary's problem
// and result tables list every one.

const ANNOTATIONS_SHOWN_PER_KIND = 10;

export interface Annotation {
  level: 'error' | 'warning';
  title: string;
  message: string;
  file: string;
  line: number;
  column: number;
}

export function annotationsFor(report: RunReport): Annotation[] {
  const annotations: Annotation[] = report.problems.map((problem) => ({
    level: problem.severity,
    title: `content-as-code: ${problem.code}`,
    message: problem.message,
    file: problem.file,
    line: problem.line,
    column: problem.column,
  }));
  const positions = new Map((report.plan?.items ?? []).map((item) => [item.file, item] as const));
  for (const item of report.result?.items ?? []) {
    const at = positions.get(item.file);
    const where = { file: item.file, line: at?.line ?? 1, column: at?.column ?? 1 };
    if (item.outcome === 'failed' || item.outcome === 'error') {
      const detail = item.lastError ?? item.error ?? 'no error message from the service';
      const state = item.status ? ` in ${item.status}` : '';
      annotations.push({
        level: 'error',
        title: `content-as-code: ${item.outcome === 'failed' ? 'item failed' : 'item error'}`,
        message: `"${item.title}" ended${state}: ${detail}`,
        ...where,
      });
    } else if (item.outcome === 'running') {
      annotations.push({
        level: 'warning',
        title: 'content-as-code: still running',
        message: `"${item.title}" was still ${item.status ?? 'running'} when the run stopped waiting; a later run picks it up.`,
        ...where,
      });
    }
  }
  return annotations;
}

/** Writes the annotations; returns how many of each kind GitHub will not show. */
export function emitAnnotations(
  commands: WorkflowCommands,
  annotations: Annotation[],
): { hiddenErrors: number; hiddenWarnings: number } {
  for (const annotation of annotations) {
    commands.annotate(annotation.level, annotation.message, {
      title: annotation.title,
      file: annotation.file,
      startLine: annotation.line,
      startColumn: annotation.column,
    });
  }
  const errors = annotations.filter((a) => a.level === 'error').length;
  const warnings = annotations.length - errors;
  return {
    hiddenErrors: Math.max(0, errors - ANNOTATIONS_SHOWN_PER_KIND),
    hiddenWarnings: Math.max(0, warnings - ANNOTATIONS_SHOWN_PER_KIND),
  };
}
