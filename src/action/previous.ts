import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { PreviousVersions } from '../git/earlier-versions.ts';
import { gitPreviousVersions } from '../git/history.ts';
import { linkFollower, type LinkedPath } from '../git/links.ts';
import type { GitHubClient } from '../github/client.ts';
import { fileAtCommit } from '../github/contents.ts';
import type { PullFile, PullFiles } from '../github/pull-files.ts';
import type { RunBase } from './run-base.ts';

// Manifests as they were at the base commit, to recognise renamed titles.
// actions/checkout clones one commit deep by default, so the base commit is
// usually missing locally: then it is fetched (one git request, no history).
// Only when that fails, a PR's one file listing says which files the PR
// touched: a file it did not touch was at the base as it is now, a file it
// added was not there, and only a file it modified is read at the base
// through the contents API. A PR that adds 300 manifests thus costs three
// listing pages, never 300 reads. A file reached through links is untouched
// only when where it leads, and every link on the way, are (git/links.ts).

export interface PreviousVersionsSetup {
  /** Workspace root: the repository root on a runner. */
  cwd: string;
  /** The run's base, and where it is read from (run-base.ts). */
  base: RunBase;
  owner: string | null;
  repo: string | null;
  /** The GitHub client, made on first need; null when the workflow gave no token. */
  github: () => GitHubClient | null;
  /** Where the fallback is explained. */
  log?: (message: string) => void;
}

/**
 * Where the base's version of `name` is read, given the files the PR lists:
 * `untouched` when neither the file, nor where its links lead, nor a link on
 * the way is listed (the base has it as the workspace has it); else the path
 * to read at the base, and the listing's entry for it. A link that leads out
 * of the workspace or nowhere, or one the PR changed, is read by its own
 * name: GitHub follows a link to a file at the base.
 */
function whereAtBase(
  name: string,
  linked: LinkedPath | null,
  byName: ReadonlyMap<string, PullFile>,
): 'untouched' | { path: string; listed: PullFile | undefined } {
  const named =
    linked === null ? [name] : linked.links.length === 0 ? [name] : [linked.target, ...linked.links];
  if (linked !== null && named.every((file) => !byName.has(file))) return 'untouched';
  if (linked === null || linked.links.length === 0 || linked.links.some((link) => byName.has(link)))
    return { path: name, listed: byName.get(name) };
  return { path: linked.target, listed: byName.get(linked.target) };
}

/** The PR's own listing of its files (up to 3,000), then the contents API for modified ones. */
function pullRequestPreviousVersions(
  github: GitHubClient,
  setup: { cwd: string; sha: string; owner: string; repo: string; listing: PullFiles },
): PreviousVersions {
  const byName = new Map(setup.listing.files.map((file) => [file.filename, file]));
  const { gap } = setup.listing;
  const follow = linkFollower(setup.cwd);
  return {
    async read(file: string): Promise<string | null> {
      const name = file.replace(/^\.\//, '');
      const where = whereAtBase(name, follow(name), byName);
      if (where === 'untouched' && gap !== null) {
        // Past a list that may not be whole, a file may have changed: "untouched" would be a guess
        // that could turn a renamed title into a second item.
        throw new Error(
          `GitHub's list of the pull request's files may not be whole (${gap}), and ${name} is not in it: ` +
            `its version at the base ${setup.sha.slice(0, 12)} cannot be known without that commit ` +
            '(use fetch-depth: 0 in actions/checkout).',
        );
      }
      if (where === 'untouched') {
        // Untouched by the PR: the base has the file as the workspace has it.
        try {
          return await readFile(path.join(setup.cwd, name), 'utf8');
        } catch {
          return null;
        }
      }
      if (where.listed?.status === 'added' || where.listed?.status === 'renamed') return null;
      const { owner, repo, sha } = setup;
      return fileAtCommit(github, { owner, repo, ref: sha, path: where.path });
    },
  };
}

/**
 * git when the base commit is in the clone or can be fetched, else the PR's
 * file listing (the engine asks each file once: rememberedVersions). A
 * listing GitHub did not give fails the run: taking it for "no earlier
 * version" would turn a renamed title into a second item.
 */
export function previousVersionsFor(setup: PreviousVersionsSetup): PreviousVersions {
  let source: Promise<PreviousVersions | null> | null = null;
  const chosen = (): Promise<PreviousVersions | null> => (source ??= choose(setup));
  return {
    async read(file: string): Promise<string | null> {
      const versions = await chosen();
      return versions ? versions.read(file) : null;
    },
    async earlier(file: string): Promise<string[]> {
      const versions = await chosen();
      // The history of the checkout's HEAD needs no base: what the clone holds of it is read either way.
      return (versions?.earlier ? versions : gitPreviousVersions(setup.cwd, '')).earlier!(file);
    },
    async readable(): Promise<boolean> {
      return (await chosen()) !== null;
    },
  };
}

async function choose(setup: PreviousVersionsSetup): Promise<PreviousVersions | null> {
  const { sha } = setup.base;
  const source = await setup.base.source();
  if (source.kind === 'git') return gitPreviousVersions(setup.cwd, sha);
  const github = setup.github();
  const { owner, repo } = setup;
  if (source.kind === 'listed' && github && owner && repo) {
    setup.log?.(
      `The base commit ${sha.slice(0, 12)} could not be fetched: earlier versions come from the PR's file listing.`,
    );
    return pullRequestPreviousVersions(github, { cwd: setup.cwd, sha, owner, repo, listing: source.listing });
  }
  // GitHub was asked and did not answer: every read fails with its answer, the run with them.
  const { failure } = source.kind === 'unread' ? source : { failure: null };
  if (failure !== null) return { read: () => Promise.reject(failure) };
  setup.log?.(
    `The base commit ${sha.slice(0, 12)} is not in the clone and could not be fetched: renamed titles cannot be recognised (use fetch-depth: 0 or 2 in actions/checkout).`,
  );
  return null;
}
