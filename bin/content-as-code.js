#!/usr/bin/env node
import process from 'node:process';
// The version is checked before the bundle loads: on an older Node the
// bundled libraries fail at import time with errors that name none of this.
const major = Number(process.versions.node.split('.')[0]);
if (!(major >= 24)) {
  process.stderr.write(
    `content-as-code needs Node 24 or later (found ${process.version}). Install Node 24 (https://nodejs.org, or \`nvm install 24\`) and run it again.\n`,
  );
  process.exit(1);
}
await import('../dist/cli/index.js');
