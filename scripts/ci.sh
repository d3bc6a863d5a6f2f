#!/usr/bin/env bash
# The whole check, in one place: build with warnings as errors, lint, test,
# smoke-run the benchmarks, and prove race-freedom under ThreadSanitizer.
# .ci/run and the GitHub workflow both call this script, so they cannot drift.
#
# Usage: scripts/ci.sh [STEP...]
#   Steps, in order: build lint test bench scripts http sanitizer. No step names: all of them.
set -euo pipefail
cd "$(dirname "$0")/.."

log() { printf '\n==> %s\n' "$*" >&2; }
fatal() { printf 'ci: error: %s\n' "$*" >&2; exit 1; }

started=$SECONDS
step() {
  local name=$1
  shift
  local t0=$SECONDS
  log "$name"
  "$@"
  log "$name: done in $((SECONDS - t0))s"
}

# ThreadSanitizer aborts with "unexpected memory mapping" when the kernel
# randomises mmap addresses with more than 30 bits; running without address
# randomisation avoids it.
tsan_prefix=()
detect_tsan_workaround() {
  local bits
  bits=$(cat /proc/sys/vm/mmap_rnd_bits 2>/dev/null || echo 0)
  if [ "$bits" -gt 30 ]; then
    log "vm.mmap_rnd_bits is $bits (> 30): running sanitized binaries under setarch $(uname -m) -R"
    tsan_prefix=(setarch "$(uname -m)" -R)
  fi
}

# Fails if a sanitizer log holds any report.
check_no_tsan_reports() {
  local file=$1 what=$2
  if grep -q "WARNING: ThreadSanitizer" "$file"; then
    grep -A 30 "WARNING: ThreadSanitizer" "$file" | head -80 >&2
    fatal "ThreadSanitizer reported $(grep -c 'WARNING: ThreadSanitizer' "$file") problem(s) in $what"
  fi
}

build() {
  swift build --build-tests -Xswiftc -warnings-as-errors
}

lint() {
  swift format lint --strict --recursive Package.swift Sources Tests Benchmarks
}

test_debug() {
  swift test
}

bench_smoke() {
  local out link missing=0
  out=$(mktemp -d)
  swift build -c release -Xswiftc -warnings-as-errors
  swift run -c release bench --quick --output "$out"
  python3 scripts/check_csv.py "$out" \
    --require parallel-fetch.csv --require refetch-cancel.csv --require presenter-hop.csv
  [ -f "$out/SUMMARY.md" ] || fatal "bench did not write $out/SUMMARY.md"
  install_python_requirements
  python3 scripts/plot.py "$out" --strict
  for link in $(grep -o '(plots/[^)]*\.png)' "$out/SUMMARY.md" | tr -d '()'); do
    [ -s "$out/$link" ] || { log "missing chart: $out/$link"; missing=1; }
  done
  [ "$missing" -eq 0 ] || fatal "plot.py did not draw every chart SUMMARY.md links to"
  rm -rf "$out"
}

install_python_requirements() {
  python3 -m pip install --quiet --disable-pip-version-check --root-user-action=ignore \
    -r scripts/requirements.txt \
    || python3 -c "import matplotlib, pytest" \
    || fatal "cannot install scripts/requirements.txt, and matplotlib or pytest is missing"
}

# The scripts' own tests: plot.py (golden CSVs in, charts and errors out) and
# serve.py. pytest's exit 5 (no tests collected) fails the step too.
script_tests() {
  install_python_requirements
  python3 -m pytest -q -p no:cacheprovider scripts/tests
}

