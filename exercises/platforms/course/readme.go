package main

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/cutoff-go/cutoff/internal/autograde"
	gradereport "github.com/cutoff-go/cutoff/internal/autograde/report"
)

// templateReadme is the students' README.
func templateReadme(c *config) string {
	var b strings.Builder
	fmt.Fprintf(&b, `# Cutoff exercises

The exercises of this assignment: %s. Each folder holds a stub to
complete, its test and a README with the task and the points of each
check. This repository is a Go module of its own (Go 1.26, the standard
library only: no download):

`+"```sh"+`
go test ./exercises/...                # every exercise: pass or fail per check, explained
go test ./exercises/%s      # one
`+"```"+`

A failing check names the rule, the smallest tree it fails on and the
first visit where your search differs from the reference; `+"`CUTOFF_SEED=N`"+`
repeats its random trees. Your code may import the standard library and
`+"`exercises/grade`"+` only.

**What to submit.** This repository (GitHub Classroom: push), or on other
platforms the exercise's .go file itself, its folder, or a .zip of them:
the grader finds the exercise folders (up to four levels down) or lays
loose .go files out by their package clause. Your own tests are not run:
the grader runs the course's tests, and the instructor's own checks,
which are not in this repository.
`, strings.Join(c.names(), ", "), c.exercises[0].Dir)
	return b.String()
}

// weightsArg is " -weights PATH" when the course has weights, else "".
func (c *config) weightsArg(path string) string {
	if c.weightsFile == "" {
		return ""
	}
	return " -weights " + path
}

// graderReadme is the private grader's README.
func graderReadme(c *config) string {
	return fmt.Sprintf(`# The private grader (keep this repository private)

The grader of %s, with the key (solutions/) and the hidden tests (hidden/).
Push it to a **private** repository: the students never see it. At the
deadline, clone the students' submissions into one folder (one folder,
zip or .go file per student; LMS export folders are searched up to %d
levels down) and regrade them all with the seed of the assignment:

`+"```sh"+`
go build -ldflags "-X %s=$(cat %s)" -o cutoff ./cmd/cutoff   # %s: the grader's version, which every output names
./cutoff grade -class SUBMISSIONS -module . -with hidden -run '%s' -seed %d%s -gradebook week
`+"```"+`

The key scored full marks with the hidden tests when this was made; CI of
this repository may run `+"`./cutoff grade -module . -with solutions -with hidden exercises`"+`.
Accepted submission layouts: %s.
`, strings.Join(c.names(), ", "), autograde.SearchDepth, gradereport.StampVar, versionName, versionName, c.runFlag(), c.seed, c.weightsArg(weightsName), autograde.Layouts)
}

// readme is the course folder's README: what each part is and the steps.
func (c *config) readme() string {
	return fmt.Sprintf(`# A private Cutoff course: %s

Seed %d (every platform grades with it, so that a regrade reproduces
every score)%s. See docs/instructors.md in the cutoff repository.

- template/ — the students' repository. No key, no hidden test: push it
  as a (public or private) template repository. GitHub Classroom grades
  each push with .github/workflows/classroom.yml, the public grader at
  %s@%s, without the hidden tests. **That score is advisory**: a student
  can edit the workflow in their own repository. Regrade at the deadline
  from grader/.
- grader/ — private: the key and the hidden tests. A private repository;
  the deadline regrade runs there (grader/README.md).
- gradescope/NN-topic.zip — one programming assignment per exercise:
  upload the zip as its autograder (Ubuntu 22.04 base image). setup.sh
  grades the key with the hidden tests, then deletes the key from the
  image. Hidden checks are "after_published".
- prairielearn/ — build and push graderImage/ (docker build -t %s
  prairielearn/graderImage; it holds neither key nor hidden tests), and
  copy questions/cutoff-NN-topic/ into your course's questions/; the
  hidden tests are in each question's tests/, which students never see.
`, strings.Join(c.names(), ", "), c.seed, c.weightsNote(), c.graderRepo, c.graderRef, c.image)
}

// weightsNote says where the weights went, for the course's README.
func (c *config) weightsNote() string {
	if c.weightsFile == "" {
		return ""
	}
	return "; the points are " + c.weightsFile + "'s, copied as grader/weights.json, into each Gradescope zip (cutoff/weights.json), each PrairieLearn question's tests/weights.json and the template's .github/weights.json, and every script grades with -weights (to change them, run this again)"
}

// The exercises' READMEs are written for this repository: they run
// cutoff grade from cmd/cutoff, link ../../notebooks/SOURCES.md and name
// the notebooks, none of which a template holds.
var (
	// A command line that runs the grader from this repository.
	readmeGraderRun = regexp.MustCompile(`(?m)^go run \./cmd/cutoff .*\n`)
	// The sentence that points at the grader's score table.
	readmeGraderSentence = regexp.MustCompile("\\s*`cutoff grade`\\s+prints\\s+the\\s+score\\s+table\\.")
	// A link up to the repository's root.
	readmeUpLink = regexp.MustCompile(`\]\(\.\./\.\./([^)]*)\)`)
	// A notebook named as a path.
	readmeNotebook = regexp.MustCompile("`(notebooks/[^`]+\\.ipynb)`")
)

// studentREADME rewrites an exercise's README for the template: the
// grader's command lines and sentences dropped (the template has no
// cmd/cutoff: go test is its command), and the links and names of the
// repository's notebooks and sources made links into the grader's public
// repository at its commit (c.graderRepo, c.graderRef), where they are.
func studentREADME(text string, c *config) string {
	base := "https://github.com/" + c.graderRepo + "/blob/" + c.graderRef + "/"
	text = readmeGraderRun.ReplaceAllString(text, "")
	text = readmeGraderSentence.ReplaceAllString(text, "")
	text = readmeUpLink.ReplaceAllString(text, "]("+base+"$1)")
	text = readmeNotebook.ReplaceAllString(text, "[`$1`]("+base+"$1)")
	return text
}
