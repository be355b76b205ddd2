import type { RunReport } from '../engine/types.ts';
import type { Problem } from '../manifest/types.ts';
import { idleState, type PlanItem, type RemoteRef } from '../plan/types.ts';
import { countsText, planCounts, resultCounts } from './counts.ts';
import { diffLines } from './diff.ts';
import { isQuiet, isQuietResult, moreRowsSentence, quietSentence, type Elsewhere } from './scale.ts';
import {
  codeBlock,
  codeCell,
  htmlText,
  inlineCode,
  inlineText,
  joinCells,
  link,
  linkCell,
  markdownTable,
  tableRow,
  textCell,
  type Cell,
  type Markup,
} from './escape.ts';
import { previewRenderSection, type PreviewMediaToken } from './previews.ts';
import { releaseLines } from './release.ts';
import { editValue, fieldName, serviceEditOutcome } from './service-edit-words.ts';
import {
  accountsBehindOneUrl,
  resultNote,
  stepText,
  type Labels,
  oneUrlForSeveral,
  planNotes,
  scopeText,
} from './words.ts';
import { plural } from '../text/plural.ts';
import { shortened } from '../text/shortened.ts';

// The one place a RunReport becomes Markdown. The job summary and the PR
// comment both come from here: a one-line sentence on top, then tables with
// one row per item, then details (scripts, unmanaged items) collapsed. Every
// piece of text from a manifest or the service goes through escape.ts: a
// table takes raw text in its cells and escapes it (markdownTable), so no
// value reaches a row unescaped, whatever it is (a status the service
// invented, a title, a note).
//
// GitHub caps a comment at 65,536 characters and a step summary at 1 MiB.
// When the full report does not fit, script previews are left out from the
// end first, then rows become compact (no links, shorter titles), then
// minimal (what each step is, without values or notes); every item keeps its
// row, and a line says what was left out and where to find it.

type ReportTarget = 'summary' | 'comment';

export interface ReportContext {
  /** GITHUB_EVENT_NAME, or `cli`. */
  event: string;
  /** Why this mode was chosen, for example `auto: push to the default branch main applies`. */
  because?: string;
  shard?: { index: number; count: number } | null;
  /** Link to a manifest at the commit the run is on; null when there is no repository. */
  fileUrl?: (file: string, line: number) => string | null;
  /** The workflow run, whose job summary holds the full report. */
  runUrl?: string | null;
  /** Sentences shown under the headline (already plain text), for example why the run only validated. */
  notes?: string[];
  /** True on PR runs: renders and publications are held by design. */
  pullRequest?: boolean;
  /** The full plan file (the `plan-file` output), named where a table leaves rows out. */
  planFile?: string | null;
  /** Where a preview render's links go: only a private repository's PR comment (report/previews.ts). */
  previewMedia?: PreviewMediaToken;
}

/** Where the report goes and how much of it fits there. */
export interface ReportMedium {
  target: ReportTarget;
  /** Size limit of the whole text. */
  limit: number;
  /** How the limit counts: characters (comment) or UTF-8 bytes (summary). */
  unit: 'chars' | 'bytes';
  /** Held back from the limit for text the caller adds (a marker). */
  reserve?: number;
}

export const COMMENT_LIMIT = 65_536;
export const SUMMARY_LIMIT = 1024 * 1024;

interface Layout {
  /** No links, shorter titles and messages. */
  compact: boolean;
  /** Also: step kinds without values, no notes, no collapsed plan under results. */
  minimal: boolean;
  /** Rows a table keeps; the rest are counted and pointed to (scale.ts). */
  maxRows?: number;
  /** Set with maxRows: where the sentence about the other rows points. */
  target?: ReportTarget;
}

const LAYOUTS: Layout[] = [
  { compact: false, minimal: false },
  { compact: true, minimal: false },
  { compact: true, minimal: true },
];

