package site

import (
	"context"
	_ "embed"
	"fmt"
	"time"

	"github.com/cutoff-go/cutoff/internal/c4play"
)

// The Connect Four page (connect4.html) plays against pkg/connect4's solver
// and pkg/algos' searches compiled to WebAssembly (internal/wasm/connect4,
// logic in internal/c4play). Chromium refuses fetch() of a .wasm file and a
// Worker script from file:// pages, so nothing is fetched: play/connect4-wasm.js,
// loaded by a <script> tag, holds the worker's source (Go's
// lib/wasm/wasm_exec.js, copied from the toolchain at build time, and
// play/wasm-worker.js, the playground's worker too) as a string and the program in base64; the page
// (play/connect4.js) starts the worker from a Blob URL and posts it the
// program. The same files work from a web server.
var (
	//go:embed play/connect4.js
	connect4JS []byte
)

// Connect4Stats is what building the Connect Four page's program cost.
type Connect4Stats = WasmStats

// Connect4Files builds internal/wasm/connect4 of the module at root with the
// go command on PATH (buildWasm: GOOS=js GOARCH=wasm, GOPROXY=off: no
// download) and returns the page's files, path in the site → content:
// connect4.html, play/connect4.js and play/connect4-wasm.js.
func Connect4Files(ctx context.Context, root string) (map[string][]byte, Connect4Stats, error) {
	begin := time.Now()
	p, err := buildWasm(ctx, root, "./internal/wasm/connect4", "connect4.html")
	if err != nil {
		return nil, Connect4Stats{}, err
	}
	st := p.stats
	js, err := p.script("the Connect Four page", "cutoffConnect4Worker", "cutoffConnect4Wasm", wasmWorkerJS)
	if err != nil {
		return nil, st, err
	}

	body, err := execute("connect4", struct {
		MaxDepth int
		Columns  []int
		Cells    []string
	}{c4play.MaxDepth, []int{1, 2, 3, 4, 5, 6, 7}, boardCells()})
	if err != nil {
		return nil, st, err
	}
	page, err := writePage("Connect Four against the solver — Cutoff", body, nil)
	if err != nil {
		return nil, st, err
	}
	st.Took = time.Since(begin)
	return map[string][]byte{
		"connect4.html":         []byte(page),
		"play/connect4.js":      connect4JS,
		"play/connect4-wasm.js": js,
	}, st, nil
}

// boardCells names the board's cells "column-row" (1-based, row 1 at the
// bottom) in reading order: the top row first, left to right.
func boardCells() []string {
	var out []string
	for row := 6; row >= 1; row-- {
		for col := 1; col <= 7; col++ {
			out = append(out, fmt.Sprintf("%d-%d", col, row))
		}
	}
	return out
}
