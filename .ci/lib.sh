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

# apt_install installs the Debian packages given that are not installed yet
# (apt-get update first; sudo when not root). A no-op when all are there.
apt_install() {
  local p missing=()
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
  done
  ((${#missing[@]})) || return 0
  if ! command -v apt-get >/dev/null 2>&1; then
    echo "cutoff: please install ${missing[*]} (or their equivalents: Jupyter with nbconvert)" >&2
    exit 1
  fi
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  echo "installing Debian packages: ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

# jupyter_packages are Debian's Jupyter: headless execution (nbconvert,
# nbclient), the classic notebook UI and `jupyter kernelspec`.
jupyter_packages=(jupyter-nbconvert python3-nbclient jupyter-notebook jupyter-client)

# install_jupyter makes sure Jupyter can run the course: it keeps a Jupyter
# that already has nbconvert and a UI (JupyterLab or the classic notebook,
# e.g. from pip), and installs Debian's otherwise.
install_jupyter() {
  if command -v jupyter >/dev/null 2>&1 &&
     jupyter nbconvert --version >/dev/null 2>&1 &&
     jupyter kernelspec --version >/dev/null 2>&1 &&
     { jupyter lab --version >/dev/null 2>&1 || jupyter notebook --version >/dev/null 2>&1; }; then
    return 0
  fi
  apt_install "${jupyter_packages[@]}"
}

# install_go_tools installs the Go tools pinned in go.mod (GoNB, goimports)
# into .tmp/bin and puts that first on PATH: the GoNB kernel runs goimports
# and go from PATH. Run from the repository's root, after require_go.
install_go_tools() {
  export GOBIN="$PWD/.tmp/bin"
  go install tool
  unset GOBIN
  PATH="$PWD/.tmp/bin:$PATH"
  export PATH
}

# install_kernel installs (again: its kernel.json names this gonb binary) the
# GoNB kernel spec for the current user and checks Jupyter sees it.
install_kernel() {
  gonb --install --force_deps >/dev/null 2>&1 || gonb --install --force_deps
  # (2>/dev/null: Debian's jupyter-client prints a debugger warning.)
  if ! jupyter kernelspec list 2>/dev/null | grep -Eq '^[[:space:]]*gonb[[:space:]]'; then
    echo "cutoff: gonb --install ran, but 'jupyter kernelspec list' does not show gonb" >&2
    jupyter kernelspec list >&2
    exit 1
  fi
}

# install_course does all of the above.
install_course() {
  install_jupyter
  install_go_tools
  install_kernel
}

# jupyter_flags prints the options both .ci/course and its check give
# Jupyter: notebooks/ as the root, 127.0.0.1 only, no browser started
# (--allow-root when run as root, as in containers).
jupyter_flags() {
  echo --ip=127.0.0.1 --no-browser --notebook-dir=notebooks
  [ "$(id -u)" -ne 0 ] || echo --allow-root
}

# jupyter_ui prints the Jupyter front end to start: lab when JupyterLab is
# installed (pip install jupyterlab), else the classic notebook.
jupyter_ui() {
  if jupyter lab --version >/dev/null 2>&1; then echo lab; else echo notebook; fi
}

# check_course_server starts Jupyter on notebooks/ bound to 127.0.0.1 in a
# process group of its own, waits (at most $1 seconds, default 60) until it
# answers there, then stops the group. It fails when the server never answers.
check_course_server() {
  local limit=${1:-60} ui log pid url="" i
  ui=$(jupyter_ui)
  log=$(mktemp)
  # Non-interactive bash starts background jobs in its own process group, so
  # setsid does not fork: $! is the server and the leader of its new group.
  # shellcheck disable=SC2046 # jupyter_flags prints separate words
  setsid jupyter "$ui" $(jupyter_flags) --port="${CUTOFF_CHECK_PORT:-8899}" >"$log" 2>&1 </dev/null &
  pid=$!
  # Killed from outside (timeout), take the server down too.
  trap 'kill -KILL -- "-$pid" 2>/dev/null; exit 143' TERM INT
  for ((i = 0; i < limit * 2; i++)); do
    url=$(grep -Eo 'http://127\.0\.0\.1:[0-9]+/[^[:space:]]*' "$log" | head -1 || true)
    if [ -n "$url" ] && curl -fsSL -o /dev/null --max-time 5 "$url"; then
      # It answers; does it offer the GoNB kernel and the course?
      local base=${url%%\?*} query=""
      [[ $url != *\?* ]] || query=${url#*\?}
      curl -fsS --max-time 5 "${base}api/kernelspecs?$query" | grep -q '"gonb"' || { echo "cutoff: the server offers no gonb kernel" >&2; url=""; break; }
      curl -fsS --max-time 5 "${base}api/contents?$query" | grep -q '00-welcome.ipynb' || { echo "cutoff: the server does not list notebooks/00-welcome.ipynb" >&2; url=""; break; }
      break
    fi
    url=""
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.5
  done
  kill -TERM -- "-$pid" 2>/dev/null || true
  for ((i = 0; i < 20; i++)); do kill -0 "$pid" 2>/dev/null || break; sleep 0.5; done
  kill -KILL -- "-$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  trap - TERM INT
  if [ -z "$url" ]; then
    echo "cutoff: jupyter $ui did not answer on 127.0.0.1 within ${limit}s; its log:" >&2
    cat "$log" >&2
    rm -f "$log"
    return 1
  fi
  echo "jupyter $ui answered on ${url%%\?*} and was stopped"
  rm -f "$log"
}
