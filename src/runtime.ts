// The Node versions every entry runs on: the action's (dist/index.js), the
// CLI's (dist/cli/index.js, bin/content-as-code.js) and the sources'. The
// floor is undici 8's (>= 22.19.0), the strictest of the bundled libraries;
// on anything older they fail while loading, with stack traces that name none
// of this. The action itself runs on the runner's node24.

const MINIMUM_NODE = { major: 22, minor: 19 } as const;

/** The one-off way to run a command on Node 24 that needs nothing installed but npm (`--yes`: no prompt, as a script needs). */
const NODE_24_BY_NPX = 'npx --yes -p node@24';

/** Whether a Node version (`v22.19.0` or `22.19.0`) can run the bundles. */
export function isSupportedNode(version: string): boolean {
  const [major = 0, minor = 0] = version.replace(/^v/, '').split('.').map(Number);
  return major > MINIMUM_NODE.major || (major === MINIMUM_NODE.major && minor >= MINIMUM_NODE.minor);
}

/**
 * One line that says what is needed, what there is, and one way to get it
 * (`example`: the command as it would be run on Node 24).
 */
export function unsupportedNodeLine(version: string, example: string): string {
  const { major, minor } = MINIMUM_NODE;
  return (
    `content-as-code needs Node ${major}.${minor} or later (Node 24 recommended); this is Node ${version}. ` +
    `Run it on Node 24 with \`${NODE_24_BY_NPX} ${example}\` (npm fetches Node once and keeps it in its cache).`
  );
}

/**
 * Stops the process with that line and exit code 2 on an older Node. Entries
 * call it before they import anything that needs a newer one.
 */
export function requireSupportedNode(example: string): void {
  if (isSupportedNode(process.version)) return;
  process.stderr.write(`${unsupportedNodeLine(process.version, example)}\n`);
  process.exit(2);
}
