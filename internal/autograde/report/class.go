package report

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/cutoff-go/cutoff/internal/autograde"
	"github.com/cutoff-go/cutoff/internal/autograde/similar"
)

// The class report (cutoff grade -class writes it beside the gradebook, as
// PREFIX-report.md for a person and PREFIX-report.json): what a class got
// wrong, for the next lecture; how the scores spread; which submissions'
// code is unusually alike, for a person to read. It carries the seed and
// the grader's version: regrading with them reproduces every score.

// ClassReport is a class's grading summed up.
type ClassReport struct {
	Seed     uint64 `json:"seed"`
	Grader   string `json:"grader"`
	Students int    `json:"students"`
	// Exercises are the exercises' distributions, and with more than one
	// exercise a last one, "total", of the students' totals.
	Exercises []Distribution `json:"exercises"`
	// Checks are the checks that failed for some student, the most often
	// wrong first.
	Checks []CheckStats `json:"checks"`
	// Similar are the pairs of submissions (or a submission and the key)
	// whose code for an exercise is at least SimilarAt alike.
	Similar   []similar.Pair `json:"similar"`
	SimilarAt float64        `json:"similar_at"`
	// Groups join the similar pairs of an exercise into groups (each
	// submission with every one it is alike, and theirs).
	Groups []SimilarGroup `json:"similar_groups"`
	// ReadAs says how each submission that is not a folder of exercise
	// folders was read ("bob.zip: unpacked bob.zip"), as grading did.
	ReadAs []string `json:"read_as,omitempty"`
	// Unreadable names the submissions left out of the comparison, with why.
	Unreadable []string `json:"unreadable,omitempty"`
	// With a roster: the folders it lacks (in no LMS file), and its
	// students with no folder (0 in the LMS files).
	NotInRoster  []string `json:"not_in_roster,omitempty"`
	NoSubmission []string `json:"no_submission,omitempty"`
}

// Distribution is how an exercise's scores spread over the class.
type Distribution struct {
	Exercise  string  `json:"exercise"`
	MaxPoints int     `json:"max_points"`
	Students  int     `json:"students"`
	Attempted int     `json:"attempted"` // not missing, not the stub (total: some exercise)
	Mean      float64 `json:"mean"`
	Median    float64 `json:"median"`
	// Buckets count the students at 0, 1–24 %, 25–49 %, 50–74 %, 75–99 %
	// and 100 % of the points.
	Buckets [6]int `json:"buckets"`
}

// BucketNames name Distribution.Buckets.
var BucketNames = [6]string{"0", "1–24%", "25–49%", "50–74%", "75–99%", "100%"}

// CheckStats is one check over the class. A failed check is wrong (its
// code ran and broke the check's rule), broken (the exercise did not build
// or its tests stopped: a compile error, a forbidden import, a time or
// memory limit, a crash) or not attempted (the exercise's folder missing,
// still the stub, or the submission not gradable).
type CheckStats struct {
	Exercise     string `json:"exercise"`
	Check        string `json:"check"`
	Points       int    `json:"points"`
	Hidden       bool   `json:"hidden,omitempty"`
	Passed       int    `json:"passed"`
	Wrong        int    `json:"wrong"`
	Broken       int    `json:"broken"`
	NotAttempted int    `json:"not_attempted"`
	// Example is a wrong submission's message, the one on the smallest
	// tree, its student's name taken out; Tree is that tree and Nodes its
	// size (0: the message names no tree).
	Example []string `json:"example,omitempty"`
	Tree    string   `json:"tree,omitempty"`
	Nodes   int      `json:"nodes,omitempty"`
}

// SimilarGroup is a group of an exercise's submissions joined by similar
// pairs, with the lowest and highest similarity of its pairs.
type SimilarGroup struct {
	Exercise string   `json:"exercise"`
	Members  []string `json:"members"`
	Min      float64  `json:"min"`
	Max      float64  `json:"max"`
}

