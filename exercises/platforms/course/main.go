// Command course makes a private course from this repository: a students'
// template without the key or the hidden tests, and, for each platform, a
// private grader holding the key and the hidden tests. Run it from the
// repository (see docs/instructors.md):
//
//	go run ./exercises/platforms/course -out ../my-course -run '^0[12]' -hidden ../hidden
//
// It writes, under -out:
//
//	template/       the students' repository: go.mod, the chosen exercises
//	                (stub, test, README) and the packages their tests import
//	                (exercises/grade, exercises/checks, pkg/...), and the
//	                GitHub Classroom workflow; no solutions/, no hidden test
//	grader/         the private grader: the module's grader, the key in
//	                solutions/, the hidden tests in hidden/ (a private
//	                repository: the deadline regrade runs from it)
//	gradescope/     NN-topic.zip per exercise: an autograder (setup.sh,
//	                run_autograder, the grader with the key and the hidden
//	                tests, the assignment's exercise and seed)
//	prairielearn/   graderImage/ (the grading image, without key or hidden
//	                tests) and questions/cutoff-NN-topic/ per exercise (the
//	                hidden tests in tests/, which students never see)
//	README.md       what each is and the steps
//
// With -weights FILE (a weights file, as cutoff grade -weights takes) every
// part gets a copy and its scripts grade with it: grader/weights.json,
// cutoff/weights.json in each Gradescope zip, tests/weights.json in each
// PrairieLearn question, .github/weights.json in the template.
//
// Before it writes anything for a platform it grades the key with the
// hidden tests: a hidden test that does not compile with the key or fails
// against it, a hidden folder that names no exercise, or a key that does
// not score full marks stops it with one line and exit status 2.
package main

import (
	"context"
	"fmt"
	"os"
)

func main() {
	if err := run(context.Background(), os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "course:", err)
		os.Exit(2)
	}
}
