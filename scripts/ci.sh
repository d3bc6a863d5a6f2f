#!/usr/bin/env bash
# The whole check, in one place: build with warnings as errors, lint, test,
# smoke-run the benchmarks, and prove race-freedom and memory safety under
# ThreadSanitizer and AddressSanitizer. .ci/run and the GitHub workflow both
# call this script, so they cannot drift.
#
# Usage: scripts/ci.sh [STEP...]
#   Steps, in order: build lint test long-tests bench example scripts http
#   sanitizer asan.
#   No step names: all of them. Not part of "all": `ios` (macOS with Xcode
#   only) runs the example screens' tests on an iOS simulator; `results`
#   keeps a quick run in Results/ and appends its SUMMARY.md to the GitHub
#   job summary; `side-by-side` puts the Results folders under $COLLECTED
#   (default: collected) on one page, side-by-side/SIDE_BY_SIDE.md.
#
# Portable on purpose: it runs under macOS's bash 3.2 (no mapfile, no
# associative arrays, no "${empty[@]}" under set -u) and with GNU or BSD
# tools. Python runs in a virtual environment, .venv, made on first use.
set -euo pipefail
cd "$(dirname "$0")/.."

log() { printf '\n==> %s\n' "$*" >&2; }
fatal() {
  printf 'ci: error: %s\n' "$*" >&2
  exit 1
}

all_steps="build lint test long-tests bench example scripts http sanitizer asan"

started=$SECONDS
# One line per step run, "seconds<TAB>status<TAB>name", for the table at
# the end (printed however the run ends).
step_times=""
step() {
  local name=$1 t0=$SECONDS
  shift
  log "$name"
  # A failing step exits the script (set -e, or fatal); the EXIT trap then
  # records it as the failed one.
  current_step="$name"
  current_step_start=$t0
  "$@"
  current_step=""
  step_times="$step_times$((SECONDS - t0))	passed	$name
"
  log "$name: done in $((SECONDS - t0))s"
}
current_step=""
current_step_start=0

# The whole check's time limit: CI stops a run at 90 minutes, and a run that
# takes more than 60 here leaves no room for the next heavy change.
total_limit=${CI_TOTAL_LIMIT_SECONDS:-3600}

# The step table: each step's time and status, and the total.
print_step_table() {
  local times=$step_times
  if [ -n "$current_step" ]; then
    times="$times$((SECONDS - current_step_start))	failed	$current_step
"
  fi
  [ -n "$times" ] || return 0
  {
    printf '\n%-8s  %-6s  %s\n' "seconds" "status" "step"
    printf '%s' "$times" | while IFS='	' read -r seconds status name; do
      printf '%8s  %-6s  %s\n' "$seconds" "$status" "$name"
    done
    printf '%8s  %-6s  %s\n' "$((SECONDS - started))" "" "total (limit ${total_limit} s)"
  } >&2
}

# Runs a sanitized binary. On Linux, ThreadSanitizer aborts with "unexpected
# memory mapping" when the kernel randomises mmap addresses with more than
# 30 bits; the binary then runs without address randomisation (setarch -R).
# Elsewhere it runs as it is.
no_aslr=0
detect_tsan_workaround() {
  local bits
  [ "$(uname -s)" = Linux ] || return 0
  bits=$(cat /proc/sys/vm/mmap_rnd_bits 2>/dev/null || echo 0)
  if [ "$bits" -gt 30 ]; then
    log "vm.mmap_rnd_bits is $bits (> 30): running sanitized binaries under setarch $(uname -m) -R"
    no_aslr=1
  fi
}
run_sanitized() {
  if [ "$no_aslr" -eq 1 ]; then
    setarch "$(uname -m)" -R "$@"
  else
    "$@"
  fi
}

# Fails if a sanitizer log holds any report of the given kind.
check_no_reports() {
  local file=$1 what=$2 marker=$3
  if grep -q "$marker" "$file"; then
    grep -A 30 "$marker" "$file" | head -80 >&2
    fatal "$(grep -c "$marker" "$file") report(s) of '$marker' in $what"
  fi
}

# --- Python: a virtual environment of the repository's own ------------------