/** The report as Markdown within the limit. */
export function renderReport(report: RunReport, context: ReportContext, options: ReportMedium): string {
  const size =
    options.unit === 'bytes'
      ? (text: string) => Buffer.byteLength(text, 'utf8')
      : (text: string) => text.length;
  const limit = options.limit - (options.reserve ?? 0);
  const previews = scriptPreviews(report, options.target);
  for (const layout of LAYOUTS) {
    const { compact } = layout;
    // The videos to watch come first, right under the headline: what a reviewer opens the comment for.
    const renders = previewRenderSection(report, compact ? undefined : context.fileUrl, context.previewMedia);
    const head = [headline(report, context), renders, ...body(report, context, layout)];
    const footer = footerLines(report, context, options.target);
    let kept = previews.length;
    for (;;) {
      const note = trimNote(previews.length - kept, compact, context, options.target);
      const text = join([...head, previewSection(previews.slice(0, kept)), note, footer]);
      if (size(text) <= limit) return text;
      if (kept === 0) break;
      // Drop previews from the end: halve quickly while far over, then one at a time.
      kept = size(text) - limit > 4096 ? Math.floor(kept / 2) : kept - 1;
    }
  }
  // Even minimal rows do not fit (thousands of items): keep as many rows as
  // fit, and say how many more there are and where. Each row is measured
  // once; one render checks the sum (the sentence that counts the rest is a
  // few characters longer with rows kept than without, which the margin covers).
  const minimal: Layout = { ...LAYOUTS[2]!, target: options.target };
  const render = (maxRows: number): string =>
    join([headline(report, context), ...body(report, context, { ...minimal, maxRows })]);
  let rows = rowsWithin(longTableRows(report, context, minimal), limit - size(render(0)) - 32, size);
  let kept = render(rows);
  while (rows > 0 && size(kept) > limit) kept = render(--rows);
  if (size(kept) <= limit) return kept;
  // Not even the headline and the problems fit: cut the text and say so.
  const full = kept;
  const note = `\n\n**Trimmed:** this report is longer than GitHub allows here. ${whereIsTheRest(context, options.target)}`;
  return `${cut(full, limit - size(note) - 16, size)}${note}`;
}

/** How many of the first rows, as table lines, take at most `room`. */
function rowsWithin(
  rows: ReadonlyArray<readonly Cell[]>,
  room: number,
  size: (text: string) => number,
): number {
  let used = 0;
  for (const [index, row] of rows.entries()) {
    used += size(tableRow(row)) + 1;
    if (used > room) return index;
  }
  return rows.length;
}

function join(parts: Array<string | null>): string {
  return parts.filter((part): part is string => part !== null && part !== '').join('\n\n');
}

function cut(text: string, limit: number, size: (text: string) => number): string {
  const lines = text.split('\n');
  let total = 0;
  const kept: string[] = [];
  for (const line of lines) {
    total += size(line) + 1;
    if (total > limit) break;
    kept.push(line);
  }
  return kept.join('\n');
}

function whereIsTheRest(context: ReportContext, target: ReportTarget): string {
  if (target === 'comment') {
    return context.runUrl
      ? `The full report is in the [job summary](${context.runUrl}).`
      : 'The full report is in the job summary of this workflow run.';
  }
  return 'The `plan` and `results` outputs and the log hold everything.';
}

function trimNote(
  dropped: number,
  compact: boolean,
  context: ReportContext,
  target: ReportTarget,
): string | null {
  if (dropped === 0 && !compact) return null;
  const what = [
    dropped > 0 ? `${dropped} script preview${dropped === 1 ? ' was' : 's were'} left out` : null,
    compact ? 'rows are shortened' : null,
  ]
    .filter(Boolean)
    .join(' and ');
  return `**Trimmed:** ${what} to stay within GitHub's size limit. ${whereIsTheRest(context, target)}`;
}

// ---------------------------------------------------------------- headline

