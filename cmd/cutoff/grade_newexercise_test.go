package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// guideFiles reads docs/new-exercise.md: each code block under a line
// "`PATH`:" is a file, and the block under the line naming
// exercises/checks/registry.go is the registry's new line.
func guideFiles(t *testing.T) (files map[string]string, registryLine string) {
	t.Helper()
	b, err := os.ReadFile("../../docs/new-exercise.md")
	if err != nil {
		t.Fatal(err)
	}
	files = map[string]string{}
	pathLine := regexp.MustCompile("^`([^`]+)`:$")
	target := ""
	lines := strings.Split(string(b), "\n")
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		if m := pathLine.FindStringSubmatch(l); m != nil {
			target = m[1]
			continue
		}
		if strings.Contains(l, "`exercises/checks/registry.go`") {
			target = "registry"
			continue
		}
		if !strings.HasPrefix(l, "```") || l == "```" || target == "" {
			continue
		}
		var block []string
		for i++; i < len(lines) && lines[i] != "```"; i++ {
			block = append(block, lines[i])
		}
		if target == "registry" {
			registryLine = strings.Join(block, "\n")
		} else {
			files[target] = strings.Join(block, "\n") + "\n"
		}
		target = ""
	}
	return files, registryLine
}

// TestNewExerciseGuide follows docs/new-exercise.md in a copy of the
// repository: the worked example's files and registry line added, the
// stub scores 0 and the key 100 of 100 under cutoff grade. Skipped with
// -short (it builds cutoff in the copy: about a minute on 2 cores).
func TestNewExerciseGuide(t *testing.T) {
	if testing.Short() {
		t.Skip("builds cutoff in a copy of the repository")
	}
	files, reg := guideFiles(t)
	if len(files) != 5 || !strings.Contains(reg, `"10-horizon"`) {
		t.Fatalf("the guide gives %d files (%v) and registry line %q; want 5 and the line", len(files), keys(files), reg)
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	link := func(from, to string) {
		if err := os.Symlink(from, to); err != nil {
			t.Fatal(err)
		}
	}
	entries, _ := os.ReadDir(root)
	for _, e := range entries {
		switch name := e.Name(); {
		case name == "go.mod" || name == "go.sum":
			b, _ := os.ReadFile(filepath.Join(root, name))
			os.WriteFile(filepath.Join(tmp, name), b, 0o644)
		case name == "exercises" || name == "solutions" || strings.HasPrefix(name, "."):
		default:
			link(filepath.Join(root, name), filepath.Join(tmp, name))
		}
	}
	for _, dir := range []string{"exercises", "solutions"} {
		os.MkdirAll(filepath.Join(tmp, dir), 0o755)
		sub, _ := os.ReadDir(filepath.Join(root, dir))
		for _, e := range sub {
			if dir == "exercises" && e.Name() == "checks" {
				copyTree(t, filepath.Join(root, dir, "checks"), filepath.Join(tmp, dir, "checks"))
				continue
			}
			link(filepath.Join(root, dir, e.Name()), filepath.Join(tmp, dir, e.Name()))
		}
	}
	for path, src := range files {
		p := filepath.Join(tmp, path)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	regPath := filepath.Join(tmp, "exercises", "checks", "registry.go")
	src, _ := os.ReadFile(regPath)
	i := strings.Index(string(src), `{"09-player"`)
	if i < 0 {
		t.Fatal("registry.go has no 09-player line")
	}
	i += strings.Index(string(src[i:]), "\n") + 1
	os.WriteFile(regPath, []byte(string(src[:i])+reg+"\n"+string(src[i:])), 0o644)

	bin := filepath.Join(t.TempDir(), "cutoff")
	build := exec.Command("go", "build", "-o", bin, "./cmd/cutoff")
	build.Dir, build.Env = tmp, append(os.Environ(), "GOWORK=off")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build in the copy: %v\n%s", err, out)
	}
	grade := func(args ...string) (int, string) {
		cmd := exec.Command(bin, append([]string{"grade", "-run", "^10-"}, args...)...)
		cmd.Dir, cmd.Env = tmp, append(os.Environ(), "GOWORK=off")
		out, err := cmd.CombinedOutput()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		return code, string(out)
	}
	row := regexp.MustCompile(`(?m)^10-horizon\s+(\d+)/(\d+)\s+(\d+)/(\d+)`)
	code, out := grade("exercises")
	if m := row.FindStringSubmatch(out); code != 1 || m == nil || m[1] != "0" || m[2] != "100" || m[4] != "2" || !strings.Contains(out, "not done yet") {
		t.Errorf("the stub: exit %d, want 1 and 10-horizon 0/100 over 2 checks, not done yet:\n%s", code, out)
	}
	code, out = grade("-with", "solutions", "exercises")
	if m := row.FindStringSubmatch(out); code != 0 || m == nil || m[1] != "100" || m[2] != "100" || m[3] != "2" {
		t.Errorf("the key: exit %d, want 0 and 10-horizon 100/100, both checks:\n%s", code, out)
	}
}

func keys(m map[string]string) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}
