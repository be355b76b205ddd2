#!/usr/bin/env bash
# Fails when dist/ is not what the sources bundle into, or is not what is
# committed: the runner executes dist/index.js, not src/. The sources are
# bundled into a temporary folder, and dist/ is left as it is, so the tests
# that run it need not wait for this build.
set -euo pipefail
built=$(mktemp -d)
trap 'rm -rf "$built"' EXIT
npm run bundle --silent -- "$built/dist" >/dev/null
if ! diff --recursive --brief "$built/dist" dist >&2; then
  echo "dist/ does not match the sources. Run 'npm run bundle' and commit dist/." >&2
  exit 1
fi
if ! git diff --quiet --exit-code -- dist; then
  echo "dist/ matches the sources, but not what git has for it: stage or commit dist/." >&2
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
