package report

import (
	"encoding/base64"
	"fmt"
	"strings"

	"github.com/cutoff-go/cutoff/internal/autograde"
	"github.com/cutoff-go/cutoff/pkg/render/feedback"
)

// GitHub Classroom.
//
// The classroom reporter (classroom-resources/autograding-grading-reporter)
// records, for each runner, the sum of its tests' scores out of the
// runner's max_score, but prints, in the log the student reads, the
// fraction of the runner's tests that passed times 100 (and, in its summary
// table, that fraction times max_score). The two agree only when every test
// of a runner is worth the same. So each check is split into units of equal
// points (the greatest common divisor of all the checks' points, 5 for the
// course's checks): a 15-point check is three tests of 5 points, which pass
// or fail together. What the log shows is then what is recorded.

// ClassroomResult is the JSON of cutoff grade -format classroom (-json):
// GitHub Classroom's runner result (version 1, read by its grading
// reporter) plus per-exercise float credit.
type ClassroomResult struct {
	Version   int               `json:"version"`
	Status    string            `json:"status"` // pass, fail or error
	MaxScore  int               `json:"max_score"`
	Score     int               `json:"score"`
	Credit    float64           `json:"credit"` // score / max_score
	Seed      uint64            `json:"seed"`
	Grader    string            `json:"grader"` // the grader's Version
	Unit      int               `json:"unit"`   // the points of every test
	Tests     []ClassroomTest   `json:"tests"`
	Exercises []ExerciseSummary `json:"exercises"`
}

// ClassroomTest is one unit of a check in ClassroomResult.
type ClassroomTest struct {
	Name          string `json:"name"`
	Status        string `json:"status"` // pass or fail
	Score         int    `json:"score"`
	MaxScore      int    `json:"max_score"`
	Message       string `json:"message,omitempty"`
	TestCode      string `json:"test_code"`
	ExecutionTime string `json:"execution_time"`
}

// ExerciseSummary is one exercise's points, checks and problems.
type ExerciseSummary struct {
	Name      string   `json:"name"`
	Points    int      `json:"points"`
	MaxPoints int      `json:"max_points"`
	Credit    float64  `json:"credit"`
	Checks    int      `json:"checks"`
	Passed    int      `json:"passed"`
	Error     string   `json:"error,omitempty"`
	Notes     []string `json:"notes,omitempty"`
}

