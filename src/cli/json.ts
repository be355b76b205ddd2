import type { RunReport } from '../engine/types.ts';
import type { Problem } from '../manifest/types.ts';
import type { ApplyResult } from '../apply/types.ts';
import type { Plan, PlanItem, ServiceEdit } from '../plan/types.ts';
import type { ReleaseStatus } from '../plan/release-status.ts';
import { fieldName } from '../report/service-edit-words.ts';
import { accountsVerdict } from './accounts-check.ts';
import { driftText, holdText, resultNote, stepText, type Labels } from '../report/words.ts';

// `--json`: what a script needs from a run, in a shape that is documented
// (schema/cli-output.schema.json) and versioned. It holds outcomes, not the
// engine's internals: no positions of every field, no wire payloads, no
// timings. A change that removes or renames a field bumps `version`; new
// optional fields do not.

const JSON_OUTPUT_VERSION = 1;

interface JsonProblem {
  severity: Problem['severity'];
  code: string;
  file: string;
  line: number;
  column: number;
  field: string | null;
  message: string;
}

interface JsonPlanItem {
  file: string;
  title: string;
  id: string | null;
  match: PlanItem['match'];
  renamedFrom: string | null;
  status: string | null;
  stage: PlanItem['stage'];
  flow: PlanItem['flow'];
  actions: string[];
  holds: string[];
  drift: string[];
  publishAt: string | null;
  /** Fields edited in the service (docs/service-edits.md); absent when there is none. */
  serviceEdits?: JsonServiceEdit[];
}

interface JsonServiceEdit {
  field: string;
  outcome: ServiceEdit['outcome'];
  service: unknown;
  manifest: unknown;
  asked?: unknown;
  since: string | null;
}

export interface JsonOutput {
  version: typeof JSON_OUTPUT_VERSION;
  command: RunReport['mode'];
  exitCode: number;
  manifests: { pattern: string; count: number };
  problems: JsonProblem[];
  accounts: { checked: boolean; note: string | null } | null;
  plan: {
    willRun: boolean;
    items: JsonPlanItem[];
    unmanaged: { id: string; title: string; status: string }[];
    publications: number;
    /** What a change's plan covers (`--changed-since`); absent when every manifest was read. */
    scope?: { base: string; planned: number; unread: number };
  } | null;
  results: {
    changed: boolean;
    failed: boolean;
    items: {
      file: string;
      title: string;
      id: string | null;
      outcome: string;
      status: string | null;
      reason: string | null;
      publishedUrls: { platform: string; url: string }[];
      lastError: string | null;
      error: string | null;
    }[];
  } | null;
  credits: { before: number | null; after: number | null };
  /** What is paused or frozen at the run's time, as data; null when nothing is. */
  release?: JsonRelease | null;
  fatal: string | null;
}

interface JsonPause {
  reason: string | null;
  since: string | null;
}

interface JsonRelease {
  /** The kill switch, by the pause input or the release file. */
  paused: (JsonPause & { by: 'input' | 'release_file'; file: string | null }) | null;
  /** Freezes open now: what each holds, from when until when, and why. */
  frozen: { holds: string[]; since: string; until: string; reasons: string[]; timeZone: string | null }[];
  /** override-freeze lifted the freezes for this run. */
  overridden: boolean;
  accounts: (JsonPause & { account: { id: string } | { platform: string; name: string } })[];
  manifests: (JsonPause & { file: string })[];
}

const PLAIN: Labels = {
  account: (account) => `${account.platform} "${account.name}"`,
  value: (text) => JSON.stringify(text),
};

export interface JsonContext {
  pattern: string;
  exitCode: number;
  /** validate: whether publish.accounts were checked against the service, and why not (a plan's says how it read them). */
  accounts?: { checked: boolean; note: string | null };
}

export function jsonOutput(report: RunReport, context: JsonContext): JsonOutput {
  const errors = report.problems.some((problem) => problem.severity === 'error');
  return {
    version: JSON_OUTPUT_VERSION,
    command: report.mode,
    exitCode: context.exitCode,
    manifests: { pattern: context.pattern, count: report.load.files.length },
    problems: report.problems.map(jsonProblem),
    accounts: context.accounts ?? (report.accountsRead ? accountsVerdict(report.accountsRead) : null),
    plan: report.plan === null ? null : jsonPlan(report.plan, !errors, report.scope),
    results: report.result === null ? null : jsonResults(report.result, report.plan),
    credits: { before: report.creditsBefore, after: report.creditsAfter },
    release: jsonRelease(report.release ?? null),
    fatal: report.fatal,
  };
}

function jsonRelease(release: ReleaseStatus | null): JsonRelease | null {
  if (release === null) return null;
  const pause = (p: { reason: string | null; since: string | null }): JsonPause => ({
    reason: p.reason,
    since: p.since,
  });
  return {
    paused: release.pause && { ...pause(release.pause), by: release.pause.by, file: release.pause.file },
    frozen: release.frozen.map(({ holds, freeze }) => ({
      holds: [...holds],
      since: freeze.since,
      until: freeze.until,
      reasons: [...freeze.reasons],
      timeZone: freeze.timeZone,
    })),
    overridden: release.overridden,
    accounts: release.accounts.map(({ account, pause: paused }) => ({
      ...pause(paused),
      account:
        account.kind === 'id' ? { id: account.id } : { platform: account.platform, name: account.name },
    })),
    manifests: release.items.map(({ file, pause: paused }) => ({ ...pause(paused), file })),
  };
}

function jsonProblem(problem: Problem): JsonProblem {
  return {
    severity: problem.severity,
    code: problem.code,
    file: problem.file,
    line: problem.line,
    column: problem.column,
    field: problem.field ?? null,
    message: problem.message,
  };
}

function jsonPlan(plan: Plan, willRun: boolean, scope: RunReport['scope']): NonNullable<JsonOutput['plan']> {
  return {
    willRun,
    items: plan.items.map((item) => ({
      file: item.file,
      title: item.title,
      id: item.remote?.id ?? null,
      match: item.match,
      renamedFrom: item.renamedFrom,
      status: item.remote?.status ?? null,
      stage: item.stage,
      flow: item.flow,
      actions: item.steps.map((step) => stepText(step, PLAIN)),
      holds: item.holds.map(holdText),
      drift: item.drift.map((drift) => driftText(drift)),
      publishAt: item.publishAt,
      ...(item.serviceEdits ? { serviceEdits: item.serviceEdits.map(jsonServiceEdit) } : {}),
    })),
    unmanaged: plan.unmanaged.map(({ id, title, status }) => ({ id, title, status })),
    publications: plan.publications,
    ...(scope === undefined ? {} : { scope: { ...scope } }),
  };
}

function jsonServiceEdit(edit: ServiceEdit): JsonServiceEdit {
  const { field, outcome, service, manifest, since } = edit;
  const asked = outcome === 'conflict' ? { asked: edit.asked ?? null } : {};
  return { field: fieldName(field), outcome, service, manifest, ...asked, since };
}

function jsonResults(result: ApplyResult, plan: Plan | null): NonNullable<JsonOutput['results']> {
  const planned = new Map((plan?.items ?? []).map((item) => [item.file, item]));
  return {
    changed: result.changed,
    failed: result.failed,
    items: result.items.map((item) => ({
      file: item.file,
      title: item.title,
      id: item.id,
      outcome: item.outcome,
      status: item.status,
      reason: resultNote(item, planned.get(item.file)),
      publishedUrls: item.publishedUrls.map(({ platform, url }) => ({ platform, url })),
      lastError: item.lastError,
      error: item.error,
    })),
  };
}
