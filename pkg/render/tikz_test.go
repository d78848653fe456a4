package render

import (
	"bytes"
	"context"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/cutoff-go/cutoff/pkg/games"
)

var (
	tikzNode = regexp.MustCompile(`(?m)^\\node\[([^\]]*)\] \(([^)]+)\) at \(`)
	tikzEdge = regexp.MustCompile(`(?m)^\\draw\[(edge[^\]]*)\] \(([^)]+)\) -- \(([^)]+)\)`)
	dotNode  = regexp.MustCompile(`(?m)^\s*(\w+) \[shape=[^\n]*\];$`)
	dotPos   = regexp.MustCompile(`posname="([^"]*)"`)
	dotEdge  = regexp.MustCompile(`(?m)^\s*(\w+) -> (\w+)`)
)

// tikzOf draws the golden case name in TeX and returns the DOT and TikZ.
func tikzOf(t *testing.T, name string) (string, string) {
	t.Helper()
	for _, tc := range goldenCases() {
		if tc.name == name {
			dot, err := TreeDOT(traced(t, tc.tree, tc.alg), tc.opt)
			if err != nil {
				t.Fatal(err)
			}
			tex, err := renderer(t).Draw(context.Background(), dot, As(TeX))
			if err != nil {
				t.Fatal(err)
			}
			return dot, string(tex)
		}
	}
	t.Fatalf("no golden case %s", name)
	return "", ""
}

// TestTikZTree checks that every node and edge of the recorded tree is in
// the TikZ, each node named after its position, each drawn in the styles
// of its kind, and every style defined once at the top.
func TestTikZTree(t *testing.T) {
	for _, name := range []string{"aima-fig5.2-alphabeta", "pvs-research-pvs", "aima-fig5.2-mtdf", "aima-fig5.2-alphabeta-step5"} {
		t.Run(name, func(t *testing.T) {
			dot, tex := tikzOf(t, name)
			if strings.Contains(tex, `\pgfpath`) {
				t.Error("the TikZ of a tree without boards uses PGF's basic layer")
			}
			for _, s := range []string{"max", "min", "pruned", "pending", "principal", "nullwindow", "research", "current",
				"edge", "principal edge", "nullwindow edge", "pruned edge", "cut", "move"} {
				if n := strings.Count(tex, "  "+s+"/.style={"); n != 1 {
					t.Errorf("style %s defined %d times, want once", s, n)
				}
			}
			// Nodes: as many as DOT's, named after their positions, with
			// the style of their kind.
			names := map[string]string{} // TikZ name → styles
			for _, m := range tikzNode.FindAllStringSubmatch(tex, -1) {
				if _, dup := names[m[2]]; dup {
					t.Errorf("two nodes named %s", m[2])
				}
				names[m[2]] = m[1]
			}
			idName := map[string]string{}
			dnodes := dotNode.FindAllStringSubmatch(dot, -1)
			if len(names) != len(dnodes) || len(dnodes) < 10 {
				t.Errorf("%d nodes in the TikZ, %d in the DOT", len(names), len(dnodes))
			}
			for _, m := range dnodes {
				id, pos := m[1], ""
				if p := dotPos.FindStringSubmatch(m[0]); p != nil {
					pos = p[1]
				}
				n := id
				if pos != "" && names[pos] != "" {
					n = pos
				}
				styles, ok := names[n]
				if !ok {
					t.Errorf("DOT node %s (position %q) is not in the TikZ", id, pos)
					continue
				}
				idName[id] = n
				line := m[0]
				want := "max"
				if strings.Contains(line, "shape=ellipse") {
					want = "min"
				}
				if strings.Contains(line, `class="stub`) {
					want = "stub"
					if strings.Contains(line, `class="stub searched`) {
						want += ", searched stub"
					}
				}
				for c, style := range map[string]string{"pruned": "pruned", "pending": "pending", " pv": "principal", "probe": "nullwindow", "research": "research", "current": "current"} {
					if cl := regexp.MustCompile(`class="([^"]*)"`).FindStringSubmatch(line); cl != nil && strings.Contains(" "+cl[1], c) {
						want += ", " + style
					}
				}
				for _, w := range strings.Split(want, ", ") {
					if !strings.Contains(", "+styles+",", ", "+w+",") {
						t.Errorf("node %s (%s): styles [%s] lack %s", n, id, styles, w)
					}
				}
			}
			// Edges: every DOT edge, between the named nodes.
			edges := map[[2]string]string{}
			for _, m := range tikzEdge.FindAllStringSubmatch(tex, -1) {
				edges[[2]string{m[2], m[3]}] = m[1]
			}
			dedges := dotEdge.FindAllStringSubmatch(dot, -1)
			if len(edges) != len(dedges) {
				t.Errorf("%d edges in the TikZ, %d in the DOT", len(edges), len(dedges))
			}
			for _, m := range dedges {
				if _, ok := edges[[2]string{idName[m[1]], idName[m[2]]}]; !ok {
					t.Errorf("edge %s -> %s is not drawn as (%s) -- (%s)", m[1], m[2], idName[m[1]], idName[m[2]])
				}
			}
			if strings.Contains(dot, "✂") && !strings.Contains(tex, `node[cut]`) {
				t.Error("the cutoff's mark is not a node in the cut style")
			}
		})
	}
	// The textbook tree's positions by name.
	_, tex := tikzOf(t, "aima-fig5.2-alphabeta")
	for _, want := range []string{`(A) at (`, `(b1) at (`, `(c2) at (`, `(d3) at (`, `\draw[edge, principal edge] (A) -- (B);`,
		`\draw[edge, pruned edge] (C) -- (c2)`, `node[cut]`, `\cutoffmark{} shallow`, `$-\infty$, $+\infty$]`} {
		if !strings.Contains(tex, want) {
			t.Errorf("the TikZ lacks %s", want)
		}
	}
}

