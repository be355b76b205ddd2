import type { Consequence } from '../service-client/readings.ts';
import { inlineText } from '../report/escape.ts';
import type { DoctorReport, Finding } from './probe.ts';

// Doctor's report in words: one line per rule for the terminal, one table for
// the job summary. The JSON form is the report itself (schema/doctor.schema.json).

const ACTION_WORDS: Record<Consequence, string> = {
  hold: 'an apply holds the items concerned',
  stop: 'an apply stops before writing',
  note: 'an apply notes it and goes on',
};

function verdictText(finding: Finding): string {
  switch (finding.verdict) {
    case 'understood':
      return `understood: ${finding.reading}`;
    case 'not observed':
      return 'not observed';
    case 'not understood':
      return `NOT UNDERSTOOD: ${ACTION_WORDS[finding.consequence?.action ?? 'stop']} (${finding.consequence?.effect ?? ''})`;
  }
}

export function doctorHeadline(report: DoctorReport): string {
  const failing = report.findings.filter((finding) => finding.verdict === 'not understood').length;
  const verdict =
    report.nothingObserved !== null
      ? `could observe nothing: ${report.nothingObserved}`
      : failing === 0
        ? 'the client understands every rule it could observe'
        : `${failing} rule${failing === 1 ? '' : 's'} not understood`;
  return `Doctor: ${verdict} (${report.requests.used} of ${report.requests.budget} GET requests, nothing written).`;
}

export function renderDoctorText(report: DoctorReport): string {
  const lines = [doctorHeadline(report), `Service: ${report.baseUrl}`, ''];
  for (const finding of report.findings) {
    lines.push(`${finding.rule.padEnd(4)} ${finding.title} (${finding.endpoint}): ${verdictText(finding)}`);
    lines.push(`     seen: ${finding.seen}`);
  }
  lines.push(
    '',
    'Rules are those of docs/service-assumptions.md; each reading named is one the client handles.',
  );
  return lines.join('\n');
}

export function renderDoctorMarkdown(report: DoctorReport): string {
  const rows = report.findings.map(
    (finding) =>
      `| ${finding.rule} | ${inlineText(finding.title)} | \`${inlineText(finding.endpoint)}\` | ${inlineText(verdictText(finding))} | ${inlineText(finding.seen, 400)} |`,
  );
  return [
    `### ${inlineText(doctorHeadline(report))}`,
    '',
    '| Rule | What | Endpoint | Verdict | Seen |',
    '|---|---|---|---|---|',
    ...rows,
    '',
    '<sub>Rules are those of docs/service-assumptions.md. Doctor sends only GET requests.</sub>',
  ].join('\n');
}