# The interpreter of .venv, with scripts/requirements.txt installed; made on
# first use. Debian and Ubuntu ship venv separately (python3-venv): where
# `python3 -m venv` fails and apt-get exists, it is installed first.
venv_python=""
python_env() {
  [ -z "$venv_python" ] || return 0
  command -v python3 >/dev/null 2>&1 || fatal "python3 is not on PATH"
  if [ ! -x .venv/bin/python ]; then
    if ! python3 -m venv .venv; then
      rm -rf .venv
      command -v apt-get >/dev/null 2>&1 || fatal "python3 -m venv failed; install Python's venv module"
      log "python3 -m venv failed: installing python3-venv with apt-get"
      as_root apt-get update -qq
      as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends python3-venv
      python3 -m venv .venv || fatal "python3 -m venv failed even with python3-venv installed"
    fi
  fi
  # No --root-user-action: older pips reject it, and inside a venv pip has
  # nothing to warn root about.
  .venv/bin/python -m pip install --quiet --disable-pip-version-check -r scripts/requirements.txt \
    || fatal "cannot install scripts/requirements.txt into .venv"
  venv_python=.venv/bin/python
}

as_root() {
  if [ "$(id -u)" -eq 0 ]; then
    "$@"
  elif command -v sudo >/dev/null 2>&1; then
    sudo "$@"
  else
    fatal "need root to run: $*"
  fi
}

# --- Steps ------------------------------------------------------------------

build() {
  swift build --build-tests -Xswiftc -warnings-as-errors
}

lint() {
  swift format lint --strict --recursive Package.swift Sources Tests Benchmarks Examples
}

test_debug() {
  swift test
}

bench_smoke() {
  local out=.build/bench-results link missing=0 before after
  swift build -c release -Xswiftc -warnings-as-errors
  # Without --output, as a user runs it: into .build/bench-results, leaving
  # the published run in Results/ (and everything else git tracks) alone.
  before=$(git status --porcelain 2>/dev/null || true)
  rm -rf "$out"
  swift run -c release bench --quick
  after=$(git status --porcelain 2>/dev/null || true)
  [ "$before" = "$after" ] || fatal "bench without --output changed what git tracks: $(printf '%s\n' "$after" | head -5)"
  python_env
  "$venv_python" scripts/check_csv.py "$out" \
    --require parallel-fetch.csv --require refetch-cancel.csv --require presenter-hop.csv
  [ -f "$out/SUMMARY.md" ] || fatal "bench did not write $out/SUMMARY.md"
  "$venv_python" scripts/plot.py "$out" --strict
  for link in $(grep -o '(plots/[^)]*\.png)' "$out/SUMMARY.md" | tr -d '()'); do
    [ -s "$out/$link" ] || {
      log "missing chart: $out/$link"
      missing=1
    }
  done
  [ "$missing" -eq 0 ] || fatal "plot.py did not draw every chart SUMMARY.md links to"
  after=$(git status --porcelain 2>/dev/null || true)
  [ "$before" = "$after" ] || fatal "plotting the latest run changed what git tracks: $(printf '%s\n' "$after" | head -5)"
}

# The example packages. Examples/SearchScreen, Examples/PullToRefresh and
# Examples/EverydayScreens (a detail with "Try again", a feed that loads
# more, a search that ignores short queries) are an app team's screens, each
# in a correct and a flawed version, with their descriptions for the screen
# checker; their own tests run the checker on both (the correct screens must
# pass, the flawed ones must be caught).
# Examples/CheckMyInteractor registers a flawed interactor (it ignores
# refresh while a load runs) and those four screens beside the shipped
# interactors, and runs bench's command line on them. The flawed ones claim
# their contract, so the run must fail with exit 1, and its outcome table
# must say why: the interactor's lost profiles, the flawed search's refilled
# query and the flawed feed's cancellation shown as an error, while the
# correct screens show no forbidden outcome.
example() {
  local out status=0 lost refilled spurious forbidden variant
  for screen in SearchScreen PullToRefresh EverydayScreens; do
    (cd "Examples/$screen" && swift build --build-tests -Xswiftc -warnings-as-errors && swift test)
  done
  out=$(mktemp -d)
  (cd Examples/CheckMyInteractor && swift build -Xswiftc -warnings-as-errors)
  (cd Examples/CheckMyInteractor && swift run CheckMyInteractor refetch-cancel --quick --mode systematic \
    --output "$out") || status=$?
  [ "$status" -eq 1 ] || fatal "the example's flawed interactor and screens should fail the run with exit 1, got $status"
  lost=$(outcome_count "$out" ignores-taps-while-loading/latest-request-only/url-session lost)
  [ "$lost" -gt 0 ] || fatal "the example's outcome table does not show the lost profile"
  refilled=$(outcome_count "$out" flawed-search/url-session refilled)
  [ "$refilled" -gt 0 ] || fatal "the example's outcome table does not show the flawed search's refilled query"
  spurious=$(outcome_count "$out" flawed-feed/url-session spurious-error)
  [ "$spurious" -gt 0 ] || fatal "the example's outcome table does not show the flawed feed's spurious error"
  for variant in search/cancellation-error search/url-session feed/cancellation-error feed/url-session; do
    forbidden=$(grep "^$variant,systematic," "$out/refetch-cancel.csv" | awk -F, '$7 == "forbidden" { n += $5 } END { print n + 0 }')
    [ "$forbidden" -eq 0 ] || fatal "the example's correct screen $variant shows $forbidden forbidden outcomes"
  done
  log "the example's interactor lost the latest profile in $lost systematic trials, the flawed search refilled a"
  log "cleared query in $refilled, the flawed feed showed a cancellation as an error in $spurious; the correct"
  log "screens showed nothing forbidden, and the run failed (exit 1)"
  rm -rf "$out"
}

