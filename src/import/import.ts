import { lstatSync, mkdirSync, realpathSync } from 'node:fs';
import path from 'node:path';
import type { ContentDetail, ContentStatus, ContentSummary, ServiceApi } from '../service-client/types.ts';
import { loadManifests, parseManifest } from '../manifest/index.ts';
import type { DesiredItem, Problem, Stage } from '../manifest/types.ts';
import { matchItems } from '../plan/identity.ts';
import { DEFAULT_READ_CONCURRENCY, observeDetails, observeListing, type Listing } from '../engine/observe.ts';
import { FileNamer, defaultOutDir } from './files.ts';
import { textMatcher } from '../text/wildcard.ts';
import { manifestOf } from './manifest.ts';
import { checkImported, type ImportCheck } from './check.ts';
import { manifestText } from './yaml-text.ts';
import { holdsSecret, scrubSecrets, writeScrubbedFile } from '../secrets.ts';

// `import`: the catalogue as it stands -> one manifest per item that no
// manifest manages yet. It reads only; the one thing it writes is new files.
// Nothing is written unless the catalogue was read whole (a listing proven
// complete) and the manifests already there load without an error, since
// either gap could make it write a second manifest for a managed item.

export interface ImportOptions {
  client: ServiceApi;
  /** Workspace root; files are reported relative to it. */
  cwd: string;
  /** Glob of the manifests already in the repository. */
  manifests: string;
  /** Folder to write into, relative to cwd; default `imported` under the glob's folder. */
  out?: string | null;
  /** Only titles that match this glob (`*`, `?`). */
  only?: string | null;
  /** Only items in these statuses or import stages (`UPLOADED`, `draft`…); all when empty. */
  statuses?: readonly string[];
  concurrency?: number;
}

interface ImportedItem {
  file: string;
  id: string;
  title: string;
  status: ContentStatus;
  stage: Stage;
  /** What the file's comments say: an item in flight or failed, a field left unmanaged. */
  notes: string[];
}

type SkipReason =
  | 'managed'
  | 'filtered'
  | 'duplicate_title'
  | 'title_taken'
  | 'blank_title'
  | 'gone'
  | 'unwritable'
  | 'secret';

export interface SkippedItem {
  id: string;
  title: string;
  status: ContentStatus;
  reason: SkipReason;
  /** The manifest that manages it, or whose title it shares. */
  file: string | null;
  message: string;
}

export interface ImportReport {
  /** Why nothing was written; null when the import ran. */
  refused: string | null;
  /** Problems of the manifests already there (the reason for a refusal). */
  problems: Problem[];
  outDir: string;
  imported: ImportedItem[];
  skipped: SkippedItem[];
  /** The plan of the written manifests: the promise that it has nothing to do. */
  check: ImportCheck | null;
}

export class ImportUsageError extends Error {
  override name = 'ImportUsageError';
}

const STAGE_FILTERS = new Set(['draft', 'rendered', 'published']);

/** --status values: service statuses (any case) or import stages. */
function statusFilter(values: readonly string[]): ((status: string, stage: Stage) => boolean) | null {
  const wanted = values
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter(Boolean);
  if (wanted.length === 0) return null;
  const bad = wanted.filter((value) => !/^[A-Za-z_]+$/.test(value));
  if (bad.length > 0) {
    throw new ImportUsageError(
      `--status expects service statuses (NEW, VIDEO_PROCESSED, UPLOADED, FAILED_VIDEO…) or stages (draft, rendered, published), got '${bad[0]}'.`,
    );
  }
  const stages = new Set(wanted.filter((value) => STAGE_FILTERS.has(value)));
  const statuses = new Set(wanted.filter((value) => !STAGE_FILTERS.has(value)).map((v) => v.toUpperCase()));
  return (status, stage) => statuses.has(status.toUpperCase()) || stages.has(stage);
}

const outside = (relative: string): boolean => relative.startsWith('..') || path.isAbsolute(relative);

/** The folder to write into, relative to cwd with `/`; refused when its name or its real place is outside. */
function outFolder(cwd: string, out: string): string {
  const absolute = path.resolve(cwd, out);
  const relative = path.relative(cwd, absolute);
  if (outside(relative)) {
    throw new ImportUsageError(`--out ${out} is outside the workspace ${cwd}; give a folder inside it.`);
  }
  checkRealPlace(cwd, relative.split(path.sep).join('/'));
  return relative.split(path.sep).join('/');
}

/**
 * Where the folder really is, not what its name says: a committed symbolic
 * link on the way (`content/imported -> ../../elsewhere`) would carry every
 * file out of the workspace. The folder may not exist yet: its nearest
 * existing ancestor is resolved, and the rest cannot be a link.
 */
