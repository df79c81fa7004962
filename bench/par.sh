#!/usr/bin/env bash
# Times the parallel benchmarks (bench/par/*.py, with @par loops) at 1 and 2 threads
# (OMP_NUM_THREADS) against C with `#pragma omp parallel for` (bench/par/c/, clang-19
# -fopenmp) and, when it is installed, the real Codon 0.18 (PyPI `codon-compiler-demo`; set
# CODON_DEMO to its `codon` binary). Every implementation's output must equal codon's serial
# output (the program with its @par lines removed, run by CPython). Writes a markdown table
# to docs/benchmarks-par.md (or $OUT).
#
#   bench/par.sh [path/to/codon]      # default: target/release/codon, built if missing
#
# Environment: RUNS (runs per measurement, the best is kept; default 3), CODON_DEMO.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
cd "$here"
if [ $# -gt 0 ]; then
    codon="$(realpath "$1")"
else
    cargo build --release -q -p codon
    codon="$here/target/release/codon"
fi
out="${OUT:-$here/docs/benchmarks-par.md}"
runs="${RUNS:-3}"
work="$here/target/bench-par"
mkdir -p "$work"
demo="${CODON_DEMO:-}"
if [ -z "$demo" ] && [ -x /tmp/codon-demo/codon_compiler_demo/binaries/linux-x86_64/bin/codon ]; then
    demo=/tmp/codon-demo/codon_compiler_demo/binaries/linux-x86_64/bin/codon
fi

benchmarks=(
    "primes 3000000"
    "mandelbrot 1500"
    "float_sum 50000000"
    "stencil 1500"
)

# best wall-clock and CPU seconds of $runs runs of "$@" at $threads threads
best_of() {
    local threads=$1
    shift
    local best_wall="" best_cpu=""
    for _ in $(seq "$runs"); do
        local t
        t=$( { OMP_NUM_THREADS=$threads /usr/bin/env time -f "%e %U %S" "$@" >/dev/null; } 2>&1 | tail -1)
        local wall cpu
        wall=$(echo "$t" | awk '{print $1}')
        cpu=$(echo "$t" | awk '{print $2 + $3}')
        if [ -z "$best_wall" ] || awk "BEGIN{exit !($wall < $best_wall)}"; then best_wall=$wall; fi
        if [ -z "$best_cpu" ] || awk "BEGIN{exit !($cpu < $best_cpu)}"; then best_cpu=$cpu; fi
    done
    echo "$best_wall $best_cpu"
}

{
    echo "# Parallel benchmarks"
    echo
    echo "Written by \`bench/par.sh\` on $(date -u +%Y-%m-%d) ($(nproc) cores; load average at start:"
    echo "$(cut -d' ' -f1-3 /proc/loadavg)). Best of $runs runs; wall-clock seconds at 1 and 2 threads"
    echo "(\`OMP_NUM_THREADS\`), the speed-up, and CPU seconds (user + system) at 1 thread."
    echo
    echo "| benchmark | size | implementation | 1 thread | 2 threads | speed-up | CPU, 1 thread |"
    echo "|---|---|---|---|---|---|---|"
} >"$out"

for entry in "${benchmarks[@]}"; do
    read -r name size <<<"$entry"
    src="bench/par/$name.py"
    sed '/^ *@par/d' "$src" >"$work/$name-serial.py"
    expected=$(python3 "$work/$name-serial.py" "$size")
    "$codon" build --release "$src" -o "$work/$name" >/dev/null
    impls=("codon $work/$name")
    clang-19 -O3 -march=x86-64 -fopenmp "bench/par/c/$name.c" -o "$work/$name-c" -lm
    impls+=("C $work/$name-c")
    if [ -n "$demo" ]; then
        "$demo" build -release -o "$work/$name-codon018" "$src" >/dev/null
        impls+=("Codon-0.18 $work/$name-codon018")
    fi
    for impl in "${impls[@]}"; do
        read -r label exe <<<"$impl"
        for threads in 1 2; do
            got=$(OMP_NUM_THREADS=$threads "$exe" "$size")
            if [ "$got" != "$expected" ]; then
                echo "$label $name at $threads threads printed '$got', expected '$expected'" >&2
                exit 1
            fi
        done
        read -r w1 c1 <<<"$(best_of 1 "$exe" "$size")"
        read -r w2 _ <<<"$(best_of 2 "$exe" "$size")"
        speedup=$(awk "BEGIN{printf \"%.2f\", $w1 / $w2}")
        echo "| $name | $size | $label | $w1 | $w2 | ${speedup}× | $c1 |" >>"$out"
        echo "$name $label: $w1 s / $w2 s (${speedup}×)"
    done
done
echo "wrote $out"
