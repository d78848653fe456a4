package checks

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// Every registered exercise is worth 100 points, its check names are
// unique, and its folder's test file calls the registered test function.
func TestRegistry(t *testing.T) {
	exs := Exercises()
	dirs, _ := filepath.Glob("../[0-9][0-9]-*")
	if len(exs) != len(dirs) || len(exs) != 9 {
		t.Fatalf("%d exercises registered, %d folders", len(exs), len(dirs))
	}
	for _, e := range exs {
		if e.Max() != MaxPoints {
			t.Errorf("%s: %d points in all, want %d", e.Dir, e.Max(), MaxPoints)
		}
		seen := map[string]bool{}
		for _, c := range e.Checks {
			if seen[c.Name] || c.Points <= 0 || c.Points%5 != 0 {
				t.Errorf("%s: check %q (%d points) repeated, or not a positive multiple of 5", e.Dir, c.Name, c.Points)
			}
			seen[c.Name] = true
		}
		tests, _ := filepath.Glob(filepath.Join("..", e.Dir, "*_test.go"))
		if len(tests) != 1 {
			t.Errorf("%s: %d test files, want 1", e.Dir, len(tests))
			continue
		}
		src, err := os.ReadFile(tests[0])
		if err != nil {
			t.Fatal(err)
		}
		if !regexp.MustCompile(`func ` + e.Test + `\(t \*testing\.T\) \{\s*checks\.`).Match(src) {
			t.Errorf("%s: the test file does not define %s calling the checks", e.Dir, e.Test)
		}
	}
}

// A record verifies under its key and under no other, and not once
// anything in it is changed.
func TestRecordSignature(t *testing.T) {
	key := []byte(strings.Repeat("k", 32))
	r := Record{Test: "TestAlphaBeta", Check: "deep cutoff", Points: 15, Passed: false, Message: []string{"rule: …"}, Seconds: 0.5}
	r.MAC = r.sum(key)
	line := func(r Record) string {
		b, _ := json.Marshal(r)
		return RecordPrefix + string(b)
	}
	if _, ok := ParseRecord(line(r), key); !ok {
		t.Fatal("a genuine record does not verify")
	}
	if _, ok := ParseRecord(line(r), []byte(strings.Repeat("x", 32))); ok {
		t.Error("a record verifies under another key")
	}
	forged := r
	forged.Passed = true
	if _, ok := ParseRecord(line(forged), key); ok {
		t.Error("a record turned from failed to passed still verifies")
	}
	forged = r
	forged.Points = 100
	if _, ok := ParseRecord(line(forged), key); ok {
		t.Error("a record with more points still verifies")
	}
	if _, ok := ParseRecord(`cutoff-record {"test":"TestAlphaBeta","check":"deep cutoff","points":15,"passed":true,"mac":"00"}`, key); ok {
		t.Error("a hand-written record verifies")
	}
}

// Long explanations are cut so that a record stays one atomic pipe write.
func TestRecordSize(t *testing.T) {
	r, f, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	key := []byte(strings.Repeat("k", 32))
	active, oldKey, out := session.active, session.key, session.out
	session.active, session.key, session.out = true, key, f
	defer func() { session.active, session.key, session.out = active, oldKey, out }()
	long := []string{"rule: x", strings.Repeat("é", 3000), strings.Repeat("b", 3000)}
	record("TestX", Check{Name: "c", Points: 10}, false, long, 0)
	f.Close()
	b := make([]byte, 1<<16)
	n, _ := r.Read(b)
	if n == 0 || n > maxRecord+1 {
		t.Fatalf("record of %d bytes, want 1..%d", n, maxRecord+1)
	}
	if rec, ok := ParseRecord(string(b[:n]), key); !ok || rec.Message[0] != "rule: x" || len(rec.Message[1]) >= 6000 {
		t.Errorf("a shortened record does not verify or lost its rule: %v %+v", ok, rec)
	}
}
