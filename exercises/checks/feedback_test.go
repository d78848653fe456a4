package checks

import (
	"bufio"
	"bytes"
	"encoding/json"
	"html"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// Every wrong implementation in testdata/wrong is run with `go test` as a
// student runs it; each of its checks that fails on the visits must print a
// picture's path, and the picture must ring the node the text names: the
// one the student's search visited ("your search did evaluate y2": class
// first-got) and the one it should have ("expected to expand Z": class
// first-want).
func TestPicturesOfWrongImplementations(t *testing.T) {
	if testing.Short() {
		t.Skip("builds every wrong implementation")
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	dirs, _ := filepath.Glob(filepath.Join(root, "testdata", "wrong", "*", "[0-9][0-9]-*"))
	if len(dirs) < 30 {
		t.Fatalf("%d wrong implementations; want at least 30", len(dirs))
	}
	// Each wrong implementation with its exercise's test file, in a folder
	// of the module that git ignores.
	stage, err := os.MkdirTemp(filepath.Join(root, ".tmp"), "feedback-wrong-")
	if os.IsNotExist(err) {
		if err = os.MkdirAll(filepath.Join(root, ".tmp"), 0o755); err == nil {
			stage, err = os.MkdirTemp(filepath.Join(root, ".tmp"), "feedback-wrong-")
		}
	}
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(stage) })
	var pkgs []string
	for _, d := range dirs {
		wrong, ex := filepath.Base(filepath.Dir(d)), filepath.Base(d)
		dst := filepath.Join(stage, wrong, ex)
		if err := os.MkdirAll(dst, 0o755); err != nil {
			t.Fatal(err)
		}
		tests, _ := filepath.Glob(filepath.Join(root, "exercises", ex, "*_test.go"))
		srcs, _ := filepath.Glob(filepath.Join(d, "*.go"))
		for _, f := range append(srcs, tests...) {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dst, filepath.Base(f)), b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		pkgs = append(pkgs, "./"+filepath.Join(strings.TrimPrefix(stage, root+"/"), wrong, ex))
	}
	// A right solution beside them: its passing checks write nothing.
	solution := filepath.Join(stage, "solution", "02-alphabeta")
	if err := os.MkdirAll(solution, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, pat := range []string{"solutions/02-alphabeta/*.go", "exercises/02-alphabeta/*_test.go"} {
		fs, _ := filepath.Glob(filepath.Join(root, pat))
		for _, f := range fs {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(solution, filepath.Base(f)), b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	pkgs = append(pkgs, "./"+strings.TrimPrefix(solution, root+"/"))
	cmd := exec.Command("go", append([]string{"test", "-json", "-count=1", "-p=2"}, pkgs...)...)
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "CUTOFF_SEED=1", FeedbackEnv+"=", SessionEnv+"=")
	out, _ := cmd.Output() // the tests fail: that is the point
	type event struct {
		Action, Package, Test, Output string
	}
	// The output of each failed check, by package and test.
	logs := map[string]*strings.Builder{}
	failed := map[string]bool{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var e event
		if json.Unmarshal(sc.Bytes(), &e) != nil || e.Test == "" || !strings.Contains(e.Test, "/") {
			continue
		}
		k := e.Package + " " + e.Test
		if logs[k] == nil {
			logs[k] = &strings.Builder{}
		}
		logs[k].WriteString(e.Output)
		if e.Action == "fail" {
			failed[k] = true
		}
	}
	if _, err := os.Stat(filepath.Join(solution, FeedbackDir)); !os.IsNotExist(err) {
		t.Errorf("the solution's passing checks wrote %s (%v)", FeedbackDir, err)
	}
	if !bytes.Contains(out, []byte(`"Action":"pass","Package":"github.com/cutoff-go/cutoff/`+strings.TrimPrefix(solution, root+"/")+`"`)) {
		t.Errorf("the solution did not pass")
	}
	if len(failed) == 0 {
		t.Fatalf("no check failed:\n%.3000s", out)
	}
	visitLine := regexp.MustCompile(`visit (\d+): expected to (?:expand|evaluate) (.+), your search did (?:expand|evaluate) (.+)`)
	wentOn := regexp.MustCompile(`after the (\d+) visits it should make, your search went on with: (?:expand|evaluate) ([^,\n]+)`)
	stopped := regexp.MustCompile(`after (\d+) visits your search stopped; it should go on with: (?:expand|evaluate) ([^,\n]+)`)
	picLine := regexp.MustCompile(`picture of the difference: (\S+)\.html`)
	pictures, wrongs := 0, 0
	for k := range failed {
		log := logs[k].String()
		var got, want string
		if m := visitLine.FindStringSubmatch(log); m != nil {
			want, got = m[2], m[3]
		} else if m := wentOn.FindStringSubmatch(log); m != nil {
			got = m[2]
		} else if m := stopped.FindStringSubmatch(log); m != nil {
			want = m[2]
		} else {
			// Not the visits' order: a value, a flag, a window, a count.
			if !wrongPicture(t, k, log) {
				continue
			}
			wrongs++
			continue
		}
		m := picLine.FindStringSubmatch(log)
		if m == nil {
			t.Errorf("%s: fails on the visits but prints no picture:\n%s", k, log)
			continue
		}
		if n := strings.Count(log, "picture of the difference"); n != 1 {
			t.Errorf("%s: %d picture lines; want one", k, n)
		}
		svg, err := os.ReadFile(m[1] + ".svg")
		if err != nil {
			t.Errorf("%s: %v", k, err)
			continue
		}
		for class, name := range map[string]string{"first-got": got, "first-want": want} {
			re := regexp.MustCompile(`<g class="` + class + `" data-path="[0-9.]*" data-at="[0-9]+"><title>([^<]*)</title>`)
			rings := re.FindAllSubmatch(svg, -1)
			switch {
			case name == "" && len(rings) != 0:
				t.Errorf("%s: %s rings %q; want none", k, class, rings[0][1])
			case name != "" && (len(rings) != 1 || html.UnescapeString(string(rings[0][1])) != name):
				t.Errorf("%s: %s rings %d nodes %q; want %q, which the text names", k, class, len(rings), rings, name)
			}
		}
		page, err := os.ReadFile(m[1] + ".html")
		if err != nil || !bytes.Contains(page, []byte("← first difference")) {
			t.Errorf("%s: the step-through %s.html lacks the first difference's step (%v)", k, m[1], err)
		}
		pictures++
	}
	t.Logf("%d checks of %d wrong implementations failed on the visits, each with its picture", pictures, len(dirs))
	if pictures < 20 {
		t.Errorf("%d pictures; want one for each check that fails on the visits (at least 20)", pictures)
	}
	t.Logf("%d checks failed on something else (a value, a flag, a window, a count), each with its picture marking the node", wrongs)
	if wrongs < 40 {
		t.Errorf("%d pictures of failures other than the visits' order; want at least 40", wrongs)
	}
}

// wrongPicture checks the picture of a check that failed on something else
// than the order of the visits (a value, a flag, a window, a count): it
// must mark one node, the one the text names — the root for a value it
// returned or an entry it stored for the root, the position of a store
// ("store 3: expected … for E") or of a re-search count ("C: the reference
// expanded it once, your search 2 times"). Checks that fail on no tree
// (NextGuess, the player's checks) draw none: false.
func wrongPicture(t *testing.T, k, log string) bool {
	t.Helper()
	if strings.Contains(k, "/09-player ") || strings.Contains(k, "/NextGuess") {
		return false
	}
	m := regexp.MustCompile(`picture of the difference: (\S+)\.html`).FindStringSubmatch(log)
	if m == nil {
		t.Errorf("%s: fails (not on the visits' order) but prints no picture:\n%s", k, log)
		return false
	}
	svg, err := os.ReadFile(m[1] + ".svg")
	if err != nil {
		t.Errorf("%s: %v", k, err)
		return false
	}
	marks := regexp.MustCompile(`<g class="wrong" data-path="([0-9.]*)"><title>([^<]*)</title>`).FindAllSubmatch(svg, -1)
	if len(marks) != 1 || !bytes.Contains(svg, []byte(`class="wrong-legend"`)) {
		t.Errorf("%s: %d nodes marked wrong, legend %v; want one, and the legend", k, len(marks), bytes.Contains(svg, []byte("wrong-legend")))
		return false
	}
	// A table's entry: the entries the two searches stored differently are
	// written on their nodes, the marked node's among them.
	if strings.Contains(log, "your search stored") {
		path := string(marks[0][1])
		if !regexp.MustCompile(`<g id="p` + regexp.QuoteMeta(path) + `" class="node [^>]*>(?:[^\n]*)<text class="stored you"`).Match(svg) {
			t.Errorf("%s: the marked node %q shows no entry stored", k, path)
		}
	}
	store := regexp.MustCompile(`store \d+: expected .+ for (\S+), your search stored`).FindStringSubmatch(log)
	if store == nil { // a count of re-searches: "C: the reference expanded it once, …"
		store = regexp.MustCompile(`(?m)^\s*(\S+): the reference (?:expanded|evaluated) it`).FindStringSubmatch(log)
	}
	switch path, name := string(marks[0][1]), html.UnescapeString(string(marks[0][2])); {
	case store != nil && name != store[1]:
		t.Errorf("%s: marks %q (%s); the text names the store of %q", k, name, path, store[1])
	case store == nil && path != "":
		t.Errorf("%s: marks %q (%s); want the root", k, name, path)
	}
	return true
}
