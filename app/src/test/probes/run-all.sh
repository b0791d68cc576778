#!/usr/bin/env bash
# Replays every probe script beside this one (issueNN-*.sh: the reliability cases of issues 33 and 47, as a user
# would meet them, with the real launcher) and exits 1 when any of their cases FAILs. Each script prints one
# line per case (PASS, FAIL or SKIP with its reason); a summary line per script follows. Run by .ci/run after
# `mvn -B verify` (the launcher needs the built jar).
set -uo pipefail
here="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")" && pwd -P)"
status=0
for probe in "$here"/issue[0-9]*-*.sh; do
  name="$(basename "$probe")"
  echo "== probe $name"
  log="$(mktemp)"
  bash "$probe" 2>&1 | tee "$log"
  rc=${PIPESTATUS[0]}
  printf '%s: %d PASS, %d FAIL, %d SKIP (exit %d)\n' "$name" "$(grep -c '^PASS ' "$log")" "$(grep -c '^FAIL ' "$log")" \
    "$(grep -c '^SKIP ' "$log")" "$rc"
  if [[ $rc -ne 0 ]] || grep -q '^FAIL ' "$log"; then
    status=1
  fi
  rm -f "$log"
done
exit $status