sanitizer() {
  detect_tsan_workaround
  local logs bin status
  logs=$(mktemp -d)
  swift build --sanitize=thread --build-tests
  bin="$(swift build --sanitize=thread --show-bin-path)/bench"

  # 1. The tests: no report allowed.
  set +e
  "${tsan_prefix[@]}" swift test --sanitize=thread --skip-build 2>&1 | tee "$logs/tests.log"
  status=${PIPESTATUS[0]}
  set -e
  [ "$status" -eq 0 ] || fatal "tests failed under ThreadSanitizer (exit $status)"
  check_no_tsan_reports "$logs/tests.log" "the tests"

  # 2. The race canary: a deliberately racy cache. TSan must report it, or
  #    this job could not fail and its silence would prove nothing.
  set +e
  "${tsan_prefix[@]}" "$bin" race-canary --output "$logs/canary" >"$logs/canary.log" 2>&1
  status=$?
  set -e
  if ! grep -q "WARNING: ThreadSanitizer: data race" "$logs/canary.log"; then
    cat "$logs/canary.log" >&2
    fatal "ThreadSanitizer did not report the race canary (exit $status): the sanitizer job cannot be trusted"
  fi
  grep -q "RacyProfileCache" "$logs/canary.log" \
    || fatal "ThreadSanitizer reported a race, but not in the race canary's RacyProfileCache"
  log "the race canary was reported, as it must be (exit $status)"

  # 3. The refetch checker on the real scenes: no report allowed.
  set +e
  "${tsan_prefix[@]}" "$bin" refetch-cancel --quick --output "$logs/refetch" 2>&1 | tee "$logs/refetch.log"
  status=${PIPESTATUS[0]}
  set -e
  check_no_tsan_reports "$logs/refetch.log" "bench refetch-cancel --quick"
  [ "$status" -eq 0 ] || fatal "bench refetch-cancel --quick failed under ThreadSanitizer (exit $status)"

  # 4. The build-settings rungs: a sanitized bench compiles every rung with
  #    -sanitize=thread and passes on their drivers' reports. No report allowed.
  set +e
  "${tsan_prefix[@]}" "$bin" build-settings --quick --output "$logs/build-settings" 2>&1 | tee "$logs/build-settings.log"
  status=${PIPESTATUS[0]}
  set -e
  check_no_tsan_reports "$logs/build-settings.log" "bench build-settings --quick"
  [ "$status" -eq 0 ] || fatal "bench build-settings --quick failed under ThreadSanitizer (exit $status)"
  rm -rf "$logs"
}

# Real HTTP: start the loopback server, run a quick pass of the suites that
# take --base-url against it, check their CSV, stop the server.
server_pid=""
stop_server() {
  [ -z "$server_pid" ] || kill "$server_pid" 2>/dev/null || true
  server_pid=""
}
trap stop_server EXIT

http_pass() {
  local out port_file
  out=$(mktemp -d)
  port_file="$out/port"
  python3 scripts/serve.py --port 0 --port-file "$port_file" --user-latency 5ms --posts-latency 5ms \
    --max-seconds 600 >"$out/serve.log" 2>&1 &
  server_pid=$!
  for _ in $(seq 100); do
    [ -s "$port_file" ] && break
    kill -0 "$server_pid" 2>/dev/null || { cat "$out/serve.log" >&2; fatal "serve.py exited before listening"; }
    sleep 0.1
  done
  [ -s "$port_file" ] || fatal "serve.py did not write its port within 10 s"
  swift build -c release -Xswiftc -warnings-as-errors
  swift run -c release bench parallel-fetch refetch-cancel --quick --mode stress \
    --base-url "http://127.0.0.1:$(cat "$port_file")" --output "$out/results"
  python3 scripts/check_csv.py "$out/results" --require parallel-fetch.csv --require refetch-cancel.csv
  grep -q "http://127.0.0.1:" "$out/results/parallel-fetch.csv" || fatal "parallel-fetch did not run over HTTP"
  grep -q ",stress-http," "$out/results/refetch-cancel.csv" || fatal "refetch-cancel did not run over HTTP"
  stop_server
  rm -rf "$out"
}

steps=("$@")
all_steps=(build lint test bench scripts http sanitizer)
[ ${#steps[@]} -gt 0 ] || steps=("${all_steps[@]}")
for name in "${steps[@]}"; do
  case "$name" in
  build) step "build (warnings are errors)" build ;;
  lint) step "swift format lint --strict" lint ;;
  test) step "swift test" test_debug ;;
  bench) step "bench --quick (release): CSV, SUMMARY.md and charts" bench_smoke ;;
  scripts) step "pytest: plot.py and serve.py" script_tests ;;
  sanitizer) step "ThreadSanitizer: tests, race canary, refetch-cancel, build-settings" sanitizer ;;
  http) step "a quick pass over real HTTP against scripts/serve.py" http_pass ;;
  *) fatal "unknown step '$name' (steps: ${all_steps[*]})" ;;
  esac
done
log "all steps passed in $((SECONDS - started))s"
