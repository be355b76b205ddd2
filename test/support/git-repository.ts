// Small git repositories for tests of the release command and workflow.
import { spawnSync } from 'node:child_process';
import { tempDirSync } from './temp-dir.ts';

/** Runs git in `cwd` and returns its trimmed output; throws with git's message when it fails. */
export function git(cwd: string, ...args: string[]): string {
  const result = spawnSync('git', args, { cwd, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr}`);
  return result.stdout.trim();
}

/** A new repository on branch main in a temporary folder (removed after the test), with an identity and no signing. */
export function newRepository(prefix: string): string {
  const cwd = tempDirSync(prefix);
  git(cwd, 'init', '--quiet', '--initial-branch=main');
  git(cwd, 'config', 'user.name', 'Maintainer');
  git(cwd, 'config', 'user.email', 'maintainer@example.com');
  git(cwd, 'config', 'commit.gpgsign', 'false');
  git(cwd, 'config', 'tag.gpgsign', 'false');
  return cwd;
}
