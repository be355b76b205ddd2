import type { GitHubClient } from './client.ts';

// A file of the repository at a commit, by GitHub's contents API: what the
// earlier versions of a pull request's manifests are read from when git
// cannot give the base commit (src/action/previous.ts).

export interface FileAtCommit {
  owner: string;
  repo: string;
  /** The commit to read at. */
  ref: string;
  /** The file's path in the repository, with `/`. */
  path: string;
}

/** The file's text at the commit; null when GitHub has no such file there. */
export async function fileAtCommit(github: GitHubClient, file: FileAtCommit): Promise<string | null> {
  try {
    // GitHub's description marks `path` as multi-segment: its slashes are
    // sent as they are. Octokit's `{path}` would send them as %2F, which
    // GitHub has answered 404 (octokit/octokit.js#2422); `{+path}` keeps
    // them, and each segment is encoded on its own.
    const answer = await github.request('GET /repos/{owner}/{repo}/contents/{+path}', {
      owner: file.owner,
      repo: file.repo,
      path: file.path.split('/').map(encodeURIComponent).join('/'),
      ref: file.ref,
      mediaType: { format: 'raw' },
    });
    // The raw media type comes back as text or as bytes, by its content type.
    const raw: unknown = answer.data;
    if (typeof raw === 'string') return raw;
    if (raw instanceof ArrayBuffer) return new TextDecoder().decode(raw);
    throw new Error(`GitHub gave no raw text for ${file.path} at ${file.ref.slice(0, 12)}`);
  } catch (error) {
    if ((error as { status?: unknown }).status === 404) return null;
    throw error;
  }
}
