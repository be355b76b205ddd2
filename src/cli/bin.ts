// Entry of the bundled CLI (dist/cli/index.js). Only the version check is
// imported statically: the bundle's libraries fail while loading on an older
// Node, so they come in with main.ts once the check has passed.
import { enableCompileCache } from 'node:module';
import { requireSupportedNode } from '../runtime.ts';

requireSupportedNode('content-as-code <command>');

// A command is run again and again: V8's compile cache (in the system's
// temporary folder) saves compiling the bundle each time. main.ts is
// imported after the cache is on, so it is cached too.
enableCompileCache();

const { main } = await import('./main.ts');
const { EXIT } = await import('./help.ts');
const code = await main(process.argv.slice(2));
process.exitCode = code;
// After Ctrl-C the engine's pending work (a poll's sleep) would keep the process
// alive for seconds more; what there was to say has been said.
if (code === EXIT.interrupted || code === EXIT.terminated) process.exit(code);
