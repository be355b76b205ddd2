import { enableCompileCache } from 'node:module';
import { requireSupportedNode } from './runtime.ts';

// The action's entry. The runner starts it on node24; run by hand on an older
// Node, it says what it needs before anything that would crash is loaded.
requireSupportedNode('node dist/index.js');

// A GitHub-hosted runner starts every job on a fresh machine, where a V8
// compile cache would only cost the time to write it; a self-hosted runner
// starts the action again and again, and there the cache saves compiling the
// bundle. main.ts is imported after the cache is on, so it is cached too.
if (process.env.RUNNER_ENVIRONMENT !== 'github-hosted') enableCompileCache();

const { run } = await import('./main.ts');
await run();
