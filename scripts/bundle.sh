#!/usr/bin/env bash
# `npm run bundle [folder]`: the action (index.js), the CLI (cli/) and the
# CLI's parsing worker (cli/parse-worker/), bundled into dist/ unless another
# folder is given (scripts/check-dist.sh builds into a temporary one).
# Each file is transpiled alone (`-t`, with src/tsconfig.json): the type
# check is `npm run typecheck`'s, once, not one per bundle.
set -euo pipefail
out=${1:-dist}
ncc=node_modules/.bin/ncc
# The folder is replaced whole: dist/, or one that does not exist yet.
if [ "$out" != dist ] && [ -e "$out" ]; then
  echo "bundle: $out exists; give dist or a folder to create." >&2
  exit 2
fi
rm -rf "$out"
"$ncc" build src/index.ts -t -o "$out" --license licenses.txt --target es2024 --quiet
"$ncc" build src/cli/bin.ts -t -o "$out/cli" --target es2024 --quiet
"$ncc" build src/manifest/parse-worker.ts -t -o "$out/cli/parse-worker" --target es2024 --quiet
