import type { ContentStatus, Progress } from '../service-client/types.ts';
import type { ApplyResult, ItemResult, Outcome } from '../apply/types.ts';
import { countsText, planCounts, resultCounts } from './counts.ts';
import { publishedThisRun } from '../apply/results.ts';
import { generates } from '../plan/steps.ts';
import { idleState, type Plan, type PlanItem } from '../plan/types.ts';
import {
  accountsBehindOneUrl,
  noteText,
  planNotes,
  flowText,
  resultNote,
  stepText,
  type Labels,
  oneUrlForSeveral,
} from './words.ts';
import { plural } from '../text/plural.ts';
import { shortened } from '../text/shortened.ts';

// Plans and results for a terminal: plain text, aligned columns, colour only
// when asked (the CLI asks when stdout is a TTY and NO_COLOR is unset). The
// Markdown of the job summary and the PR comment lives in markdown.ts; this
// module says the same things in fewer characters.

export interface TextStyle {
  color: boolean;
  /**
   * The terminal's width: a table wider than this has its widest columns
   * wrapped to fit. None (a pipe, a file): each row stays on one line, whole.
   */
  columns?: number;
}

const PLAIN: TextStyle = { color: false };

type Tone = 'good' | 'bad' | 'busy' | 'dim' | 'bold';
const ANSI: Record<Tone, [string, string]> = {
  good: ['\u001b[32m', '\u001b[39m'],
  bad: ['\u001b[31m', '\u001b[39m'],
  busy: ['\u001b[33m', '\u001b[39m'],
  dim: ['\u001b[2m', '\u001b[22m'],
  bold: ['\u001b[1m', '\u001b[22m'],
};

function paint(text: string, tone: Tone | null, style: TextStyle): string {
  if (!style.color || tone === null || text === '') return text;
  const [open, close] = ANSI[tone];
  return `${open}${text}${close}`;
}

/** A cell: its text, and the tone its text is painted in (padding stays outside, so colour never skews widths). */
export type Cell = string | { text: string; tone: Tone | null };

function width(text: string): number {
  return [...text].length;
}

/**
 * Columns padded to the widest cell; the last column is not padded. Within
 * `style.columns`, the widest columns are narrowed in turn and their cells
 * wrapped at spaces onto the lines below, each in its own column.
 */
export function renderTable(headers: string[], rows: Cell[][], style: TextStyle = PLAIN): string {
  const cells = rows.map((row) =>
    row.map((cell) => (typeof cell === 'string' ? { text: cell, tone: null } : cell)),
  );
  const natural = headers.map((header, i) =>
    Math.max(width(header), ...cells.map((row) => width(row[i]?.text ?? ''))),
  );
  const widths = style.columns === undefined ? natural : narrowed(natural, headers, style.columns);
  const lines = (row: Array<{ text: string; tone: Tone | null }>): string[] => {
    const wrapped = row.map((cell, i) => wrap(cell.text, widths[i]!));
    const height = Math.max(...wrapped.map((parts) => parts.length));
    return Array.from({ length: height }, (_, k) =>
      row
        .map((cell, i) => {
          const text = wrapped[i]![k] ?? '';
          const padding = i === row.length - 1 ? '' : ' '.repeat(widths[i]! - width(text));
          return paint(text, cell.tone, style) + padding;
        })
        .join('  ')
        .trimEnd(),
    );
  };
  const head = lines(headers.map((text) => ({ text, tone: 'bold' as const })));
  return [...head, ...cells.flatMap(lines)].join('\n');
}

/** Narrower cells are wrapped no narrower than this, nor than their header. */
const MIN_COLUMN = 12;

/**
 * The widths narrowed, the one with most to give first, until the row fits
 * `columns` or none can give more. The first column (a file, which editors
 * and terminals make a link of) is never narrowed.
 */
function narrowed(natural: readonly number[], headers: readonly string[], columns: number): number[] {
  const widths = [...natural];
  const floor = headers.map((header, i) =>
    i === 0 ? natural[i]! : Math.min(natural[i]!, Math.max(MIN_COLUMN, width(header))),
  );
  let excess = widths.reduce((sum, w) => sum + w, 2 * (widths.length - 1)) - columns;
  while (excess > 0) {
    const widest = widths.reduce(
      (best, w, i) => (w - floor[i]! > widths[best]! - floor[best]! ? i : best),
      0,
    );
    if (widths[widest]! <= floor[widest]!) break;
    widths[widest] = widths[widest]! - 1;
    excess -= 1;
  }
  return widths;
}

