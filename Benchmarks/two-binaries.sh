# Sourced by the benchmarks that compare two builds: `source Benchmarks/two-binaries.sh USAGE "$@"` sets `old` (the
# first argument, required) and `new` (the second, or a release build made here) to absolute paths.
usage="$1"
shift
old="${1:?usage: $usage}"
new="${2:-}"
if [[ -z "$new" ]]; then
    swift build -c release --product ssopolicy >/dev/null
    new=.build/release/ssopolicy
fi
old="$(cd "$(dirname "$old")" && pwd)/$(basename "$old")"
new="$(cd "$(dirname "$new")" && pwd)/$(basename "$new")"
