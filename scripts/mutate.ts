// `npm run mutate -- [module ...] [--force]`: mutation testing with StrykerJS.
// A module is a short name from scripts/mutation/config.ts (`retry`,
// `identity`, …) or a path under src/ (`src/service-client/retry.ts`); none means every
// core module. Prints each module's score and fails when one is below its
// threshold. `--force` ignores the incremental results of the last run.
import { relative, resolve } from 'node:path';
import { existsSync } from 'node:fs';
import { Stryker } from '@stryker-mutator/core';
import type { MutantResult } from '@stryker-mutator/api/core';
import { CORE_MODULES, paths, strykerOptions, type MutatedModule } from './mutation/config.ts';

function resolveModule(arg: string): MutatedModule {
  const byName = CORE_MODULES.find((module) => module.name === arg);
  if (byName) return byName;
  const file = relative(process.cwd(), resolve(arg)).split('\\').join('/');
  const known = CORE_MODULES.find((module) => module.file === file);
  if (known) return known;
  if (!file.startsWith('src/') || !file.endsWith('.ts') || !existsSync(file)) {
    const names = CORE_MODULES.map((module) => module.name).join(', ');
    throw new Error(`${arg}: not a module name (${names}) nor a .ts file under src/.`);
  }
  // Outside the core table: scored, but held to no threshold.
  return {
    name: file.slice('src/'.length, -'.ts'.length).split('/').join('-'),
    file,
    tests: [],
    threshold: 0,
  };
}

/** Killed and timed-out mutants over all that ran or had no test; ignored and invalid ones do not count. */
export function score(results: readonly MutantResult[]): { score: number; detected: number; total: number } {
  const detected = results.filter((r) => r.status === 'Killed' || r.status === 'Timeout').length;
  const undetected = results.filter((r) => r.status === 'Survived' || r.status === 'NoCoverage').length;
  const total = detected + undetected;
  return { score: total === 0 ? 100 : (100 * detected) / total, detected, total };
}

const args = process.argv.slice(2);
const force = args.includes('--force');
let named: MutatedModule[];
try {
  named = args.filter((arg) => arg !== '--force').map(resolveModule);
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exit(2);
}
const modules = named.length === 0 ? [...CORE_MODULES] : named;
// One incremental file per set of modules: a run of one module reuses only its own last run.
const key = named.length === 0 ? 'core' : modules.map((module) => module.name).join('+');

const results = await new Stryker(strykerOptions(modules, key, force)).runMutationTest();

let failed = false;
process.stdout.write('\nmodule                     score   killed/total  threshold\n');
for (const module of modules) {
  const mine = results.filter(
    (result) => relative(process.cwd(), result.fileName).split('\\').join('/') === module.file,
  );
  const { score: value, detected, total } = score(mine);
  const below = value < module.threshold;
  failed ||= below;
  process.stdout.write(
    `${module.file.padEnd(26)} ${value.toFixed(2).padStart(6)}%  ${`${detected}/${total}`.padStart(12)}  ` +
      `${module.threshold > 0 ? `${module.threshold}%` : '-'}${below ? '  BELOW THRESHOLD' : ''}\n`,
  );
}
const out = paths(key);
process.stdout.write(`\nReport: ${out.html} (JSON: ${out.json})\n`);
if (failed) process.exit(1);
