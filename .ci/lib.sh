# Shared by .ci/course and .ci/test (sourced, not run, from the repository's
# root). Everything here works without apt and without sudo: Go 1.26 or newer
# and Python 3.10 or newer (with its venv module) are all it needs.

# min_go is the oldest Go that builds Cutoff (go.mod says "go 1.26").
min_go_major=1
min_go_minor=26
# min_python is the oldest Python that installs JupyterLab 4.6.
min_python_minor=10

# say prints one line for the user on stderr, prefixed "cutoff: ".
say() { echo "cutoff: $*" >&2; }

# require_go puts Go on PATH and checks its version. It never lets the go
# command download another toolchain behind the user's back: GOTOOLCHAIN=local.
require_go() {
  if ! command -v go >/dev/null 2>&1 && [ -x /usr/local/go/bin/go ]; then
    PATH=/usr/local/go/bin:$PATH
  fi
  if ! command -v go >/dev/null 2>&1; then
    say "Go is not installed: install go$min_go_major.$min_go_minor or newer (https://go.dev/dl/) and put it on PATH"
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
  say "$(command -v go) is $v; Cutoff needs go$min_go_major.$min_go_minor or newer (https://go.dev/dl/)"
  exit 1
}

# apt_install installs the Debian packages given that are not installed yet
# (apt-get update first; sudo when not root). A no-op when all are there.
# Only the test command uses it (Chromium for the browser tests, poppler
# and TeX Live for the picture formats' tests).
apt_install() {
  local p missing=()
  for p in "$@"; do
    # (captured, then matched: no early-exit reader in a pipeline under
    # pipefail, see install_kernel)
    [[ "$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)" == *"install ok installed"* ]] || missing+=("$p")
  done
  ((${#missing[@]})) || return 0
  if ! command -v apt-get >/dev/null 2>&1; then
    say "please install ${missing[*]} (the browser tests need Chromium at /usr/bin/chromium; the picture tests need poppler's pdftotext and pdftoppm and pdflatex with TikZ and standalone)"
    exit 1
  fi
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  echo "installing Debian packages: ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

# The course's Python environment: a virtual environment of the project's
# own (CUTOFF_VENV, default .venv in the repository) with the packages pinned
# in .ci/requirements.txt. Nothing goes into the user's global Python
# or Jupyter: GoNB's kernel spec is installed into the venv too.
venv_dir() { echo "${CUTOFF_VENV:-$PWD/.venv}"; }
requirements=.ci/requirements.txt

# python_minor prints the minor version of Python 3 interpreter $1, or
# nothing when $1 is not a Python 3.
python_minor() {
  "$1" -c 'import sys; print(sys.version_info[1] if sys.version_info[0] == 3 else "")' 2>/dev/null
}

# find_python sets $python to a Python 3.10 or newer that can make virtual
# environments (CUTOFF_PYTHON, else python3, else python), or says what to
# install and exits. On Debian and Ubuntu, where the venv module is a package
# of its own, it installs that package with apt when it can (as root, or
# with sudo that needs no password) and names it otherwise.
find_python() {
  local c minor found=""
  python=""
  for c in ${CUTOFF_PYTHON:-python3 python}; do
    command -v "$c" >/dev/null 2>&1 || continue
    found=$c
    minor=$(python_minor "$c")
    if [ -n "$minor" ] && ((minor >= min_python_minor)); then
      python=$(command -v "$c")
      break
    fi
  done
  if [ -z "$python" ]; then
    if [ -z "$found" ]; then
      say "Python 3 is not installed (need Python 3.$min_python_minor or newer with venv: https://www.python.org/downloads/; Debian/Ubuntu: apt install python3 python3-venv; macOS: brew install python)"
    else
      say "$(command -v "$found") is $("$found" --version 2>&1); the course needs Python 3.$min_python_minor or newer (https://www.python.org/downloads/)"
    fi
    exit 1
  fi
  # Debian and Ubuntu ship the venv module without ensurepip unless the
  # package pythonX.Y-venv is installed: python3 -m venv then fails.
  "$python" -c 'import venv, ensurepip' >/dev/null 2>&1 && return 0
  local v pkg
  v=$("$python" -c 'import sys; print("%d.%d" % sys.version_info[:2])')
  pkg=python$v-venv
  if command -v apt-get >/dev/null 2>&1 && command -v dpkg-query >/dev/null 2>&1; then
    local sudo=""
    if [ "$(id -u)" -ne 0 ]; then
      if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then sudo=sudo; else sudo=none; fi
    fi
    if [ "$sudo" != none ]; then
      echo "installing Debian's $pkg (Python's venv module) with apt-get"
      if $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "$pkg" >/dev/null &&
         "$python" -c 'import venv, ensurepip' >/dev/null 2>&1; then
        return 0
      fi
    fi
    say "$python cannot create virtual environments: install the package $pkg (sudo apt install $pkg), then run this again"
    exit 1
  fi
  say "$python cannot create virtual environments (its venv or ensurepip module is missing): install a Python with venv (https://www.python.org/downloads/), then run this again"
  exit 1
}

# install_venv makes the venv with the pinned packages. A second run finds
# it complete (a stamp written last records the requirements and the Python
# it was built from) and reuses it in well under a second. An interrupted or
# failed install leaves no venv behind, so the next run starts clean.
install_venv() {
  local venv stamp want
  venv=$(venv_dir)
  stamp=$venv/.cutoff-installed
  want=$("$python" -c 'import hashlib, sys; print(hashlib.sha256(open(sys.argv[1], "rb").read() + sys.version.encode()).hexdigest())' "$requirements")
  if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] && "$venv/bin/python" -c 'import jupyterlab, nbclient, nbconvert' >/dev/null 2>&1; then
    return 0
  fi
  rm -rf "$venv"
  echo "installing JupyterLab and the notebook runners ($requirements) into ${venv/#$PWD\//} with $("$python" --version 2>&1)"
  trap 'rm -rf "$venv"; say "interrupted: removed the unfinished ${venv/#$PWD\//}"; exit 130' INT TERM
  if ! "$python" -m venv "$venv" ||
     ! "$venv/bin/python" -m pip install --disable-pip-version-check --quiet -r "$requirements"; then
    rm -rf "$venv"
    trap - INT TERM
    say "installing $requirements into ${venv/#$PWD\//} failed (the messages above say why); nothing is left half-installed: run the command again"
    exit 1
  fi
  trap - INT TERM
  echo "$want" >"$stamp"
}

# activate_venv puts the venv's programs first on PATH. JUPYTER_PREFER_ENV_PATH
# makes Jupyter look for kernels in the venv before the user's own
# directories (a GoNB kernel spec installed by hand elsewhere is not used).
activate_venv() {
  local venv
  venv=$(venv_dir)
  PATH="$venv/bin:$PATH"
  export PATH VIRTUAL_ENV="$venv" JUPYTER_PREFER_ENV_PATH=1
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

# install_kernel installs GoNB's kernel spec into the venv (not into the
# user's Jupyter) and checks that the venv's Jupyter offers it. The spec's
# environment puts .tmp/bin first on the kernel's PATH, so the kernel finds
# goimports even when JupyterLab is started by hand from the venv, and sets
# the Go flags the cells build with (GOFLAGS).
install_kernel() {
  local venv kernel
  venv=$(venv_dir)
  kernel=$venv/share/jupyter/kernels/gonb
  JUPYTER_DATA_DIR="$venv/share/jupyter" gonb --install --force_deps >/dev/null 2>&1 ||
    JUPYTER_DATA_DIR="$venv/share/jupyter" gonb --install --force_deps
  "$venv/bin/python" - "$kernel/kernel.json" "$PWD/.tmp/bin" <<'EOF'
import json, sys
path, bin_dir = sys.argv[1], sys.argv[2]
with open(path) as f:
    spec = json.load(f)
env = spec.setdefault("env", {})
env["PATH"] = bin_dir + ":${PATH}"
# -mod=mod lets each cell's program take its dependencies from the
# repository's go.mod (the setup cell only adds a replace and a require);
# -ldflags=-w links without debug information (stack traces are kept):
# a cell that imports pkg/render then builds in about 0.6 s instead of 1.4.
# Set here, the notebooks' setup cell needs no %goflags line, which would
# print.
env["GOFLAGS"] = "-mod=mod -ldflags=-w"
spec["display_name"] = "Go (gonb)"
with open(path, "w") as f:
    json.dump(spec, f, indent=1)
    f.write("\n")
EOF
  # The list is captured first and matched afterwards: piped into an
  # early-exit reader (grep -q) under pipefail, jupyter gets a broken pipe
  # when grep stops at the first match, exits 1, and the check fails at
  # random (2 runs in 6 on a fresh HOME).
  local specs
  specs=$(jupyter kernelspec list 2>/dev/null || true)
  if ! [[ $specs =~ (^|$'\n')[[:space:]]*gonb[[:space:]]+"$kernel"($'\n'|$) ]]; then
    say "gonb --install ran, but the venv's Jupyter does not offer its kernel from $kernel"
    jupyter kernelspec list >&2
    exit 1
  fi
}

# install_course does all of the above: the venv, GoNB and goimports, the
# kernel spec. Afterwards the venv's jupyter and .tmp/bin are first on PATH.
install_course() {
  find_python
  install_venv
  activate_venv
  install_go_tools
  install_kernel
}

# free_port prints the first port from $1 on (at most 50 tried) that nothing
# listens on at 127.0.0.1.
free_port() {
  "$(venv_dir)/bin/python" - "$1" <<'EOF'
import socket, sys
start = int(sys.argv[1])
for port in range(start, start + 50):
    s = socket.socket()
    try:
        s.bind(("127.0.0.1", port))
    except OSError:
        continue
    finally:
        s.close()
    print(port)
    break
else:
    sys.exit("cutoff: no free port in %d..%d on 127.0.0.1" % (start, start + 49))
EOF
}

# new_token prints a random login token for the server.
new_token() { "$(venv_dir)/bin/python" -c 'import secrets; print(secrets.token_hex(24))'; }

# lab_args prints the options both .ci/course and its check give JupyterLab:
# notebooks/ as the root, 127.0.0.1 only, no browser started, no
# announcements fetched from the network, the port given ($1) and no other
# (--allow-root when run as root, as in containers).
lab_args() {
  echo --ip=127.0.0.1 --no-browser --ServerApp.root_dir=notebooks
  echo --port="$1" --ServerApp.port_retries=0
  echo --LabApp.news_url=None --LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate
  [ "$(id -u)" -ne 0 ] || echo --allow-root
}

# check_course_server starts JupyterLab on notebooks/ bound to 127.0.0.1 in
# a session of its own, waits (at most $1 seconds, default 60) until it
# answers there with the GoNB kernel, the notebooks and JupyterLab's page,
# then stops it. It fails when the server never answers.
check_course_server() {
  local limit=${1:-60} log pid port token ok=false i
  port=$(free_port "${CUTOFF_CHECK_PORT:-8899}")
  token=$(new_token)
  log=$(mktemp)
  # A new session (setsid through Python, which macOS has too), so that the
  # whole server, kernels included, can be stopped as one process group.
  # shellcheck disable=SC2046 # lab_args prints separate words
  "$(venv_dir)/bin/python" -c 'import os, sys; os.setsid(); os.execvp(sys.argv[1], sys.argv[1:])' \
    jupyter lab $(lab_args "$port") --IdentityProvider.token="$token" >"$log" 2>&1 </dev/null &
  pid=$!
  trap 'kill -KILL -- "-$pid" 2>/dev/null; exit 143' TERM INT
  for ((i = 0; i < limit * 2; i++)); do
    if "$(venv_dir)/bin/python" - "http://127.0.0.1:$port/" "$token" <<'EOF' 2>/dev/null; then
import json, sys, urllib.request
base, token = sys.argv[1], sys.argv[2]
def get(path):
    req = urllib.request.Request(base + path, headers={"Authorization": "token " + token})
    with urllib.request.urlopen(req, timeout=5) as r:
        return r.read().decode()
specs = json.loads(get("api/kernelspecs"))["kernelspecs"]
assert "gonb" in specs, "no gonb kernel"
names = [c["name"] for c in json.loads(get("api/contents"))["content"]]
assert "00-welcome.ipynb" in names, "no notebooks"
assert "JupyterLab" in get("lab"), "no JupyterLab page"
EOF
      ok=true
      break
    fi
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.5
  done
  kill -TERM -- "-$pid" 2>/dev/null || true
  for ((i = 0; i < 20; i++)); do kill -0 "$pid" 2>/dev/null || break; sleep 0.5; done
  kill -KILL -- "-$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  trap - TERM INT
  if ! $ok; then
    say "JupyterLab did not answer on 127.0.0.1:$port with the gonb kernel and the notebooks within ${limit}s; its log:"
    cat "$log" >&2
    rm -f "$log"
    return 1
  fi
  echo "JupyterLab $(jupyter lab --version) answered on http://127.0.0.1:$port/lab with the gonb kernel and the notebooks, and was stopped"
  rm -f "$log"
}
