#!/usr/bin/env bash
# Installs the pinned Helm into <repo>/.tools/bin/helm when it is missing.
# Built from source through the Go module proxy (no binary download host is reachable from CI/dev machines here);
# needs Go >= 1.24 on PATH. Compiling takes a few minutes on two cores.
set -euo pipefail

HELM_VERSION="${HELM_VERSION:-v3.22.0}"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
BIN="$ROOT/.tools/bin"

if [[ -x "$BIN/helm" ]]; then
  echo "helm already at $BIN/helm ($("$BIN/helm" version --short 2>/dev/null || echo unknown))"
  exit 0
fi

if ! command -v go >/dev/null 2>&1; then
  for candidate in /usr/local/go/bin /usr/lib/go/bin; do
    [[ -x "$candidate/go" ]] && PATH="$candidate:$PATH"
  done
fi
command -v go >/dev/null 2>&1 || { echo "install-helm: Go is required (https://go.dev/dl/), or put a helm ${HELM_VERSION} binary at $BIN/helm" >&2; exit 1; }

mkdir -p "$BIN"
echo "install-helm: building helm ${HELM_VERSION} into $BIN (takes a few minutes)"
# Helm's release Makefile stamps the version and the default Kubernetes version (1.<client-go minor>) through
# ldflags; a plain `go install` would report "v3.22" and render for Kubernetes 1.20.
GOMOD="$(go mod download -json "helm.sh/helm/v3@${HELM_VERSION}" | sed -n 's/.*"GoMod": "\(.*\)".*/\1/p')"
K8S_MINOR="$(sed -n 's#^[[:space:]]*k8s.io/client-go v0\.\([0-9]*\)\..*#\1#p' "$GOMOD" | head -n 1)"
[[ -n "$K8S_MINOR" ]] || { echo "install-helm: cannot read the client-go version of helm ${HELM_VERSION}" >&2; exit 1; }
LDFLAGS="-s -w -X helm.sh/helm/v3/internal/version.version=${HELM_VERSION} -X helm.sh/helm/v3/internal/version.metadata="
for pkg in pkg/lint/rules pkg/chartutil; do
  LDFLAGS="$LDFLAGS -X helm.sh/helm/v3/${pkg}.k8sVersionMajor=1 -X helm.sh/helm/v3/${pkg}.k8sVersionMinor=${K8S_MINOR}"
done
GOBIN="$BIN" CGO_ENABLED=0 go install -ldflags "$LDFLAGS" "helm.sh/helm/v3/cmd/helm@${HELM_VERSION}"
"$BIN/helm" version --short