function headline(report: RunReport, context: ReportContext): string {
  const manifests = report.load.files.length;
  const errors = report.problems.filter((p) => p.severity === 'error').length;
  const warnings = report.problems.length - errors;
  const problemText =
    errors + warnings > 0
      ? `${[errors ? plural(errors, 'error') : null, warnings ? plural(warnings, 'warning') : null].filter(Boolean).join(', ')}`
      : null;
  const shard = context.shard ? ` (shard ${context.shard.index}/${context.shard.count})` : '';
  let sentence: string;
  if (report.fatal !== null) {
    sentence = `**Stopped** ${report.mode === 'apply' ? 'applying' : 'planning'} ${plural(manifests, 'manifest')}${shard}: ${inlineText(report.fatal, 500)}`;
  } else if (report.mode === 'validate' || (report.plan === null && errors > 0)) {
    sentence = `**Validated** ${plural(manifests, 'manifest')}${shard}: ${problemText ?? 'all valid'}.`;
  } else if (report.result !== null && report.mode === 'apply') {
    sentence = `**Applied** ${plural(manifests, 'manifest')}${shard}: ${countsText(resultCounts(report.result, report.plan), true) || 'nothing to do'}${problemText ? `; ${problemText}` : ''}.`;
  } else {
    sentence = `**Plan** for ${plural(manifests, 'manifest')}${shard}: ${report.plan ? countsText(planCounts(report.plan), true) || 'nothing to do' : 'nothing to do'}${problemText ? `; ${problemText}` : ''}.`;
  }
  const lines = [`### content-as-code · ${report.mode}`, sentence];
  if (report.scope && report.plan !== null) lines.push(scopeLine(report.scope));
  if (context.pullRequest && report.mode !== 'validate') {
    const rendered = report.previews?.some((preview) => preview.state !== 'not_rendered') ?? false;
    lines.push(
      rendered
        ? 'Pull request runs never publish; this one shows preview renders for review (below). Merging applies the plan.'
        : 'Pull request runs never render or publish; merging applies the plan.',
    );
  }
  // What is paused or frozen, why and since when, before anything else the run says.
  for (const line of releaseLines(report.release)) lines.push(`> **Release control:** ${inlineText(line)}`);
  for (const note of context.notes ?? []) lines.push(`> ${inlineText(note)}`);
  return lines.join('\n\n');
}

/** A change's plan says what it covers, and how to read everything. */
function scopeLine(scope: NonNullable<RunReport['scope']>): string {
  const text = scopeText(scope, inlineCode);
  return `${text[0]!.toUpperCase()}${text.slice(1)}. Applies read every item; \`full-read: true\` plans them all here too.`;
}

// ---------------------------------------------------------------- tables

function body(report: RunReport, context: ReportContext, layout: Layout): string[] {
  return [
    problemTable(report.problems, context, layout),
    report.result
      ? resultTable(report, context, layout)
      : report.plan
        ? planTable(report, context, layout)
        : null,
    heldForReviewLine(report.plan?.items ?? []),
    serviceEditSection(report.plan?.items ?? [], context, layout),
    report.result && report.plan && !layout.minimal ? planDetails(report, context, layout) : null,
    unmanagedSection(report.plan?.unmanaged ?? [], layout),
    notesSection(report.notes ?? []),
  ].filter((part): part is string => part !== null);
}

/** The pull requests whose reviewed plan held items, linked: where to look, and what to open next. */
function heldForReviewLine(items: readonly PlanItem[]): string | null {
  const pulls = new Map<number, { url: string | null; count: number }>();
  for (const hold of items.flatMap((item) => item.holds)) {
    if (hold.kind !== 'changed_since_review') continue;
    const pull = pulls.get(hold.pr) ?? { url: hold.url, count: 0 };
    pull.count++;
    pulls.set(hold.pr, pull);
  }
  if (pulls.size === 0) return null;
  const links = [...pulls].map(
    ([number, { url, count }]) => `${link(`#${number}`, url && safeUrl(url))} (${plural(count, 'item')})`,
  );
  return `**Changed since review:** ${links.join(', ')}. A pull request that shows them, or a run with \`require-review: off\`, releases them.`;
}

/**
 * Fields edited in the service, side by side with the manifest's value and,
 * for a conflict, what the last apply asked for: every run says them, the
 * scheduled one nobody reviews included (docs/service-edits.md).
 */
