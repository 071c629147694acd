#!/usr/bin/env bash
# make test: every suite, in order of cost, with the servers they need started here (test profile: its own
# ports and data under .data/test, never the dev stack) and stopped at the end. Ends with a table of each stage's
# time, then the closing line "tests: N passed, N failed".
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
REPORTS="$ROOT/.run/test-reports"
rm -rf "$REPORTS" && mkdir -p "$REPORTS"
export NODE_OPTIONS="--experimental-vm-modules --no-warnings=ExperimentalWarning"
JEST="node node_modules/jest/bin/jest.js"
failed_steps=()
# One row per stage for the closing table: name, ok or FAILED, seconds.
stage_names=()
stage_results=()
stage_seconds=()
started=$SECONDS

step() {
  local name="$1"
  shift
  local t=$SECONDS result=ok
  printf '\n=== %s\n' "$name"
  if ! "$@"; then
    result=FAILED
    failed_steps+=("$name")
  fi
  printf '=== %s: %s (%ss)\n' "$name" "$result" $((SECONDS - t))
  stage_names+=("$name")
  stage_results+=("$result")
  stage_seconds+=($((SECONDS - t)))
}

# The table printed before the closing line: every stage, then the whole run.
stage_table() {
  local width=5 i total=ok
  for i in "${!stage_names[@]}"; do ((${#stage_names[i]} > width)) && width=${#stage_names[i]}; done
  ((${#failed_steps[@]})) && total=FAILED
  printf '\n%-*s  %-6s  %7s\n' "$width" stage result seconds
  for i in "${!stage_names[@]}"; do
    printf '%-*s  %-6s  %7s\n' "$width" "${stage_names[i]}" "${stage_results[i]}" "${stage_seconds[i]}"
  done
  printf '%-*s  %-6s  %7s\n' "$width" "make test (all stages)" "$total" $((SECONDS - started))
}

jest_project() {
  local project="$1"
  shift
  $JEST --selectProjects "$project" --ci --json --outputFile="$REPORTS/$project.json" "$@"
}

# A second attempt of the suites that failed in a stage's first run, when one to three did (more is a real break, and
# is not run again): each alone (--runInBand), on the same servers, its report in X.retry.json beside the first's. The
# stage passes when every one of them passes now; the closing lines name them as flaky, and the first attempt's
# failures stay printed above. A leak found by the log hygiene check in either attempt still fails the stage.
MAX_SECOND_ATTEMPTS=3
second_attempt() {
  local report="$1" retry="$2" pattern
  shift 2
  pattern="$(node tests/support/reports.ts failed "$report" "$MAX_SECOND_ATTEMPTS")"
  [[ -n "$pattern" ]] || return 1
  printf '\n--- a second attempt, each alone, of the suites that failed: %s\n' "$pattern"
  $JEST "$@" --ci --json --outputFile="$retry" --runInBand --testPathPatterns "$pattern" || return 1
  [[ ! -s "$REPORTS/log-leaks.txt" ]]
}

integration() {
  jest_project integration --maxWorkers=2 ||
    second_attempt "$REPORTS/integration.json" "$REPORTS/integration.retry.json" --selectProjects integration
}

contracts() {
  (cd proto && buf lint) || return 1
  if git rev-parse --verify -q main >/dev/null && git cat-file -e main:proto/buf.yaml 2>/dev/null; then
    (cd proto && buf breaking --against "$ROOT/.git#branch=main,subdir=proto") || return 1
  else
    echo "buf breaking: no proto/ on branch main yet, nothing to compare with"
  fi
  # The generated TypeScript must be what buf generates from proto/ now.
  local fresh
  fresh="$(mktemp -d)"
  sed "s#out: ../packages/contracts/src/gen#out: $fresh#" proto/buf.gen.yaml >"$fresh.gen.yaml"
  (cd proto && buf generate --template "$fresh.gen.yaml") || return 1
  if ! diff -r "$fresh" packages/contracts/src/gen; then
    echo "packages/contracts/src/gen is stale: run 'npm run generate -w @pencraft/contracts' and commit it"
    return 1
  fi
  rm -rf "$fresh" "$fresh.gen.yaml"
}

# The gateway's OpenAPI documents (the site's and the partner surface's, issue #18): current with the route
# declarations, the generated clients current with them, no breaking change to the site's against main, and none to
# the partner surface's against the document the SDK's current version shipped with (packages/api-client/api-history,
# frozen once released), whose changelog must be current (oasdiff, built into .tools/bin by make test-tools).
openapi() {
  local generated=(services/gateway/openapi.json packages/api-client/src/schema.ts
    services/gateway/openapi-v1.json packages/api-client/src/v1-schema.ts)
  node services/gateway/dist/docs/write-openapi.js --check || return 1
  # The build regenerates them from the route declarations; what it changed must be committed.
  if ! git diff --quiet HEAD -- "${generated[@]}"; then
    git diff --stat HEAD -- "${generated[@]}"
    echo "the build regenerated an OpenAPI document or a typed client: commit them"
    return 1
  fi
  if [[ ! -x .tools/bin/oasdiff ]]; then
    echo "oasdiff is missing from .tools/bin: run make test-tools"
    return 1
  fi
  local base released
  if git cat-file -e main:services/gateway/openapi.json 2>/dev/null; then
    base="$(mktemp --suffix=.json)"
    git show main:services/gateway/openapi.json >"$base"
    .tools/bin/oasdiff breaking "$base" services/gateway/openapi.json --fail-on ERR || {
      echo "services/gateway/openapi.json breaks clients of main (above); add a new operation or version instead"
      rm -f "$base"
      return 1
    }
    rm -f "$base"
  else
    echo "oasdiff: no services/gateway/openapi.json on branch main yet, nothing to compare with"
  fi
  released="packages/api-client/api-history/$(node -p "require('./packages/api-client/package.json').version").json"
  if [[ ! -f "$released" ]]; then
    echo "$released is missing: npm run changelog -w @pencraft/api-client writes the released version's snapshot"
    return 1
  fi
  .tools/bin/oasdiff breaking "$released" services/gateway/openapi-v1.json --fail-on ERR || {
    echo "services/gateway/openapi-v1.json breaks partners using $released (above): deprecate first, or a new version"
    return 1
  }
  node packages/api-client/scripts/changelog.mjs --check || return 1
}

# Every workspace's type check, two at a time (one per core), by TypeScript 7's native checker (tsgo, about three
# times faster than tsc here; the same errors). tsc 5.9 stays the compiler of the tools that need its JavaScript API
# (typescript-eslint) and of each workspace's own `npm run typecheck`.
typecheck() {
  local dirs
  dirs="$(node -e '
    const fs = require("fs");
    for (const group of ["packages", "services", "frontends"]) for (const d of fs.readdirSync(group)) {
      const p = `${group}/${d}/package.json`;
      if (fs.existsSync(p) && JSON.parse(fs.readFileSync(p)).scripts?.typecheck) console.log(`${group}/${d}`);
    }
    console.log("tests");')"
  echo "$dirs" | xargs -P 2 -I{} sh -c 'cd {} && tsgo -p tsconfig.json --noEmit || { echo "type errors in {}"; exit 1; }'
}

# The chart reads the registry from its own copy (Helm reads no file outside the chart), which the build writes.
charts() {
  if ! git diff --quiet HEAD -- charts/pencraft/files/system.json; then
    echo "the build rewrote charts/pencraft/files/system.json from system.json: commit it"
    return 1
  fi
  jest_project charts --maxWorkers=2
}

# The browser suites share one platform. The two that restart part of it (the reader) run alone after the others; the
# others run two at a time (both cores: a suite waits on the browser and the services about half the time), each from a
# loopback address of its own so the gateway's per-address limits count every suite apart. Every run after the first
# reuses the platform (E2E_STACK=reuse) and leaves it up (E2E_KEEP=1) for the next; the cleanup below stops it.
E2E_ALONE='tests/e2e/(journey|remote-routes)\.e2e\.ts$'
e2e() {
  local result=0
  if ! E2E_STACK=keep jest_project e2e --maxWorkers=2 --testPathIgnorePatterns "$E2E_ALONE"; then
    E2E_STACK=reuse E2E_KEEP=1 second_attempt "$REPORTS/e2e.json" "$REPORTS/e2e.retry.json" --selectProjects e2e ||
      result=1
  fi
  if ! E2E_STACK=reuse E2E_KEEP=1 $JEST --selectProjects e2e --ci --json --outputFile="$REPORTS/e2e-alone.json" \
    --runInBand --testPathPatterns "$E2E_ALONE"; then
    E2E_STACK=reuse E2E_KEEP=1 second_attempt "$REPORTS/e2e-alone.json" "$REPORTS/e2e-alone.retry.json" \
      --selectProjects e2e || result=1
  fi
  return $result
}

cleanup() {
  node packages/devstack/src/cli.ts down --profile test >/dev/null 2>&1 || true
  # The second integration worker's stack (slot 2), in case its global teardown did not run.
  PENCRAFT_TEST_SLOT=2 node packages/devstack/src/cli.ts down --profile test >/dev/null 2>&1 || true
}
trap cleanup EXIT

step "lint (eslint, prettier)" npm run --silent lint
step "types (tsgo, every workspace)" typecheck
step "contracts (buf lint, buf breaking, generated code)" contracts
step "openapi (documents current, oasdiff breaking: the site against main, the partner surface against the SDK's release)" openapi
# Jest's default is one worker per core less one (a single worker on this 2-core machine); the unit and chart suites share
# nothing, so both cores work.
step "unit" jest_project unit --maxWorkers=2
step "charts (helm lint/template, schemas, policies)" charts
step "contract (pact)" jest_project contract
# Two workers, each on a stack of its own (worker 2 on the test stack's slot 2: its own PostgreSQL, Redis, NATS and
# applications 40 ports up; see testSlotStack in packages/devstack/src/registry.ts): a suite waits on its servers much
# of the time, so two at a time use both cores.
step "integration and chaos (PostgreSQL, Redis, NATS)" integration
step "e2e (Chromium through the whole stack)" e2e

node tests/support/reports.ts summary "$REPORTS" >"$REPORTS/summary" 2>/dev/null || echo "0 1" >"$REPORTS/summary"
read -r passed failed <"$REPORTS/summary"
if ((${#failed_steps[@]})); then
  printf '\nfailed steps: %s\n' "$(IFS=,; echo "${failed_steps[*]}")"
  ((failed == 0)) && failed=${#failed_steps[@]}
fi
if [[ -s "$REPORTS/flaky" ]]; then
  printf '\npassed only at their second attempt (flaky: their first failures are printed above):\n'
  sed 's/^/  /' "$REPORTS/flaky"
fi
stage_table
printf 'tests: %s passed, %s failed\n' "$passed" "$failed"
((${#failed_steps[@]} == 0))
