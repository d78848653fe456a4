package course

import (
	"bytes"
	"context"
	"fmt"
	"html"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/cutoff-go/cutoff/exercises/checks"
	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/games"
	"github.com/cutoff-go/cutoff/pkg/gametree"
	"github.com/cutoff-go/cutoff/pkg/render"
	"github.com/cutoff-go/cutoff/pkg/render/feedback"
)

// Turn is a "your turn" cell's result (YourTurn): the learner's function
// for an exercise run on one tree of the lesson beside the reference, and
// the exercise's graded checks run on it in this process.
type Turn struct {
	Exercise string        // "02-alphabeta"
	Lesson   feedback.Diff // the learner's search and the reference's on the lesson's tree
	Got      int           // the value the learner's search returned there
	Want     int           // the reference's value
	Verdicts []checks.Verdict
	// Yours is the learner's search on the lesson's tree recorded as the
	// library's searches are (checks.RecordSearch), for the course's
	// players; nil for 05, 07 and 08 and on a game.
	Yours *algos.Recorder[gametree.Node]
}

// Points returns the points of the checks passed and of all the checks.
func (t *Turn) Points() (got, max int) {
	for _, v := range t.Verdicts {
		max += v.Points
		if v.Passed {
			got += v.Points
		}
	}
	return got, max
}

// RunTurn runs f, the learner's function for exercise ex ("02-alphabeta":
// its AlphaBeta, from exercises/02-alphabeta or written in the notebook
// with the same parameters), on tree (a course tree's name or a literal, as
// Tree takes it, or a *gametree.Tree; for exercise 05, whose table matters
// only where positions recur, a game position: games.Nim or
// games.TicTacToe), beside the reference search, and then the exercise's
// checks on f, as go test would but in this process (checks.Inline). A
// panicking or runaway search is caught and drawn as far as it got.
// Exercise 08 grades two functions: f is its BNS, more its NextGuess (the
// checks need both; the lesson runs BNS, which calls NextGuess itself).
// For 08, Got and Want are the indices of the moves chosen.
func RunTurn(ex string, tree any, f any, more ...any) (*Turn, error) {
	var d feedback.Diff
	var got, want int
	var err error
	var rec *checks.Recording[gametree.Node]
	name := fmt.Sprint(tree)
	switch tr := tree.(type) {
	case string:
		t, err := gametree.Parse(tr)
		if f, ok := gametree.FixtureByName(tr); ok {
			t, err = f.Tree(), nil
		}
		if err != nil {
			return nil, err
		}
		d, rec, got, want, err = checks.LessonRecorded(ex, t, f)
	case *gametree.Tree:
		d, rec, got, want, err = checks.LessonRecorded(ex, tr, f)
	case games.Nim:
		d, got, want, err = checks.LessonGame(ex, tr, f)
		name = "Nim " + strings.Trim(strings.Join(strings.Fields(fmt.Sprint(tr.Piles())), ","), "[]")
	case games.TicTacToe:
		d, got, want, err = checks.LessonGame(ex, tr, f)
	default:
		return nil, fmt.Errorf("course: a lesson's tree is a tree (its name, a literal or a *gametree.Tree) or a game position (games.Nim, games.TicTacToe), not %T", tree)
	}
	if err != nil {
		return nil, err
	}
	d.Title = fmt.Sprintf("%s: your search and the reference's on %s", ex, name)
	vs, err := checks.Inline(ex, append([]any{f}, more...)...)
	if err != nil {
		return nil, err
	}
	t := &Turn{Exercise: ex, Lesson: d, Got: got, Want: want, Verdicts: vs}
	if rec != nil {
		t.Yours = rec.Rec
	}
	return t, nil
}

// YourTurn is a "your turn" cell: RunTurn, shown. It draws the lesson's
// tree with both searches and the first difference ringed, says the two
// values, lists the grader's checks with their points (a failing one with
// its explanation, as go test prints it) and draws the first failing
// check's picture, on the smallest tree it failed on (unless it is the
// lesson's, drawn already).
func YourTurn(ex string, tree any, f any, more ...any) {
	t := Must(RunTurn(ex, tree, f, more...))
	HTML(t.Summary())
	svg(enlarged(feedback.SVG(t.Lesson)), nil)
	if h := t.PlayerHTML(); h != "" {
		HTML(h)
	}
	HTML(t.ChecksHTML())
	for _, v := range t.Verdicts {
		if !v.Passed && v.Diff != nil {
			if slices.Equal(v.Diff.Student, t.Lesson.Student) && slices.Equal(v.Diff.Reference, t.Lesson.Reference) {
				break // the lesson's picture, drawn above
			}
			svg(enlarged(feedback.SVG(*v.Diff)), nil)
			break
		}
	}
}

// PlayerHTML is the learner's search on the lesson's tree in the course's
// player (as a library search is stepped through), folded under a summary
// line; "" when there is no recording or it has no step.
func (t *Turn) PlayerHTML() string {
	if t.Yours == nil {
		return ""
	}
	frames, err := render.Frames(context.Background(), nil, t.Yours, render.TreeOptions{}, render.EveryEvent)
	if err != nil || len(frames) == 0 {
		return ""
	}
	var page bytes.Buffer
	if err := render.PlayerFragment(&page, frames, t.searcher()+" step by step"); err != nil {
		return ""
	}
	whose := "your code"
	if keyRun() {
		whose = "the code"
	}
	return fmt.Sprintf("<details class=\"yourturn-player\"><summary>Step through %s (%d steps), drawn as the course draws a library search; what %s keeps to itself, its windows and the values it returns inside the tree, shows as “…”</summary>\n%s</details>",
		strings.ToLower(t.searcher()[:1])+t.searcher()[1:], len(frames), whose, page.String())
}

