package site

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/cutoff-go/cutoff/internal/browsertest"
	"github.com/cutoff-go/cutoff/internal/site/nbhtml"
)

// TestConnect4Scripts: the page's scripts parse (node --check).
func TestConnect4Scripts(t *testing.T) {
	browsertest.CheckJS(t, fstest.MapFS{
		"connect4.js":    {Data: connect4JS},
		"wasm-worker.js": {Data: []byte(wasmWorkerJS)},
	}, "connect4.js", "wasm-worker.js")
}

// TestBoardCells: 42 cells, the top row first, named as c4play.Four names
// them; the page's template holds the board, the controls and the scripts,
// and loads nothing from outside the site.
func TestBoardCells(t *testing.T) {
	cells := boardCells()
	if len(cells) != 42 || cells[0] != "1-6" || cells[6] != "7-6" || cells[41] != "7-1" {
		t.Errorf("cells: %v", cells)
	}
	body, err := execute("connect4", struct {
		MaxDepth int
		Columns  []int
		Cells    []string
	}{12, []int{1, 2, 3, 4, 5, 6, 7}, cells})
	if err != nil {
		t.Fatal(err)
	}
	h := string(body)
	for _, want := range []string{`<script src="play/connect4-wasm.js"></script>`, `<script src="play/connect4.js"></script>`,
		`id="c4-status" class="c4-status" role="status"`, `max="12"`, `data-cell="4-1"`, `aria-label="column 7"`} {
		if !strings.Contains(h, want) {
			t.Errorf("the page lacks %s", want)
		}
	}
	if n := strings.Count(h, `class="c4-cell"`); n != 42 {
		t.Errorf("%d cells", n)
	}
	if p := nbhtml.OfflineProblems(h); len(p) > 0 {
		t.Errorf("loads from outside: %v", p)
	}
}
