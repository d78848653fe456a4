//go:build unix

package main

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/cutoff-go/cutoff/internal/browsertest"
)

// TestGradeFeedbackInBrowser grades the deep-cutoff mistake
// (testdata/wrong/no-deep-cutoff) with -feedback, opens its feedback page
// in headless Chromium (testdata/browser/feedback.spec.mjs) and steps the
// deep cutoff check's step-through to the first difference with the keys
// and the buttons: the caption there names the nodes the text feedback
// names. It needs what browsertest.Require checks (skipped without, a
// failure with CUTOFF_BROWSER_TESTS=1); its screenshots are left in
// $CUTOFF_BROWSER_OUT, or the test's temporary directory.
func TestGradeFeedbackInBrowser(t *testing.T) {
	tools := browsertest.Require(t)
	fb := filepath.Join(t.TempDir(), "feedback")
	code, _, stderr := cli(t, "", "grade", "-feedback", fb, "-seed", "11",
		"-with", filepath.Join(wrongDir, "no-deep-cutoff"), filepath.Join(exercisesDir, "02-alphabeta"))
	if code != exitBudget {
		t.Fatalf("cutoff grade: exit %d; want 1\n%s", code, stderr)
	}
	ctx, cancel := context.WithTimeout(context.Background(), browsertest.Timeout(t, 2*time.Minute))
	defer cancel()
	tools.Run(t, ctx, "feedback.spec.mjs", map[string]any{
		"page":  filepath.Join(fb, "02-alphabeta.html"),
		"check": "deep cutoff",
	})
	browsertest.Screenshot(t, filepath.Join(tools.Out, "feedback-step.png"))
}
