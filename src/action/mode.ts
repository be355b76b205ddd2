import type { Permissions } from '../plan/types.ts';
import type { Mode } from '../plan/types.ts';
import type { ActionInputs } from './inputs.ts';
import type { RunEvent } from './event.ts';

// Event -> mode -> what the run may do. The rules, in one place:
// - `auto` plans on pull requests, merge queues and pushes to other branches;
//   it applies on pushes to the default branch, schedule and workflow_dispatch.
// - PR runs (pull_request, pull_request_target, merge_group) never render or
//   publish, whatever the inputs say.
// - Untrusted runs, whose content may come from someone without write access
//   (pull_request_target, PRs whose head is a fork, comment and review
//   events, a workflow_run of a fork's run), never write to the service at
//   all, whatever `mode` says, unless `allow-untrusted-events` vouches for them.
// - `preview-scripts` lets same-repository PRs create or edit drafts.

const PR_EVENTS = new Set(['pull_request', 'pull_request_target', 'merge_group']);
const APPLY_EVENTS = new Set(['schedule', 'workflow_dispatch']);

export interface RunDecision {
  mode: Mode;
  /** Why this mode, in words for the log. */
  because: string;
  permissions: Permissions;
  isPullRequest: boolean;
  trusted: boolean;
}

export function isPullRequestRun(event: RunEvent): boolean {
  return PR_EVENTS.has(event.name) || event.pullRequest !== null;
}

export function isTrusted(event: RunEvent): boolean {
  return event.untrusted === null && !(event.pullRequest?.fork ?? false);
}

/** The modes that run the engine; `doctor` and `import` are decided before (src/action/doctor.ts, import.ts). */
export type EngineInputMode = Exclude<ActionInputs['mode'], 'doctor' | 'import'>;

export function chooseMode(input: EngineInputMode, event: RunEvent): { mode: Mode; because: string } {
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

export function decideRun(inputs: ActionInputs & { mode: EngineInputMode }, event: RunEvent): RunDecision {
  const { mode, because } = chooseMode(inputs.mode, event);
  const isPullRequest = isPullRequestRun(event);
  const trusted = isTrusted(event) || inputs.allowUntrustedEvents;
  const sameRepoPr = isPullRequest && trusted && event.pullRequest !== null;
  const previews = sameRepoPr && inputs.previewScripts;
  let permissions: Permissions;
  switch (mode) {
    case 'validate':
      permissions = { write: false, render: false, publish: false };
      break;
    case 'plan':
      permissions = {
        write: previews,
        render: false,
        publish: false,
        publishDisabledBy: inputs.publish ? 'event' : 'input',
        draftsOnly: true,
      };
      break;
    case 'apply': {
      // Even with `mode: apply`, a pull request only ever writes script-preview drafts.
      const byEvent = !trusted || isPullRequest;
      permissions = {
        write: isPullRequest ? previews : trusted,
        render: !byEvent,
        publish: !byEvent && inputs.publish,
        publishDisabledBy: byEvent ? 'event' : 'input',
        draftsOnly: isPullRequest,
      };
      break;
    }
  }
  return { mode, because, permissions, isPullRequest, trusted };
}
