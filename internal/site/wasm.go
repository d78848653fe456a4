package site

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// The site's WebAssembly programs (the tree playground's, and the same way
// the Connect Four page's) are built by cutoff site from the repository's
// source with the go command on PATH and shipped as scripts: Chromium
// refuses fetch() of a .wasm file and a Worker script from file:// pages,
// so a <script> tag loads the worker's source (Go's lib/wasm/wasm_exec.js,
// copied from the toolchain, and the page's worker script) as a string and
// the program in base64; the page starts the worker from a Blob URL and
// posts it the program. The same files work from a web server.

// WasmStats is what building one of the site's WebAssembly programs cost.
type WasmStats struct {
	WasmBytes, GzipBytes int // the program, raw and gzip -9
	Took                 time.Duration
}

// wasmProgram is a built program: the WebAssembly and Go's wasm_exec.js.
type wasmProgram struct {
	wasm, wasmExec []byte
	stats          WasmStats
}

// buildWasm builds the command pkg ("./internal/wasm/playground") of the
// module at root for GOOS=js GOARCH=wasm, with GOPROXY=off (no download);
// page names the page that needs it in errors.
func buildWasm(ctx context.Context, root, pkg, page string) (*wasmProgram, error) {
	begin := time.Now()
	if root == "" {
		return nil, fmt.Errorf("%s: its WebAssembly program is built from the repository's source; run cutoff site inside the repository", page)
	}
	tmp, err := os.MkdirTemp("", "cutoff-wasm-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	wasmPath := filepath.Join(tmp, "program.wasm")
	build := exec.CommandContext(ctx, "go", "build", "-trimpath", "-ldflags=-s -w", "-o", wasmPath, pkg)
	build.Dir = root
	build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0", "GOPROXY=off")
	if out, err := build.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("%s: go build of %s: %v\n%s", page, pkg, err, out)
	}
	goroot, err := exec.CommandContext(ctx, "go", "env", "GOROOT").Output()
	if err != nil {
		return nil, fmt.Errorf("%s: go env GOROOT: %v", page, err)
	}
	p := &wasmProgram{}
	p.wasmExec, err = os.ReadFile(filepath.Join(strings.TrimSpace(string(goroot)), "lib", "wasm", "wasm_exec.js"))
	if err != nil {
		return nil, fmt.Errorf("%s: Go's wasm_exec.js: %v", page, err)
	}
	if p.wasm, err = os.ReadFile(wasmPath); err != nil {
		return nil, err
	}
	if len(p.wasm) == 0 {
		return nil, errors.New(page + ": go build wrote an empty program")
	}
	var gz bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	zw.Write(p.wasm)
	zw.Close()
	p.stats = WasmStats{WasmBytes: len(p.wasm), GzipBytes: gz.Len(), Took: time.Since(begin)}
	return p, nil
}

// script returns the .js file that defines workerVar (the worker's source:
// wasm_exec.js then workerJS) and wasmVar (the program in base64).
func (p *wasmProgram) script(what, workerVar, wasmVar, workerJS string) ([]byte, error) {
	// json.Marshal writes a JavaScript string literal: it escapes U+2028,
	// U+2029 and, with HTML escaping, "</script>".
	src, err := json.Marshal(string(p.wasmExec) + "\n" + workerJS)
	if err != nil {
		return nil, err
	}
	var js bytes.Buffer
	fmt.Fprintf(&js, "// Written by cutoff site: %s's Web Worker (Go's wasm_exec.js and its worker script)\n"+
		"// and its WebAssembly program (%d bytes) in base64.\n", what, len(p.wasm))
	fmt.Fprintf(&js, "var %s = %s;\nvar %s = \"%s\";\n", workerVar, src, wasmVar, base64.StdEncoding.EncodeToString(p.wasm))
	return js.Bytes(), nil
}
