import type { ContentDetail } from '../service-client/types.ts';
import { loadManifests } from '../manifest/index.ts';
import type { Listing } from '../engine/observe.ts';
import { plan } from '../plan/plan.ts';

// The import's promise, checked before it reports: the written files, loaded
// by the same loader as plan (defaults files included) and planned against
// the same observed state, ask for nothing. A `wait` for a run already in
// flight, or a hold, is not a change; a step, drift or problem is reported
// with the file.

export interface ImportCheck {
  /** Written files the manifests' glob finds (the others are not managed until it does). */
  loaded: number;
  /** Written files the glob does not find. */
  outsideGlob: string[];
  /** Each written file whose plan is not empty, and what it would do. */
  changes: { file: string; what: string }[];
}

export async function checkImported(
  options: { cwd: string; manifests: string },
  listing: Listing,
  details: readonly ContentDetail[],
  written: ReadonlySet<string>,
): Promise<ImportCheck> {
  const load = await loadManifests({ cwd: options.cwd, pattern: options.manifests });
  const found = new Set(load.files);
  const outsideGlob = [...written].filter((file) => !found.has(file)).sort();
  const changes: ImportCheck['changes'] = [];
  for (const problem of load.problems) {
    if (written.has(problem.file))
      changes.push({ file: problem.file, what: `${problem.severity}: ${problem.message}` });
  }
  const planned = plan(
    load.items.filter((item) => written.has(item.file)),
    {
      contents: listing.contents,
      contentsGap: listing.contentsGap,
      details: new Map(details.map((detail) => [detail.id, detail])),
      accounts: listing.accounts,
    },
    {
      mode: 'plan',
      now: new Date(),
      permissions: { write: false, render: true, publish: true, publishDisabledBy: 'input' },
      cancelRunning: false,
      match: { listUnmanaged: false },
    },
  );
  for (const problem of planned.problems) changes.push({ file: problem.file, what: problem.message });
  for (const item of planned.items) {
    const steps = item.steps.filter((step) => step.kind !== 'wait').map((step) => step.kind);
    const what = [...steps, ...item.drift.map((drift) => `drift in ${drift.field}`)];
    if (item.match === 'new') what.unshift('no remote item matched');
    if (what.length > 0) changes.push({ file: item.file, what: what.join(', ') });
  }
  return { loaded: written.size - outsideGlob.length, outsideGlob, changes };
}
