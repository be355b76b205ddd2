// Entry of the bundled CLI (dist/cli/index.js).
import { EXIT } from './help.ts';
import { main } from './main.ts';

const code = await main(process.argv.slice(2));
process.exitCode = code;
// After Ctrl-C the engine's pending work (a poll's sleep) would keep the process
// alive for seconds more; what there was to say has been said.
if (code === EXIT.interrupted || code === EXIT.terminated) process.exit(code);
