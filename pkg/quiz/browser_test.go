package quiz_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/cutoff-go/cutoff/internal/browsertest"
	"github.com/cutoff-go/cutoff/pkg/quiz"
)

// browserQuiz is what testdata/browser/quiz.spec.mjs gets about one quiz
// on the page: how to answer it right and wrong, and what Check says.
type browserQuiz struct {
	ID         string   `json:"id"`
	Kind       string   `json:"kind"`
	Labels     []string `json:"labels"`
	Right      []int    `json:"right"`
	Wrong      []int    `json:"wrong"`
	Mistake    string   `json:"mistake"` // Check(Wrong).Mistake
	Truth      string   `json:"truth"`
	ClickLeaf  bool     `json:"clickLeaf"` // answer right by clicking the picture's leaves
	Live       bool     `json:"live"`
	RevealNode int      `json:"revealNodes"` // <g class="node"> in the reveal picture
	// A live quiz: the comms addresses, and the kernel's Reply to Wrong.
	Answer    string `json:"answer,omitempty"`
	ReplyAddr string `json:"replyAddr,omitempty"`
	Reply     string `json:"reply,omitempty"`
}

// TestQuizInBrowser opens a page of quizzes (one of each kind, and a live
// one) in headless Chromium (testdata/browser/quiz.spec.mjs, with
// playwright-core), answers each right and wrong, and checks the feedback
// against Check. The live quiz is first checked without GoNB (it must say
// so), then against a stand-in for GoNB's gonb_comm that records what the
// page sends and delivers the Reply Go made. Its needs and gating are TestPlayerInBrowser's
// (pkg/render): node, /usr/bin/chromium and `npm ci --prefix
// testdata/browser`, else skipped unless CUTOFF_BROWSER_TESTS=1; skipped
// under -short; bounded by 2 minutes or $CUTOFF_BROWSER_TIMEOUT.
func TestQuizInBrowser(t *testing.T) {
	tools := browsertest.Require(t)

	type answer struct {
		q     *quiz.Quiz
		wrong []int
	}
	leaves := ok(t)(quiz.NeverEvaluated("aima-fig5.2"))
	one := ok(t)(quiz.ShallowOrDeep("deep-cutoff", "Y"))
	several := ok(t)(quiz.BNSInPlay(small, 0, 15, 3))
	window := ok(t)(quiz.Window("deep-cutoff", "W"))
	answers := []answer{
		{leaves, []int{index(t, leaves, "c2"), index(t, leaves, "d1")}}, // c3 missed, but d1 comes first
		{one, []int{index(t, one, "a shallow cutoff")}},
		{several, []int{0, 3}},
		{window, []int{index(t, window, "[5, +∞]")}},
	}
	var page bytes.Buffer
	page.WriteString("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"/><title>quizzes</title></head><body>\n")
	var expect []browserQuiz
	for i, a := range answers {
		h, err := a.q.HTML()
		if err != nil {
			t.Fatal(err)
		}
		page.WriteString(h)
		fb := a.q.Check(a.wrong)
		if fb.Correct || fb.Mistake == "" {
			t.Fatalf("%s: the wrong answer %v is right", a.q.ID, a.wrong)
		}
		b := browserQuiz{ID: a.q.ID, Kind: a.q.Kind.String(), Right: a.q.Answer(), Wrong: a.wrong, Mistake: fb.Mistake,
			Truth: a.q.Truth, ClickLeaf: i == 0, RevealNode: strings.Count(a.q.Reveal, `class="node `)}
		for _, o := range a.q.Options {
			b.Labels = append(b.Labels, o.Label)
		}
		expect = append(expect, b)
	}
	// A live quiz on a page without GoNB: it must say so, not fail.
	live := ok(t)(quiz.TTFlag("aima-fig5.2", "C"))
	h, err := live.LiveHTML("/cutoff-quiz/answer/test", "/cutoff-quiz/reply/test")
	if err != nil {
		t.Fatal(err)
	}
	page.WriteString(h)
	liveWrong := []int{index(t, live, quiz.FlagExact)}
	reply, err := live.ReplyJSON(live.Check(liveWrong))
	if err != nil {
		t.Fatal(err)
	}
	expect = append(expect, browserQuiz{ID: live.ID, Kind: live.Kind.String(), Live: true, Right: live.Answer(),
		Wrong: liveWrong, Mistake: live.Check(liveWrong).Mistake, Truth: live.Truth, Reply: reply,
		Answer: "/cutoff-quiz/answer/test", ReplyAddr: "/cutoff-quiz/reply/test", RevealNode: strings.Count(live.Reveal, `class="node `)})
	page.WriteString("</body></html>\n")

	pagePath := filepath.Join(t.TempDir(), "quizzes.html")
	if err := os.WriteFile(pagePath, page.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), browsertest.Timeout(t, 2*time.Minute))
	defer cancel()
	tools.Run(t, ctx, "quiz.spec.mjs", map[string]any{"page": pagePath, "quizzes": expect,
		"verdictRight": quiz.VerdictRight, "verdictWrong": quiz.VerdictWrong})
}
