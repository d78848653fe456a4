//go:build unix

package site

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/cutoff-go/cutoff/internal/browsertest"
	"github.com/cutoff-go/cutoff/internal/c4play"
	"github.com/cutoff-go/cutoff/internal/modroot"
	"github.com/cutoff-go/cutoff/pkg/connect4"
)

// c4Position is the first position of testdata/connect4/begin-easy.txt
// (Pons' score −13: the side to move loses).
const c4Position = "1232134743334"

// c4Game is the position a whole game starts from, the reader to move:
// testdata/connect4/begin-easy.txt's fifth (Pons' score 16).
const c4Game = "3376272241"

// Lines of testdata/connect4/middle-easy.txt and end-easy.txt (the first):
// moves and the set's score.
const (
	c4MiddleEasy = "57647675315773427523 -11"
	c4EndEasy    = "71745434654446771531611332272163 5"
)

// c4Speed are positions the page solves (the table cleared first, as cutoff
// solve) to compare its speed with the native solver's: the first lines
// of testdata/connect4/begin-medium.txt and middle-medium.txt.
var c4Speed = []string{"577474213312", "2313665356311127"}

func mustC4(t *testing.T, moves string) connect4.Position {
	t.Helper()
	p, err := connect4.ParsePosition(moves)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// drawnPosition returns a position of 38 stones, no four on the board,
// from which every way to fill the board is a draw: the first 38 moves of
// a random game that filled the board without a four, tried seed by seed.
func drawnPosition(t *testing.T) string {
	t.Helper()
	for seed := uint64(1); seed < 100000; seed++ {
		r := rand.New(rand.NewPCG(seed, 21))
		var p connect4.Position
		moves := ""
		for !p.Over() {
			c := r.IntN(connect4.Width)
			if p.CanPlay(c) {
				p = p.Play(c)
				moves += strconv.Itoa(c + 1)
			}
		}
		if p.Won() {
			continue
		}
		start := moves[:38]
		if allDraws(mustC4(t, start)) {
			return start
		}
	}
	t.Fatal("no drawn position found")
	return ""
}

// allDraws reports whether every way to fill the board from p ends without
// a four.
func allDraws(p connect4.Position) bool {
	if p.Won() {
		return false
	}
	if p.Over() {
		return true
	}
	for c := range connect4.Width {
		if p.CanPlay(c) && !allDraws(p.Play(c)) {
			return false
		}
	}
	return true
}

// TestConnect4InBrowser opens the Connect Four page in headless Chromium
// (testdata/browser/connect4.spec.mjs) from file:// and from a static server
// on 127.0.0.1: the scores it shows for c4Position equal internal/c4play's,
// computed here natively, in as many nodes, and a game from c4Game against
// the solver plays to the solver's win. The page is the one in $CUTOFF_SITE_DIR when set (CI's
// whole site), or Connect4Files' build with style.css in a temporary
// directory. Needs what browsertest.Require checks; screenshots are left in
// $CUTOFF_BROWSER_OUT or the test's temporary directory.
func TestConnect4InBrowser(t *testing.T) {
	tools := browsertest.Require(t)
	root, err := modroot.Find(".")
	if err != nil {
		t.Fatal(err)
	}
	dir := playPage(t, root, "connect4.html", Connect4Files, "play/connect4-wasm.js")

	p, err := c4play.New()
	if err != nil {
		t.Fatal(err)
	}
	pos, err := connect4.ParsePosition(c4Position)
	if err != nil {
		t.Fatal(err)
	}
	begin := time.Now()
	scores, nodes, err := p.Scores(pos)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("natively: the scores of %s in %d nodes, %v", c4Position, nodes, time.Since(begin))
	book, err := c4play.Embedded()
	if err != nil {
		t.Fatal(err)
	}
	// More positions whose shown scores must be the native ones: lines of
	// the test sets (their best is the set's score, as cutoff solve finds).
	var more []map[string]any
	for _, line := range []string{c4MiddleEasy, c4EndEasy} {
		moves, want, _ := strings.Cut(line, " ")
		q, _ := c4play.New()
		sc, n, err := q.Scores(mustC4(t, moves))
		if err != nil {
			t.Fatal(err)
		}
		best := -100
		for _, m := range sc {
			best = max(best, m.Score)
		}
		if strconv.Itoa(best) != want {
			t.Fatalf("%s: the best move scores %d natively, the test set says %s", moves, best, want)
		}
		more = append(more, map[string]any{"moves": moves, "scores": sc, "nodes": n})
	}
	// The solver's speed natively on positions the page solves too.
	var speed []map[string]any
	q, _ := c4play.New()
	for _, moves := range c4Speed {
		rep, err := q.Do(c4play.Request{Op: "solve", Moves: moves})
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("natively: %s solved (score %d) in %d nodes, %.3f s: %.0f nodes/s", moves, *rep.Score, rep.Nodes, float64(rep.Micros)/1e6, float64(rep.Nodes)/(float64(rep.Micros)/1e6))
		speed = append(speed, map[string]any{"moves": moves, "score": *rep.Score, "nodes": rep.Nodes, "micros": rep.Micros})
	}
	// A position with the solver to move that the book does not hold and
	// that takes the solver minutes: X's book moves start with 4.
	const slow = "11"
	if _, _, ok := book.Lookup(mustC4(t, slow)); ok {
		t.Fatalf("%s is in the book", slow)
	}
	draw := drawnPosition(t)
	if q, err := c4play.New(); err == nil {
		game, _ := connect4.ParsePosition(c4Game)
		begin = time.Now()
		_, n, err := q.Scores(game)
		t.Logf("natively: the scores of %s in %d nodes, %v (%v)", c4Game, n, time.Since(begin), err)
	}

	srv := httptest.NewServer(http.FileServer(http.Dir(dir)))
	defer srv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), browsertest.Timeout(t, 15*time.Minute))
	defer cancel()
	tools.Run(t, ctx, "connect4.spec.mjs", map[string]any{"dir": dir, "origin": srv.URL, "position": c4Position, "scores": scores, "nodes": nodes, "game": c4Game,
		"more": more, "speed": speed, "slow": slow, "draw": draw, "bookPositions": book.Len(), "bookPlies": book.Plies()})
	for _, name := range []string{"connect4-start.png", "connect4-scores.png", "connect4-end.png", "connect4-thinking.png", "connect4-draw.png", "connect4-narrow.png"} {
		browsertest.Screenshot(t, filepath.Join(tools.Out, name))
	}
}

