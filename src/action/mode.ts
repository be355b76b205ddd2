import { checkBaseUrl } from '../service-client/base-url-policy.ts';
import type { Permissions } from '../plan/types.ts';
import type { Mode } from '../plan/types.ts';
import { VERSION } from '../version.ts';
import type { ActionInputs } from './inputs.ts';
import type { RunEvent } from './event.ts';
import { formatShard } from './shard.ts';

// Event -> mode -> what the run may do. The rules, in one place:
// - `auto` plans on pull requests, merge queues and pushes to other branches;
//   it applies on pushes to the default branch, schedule and workflow_dispatch.
// - PR runs (pull_request, pull_request_target, merge_group) never render or
//   publish, whatever the inputs say.
// - Untrusted runs, whose content may come from someone without write access
//   (pull_request_target, PRs whose head is a fork, comment and review
//   events, a workflow_run of a fork's run), never write to the service at
//   all, whatever `mode` says, unless `allow-untrusted-events` vouches for them.
// - `preview-scripts` lets same-repository PRs create or edit drafts;
//   `preview-renders` does too (a preview render is of the item itself, a
//   draft the pull request creates), and renders a few of them, never
//   publishing (src/engine/preview-render.ts).
// - Every mode but validate needs api-key and base-url; a pull request
//   without api-key (a fork's, or Dependabot's: they get no secrets) is
//   validated instead, and any other run without them is refused.
// - `doctor` reads only, on any event; `import` and `adopt` write into the
//   checkout, so they run on workflow_dispatch only.
// - A pull request's plan reads what its change touches, unless `full-read`;
//   `override-freeze` counts on workflow_dispatch only; `require-review`
//   concerns an apply on a push only. No other module reads these inputs.

const PR_EVENTS = new Set(['pull_request', 'pull_request_target', 'merge_group']);
const APPLY_EVENTS = new Set(['schedule', 'workflow_dispatch']);

export interface RunDecision {
  mode: Mode;
  /** Why this mode, in words for the log. */
  because: string;
  permissions: Permissions;
  isPullRequest: boolean;
  trusted: boolean;
  /** Why the run does less than it was asked, for the log and the summary; null when it does what was asked. */
  note: string | null;
  /** A pull request's plan reads what its change touches; with full-read, and on every other run, everything. */
  reads: 'change' | 'everything';
  /** Whether the freeze windows are lifted: override-freeze counts on a run started by hand only. */
  overrideFreeze: boolean;
  /** Why override-freeze, given, does not count on this run, for a warning; null when it was not given or counts. */
  overrideIgnored: string | null;
  /** What an apply on a push does with the plan its pull request showed; off on every other run. */
  requireReview: ActionInputs['requireReview'];
}

/** A run that cannot start: the message the step fails with, naming the input to give. */
interface RunRefused {
  refused: string;
}

/** The note of a pull request that came without api-key and is validated instead. */
const NO_KEY_NOTE =
  'No api-key was given to this run (pull requests from forks get no secrets), so the manifests were validated but not compared with the service.';

function isPullRequestRun(event: RunEvent): boolean {
  return PR_EVENTS.has(event.name) || event.pullRequest !== null;
}

function isTrusted(event: RunEvent): boolean {
  return event.untrusted === null && !(event.pullRequest?.fork ?? false);
}

/** The modes that run the engine; `doctor`, `import` and `adopt` run modes of their own (src/action/doctor.ts, import.ts, adopt.ts). */
export type EngineInputMode = Exclude<ActionInputs['mode'], 'doctor' | 'import' | 'adopt'>;

/** What the run does: the engine as decided, a mode of its own, or why it cannot start. */
export type RunChoice =
  | { kind: 'engine'; decision: RunDecision }
  | { kind: 'doctor' }
  | { kind: 'import' }
  | { kind: 'adopt' }
  | ({ kind: 'refused' } & RunRefused);

