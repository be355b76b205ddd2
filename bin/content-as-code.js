#!/usr/bin/env node
// The bundle checks the Node version before it loads anything that needs a
// newer one (src/runtime.ts), and says so in one line.
await import('../dist/cli/index.js');
