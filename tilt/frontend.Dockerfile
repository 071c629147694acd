# syntax=docker/dockerfile:1
# Dev image of a frontend for the Tilt loop (build arg FRONTEND): the static server and the bundle the host built
# with rspack. live_update syncs dist/ and `node --watch` restarts the server. Same user and layout as
# frontends/Dockerfile. Its context is filtered by frontend.Dockerfile.dockerignore.

ARG NODE_IMAGE=node:24-slim

FROM ${NODE_IMAGE}
ARG FRONTEND
ENV ROOT=/app/frontends/${FRONTEND}/dist
RUN groupadd --system --gid 10001 pencraft \
 && useradd --system --uid 10001 --gid 10001 --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin pencraft
WORKDIR /app
COPY --chown=10001:10001 . ./
USER 10001:10001
CMD ["sh", "-c", "exec node --watch-path=\"$ROOT\" packages/static-server/src/server.ts"]
