import { statusOf, type GitHubClient } from './client.ts';
import { shortened } from '../text/shortened.ts';

// A publication as a GitHub deployment: one deployment per item and account,
// in an environment named after the platform and the account
// (`youtube/ocean-facts`), whose statuses say where the publication stands.
// GitHub's Deployments view then shows what is live where.
//
// Found again, never made twice: the deployment's task names the item
// (`publish:<content id>`) and its payload names the item and the account, so
// one filtered GET finds the deployment an earlier run (or an earlier attempt
// of this one) made, whatever commit it was made at: a publication sent from
// one commit may be finished by a run of a later one.

/** The states a publication's deployment takes (GitHub's deployment status states). */
export type PublicationState = 'in_progress' | 'success' | 'failure' | 'error';

export interface PublicationDeployment {
  /** The service's id of the item. */
  contentId: string;
  title: string;
  file: string;
  accountId: string;
  platform: string;
  /** The account's name, as the service lists it. */
  account: string;
  state: PublicationState;
  /** At most 140 characters (GitHub's limit); cut here when longer. */
  description: string;
  /** The published URL the service shows for this account; only with success. */
  url: string | null;
  /** False: only an existing deployment is updated (a state this run did not bring about). */
  create: boolean;
}

export interface DeploymentTarget {
  owner: string;
  repo: string;
  /** The commit the run ran on: the deployment's ref. */
  sha: string;
  /** The workflow run, as each status's log_url. */
  logUrl: string | null;
}

export type DeploymentOutcome =
  | { action: 'created' | 'updated' | 'unchanged'; id: number; environment: string }
  /** Nothing to update, and this state does not create one. */
  | { action: 'none'; environment: string };

/** GitHub's limit on a status's description. */
const DESCRIPTION_LIMIT = 140;

/**
 * `youtube/ocean-facts`: the platform, then the account's name as a slug
 * (letters and digits of any script, `.` and `_` kept; the account id when
 * nothing is left). Two accounts whose names slug alike share an environment;
 * their deployments stay apart by the account id in the payload.
 */
export function environmentFor(platform: string, account: string, accountId: string): string {
  const slug = account
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}._]+/gu, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 100);
  return `${platform.toLowerCase()}/${slug || accountId}`;
}

const taskFor = (contentId: string): string => `publish:${contentId}`;

/** Makes sure the publication has its deployment, with `publication.state` as its latest status. */
export async function recordDeployment(
  github: GitHubClient,
  target: DeploymentTarget,
  publication: PublicationDeployment,
): Promise<DeploymentOutcome> {
  const environment = environmentFor(publication.platform, publication.account, publication.accountId);
  const existing = await findDeployment(github, target, publication, environment);
  if (existing === null && !publication.create) return { action: 'none', environment };
  const id = existing ?? (await createOnce(github, target, publication, environment));
  const status = statusBody(target, publication);
  if (existing !== null && (await latestStatusIs(github, target, id, status))) {
    return { action: 'unchanged', id, environment };
  }
  await github.rest.repos.createDeploymentStatus({
    owner: target.owner,
    repo: target.repo,
    deployment_id: id,
    ...status,
  });
  return { action: existing === null ? 'created' : 'updated', id, environment };
}

/** The deployment of this item and account in `environment`, made by any earlier run; null when none. */
async function findDeployment(
  github: GitHubClient,
  target: DeploymentTarget,
  publication: PublicationDeployment,
  environment: string,
): Promise<number | null> {
  const pages = github.paginate.iterator(github.rest.repos.listDeployments, {
    owner: target.owner,
    repo: target.repo,
    environment,
    task: taskFor(publication.contentId),
    per_page: 100,
  });
  for await (const page of pages) {
    for (const deployment of page.data) {
      const payload = payloadOf(deployment.payload);
      if (payload.content_id === publication.contentId && payload.account_id === publication.accountId) {
        return deployment.id;
      }
    }
  }
  return null;
}

/** GitHub gives the payload back as the object it was sent as, or, for older deployments, as JSON text. */
function payloadOf(payload: unknown): Record<string, unknown> {
  if (typeof payload === 'string') {
    try {
      return payloadOf(JSON.parse(payload) as unknown);
    } catch {
      return {};
    }
  }
  return typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>) : {};
}

/** How many times a deployment is posted when GitHub's answer is lost or a 5xx. */
const CREATE_ATTEMPTS = 3;

/**
 * Creates the deployment. A lost answer or a 5xx may come after GitHub made
 * it, so the retry plugin does not resend this POST by itself: the lookup is
 * made again first, and the POST is sent again only when nothing is there.
 */
async function createOnce(
  github: GitHubClient,
  target: DeploymentTarget,
  publication: PublicationDeployment,
  environment: string,
): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    try {
      const { data, status } = await github.rest.repos.createDeployment({
        owner: target.owner,
        repo: target.repo,
        ...deploymentBody(target, publication, environment),
        request: { retries: 0 },
      });
      // 202 is GitHub merging the default branch into the ref instead, which auto_merge: false rules out.
      if (status !== 201 || !('id' in data)) {
        throw new Error(`GitHub made no deployment (${status}): ${JSON.stringify(data).slice(0, 200)}`);
      }
      return data.id;
    } catch (error) {
      const status = statusOf(error);
      if ((status !== null && status < 500) || attempt >= CREATE_ATTEMPTS) throw error;
      const made = await findDeployment(github, target, publication, environment);
      if (made !== null) return made;
    }
  }
}

function deploymentBody(target: DeploymentTarget, publication: PublicationDeployment, environment: string) {
  return {
    ref: target.sha,
    task: taskFor(publication.contentId),
    environment,
    description: shortened(
      `"${publication.title}" on ${publication.platform} "${publication.account}"`,
      DESCRIPTION_LIMIT,
    ),
    payload: {
      content_id: publication.contentId,
      account_id: publication.accountId,
      platform: publication.platform,
      account: publication.account,
      title: publication.title,
      file: publication.file,
    },
    // The commit is deployed as it is: never a merge commit made for the occasion.
    auto_merge: false,
    // Commit statuses say nothing about whether a video is live; GitHub checks every context unless told none.
    required_contexts: [],
    // A published video stays, and people watch it.
    transient_environment: false,
    production_environment: true,
  };
}

function statusBody(target: DeploymentTarget, publication: PublicationDeployment) {
  const url = publication.state === 'success' ? publication.url : null;
  return {
    state: publication.state,
    description: shortened(publication.description, DESCRIPTION_LIMIT),
    ...(url !== null ? { environment_url: url } : {}),
    ...(target.logUrl !== null ? { log_url: target.logUrl } : {}),
    // Every item published to an account shares its environment, and each stays live:
    // a new success must not mark the others inactive.
    auto_inactive: false,
  };
}

/** Whether the deployment's newest status already says `status`: a re-run then posts nothing. */
async function latestStatusIs(
  github: GitHubClient,
  target: DeploymentTarget,
  id: number,
  status: ReturnType<typeof statusBody>,
): Promise<boolean> {
  const { data } = await github.rest.repos.listDeploymentStatuses({
    owner: target.owner,
    repo: target.repo,
    deployment_id: id,
    per_page: 1,
  });
  const latest = data[0];
  return (
    latest !== undefined &&
    latest.state === status.state &&
    (latest.description ?? '') === status.description &&
    (latest.environment_url ?? '') === (status.environment_url ?? '')
  );
}
