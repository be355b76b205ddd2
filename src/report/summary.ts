import type { RunReport } from '../engine/types.ts';
import { renderReport, SUMMARY_LIMIT, type ReportContext } from './markdown.ts';

// The job summary: the same Markdown as the PR comment, with every script
// and the run's mode, event, credits and timings, kept under GitHub's 1 MiB
// step-summary limit (counted in bytes). Room is kept for the redaction of
// secrets and signed URLs, which may change the length slightly.

const MARGIN = 4 * 1024;

export interface SummaryExtras {
  /** Annotations GitHub will not show (it shows 10 per kind per step). */
  hiddenErrors: number;
  hiddenWarnings: number;
}

export function summaryMarkdown(report: RunReport, context: ReportContext, extras: SummaryExtras): string {
  const notes = [...(context.notes ?? [])];
  const hidden = extras.hiddenErrors + extras.hiddenWarnings;
  if (hidden > 0) {
    notes.push(
      `GitHub shows 10 annotations of each kind per step; ${hidden} more (${extras.hiddenErrors} errors, ${extras.hiddenWarnings} warnings) are listed in the tables below.`,
    );
  }
  return `${renderReport(report, { ...context, notes }, { target: 'summary', limit: SUMMARY_LIMIT - MARGIN, unit: 'bytes' })}\n`;
}