// groupsOf joins pairs into groups, each exercise's largest first.
func groupsOf(pairs []similar.Pair) []SimilarGroup {
	parent := map[string]string{}
	var find func(string) string
	find = func(x string) string {
		if p, ok := parent[x]; ok && p != x {
			parent[x] = find(p)
			return parent[x]
		}
		parent[x] = x
		return x
	}
	for _, p := range pairs {
		a, b := find(p.Exercise+"\x00"+p.A), find(p.Exercise+"\x00"+p.B)
		if a != b {
			parent[a] = b
		}
	}
	byRoot := map[string]*SimilarGroup{}
	var roots []string
	for _, p := range pairs {
		r := find(p.Exercise + "\x00" + p.A)
		g := byRoot[r]
		if g == nil {
			g = &SimilarGroup{Exercise: p.Exercise, Min: p.Similarity, Max: p.Similarity}
			byRoot[r] = g
			roots = append(roots, r)
		}
		g.Min, g.Max = min(g.Min, p.Similarity), max(g.Max, p.Similarity)
		for _, m := range []string{p.A, p.B} {
			if !slices.Contains(g.Members, m) {
				g.Members = append(g.Members, m)
			}
		}
	}
	out := []SimilarGroup{}
	for _, r := range roots {
		g := byRoot[r]
		slices.Sort(g.Members)
		out = append(out, *g)
	}
	slices.SortStableFunc(out, func(a, b SimilarGroup) int {
		if a.Exercise != b.Exercise {
			return strings.Compare(a.Exercise, b.Exercise)
		}
		return len(b.Members) - len(a.Members)
	})
	return out
}

// SimilarAt is the similarity from which the class report lists a pair.
const SimilarAt = 0.7

// ClassOf sums up a class's results, graded with seed by the module at
// module (whose solutions/ and exercises/ give the key and the stubs to
// compare with); ro (nil: none) is the roster.
func ClassOf(results []*autograde.Result, seed uint64, module string, ro *Roster) ClassReport {
	rep := ClassReport{Seed: seed, Grader: Version(), Students: len(results), SimilarAt: SimilarAt, Checks: []CheckStats{}, Similar: []similar.Pair{}, Groups: []SimilarGroup{}}
	var exs []string
	for _, r := range results {
		for _, e := range r.Exercises {
			if !slices.Contains(exs, e.Exercise) {
				exs = append(exs, e.Exercise)
			}
		}
	}
	stats := map[string]*CheckStats{}
	var order []string
	for _, ex := range exs {
		d := Distribution{Exercise: ex}
		var scores []float64
		for _, r := range results {
			e := exerciseIn(r, ex)
			if e == nil {
				continue
			}
			got, m := e.Score()
			d.Students++
			d.MaxPoints = max(d.MaxPoints, m)
			scores = append(scores, float64(got))
			if attempted(r, e) {
				d.Attempted++
			}
			d.Buckets[bucket(got, m)]++
			for _, c := range e.Checks {
				k := ex + "\x00" + c.Name
				s := stats[k]
				if s == nil {
					s = &CheckStats{Exercise: ex, Check: c.Name, Hidden: c.Hidden}
					stats[k] = s
					order = append(order, k)
				}
				s.Points = max(s.Points, c.Max)
				switch {
				case c.Passed:
					s.Passed++
				case !attempted(r, e):
					s.NotAttempted++
				case e.Error != "" || stoppedCheck(c):
					s.Broken++
				default:
					s.Wrong++
					tree, nodes := treeOf(c.Message)
					if s.Example == nil || nodes > 0 && (s.Nodes == 0 || nodes < s.Nodes) {
						s.Example, s.Tree, s.Nodes = anonymise(c.Message, r), tree, nodes
					}
				}
			}
		}
		if len(scores) > 0 {
			d.Mean, d.Median = mean(scores), median(scores)
		}
		rep.Exercises = append(rep.Exercises, d)
	}
	if len(exs) > 1 {
		// The whole: every exercise's points together.
		d := Distribution{Exercise: "total"}
		var scores []float64
		for _, r := range results {
			got, m := r.Score()
			d.Students++
			d.MaxPoints = max(d.MaxPoints, m)
			scores = append(scores, float64(got))
			if slices.ContainsFunc(r.Exercises, func(e *autograde.ExerciseResult) bool { return attempted(r, e) }) {
				d.Attempted++
			}
			d.Buckets[bucket(got, m)]++
		}
		d.Mean, d.Median = mean(scores), median(scores)
		rep.Exercises = append(rep.Exercises, d)
	}
	for _, k := range order {
		if s := stats[k]; s.Wrong+s.Broken+s.NotAttempted > 0 {
			rep.Checks = append(rep.Checks, *s)
		}
	}
	slices.SortStableFunc(rep.Checks, func(a, b CheckStats) int {
		if a.Wrong != b.Wrong {
			return b.Wrong - a.Wrong
		}
		return (b.Broken + b.NotAttempted) - (a.Broken + a.NotAttempted)
	})
	// A zip or loose files were unpacked or laid out for grading, in a
	// copy grading removed: they are laid out again, once a submission.
	type unpacked struct {
		base string
		err  error
	}
	unpack := map[*autograde.Result]unpacked{}
	var dones []func()
	defer func() {
		for _, d := range dones {
			d()
		}
	}()
	for _, ex := range exs {
		codes := map[string]*similar.Code{}
		for _, r := range results {
			e := exerciseIn(r, ex)
			if e == nil || !attempted(r, e) {
				continue
			}
			dir := findExercise(r.Dir, ex)
			if dir == "" {
				u, ok := unpack[r]
				if !ok {
					var done func()
					u.base, done, u.err = autograde.Unpacked(r, module)
					dones = append(dones, done)
					unpack[r] = u
				}
				if u.err == nil {
					dir = findExercise(u.base, ex)
				}
				if dir == "" {
					why := "no folder " + ex + " found again"
					if u.err != nil {
						why = u.err.Error()
					}
					if r.Layout != "" {
						why += " (graded as: " + r.Layout + ")"
					}
					rep.Unreadable = append(rep.Unreadable, fmt.Sprintf("%s %s: %s", r.Student, ex, ClipLine(why, 120)))
					continue
				}
			}
			c, err := similar.Load(dir)
			if err != nil {
				rep.Unreadable = append(rep.Unreadable, fmt.Sprintf("%s %s: %s", r.Student, ex, ClipLine(err.Error(), 80)))
				continue
			}
			codes[r.Student] = c
		}
		key, _ := similar.Load(filepath.Join(module, "solutions", ex))
		stub, _ := similar.Load(filepath.Join(module, "exercises", ex))
		rep.Similar = append(rep.Similar, similar.Compare(ex, codes, key, stub, SimilarAt)...)
	}
	rep.Groups = groupsOf(rep.Similar)
	for _, r := range results {
		if r.Layout != "" {
			rep.ReadAs = append(rep.ReadAs, r.Student+": "+r.Layout)
		}
	}
	if ro != nil {
		in := map[string]bool{}
		for _, s := range ro.Students {
			in[s.Folder] = true
		}
		graded := map[string]bool{}
		for _, r := range results {
			graded[r.Student] = true
			if !in[r.Student] {
				rep.NotInRoster = append(rep.NotInRoster, r.Student)
			}
		}
		for _, s := range ro.Students {
			if !graded[s.Folder] {
				rep.NoSubmission = append(rep.NoSubmission, s.Folder)
			}
		}
	}
	return rep
}

