# Shared by .ci/course and .ci/test (sourced, not run).

# min_go is the oldest Go that builds Cutoff (go.mod says "go 1.26").
min_go_major=1
min_go_minor=26

# require_go puts Go on PATH and checks its version. It never lets the go
# command download another toolchain behind the user's back: GOTOOLCHAIN=local.
require_go() {
  if ! command -v go >/dev/null 2>&1 && [ -x /usr/local/go/bin/go ]; then
    PATH=/usr/local/go/bin:$PATH
  fi
  if ! command -v go >/dev/null 2>&1; then
    echo "cutoff: Go is not installed (need go$min_go_major.$min_go_minor or newer: https://go.dev/dl/)" >&2
    exit 1
  fi
  export GOTOOLCHAIN=local
  local v
  v=$(cd / && go env GOVERSION) # outside the module, so go.mod cannot refuse an old Go
  if [[ $v =~ go([0-9]+)\.([0-9]+) ]] &&
     (( BASH_REMATCH[1] > min_go_major ||
        (BASH_REMATCH[1] == min_go_major && BASH_REMATCH[2] >= min_go_minor) )); then
    return 0
  fi
  echo "cutoff: $(command -v go) is $v; Cutoff needs go$min_go_major.$min_go_minor or newer (https://go.dev/dl/)" >&2
  exit 1
}