function serviceEditSection(
  items: readonly PlanItem[],
  context: ReportContext,
  layout: Layout,
): string | null {
  const rows = items.flatMap((item) =>
    (item.serviceEdits ?? []).map((edit): Cell[] => [
      fileCell(item.file, item.file, item.line, context, layout),
      textCell(fieldName(edit.field)),
      textCell(editValue(edit.service), layout.compact ? 40 : 120),
      textCell(editValue(edit.manifest), layout.compact ? 40 : 120),
      textCell(edit.outcome === 'conflict' ? editValue(edit.asked) : '', layout.compact ? 40 : 120),
      textCell(serviceEditOutcome(edit)),
    ]),
  );
  if (rows.length === 0) return null;
  const { rows: shown, more } = capped(rows, layout, context);
  const table = markdownTable(
    ['Manifest', 'Field', 'In the service', 'In the manifest', 'Last applied', 'This run'],
    shown,
  );
  const intro =
    '**Edited in the service:** fields whose value in the service is not what the repository last asked for. ' +
    'Kept unless `self-heal: true`; `content-as-code adopt` (or `mode: adopt`) writes them into the manifests; ' +
    '`ignore_service_edits` leaves a field to the service.';
  return join([intro, table, more]);
}

/** Informational reads that failed: said once, changed nothing. */
function notesSection(notes: readonly string[]): string | null {
  if (notes.length === 0) return null;
  return notes.map((note) => `> ${inlineText(note, 500)}`).join('\n>\n');
}

function titleLimit(layout: Layout): number {
  return layout.minimal ? 40 : layout.compact ? 60 : 120;
}

function fileCell(label: string, file: string, line: number, context: ReportContext, layout: Layout): Markup {
  const url = layout.compact ? null : (context.fileUrl?.(file, line) ?? null);
  return linkCell(label, url);
}

function problemTable(problems: Problem[], context: ReportContext, layout: Layout): string | null {
  if (problems.length === 0) return null;
  const rows = problems.map((p): Cell[] => [
    p.severity === 'error' ? 'error' : 'warning',
    fileCell(`${p.file}:${p.line}:${p.column}`, p.file, p.line, context, layout),
    textCell(p.message, layout.compact ? 200 : 1000),
  ]);
  return markdownTable(['', 'Where', 'Problem'], rows);
}

function itemTitle(item: PlanItem, layout: Layout): Markup {
  const title = textCell(item.title, titleLimit(layout));
  return item.renamedFrom
    ? joinCells(
        [title, joinCells(['(renamed from “', textCell(item.renamedFrom, titleLimit(layout)), '”)'], '')],
        ' ',
      )
    : title;
}

/** Where the rows a capped table leaves out are. */
function elsewhere(context: ReportContext, target: ReportTarget | null): Elsewhere {
  return {
    summaryUrl: target === 'comment' ? (context.runUrl ?? null) : null,
    planFile: context.planFile ?? null,
  };
}

/** Rows, capped at layout.maxRows, with the sentence that counts what was left out. */
function capped(
  rows: Cell[][],
  layout: Layout,
  context: ReportContext,
): { rows: Cell[][]; more: string | null } {
  const max = layout.maxRows ?? Infinity;
  if (rows.length <= max) return { rows, more: null };
  return {
    rows: rows.slice(0, max),
    more: moreRowsSentence(max, rows.length, elsewhere(context, layout.target ?? null)),
  };
}

function planTable(report: RunReport, context: ReportContext, layout: Layout): string | null {
  const all = report.plan?.items ?? [];
  if (all.length === 0) return null;
  const quiet = quietSentence(all.filter(isQuiet));
  const listed = planRows(report, context, layout);
  if (listed.length === 0) return quiet;
  const { rows, more } = capped(listed, layout, context);
  const table = markdownTable(['Manifest', 'Item', 'Status', 'Plan', 'Notes'], rows);
  return join([table, more, quiet]);
}

