package site

import (
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/cutoff-go/cutoff/internal/playground"
	"github.com/cutoff-go/cutoff/internal/site/nbhtml"
)

// Every lesson's "try it yourself" link names a notebook that exists and
// opens a search that runs, with its result hidden: its fragment, read as
// tree.js reads it, is a playground request without error.
func TestTryItLinks(t *testing.T) {
	for stem, link := range tryIt {
		if _, err := os.Stat(filepath.Join("..", "..", "notebooks", stem+".ipynb")); err != nil {
			t.Errorf("%s: no such notebook", stem)
		}
		q, err := url.ParseQuery(link.Fragment)
		if err != nil {
			t.Fatalf("%s: %v", stem, err)
		}
		req := playground.Request{Alg: q.Get("alg"), Schedule: q.Get("schedule")}
		switch q.Get("source") {
		case "fixture":
			req.Tree = "fixture:" + q.Get("fixture")
		case "random":
			req.Random = "b=" + q.Get("b") + ",d=" + q.Get("d") + ",seed=" + q.Get("seed") + ",order=" + q.Get("order")
		case "literal":
			req.Tree = q.Get("tree")
		default:
			t.Errorf("%s: source %q", stem, q.Get("source"))
		}
		if q.Get("hide") != "1" {
			t.Errorf("%s: the link shows the result at once (no hide=1): it sits above the lesson's prediction prompts", stem)
		}
		req.TT, _ = strconv.Atoi(q.Get("tt"))
		var s playground.Session
		r := s.Search(req)
		if r.Error != "" || r.DOT == "" || len(r.Steps) == 0 {
			t.Errorf("%s: %q opens %q, %d steps", stem, link.Fragment, r.Error, len(r.Steps))
			continue
		}
		// A link with a table shows the table at work.
		if req.TT > 0 && r.Search.Stats.TTHits == 0 {
			t.Errorf("%s: %q: the table never hits", stem, link.Fragment)
		}
	}
	page, err := notebookPage(courseEntry{File: "02-alphabeta.ipynb", Stem: "02-alphabeta", Title: "Alpha-beta"}, &nbhtml.Page{Body: "<p>x</p>"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(page, `href="tree.html#source=fixture&amp;fixture=aima-fig5.2&amp;alg=alphabeta&amp;hide=1"`) {
		t.Errorf("the notebook page has no try-it link:\n%s", page)
	}
}
