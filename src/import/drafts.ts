import type { ServiceApi } from '../service-client/types.ts';
import { loadManifests } from '../manifest/index.ts';
import { matchItems } from '../plan/identity.ts';
import { stripControls } from '../text/safe-line.ts';

// `content-as-code drafts`: the items no manifest names, that were never
// published. A pull request's preview writes drafts (and renders a few), and
// a pull request closed unmerged leaves them: nothing deletes an item by
// itself, so this lists them, with when each last changed, for a person to
// decide. Run on a checkout of the default branch, the manifests it reads are
// the default branch's. It reads the service only.

interface Draft {
  id: string;
  title: string;
  status: string;
  /** updated_at, else creation_date, as the service shows it; null when it shows neither. */
  lastChanged: string | null;
}

export interface DraftsReport {
  drafts: Draft[];
  /** Why nothing is listed (a manifest with errors could name any item); null when the list stands. */
  refused: string | null;
  /** The listing of items is not proven complete: more drafts may exist. */
  gap: string | null;
}

/** Items no manifest under `cwd` names and that were never published, oldest change first. */
export async function listDrafts(options: {
  client: ServiceApi;
  cwd: string;
  manifests: string;
}): Promise<DraftsReport> {
  const load = await loadManifests({ cwd: options.cwd, pattern: options.manifests });
  const errors = load.problems.filter((problem) => problem.severity === 'error');
  if (errors.length > 0) {
    const first = errors[0]!;
    return {
      drafts: [],
      gap: null,
      refused:
        `${errors.length} manifest error(s), first ${first.file}:${first.line}: ${first.message}. ` +
        'A manifest with an error may name any item, so no item is called unnamed until they are fixed.',
    };
  }
  const listed = await options.client.listContents();
  const unnamed = new Set(matchItems(load.items, listed.items).unmanaged.map((ref) => ref.id));
  const drafts = listed.items
    .filter((item) => unnamed.has(item.id) && item.status !== 'UPLOADED')
    .map((item) => ({
      id: item.id,
      title: item.title,
      status: item.status,
      lastChanged: item.updated_at ?? item.creation_date,
    }))
    .sort((a, b) => (a.lastChanged ?? '').localeCompare(b.lastChanged ?? '') || a.id.localeCompare(b.id));
  return { drafts, refused: null, gap: listed.gap };
}

/** The report as the terminal shows it: one line per draft, its texts on one line and free of controls. */
export function renderDraftsText(report: DraftsReport): string {
  if (report.refused !== null) return `Not listed: ${report.refused}`;
  const lines =
    report.drafts.length === 0
      ? ['No unpublished item in the service lacks a manifest here.']
      : [
          `${report.drafts.length} unpublished item(s) no manifest here names, oldest change first ` +
            '(drafts a pull request closed unmerged may have left; delete them in the web app, or name one in a manifest):',
          ...report.drafts.map(
            (draft) =>
              `  ${draft.lastChanged ?? 'unknown'}  ${draft.status}  ${draft.id}  ${JSON.stringify(stripControls(draft.title))}`,
          ),
        ];
  if (report.gap !== null)
    lines.push(`The listing of items is not proven complete (${report.gap}): more may exist.`);
  return lines.join('\n');
}
