import { inlineCode, inlineText } from '../report/escape.ts';
import type { ImportReport, SkippedItem } from './import.ts';
import { plural } from '../text/plural.ts';

// The import report in words, for the terminal and the action's log and job
// summary: what was written, what was skipped and why, and whether the plan
// of the written files is empty (the promise).

const REASON_TITLES: Record<SkippedItem['reason'], string> = {
  managed: 'already managed',
  filtered: 'left out by --only or --status',
  duplicate_title: 'title shared by another item',
  title_taken: 'title used by a manifest of another item',
  blank_title: 'blank title',
  gone: 'deleted since the listing',
  unwritable: 'no manifest that loads back exactly',
  secret: 'a text holds the API key, a token or a signed URL',
};

export function importHeadline(report: ImportReport): string {
  if (report.refused !== null) return `Nothing imported: ${report.refused}`;
  const check = report.check;
  const changes = check?.changes.length ?? 0;
  const promise =
    report.imported.length === 0
      ? ''
      : changes === 0
        ? ' A plan of them shows no change.'
        : ` ${plural(changes, 'imported file')} would still change on the next plan (listed above).`;
  return `Imported ${plural(report.imported.length, 'item')} into ${report.outDir || '.'}; skipped ${report.skipped.length}.${promise}`;
}

export function renderImportText(report: ImportReport): string {
  const lines: string[] = [];
  for (const problem of report.problems) {
    lines.push(`${problem.file}:${problem.line}:${problem.column}: ${problem.message}`);
  }
  for (const item of report.imported) {
    lines.push(`+ ${item.file}  ${JSON.stringify(item.title)} (${item.status} -> stage ${item.stage})`);
    for (const note of item.notes) lines.push(`    note: ${note}`);
  }
  const byReason = new Map<SkippedItem['reason'], SkippedItem[]>();
  for (const item of report.skipped) byReason.set(item.reason, [...(byReason.get(item.reason) ?? []), item]);
  for (const [reason, items] of byReason) {
    lines.push(`Skipped, ${REASON_TITLES[reason]} (${items.length}):`);
    for (const item of items) lines.push(`  - ${JSON.stringify(item.title)} ${item.id}: ${item.message}`);
  }
  for (const change of report.check?.changes ?? []) lines.push(`! ${change.file}: ${change.what}`);
  for (const file of report.check?.outsideGlob ?? []) {
    lines.push(
      `! ${file} is not matched by the manifests' glob: plan will not read it; move it or widen --manifests.`,
    );
  }
  lines.push(importHeadline(report));
  return lines.join('\n');
}

/** The job summary: the same facts as a Markdown list. */
export function renderImportMarkdown(report: ImportReport): string {
  const lines = ['## content-as-code import', '', inlineText(importHeadline(report)), ''];
  for (const item of report.imported) {
    const commented = item.notes.length > 0 ? ' (see the comment in the file)' : '';
    lines.push(`- ${inlineCode(item.file)}: ${inlineText(item.status)} → stage ${item.stage}${commented}`);
  }
  if (report.skipped.length > 0) {
    lines.push('', '| Skipped | Count |', '|---|---|');
    const counts = new Map<string, number>();
    for (const item of report.skipped) counts.set(item.reason, (counts.get(item.reason) ?? 0) + 1);
    for (const [reason, count] of counts)
      lines.push(`| ${REASON_TITLES[reason as SkippedItem['reason']]} | ${count} |`);
  }
  return `${lines.join('\n')}\n`;
}
