package main

import (
	gradereport "github.com/cutoff-go/cutoff/internal/autograde/report"

	"bytes"
	"encoding/json"
	"math"
	"strings"
	"testing"
)

// gradeAs runs cutoff grade -format format with args and decodes its JSON
// into v.
func gradeAs(t *testing.T, format string, v any, args ...string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := run(append([]string{"grade", "-format", format}, args...), nil, &stdout, &stderr)
	if code != exitOK && code != exitBudget {
		t.Fatalf("cutoff grade -format %s %v: exit %d: %s", format, args, code, stderr.String())
	}
	if err := json.Unmarshal(stdout.Bytes(), v); err != nil {
		t.Fatalf("-format %s printed no JSON (%v):\n%s", format, err, stdout.String())
	}
}

// The classroom reporter's published rule (classroom-resources/
// autograding-grading-reporter): it records the sum of the tests' scores
// out of max_score (NotifyClassroom), and prints the fraction of tests
// passed × 100 (ConsoleResults) and × max_score (AggregateResults).
type reporterView struct{ recorded, recordedMax, printedPercent, tableScore float64 }

func reporter(res gradereport.ClassroomResult) reporterView {
	var v reporterView
	passed := 0
	for _, ts := range res.Tests {
		v.recorded += float64(ts.Score)
		if ts.Status == "pass" {
			passed++
		}
	}
	v.recordedMax = float64(res.MaxScore)
	v.printedPercent = float64(passed) / float64(len(res.Tests)) * 100
	v.tableScore = float64(passed) / float64(len(res.Tests)) * float64(res.MaxScore)
	return v
}

// What a student reads in the reporter's log is what GitHub Classroom
// records, also when checks of different weights fail: every test is one
// unit of equal points.
func TestGradeClassroomWhatStudentsSee(t *testing.T) {
	var res gradereport.ClassroomResult
	gradeAs(t, "classroom", &res, "-with", solutionsDir, "-with", wrongDir+"/no-deep-cutoff", "-run", "^0[12]-", exercisesDir)
	if res.Version != 1 || res.Status != "fail" || res.MaxScore != 200 || res.Unit != 5 {
		t.Fatalf("version %d, status %s, max %d, unit %d; want 1, fail, 200, 5", res.Version, res.Status, res.MaxScore, res.Unit)
	}
	v := reporter(res)
	if v.recorded != float64(res.Score) || v.recordedMax != 200 {
		t.Errorf("the reporter records %v/%v, the grader scores %d/200", v.recorded, v.recordedMax, res.Score)
	}
	if math.Abs(v.printedPercent-v.recorded/v.recordedMax*100) > 1e-9 || math.Abs(v.tableScore-v.recorded) > 1e-9 {
		t.Errorf("the log says %.2f/100 (table %.2f), the record is %v/%v", v.printedPercent, v.tableScore, v.recorded, v.recordedMax)
	}
	if res.Score == 200 || res.Score == 100 {
		t.Errorf("score %d: the wrong alpha-beta should lose some checks of 02 and keep others", res.Score)
	}
	// One test per check, as before: what the log would have said differs.
	passed, checks := 0, 0
	for _, e := range res.Exercises {
		passed += e.Passed
		checks += e.Checks
	}
	if perCheck := float64(passed) / float64(checks) * 100; math.Abs(perCheck-v.printedPercent) < 0.5 {
		t.Logf("here one test per check would have shown %.2f too", perCheck)
	} else {
		t.Logf("one test per check would have shown %.2f/100 for a record of %.2f/100; units show %.2f", perCheck, v.recorded/2, v.printedPercent)
	}
	for _, ts := range res.Tests {
		if ts.MaxScore != res.Unit || (ts.Status == "pass") != (ts.Score == res.Unit) || ts.TestCode == "" {
			t.Errorf("test %+v is not one unit of %d points", ts, res.Unit)
		}
	}
}

func TestGradeGradescopeFormat(t *testing.T) {
	var res gradereport.GradescopeResult
	gradeAs(t, "gradescope", &res, "-with", wrongDir+"/no-deep-cutoff", "-run", "^02-", exercisesDir)
	sum, max := 0.0, 0.0
	for _, ts := range res.Tests {
		sum += ts.Score
		max += ts.MaxScore
		if (ts.Status == "passed") != (ts.Score == ts.MaxScore) || ts.Visibility != "visible" || !strings.HasPrefix(ts.Name, "02-alphabeta: ") {
			t.Errorf("test %+v", ts)
		}
		if ts.Status == "failed" && !strings.Contains(ts.Output, "rule:") {
			t.Errorf("failed test %s explains nothing: %q", ts.Name, ts.Output)
		}
	}
	if len(res.Tests) != 6 || max != 100 || res.Score != sum || sum == 0 || sum == 100 {
		t.Errorf("%d tests, %v/%v, score %v", len(res.Tests), sum, max, res.Score)
	}
}

func TestGradePrairieLearnFormat(t *testing.T) {
	var res gradereport.PrairieLearnResult
	gradeAs(t, "prairielearn", &res, "-with", wrongDir+"/no-deep-cutoff", "-run", "^02-", exercisesDir)
	points, max := 0, 0
	for _, ts := range res.Tests {
		points += ts.Points
		max += ts.MaxPoints
	}
	if !res.Gradable || len(res.Tests) != 6 || max != 100 || math.Abs(res.Score-float64(points)/100) > 1e-9 || points == 0 || points == 100 {
		t.Errorf("gradable %v, %d tests, %d/%d points, score %v", res.Gradable, len(res.Tests), points, max, res.Score)
	}
}
