# syntax=docker/dockerfile:1
# Dev image of a service for the Tilt loop (build arg SERVICE). Same layout, user and dependencies as
# services/Dockerfile, but it copies the dist/ folders the host compiled instead of building them, so a code
# change is a host build plus a live_update sync of dist/, and `node --watch` restarts the process.
# Its context is filtered by service.Dockerfile.dockerignore (manifests, dist/ and migrations/ only).

ARG NODE_IMAGE=node:24-slim

FROM ${NODE_IMAGE} AS manifests
WORKDIR /src
COPY . .
RUN find . -type f ! -name package.json ! -name package-lock.json ! -name .npmrc -delete \
 && find . -type d -empty -delete

FROM ${NODE_IMAGE} AS prod-deps
ARG SERVICE
WORKDIR /app
COPY --from=manifests /src ./
RUN npm ci --omit=dev --no-audit --no-fund --workspace "services/${SERVICE}" --include-workspace-root=false

FROM ${NODE_IMAGE}
ARG SERVICE
RUN groupadd --system --gid 10001 pencraft \
 && useradd --system --uid 10001 --gid 10001 --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin pencraft
WORKDIR /app
COPY --from=prod-deps /app ./
# Owned by the service user: live_update writes the synced dist/ files as that user.
COPY --chown=10001:10001 . ./
WORKDIR /app/services/${SERVICE}
USER 10001:10001
CMD ["node", "--watch-path=dist", "--watch-path=/app/packages", "--import", "@pencraft/kit/instrument", "dist/main.js"]