/** The one decision of a run, which main.ts carries out. */
export function chooseRun(inputs: ActionInputs, event: RunEvent): RunChoice {
  switch (inputs.mode) {
    case 'doctor':
      return serviceMissing(inputs, 'mode: doctor') ?? { kind: 'doctor' };
    case 'import':
    case 'adopt':
      return (
        byHandOnly(inputs.mode, event) ??
        serviceMissing(inputs, `mode: ${inputs.mode}`) ?? { kind: inputs.mode }
      );
    default: {
      const decision = decideRun({ ...inputs, mode: inputs.mode }, event);
      return 'refused' in decision ? refuse(decision.refused) : { kind: 'engine', decision };
    }
  }
}

/** import and adopt write into the checkout: only a run started by hand may, never a push or a pull request. */
function byHandOnly(mode: 'import' | 'adopt', event: RunEvent): RunChoice | null {
  if (event.name === 'workflow_dispatch') return null;
  return refuse(
    `mode: ${mode} runs on workflow_dispatch only (this run is ${event.name || 'not a workflow event'}); start it by hand from the Actions tab.`,
  );
}

function refuse(refused: string): RunChoice {
  return { kind: 'refused', refused };
}

/** The refusal of a mode that reads the service on any event, when api-key or base-url is empty. */
function serviceMissing(inputs: Pick<ActionInputs, 'apiKey' | 'baseUrl'>, what: string): RunChoice | null {
  if (inputs.apiKey !== '' && inputs.baseUrl !== '') return null;
  return refuse(`${what} needs the service: give api-key (from a secret) and base-url.`);
}

function chooseMode(input: EngineInputMode, event: RunEvent): { mode: Mode; because: string } {
  if (input !== 'auto') return { mode: input, because: `mode: ${input}` };
  if (PR_EVENTS.has(event.name)) return { mode: 'plan', because: `auto: ${event.name} plans` };
  if (APPLY_EVENTS.has(event.name)) return { mode: 'apply', because: `auto: ${event.name} applies` };
  if (event.name === 'push') {
    const branch = event.ref?.startsWith('refs/heads/') ? event.ref.slice('refs/heads/'.length) : null;
    if (branch !== null && event.defaultBranch !== null && branch === event.defaultBranch) {
      return { mode: 'apply', because: `auto: push to the default branch ${branch} applies` };
    }
    return {
      mode: 'plan',
      because: `auto: push to ${branch ?? event.ref ?? 'a ref'}, not the default branch${event.defaultBranch ? ` ${event.defaultBranch}` : ''}, plans`,
    };
  }
  // Events auto does not know (release, issue_comment, …) get the mode that cannot change anything.
  return {
    mode: 'plan',
    because: `auto: ${event.name || 'an unknown event'} is not an apply event, so it plans`,
  };
}

/** The mode, what it may do, and whether the inputs let it reach the service; or why it cannot start. */
export function decideRun(
  inputs: ActionInputs & { mode: EngineInputMode },
  event: RunEvent,
): RunDecision | RunRefused {
  const isPullRequest = isPullRequestRun(event);
  const chosen = withService(chooseMode(inputs.mode, event), inputs, isPullRequest);
  if ('refused' in chosen) return chosen;
  const trusted = isTrusted(event) || inputs.allowUntrustedEvents;
  const sameRepoPr = isPullRequest && trusted && event.pullRequest !== null;
  const context = {
    isPullRequest,
    trusted,
    previews: sameRepoPr && (inputs.previewScripts || inputs.previewRenders > 0),
  };
  return {
    mode: chosen.mode,
    because: chosen.because,
    permissions: permissionsFor(chosen.mode, inputs, context),
    isPullRequest,
    trusted,
    note: chosen.note,
    reads: chosen.mode === 'plan' && event.pullRequest !== null && !inputs.fullRead ? 'change' : 'everything',
    ...freezeOverride(inputs, event),
    // Only an apply on a push (a merge, or a direct push) compares with a reviewed plan.
    requireReview: chosen.mode === 'apply' && event.name === 'push' ? inputs.requireReview : 'off',
  };
}

/**
 * override-freeze counts on a workflow_dispatch only: a person asked for
 * this run, and the workflow can make its job wait for an environment's
 * required reviewers. On any other event the freeze windows stand.
 */
