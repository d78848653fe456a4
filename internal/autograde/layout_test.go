package autograde

import (
	"archive/zip"
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/cutoff-go/cutoff/exercises/checks"
)

// writeFiles writes name → content under dir.
func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, src := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// zipOf returns a zip holding name → content (a name may be anything,
// ../ included).
func zipOf(t *testing.T, files map[string]string) []byte {
	t.Helper()
	var b bytes.Buffer
	w := zip.NewWriter(&b)
	for name, src := range files {
		f, err := w.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		f.Write([]byte(src))
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func exercisesNamed(names ...string) []checks.Exercise {
	var out []checks.Exercise
	for _, e := range checks.Exercises() {
		for _, n := range names {
			if e.Dir == n {
				out = append(out, e)
			}
		}
	}
	return out
}

var pkgs = map[string]string{"01-minimax": "minimax", "02-alphabeta": "alphabeta"}

// Each accepted layout is found, and where it is laid out anew the files
// land in the exercise's folder; what is refused says why.
func TestLocate(t *testing.T) {
	const ab = "package alphabeta\n"
	const mm = "package minimax\n"
	two := exercisesNamed("01-minimax", "02-alphabeta")
	one := exercisesNamed("02-alphabeta")
	for _, tc := range []struct {
		name  string
		files map[string]string // under the submission's folder
		zip   map[string]string // a .zip the submission is, when not nil
		exs   []checks.Exercise
		want  []string // files found, relative to the base
		note  string
		err   string
	}{
		{name: "folder", files: map[string]string{"02-alphabeta/a.go": ab}, exs: two, want: []string{"02-alphabeta/a.go"}},
		{name: "repository", files: map[string]string{"README.md": "x", "exercises/02-alphabeta/a.go": ab, "solutions/02-alphabeta/a.go": ab},
			exs: two, want: []string{"02-alphabeta/a.go"}},
		{name: "moodle export", files: map[string]string{"Dave Smith_123_assignsubmission_file_/cutoff-dave/exercises/02-alphabeta/a.go": ab},
			exs: two, want: []string{"02-alphabeta/a.go"}},
		{name: "too deep", files: map[string]string{"a/b/c/d/e/02-alphabeta/a.go": ab}, exs: two, err: "no exercise folders"},
		{name: "loose files by package", files: map[string]string{"alphabeta.go": ab, "minimax.go": mm, "notes.txt": "x"},
			exs: two, want: []string{"01-minimax/minimax.go", "02-alphabeta/alphabeta.go"}, note: "alphabeta.go → 02-alphabeta"},
		{name: "loose file, one exercise", files: map[string]string{"mine.go": "package main\n"}, exs: one,
			want: []string{"02-alphabeta/mine.go"}, note: "mine.go → 02-alphabeta"},
		{name: "loose file of no exercise", files: map[string]string{"mine.go": "package main\n"}, exs: two, err: "name no exercise's package"},
		{name: "nested loose file", files: map[string]string{"upload/alphabeta.go": ab}, exs: two, want: []string{"02-alphabeta/alphabeta.go"}, note: "alphabeta.go → 02-alphabeta"},
		{name: "zip in a folder", files: map[string]string{"sub.zip": string(zipOf(t, map[string]string{"cutoff/exercises/02-alphabeta/a.go": ab, "__MACOSX/x": ""}))},
			exs: two, want: []string{"02-alphabeta/a.go"}, note: "unpacked sub.zip"},
		{name: "zip", zip: map[string]string{"exercises/02-alphabeta/a.go": ab}, exs: two, want: []string{"02-alphabeta/a.go"}, note: "unpacked sub.zip"},
		{name: "zip of loose files", zip: map[string]string{"alphabeta.go": ab}, exs: two, want: []string{"02-alphabeta/alphabeta.go"}, note: "unpacked sub.zip; loose files laid out as exercise folders: alphabeta.go → 02-alphabeta"},
		{name: "zip escaping", zip: map[string]string{"../evil.go": ab}, exs: two, err: "leaves its folder"},
		{name: "zip absolute", zip: map[string]string{"/tmp/evil.go": ab}, exs: two, err: "leaves its folder"},
		{name: "zip bomb", zip: map[string]string{"02-alphabeta/big.go": strings.Repeat("x", MaxZipBytes+1)}, exs: two, err: "more than 64 MiB"},
		{name: "not a zip", zip: nil, files: map[string]string{"x.zip": "PK\x03\x04"}, exs: two, err: "a zip file that cannot be unpacked"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			sub := filepath.Join(dir, "sub")
			writeFiles(t, sub, tc.files)
			if tc.zip != nil {
				sub = filepath.Join(dir, "sub.zip")
				os.WriteFile(sub, zipOf(t, tc.zip), 0o644)
			}
			base, tmp, note, err := locate(sub, tc.exs, pkgs)
			if tmp != "" {
				defer os.RemoveAll(tmp)
			}
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("err %v, want %q", err, tc.err)
				}
				if _, e := os.Stat(filepath.Join(dir, "evil.go")); e == nil {
					t.Error("a file escaped the zip's folder")
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			filepath.WalkDir(base, func(p string, d os.DirEntry, err error) error {
				if err == nil && !d.IsDir() {
					rel, _ := filepath.Rel(base, p)
					got = append(got, filepath.ToSlash(rel))
				}
				return nil
			})
			if strings.Join(got, " ") != strings.Join(tc.want, " ") {
				t.Errorf("found %v under %s, want %v", got, base, tc.want)
			}
			if !strings.Contains(note, tc.note) || (tc.note == "" && note != "") {
				t.Errorf("note %q, want %q", note, tc.note)
			}
		})
	}
	// A loose file that is a link is not followed.
	link := t.TempDir()
	os.Symlink("/etc/passwd", filepath.Join(link, "alphabeta.go"))
	if _, _, _, err := locate(link, two, pkgs); err == nil || !strings.Contains(err.Error(), "no exercise folders") {
		t.Errorf("a link as a loose file: %v", err)
	}
	// A zip with more entries than the bound is refused before unpacking.
	many := map[string]string{}
	for i := range MaxZipFiles + 1 {
		many[fmt.Sprintf("02-alphabeta/f%d.go", i)] = ""
	}
	z := filepath.Join(t.TempDir(), "many.zip")
	os.WriteFile(z, zipOf(t, many), 0o644)
	if _, _, _, err := locate(z, two, pkgs); err == nil || !strings.Contains(err.Error(), "files in the zip") {
		t.Errorf("%d files: %v", len(many), err)
	}
}

// Grading a loose solution file of 02 (as Gradescope's upload gives it)
// and the same in a zip scores it full; the unpacked copy is removed.
func TestGradeLooseAndZip(t *testing.T) {
	if testing.Short() {
		t.Skip("builds an exercise")
	}
	key, err := os.ReadFile("../../solutions/02-alphabeta/alphabeta.go")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	loose := filepath.Join(dir, "upload")
	writeFiles(t, loose, map[string]string{"alphabeta.go": string(key)})
	zipped := filepath.Join(dir, "upload.zip")
	os.WriteFile(zipped, zipOf(t, map[string]string{"cutoff/exercises/02-alphabeta/alphabeta.go": string(key)}), 0o644)
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp) // its own: other packages' tests unpack too
	if os.Geteuid() == 0 {
		// As root the grader runs the code as nobody, who must be able to
		// enter the temporary folder (as /tmp). The test's folders are 0700:
		// that is said in one line; opened, the grading goes on.
		res, err := Grade(context.Background(), loose, Options{Module: "../..", Only: regexp.MustCompile("^02"), Unsandboxed: true, Jobs: 1})
		if err != nil || len(res.Exercises) != 1 || !strings.Contains(res.Exercises[0].Error, "set TMPDIR to a folder others may enter") {
			t.Errorf("a closed TMPDIR as root: %v %+v", err, res.Exercises)
		}
		for _, d := range []string{tmp, filepath.Dir(tmp)} {
			os.Chmod(d, 0o755)
		}
	}
	before, _ := filepath.Glob(filepath.Join(os.TempDir(), "cutoff-submission-*"))
	for _, sub := range []string{loose, zipped, filepath.Join(loose, "alphabeta.go")} {
		res, err := Grade(context.Background(), sub, Options{Module: "../..", Only: regexp.MustCompile("^02"), Unsandboxed: true, Jobs: 1})
		if err != nil {
			t.Fatal(err)
		}
		if got, max := res.Score(); got != 100 || max != 100 || res.Error != "" {
			t.Errorf("%s: %d/%d %q", filepath.Base(sub), got, max, res.Error)
		}
		// How it was read is the submission's Layout, not a problem of an
		// exercise (the gradebook's problems column lists those).
		if res.Layout == "" || len(res.Exercises[0].Notes) > 0 {
			t.Errorf("%s: layout %q, notes %q; want the layout said and no note", filepath.Base(sub), res.Layout, res.Exercises[0].Notes)
		}
	}
	after, _ := filepath.Glob(filepath.Join(os.TempDir(), "cutoff-submission-*"))
	if len(after) > len(before) {
		t.Errorf("unpacked copies left behind: %v", after)
	}
}
