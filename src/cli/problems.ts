import type { RunReport } from '../engine/types.ts';
import { formatProblem } from '../manifest/format.ts';
import { DEFAULTS_FILES } from '../manifest/index.ts';
import { isReleaseFile } from '../manifest/catalogue-files.ts';
import type { Problem } from '../manifest/types.ts';
import { plural } from '../text/plural.ts';

// How problems and their counts read in a terminal.

function isDefaultsFile(file: string): boolean {
  return (DEFAULTS_FILES as readonly string[]).includes(file.slice(file.lastIndexOf('/') + 1));
}

/**
 * `file:line:col: severity: message`, with the file named once: a message
 * that starts with its own file name (`content/a.yml: …`) loses it.
 */
export function problemLine(problem: Problem): string {
  const own = `${problem.file}: `;
  const message = problem.message.startsWith(own) ? problem.message.slice(own.length) : problem.message;
  return formatProblem({ ...problem, message });
}

/**
 * `5 manifests valid.` or `2 errors in 1 of 5 manifests and 1 defaults file; …`.
 * Defaults files and the release file are not manifests: they are counted
 * apart, and never in the total.
 */
export function validateSummary(report: RunReport): string {
  const files = report.load.files.length;
  const errors = report.problems.filter((problem) => problem.severity === 'error');
  const warnings = report.problems.length - errors.length;
  const counted = plural(files, 'manifest');
  if (errors.length === 0) {
    return `${counted} valid${warnings > 0 ? `, ${plural(warnings, 'warning')}` : ''}.`;
  }
  const failing = new Set(errors.map((problem) => problem.file));
  const defaults = [...failing].filter(isDefaultsFile).length;
  const releases = [...failing].filter(isReleaseFile).length;
  const manifests = failing.size - defaults - releases;
  const where = [
    manifests > 0 ? `${manifests} of ${counted}` : null,
    defaults > 0 ? plural(defaults, 'defaults file') : null,
    releases > 0 ? 'the release file' : null,
  ]
    .filter(Boolean)
    .join(' and ');
  const checked = manifests > 0 ? '' : ` (${counted} checked)`;
  return `${plural(errors.length, 'error')} in ${where}${checked}; nothing was sent to the service.`;
}
