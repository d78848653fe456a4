package report

import (
	"encoding/base64"
	"fmt"
	"html"
	"os"
	"path/filepath"
	"strings"

	"github.com/cutoff-go/cutoff/internal/autograde"
	"github.com/cutoff-go/cutoff/pkg/render/feedback"
)

// Feedback pages (cutoff grade -feedback DIR): for each submission and
// exercise with a failing check, one page
//
//	DIR/<exercise>.html                 (one submission)
//	DIR/<student>/<exercise>.html       (-class)
//
// that lists the exercise's failing checks, each with its text feedback and,
// for a check that compares visits, its picture (the SVG inside the page,
// as a data: URL, so the page is one file that can be mailed or attached)
// and a link to its step-through, DIR/[<student>/]<exercise>/<check>.html
// (feedback.HTML). With -class, DIR/index.html links every page. The
// pictures are drawn here, in the grader, from what the checks sent on the
// grader's pipe (autograde.CheckResult.Picture).

// WriteFeedback writes the feedback pages of results, graded with seed,
// into dir and returns the pages written (the exercise pages and the
// index).
func WriteFeedback(dir string, results []*autograde.Result, seed uint64) ([]string, error) {
	var pages []string
	var index strings.Builder
	class := len(results) > 1 || len(results) == 1 && results[0].Student != ""
	for _, res := range results {
		sub := dir
		if class {
			sub = filepath.Join(dir, safeName(res.Student))
		}
		var links []string
		for _, e := range res.Exercises {
			if !hasFailure(e) {
				continue
			}
			base := filepath.Join(sub, safeName(e.Exercise))
			if err := os.MkdirAll(base, 0o755); err != nil {
				return pages, err
			}
			for _, c := range e.Checks {
				if c.Picture == nil || c.Passed {
					continue
				}
				if err := os.WriteFile(filepath.Join(base, safeName(c.Name)+".html"), feedback.HTML(*c.Picture), 0o644); err != nil {
					return pages, err
				}
			}
			page := base + ".html"
			if err := os.WriteFile(page, FeedbackPage(res, e, seed), 0o644); err != nil {
				return pages, err
			}
			pages = append(pages, page)
			rel, _ := filepath.Rel(dir, page)
			got, max := e.Score()
			links = append(links, fmt.Sprintf(`<a href="%s">%s</a> (%d/%d)`, html.EscapeString(filepath.ToSlash(rel)), html.EscapeString(e.Exercise), got, max))
		}
		if class {
			got, max := res.Score()
			fmt.Fprintf(&index, "<li>%s: %d/%d %s</li>\n", html.EscapeString(res.Student), got, max, strings.Join(links, " · "))
		}
	}
	if class {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return pages, err
		}
		page := filepath.Join(dir, "index.html")
		body := "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>cutoff grade: feedback</title></head><body>\n" +
			"<h1>Feedback pages</h1>\n<ul>\n" + index.String() + "</ul>\n<p class=\"seed\">" + html.EscapeString(SeedLine(seed)) + "</p>\n</body></html>\n"
		if err := os.WriteFile(page, []byte(body), 0o644); err != nil {
			return pages, err
		}
		pages = append(pages, page)
	}
	return pages, nil
}

func hasFailure(e *autograde.ExerciseResult) bool {
	for _, c := range e.Checks {
		if !c.Passed {
			return true
		}
	}
	return e.Error != ""
}

// FeedbackPage is an exercise's page: its points, then each failing check
// with its text feedback, its picture and a link to its step-through
// (<exercise>/<check>.html beside the page), and the seed that repeats the
// random trees.
func FeedbackPage(res *autograde.Result, e *autograde.ExerciseResult, seed uint64) []byte {
	var b strings.Builder
	got, max := e.Score()
	title := e.Exercise
	if res.Student != "" {
		title = res.Student + ": " + title
	}
	fmt.Fprintf(&b, "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>%s</title>\n", html.EscapeString(title))
	b.WriteString("<style>body{font-family:Helvetica,Arial,sans-serif;margin:1em;max-width:70em}pre{background:#F4F4F4;padding:.5em;white-space:pre-wrap}img{max-width:100%;border:1px solid #DDD}</style>\n</head><body>\n")
	fmt.Fprintf(&b, "<h1>%s: %d/%d points</h1>\n", html.EscapeString(title), got, max)
	if e.Error != "" {
		fmt.Fprintf(&b, "<p class=\"error\">%s</p>\n", html.EscapeString(e.Error))
	}
	for _, c := range e.Checks {
		if c.Passed {
			continue
		}
		fmt.Fprintf(&b, "<section class=\"check\">\n<h2>%s (%d/%d)</h2>\n<pre>%s</pre>\n", html.EscapeString(c.Name), c.Points, c.Max, html.EscapeString(strings.Join(c.Message, "\n")))
		switch {
		case c.Picture != nil:
			svg := base64.StdEncoding.EncodeToString(feedback.SVG(*c.Picture))
			link := safeName(e.Exercise) + "/" + safeName(c.Name) + ".html"
			fmt.Fprintf(&b, "<p><a href=\"%s\">Step through both searches to the first difference</a></p>\n", html.EscapeString(link))
			fmt.Fprintf(&b, "<img alt=\"%s: your search and the reference's\" src=\"data:image/svg+xml;base64,%s\">\n", html.EscapeString(c.Name), svg)
		case c.PictureError != "":
			fmt.Fprintf(&b, "<p>(no picture: %s)</p>\n", html.EscapeString(c.PictureError))
		}
		b.WriteString("</section>\n")
	}
	fmt.Fprintf(&b, "<p class=\"seed\">%s</p>\n", html.EscapeString(SeedLine(seed)))
	b.WriteString("</body></html>\n")
	return []byte(b.String())
}

// safeName keeps letters, digits, '-' and '_' of a name for a file name.
func safeName(s string) string {
	s = strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '_':
			return r
		}
		return '_'
	}, s)
	if s == "" || strings.Trim(s, "_") == "" {
		s = "_" + s
	}
	return s
}