/** `text` in lines of at most `max` characters, broken at spaces (a longer word is cut). */
function wrap(text: string, max: number): string[] {
  if (width(text) <= max) return [text];
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    let rest = [...word];
    if (line !== '' && width(line) + 1 + rest.length <= max) {
      line += ` ${word}`;
      continue;
    }
    if (line !== '') lines.push(line);
    while (rest.length > max) {
      lines.push(rest.slice(0, max).join(''));
      rest = rest.slice(max);
    }
    line = rest.join('');
  }
  lines.push(line);
  return lines;
}

// ---- plan ----

const terminalLabels: Labels = {
  /** Platforms only: the table stays narrow, the account names are in the manifest. */
  account: (account) => account.platform,
  value: (text) => `"${shortened(text, 40)}"`,
};

function itemAction(item: PlanItem): string {
  if (item.steps.length > 0) return item.steps.map((step) => stepText(step, terminalLabels)).join(', then ');
  return idleState(item);
}

function itemNotes(item: PlanItem): string {
  const notes: string[] = [];
  if (item.match === 'renamed' && item.renamedFrom !== null) notes.push(`renamed from "${item.renamedFrom}"`);
  if (item.match === 'pinned') notes.push('pinned by id');
  return [...notes, ...planNotes(item)].join('; ');
}

function actionTone(item: PlanItem): Tone | null {
  if (item.steps.length === 0) return 'dim';
  return generates(item.steps) ? 'busy' : null;
}

/** `label` replaces the headline's "Plan", for a plan that will not run. */
export function renderPlanText(plan: Plan, style: TextStyle = PLAIN, label?: string): string {
  const lines: string[] = [];
  const verb = label ?? (plan.mode === 'apply' ? 'Plan' : `Plan (${plan.mode} only, nothing is changed)`);
  lines.push(paint(`${verb}: ${planHeadline(plan)}`, 'bold', style), '');
  if (plan.items.length > 0) {
    lines.push(
      renderTable(
        ['FILE', 'TITLE', 'STAGE', 'FLOW', 'STATUS', 'ACTION', 'NOTES'],
        plan.items.map((item) => [
          `${item.file}:${item.line}`,
          shortened(item.title, 40),
          item.stage,
          flowText(item),
          item.remote?.status ?? 'new',
          { text: itemAction(item), tone: actionTone(item) },
          { text: itemNotes(item), tone: 'dim' },
        ]),
        style,
      ),
    );
  }
  if (plan.unmanaged.length > 0) {
    lines.push('', `Unmanaged (no manifest claims them; never touched): ${plan.unmanaged.length}`);
    for (const ref of plan.unmanaged) lines.push(`  ${ref.id}  ${shortened(ref.title, 60)}  ${ref.status}`);
  }
  return lines.join('\n');
}

/** The plan in one sentence: `5 items, 5 to create, 0 to edit, 4 to render, 2 publications.` */
export function planHeadline(plan: Plan): string {
  return `${plural(plan.items.length, 'item')}, ${countsText(planCounts(plan))}.`;
}

// ---- results ----

const OUTCOME_TONES: Record<Outcome, Tone | null> = {
  created: 'good',
  updated: 'good',
  rendered: 'good',
  published: 'good',
  unchanged: 'dim',
  drifted: 'busy',
  held: 'dim',
  running: 'busy',
  unknown: 'busy',
  failed: 'bad',
  skipped: 'dim',
  error: 'bad',
};

function statusTone(status: ContentStatus | null): Tone | null {
  if (status === null) return null;
  if (status.startsWith('FAILED')) return 'bad';
  if (status === 'UPLOADED' || status === 'VIDEO_PROCESSED' || status === 'NEW') return 'good';
  return 'busy';
}

