#!/usr/bin/env bash
# bench/http_load.sh — the daemon under load, end to end (issues 6 and 7).
# Results are recorded in docs/benchmarks.md.
#
#   bench/http_load.sh http     POST /v1/memories and /v1/messages at 100,000 memories
#   bench/http_load.sh deadline ingestion with an LLM endpoint that never answers, then
#                               drift cycles until no deferred classification is left
#   bench/http_load.sh drift    drift cycle cost at 10,000 and at 1,000,000 memories
#   bench/http_load.sh save     POST /v1/messages for 60 s while the vector index is saved
#                               every 20 s: the longest request shows any stall a save causes
#   bench/http_load.sh all      http, deadline and drift, in that order
#
# Settings (environment): MEMORIES (100000), DURATION seconds per measured run (20),
# CONNECTIONS (8), KEEP=1 keeps the work directory, BIN another credence binary (A/B). Needs build/credence,
# build/bench/credence_bench_log, wrk and python3 (scripts/setup installs them).
# The daemon runs on its defaults (embedded judge, store.sync = fsync) unless a
# phase says otherwise; every figure is whole-request latency as wrk sees it.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
BIN=${BIN:-$ROOT/build/credence}
GEN=$ROOT/build/bench/credence_bench_log
LUA=$ROOT/bench/http/post.lua
MEMORIES=${MEMORIES:-100000}
DURATION=${DURATION:-20}
CONNECTIONS=${CONNECTIONS:-8}
WORK=$(mktemp -d /tmp/credence-load.XXXXXX)
DPID=""
HANG_PID=""

for tool in "$BIN" "$GEN"; do
  [[ -x $tool ]] || { echo "http_load: $tool is missing: run scripts/build first" >&2; exit 1; }
done
command -v wrk >/dev/null || { echo "http_load: wrk is missing: run scripts/setup" >&2; exit 1; }

cleanup() {
  [[ -n $DPID ]] && kill -TERM "$DPID" 2>/dev/null && wait "$DPID" 2>/dev/null || true
  [[ -n $HANG_PID ]] && kill "$HANG_PID" 2>/dev/null || true
  if [[ ${KEEP:-0} == 1 ]]; then echo "http_load: work directory kept: $WORK"; else rm -rf "$WORK"; fi
}
trap cleanup EXIT

free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# start_daemon DATA_DIR [serve args...]: starts `credence serve` and waits until it answers.
start_daemon() {
  local data=$1
  shift
  PORT=$(free_port)
  URL=http://127.0.0.1:$PORT
  "$BIN" serve --data-dir "$data" --listen "127.0.0.1:$PORT" "$@" >>"$WORK/serve.log" 2>&1 &
  DPID=$!
  for _ in $(seq 1 1200); do
    curl -sf "$URL/healthz" >/dev/null 2>&1 && { echo "http_load: daemon up on $URL ($(grep -o 'started in [0-9]* ms' "$WORK/serve.log" | tail -1))"; return; }
    kill -0 "$DPID" 2>/dev/null || { echo "http_load: the daemon died:" >&2; tail -20 "$WORK/serve.log" >&2; exit 1; }
    sleep 0.25
  done
  echo "http_load: the daemon did not start in 300 s" >&2
  exit 1
}

# wait_index_saved: a daemon that rebuilt its vector index saves it in the
# background after it starts answering (seconds of disk writes at 1M
# memories); measurements wait for that to finish.
wait_index_saved() {
  for _ in $(seq 1 1200); do
    local rebuilt saved
    rebuilt=$(grep -c 'vector index rebuilt' "$WORK/serve.log" || true)
    saved=$(grep -c 'vector index saved' "$WORK/serve.log" || true)
    ((saved >= rebuilt)) && return
    sleep 0.25
  done
}

stop_daemon() {
  kill -TERM "$DPID"
  wait "$DPID" || { echo "http_load: the daemon exited non-zero" >&2; exit 1; }
  DPID=""
}

metric() {  # metric NAME: the value of an unlabelled gauge from /metrics
  curl -sf "$URL/metrics" | awk -v n="$1" '$1 == n { print $2 }'
}

# load PATH PREFIX SECONDS [CONNECTIONS]: wrk against one route, summary lines on stdout.
load() {
  wrk -t1 -c"${4:-$CONNECTIONS}" -d"$3"s -s "$LUA" "$URL" -- "$1" "$2" |
    grep -E '^(requests|errors|req_per_s|p50_ms|p90_ms|p99_ms|p99.9_ms|max_ms) '
}

# fill: a store of $MEMORIES memories in $WORK/store, written through the API
# itself, so every memory has a real normalised claim and went through the
# pre-screen and the judge. Leaves the daemon running.
FILLED=0
fill() {
  start_daemon "$WORK/store"
  ((FILLED)) && return
  local round=0 have
  while :; do
    have=$(metric credence_memories)
    have=${have%.*}
    echo "http_load: $have memories"
    ((have >= MEMORIES)) && break
    round=$((round + 1))
    load /v1/memories "fill$round" 15 16 >/dev/null
  done
  FILLED=1
}