// TestTikZRestyle compiles a tree's TikZ, then the same with one style line
// edited (Max nodes filled red), and checks that the red appears in the
// second picture only, as much as nine filled boxes make.
func TestTikZRestyle(t *testing.T) {
	needTool(t, "pdflatex")
	_, tex := tikzOf(t, "aima-fig5.2-alphabeta")
	const line = "  max/.style={tree node, rectangle},"
	if strings.Count(tex, line) != 1 {
		t.Fatalf("the TikZ has no line %q", line)
	}
	restyled := strings.Replace(tex, line, "  max/.style={tree node, rectangle, fill=red},", 1)
	dir := t.TempDir()
	red := func(name, src string) int {
		checkTeXCompiles(t, dir, name, []byte(src), []string{"b1", "shallow"})
		img := pdftoppmPage(t, filepath.Join(dir, "tex", name+".pdf"), 72)
		n := 0
		b := img.Bounds()
		for y := b.Min.Y; y < b.Max.Y; y++ {
			for x := b.Min.X; x < b.Max.X; x++ {
				r, g, bl, _ := img.At(x, y).RGBA()
				if r > 0xe000 && g < 0x3000 && bl < 0x3000 {
					n++
				}
			}
		}
		return n
	}
	before := red("plain", tex)
	after := red("restyled", restyled)
	t.Logf("red pixels at 72 dpi: %d before, %d after the restyle", before, after)
	if before != 0 {
		t.Errorf("%d red pixels before the restyle", before)
	}
	// Nine Max nodes of about 54 × 40 pt, less their text.
	if after < 9*54*40/2 {
		t.Errorf("%d red pixels after filling the Max nodes red: want ≥ %d", after, 9*54*40/2)
	}
}

// TestTikZBoards checks that a game's boards stay drawn (PGF's basic layer
// inside the tikzpicture) and that the document compiles.
func TestTikZBoards(t *testing.T) {
	ttt, err := games.ParseTicTacToe("xo. xo. ...")
	if err != nil {
		t.Fatal(err)
	}
	dot, err := TreeDOT(tracedRoot(t, ttt, "alphabeta", 64), TreeOptions{Boards: true, Budget: 12, Step: -1})
	if err != nil {
		t.Fatal(err)
	}
	tex, err := renderer(t).Draw(context.Background(), dot, As(TeX))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(tex, []byte(`\pgfpathmoveto`)) || !bytes.Contains(tex, []byte(`\node[max, principal`)) {
		t.Errorf("the boards' TikZ lacks its nodes or its boards:\n%s", tail(string(tex), 2000))
	}
	checkTeXCompiles(t, t.TempDir(), "boards", tex, []string{"14"})
}

// TestTikZTooWide checks that a tree wider than TeX can measure is an
// error, not a document pdflatex rejects.
func TestTikZTooWide(t *testing.T) {
	wide := []byte(`{"bb":"0,0,20000,300","objects":[],"edges":[]}`)
	if _, err := treeTikZ(wide); err == nil || !strings.Contains(err.Error(), "budget") {
		t.Errorf("a 20 000 pt wide tree: err = %v, want one naming the budget", err)
	}
	ok := []byte(`{"bb":"0,0,15000,300","objects":[],"edges":[]}`)
	if _, err := treeTikZ(ok); err != nil {
		t.Errorf("a 15 000 pt wide tree: %v", err)
	}
}