# The count of `outcome` in the systematic rows of `variant` in a
# refetch-cancel.csv under `dir`; 0 when there is no such row.
outcome_count() {
  local dir=$1 variant=$2 outcome=$3
  grep "^$variant,systematic," "$dir/refetch-cancel.csv" | grep ",$outcome," | cut -d, -f5 | head -1 | grep . || echo 0
}

# The example screens' tests on an iOS simulator (macOS with Xcode): the
# screen checker, its exact settle included, in the place an app's tests run.
ios() {
  local device example
  command -v xcodebuild >/dev/null 2>&1 || fatal "the ios step needs Xcode's xcodebuild"
  device=$(xcrun simctl list devices available -j | python3 -c '
import json, sys
runtimes = json.load(sys.stdin)["devices"]
for runtime in sorted(runtimes, reverse=True):
    if ".iOS-" in runtime:
        for device in runtimes[runtime]:
            if device["name"].startswith("iPhone"):
                print(device["udid"]); sys.exit(0)
sys.exit("no available iPhone simulator")')
  log "iOS simulator: $device"
  for example in SearchScreen PullToRefresh EverydayScreens; do
    (cd "Examples/$example" && xcodebuild test -scheme "$example-Package" -destination "id=$device" \
      -skipPackagePluginValidation CODE_SIGNING_ALLOWED=NO)
  done
}

# The scripts' own tests: plot.py (golden CSVs in, charts and errors out) and
# serve.py. pytest's exit 5 (no tests collected) fails the step too.
script_tests() {
  python_env
  "$venv_python" -m pytest -q -p no:cacheprovider scripts/tests
}

# A quick run kept in Results/ (CSV, SUMMARY.md, charts), for CI's artifact
# and job summary: SUMMARY.md is appended to $GITHUB_STEP_SUMMARY when that
# is set (GitHub Actions sets it to the job summary's file).
results() {
  swift build -c release -Xswiftc -warnings-as-errors
  swift run -c release bench --quick --output Results
  python_env
  "$venv_python" scripts/plot.py Results --strict
  append_summary Results/SUMMARY.md
}

# Every Results folder under $COLLECTED (default: collected), one per
# machine, on one page with their charts side by side: side-by-side/ holds
# SIDE_BY_SIDE.md and plots/; the page goes to the job summary too.
side_by_side() {
  local collected=${COLLECTED:-collected} folders="" folder
  [ -d "$collected" ] || fatal "no folder $collected of Results folders to put side by side"
  for folder in "$collected"/*/; do
    [ -d "$folder" ] && folders="$folders ${folder%/}"
  done
  [ -n "$folders" ] || fatal "$collected holds no Results folder"
  python_env
  # shellcheck disable=SC2086  # one word per folder; the names are CI's artifact names
  "$venv_python" scripts/side_by_side.py $folders --output side-by-side
  append_summary side-by-side/SIDE_BY_SIDE.md
}

append_summary() {
  if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
    cat "$1" >>"$GITHUB_STEP_SUMMARY"
    log "appended $1 to the job summary"
  fi
}

# The long runs: tests that measure the checker's power rather than test a
# change (whole exhaustive runs and 10,000-trial stress runs of correct
# screens, the sampling strategies over every fixture, the mutation
# catalogue, the guides' scene at three taps explored twice to compare
# shards). They carry the `.longRun` trait, so a plain `swift test` leaves
# them out (lighter tests check the same guarantees on fewer trials) and so
# do the sanitizer steps; the long-tests step runs them, with
# ISOLATIONBENCH_LONG_TESTS=1. The step fails when a name here names no
# test, so a rename cannot drop one unseen.
long_tests="theCorrectCounterpartShowsNothingForbiddenIn10000StressTrials
theCorrectCounterpartShowsNothingForbiddenInEveryOrdering
theShapesCorrectTwinShowsNothingForbiddenIn10000StressTrialsWithCancellationErrors
aPCTSampleOf300OrderingsFindsEachFlaw
aSampleNeverFindsAFlawInACorrectScreen
aUniformRandomSampleFindsEveryFlawButTheDeepPagingOne
everyMutantShowsItsFlawUnderItsProbe
eachMutantIsCaughtForItsOwnFlaw
everyMutantIsCaught
theGuidesSceneAtThreeTapsShardedFourWaysAddsUpToTheWholeTable"

long_test_run() {
  local listed name pattern="" output status
  listed=$(swift test list --skip-build 2>/dev/null) || fatal "swift test list failed"
  for name in $long_tests; do
    case "$listed" in
    *"/$name("*) ;;
    *) fatal "the long-tests step names $name, which names no test" ;;
    esac
    pattern="$pattern${pattern:+|}$name"
  done
  output=$(mktemp)
  set +e
  ISOLATIONBENCH_LONG_TESTS=1 swift test --skip-build --filter "/($pattern)\\(" 2>&1 | tee "$output"
  status=${PIPESTATUS[0]}
  set -e
  [ "$status" -eq 0 ] || fatal "the long runs failed (exit $status)"
  # Every long run ran: none was skipped for want of the variable.
  if grep -q "a long run that measures the checker's power" "$output"; then
    fatal "a long run was skipped although ISOLATIONBENCH_LONG_TESTS=1"
  fi
  rm -f "$output"
}

# Runs the tests under sanitizer $1 (thread, address), already built (the
# long runs stay out, as in a plain swift test); the output goes to $2 and
# the exit status is swift test's.
sanitized_tests() {
  local sanitizer=$1 log=$2 status
  set +e
  run_sanitized swift test --sanitize="$sanitizer" --skip-build 2>&1 | tee "$log"
  status=${PIPESTATUS[0]}
  set -e
  return "$status"
}

sanitizer() {
  detect_tsan_workaround
  local logs bin status
  logs=$(mktemp -d)
  swift build --sanitize=thread --build-tests
  bin="$(swift build --sanitize=thread --show-bin-path)/bench"

  # 1. The tests: no report allowed.
  status=0
  sanitized_tests thread "$logs/tests.log" || status=$?
  [ "$status" -eq 0 ] || fatal "tests failed under ThreadSanitizer (exit $status)"
  check_no_reports "$logs/tests.log" "the tests" "WARNING: ThreadSanitizer"

  # 2. The race canary: a deliberately racy cache. TSan must report it, or
  #    this job could not fail and its silence would prove nothing.
  set +e
  run_sanitized "$bin" race-canary --output "$logs/canary" >"$logs/canary.log" 2>&1
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
  run_sanitized "$bin" refetch-cancel --quick --output "$logs/refetch" 2>&1 | tee "$logs/refetch.log"
  status=${PIPESTATUS[0]}
  set -e
  check_no_reports "$logs/refetch.log" "bench refetch-cancel --quick" "WARNING: ThreadSanitizer"
  [ "$status" -eq 0 ] || fatal "bench refetch-cancel --quick failed under ThreadSanitizer (exit $status)"

  # 4. The build-settings rungs: a sanitized bench compiles every rung with
  #    -sanitize=thread and passes on their drivers' reports. No report allowed.
  set +e
  run_sanitized "$bin" build-settings --quick --output "$logs/build-settings" 2>&1 | tee "$logs/build-settings.log"
  status=${PIPESTATUS[0]}
  set -e
  check_no_reports "$logs/build-settings.log" "bench build-settings --quick" "WARNING: ThreadSanitizer"
  [ "$status" -eq 0 ] || fatal "bench build-settings --quick failed under ThreadSanitizer (exit $status)"
  rm -rf "$logs"
}

# AddressSanitizer, with LeakSanitizer at exit: the tests and a quick
# refetch-cancel run. Any memory error or leak report fails the step, except
# the toolchain's own leaks listed, each with its reason, in
# scripts/lsan-suppressions.txt.
asan() {
  local logs bin status
  logs=$(mktemp -d)
  swift build --sanitize=address --build-tests
  bin="$(swift build --sanitize=address --show-bin-path)/bench"
  export LSAN_OPTIONS="suppressions=$PWD/scripts/lsan-suppressions.txt:print_suppressions=0"

  status=0
  sanitized_tests address "$logs/tests.log" || status=$?
  check_no_reports "$logs/tests.log" "the tests" "ERROR: AddressSanitizer"
  check_no_reports "$logs/tests.log" "the tests" "ERROR: LeakSanitizer"
  [ "$status" -eq 0 ] || fatal "tests failed under AddressSanitizer (exit $status)"

  set +e
  "$bin" refetch-cancel --quick --output "$logs/refetch" 2>&1 | tee "$logs/refetch.log"
  status=${PIPESTATUS[0]}
  set -e
  check_no_reports "$logs/refetch.log" "bench refetch-cancel --quick" "ERROR: AddressSanitizer"
  check_no_reports "$logs/refetch.log" "bench refetch-cancel --quick" "ERROR: LeakSanitizer"
  [ "$status" -eq 0 ] || fatal "bench refetch-cancel --quick failed under AddressSanitizer (exit $status)"
  rm -rf "$logs"
}

# Real HTTP: start the loopback server, run a quick pass of the suites that
# take --base-url against it, check their CSV, stop the server.
server_pid=""
stop_server() {
  [ -z "$server_pid" ] || kill "$server_pid" 2>/dev/null || true
  server_pid=""
}
on_exit() {
  stop_server
  print_step_table
}
trap on_exit EXIT

http_pass() {
  local out port_file
  out=$(mktemp -d)
  port_file="$out/port"
  python3 scripts/serve.py --port 0 --port-file "$port_file" --user-latency 5ms --posts-latency 5ms \
    --max-seconds 600 >"$out/serve.log" 2>&1 &
  server_pid=$!
  for _ in $(seq 100); do
    [ -s "$port_file" ] && break
    kill -0 "$server_pid" 2>/dev/null || {
      cat "$out/serve.log" >&2
      fatal "serve.py exited before listening"
    }
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

# A plain word list, not an array: "${steps[@]}" of an empty array is an
# error under set -u in bash 3.2.
if [ $# -gt 0 ]; then steps="$*"; else steps=$all_steps; fi
for name in $steps; do
  case "$name" in
  build) step "build (warnings are errors)" build ;;
  lint) step "swift format lint --strict" lint ;;
  test) step "swift test" test_debug ;;
  long-tests) step "the long runs (ISOLATIONBENCH_LONG_TESTS=1 swift test)" long_test_run ;;
  bench) step "bench --quick (release): CSV, SUMMARY.md and charts" bench_smoke ;;
  example) step "Examples: the screens' own checks, and the suites on a user's own interactor and screens" example ;;
  ios) step "Examples on an iOS simulator: the screen checker in the screens' tests" ios ;;
  results) step "bench --quick into Results/, charts, SUMMARY.md to the job summary" results ;;
  side-by-side) step "every machine's Results on one page, charts side by side" side_by_side ;;
  scripts) step "pytest: plot.py and serve.py" script_tests ;;
  http) step "a quick pass over real HTTP against scripts/serve.py" http_pass ;;
  sanitizer) step "ThreadSanitizer: tests, race canary, refetch-cancel, build-settings" sanitizer ;;
  asan) step "AddressSanitizer and LeakSanitizer: tests, refetch-cancel" asan ;;
  *) fatal "unknown step '$name' (steps: $all_steps; also ios, results, side-by-side)" ;;
  esac
done
if [ $((SECONDS - started)) -gt "$total_limit" ]; then
  fatal "every step passed, but the whole check took $((SECONDS - started)) s, past its limit of $total_limit s (CI stops at 5400): make the slowest step in the table below faster"
fi
log "all steps passed in $((SECONDS - started))s"
