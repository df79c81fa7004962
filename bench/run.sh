#!/usr/bin/env bash
# Builds every benchmark in bench/ in release mode, checks that each one's output equals
# CPython's (and PyPy's and the C version's, where there are), times them with hyperfine and
# measures peak memory with GNU time, then writes the table to docs/benchmarks.md (or $OUT).
#
#   bench/run.sh [path/to/codon]      # default: target/release/codon, built if missing
#
# Environment: RUNS (hyperfine runs per compiled program, default 5), PY_RUNS (per interpreter
# run, default 2), NO_PYPY=1 to leave PyPy out, OUT (the markdown file to write).
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
cd "$here"
"$here/bench/setup.sh"
if [ $# -gt 0 ]; then
    codon="$(realpath "$1")"
else
    cargo build --release -q -p codon
    codon="$here/target/release/codon"
fi
out="${OUT:-$here/docs/benchmarks.md}"
runs="${RUNS:-5}"
py_runs="${PY_RUNS:-2}"
work="$here/target/bench"
mkdir -p "$work"
pypy=""
if [ -z "${NO_PYPY:-}" ] && command -v pypy3 >/dev/null 2>&1; then pypy="$(command -v pypy3)"; fi

# name and size argument (for wordcount: the lines of its generated input); the C versions
# exist for some (bench/c/NAME.c)
benchmarks=(
    "nbody 1000000"
    "spectral_norm 800"
    "fannkuch 10"
    "binary_trees 18"
    "mandelbrot 1200"
    "primes 1500000"
    "set_partitions 12"
    "float_points 300000"
    "chaos 5000000"
    "go 600"
    "wordcount 600000"
    "dict_heavy 2000000"
)

# the command line that runs implementation $1 of benchmark $2 with size $3
command_for() {
    local impl=$1 name=$2 size=$3 input=""
    if [ "$name" = wordcount ]; then input=" < $work/words.txt"; size=""; fi
    case $impl in
        codon) echo "$work/$name $size$input" ;;
        c) echo "$work/$name-c $size$input" ;;
        cpython) echo "python3 bench/$name.py $size$input" ;;
        pypy) echo "$pypy bench/$name.py $size$input" ;;
    esac
}

# mean seconds of hyperfine over $1 runs of the command $2, with the hyperfine options $3;
# through a shell, for wordcount's redirection (hyperfine subtracts the shell's start-up time)
time_of() {
    hyperfine --style none --runs "$1" ${3:-} --export-json "$work/t.json" "$2" >/dev/null
    python3 -c 'import json,sys; print("%.3f" % json.load(open(sys.argv[1]))["results"][0]["mean"])' "$work/t.json"
}

# runs the command $1 once with its output in $2, and prints its peak resident memory in MiB
run_measured() {
    /usr/bin/time -f %M -o "$work/mem.txt" sh -c "$1" >"$2"
    awk '{ printf "%.1f", $1 / 1024 }' "$work/mem.txt"
}

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }'; }

failed=0
rows=()
memory_note=""
for entry in "${benchmarks[@]}"; do
    read -r name size <<<"$entry"
    echo "bench: $name $size" >&2
    "$codon" build -q --release "bench/$name.py" -o "$work/$name"
    if [ "$name" = wordcount ]; then python3 bench/gen_words.py "$size" >"$work/words.txt"; fi
    impls=(cpython codon)
    [ -n "$pypy" ] && impls+=(pypy)
    if [ -f "bench/c/$name.c" ]; then
        clang-19 -O2 -o "$work/$name-c" "bench/c/$name.c" -lm
        impls+=(c)
    fi
    declare -A secs=() mem=()
    for impl in "${impls[@]}"; do
        cmd="$(command_for "$impl" "$name" "$size")"
        mem[$impl]="$(run_measured "$cmd" "$work/$name.$impl.out")"
        if ! cmp -s "$work/$name.$impl.out" "$work/$name.cpython.out"; then
            echo "bench: $name: $impl's output differs from CPython's" >&2
            failed=1
        fi
        case $impl in
            cpython | pypy) secs[$impl]="$(time_of "$py_runs" "$cmd")" ;;
            *) secs[$impl]="$(time_of "$runs" "$cmd" "--warmup 1")" ;;
        esac
    done
    c_time="${secs[c]:--}" c_mem="${mem[c]:--}"
    rows+=("| $name | $size | ${secs[cpython]} | ${secs[pypy]:--} | ${secs[codon]} | $c_time | $(ratio "${secs[cpython]}" "${secs[codon]}")x | $([ "$c_time" = - ] && echo - || ratio "${secs[codon]}" "$c_time") | ${mem[cpython]} | ${mem[codon]} | $c_mem | $([ "$c_mem" = - ] && echo - || ratio "${mem[codon]}" "$c_mem") |")
    if [ "$name" = binary_trees ] && [ -n "${mem[c]:-}" ]; then
        memory_note="binary_trees at depth $size: codon peaks at ${mem[codon]} MiB, C (malloc/free) at ${mem[c]} MiB, $(ratio "${mem[codon]}" "${mem[c]}") times as much (the goal: within 3 times)."
    fi
    unset secs mem
done

cpu="$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
{
    sed -n '1,/^<!-- table -->$/p' "$out" 2>/dev/null || true
    echo
    echo "Measured $(date -u +%Y-%m-%d) on $cpu ($(nproc) cores), $(python3 --version 2>&1)$([ -n "$pypy" ] && echo ", PyPy $("$pypy" -c 'import sys; print("%d.%d.%d" % sys.pypy_version_info[:3])')"), clang-19 -O2 for C."
    echo "Times are hyperfine means in seconds ($runs runs of compiled programs, $py_runs of interpreters);"
    echo "memory is peak resident set size in MiB."
    echo
    echo "| benchmark | size | CPython s | PyPy s | codon s | C s | codon speedup over CPython | codon / C time | CPython MiB | codon MiB | C MiB | codon / C memory |"
    echo "|---|---|---|---|---|---|---|---|---|---|---|---|"
    printf '%s\n' "${rows[@]}"
    if [ -n "$memory_note" ]; then printf '\n%s\n' "$memory_note"; fi
} >"$work/benchmarks.md"
if grep -q '^<!-- table -->$' "$out" 2>/dev/null; then
    mv "$work/benchmarks.md" "$out"
else
    { echo '<!-- table -->'; cat "$work/benchmarks.md"; } >"$out"
fi
echo "bench: wrote $out" >&2
exit $failed