// exerciseIn returns r's result for exercise ex, nil when r has none.
func exerciseIn(r *autograde.Result, ex string) *autograde.ExerciseResult {
	for _, e := range r.Exercises {
		if e.Exercise == ex {
			return e
		}
	}
	return nil
}

// attempted reports whether a student tried the exercise: the submission
// could be graded, the folder is there and it is not the stub.
func attempted(r *autograde.Result, e *autograde.ExerciseResult) bool {
	return r.Error == "" && !strings.HasPrefix(e.Error, "missing:") && !Stub(e)
}

// stoppedCheck reports whether a check did not end because the tests
// stopped (autograde's messages for a check with no record).
func stoppedCheck(c autograde.CheckResult) bool {
	return len(c.Message) > 0 && (strings.HasPrefix(c.Message[0], "the tests stopped") || strings.HasPrefix(c.Message[0], "the tests ended before") || strings.HasPrefix(c.Message[0], "stopped"))
}

// bucket is the Distribution bucket of got of m points.
func bucket(got, m int) int {
	switch {
	case got <= 0 || m <= 0:
		return 0
	case got >= m:
		return 5
	default:
		return 1 + min(3, 4*got/m)
	}
}

func mean(xs []float64) float64 {
	s := 0.0
	for _, x := range xs {
		s += x
	}
	return s / float64(len(xs))
}

func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// treeOf finds the tree a check's message shows ("tree (…): NOTATION")
// and counts its nodes: 0 when there is none.
func treeOf(msg []string) (string, int) {
	for _, l := range msg {
		if !strings.HasPrefix(l, "tree") {
			continue
		}
		if _, t, ok := strings.Cut(l, "): "); ok {
			return t, countNodes(t)
		}
		if _, t, ok := strings.Cut(l, ": "); ok {
			return t, countNodes(t)
		}
	}
	return "", 0
}

