import type { PreviousVersions } from '../engine.ts';
import { gitPreviousVersions, hasCommit } from '../git/history.ts';
import { GitHubApi } from './github-api.ts';

// Manifests as they were at the base commit, to recognise renamed titles.
// actions/checkout clones one commit deep by default, so the base commit is
// usually missing locally: then the file is read through GitHub's contents
// API at that commit instead. Both sit behind the engine's PreviousVersions.

export interface PreviousVersionsSetup {
  /** Workspace root: the repository root on a runner. */
  cwd: string;
  baseSha: string;
  owner: string | null;
  repo: string | null;
  apiUrl: string;
  /** '' when the workflow gave no token: only git is asked. */
  token: string;
  fetch?: typeof fetch;
}

/** GET /repos/{owner}/{repo}/contents/{path}?ref={sha} in the raw media type; null when absent. */
export function contentsApiPreviousVersions(
  api: GitHubApi,
  owner: string,
  repo: string,
  ref: string,
): PreviousVersions {
  return {
    async read(file: string): Promise<string | null> {
      const path = file.replace(/^\.\//, '').split('/').map(encodeURIComponent).join('/');
      return api.getText(
        `/repos/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}/contents/${path}?ref=${encodeURIComponent(ref)}`,
        'application/vnd.github.raw+json',
      );
    },
  };
}

/**
 * git when the base commit is in the clone, else the contents API; each file
 * is asked once. A failing API call fails the run: taking it for "no earlier
 * version" would turn a renamed title into a second item.
 */
export function previousVersionsFor(setup: PreviousVersionsSetup): PreviousVersions {
  let source: Promise<PreviousVersions | null> | null = null;
  const cache = new Map<string, Promise<string | null>>();
  const choose = async (): Promise<PreviousVersions | null> => {
    if (await hasCommit(setup.cwd, setup.baseSha)) return gitPreviousVersions(setup.cwd, setup.baseSha);
    if (!setup.token || !setup.owner || !setup.repo) return null;
    const api = new GitHubApi({
      apiUrl: setup.apiUrl,
      token: setup.token,
      ...(setup.fetch ? { fetch: setup.fetch } : {}),
    });
    return contentsApiPreviousVersions(api, setup.owner, setup.repo, setup.baseSha);
  };
  return {
    read(file: string): Promise<string | null> {
      let text = cache.get(file);
      if (!text) {
        source ??= choose();
        text = source.then((s) => (s ? s.read(file) : null));
        cache.set(file, text);
      }
      return text;
    },
    async earlier(file: string): Promise<string[]> {
      source ??= choose();
      const chosen = await source;
      return chosen?.earlier ? chosen.earlier(file) : [];
    },
  };
}
