#!/usr/bin/env bash
# The Debian packages the test command needs, in one place (used by
# scripts/test.sh and .ci/run):
#   chromium     the end-to-end tests (/usr/bin/chromium; Playwright never downloads one)
#   postgresql   the database tests on a throwaway PostgreSQL (scripts/with-postgres.sh)
#   texlive-latex-base texlive-latex-recommended texlive-lang-italian
#                pdflatex for the PDF delivery slips, rankings and certificates
#   poppler-utils pdftotext and pdfinfo: the tests read those PDFs back
#   lmodern      only a recommendation of texlive-latex-base, skipped by
#                --no-install-recommends: without it the slips' T1 fonts are
#                generated as bitmaps at run time
#
# scripts/system-packages.sh          install what is missing when possible (root or
#                                     passwordless sudo, with apt-get); otherwise stop
#                                     at once with the exact command to run (exit 1)
# scripts/system-packages.sh --check  only say what is missing (exit 1 if anything is)
#
# CHROMIUM_PATH and GAS_PG_LIB (default /usr/lib/postgresql) move where the
# browser and PostgreSQL are looked for.
set -euo pipefail

missing() {
  local need=()
  [ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] || need+=(chromium)
  ls "${GAS_PG_LIB:-/usr/lib/postgresql}"/*/bin/initdb >/dev/null 2>&1 || need+=(postgresql)
  command -v pdflatex >/dev/null 2>&1 ||
    need+=(texlive-latex-base texlive-latex-recommended texlive-lang-italian)
  command -v kpsewhich >/dev/null 2>&1 && kpsewhich lmodern.sty >/dev/null 2>&1 || need+=(lmodern)
  command -v pdftotext >/dev/null 2>&1 || need+=(poppler-utils)
  echo "${need[@]}"
}

need=$(missing)
[ -z "$need" ] && exit 0
command="apt-get install -y --no-install-recommends $need"

if [ "${1:-}" = "--check" ]; then
  echo "Mancano i pacchetti Debian: $need" >&2
  echo "Installali con: sudo apt-get update && sudo $command" >&2
  exit 1
fi

as_root=()
if [ "$(id -u)" != "0" ]; then
  if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    as_root=(sudo -n)
  else
    as_root=(none)
  fi
fi
if [ "${as_root[0]:-}" = "none" ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "Per i test servono i pacchetti Debian: $need" >&2
  echo "Installali (serve l'amministratore) e rilancia il comando:" >&2
  echo "  sudo apt-get update && sudo $command" >&2
  exit 1
fi
echo "Installo i pacchetti Debian che mancano: $need" >&2
export DEBIAN_FRONTEND=noninteractive
"${as_root[@]}" apt-get update -qq
# shellcheck disable=SC2086 # one word per package
"${as_root[@]}" apt-get install -y -qq --no-install-recommends $need >/dev/null