// countNodes counts the nodes of a tree in the checks' notation: a label
// or leaf value is a node, and so is a "(" that no label names.
func countNodes(t string) int {
	n := 0
	prev := ' '
	inTok := false
	for _, r := range t {
		switch r {
		case '(':
			if prev == ' ' || prev == '(' || prev == ')' {
				n++ // an unnamed interior node
			}
			inTok = false
		case ')', ' ':
			inTok = false
		default:
			if !inTok {
				n++
				inTok = true
			}
		}
		prev = r
	}
	return n
}

// anonymise returns a check's message with the student's folder path and
// name (as a word, of 3 characters or more) taken out.
func anonymise(msg []string, r *autograde.Result) []string {
	var name *regexp.Regexp
	if len(r.Student) >= 3 {
		name = regexp.MustCompile(`\b` + regexp.QuoteMeta(r.Student) + `\b`)
	}
	out := make([]string, len(msg))
	for i, l := range msg {
		if r.Dir != "" {
			l = strings.ReplaceAll(l, r.Dir, "STUDENT")
		}
		if name != nil {
			l = name.ReplaceAllString(l, "STUDENT")
		}
		out[i] = l
	}
	return out
}

// findExercise returns the folder named ex under dir (dir itself, or at
// most three levels down, as an LMS export nests it), "" when none.
func findExercise(dir, ex string) string {
	if filepath.Base(dir) == ex {
		return dir
	}
	level := []string{dir}
	for range 4 {
		var next []string
		for _, d := range level {
			entries, _ := os.ReadDir(d)
			for _, e := range entries {
				if !e.IsDir() || strings.HasPrefix(e.Name(), ".") {
					continue
				}
				p := filepath.Join(d, e.Name())
				if e.Name() == ex {
					return p
				}
				next = append(next, p)
			}
		}
		level = next
	}
	return ""
}

