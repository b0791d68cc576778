#!/usr/bin/env bash
# The table of measured claim costs that drives verify's ETA (app/src/main/resources/org/msgdlab/app/claim-seconds.csv):
# columns budget, claim_id, seconds, from the summary.csv of a `./msgd verify --budget B` run on a
# quiet machine; its first line, "# measured on MACHINE", is what verify's "expected time" line names.
# Usage: app/scripts/claim-costs.sh SUMMARY_CSV BUDGET "MACHINE, day, commit" > claim-seconds.csv
set -euo pipefail
usage='usage: claim-costs.sh SUMMARY_CSV BUDGET "MACHINE, day, commit"'
summary="${1:?$usage}"; budget="${2:?$usage}"; machine="${3:?$usage}"
[[ -s "$summary" ]] || { echo "claim-costs: SUMMARY_CSV=$summary is missing or empty" >&2; exit 2; }
[[ "$budget" == quick || "$budget" == full ]] || { echo "claim-costs: BUDGET=$budget must be quick or full" >&2; exit 2; }
echo "# measured on $machine"
echo "budget,claim_id,seconds"
# summary.csv: claim_id is column 2, seconds column 14; quoted fields (paper_ref, why) are blanked first
sed -E 's/"[^"]*"//g' "$summary" | awk -F, -v b="$budget" 'NR > 1 && $14 != "" { printf "%s,%s,%.1f\n", b, $2, $14 }'
