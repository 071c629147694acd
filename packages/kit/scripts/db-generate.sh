#!/usr/bin/env bash
# Generates a service's next migration from its Drizzle schema (run in the service folder: npm run db:generate -- --name <what>).
# drizzle-kit writes CREATE SCHEMA for the service schema, which the migrator has already created for its
# bookkeeping table, so the statement is made idempotent.
set -euo pipefail
drizzle-kit generate "$@"
sed -i -E 's/^CREATE SCHEMA "([a-z_]+)";/CREATE SCHEMA IF NOT EXISTS "\1";/' migrations/*.sql
