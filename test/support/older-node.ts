import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { ROOT } from './runner.ts';

// Nodes older than the project's own, to run the entries on as a user with
// an older Node would: every `node` on the PATH outside this repository (the
// machine's own; Node 20 on the project's machines) and the oldest Node the
// entries support, fetched by npm into its cache, as the README tells users
// to fetch Node 24. It is no devDependency: a second package with a `node`
// bin would race the pinned Node 24 for node_modules/.bin/node, and every
// install would unpack 185 MB for one test.

export interface OlderNode {
  path: string;
  /** `v22.19.0` */
  version: string;
}

/** The oldest Node the entries support (src/runtime.ts), exactly. */
export const OLDEST_SUPPORTED = '22.19.0';

const run = promisify(execFile);

function versionOf(path: string): string {
  return execFileSync(path, ['--version'], { encoding: 'utf8' }).trim();
}

function major(version: string): number {
  return Number(version.replace(/^v/, '').split('.')[0]);
}

/** The machine's own Nodes older than 24, found on the PATH. */
export function machineNodes(): OlderNode[] {
  let found: string[];
  try {
    found = execFileSync('which', ['-a', 'node'], { encoding: 'utf8' }).split('\n').filter(Boolean);
  } catch {
    return [];
  }
  const paths = [...new Set(found.filter((path) => !path.startsWith(ROOT)))];
  return paths.map((path) => ({ path, version: versionOf(path) })).filter((node) => major(node.version) < 24);
}

/**
 * Node `version` through `npx -p node@version` (from npm's cache once it is
 * there), or the reason it could not be had: a machine without the registry
 * skips the tests that need it rather than fail them.
 */
export async function nodeFromNpm(version: string): Promise<OlderNode | string> {
  try {
    const { stdout } = await run(
      'npx',
      ['--yes', '--prefer-offline', '-p', `node@${version}`, '--', 'node', '-p', 'process.execPath'],
      {
        cwd: ROOT,
        encoding: 'utf8',
        timeout: 240_000,
        env: { ...process.env, npm_config_update_notifier: 'false', npm_config_fund: 'false' },
      },
    );
    const path = stdout.trim();
    return { path, version: versionOf(path) };
  } catch (error) {
    return `npx -p node@${version} failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`;
  }
}