// unit is the greatest common divisor of the checks' points.
func unit(res *autograde.Result) int {
	g := 0
	for _, e := range res.Exercises {
		for _, c := range e.Checks {
			g = gcd(g, c.Max)
		}
	}
	return max(g, 1)
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

func summary(e *autograde.ExerciseResult) ExerciseSummary {
	got, max := e.Score()
	return ExerciseSummary{Name: e.Exercise, Points: got, MaxPoints: max, Credit: Credit(got, max),
		Checks: len(e.Checks), Passed: e.Passed(), Error: e.Error, Notes: e.Notes}
}

// ClassroomOf is res as GitHub Classroom's runner result.
func ClassroomOf(res *autograde.Result, seed uint64) ClassroomResult {
	u := unit(res)
	out := ClassroomResult{Version: 1, Status: "pass", Seed: seed, Grader: Version(), Unit: u, Tests: []ClassroomTest{}}
	if res.Error != "" {
		out.Status = "error"
	}
	for _, e := range res.Exercises {
		got, max := e.Score()
		out.Score += got
		out.MaxScore += max
		if e.Error != "" {
			out.Status = "error"
		}
		for _, c := range e.Checks {
			n := c.Max / u
			for i := range n {
				t := ClassroomTest{Name: e.Exercise + ": " + c.Name, Status: "fail", MaxScore: u,
					TestCode: TestCode(e.Exercise, c), ExecutionTime: fmt.Sprintf("%.2fs", c.Seconds/float64(n))}
				if n > 1 {
					t.Name += fmt.Sprintf(" (%d of %d)", i+1, n)
				}
				if c.Passed {
					t.Status, t.Score = "pass", u
				} else {
					t.Message = strings.Join(c.Message, "\n")
					if out.Status == "pass" {
						out.Status = "fail"
					}
				}
				out.Tests = append(out.Tests, t)
			}
		}
		out.Exercises = append(out.Exercises, summary(e))
	}
	out.Credit = Credit(out.Score, out.MaxScore)
	return out
}

// Gradescope: results.json as its autograder documentation specifies
// (https://gradescope-autograders.readthedocs.io/en/latest/specs/): one
// test per check with its score and max_score, visible to the student; an
// instructor's hidden check (-with) is "after_published".
// GradescopeResult is its results.json.
type GradescopeResult struct {
	Score         float64          `json:"score"`
	ExecutionTime int              `json:"execution_time"`
	Output        string           `json:"output"`
	Visibility    string           `json:"visibility"`
	StdoutVisible string           `json:"stdout_visibility"`
	Tests         []GradescopeTest `json:"tests"`
}

// GradescopeTest is one check in GradescopeResult.
type GradescopeTest struct {
	Score      float64 `json:"score"`
	MaxScore   float64 `json:"max_score"`
	Status     string  `json:"status"` // passed or failed
	Name       string  `json:"name"`
	Number     string  `json:"number"`
	Output     string  `json:"output,omitempty"`
	Visibility string  `json:"visibility"`
}

// GradescopeOf is res as Gradescope's results.json.
func GradescopeOf(res *autograde.Result, seed uint64) GradescopeResult {
	got, max := res.Score()
	out := GradescopeResult{Score: float64(got), ExecutionTime: int(res.Seconds + 0.5),
		Visibility: "visible", StdoutVisible: "hidden", Tests: []GradescopeTest{}}
	out.Output = fmt.Sprintf("%d/%d points; random trees from seed %d; grader %s.", got, max, seed, Version())
	if hg, hm := hiddenScore(res); hm > 0 {
		// The total would tell a hidden check's failure: the output shows the
		// visible checks' points, the hidden ones come with the grades.
		out.Output = fmt.Sprintf("%d/%d points in the checks shown; the instructor's hidden checks are shown when the grades are published; random trees from seed %d; grader %s.", got-hg, max-hm, seed, Version())
	}
	if res.Error != "" {
		out.Output = "Not graded: " + res.Error + "\n" + out.Output
	}
	if res.Layout != "" {
		out.Output += "\nread as: " + res.Layout
	}
	for i, e := range res.Exercises {
		if e.Error != "" {
			out.Output += fmt.Sprintf("\n%s: %s", e.Exercise, e.Error)
		}
		for _, n := range e.Notes {
			out.Output += fmt.Sprintf("\n%s: %s", e.Exercise, n)
		}
		for j, c := range e.Checks {
			t := GradescopeTest{Score: float64(c.Points), MaxScore: float64(c.Max), Status: "failed",
				Name: e.Exercise + ": " + c.Name, Number: fmt.Sprintf("%d.%d", i+1, j+1), Visibility: "visible"}
			if c.Hidden {
				// Gradescope shows it to the student once the grades are
				// published, not before.
				t.Visibility = "after_published"
			}
			if c.Passed {
				t.Status = "passed"
			} else {
				t.Output = strings.Join(c.Message, "\n")
				if c.Picture != nil {
					t.Output += "\n(a picture of this difference is on the grader's feedback page, which Gradescope does not show: run go test in the exercise's folder to get it in .feedback/)"
				}
			}
			out.Tests = append(out.Tests, t)
		}
	}
	return out
}

// PrairieLearn: the external grader's results (gradable, score in 0..1,
// message, output, one test per check with points and max_points; the
// instructor's hidden checks of an exercise as one test, points only).
// PrairieLearnResult is its results JSON.
type PrairieLearnResult struct {
	Gradable     bool               `json:"gradable"`
	FormatErrors []string           `json:"format_errors,omitempty"`
	Score        float64            `json:"score"`
	Message      string             `json:"message"`
	Output       string             `json:"output"`
	Tests        []PrairieLearnTest `json:"tests"`
}

// PrairieLearnTest is one check in PrairieLearnResult.
type PrairieLearnTest struct {
	Name        string `json:"name"`
	Description string `json:"description"`
	Points      int    `json:"points"`
	MaxPoints   int    `json:"max_points"`
	Message     string `json:"message,omitempty"`
	Output      string `json:"output,omitempty"`
	// Images: the failing check's picture (with -feedback), an SVG as a
	// data: URL, which PrairieLearn shows under the test.
	Images []PrairieLearnImage `json:"images,omitempty"`
}

// PrairieLearnImage is one image of a PrairieLearnTest.
type PrairieLearnImage struct {
	Label string `json:"label"`
	URL   string `json:"url"`
}

// maxPrairieLearnImages bounds the bytes of a result's images: PrairieLearn
// reads results.json up to 1 MB.
const maxPrairieLearnImages = 600 << 10

// PrairieLearnOf is res as PrairieLearn's external grader results; a
// submission that could not be graded is not gradable (no attempt charged).
func PrairieLearnOf(res *autograde.Result, seed uint64) PrairieLearnResult {
	got, max := res.Score()
	out := PrairieLearnResult{Gradable: true, Score: Credit(got, max), Tests: []PrairieLearnTest{},
		Message: fmt.Sprintf("%d/%d points", got, max)}
	if res.Error != "" {
		// Not gradable: PrairieLearn charges no attempt and shows why.
		out.Gradable, out.FormatErrors, out.Message = false, []string{res.Error}, "Not graded: "+res.Error
	}
	var lines []string
	images := 0
	for _, e := range res.Exercises {
		g, m := e.Score()
		lines = append(lines, fmt.Sprintf("%s: %d/%d", e.Exercise, g, m))
		if e.Error != "" {
			lines = append(lines, "  "+e.Error)
		}
		for _, n := range e.Notes {
			lines = append(lines, "  "+n)
		}
		var hidden *PrairieLearnTest
		for _, c := range e.Checks {
			if c.Hidden {
				// PrairieLearn shows the student every test: the hidden
				// checks go in one, with their points only.
				if hidden == nil {
					hidden = &PrairieLearnTest{Name: e.Exercise + ": the instructor's hidden checks", Description: "not shown: the instructor's own checks"}
				}
				hidden.Points += c.Points
				hidden.MaxPoints += c.Max
				continue
			}
			t := PrairieLearnTest{Name: e.Exercise + ": " + c.Name, Description: "go test -run " + c.Test + " (" + e.Exercise + ")",
				Points: c.Points, MaxPoints: c.Max}
			if !c.Passed {
				t.Message = FirstLines(c.Message, 1)
				t.Output = strings.Join(c.Message, "\n")
				if c.Picture != nil {
					url := "data:image/svg+xml;base64," + base64.StdEncoding.EncodeToString(feedback.SVG(*c.Picture))
					if images+len(url) <= maxPrairieLearnImages {
						images += len(url)
						t.Images = []PrairieLearnImage{{Label: "your search and the reference's: the first difference ringed", URL: url}}
					} else {
						t.Output += "\n(picture left out: the results' images reached PrairieLearn's size bound)"
					}
				}
			}
			out.Tests = append(out.Tests, t)
		}
		if hidden != nil {
			if hidden.Points < hidden.MaxPoints {
				hidden.Message = "some hidden checks failed"
			}
			out.Tests = append(out.Tests, *hidden)
		}
	}
	if res.Layout != "" {
		lines = append(lines, "read as: "+res.Layout)
	}
	lines = append(lines, fmt.Sprintf("random trees from seed %d; grader %s", seed, Version()))
	out.Output = strings.Join(lines, "\n")
	return out
}

// Student is one submission with every check: the gradebook's JSON holds
// one per student, -format json prints one.
type Student struct {
	Student   string           `json:"student,omitempty"`
	Points    int              `json:"points"`
	MaxPoints int              `json:"max_points"`
	Credit    float64          `json:"credit"`
	Error     string           `json:"error,omitempty"`
	Seconds   float64          `json:"seconds"`
	Exercises []ExerciseDetail `json:"exercises"`
	// Seed is the random trees' seed (-format json; in a Gradebook it is
	// the book's, once).
	Seed uint64 `json:"seed,omitempty"`
	// Grader is the grader's Version (-format json; in a Gradebook the
	// book's).
	Grader string `json:"grader,omitempty"`
	// ReadAs is how a submission that is not a folder of exercise folders
	// was read (the Result's Layout: "unpacked bob.zip").
	ReadAs string `json:"read_as,omitempty"`
}

// ExerciseDetail is an exercise of Student with its checks.
type ExerciseDetail struct {
	ExerciseSummary
	CheckList []CheckDetail `json:"check_list"`
}

// CheckDetail is one check of ExerciseDetail.
type CheckDetail struct {
	Name      string   `json:"name"`
	Points    int      `json:"points"`
	MaxPoints int      `json:"max_points"`
	Passed    bool     `json:"passed"`
	Hidden    bool     `json:"hidden,omitempty"`
	Message   []string `json:"message,omitempty"`
}

// StudentOf is res with every check (cutoff grade -format json).
func StudentOf(res *autograde.Result) Student {
	got, max := res.Score()
	out := Student{Student: res.Student, Points: got, MaxPoints: max, Credit: Credit(got, max),
		Error: res.Error, Seconds: res.Seconds, Exercises: []ExerciseDetail{}, ReadAs: res.Layout}
	for _, e := range res.Exercises {
		d := ExerciseDetail{ExerciseSummary: summary(e)}
		for _, c := range e.Checks {
			d.CheckList = append(d.CheckList, CheckDetail{Name: c.Name, Points: c.Points, MaxPoints: c.Max,
				Passed: c.Passed, Hidden: c.Hidden, Message: c.Message})
		}
		out.Exercises = append(out.Exercises, d)
	}
	return out
}

// hiddenScore adds up the points of the instructor's hidden checks.
func hiddenScore(res *autograde.Result) (got, max int) {
	for _, e := range res.Exercises {
		for _, c := range e.Checks {
			if c.Hidden {
				got, max = got+c.Points, max+c.Max
			}
		}
	}
	return got, max
}