/** The plan table's rows: one per item that does something. */
function planRows(report: RunReport, context: ReportContext, layout: Layout): Cell[][] {
  const items = (report.plan?.items ?? []).filter((item) => !isQuiet(item));
  return items.map((item): Cell[] => [
    fileCell(item.file, item.file, item.line, context, layout),
    itemTitle(item, layout),
    item.remote?.status ?? 'not created',
    layout.minimal ? stepKinds(item) : stepsText(item),
    // Plain text, escaped with its cell.
    layout.minimal ? '' : planNotes(item, layout.compact).join('; '),
  ]);
}

/** The rows of the table a report is long by: its results, else its plan. */
function longTableRows(report: RunReport, context: ReportContext, layout: Layout): Cell[][] {
  return report.result ? resultRows(report, context, layout).rows : planRows(report, context, layout);
}

function resultTable(report: RunReport, context: ReportContext, layout: Layout): string | null {
  const all = report.result?.items ?? [];
  if (all.length === 0) return null;
  const planned = plansByFile(report);
  const quietPlans = all.flatMap((item) => {
    const plan = planned.get(item.file);
    return plan && isQuietResult(item, plan) ? [plan] : [];
  });
  const quiet = quietSentence(quietPlans);
  const { rows: listed, sharedUrls } = resultRows(report, context, layout);
  if (listed.length === 0) return quiet;
  const { rows, more } = capped(listed, layout, context);
  const table = join([
    markdownTable(['Manifest', 'Item', 'Outcome', 'Status', 'Published', 'Notes', 'Time'], rows),
    more,
    quiet,
  ]);
  if (sharedUrls === 0) return table;
  return `${table}\n\nThe service reports one public URL per item: for ${plural(sharedUrls, 'item')} published to several accounts, the other accounts' posts are on those platforms, not linked here.`;
}

function plansByFile(report: RunReport): Map<string, PlanItem> {
  return new Map((report.plan?.items ?? []).map((item) => [item.file, item]));
}

/** The result table's rows (one per item that did something), and how many of them share one URL among accounts. */
function resultRows(
  report: RunReport,
  context: ReportContext,
  layout: Layout,
): { rows: Cell[][]; sharedUrls: number } {
  const planned = plansByFile(report);
  const items = (report.result?.items ?? []).filter((item) => !isQuietResult(item, planned.get(item.file)));
  let sharedUrls = 0;
  const rows = items.map((item): Cell[] => {
    const plan = planned.get(item.file);
    const published = joinCells(
      item.publishedUrls.map((p) => linkCell(p.platform, safeUrl(p.url))),
      ', ',
    );
    const several = oneUrlForSeveral(item) ? accountsBehindOneUrl(plan).length : 0;
    if (several > 0) sharedUrls++;
    const shown = several > 0 ? joinCells([published, `(one URL for ${several} accounts)`], ' ') : published;
    const note = item.lastError ?? item.error ?? resultNote(item, plan);
    return [
      fileCell(item.file, item.file, plan?.line ?? 1, context, layout),
      textCell(item.title, titleLimit(layout)),
      item.outcome,
      item.status ?? '',
      shown,
      note ? textCell(note, layout.minimal ? 80 : layout.compact ? 160 : 500) : '',
      seconds(item.durationMs),
    ];
  });
  return { rows, sharedUrls };
}

/** In apply reports the plan goes into a collapsed section under the results. */
function planDetails(report: RunReport, context: ReportContext, layout: Layout): string | null {
  const table = planTable(report, context, layout);
  return table ? `<details><summary>Plan that was applied</summary>\n\n${table}\n\n</details>` : null;
}

function unmanagedSection(unmanaged: RemoteRef[], layout: Layout): string | null {
  if (unmanaged.length === 0) return null;
  const shown = layout.compact ? unmanaged.slice(0, 50) : unmanaged;
  const rows = shown.map((ref): Cell[] => [
    textCell(ref.title, titleLimit(layout)),
    codeCell(ref.id),
    ref.status,
  ]);
  const more = unmanaged.length - shown.length;
  return [
    `<details><summary>${plural(unmanaged.length, 'remote item')} that no manifest claims (left untouched)</summary>`,
    '',
    markdownTable(['Title', 'Id', 'Status'], rows),
    more > 0 ? `\nand ${more} more.` : '',
    '</details>',
  ].join('\n');
}

