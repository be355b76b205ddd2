#!/usr/bin/env bash
# Rebuilds dist/ and fails when it differs from what is committed: the runner
# executes dist/index.js, not src/.
set -euo pipefail
npm run bundle --silent >/dev/null
if ! git diff --quiet --exit-code -- dist; then
  echo "dist/ does not match the sources. Run 'npm run bundle' and commit dist/." >&2
  git --no-pager diff --stat -- dist >&2
  exit 1
fi
untracked=$(git ls-files --others --exclude-standard -- dist)
if [ -n "$untracked" ]; then
  echo "dist/ has files that are not committed:" >&2
  echo "$untracked" >&2
  exit 1
fi
echo "dist/ matches the sources."