// playPage returns the folder of the site to open page from: $CUTOFF_SITE_DIR
// when set (CI's whole site; relative to the module's root), or build's
// files with style.css written into a temporary folder, logged with what
// the build cost (its wasm's sizes and, by name, the scripts' sizes).
func playPage(t *testing.T, root, page string, build func(context.Context, string) (map[string][]byte, WasmStats, error), scripts ...string) string {
	t.Helper()
	dir := os.Getenv("CUTOFF_SITE_DIR")
	if dir == "" {
		dir = filepath.Join(t.TempDir(), "site")
		begin := time.Now()
		files, st, err := build(context.Background(), root)
		if err != nil {
			t.Fatal(err)
		}
		var sizes []string
		for _, s := range scripts {
			sizes = append(sizes, fmt.Sprintf("%s %d bytes", s, len(files[s])))
		}
		t.Logf("built in %v: wasm %d bytes, %d gzipped, %s", time.Since(begin).Round(time.Millisecond), st.WasmBytes, st.GzipBytes, strings.Join(sizes, ", "))
		files["style.css"] = styleCSS
		for name, b := range files {
			p := filepath.Join(dir, filepath.FromSlash(name))
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	} else if !filepath.IsAbs(dir) {
		dir = filepath.Join(root, dir)
	}
	if _, err := os.Stat(filepath.Join(dir, page)); err != nil {
		t.Fatalf("no %s: %v", page, err)
	}
	return dir
}
