import { execFile } from 'node:child_process';
import type { PreviousVersions } from './earlier-versions.ts';

// Earlier versions of manifests, to recognise a renamed title. The engine
// only knows the PreviousVersions interface: git (here) and the PR's file
// listing (for shallow clones that cannot fetch, in the action layer) both
// implement it.

/** One git command in `cwd`; never throws: `ok` says whether it succeeded. */
export function git(cwd: string, args: string[], timeout = 0): Promise<{ ok: boolean; stdout: string }> {
  return new Promise((resolve) => {
    execFile(
      'git',
      args,
      // A listing of 100,000 paths fits; a larger answer fails, and the caller reads everything.
      { cwd, maxBuffer: 64 * 1024 * 1024, encoding: 'utf8', timeout, env: gitEnv() },
      (error, stdout) => resolve({ ok: error === null, stdout }),
    );
  });
}

/** Never wait for a password prompt: a fetch without credentials fails instead. */
function gitEnv(): NodeJS.ProcessEnv {
  return { ...process.env, GIT_TERMINAL_PROMPT: '0' };
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
 * Files as commits had them, read by `git cat-file --batch --follow-symlinks`:
 * the reads asked for in the same turn of the event loop go to one git
 * process, so a plan that reads the base of many manifests (and the
 * `_defaults.yml` above each) starts a few processes, not one per file.
 */
class BlobReader {
  readonly #cwd: string;
  #pending: Array<{ name: string; done: (text: string | null) => void }> = [];

  constructor(cwd: string) {
    this.#cwd = cwd;
  }

  /**
   * `<ref>:<file>` with the links of that commit followed (a manifest that
   * links to another file, or sits in a linked folder, is what the link led
   * to); null when the ref or the file is absent at that ref, or its link led
   * outside the repository or nowhere.
   */
  read(ref: string, file: string): Promise<string | null> {
    // `./` makes the path relative to cwd rather than to the repository root.
    const name = `${ref}:./${file.replace(/^\.\//, '')}`;
    if (name.includes('\n')) return Promise.resolve(null);
    return new Promise((done) => {
      if (this.#pending.length === 0) setImmediate(() => void this.#flush());
      this.#pending.push({ name, done });
    });
  }

  async #flush(): Promise<void> {
    const batch = this.#pending;
    this.#pending = [];
    const output = await catFileBatch(
      this.#cwd,
      batch.map((entry) => entry.name),
    );
    batch.forEach((entry, index) => entry.done(output[index] ?? null));
  }
}

/** One `git cat-file --batch --follow-symlinks` for all `names`: each blob's text, or null. */
function catFileBatch(cwd: string, names: readonly string[]): Promise<Array<string | null>> {
  return new Promise((resolve) => {
    const child = execFile(
      'git',
      ['cat-file', '--batch', '--follow-symlinks'],
      { cwd, maxBuffer: 256 * 1024 * 1024, encoding: 'buffer', env: gitEnv() },
      (error, stdout) => resolve(error === null ? batchAnswers(stdout, names.length) : names.map(() => null)),
    );
    // git may exit before it reads its input (outside a repository, a killed
    // child): the broken pipe is already reported through the exit status, so
    // the write's own error must not escape as an unhandled one.
    child.stdin?.on('error', () => undefined);
    child.stdin?.end(names.map((name) => `${name}\n`).join(''));
  });
}

/**
 * The batch's answers in order: `<oid> blob <size>` then the bytes and a
 * newline; `dangling`, `loop`, `notdir` or `symlink` with a size, then that
 * many bytes; `<name> missing` or `ambiguous` alone.
 */
function batchAnswers(out: Buffer, count: number): Array<string | null> {
  const answers: Array<string | null> = [];
  let at = 0;
  while (answers.length < count && at < out.length) {
    const end = out.indexOf(10, at);
    if (end === -1) break;
    const header = out.subarray(at, end).toString('utf8');
    at = end + 1;
    const sized = /^(?:[0-9a-f]{40,64} (\w+)|dangling|loop|notdir|symlink) (\d+)$/.exec(header);
    if (sized === null) {
      answers.push(null);
      continue;
    }
    const size = Number(sized[2]);
    answers.push(sized[1] === 'blob' ? out.subarray(at, at + size).toString('utf8') : null);
    at += size + 1;
  }
  return answers;
}

/** Reads `<ref>:<file>` with its links followed (BlobReader); null when the ref or the file is absent at that ref. */
export function gitPreviousVersions(cwd: string, ref: string): PreviousVersions {
  const blobs = new BlobReader(cwd);
  return {
    async read(file: string): Promise<string | null> {
      if (ref === '' || /^0+$/.test(ref)) return null; // a push that created the branch has no `before`
      return blobs.read(ref, file);
    },
    earlier(file: string): Promise<string[]> {
      return earlierVersions(blobs, cwd, 'HEAD', file);
    },
    async readable(): Promise<boolean> {
      return ref !== '' && !/^0+$/.test(ref) && hasCommit(cwd, ref);
    },
  };
}

/** How many earlier commits of one file are read when the base has no match. */
const HISTORY_DEPTH = 20;

/** `git log` of one file from `ref` back, and the file at each of those commits; [] without history. */
async function earlierVersions(blobs: BlobReader, cwd: string, ref: string, file: string): Promise<string[]> {
  const path = `./${file.replace(/^\.\//, '')}`;
  const log = await git(cwd, ['log', `-n${HISTORY_DEPTH}`, '--format=%H', ref, '--', path]);
  if (!log.ok) return [];
  const shas = log.stdout.split('\n').filter(Boolean);
  const shown = await Promise.all(shas.map((sha) => blobs.read(sha, path)));
  return shown.filter((text): text is string => text !== null);
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
