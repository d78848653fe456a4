#!/usr/bin/env bash
# From a fresh clone of this repository to a private course on each platform,
# run locally in each platform's layout (docs/instructors.md, "Measured"):
# prints each step's seconds. Needs git, Go, zip and unzip.
set -euo pipefail
T=${1:?usage: measure.sh WORKDIR (new or empty)}; mkdir -p "$T"; T=$(cd "$T" && pwd); repo=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
t0=$EPOCHREALTIME
step() { local t=$EPOCHREALTIME; awk -v a="$t0" -v b="$t" -v s="$1" 'BEGIN { printf "%6.1fs  %s\n", b - a, s }'; t0=$t; }
git clone -q "$repo" "$T/cutoff"; step "1. git clone"
mkdir -p "$T/hidden/02-alphabeta"
sed -n '/^```go$/,/^```$/p' "$T/cutoff/docs/instructors.md" | sed '1d;$d' > "$T/hidden/02-alphabeta/hidden_test.go"
step "2. write a hidden test (the guide's example)"
(cd "$T/cutoff" && go run ./exercises/platforms/course -out "$T/course" -run '^0[12]' -hidden "$T/hidden" -seed 20260901 >/dev/null)
step "3. make the course (01, 02): template, grader, Gradescope, PrairieLearn"
# Gradescope: the zip unpacked as /autograder/source, setup.sh (Go already here), one submission.
G=$T/gs; mkdir -p "$G/source" "$G/bin"; (cd "$G/source" && unzip -q "$T/course/gradescope/02-alphabeta.zip")
AUTOGRADER_ROOT=$G CUTOFF_BIN=$G/bin CUTOFF_GO_INSTALLED=1 bash "$G/source/setup.sh" >/dev/null
step "4. Gradescope: setup.sh (build cutoff, grade the key with the hidden test, delete the key)"
mkdir -p "$G/submission"; cp "$T/cutoff/testdata/wrong/no-deep-cutoff/02-alphabeta/alphabeta.go" "$G/submission/"
PATH=$G/bin:$PATH AUTOGRADER_ROOT=$G bash "$G/source/run_autograder"
step "5. Gradescope: run_autograder on a loose alphabeta.go (score $(awk -F'[:,]' '/"score"/ { gsub(/ /, "", $2); print $2; exit }' "$G/results/results.json"))"
# PrairieLearn: the image's steps (build, warm), then grade.sh with the question's tests/.
P=$T/pl; mkdir -p "$P/bin" "$P/grade/student"
(cd "$T/course/prairielearn/graderImage/cutoff" && go build -o "$P/bin/cutoff" ./cmd/cutoff && { "$P/bin/cutoff" grade -module . -jobs 1 exercises >/dev/null 2>&1 || [ $? -le 1 ]; })
step "6. PrairieLearn: the image's build (cutoff built, stubs graded to warm the cache)"
ln -s "$T/course/prairielearn/questions/cutoff-02-alphabeta/tests" "$P/grade/tests"
cp "$T/cutoff/testdata/wrong/no-deep-cutoff/02-alphabeta/alphabeta.go" "$P/grade/student/"
PATH=$P/bin:$PATH GRADE_ROOT=$P/grade CUTOFF_MODULE=$T/course/prairielearn/graderImage/cutoff CUTOFF_EXERCISE=02-alphabeta CUTOFF_SEED=20260901 bash "$P/grade/tests/grade.sh"
step "7. PrairieLearn: grade.sh on alphabeta.go (score $(awk -F'[:,]' '/"score"/ { gsub(/ /, "", $2); print $2; exit }' "$P/grade/results/results.json"))"
# Classroom: the workflow's grading step, grader and student side by side.
C=$T/gh; mkdir -p "$C"; ln -s "$T/cutoff" "$C/grader"; cp -r "$T/course/template" "$C/student"
cp "$T/cutoff/solutions/01-minimax/minimax.go" "$C/student/exercises/01-minimax/"
run=$(grep -o 'run: echo.*' "$C/student/.github/workflows/classroom.yml" | sed 's/^run: //')
(cd "$C/grader" && GITHUB_OUTPUT=$C/out GITHUB_WORKSPACE=$C bash -c "$run")
step "8. GitHub Classroom: the workflow's grading step (advisory)"
# The deadline regrade: a class of LMS exports, zips and loose files.
K=$T/class; mkdir -p "$K/Dave Smith_123_assignsubmission_file_/cutoff-dave/exercises/02-alphabeta" "$K/erin"
cp "$T/cutoff/solutions/02-alphabeta/alphabeta.go" "$K/Dave Smith_123_assignsubmission_file_/cutoff-dave/exercises/02-alphabeta/"
cp "$T/cutoff/testdata/wrong/no-deep-cutoff/02-alphabeta/alphabeta.go" "$K/erin/"
(cd "$T/cutoff/exercises" && zip -qr "$K/frank.zip" 01-minimax 02-alphabeta)
(cd "$T/course/grader" && go build -o "$T/cutoff-bin" ./cmd/cutoff && "$T/cutoff-bin" grade -class "$K" -module . -with hidden -run '^0[12]' -seed 20260901 -gradebook "$T/week" 2>/dev/null || true)
step "9. the deadline regrade from the private grader (3 students)"
