#!/usr/bin/env bash
# Gradescope runs this once, as root, when it builds the autograder's image
# (Ubuntu 22.04). The autograder zip (made by exercises/platforms/course:
# see docs/instructors.md) holds this file, run_autograder, assignment.env
# (the exercise and the seed) and the private grader in cutoff/: the
# module's grader, the key in solutions/, the hidden tests in hidden/, the
# instructor's points in weights.json (when course -weights made it). It
# is unpacked into /autograder/source. This installs Go, builds cutoff,
# grades the key with the hidden tests (which proves both and fills Go's
# build cache, so that grading a submission builds only its own code), and
# then deletes the key: a submission's code runs in this image.
set -euo pipefail
src=${AUTOGRADER_ROOT:-/autograder}/source # the tests run it in a folder of their own
bin=${CUTOFF_BIN:-/usr/local/bin}
GO_VERSION=${GO_VERSION:-1.26.8}
if [ -z "${CUTOFF_GO_INSTALLED:-}" ]; then # the tests have Go already
  apt-get update
  apt-get install -y --no-install-recommends ca-certificates curl
  curl -fsSL "https://go.dev/dl/go${GO_VERSION}.linux-amd64.tar.gz" | tar -C /usr/local -xz
fi
export PATH=/usr/local/go/bin:$PATH
# Only root may enter the source folder (the key while this runs, the hidden
# tests, the seed): cutoff grade, run as root, runs a submission's code as
# nobody, to whom it is then closed.
chmod 700 "$src"
if [ -f "$src/assignment.env" ]; then . "$src/assignment.env"; fi
cd "$src/cutoff"
# GRADER_VERSION (written by the course command): the grader's version,
# which this copy, without .git, cannot know; every output names it.
ldflags=()
if [ -f GRADER_VERSION ]; then
  ldflags=(-ldflags "-X github.com/cutoff-go/cutoff/internal/autograde/report.stamped=$(cat GRADER_VERSION)")
fi
go build "${ldflags[@]}" -o "$bin/cutoff" ./cmd/cutoff
args=(-with solutions)
if [ -d hidden ]; then args+=(-with hidden); fi
if [ -n "${CUTOFF_RUN:-}" ]; then args+=(-run "$CUTOFF_RUN"); fi
# The assignment's seed: the key is proved on the trees the students get.
if [ -n "${CUTOFF_SEED:-}" ]; then args+=(-seed "$CUTOFF_SEED"); fi
# The instructor's points (course -weights), checked before the key is graded.
if [ -f weights.json ]; then args+=(-weights weights.json); fi
# Exit status 2 (a hidden test that does not compile with the key or fails
# against it) or 1 (the key misses a point) fails the image's build.
"$bin/cutoff" grade -module . "${args[@]}" -jobs 1 exercises
rm -rf solutions
