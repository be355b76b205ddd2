import { describeError } from '../service-client/index.ts';
import { FAILED_STATUSES } from '../service-client/types.ts';
import type { ItemResult } from '../apply/types.ts';
import type { RunReport } from '../engine/types.ts';
import { statusOf, type GitHubClient } from '../github/client.ts';
import {
  recordDeployment,
  type DeploymentTarget,
  type PublicationDeployment,
  type PublicationState,
} from '../github/deployments.ts';
import { publishes } from '../plan/steps.ts';
import type { PlanItem } from '../plan/types.ts';
import type { WorkflowCommands } from './commands.ts';
import type { RunEvent } from './event.ts';
import type { ActionInputs } from './inputs.ts';

// `deployments: true`: what the run's results say of each publication it
// made or finished, recorded as GitHub deployments (src/github/deployments.ts).
// Only this run's publications: an item published by an earlier run and left
// alone by this one gets nothing, so a re-run posts nothing new. Recording
// never fails the run: a refusal is one warning that names the permission.

/** A publication's state as this run left it; null when this run neither sent nor finished one. */
function stateOf(
  result: ItemResult,
  item: PlanItem,
): { state: PublicationState; create: boolean; description: string } | null {
  const sent = publishes(item.steps);
  const waited = item.steps.some((step) => step.kind === 'wait');
  if (!sent && !waited) return null;
  // A run that only waited for an item in flight cannot tell whether that job
  // publishes: it records what the item ended in, and a failure only on the
  // deployment that the run which sent the publication opened.
  if (result.status === 'UPLOADED' && (result.outcome === 'published' || sent)) {
    return { state: 'success', create: true, description: 'Published' };
  }
  if (result.outcome === 'failed' && result.status !== null && FAILED_STATUSES.has(result.status)) {
    return { state: 'failure', create: sent, description: result.lastError ?? result.status };
  }
  if (result.outcome === 'error') {
    return { state: 'error', create: false, description: result.error ?? 'The run stopped on this item' };
  }
  if (sent && (result.outcome === 'running' || result.outcome === 'unknown')) {
    const description = result.unknownSince
      ? `Sent ${result.unknownSince}; the answer was lost and the service does not show the outcome yet`
      : `Rendering and publishing (${result.status ?? 'sent'})`;
    return { state: 'in_progress', create: true, description };
  }
  return null;
}

/** Every publication (item × account) the run made or finished, with the state its deployment takes. */
function deploymentsOf(report: RunReport): PublicationDeployment[] {
  const planned = new Map((report.plan?.items ?? []).map((item) => [item.file, item]));
  return (report.result?.items ?? []).flatMap((result) => {
    const item = planned.get(result.file);
    const accounts = item?.publication?.accounts ?? [];
    const state = item && result.id !== null && accounts.length > 0 ? stateOf(result, item) : null;
    if (state === null || result.id === null) return [];
    const contentId = result.id;
    return accounts.map((account) => {
      // Only the URL the service shows for this very account: never another account's.
      const shown = result.confirmation?.accounts.find((a) => a.accountId === account.id)?.url ?? null;
      const url = state.state === 'success' ? shown : null;
      return {
        contentId,
        title: result.title,
        file: result.file,
        accountId: account.id,
        platform: account.platform,
        account: account.name,
        state: state.state,
        create: state.create,
        url,
        description:
          state.state === 'success' && url === null
            ? 'Published; the service shows no URL for this account'
            : state.description,
      };
    });
  });
}

const PERMISSION = 'permissions: deployments: write';

/**
 * Records the run's publications as deployments when the `deployments` input
 * asks for it; returns what the summary should say besides (a warning, once
 * it is in the log), empty when all went well.
 */
export async function recordDeployments(
  commands: WorkflowCommands,
  report: RunReport,
  event: RunEvent,
  inputs: Pick<ActionInputs, 'deployments'>,
  client: () => GitHubClient | null,
): Promise<string[]> {
  if (!inputs.deployments) return [];
  const publications = deploymentsOf(report);
  if (publications.length === 0) return [];
  const warn = (message: string): string[] => {
    commands.warning(message);
    return [message];
  };
  const github = client();
  if (github === null) {
    return warn(
      'deployments: true, but no github-token was given: no publication was recorded as a deployment.',
    );
  }
  if (!event.owner || !event.repo || !event.sha) {
    return warn('deployments: true, but the run names no repository or commit: no deployment was recorded.');
  }
  const target = { owner: event.owner, repo: event.repo, sha: event.sha, logUrl: event.runUrl };
  const problem = await recordEach(commands, github, target, publications);
  return problem === null ? [] : warn(problem);
}

/** Records each publication in turn; returns the one warning to give, null when every one was recorded. */
async function recordEach(
  commands: WorkflowCommands,
  github: GitHubClient,
  target: DeploymentTarget,
  publications: readonly PublicationDeployment[],
): Promise<string | null> {
  const failed: string[] = [];
  for (const [index, publication] of publications.entries()) {
    const sent = { ...publication, description: commands.redact(publication.description) };
    try {
      const outcome = await recordDeployment(github, target, sent);
      if (outcome.action !== 'none') {
        commands.info(
          `Deployment ${outcome.environment}: ${publication.state} for "${publication.title}" (${outcome.action}).`,
        );
      }
    } catch (error) {
      const status = statusOf(error);
      // Without the permission every request is refused alike: asking again only repeats it.
      if ((status === 403 || status === 404) && !/rate limit/i.test(describeError(error))) {
        const left = publications.length - index;
        return (
          `GitHub refused to record deployments (${status}: ${describeError(error)}): the workflow's token needs ` +
          `\`${PERMISSION}\`. ${left} of ${publications.length} publications were not recorded; nothing else is affected.`
        );
      }
      failed.push(
        `${publication.platform} "${publication.account}" of "${publication.title}": ${describeError(error)}`,
      );
    }
  }
  if (failed.length === 0) return null;
  return `${failed.length} of ${publications.length} publications could not be recorded as deployments; the first: ${failed[0]}`;
}
