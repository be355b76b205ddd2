#!/usr/bin/env bash
# Checks action.yml, the repository's own workflows (.github/workflows/) and
# every example workflow against GitHub's schemas with @action-validator/cli
# (keys, value types, expressions and contexts), and .github/dependabot.yml,
# which that validator does not know, with scripts/validate-dependabot.ts.
#
# The validator's action schema predates `runs.using: node24` (its enum stops
# at node20), so action.yml is checked as a copy with only that value
# swapped, and `using: node24` is checked here on its own.
set -euo pipefail
cd "$(dirname "$0")/.."
status=0
check() {
  local label=$1 file=$2
  # The package's own binary: npx would start npm once per file.
  if node_modules/.bin/action-validator "$file"; then
    echo "ok: $label"
  else
    echo "invalid: $label" >&2
    status=1
  fi
}

if ! grep -Eq '^  using: node24$' action.yml; then
  echo "invalid: action.yml must run on node24 (runs.using)" >&2
  status=1
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
sed 's/^  using: node24$/  using: node20/' action.yml >"$tmp/action.yml"
check action.yml "$tmp/action.yml"

for file in .github/workflows/*.yml examples/workflows/*.yml; do
  check "$file" "$file"
done

if node scripts/validate-dependabot.ts .github/dependabot.yml; then
  echo "ok: .github/dependabot.yml"
else
  echo "invalid: .github/dependabot.yml" >&2
  status=1
fi
exit $status