phase_http() {
  echo "== http: POST /v1/memories and /v1/messages with $MEMORIES memories"
  fill
  echo "-- POST /v1/memories (${DURATION} s, $CONNECTIONS connections)"
  load /v1/memories measure "$DURATION"
  echo "-- POST /v1/messages (${DURATION} s, $CONNECTIONS connections)"
  load /v1/messages measure "$DURATION"
  echo "memories_after $(metric credence_memories)"
  stop_daemon
}

phase_deadline() {
  echo "== deadline: every pair goes to an LLM endpoint that accepts and never answers"
  local hang_port
  hang_port=$(free_port)
  python3 - "$hang_port" <<'EOF' &
import socket, sys, threading, time
srv = socket.socket()
srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
srv.bind(("127.0.0.1", int(sys.argv[1])))
srv.listen(1024)
held = []
while True:                      # accept, read, never answer
    c, _ = srv.accept()
    held.append(c)
EOF
  HANG_PID=$!
  if ((!FILLED)); then fill; stop_daemon; fi
  CREDENCE_CLASSIFIER_MODE=llm CREDENCE_LLM_URL="http://127.0.0.1:$hang_port/v1" \
    CREDENCE_LLM_TIMEOUT_MS=3000 start_daemon "$WORK/store"
  echo "-- POST /v1/messages (${DURATION} s, $CONNECTIONS connections), deadline 600 ms"
  load /v1/messages deadline "$DURATION"
  echo "deadline_misses $(curl -sf "$URL/metrics" | awk '$1 == "credence_deadline_misses_total" { print $2 }')"
  echo "pending_after_load $(metric credence_pending_classifications)"
  local cycles=0 pending
  while :; do
    pending=$(metric credence_pending_classifications)
    pending=${pending%.*}
    ((pending == 0)) && break
    curl -sf -XPOST -H 'Content-Type: application/json' -d '{}' "$URL/v1/drift/run" >"$WORK/drift.json"
    cycles=$((cycles + 1))
    ((cycles > 10000)) && { echo "http_load: pending classifications do not drain" >&2; exit 1; }
  done
  echo "drift_cycles_to_resolve_all $cycles"
  echo "pending_after_drift $(metric credence_pending_classifications)"
  stop_daemon
  kill "$HANG_PID" 2>/dev/null || true
  HANG_PID=""
}

# drift_cost N [USERS]: median drift cycle time (ms) over 30 cycles on a store
# of N memories spread over USERS users (default 1000).
drift_cost() {
  local n=$1 users=${2:-1000} dir=$WORK/drift$1
  "$GEN" --generate "$dir" $((n * 5 / 4)) "$users" >/dev/null 2>&1
  start_daemon "$dir"
  wait_index_saved
  echo "memories $(metric credence_memories)"
  # The first cycle builds the sampler (O(store), once per start); reported apart.
  echo "first_cycle $(curl -sf -XPOST -H 'Content-Type: application/json' -d '{}' "$URL/v1/drift/run")"
  for _ in $(seq 1 30); do
    curl -sf -XPOST -H 'Content-Type: application/json' -d '{}' "$URL/v1/drift/run"
    echo
  done >"$WORK/cycles$n.json"
  python3 - "$WORK/cycles$n.json" <<'EOF'
import json, statistics, sys
rows = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
ms = sorted(r["elapsed_ms"] for r in rows)
print(f"cycles {len(ms)} median_ms {statistics.median(ms):.3f} p90_ms {ms[int(len(ms) * 0.9) - 1]:.3f} "
      f"sampled {statistics.mean(r['sampled'] for r in rows):.1f} pairs {statistics.mean(r['pairs'] for r in rows):.1f}")
EOF
  stop_daemon
  rm -rf "$dir"
}

phase_save() {
  echo "== save: POST /v1/messages while the vector index is saved every 20 s"
  if ((!FILLED)); then fill; stop_daemon; fi
  local from
  from=$(wc -l <"$WORK/serve.log")
  start_daemon "$WORK/store" --set index.save_interval_s=20
  load /v1/messages save "${SAVE_SECONDS:-60}"
  stop_daemon
  tail -n +"$((from + 1))" "$WORK/serve.log" | grep -o 'vector index saved at seq [0-9]* in [0-9]* ms' || true
}

phase_drift() {
  echo "== drift: cycle cost at 10,000 and at 1,000,000 memories"
  # Two ways for a store to grow: more users of the same size (a user's
  # search partition stays the same) and the same users growing (each
  # partition grows 100x: the nearest-neighbour search inside it grows too).
  echo "-- 10,000 memories, 10 users (~1,000 memories each)"
  drift_cost 10000 10
  echo "-- 10,000 memories, 1,000 users (~10 memories each)"
  drift_cost 10000 1000
  echo "-- 1,000,000 memories, 1,000 users (~1,000 memories each)"
  drift_cost 1000000 1000
}

case "${1:-all}" in
  http) phase_http ;;
  deadline) phase_deadline ;;
  drift) phase_drift ;;
  save) phase_save ;;
  all) phase_http; phase_deadline; phase_drift ;;
  *) echo "usage: bench/http_load.sh [http|deadline|drift|save|all]" >&2; exit 2 ;;
esac