function freezeOverride(
  inputs: Pick<ActionInputs, 'overrideFreeze'>,
  event: RunEvent,
): Pick<RunDecision, 'overrideFreeze' | 'overrideIgnored'> {
  const byHand = event.name === 'workflow_dispatch';
  return {
    overrideFreeze: inputs.overrideFreeze && byHand,
    overrideIgnored:
      inputs.overrideFreeze && !byHand
        ? `override-freeze is ignored on ${event.name}: only a workflow_dispatch run may lift the freeze windows.`
        : null,
  };
}

/**
 * Every mode but validate sends the key to base-url. A pull request without
 * api-key still checks its manifests; base-url is asked for once the mode
 * needs it, so a fork's PR validates whatever base-url says.
 */
function withService(
  chosen: { mode: Mode; because: string },
  inputs: Pick<ActionInputs, 'apiKey' | 'baseUrl'>,
  isPullRequest: boolean,
): { mode: Mode; because: string; note: string | null } | RunRefused {
  if (chosen.mode === 'validate') return { ...chosen, note: null };
  if (inputs.apiKey === '') {
    if (isPullRequest) {
      return { mode: 'validate', because: 'no api-key on a pull request: validate only', note: NO_KEY_NOTE };
    }
    return {
      refused: `Input \`api-key\` is empty, and ${chosen.mode} needs the service: pass it from a secret, for example api-key: \${{ secrets.CONTENT_API_KEY }}.`,
    };
  }
  if (inputs.baseUrl === '') {
    return {
      refused: `Input \`base-url\` is empty, and ${chosen.mode} needs the service's URL, for example https://api.example.com.`,
    };
  }
  return { ...chosen, note: null };
}

function permissionsFor(
  mode: Mode,
  inputs: Pick<ActionInputs, 'publish'>,
  { isPullRequest, trusted, previews }: { isPullRequest: boolean; trusted: boolean; previews: boolean },
): Permissions {
  switch (mode) {
    case 'validate':
      return { write: false, render: false, publish: false };
    case 'plan':
      return {
        write: previews,
        render: false,
        publish: false,
        publishDisabledBy: inputs.publish ? 'event' : 'input',
        draftsOnly: true,
      };
    case 'apply': {
      // Even with `mode: apply`, a pull request only ever writes script-preview drafts.
      const byEvent = !trusted || isPullRequest;
      return {
        write: isPullRequest ? previews : trusted,
        render: !byEvent,
        publish: !byEvent && inputs.publish,
        publishDisabledBy: byEvent ? 'event' : 'input',
        draftsOnly: isPullRequest,
      };
    }
  }
}

/**
 * The one gate for the key, before any mode reads the event or the service:
 * every mode but validate sends the key to base-url (plan, apply, import,
 * doctor, and auto, which is plan or apply). Plain http only to this
 * machine, unless allow-insecure-http says otherwise (then a warning).
 */
export function baseUrlGate(
  inputs: Pick<ActionInputs, 'mode' | 'apiKey' | 'baseUrl' | 'allowInsecureHttp'>,
): { refused: string | null; warning: string | null } {
  if (inputs.mode === 'validate' || inputs.apiKey === '' || inputs.baseUrl === '') {
    return { refused: null, warning: null };
  }
  return checkBaseUrl(inputs.baseUrl, inputs.allowInsecureHttp, 'allow-insecure-http: true');
}

/** The decision in one line of the log: the mode and why, the event, the shard, what the run may change. */
export function decisionLine(
  decision: RunDecision,
  event: Pick<RunEvent, 'name' | 'untrusted'>,
  shard: ActionInputs['shard'],
): string {
  const { write, render, publish } = decision.permissions;
  const may = [write ? 'write drafts' : null, render ? 'render' : null, publish ? 'publish' : null].filter(
    Boolean,
  );
  return (
    `content-as-code ${VERSION}: ${decision.mode} (${decision.because}); event ${event.name || 'none'}` +
    `${decision.trusted ? '' : `, untrusted (${event.untrusted ?? 'fork or pull_request_target'}): no writes`}` +
    `${shard ? `; shard ${formatShard(shard)}` : ''}; this run may ${may.length > 0 ? may.join(', ') : 'not change anything on the service'}.`
  );
}