// keyRun reports whether the cell runs the exercise's key in place of the
// learner's code: the static site's build does (cutoff site's kernel sets
// CUTOFF_SITE_KEY=1 with the key's overlay).
func keyRun() bool { return os.Getenv("CUTOFF_SITE_KEY") == "1" }

// searcher names whose search the cell ran: "Your search", or on the site
// "The key's search".
func (t *Turn) searcher() string {
	if keyRun() {
		return "The key's search"
	}
	return "Your search"
}

// svgSize matches the width and height feedback.SVG gives its picture.
var svgSize = regexp.MustCompile(`^(<svg [^>]*?)width="([0-9.]+)" height="([0-9.]+)"`)

// enlarged shows a feedback picture a quarter larger (its smallest print,
// the visit numbers, is 8 px: 10 px so), or as large as a 900 px page
// allows.
func enlarged(svg []byte) []byte {
	m := svgSize.FindSubmatchIndex(svg)
	if m == nil {
		return svg
	}
	w, _ := strconv.ParseFloat(string(svg[m[4]:m[5]]), 64)
	h, _ := strconv.ParseFloat(string(svg[m[6]:m[7]]), 64)
	f := 1.25
	if w > 0 {
		f = max(1, min(f, 900/w))
	}
	out := fmt.Appendf(nil, `%swidth="%.0f" height="%.0f"`, svg[m[2]:m[3]], w*f, h*f)
	return append(out, svg[m[1]:]...)
}

// Summary is one paragraph on the lesson's tree: the values and where the
// searches first part.
func (t *Turn) Summary() string {
	d := t.Lesson
	var b strings.Builder
	b.WriteString("<p>")
	if d.Stopped != "" {
		fmt.Fprintf(&b, "%s stopped after %d visits: %s</p>", t.searcher(), len(d.Student), html.EscapeString(strings.TrimPrefix(d.Stopped, "stopped: ")))
		return b.String()
	}
	if keyRun() {
		b.WriteString("This page runs the exercise's key (its solution) in place of your code: what a right answer does. ")
	}
	if t.Exercise == "08-bns" {
		fmt.Fprintf(&b, "%s chose move <b>%s</b>, the reference <b>%s</b>. ", strings.Replace(t.searcher(), "search", "BNS", 1),
			html.EscapeString(moveName(d.Tree, t.Got)), html.EscapeString(moveName(d.Tree, t.Want)))
	} else {
		fmt.Fprintf(&b, "%s returned <b>%d</b>, the reference <b>%d</b>. ", t.searcher(), t.Got, t.Want)
	}
	switch {
	case d.First < 0:
		fmt.Fprintf(&b, "Both make the same %d visits (expansions and evaluations) in the same order.", len(d.Student))
	case d.First < len(d.Student) && d.First < len(d.Reference):
		where := "ringed"
		if d.Student[d.First].Foreign {
			where = "a node of another tree: drawn below the tree"
		}
		fmt.Fprintf(&b, "They part at visit %d: the reference does <i>%s</i>, your search <i>%s</i> (%s).",
			d.First+1, html.EscapeString(d.Reference[d.First].String()), html.EscapeString(d.Student[d.First].String()), where)
	case d.First == len(d.Student):
		fmt.Fprintf(&b, "Your search stopped after %d visits; the reference goes on with <i>%s</i>.",
			d.First, html.EscapeString(d.Reference[d.First].String()))
	default:
		fmt.Fprintf(&b, "After the reference's %d visits your search goes on with <i>%s</i>.",
			d.First, html.EscapeString(d.Student[d.First].String()))
	}
	if w := d.Wrong; w != nil {
		fmt.Fprintf(&b, " Marked <i>wrong here</i>: your search %s; expected %s.", html.EscapeString(w.Got), html.EscapeString(w.Want))
	}
	b.WriteString("</p>")
	return b.String()
}

// ChecksHTML lists the checks: ✓ or ✗, name, points, and a failing check's
// explanation.
func (t *Turn) ChecksHTML() string {
	var b strings.Builder
	got, max := t.Points()
	fmt.Fprintf(&b, "<p>The grader's checks of <code>exercises/%s</code>: <b>%d/%d</b> points.</p>\n<ul>\n",
		html.EscapeString(t.Exercise), got, max)
	for _, v := range t.Verdicts {
		mark := "✓"
		if !v.Passed {
			mark = "✗"
		}
		fmt.Fprintf(&b, "<li>%s %s (%d points)", mark, html.EscapeString(v.Name), v.Points)
		if !v.Passed && len(v.Message) > 0 {
			fmt.Fprintf(&b, "<pre>%s</pre>", html.EscapeString(strings.Join(v.Message, "\n")))
		}
		b.WriteString("</li>\n")
	}
	b.WriteString("</ul>")
	return b.String()
}

// moveName names the root's move i as the picture does (its child's name),
// or by its index when the picture does not draw it.
func moveName(root *feedback.Node, i int) string {
	if root != nil {
		for _, c := range root.Children {
			if c.Path == strconv.Itoa(i) {
				return c.Name
			}
		}
	}
	return "number " + strconv.Itoa(i)
}
