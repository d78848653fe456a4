package playground_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cutoff-go/cutoff/internal/playground"
	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/gametree"
)

// TestWasmEqualsCommandLine is issue 21's "one library" check: the
// playground compiled to WebAssembly and run under Node.js with Go's
// wasm_exec.js answers every algorithm on every fixture, on random trees
// and with options exactly as cutoff search -json does (the same keys and
// values, moves, principal variations and counts). It builds both programs
// and needs node: it runs with CUTOFF_WASM_TESTS=1 (CI sets it).
func TestWasmEqualsCommandLine(t *testing.T) {
	if os.Getenv("CUTOFF_WASM_TESTS") != "1" {
		t.Skip("set CUTOFF_WASM_TESTS=1 to build the playground for js/wasm and run it under Node.js")
	}
	node, err := exec.LookPath("node")
	if err != nil {
		t.Fatal("CUTOFF_WASM_TESTS=1 needs node on PATH")
	}
	dir := t.TempDir()
	wasm, cli := filepath.Join(dir, "playground.wasm"), filepath.Join(dir, "cutoff")
	build := exec.Command("go", "build", "-o", wasm, "github.com/cutoff-go/cutoff/internal/wasm/playground")
	build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build for js/wasm: %v\n%s", err, out)
	}
	if out, err := exec.Command("go", "build", "-o", cli, "github.com/cutoff-go/cutoff/cmd/cutoff").CombinedOutput(); err != nil {
		t.Fatalf("go build cmd/cutoff: %v\n%s", err, out)
	}
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		t.Fatal(err)
	}
	wasmExec := filepath.Join(strings.TrimSpace(string(goroot)), "lib", "wasm", "wasm_exec.js")

	type tcase struct {
		req  playground.Request
		args []string
	}
	var cases []tcase
	for _, fx := range gametree.Fixtures() {
		for _, alg := range algos.Names() {
			cases = append(cases, tcase{playground.Request{Tree: "fixture:" + fx.Name, Alg: alg}, []string{"-tree", "fixture:" + fx.Name, "-alg", alg}})
		}
	}
	for _, spec := range []string{"b=3,d=4,seed=1", "b=2,d=6,seed=7,order=worst", "b=4,d=3,seed=3,order=strong"} {
		for _, alg := range algos.Names() {
			cases = append(cases, tcase{playground.Request{Random: spec, Alg: alg}, []string{"-random", spec, "-alg", alg}})
		}
	}
	three := 3
	literal := "A(B(3 12 8) C(2 4 6) D(14 5 2))"
	cases = append(cases,
		tcase{playground.Request{Tree: literal, Alg: "mtdf", Guess: &three}, []string{"-tree", literal, "-alg", "mtdf", "-guess", "3"}},
		tcase{playground.Request{Tree: literal, Alg: "aspiration", Delta: 2, Depth: 2}, []string{"-tree", literal, "-alg", "aspiration", "-delta", "2", "-depth", "2"}},
		tcase{playground.Request{Tree: literal, Alg: "pvs", TT: 64, Replace: "depth"}, []string{"-tree", literal, "-alg", "pvs", "-tt", "64", "-replace", "depth"}},
		tcase{playground.Request{Tree: literal, Alg: "id", Schedule: "1,2"}, []string{"-tree", literal, "-alg", "id", "-schedule", "1,2"}},
		tcase{playground.Request{Tree: literal, Alg: "alphabeta", Root: "min", Killers: true}, []string{"-tree", literal, "-root", "min", "-alg", "alphabeta", "-killers"}},
		tcase{playground.Request{Random: "b=3,d=5,seed=2", Alg: "negamax-ab", History: true, Depth: 3}, []string{"-random", "b=3,d=5,seed=2", "-alg", "negamax-ab", "-history", "-depth", "3"}},
	)

	var reqs []playground.Request
	for _, c := range cases {
		reqs = append(reqs, c.req)
	}
	in, _ := json.Marshal(reqs)
	run := exec.Command(node, filepath.Join("testdata", "node-run.js"), wasmExec, wasm)
	run.Stdin = bytes.NewReader(in)
	var stderr bytes.Buffer
	run.Stderr = &stderr
	out, err := run.Output()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, stderr.String())
	}
	var got []json.RawMessage
	if err := json.Unmarshal(out, &got); err != nil || len(got) != len(cases) {
		t.Fatalf("node's replies: %v, %d for %d cases", err, len(got), len(cases))
	}
	for i, c := range cases {
		want, err := exec.Command(cli, append([]string{"search", "-json"}, c.args...)...).Output()
		if err != nil {
			t.Errorf("cutoff search %s: %v", strings.Join(c.args, " "), err)
			continue
		}
		if g, w := canonical(t, got[i]), canonical(t, want); g != w {
			t.Errorf("cutoff search %s:\nwasm %s\ncli  %s", strings.Join(c.args, " "), g, w)
		}
	}
	t.Logf("%d searches equal in the browser's build and the command line's", len(cases))
}

// canonical re-encodes a JSON value, so that two encoders' spacing and
// escaping do not matter (the keys' order is the report's in both).
func canonical(t *testing.T, b []byte) string {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		t.Fatalf("%v: %s", err, b)
	}
	out, _ := json.Marshal(v)
	return fmt.Sprint(string(out))
}
