# A private single-node Slurm from Debian's packages, started as root without systemd: its own munged socket,
# its own ports, its own state folder, so that it disturbs no Slurm or munged already on the machine
# (../shared/notes/slurm.md has the facts). Sourced, not run, by .ci/slurm-sweep.sh and the issue-33 probe.
#
#   private_slurm_start DIR NAME [CONF_LINE...]
#       writes DIR/slurm.conf (cluster NAME, one node with this machine's cores, partition NAME, the extra
#       slurm.conf lines given), starts munged, slurmctld and slurmd, exports SLURM_CONF and waits (30 s at
#       most) for the node to be idle. On failure it prints one line saying why on stdout and returns 1.
#   private_slurm_pid_files DIR
#       the daemons' pid files, one a line: known before they start, so a caller's cleanup can stop what exists.
#   private_slurm_stop DIR
#       cancels the cluster's jobs, stops its daemons by their PIDs and waits (10 s at most) until they are gone.

private_slurm_pid_files() {
  printf '%s\n' "$1/munged.pid" "$1/slurmctld.pid" "$1/slurmd.pid"
}

private_slurm_start() {
  local d="$1" name="$2" host port t
  shift 2
  [[ "$(id -u)" -eq 0 ]] || { echo "not root: cannot start Slurm daemons"; return 1; }
  for t in sbatch slurmctld slurmd munged; do
    command -v "$t" >/dev/null || { echo "$t is not installed"; return 1; }
  done
  host="$(hostname -s)"
  port=$(( 20000 + RANDOM % 20000 ))
  mkdir -p "$d/state" "$d/spool"
  {
    cat <<EOF
ClusterName=$name
SlurmctldHost=$host
SlurmctldPort=$port
SlurmdPort=$((port + 1))
AuthType=auth/munge
AuthInfo=socket=$d/munge.sock
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
SlurmUser=root
SlurmctldPidFile=$d/slurmctld.pid
SlurmdPidFile=$d/slurmd.pid
SlurmdSpoolDir=$d/spool
StateSaveLocation=$d/state
SlurmctldLogFile=$d/slurmctld.log
SlurmdLogFile=$d/slurmd.log
EOF
    [[ $# -gt 0 ]] && printf '%s\n' "$@"
    echo "NodeName=$host CPUs=$(nproc) RealMemory=1000 State=UNKNOWN"
    echo "PartitionName=$name Nodes=ALL Default=YES MaxTime=INFINITE State=UP"
  } > "$d/slurm.conf"
  munged --force -S "$d/munge.sock" --pid-file="$d/munged.pid" >/dev/null 2>&1 || { echo "munged did not start"; return 1; }
  export SLURM_CONF="$d/slurm.conf"
  { slurmctld -c -f "$SLURM_CONF" && slurmd -f "$SLURM_CONF"; } || { echo "slurmctld/slurmd did not start"; return 1; }
  for _ in $(seq 30); do
    sinfo -h -o %t 2>/dev/null | grep -q idle && return 0
    sleep 1
  done
  echo "the node did not become idle in 30 s ($(tail -1 "$d/slurmctld.log" 2>/dev/null))"
  return 1
}

private_slurm_stop() {
  local d="$1" f p alive pids=()
  if [[ -f "$d/slurm.conf" ]] && command -v scancel >/dev/null; then
    SLURM_CONF="$d/slurm.conf" scancel --user="$(id -un)" >/dev/null 2>&1
  fi
  while read -r f; do
    if [[ -s "$f" ]]; then
      pids+=("$(cat "$f")")
      kill "${pids[-1]}" 2>/dev/null
    fi
  done < <(private_slurm_pid_files "$d")
  # the daemons write their state until they are gone: wait before the caller removes their folder
  for _ in $(seq 1 100); do
    alive=0
    for p in "${pids[@]}"; do kill -0 "$p" 2>/dev/null && alive=1; done
    [[ $alive -eq 0 ]] && break
    sleep 0.1
  done
  return 0
}