// TestTikZGameNames: a game's nodes are named by the moves from the root
// ("root", "b3", "b3-c1"), TeX-safe and unique, and the TikZ compiles. In
// tic-tac-toe, Nim (moves such as p1-2) and with two passes of MTD(f),
// whose second root is "root_2".
func TestTikZGameNames(t *testing.T) {
	ttt, err := games.ParseTicTacToe("xo. xo. ...")
	if err != nil {
		t.Fatal(err)
	}
	nim, err := games.NewNim(2, 2)
	if err != nil {
		t.Fatal(err)
	}
	tttNamer := func(path []int) string { return tzMoves(ttt, path) }
	nimNamer := func(path []int) string { return tzMoves(nim, path) }
	cases := []struct {
		name string
		dot  func() (string, error)
		// moves names the node reached by the move indices path.
		moves  func(path []int) string
		labels []string
	}{
		{"tictactoe", func() (string, error) {
			return TreeDOT(tracedRoot(t, ttt, "alphabeta", 64), TreeOptions{Budget: 30, Step: -1})
		}, tttNamer, []string{"c1"}},
		{"nim", func() (string, error) {
			return TreeDOT(tracedRoot(t, nim, "alphabeta", 64), TreeOptions{Step: -1})
		}, nimNamer, []string{"p1-2"}},
		{"nim-mtdf", func() (string, error) {
			return TreeDOT(tracedRoot(t, nim, "mtdf", 64), TreeOptions{Step: -1})
		}, nimNamer, []string{"pass 2"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dot, err := tc.dot()
			if err != nil {
				t.Fatal(err)
			}
			tex, err := renderer(t).Draw(context.Background(), dot, As(TeX))
			if err != nil {
				t.Fatal(err)
			}
			// The DOT IDs say each node's moves from its root: n<visit> a
			// searched node, then _m<move> per pruned move. Map each DOT
			// node to its path by the DOT's edges and xlabels (move indices
			// come from the IDs of pruned nodes, and for searched nodes from
			// the parent's move names).
			ids := map[string]string{} // DOT ID → TikZ name
			tikzByPos := map[string]bool{}
			for _, m := range tikzNode.FindAllStringSubmatch(string(tex), -1) {
				if tikzByPos[m[2]] {
					t.Errorf("two nodes named %s", m[2])
				}
				tikzByPos[m[2]] = true
				if !regexp.MustCompile(`^[A-Za-z0-9_-]+$`).MatchString(m[2]) {
					t.Errorf("node name %q is not TeX-safe", m[2])
				}
				if regexp.MustCompile(`^n\d+(_\w+)?$`).MatchString(m[2]) {
					t.Errorf("node %s is named by its DOT ID", m[2])
				}
			}
			for _, m := range dotNode.FindAllStringSubmatch(dot, -1) {
				if p := dotPos.FindStringSubmatch(m[0]); p != nil {
					ids[m[1]] = p[1]
					if !tikzByPos[p[1]] {
						t.Errorf("DOT node %s (posname %s) is not a TikZ node", m[1], p[1])
					}
				}
			}
			// Every edge from a root goes to its move's name; every other
			// edge to the parent's name, "-", the move's name.
			roots := 0
			for _, m := range regexp.MustCompile(`(?m)^\s*(\w+) -> (\w+)( \[xlabel=<<FONT[^>]*>([^<]*)</FONT>>)?`).FindAllStringSubmatch(dot, -1) {
				parent, child, move := ids[m[1]], ids[m[2]], m[4]
				if strings.HasSuffix(m[2], "_more") {
					continue
				}
				if move == "" {
					t.Errorf("edge %s -> %s has no move name", m[1], m[2])
					continue
				}
				want := tzName(move)
				if parent != "root" && !strings.HasPrefix(parent, "root_") {
					want = parent + "-" + want
				}
				if base, _, _ := strings.Cut(child, "_"); child != want && base != want {
					t.Errorf("edge %s -> %s: child named %q, want %q", parent, m[2], child, want)
				}
			}
			for _, n := range ids {
				if n == "root" || strings.HasPrefix(n, "root_") {
					roots++
				}
			}
			if want := strings.Count(dot, "subgraph cluster_pass"); roots != max(1, want) {
				t.Errorf("%d roots named root, root_2, …; the DOT has %d passes", roots, want)
			}
			if tc.name == "nim-mtdf" && !tikzByPos["root_2"] {
				t.Error("MTD(f)'s second pass has no root_2")
			}
			if want := tc.moves([]int{0, 0}); !tikzByPos[want] {
				t.Errorf("no node named %s (the first move, then the first reply)", want)
			}
			checkTeXCompiles(t, t.TempDir(), "names", tex, tc.labels)
		})
	}
}

// tzMoves names the node reached from root by the move indices path as the
// TikZ does.
func tzMoves[P interface {
	Children([]P) []P
	MoveName(int) string
}](root P, path []int) string {
	var parts []string
	p := root
	for _, m := range path {
		parts = append(parts, tzName(p.MoveName(m)))
		p = p.Children(nil)[m]
	}
	return strings.Join(parts, "-")
}
