#!/usr/bin/env bash
# The whole test suite (the README's test command runs this):
# format, lint, types, unit + HTTP + database tests (PGlite, and PostgreSQL
# when it is installed: scripts/with-postgres.sh starts a throwaway cluster),
# web build, then the Playwright end-to-end tests in Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
step() { printf '\n=== %s ===\n' "$1"; }

step "Pacchetti di sistema (chromium, postgresql, pdflatex)"
# Installs what is missing when it can (root or passwordless sudo), else stops
# here with the command to run, rather than failing at the end-to-end step.
scripts/system-packages.sh

step "Formato (prettier)"
npx prettier --check . --log-level warn
step "Lint (eslint)"
npx eslint . --max-warnings=0
step "Tipi (tsc)"
npm run -s typecheck
step "Build della web app"
npm run -s build
step "Test unitari, HTTP e database (vitest)"
scripts/with-postgres.sh npx vitest run
step "Test end-to-end (Playwright + Chromium)"
npx playwright test -c e2e/playwright.config.ts