function checkRealPlace(cwd: string, out: string): void {
  let existing = path.resolve(cwd, out);
  const rest: string[] = [];
  while (lstatSync(existing, { throwIfNoEntry: false }) === undefined) {
    rest.unshift(path.basename(existing));
    existing = path.dirname(existing);
  }
  let real: string;
  try {
    real = path.join(realpathSync(existing), ...rest);
  } catch {
    throw new ImportUsageError(
      `the folder to import into, ${out}, goes through a link to a place that does not exist; nothing was written. Remove the link, or give another folder (--out).`,
    );
  }
  if (outside(path.relative(realpathSync(cwd), real))) {
    throw new ImportUsageError(
      `the folder to import into, ${out}, leads outside the workspace through a symbolic link (to ${real}); nothing was written. Remove the link, or give a folder inside the workspace (--out).`,
    );
  }
}

function skip(
  summary: ContentSummary,
  reason: SkipReason,
  file: string | null,
  message: string,
): SkippedItem {
  return { id: summary.id, title: summary.title, status: summary.status, reason, file, message };
}

/** Which remote items are managed already, and by which manifest. */
function managedBy(
  items: readonly DesiredItem[],
  contents: readonly ContentSummary[],
): { unmanaged: Set<string>; owners: Map<string, string>; titles: Map<string, string> } {
  const matching = matchItems(items, contents);
  const owners = new Map<string, string>();
  for (const matched of matching.matched)
    if (matched.remote) owners.set(matched.remote.id, matched.item.file);
  const titles = new Map(items.map((item) => [item.fields.title, item.file]));
  return { unmanaged: new Set(matching.unmanaged.map((ref) => ref.id)), owners, titles };
}

/**
 * The manifest's text, or why none can be written: a text YAML cannot hold
 * exactly, or a manifest the loader would refuse (a `fine_tuning` key named
 * `__proto__`), which would stop every later plan until it was removed.
 */
function writableText(
  detail: ContentDetail,
  manifest: ReturnType<typeof manifestOf>,
): { text: string } | { unwritable: string } | { secret: string } {
  const secret = secretFields(manifest.value);
  if (secret !== null) return { secret };
  // Comments, not the item's data: the service's last_error is written scrubbed like every output.
  const header = [
    `Imported from the service (item ${detail.id}, status ${detail.status}).`,
    ...manifest.notes,
  ].map((line) => scrubSecrets(line));
  let text: string;
  try {
    text = manifestText(manifest.value, { header, inline: manifest.inline });
  } catch {
    return { unwritable: 'a text of this item cannot be written as YAML that reads back exactly' };
  }
  const refused = parseManifest('imported.yml', text).problems.find(
    (problem) => problem.severity === 'error',
  );
  if (refused !== undefined) {
    return { unwritable: `its manifest would not load (${refused.message}), and would stop every plan` };
  }
  if (holdsSecret(text)) return { secret: SECRET_MESSAGE('its texts hold') };
  return { text };
}

const SECRET_MESSAGE = (where: string): string =>
  `${where} the API key, a token or a signed URL; the file is not written, since a scrubbed text would ` +
  'change the item on the next apply. Remove it from the item in the service, then import again';

/**
 * The fields of an item that hold the key (or anything the scrubber removes):
 * such an item is skipped rather than written scrubbed, which would put
 * `***` into the service on the next apply, or verbatim into the repository.
 */
function secretFields(value: Readonly<Record<string, unknown>>): string | null {
  const fields = Object.entries(value)
    .filter(([, field]) => holdsSecret(typeof field === 'string' ? field : (JSON.stringify(field) ?? '')))
    .map(([name]) => name);
  if (fields.length === 0) return null;
  return SECRET_MESSAGE(`${fields.join(', ')} ${fields.length === 1 ? 'holds' : 'hold'}`);
}

export async function runImport(options: ImportOptions): Promise<ImportReport> {
  // Every option is checked before the first request: a usage error costs nothing.
  const outDir = outFolder(options.cwd, options.out ?? defaultOutDir(options.manifests));
  const filters: Filters = {
    keep: statusFilter(options.statuses ?? []),
    // A glob over titles: `*` any run of characters, `?` one character, everything else literal.
    only: options.only ? textMatcher(options.only) : null,
  };
  const report: ImportReport = {
    refused: null,
    problems: [],
    outDir,
    imported: [],
    skipped: [],
    check: null,
  };
  const read = await readWhole(options);
  if ('refused' in read) return { ...report, ...read };
  const { items, listing } = read;

  const candidates = chooseCandidates(options, filters, items, listing.contents, report.skipped);
  const details = await observeDetails(
    options.client,
    candidates.map((summary) => summary.id),
    options.concurrency ?? DEFAULT_READ_CONCURRENCY,
  );
  const texts = renderManifests(options.cwd, outDir, filters, candidates, details, listing.accounts, report);
  if (texts.length > 0) {
    writeManifests(options.cwd, outDir, texts);
    report.check = await checkImported(
      options,
      listing,
      texts.map((text) => text.detail),
      new Set(texts.map((t) => t.file)),
    );
  }
  report.skipped.sort((a, b) => (a.title < b.title ? -1 : a.title > b.title ? 1 : a.id < b.id ? -1 : 1));
  return report;
}

/**
 * The manifests already there and the whole catalogue, or why nothing may be
 * written: a manifest that does not load may manage an item, and an item on
 * a page not read could be imported twice.
 */
