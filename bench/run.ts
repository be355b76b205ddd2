// `npm run bench`: runs every benchmark in bench/ one after the other (they
// share two cores; running them at once would measure each other) and
// prints each one's sentence. Each script's last line is its JSON result.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const only = process.argv.slice(2);
const scripts = readdirSync(import.meta.dirname)
  .filter((name) => name.endsWith('.ts') && name !== 'run.ts')
  .filter((name) => only.length === 0 || only.some((wanted) => name.startsWith(wanted)))
  .sort();

let failures = 0;
for (const script of scripts) {
  process.stdout.write(`\n== bench/${script} ==\n`);
  const run = spawnSync('node', [`bench/${script}`], { stdio: 'inherit' });
  if (run.status !== 0) failures += 1;
}
process.exit(failures === 0 ? 0 : 1);