function safeUrl(url: string): string | null {
  return /^https?:\/\//i.test(url) ? url : null;
}

/** ` (in 2 worker threads)` when the manifests were parsed in worker threads. */
function inThreads(threads: number | undefined): string {
  if (threads === undefined) return '';
  return ` (in ${threads} worker ${threads === 1 ? 'thread' : 'threads'})`;
}

function seconds(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/** The shortest true description of a plan row: which steps, nothing more. */
function stepKinds(item: PlanItem): string {
  return item.steps.length === 0 ? idleState(item) : item.steps.map((step) => step.kind).join(', ');
}

/** The plan's steps as plain text: the table escapes the whole cell, a status the service invented included. */
function stepsText(item: PlanItem): string {
  if (item.steps.length === 0) return idleState(item);
  return item.steps.map((step) => stepText(step, markdownLabels)).join('; ');
}

/** Names and values shortened on one line, and escaped with the rest of their cell. */
const markdownLabels: Labels = {
  account: (account) => `${account.platform} ${shortened(account.name, 40)}`,
  value: (text) => `“${shortened(text, 60)}”`,
};

// ---------------------------------------------------------------- scripts

interface Preview {
  text: string;
}

/**
 * Scripts reviewers read. The comment shows the scripts of items this plan
 * creates or edits (as a diff where the service has an earlier script; with
 * `preview-scripts` the engine has already read back what the service wrote);
 * the summary shows the scripts of the items the run changes, so a run that
 * changes nothing stays short however large the catalogue.
 */
function scriptPreviews(report: RunReport, target: ReportTarget): Preview[] {
  const previews: Preview[] = [];
  for (const item of report.plan?.items ?? []) {
    const { desired, remote } = item.script;
    if (desired === null && remote === null) continue;
    // A render is shown too: its script is what the merge spends credits on (and what the reviewed plan holds).
    const touched = item.steps.some(
      (step) => step.kind === 'create' || step.kind === 'edit' || step.kind === 'render',
    );
    const differs = desired !== null && remote !== null && desired !== remote;
    // The comment shows scripts to review; the summary, the scripts of what this run changed.
    const changed = item.steps.some((step) => step.kind !== 'wait');
    if (target === 'comment' ? !touched && !differs : !changed && !differs) continue;
    const title = htmlText(item.title, 120);
    const created = item.steps.some((step) => step.kind === 'create');
    let summary: string;
    let block: string;
    if (differs) {
      summary = `${title}: script changes`;
      block = codeBlock(diffLines(remote, desired), 'diff');
    } else {
      summary = `${title}: ${created ? 'new script' : 'script'}`;
      block = codeBlock(desired ?? remote ?? '', 'text');
    }
    previews.push({ text: `<details><summary>${summary}</summary>\n\n${block}\n\n</details>` });
  }
  return previews;
}

function previewSection(previews: Preview[]): string | null {
  if (previews.length === 0) return null;
  return ['#### Scripts', ...previews.map((p) => p.text)].join('\n\n');
}

// ---------------------------------------------------------------- footer

function footerLines(report: RunReport, context: ReportContext, target: ReportTarget): string {
  if (target === 'comment') {
    return `<sub>${context.runUrl ? `[Job summary](${context.runUrl})` : 'Job summary'} has the full report.</sub>`;
  }
  const credits =
    report.creditsBefore !== null || report.creditsAfter !== null
      ? `credits ${report.creditsBefore ?? '?'} → ${report.creditsAfter ?? report.creditsBefore ?? '?'}`
      : null;
  const t = report.timings;
  const parts = [
    `mode ${report.mode}${context.because ? ` (${inlineText(context.because)})` : ''}`,
    `event ${inlineText(context.event || 'none')}`,
    context.shard ? `shard ${context.shard.index}/${context.shard.count}` : null,
    credits,
    `load ${seconds(t.loadMs)}${inThreads(report.load.workerThreads)}, plan ${seconds(t.planMs)}, apply ${seconds(t.applyMs)}`,
  ];
  return parts.filter(Boolean).join(' · ');
}