function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)}ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)}s`;
  return `${Math.floor(ms / 60_000)}m${String(Math.round((ms % 60_000) / 1000)).padStart(2, '0')}s`;
}

/** `plan` (when given) supplies the reasons beside skipped items, schedules, and the accounts behind one URL. */
export function renderResultsText(result: ApplyResult, style: TextStyle = PLAIN, plan?: Plan | null): string {
  const lines: string[] = [paint(`Results: ${resultsHeadline(result, plan ?? null)}`, 'bold', style), ''];
  const planned = new Map((plan?.items ?? []).map((item) => [item.file, item]));
  if (result.items.length > 0) {
    lines.push(
      renderTable(
        ['FILE', 'TITLE', 'OUTCOME', 'STATUS', 'TIME', 'NOTES'],
        result.items.map((item) => [
          item.file,
          shortened(item.title, 40),
          { text: item.outcome, tone: OUTCOME_TONES[item.outcome] },
          { text: item.status ?? '-', tone: statusTone(item.status) },
          formatDuration(item.durationMs),
          { text: resultNote(item, planned.get(item.file)) ?? '', tone: 'dim' },
        ]),
        style,
      ),
    );
  }
  const published = result.items.filter((item) => publishedThisRun(item) && item.publishedUrls.length > 0);
  if (published.length > 0) {
    lines.push('', 'Published:');
    for (const item of published) {
      const behind = oneUrlForSeveral(item) ? accountsBehindOneUrl(planned.get(item.file)) : [];
      for (const url of item.publishedUrls) {
        const note = behind.length > 0 ? `  (the service reports this one URL for ${behind.join(', ')})` : '';
        lines.push(`  ${shortened(url.title, 40)}  ${url.platform}  ${url.url}${note}`);
      }
    }
  }
  // What the service stored in its own form: said once, below the table.
  const noted = result.items.filter((item) => (item.notes ?? []).length > 0);
  if (noted.length > 0) {
    lines.push('', 'Notes:');
    for (const item of noted)
      for (const text of (item.notes ?? []).map(noteText)) lines.push(`  ${item.file}: ${text}`);
  }
  const failures = result.items.filter((item) => item.lastError !== null || item.error !== null);
  if (failures.length > 0) {
    lines.push('', paint('Failed:', 'bad', style));
    for (const item of failures) lines.push(...failureLines(item));
  }
  if (result.creditsBefore !== null || result.creditsAfter !== null) {
    lines.push('', creditsLine(result.creditsBefore, result.creditsAfter));
  }
  return lines.join('\n');
}

function failureLines(item: ItemResult): string[] {
  const lines = [`  ${item.file}: ${item.title}${item.status ? ` (${item.status})` : ''}`];
  if (item.lastError !== null) lines.push(`    last_error: ${item.lastError}`);
  if (item.error !== null) lines.push(`    error: ${item.error}`);
  return lines;
}

function creditsLine(before: number | null, after: number | null): string {
  const show = (value: number | null): string => (value === null ? 'unknown' : String(value));
  const spent = before !== null && after !== null ? ` (${before - after} spent)` : '';
  return `Credits: ${show(before)} before, ${show(after)} after${spent}.`;
}

/** The results in one sentence, as the terminal's report opens. */
/** The run in one sentence, in the plan's terms (counts.ts): `5 items, 5 created, 0 edited, 4 rendered, 2 publications.` */
export function resultsHeadline(result: ApplyResult, plan: Plan | null = null): string {
  if (result.items.length === 0) return 'nothing to do.';
  return `${plural(result.items.length, 'item')}, ${countsText(resultCounts(result, plan))}.`;
}

// ---- progress ----

export interface ProgressEvent {
  file: string;
  title: string;
  status: ContentStatus;
  progress: Progress | null;
}

function formatProgressLine(event: ProgressEvent, style: TextStyle = PLAIN): string {
  const parts = [
    `  ${event.file}`,
    shortened(event.title, 40),
    paint(event.status, statusTone(event.status), style),
  ];
  const percentage = event.progress?.percentage;
  if (typeof percentage === 'number') parts.push(`${Math.round(percentage)}%`);
  const detail = event.progress?.message ?? event.progress?.step;
  if (detail) parts.push(paint(shortened(detail, 60), 'dim', style));
  return parts.join('  ');
}

/**
 * One line per state change: a new status, a new step, or the percentage
 * moving on by at least `minStep` points. Identical snapshots from repeated
 * polls print nothing.
 */
export function createProgressPrinter(
  write: (line: string) => void,
  style: TextStyle = PLAIN,
  minStep = 10,
): (event: ProgressEvent) => void {
  const last = new Map<string, { status: ContentStatus; step: string | null; percentage: number | null }>();
  return (event) => {
    const previous = last.get(event.file);
    const step = event.progress?.step ?? null;
    const percentage = event.progress?.percentage ?? null;
    if (
      previous !== undefined &&
      previous.status === event.status &&
      previous.step === step &&
      (percentage === null ||
        (previous.percentage !== null && percentage !== 100 && percentage - previous.percentage < minStep) ||
        previous.percentage === percentage)
    ) {
      return;
    }
    last.set(event.file, { status: event.status, step, percentage });
    write(formatProgressLine(event, style));
  };
}