// WriteClassJSON writes rep as JSON, indented.
func WriteClassJSON(w io.Writer, rep ClassReport) error {
	b, err := json.MarshalIndent(rep, "", "  ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

// WriteClassMarkdown writes rep for a person: the seed and grader, the
// scores per exercise, the checks failed most with an example each, the
// similar pairs and the roster's gaps.
func WriteClassMarkdown(w io.Writer, rep ClassReport) error {
	var b strings.Builder
	fmt.Fprintf(&b, "# Class report\n\n%d submissions; random trees from seed %d, grader %s: `cutoff grade -class … -seed %d` with this grader reproduces every score.\n\n", rep.Students, rep.Seed, rep.Grader, rep.Seed)
	b.WriteString("## Scores per exercise\n\n| exercise | max | students | attempted | mean | median |")
	for _, n := range BucketNames {
		b.WriteString(" " + n + " |")
	}
	b.WriteString("\n|---|--:|--:|--:|--:|--:|" + strings.Repeat("--:|", len(BucketNames)) + "\n")
	for _, d := range rep.Exercises {
		fmt.Fprintf(&b, "| %s | %d | %d | %d | %.1f | %.1f |", d.Exercise, d.MaxPoints, d.Students, d.Attempted, d.Mean, d.Median)
		for _, n := range d.Buckets {
			fmt.Fprintf(&b, " %d |", n)
		}
		b.WriteString("\n")
	}
	b.WriteString("\nThe buckets count students by their share of the exercise's points; attempted: the folder is there and is not the stub (total: some exercise is).\n\n## Checks failed most\n\n")
	if len(rep.Checks) == 0 {
		b.WriteString("Every check passed for every student.\n")
	} else {
		b.WriteString("Wrong: the code ran and broke the check's rule. Did not build or run: a compile error, a forbidden import, a time or memory limit, a crash. Not attempted: no folder, or still the stub.\n\n| exercise | check | points | wrong | did not build or run | not attempted | passed |\n|---|---|--:|--:|--:|--:|--:|\n")
		for _, c := range rep.Checks {
			name := c.Check
			if c.Hidden {
				name += " (hidden)"
			}
			fmt.Fprintf(&b, "| %s | %s | %d | %d | %d | %d | %d |\n", c.Exercise, mdCell(name), c.Points, c.Wrong, c.Broken, c.NotAttempted, c.Passed)
		}
		for _, c := range rep.Checks {
			if c.Wrong == 0 {
				continue
			}
			fmt.Fprintf(&b, "\n### %s: %s (wrong in %d)\n\n", c.Exercise, c.Check, c.Wrong)
			if c.Nodes > 0 {
				fmt.Fprintf(&b, "The smallest tree it failed on (%d nodes): `%s`\n\n", c.Nodes, c.Tree)
			}
			b.WriteString("```text\n" + strings.Join(c.Example, "\n") + "\n```\n")
		}
	}
	fmt.Fprintf(&b, "\n## Similar code\n\nPairs whose code for an exercise is at least %.0f %% alike once comments, layout and the names chosen are set aside and the stub's code left out (1: the same code); `%s` is the key (solutions/). A signal to read the two, not a verdict: short exercises leave little room to differ.\n\n", rep.SimilarAt*100, similar.Key)
	if len(rep.Similar) == 0 {
		b.WriteString("None.\n")
	} else {
		b.WriteString("Groups (each submission with those it is alike, and theirs):\n\n")
		for _, g := range rep.Groups {
			fmt.Fprintf(&b, "- %s: %s (%.2f–%.2f)\n", g.Exercise, mdCell(strings.Join(g.Members, ", ")), g.Min, g.Max)
		}
		b.WriteString("\nPairs:\n\n| exercise | submission | submission | similarity |\n|---|---|---|--:|\n")
		for _, p := range rep.Similar {
			fmt.Fprintf(&b, "| %s | %s | %s | %.2f |\n", p.Exercise, mdCell(p.A), mdCell(p.B), p.Similarity)
		}
	}
	for _, l := range []struct {
		title string
		names []string
	}{{"Read as (not a folder of exercise folders)", rep.ReadAs}, {"Not compared (the code could not be read or found)", rep.Unreadable}, {"Not in the roster (left out of the LMS files)", rep.NotInRoster}, {"In the roster, no submission (0 in the LMS files)", rep.NoSubmission}} {
		if len(l.names) > 0 {
			fmt.Fprintf(&b, "\n## %s\n\n", l.title)
			for _, n := range l.names {
				b.WriteString("- " + mdCell(n) + "\n")
			}
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// mdCell makes s safe in a Markdown table cell.
func mdCell(s string) string {
	return strings.NewReplacer("|", `\|`, "\n", " ").Replace(s)
}

// WriteClassFiles writes every file of a class's grading under base: the
// gradebook (WriteGradebook), then the class report and, with a roster,
// the LMS gradebooks (WriteClass). It returns their paths, in that order;
// its error says which failed ("gradebook: …", "class report: …").
func WriteClassFiles(base string, results []*autograde.Result, seed uint64, module string, ro *Roster) ([]string, error) {
	csvPath, jsonPath, err := WriteGradebook(base, results, seed)
	if err != nil {
		return nil, fmt.Errorf("gradebook: %v", err)
	}
	_, more, err := WriteClass(base, results, seed, module, ro)
	if err != nil {
		return nil, fmt.Errorf("class report: %v", err)
	}
	return append([]string{csvPath, jsonPath}, more...), nil
}

// WriteClass writes the class report beside the gradebook (base-report.md
// and base-report.json) and, with a roster, the LMS gradebooks
// (base-canvas.csv, base-moodle.csv); it returns the report and the paths
// written.
func WriteClass(base string, results []*autograde.Result, seed uint64, module string, ro *Roster) (ClassReport, []string, error) {
	rep := ClassOf(results, seed, module, ro)
	type file struct {
		path  string
		write func(io.Writer) error
	}
	files := []file{
		{base + "-report.md", func(w io.Writer) error { return WriteClassMarkdown(w, rep) }},
		{base + "-report.json", func(w io.Writer) error { return WriteClassJSON(w, rep) }},
	}
	if ro != nil {
		files = append(files,
			file{base + "-canvas.csv", func(w io.Writer) error { return WriteCanvasCSV(w, results, ro) }},
			file{base + "-moodle.csv", func(w io.Writer) error { return WriteMoodleCSV(w, results, ro) }})
	}
	var paths []string
	for _, f := range files {
		if err := writeFile(f.path, f.write); err != nil {
			return rep, paths, err
		}
		paths = append(paths, f.path)
	}
	return rep, paths, nil
}