async function readWhole(
  options: ImportOptions,
): Promise<{ items: DesiredItem[]; listing: Listing } | { refused: string; problems: Problem[] }> {
  const load = await loadManifests({ cwd: options.cwd, pattern: options.manifests });
  const errors = load.problems.filter((problem) => problem.severity === 'error');
  if (errors.length > 0) {
    return {
      problems: errors,
      refused: `${errors.length} manifest error${errors.length === 1 ? '' : 's'}: a manifest that does not load may manage an item, so nothing was imported. Fix them (content-as-code validate) and import again.`,
    };
  }
  const listing = await observeListing(options.client);
  if (listing.contentsGap !== null) {
    return {
      problems: [],
      refused: `GET /contents could not be proven complete (${listing.contentsGap}): an item on a page not read could be imported twice, so nothing was imported. Run again; doctor shows how the service pages.`,
    };
  }
  return { items: load.items, listing };
}

/** The listed items worth reading in detail; every other one is added to `skipped`, with why. */
function chooseCandidates(
  options: ImportOptions,
  { only }: Filters,
  items: readonly DesiredItem[],
  contents: readonly ContentSummary[],
  skipped: SkippedItem[],
): ContentSummary[] {
  const { unmanaged, owners, titles } = managedBy(items, contents);
  const remoteTitles = new Map<string, number>();
  for (const summary of contents) remoteTitles.set(summary.title, (remoteTitles.get(summary.title) ?? 0) + 1);
  const candidates: ContentSummary[] = [];
  for (const summary of contents) {
    const owner = owners.get(summary.id) ?? (unmanaged.has(summary.id) ? null : titles.get(summary.title));
    if (owner !== undefined && owner !== null) {
      skipped.push(skip(summary, 'managed', owner, `managed by ${owner}`));
    } else if (only !== null && !only(summary.title)) {
      skipped.push(skip(summary, 'filtered', null, `title does not match --only ${options.only}`));
    } else if (!/\S/.test(summary.title)) {
      skipped.push(skip(summary, 'blank_title', null, 'the title is blank; a manifest needs one'));
    } else if (titles.has(summary.title)) {
      const file = titles.get(summary.title)!;
      skipped.push(
        skip(summary, 'title_taken', file, `${file} has this title for another item; titles are unique`),
      );
    } else if ((remoteTitles.get(summary.title) ?? 0) > 1) {
      skipped.push(
        skip(
          summary,
          'duplicate_title',
          null,
          'another item has the same title; rename one in the service (manifest titles are unique), then import again',
        ),
      );
    } else {
      candidates.push(summary);
    }
  }
  return candidates;
}

/** --only and --status, read from the options. */
interface Filters {
  keep: ReturnType<typeof statusFilter>;
  only: ((title: string) => boolean) | null;
}

interface RenderedManifest {
  file: string;
  text: string;
  detail: ContentDetail;
}

/**
 * Each candidate's manifest as text, under a file name of its own, recorded
 * in the report as imported; an item gone, filtered out by status or
 * unwritable is recorded as skipped. Nothing is written yet.
 */
function renderManifests(
  cwd: string,
  outDir: string,
  { keep }: Filters,
  candidates: readonly ContentSummary[],
  details: ReadonlyMap<string, ContentDetail>,
  accounts: Listing['accounts'],
  report: ImportReport,
): RenderedManifest[] {
  const namer = new FileNamer(path.join(cwd, outDir));
  const rendered: RenderedManifest[] = [];
  for (const summary of candidates) {
    const detail = details.get(summary.id);
    if (!detail) {
      report.skipped.push(skip(summary, 'gone', null, 'deleted since the listing was read'));
      continue;
    }
    const manifest = manifestOf(detail, accounts);
    if (keep !== null && !keep(detail.status, manifest.stage)) {
      report.skipped.push(skip(summary, 'filtered', null, `status ${detail.status} is not in --status`));
      continue;
    }
    const written = writableText(detail, manifest);
    if ('unwritable' in written) {
      report.skipped.push(skip(summary, 'unwritable', null, written.unwritable));
      continue;
    }
    if ('secret' in written) {
      report.skipped.push(skip(summary, 'secret', null, written.secret));
      continue;
    }
    const file = `${outDir === '' ? '' : `${outDir}/`}${namer.name(detail.title, detail.id)}`;
    rendered.push({ file, text: written.text, detail });
    report.imported.push({
      file,
      id: detail.id,
      title: detail.title,
      status: detail.status,
      stage: manifest.stage,
      notes: manifest.notes,
    });
  }
  return rendered;
}

/**
 * Every text is written only once all of them were rendered: a failure
 * before leaves the workspace as it was. The folder's place is checked
 * again once it exists, in case a link appeared since; no file is overwritten.
 */
function writeManifests(cwd: string, outDir: string, texts: readonly RenderedManifest[]): void {
  mkdirSync(path.join(cwd, outDir), { recursive: true });
  checkRealPlace(cwd, outDir);
  for (const { file, text } of texts) writeScrubbedFile(path.join(cwd, file), text, { flag: 'wx' });
}
