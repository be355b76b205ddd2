import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { isCollection, isScalar, isSeq, parseDocument, type Document } from 'yaml';
import { runEngine } from '../engine/engine.ts';
import type { EngineOptions, RunReport } from '../engine/types.ts';
import { blocksWrites } from '../manifest/types.ts';
import { writeScrubbedFile } from '../secrets.ts';
import type { ServiceEdit } from '../plan/types.ts';
import { hashtagsOf } from './manifest.ts';
import { styleOf } from './yaml-text.ts';
import { isRecord } from '../record.ts';

// `adopt`: the service's values of the fields edited there written into the
// manifests that set them, so that a person's work in the web app comes
// back into git (through a pull request) and the plan shows no difference
// after it. It reads the service only, as a plan does; it changes the
// manifests' text in place, keeping their comments, order and layout, and
// writes each value in the key the manifest uses (a manifest whose value
// came from a `_defaults.yml` gets it as its own).

/** One manifest adopt rewrote, and the fields it took from the service. */
interface AdoptedFile {
  file: string;
  fields: string[];
}

export interface AdoptReport {
  /** The plan the edits were read from (plan mode: nothing was written to the service). */
  report: RunReport;
  adopted: AdoptedFile[];
  /** Why nothing was adopted: the plan stopped, or the manifests have errors; null otherwise. */
  refused: string | null;
}

/** The value the manifest gets: the list form of hashtags when it had one, the manifest's keys of fine_tuning. */
function manifestValue(doc: Document, edit: ServiceEdit): unknown {
  const { service } = edit;
  if (edit.field === 'hashtags' && typeof service === 'string' && isSeq(doc.get('hashtags', true))) {
    const tags = hashtagsOf(service);
    return 'value' in tags ? tags.value : service;
  }
  const mine = edit.manifest;
  if (edit.field === 'fine_tuning' && isRecord(mine) && isRecord(service)) {
    return Object.fromEntries(
      Object.keys(mine).flatMap((key) => (key in service ? [[key, service[key]]] : [])),
    );
  }
  return service;
}

/** The manifest's text with the service's values of its edited fields; comments and layout kept. */
export function adoptedText(text: string, edits: readonly ServiceEdit[]): string {
  const doc = parseDocument(text);
  for (const edit of edits) {
    const key = edit.field === 'persona_id' ? 'persona' : edit.field;
    const value = manifestValue(doc, edit);
    const node = doc.get(key, true);
    if (isScalar(node) && typeof value === 'string') {
      node.value = value;
      node.type = styleOf(value);
      continue;
    }
    const created = doc.createNode(value);
    if (isScalar(created) && typeof value === 'string') created.type = styleOf(value);
    // A list or mapping written inline (`[a, b]`, `{ pace: slow }`) stays inline.
    if (isCollection(created) && isCollection(node)) created.flow = node.flow ?? false;
    doc.set(key, created);
  }
  return doc.toString();
}

/** The plan, read-only, then every manifest with a field edited in the service rewritten. */
export async function runAdopt(options: EngineOptions): Promise<AdoptReport> {
  const readOnly = { write: false, render: false, publish: false, publishDisabledBy: 'event' as const };
  const settings = { ...options.settings, mode: 'plan' as const, permissions: readOnly, selfHeal: false };
  const report = await runEngine({ ...options, settings });
  if (report.fatal !== null) return { report, adopted: [], refused: report.fatal };
  if (report.problems.some(blocksWrites))
    return { report, adopted: [], refused: 'the manifests have errors: fix them first, then adopt.' };
  const adopted: AdoptedFile[] = [];
  for (const item of report.plan?.items ?? []) {
    const edits = item.serviceEdits ?? [];
    if (edits.length === 0) continue;
    const file = path.join(options.settings.cwd, item.file);
    writeScrubbedFile(file, adoptedText(await readFile(file, 'utf8'), edits));
    adopted.push({ file: item.file, fields: edits.map((edit) => edit.field) });
  }
  return { report, adopted, refused: null };
}

/** What adopt did, in plain lines (the callers escape them where they are shown). */
export function adoptLines(result: AdoptReport): string[] {
  if (result.refused !== null) return [`Nothing adopted: ${result.refused}`];
  if (result.adopted.length === 0) return ['Nothing to adopt: no field is edited in the service.'];
  const fields = result.adopted.reduce((sum, file) => sum + file.fields.length, 0);
  return [
    `Adopted ${fields} field(s) edited in the service into ${result.adopted.length} manifest(s); commit them (a pull request) to keep them:`,
    ...result.adopted.map((file) => `  ${file.file}: ${file.fields.join(', ')}`),
  ];
}
