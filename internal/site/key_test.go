package site

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestKeyKernel builds a program that calls exercise 02's AlphaBeta with
// the kernel spec's Go flags: with the key's overlay it returns the value of
// Fig. 6.9 where the stub panics.
func TestKeyKernel(t *testing.T) {
	module, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	spec := filepath.Join(dir, "spec.json")
	os.WriteFile(spec, []byte(`{"argv": ["gonb"], "env": {"GOFLAGS": "-mod=mod"}, "language": "go"}`), 0o644)
	keyDir := filepath.Join(dir, "key")
	os.Mkdir(keyDir, 0o755)
	env, n, err := keyKernel(spec, module, keyDir)
	if err != nil {
		t.Fatal(err)
	}
	if n < 9 || len(env) != 1 || !strings.HasPrefix(env[0], "JUPYTER_PATH="+keyDir) {
		t.Fatalf("%d files, env %q", n, env)
	}
	var k struct {
		Argv []string
		Env  map[string]string
	}
	b, err := os.ReadFile(filepath.Join(keyDir, "kernels", "gonb", "kernel.json"))
	if err != nil || json.Unmarshal(b, &k) != nil {
		t.Fatalf("kernel.json: %v\n%s", err, b)
	}
	want := "-mod=mod -overlay=" + filepath.Join(keyDir, "key-overlay.json")
	if k.Env["GOFLAGS"] != want || k.Env["CUTOFF_SITE_KEY"] != "1" || len(k.Argv) != 1 {
		t.Fatalf("kernel spec %+v, want GOFLAGS %q", k, want)
	}
	if testing.Short() {
		return
	}
	prog := filepath.Join(module, ".tmp", "keytest-"+filepath.Base(dir))
	if err := os.MkdirAll(prog, 0o755); err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(prog)
	os.WriteFile(filepath.Join(prog, "main.go"), []byte(`package main

import (
	"fmt"

	"github.com/cutoff-go/cutoff/exercises/checks"
	ex02 "github.com/cutoff-go/cutoff/exercises/02-alphabeta"
)

func main() {
	n, _ := checks.Watch(checks.Fixtures("deep-cutoff")[0].Tree.Root(), 0)
	fmt.Print(ex02.AlphaBeta(n, 64, -checks.Inf, checks.Inf))
}
`), 0o644)
	for _, c := range []struct{ flags, want string }{{k.Env["GOFLAGS"], "5"}, {"", "TODO(ex02)"}} {
		cmd := exec.Command("go", "run", ".")
		cmd.Dir = prog
		cmd.Env = append(os.Environ(), "GOFLAGS="+c.flags)
		out, _ := cmd.CombinedOutput()
		if !strings.Contains(string(out), c.want) {
			t.Errorf("GOFLAGS=%q: %s, want %q", c.flags, out, c.want)
		}
	}
}

func TestKeyKernelNoSolutions(t *testing.T) {
	env, n, err := keyKernel("/nonexistent/kernel.json", t.TempDir(), t.TempDir())
	if env != nil || n != 0 || err != nil {
		t.Fatalf("no solutions: %q, %d, %v", env, n, err)
	}
}
