package quiz_test

import (
	"encoding/json"
	"encoding/xml"
	"fmt"
	"html"
	"io"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/cutoff-go/cutoff/internal/browsertest"
	"github.com/cutoff-go/cutoff/pkg/quiz"
)

// sampleQuizzes returns one quiz of each kind and a few more.
func sampleQuizzes(t *testing.T) []*quiz.Quiz {
	t.Helper()
	return []*quiz.Quiz{
		ok(t)(quiz.NeverEvaluated("aima-fig5.2")),
		ok(t)(quiz.ShallowOrDeep("deep-cutoff", "Y")),
		ok(t)(quiz.BNSInPlay(small, 0, 15, 3)),
		ok(t)(quiz.Window("deep-cutoff", "W")),
		ok(t)(quiz.FailHardSoft("aima-fig5.2", "C")),
	}
}

var external = regexp.MustCompile(`(?i)(src|href)\s*=\s*["']?\s*(https?:)?//`)

func scriptOf(t *testing.T, h string) string {
	t.Helper()
	i, j := strings.Index(h, "<script>//<![CDATA["), strings.Index(h, "//]]></script>")
	if i < 0 || j < i {
		t.Fatalf("no script in %.200s", h)
	}
	return h[i+len("<script>//<![CDATA[") : j]
}

func TestHTML(t *testing.T) {
	ids := map[string]bool{}
	for _, q := range sampleQuizzes(t) {
		h, err := q.HTML()
		if err != nil {
			t.Fatal(err)
		}
		if m := external.FindString(h); m != "" {
			t.Errorf("%s: external reference %q", q.ID, m)
		}
		for _, want := range []string{
			`class="cutoff-quiz"`, fmt.Sprintf(`data-quiz-id="%s"`, q.ID), fmt.Sprintf(`data-kind="%s"`, q.Kind),
			`class="cutoff-quiz-check"`, `class="cutoff-quiz-retry" hidden="hidden"`, `class="cutoff-quiz-reveal" hidden="hidden"><svg`,
			"<style>", "<script>",
		} {
			if !strings.Contains(h, want) {
				t.Errorf("%s: no %s", q.ID, want)
			}
		}
		for i, o := range q.Options {
			want := regexp.MustCompile(fmt.Sprintf(`<button type="button" class="cutoff-quiz-option" data-option="%d" aria-pressed="false">([^<]*)</button>`, i))
			if m := want.FindStringSubmatch(h); m == nil || html.UnescapeString(m[1]) != o.Label {
				t.Errorf("%s: option %d %q missing", q.ID, i, o.Label)
			}
		}
		if q.Kind == quiz.ClickLeaves && strings.Count(h, "cq&#45;leaf") != len(q.Options) {
			t.Errorf("%s: %d clickable leaves for %d options", q.ID, strings.Count(h, "cq&#45;leaf"), len(q.Options))
		}
		if s := scriptOf(t, h); strings.ContainsAny(s, "<&") {
			t.Errorf("%s: the script has < or &", q.ID)
		}
		id := regexp.MustCompile(`id="(cutoff-quiz-[0-9a-f]{16})"`).FindStringSubmatch(h)
		if id == nil || ids[id[1]] {
			t.Errorf("%s: element id %v missing or not unique", q.ID, id)
		} else {
			ids[id[1]] = true
		}
		// Every id in the fragment is unique and prefixed with the quiz's.
		seen := map[string]bool{}
		for _, m := range regexp.MustCompile(` id="([^"]+)"`).FindAllStringSubmatch(h, -1) {
			if seen[m[1]] || !strings.HasPrefix(m[1], id[1]) {
				t.Errorf("%s: id %q repeated or not prefixed", q.ID, m[1])
			}
			seen[m[1]] = true
		}
		// Well-formed XML, so it also works in XHTML pages.
		d := xml.NewDecoder(strings.NewReader(h))
		for {
			if _, err := d.Token(); err == io.EOF {
				break
			} else if err != nil {
				t.Errorf("%s: not well-formed: %v", q.ID, err)
				break
			}
		}
		// The static page carries the answer (in its data) and the reveal.
		if !strings.Contains(h, jsonEsc(t, q.Truth)) {
			t.Errorf("%s: the truth is not in the page's data", q.ID)
		}
	}
}

func jsonEsc(t *testing.T, s string) string {
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Trim(string(b), `"`)
}

func TestLiveHTML(t *testing.T) {
	q := ok(t)(quiz.NeverEvaluated("deep-cutoff"))
	h, err := q.LiveHTML("/quiz/answer/1", "/quiz/reply/1")
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range q.Options {
		if strings.Contains(h, jsonEsc(t, o.Why)) {
			t.Errorf("the live page holds an explanation: %q", o.Why)
		}
	}
	if strings.Contains(h, jsonEsc(t, q.Truth)) || strings.Contains(h, `"correct":`) {
		t.Error("the live page holds the answer")
	}
	if !strings.Contains(h, `class="cutoff-quiz-reveal" hidden="hidden"></div>`) || !strings.Contains(h, `data-live="true"`) ||
		!strings.Contains(h, `"answer":"/quiz/answer/1"`) {
		t.Error("the live page lacks its empty reveal, data-live or address")
	}
	if _, err := q.LiveHTML("", "x"); err == nil {
		t.Error("no address: no error")
	}
	fb := q.Check([]int{4})
	js, err := q.ReplyJSON(fb)
	if err != nil {
		t.Fatal(err)
	}
	var r quiz.Reply
	if err := json.Unmarshal([]byte(js), &r); err != nil {
		t.Fatal(err)
	}
	if r.Correct != fb.Correct || r.Mistake != fb.Mistake || r.Truth != q.Truth || len(r.Options) != len(q.Options) ||
		!strings.HasPrefix(r.Reveal, "<svg") {
		t.Errorf("reply %+v", r)
	}
	var closed quiz.Reply
	if err := json.Unmarshal([]byte(quiz.ClosedJSON("bye")), &closed); err != nil || closed.Closed != "bye" {
		t.Errorf("closed reply %+v, %v", closed, err)
	}
}

func TestHTMLBadQuiz(t *testing.T) {
	var q *quiz.Quiz
	if _, err := q.HTML(); err == nil {
		t.Error("nil quiz: no error")
	}
	if _, err := (&quiz.Quiz{Options: []quiz.Option{{Label: "a"}}, Picture: "not svg"}).HTML(); err == nil {
		t.Error("a picture that is not SVG: no error")
	}
}

// TestQuizJS parses the quiz's script with node: it is JavaScript in a file
// of its own, out of reach of Go's compiler.
func TestQuizJS(t *testing.T) {
	browsertest.CheckJS(t, os.DirFS("."), "quiz.js")
}
