// `npm run bench`: runs every benchmark in bench/ one after the other (they
// share two cores; running them at once would measure each other) and
// prints each one's sentence. Each script's last line is its JSON result.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

// `npm run bench -- catalogue --shard 1/4`: names first, then options passed to each script run.
const args = process.argv.slice(2);
const firstOption = args.findIndex((arg) => arg.startsWith('--'));
const only = firstOption === -1 ? args : args.slice(0, firstOption);
const options = firstOption === -1 ? [] : args.slice(firstOption);
const scripts = readdirSync(import.meta.dirname)
  .filter((name) => name.endsWith('.ts') && name !== 'run.ts')
  .filter((name) => only.length === 0 || only.some((wanted) => name.startsWith(wanted)))
  .sort();

let failures = 0;
for (const script of scripts) {
  process.stdout.write(`\n== bench/${script} ==\n`);
  const run = spawnSync('node', [`bench/${script}`, ...options], { stdio: 'inherit' });
  if (run.status !== 0) failures += 1;
}
process.exit(failures === 0 ? 0 : 1);
