import { execFile } from 'node:child_process';
import type { PreviousVersions } from './earlier-versions.ts';

// Earlier versions of manifests, to recognise a renamed title. The engine
// only knows the PreviousVersions interface: git (here) and the PR's file
// listing (for shallow clones that cannot fetch, in the action layer) both
// implement it.

/** One git command in `cwd`, given `input` on its standard input; never throws: `ok` says whether it succeeded. */
export function git(
  cwd: string,
  args: string[],
  timeout = 0,
  input?: string,
): Promise<{ ok: boolean; stdout: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      'git',
      args,
      // Never wait for a password prompt: a fetch without credentials fails instead.
      {
        cwd,
        // A listing of 100,000 paths fits; a larger answer fails, and the caller reads everything.
        maxBuffer: 64 * 1024 * 1024,
        encoding: 'utf8',
        timeout,
        env: { ...process.env, GIT_TERMINAL_PROMPT: '0' },
      },
      (error, stdout) => resolve({ ok: error === null, stdout }),
    );
    // git may exit before it reads its input (a bad ref, a killed child): the
    // broken pipe is already reported through the exit status, so the write's
    // own error must not escape as an unhandled one.
    child.stdin?.on('error', () => undefined);
    if (input !== undefined) child.stdin?.end(input);
  });
}

/** How long fetching one missing commit may take before the caller falls back. */
const FETCH_TIMEOUT_MS = 60_000;

/**
 * Fetches one commit, without its history, from `origin` into a shallow
 * clone: actions/checkout leaves the credentials it cloned with, so this is
 * one git request instead of one GitHub API call per manifest. True when the
 * commit is present afterwards.
 */
async function fetchCommit(cwd: string, sha: string): Promise<boolean> {
  if (!/^[0-9a-f]{40}$/i.test(sha)) return false;
  const fetched = await git(
    cwd,
    ['fetch', '--no-tags', '--quiet', '--depth=1', 'origin', sha],
    FETCH_TIMEOUT_MS,
  );
  return fetched.ok && hasCommit(cwd, sha);
}

/**
 * `<ref>:<file>` as that commit had it, with the links of that commit
 * followed (a manifest that links to another file, or sits in a linked
 * folder, is what the link led to); null when the ref or the file is absent
 * at that ref, or its link led outside the repository or nowhere.
 */
async function showAt(cwd: string, ref: string, file: string): Promise<string | null> {
  // `./` makes the path relative to cwd rather than to the repository root.
  const name = `${ref}:./${file.replace(/^\.\//, '')}`;
  if (name.includes('\n')) return null;
  const result = await git(cwd, ['cat-file', '--batch', '--follow-symlinks'], 0, `${name}\n`);
  // `<oid> blob <size>`, then the bytes; `missing`, `dangling`, `loop`, `notdir` or `symlink` otherwise.
  const header = /^[0-9a-f]{40,64} blob \d+\n/.exec(result.stdout);
  if (!result.ok || header === null) return null;
  const text = result.stdout.slice(header[0].length);
  return text.endsWith('\n') ? text.slice(0, -1) : text; // the batch ends each object with a newline
}

/** Reads `<ref>:<file>` with its links followed (showAt); null when the ref or the file is absent at that ref. */
export function gitPreviousVersions(cwd: string, ref: string): PreviousVersions {
  return {
    async read(file: string): Promise<string | null> {
      if (ref === '' || /^0+$/.test(ref)) return null; // a push that created the branch has no `before`
      return showAt(cwd, ref, file);
    },
    earlier(file: string): Promise<string[]> {
      return earlierVersions(cwd, 'HEAD', file);
    },
    async readable(): Promise<boolean> {
      return ref !== '' && !/^0+$/.test(ref) && hasCommit(cwd, ref);
    },
  };
}

/** How many earlier commits of one file are read when the base has no match. */
const HISTORY_DEPTH = 20;

/** `git log` of one file from `ref` back, and the file at each of those commits; [] without history. */
async function earlierVersions(cwd: string, ref: string, file: string): Promise<string[]> {
  const path = `./${file.replace(/^\.\//, '')}`;
  const log = await git(cwd, ['log', `-n${HISTORY_DEPTH}`, '--format=%H', ref, '--', path]);
  if (!log.ok) return [];
  const texts: string[] = [];
  for (const sha of log.stdout.split('\n').filter(Boolean)) {
    const shown = await showAt(cwd, sha, path);
    if (shown !== null) texts.push(shown);
  }
  return texts;
}

/** True when the commit is in the local repository, or could be fetched into it (fetchCommit). */
export async function haveCommit(cwd: string, sha: string): Promise<boolean> {
  return (await hasCommit(cwd, sha)) || fetchCommit(cwd, sha);
}

/** True when `ref` names a commit present in the local repository. */
export async function hasCommit(cwd: string, ref: string): Promise<boolean> {
  if (ref === '') return false;
  const result = await git(cwd, ['cat-file', '-e', `${ref}^{commit}`]);
  return result.ok;
}
