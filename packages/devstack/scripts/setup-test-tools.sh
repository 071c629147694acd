#!/usr/bin/env bash
# Provisions what only `make test` uses, on top of setup.sh (make dev): Chromium for the browser suites (apt), Helm for
# the chart suites, oasdiff for the OpenAPI breaking-change check (both built with Go into .tools/bin) and schemathesis,
# the API fuzzer (PyPI, into .tools/venv). Run by make test, so a newcomer's first make dev does not wait for them.
# Idempotent and quick when all is present.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
cd "$ROOT"

say() { printf 'setup-test-tools: %s\n' "$*"; }
installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed'; }
as_root() {
  if [[ $EUID -eq 0 ]]; then "$@"; elif command -v sudo >/dev/null 2>&1; then sudo "$@"; else
    echo "setup-test-tools: installing system packages needs root (run as root or install sudo)" >&2
    exit 1
  fi
}

# --- system packages: Chromium (the browser suites) and python3-venv (schemathesis) ------------------------------
missing=()
installed chromium || missing+=(chromium fonts-liberation)
installed python3-venv || missing+=(python3-venv)
if ((${#missing[@]})); then
  say "installing ${missing[*]}"
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# --- Helm (the chart suites) ------------------------------------------------------------------------------------
# A failure here only warns: the chart suites then fail with the same hint.
if [[ ! -x .tools/bin/helm ]]; then
  bash packages/devstack/scripts/install-helm.sh ||
    say "warning: helm could not be installed (see packages/devstack/scripts/install-helm.sh); chart tasks will not work"
fi

# --- API checks: oasdiff (OpenAPI breaking changes) and schemathesis (the API fuzzer) ---------------------------
# Used by the gateway's OpenAPI step and tests/integration/gateway-fuzz, which fail with a hint: a failure here warns.
OASDIFF_VERSION=v1.37.0
SCHEMATHESIS_VERSION=4.32.5
if [[ ! -x .tools/bin/oasdiff ]]; then
  say "building oasdiff ${OASDIFF_VERSION} into .tools/bin (Go module proxy)"
  PATH="$PATH:/usr/local/go/bin:/usr/lib/go/bin" GOBIN="$ROOT/.tools/bin" CGO_ENABLED=0 \
    go install "github.com/oasdiff/oasdiff@${OASDIFF_VERSION}" ||
    say "warning: oasdiff could not be installed (needs Go); the OpenAPI breaking-change check will fail"
fi
if [[ ! -x .tools/venv/bin/schemathesis ]]; then
  say "installing schemathesis ${SCHEMATHESIS_VERSION} into .tools/venv (PyPI)"
  { [[ -x .tools/venv/bin/pip ]] || /usr/bin/python3 -m venv .tools/venv || python3 -m venv .tools/venv; } &&
    .tools/venv/bin/pip install -q --disable-pip-version-check "schemathesis==${SCHEMATHESIS_VERSION}" ||
    say "warning: schemathesis could not be installed (needs python3 with venv); the API fuzzer test will fail"
fi

say ok
