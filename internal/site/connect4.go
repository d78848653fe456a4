package site

import (
	"bytes"
	"compress/gzip"
	"context"
	_ "embed"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/cutoff-go/cutoff/internal/c4play"
)

// The Connect Four page (connect4.html) plays against pkg/connect4's solver
// and pkg/algos' searches compiled to WebAssembly (internal/wasm/connect4,
// logic in internal/c4play). Chromium refuses fetch() of a .wasm file and a
// Worker script from file:// pages, so nothing is fetched: play/connect4-wasm.js,
// loaded by a <script> tag, holds the worker's source (Go's
// lib/wasm/wasm_exec.js, copied from the toolchain at build time, and
// play/connect4-worker.js) as a string and the program in base64; the page
// (play/connect4.js) starts the worker from a Blob URL and posts it the
// program. The same files work from a web server.
var (
	//go:embed play/connect4.js
	connect4JS []byte
	//go:embed play/connect4-worker.js
	connect4WorkerJS string
)

// Connect4Stats is what building the Connect Four page's program cost.
type Connect4Stats struct {
	WasmBytes, GzipBytes int // the program, raw and gzip -9
	Took                 time.Duration
}

// Connect4Files builds internal/wasm/connect4 of the module at root with the
// go command on PATH (GOOS=js GOARCH=wasm, GOPROXY=off: no download) and
// returns the page's files, path in the site → content: connect4.html,
// play/connect4.js and play/connect4-wasm.js.
func Connect4Files(ctx context.Context, root string) (map[string][]byte, Connect4Stats, error) {
	var st Connect4Stats
	begin := time.Now()
	if root == "" {
		return nil, st, errors.New("connect4.html: its WebAssembly program is built from the repository's source; run cutoff site inside the repository")
	}
	tmp, err := os.MkdirTemp("", "cutoff-wasm-")
	if err != nil {
		return nil, st, err
	}
	defer os.RemoveAll(tmp)
	wasmPath := filepath.Join(tmp, "connect4.wasm")
	build := exec.CommandContext(ctx, "go", "build", "-trimpath", "-ldflags=-s -w", "-o", wasmPath, "./internal/wasm/connect4")
	build.Dir = root
	build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0", "GOPROXY=off")
	if out, err := build.CombinedOutput(); err != nil {
		return nil, st, fmt.Errorf("connect4.html: go build of internal/wasm/connect4: %v\n%s", err, out)
	}
	goroot, err := exec.CommandContext(ctx, "go", "env", "GOROOT").Output()
	if err != nil {
		return nil, st, fmt.Errorf("connect4.html: go env GOROOT: %v", err)
	}
	wasmExec, err := os.ReadFile(filepath.Join(strings.TrimSpace(string(goroot)), "lib", "wasm", "wasm_exec.js"))
	if err != nil {
		return nil, st, fmt.Errorf("connect4.html: Go's wasm_exec.js: %v", err)
	}
	wasm, err := os.ReadFile(wasmPath)
	if err != nil {
		return nil, st, err
	}
	var gz bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	zw.Write(wasm)
	zw.Close()
	st.WasmBytes, st.GzipBytes = len(wasm), gz.Len()

	// json.Marshal writes a JavaScript string literal: it escapes U+2028,
	// U+2029 and, with HTML escaping, "</script>".
	src, err := json.Marshal(string(wasmExec) + "\n" + connect4WorkerJS)
	if err != nil {
		return nil, st, err
	}
	var js bytes.Buffer
	fmt.Fprintf(&js, "// Written by cutoff site: the Connect Four page's Web Worker (Go's wasm_exec.js and connect4-worker.js)\n"+
		"// and its WebAssembly program (internal/wasm/connect4, %d bytes) in base64. See connect4.js.\n", len(wasm))
	fmt.Fprintf(&js, "var cutoffConnect4Worker = %s;\nvar cutoffConnect4Wasm = \"%s\";\n", src, base64.StdEncoding.EncodeToString(wasm))

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
		"play/connect4-wasm.js": js.Bytes(),
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
