#!/usr/bin/env bash
# PrairieLearn's external grader runs this in the course's grading image
# (Dockerfile: Go and the cutoff grader in /cutoff, without key or hidden
# tests).
# The student's files are in /grade/student (the exercise's .go files, e.g.
# alphabeta.go from a file-editor or file-upload element); the results go
# to /grade/results/results.json. PrairieLearn counts the job as failed
# unless this exits 0, so it always does: the results say why.
set -uo pipefail
root=${GRADE_ROOT:-/grade}           # the tests run it in a folder of their own
module=${CUTOFF_MODULE:-/cutoff}
exercise=${CUTOFF_EXERCISE:?set CUTOFF_EXERCISE in info.json, e.g. 02-alphabeta}
# PrairieLearn runs this as root; cutoff grade then runs the student's code
# as nobody. Closed to nobody: tests/ (the hidden tests) and the results
# folder, which only root may write, so that the code cannot forge its score.
chmod 700 "$root/tests/" || echo "grade.sh: could not close $root/tests to the student's code" >&2
mkdir -p "$root/results"
chmod 755 "$root/results"
# The grader wants the exercise's folder name: lay the files out as one.
work=$(mktemp -d)
mkdir -p "$work/$exercise"
cp "$root"/student/*.go "$work/$exercise/" 2>/dev/null || true
# The question's hidden tests (tests/hidden/NN-topic/*_test.go: students
# never see tests/) and the assignment's seed (info.json's environment).
args=()
if [ -n "${CUTOFF_SEED:-}" ]; then args+=(-seed "$CUTOFF_SEED"); fi
if [ -d "$root/tests/hidden" ]; then args+=(-with "$root/tests/hidden"); fi
# The instructor's points (course -weights: tests/weights.json).
if [ -f "$root/tests/weights.json" ]; then args+=(-weights "$root/tests/weights.json"); fi
cd "$module" || exit 0
# -unsandboxed: the container is the sandbox here. PrairieLearn runs each
# job in a Docker container of its own, without network, whose default
# seccomp profile refuses the user namespaces cutoff's sandbox is made of;
# cutoff, as root, runs the code as nobody.
# -feedback: each failing check's picture goes into results.json as the
# test's image (the pages themselves are left in $work and removed).
cutoff grade -format prairielearn -module . -run "^$exercise\$" "${args[@]}" -jobs 1 -timeout 60s -unsandboxed \
  -feedback "$work/feedback" "$work/$exercise" >"$root/results/results.json"
status=$?
[ $status -le 1 ] || echo "cutoff grade: exit status $status" >&2
rm -rf "$work"
exit 0
