// Starts the committed bundles the way their users do: a bundle can build
// cleanly and still crash on start (an ESM-only dependency, a missing chunk).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const scratch = mkdtempSync(join(tmpdir(), 'cac-smoke-'));
const files = {
  summary: join(scratch, 'summary.md'),
  output: join(scratch, 'output'),
  event: join(scratch, 'event.json'),
};
for (const file of Object.values(files)) writeFileSync(file, file === files.event ? '{}' : '');

const action = spawnSync('node', ['dist/index.js'], {
  encoding: 'utf8',
  env: {
    PATH: process.env.PATH,
    GITHUB_ACTIONS: 'true',
    GITHUB_EVENT_NAME: 'workflow_dispatch',
    GITHUB_EVENT_PATH: files.event,
    GITHUB_STEP_SUMMARY: files.summary,
    GITHUB_OUTPUT: files.output,
    GITHUB_WORKSPACE: process.cwd(),
    INPUT_MODE: 'validate',
    INPUT_MANIFESTS: 'examples/content/**/*.{yml,yaml}',
    'INPUT_BASE-URL': 'http://127.0.0.1:9',
    'INPUT_API-KEY': 'svc_live_smoke_test_key',
  },
});
const cli = spawnSync('node', ['dist/cli/index.js', '--help'], { encoding: 'utf8' });

let ok = true;
for (const [name, run] of [
  ['node dist/index.js (validate examples/)', action],
  ['node dist/cli/index.js --help', cli],
] as const) {
  const passed = run.status === 0;
  ok &&= passed;
  console.log(`${passed ? 'ok  ' : 'FAIL'} ${name}: exit ${run.status}`);
  if (!passed) console.log(run.stdout, run.stderr);
}
process.exit(ok ? 0 : 1);
