package autograde

import (
	"archive/zip"
	"errors"
	"fmt"
	"go/parser"
	"go/token"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/cutoff-go/cutoff/exercises/checks"
	"github.com/cutoff-go/cutoff/internal/modroot"
)

// ModuleRoot finds the cutoff module at or above dir (modroot.Find) that
// holds the grader, exercises/checks: the Options.Module that grades.
// Given more folders, it returns the first one's that is in one.
func ModuleRoot(dirs ...string) (string, bool) {
	for _, dir := range dirs {
		root, err := modroot.Find(dir)
		if err != nil {
			continue
		}
		if _, err = os.Stat(filepath.Join(root, "exercises", "checks")); err == nil {
			return root, true
		}
	}
	return "", false
}

// ParseSize reads an Options.Memory: 512MiB, 2GiB, 1G, 300M or a number
// of bytes, between 64 MiB and 1 TiB.
func ParseSize(v string) (int64, error) {
	s := strings.TrimSpace(v)
	mult := int64(1)
	for _, u := range []struct {
		suffix string
		mult   int64
	}{{"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}, {"GB", 1e9}, {"MB", 1e6}, {"G", 1 << 30}, {"M", 1 << 20}, {"K", 1 << 10}} {
		if strings.HasSuffix(s, u.suffix) {
			s, mult = strings.TrimSuffix(s, u.suffix), u.mult
			break
		}
	}
	n, err := strconv.ParseFloat(s, 64)
	if err != nil || n <= 0 || n*float64(mult) < 64<<20 || n*float64(mult) > 1<<40 {
		return 0, fmt.Errorf("%q: want a size between 64MiB and 1TiB, such as 512MiB or 2GiB", v)
	}
	return int64(n * float64(mult)), nil
}

// What a submission may be, besides a folder of exercise folders, and the
// bounds on finding and unpacking it.
const (
	// SearchDepth is how deep under a submission's folder the exercise
	// folders are looked for: an LMS export nests them
	// (Dave Smith_123_assignsubmission_file_/cutoff-dave/exercises/02-alphabeta).
	SearchDepth = 4
	// searchDirs bounds the folders looked into.
	searchDirs = 2000
	// MaxZipBytes and MaxZipFiles bound what a submitted .zip unpacks to.
	MaxZipBytes = 64 << 20
	MaxZipFiles = 2000
)

// Layouts states the submission layouts a grader accepts, for the guides.
const Layouts = "a folder holding the exercise folders (NN-topic/), at most 4 levels down (a repository, an LMS export); one exercise folder; " +
	"loose .go files (each goes to the exercise its package clause names, or to the one exercise graded); a .zip of any of these"

// locate finds where a submission's exercise folders are: path is a
// folder (the exercise folders in it or up to SearchDepth levels down), a
// .zip (unpacked, bounded), or loose .go files (in path, or path itself),
// laid out as exercise folders by their package clause — or as the one
// exercise exs holds. It returns the folder of exercise folders, the
// temporary folder it made (the caller removes it; "" when none) and a
// note on what it did ("" when nothing); an error says why nothing was
// found. exs are the exercises graded, pkgs the package name of each.
func locate(path string, exs []checks.Exercise, pkgs map[string]string) (base, tmp, note string, err error) {
	has := func(d string) bool {
		for _, e := range checks.Exercises() {
			if st, err := os.Stat(filepath.Join(d, e.Dir)); err == nil && st.IsDir() {
				return true
			}
		}
		return false
	}
	st, err := os.Stat(path)
	if err != nil {
		return "", "", "", errors.New("no such file or folder")
	}
	mk := func() error {
		if tmp == "" {
			tmp, err = os.MkdirTemp("", "cutoff-submission-")
		}
		return err
	}
	fail := func(e error) (string, string, string, error) {
		if tmp != "" {
			os.RemoveAll(tmp)
		}
		return "", "", "", e
	}
	var looseDir string // a folder of loose .go files to lay out
	var looseFiles []string
	switch {
	case st.IsDir():
		if has(path) {
			return path, "", "", nil
		}
		found, zips, goDir := search(path, has)
		if found != "" {
			return found, "", "", nil // a repository's or an LMS's layout: nothing to note
		}
		switch {
		case len(zips) > 0:
			if err := mk(); err != nil {
				return fail(err)
			}
			if err := unzip(zips[0], filepath.Join(tmp, "zip")); err != nil {
				rel, _ := filepath.Rel(path, zips[0])
				return fail(fmt.Errorf("%s: %v", filepath.ToSlash(rel), err))
			}
			rel, _ := filepath.Rel(path, zips[0])
			note = "unpacked " + filepath.ToSlash(rel)
			if b, found, _ := findIn(filepath.Join(tmp, "zip"), has); found {
				return b, tmp, note, nil
			} else if b != "" {
				looseDir = b
			}
		case goDir != "":
			looseDir = goDir
		}
	case strings.HasSuffix(strings.ToLower(path), ".zip"):
		if err := mk(); err != nil {
			return fail(err)
		}
		if err := unzip(path, filepath.Join(tmp, "zip")); err != nil {
			return fail(err)
		}
		note = "unpacked " + filepath.Base(path)
		if b, found, _ := findIn(filepath.Join(tmp, "zip"), has); found {
			return b, tmp, note, nil
		} else if b != "" {
			looseDir = b
		}
	case strings.HasSuffix(path, ".go"):
		looseFiles = []string{path}
	default:
		return fail(errors.New("not a folder, a .zip or a .go file"))
	}
	if looseDir != "" {
		looseFiles, _ = filepath.Glob(filepath.Join(looseDir, "*.go"))
	}
	looseFiles = slices.DeleteFunc(looseFiles, func(f string) bool {
		st, err := os.Lstat(f)
		return err != nil || !st.Mode().IsRegular() // a link could name any file of the grader's
	})
	if len(looseFiles) == 0 {
		return fail(errors.New("no exercise folders (01-minimax … 09-player), .go files or .zip in it"))
	}
	if err := mk(); err != nil {
		return fail(err)
	}
	out := filepath.Join(tmp, "loose")
	var placed []string
	for _, f := range looseFiles {
		ex := exerciseOf(f, exs, pkgs)
		if ex == "" {
			continue
		}
		if err := os.MkdirAll(filepath.Join(out, ex), 0o755); err != nil {
			return fail(err)
		}
		if err := copyFile(f, filepath.Join(out, ex, filepath.Base(f))); err != nil {
			return fail(err)
		}
		placed = append(placed, filepath.Base(f)+" → "+ex)
	}
	if len(placed) == 0 {
		return fail(errors.New("its .go files name no exercise's package (package alphabeta is 02-alphabeta's)"))
	}
	if note != "" {
		note += "; "
	}
	return out, tmp, note + "loose files laid out as exercise folders: " + strings.Join(placed, ", "), nil
}

// exerciseOf names the exercise a loose .go file belongs to: the one whose
// package its package clause names, else the one exercise graded.
func exerciseOf(f string, exs []checks.Exercise, pkgs map[string]string) string {
	if af, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.PackageClauseOnly); err == nil {
		for _, e := range exs {
			if pkgs[e.Dir] == af.Name.Name {
				return e.Dir
			}
		}
	}
	if len(exs) == 1 {
		return exs[0].Dir
	}
	return ""
}

// search looks under dir, breadth first to SearchDepth levels, for the
// shallowest folder that holds exercise folders (one named exercises,
// else the first by name at that depth), and notes the .zip files and the shallowest folder of .go
// files on the way. Hidden folders and __MACOSX are skipped.
func search(dir string, has func(string) bool) (found string, zips []string, goDir string) {
	level := []string{dir}
	seen := 0
	for depth := 0; depth <= SearchDepth && len(level) > 0; depth++ {
		if depth > 0 {
			// A copy of the whole project also holds solutions/: its
			// exercises/ comes first.
			var hits []string
			for _, d := range level {
				if has(d) {
					hits = append(hits, d)
				}
			}
			if i := slices.IndexFunc(hits, func(d string) bool { return filepath.Base(d) == "exercises" }); i >= 0 {
				return hits[i], nil, ""
			}
			if len(hits) > 0 {
				return hits[0], nil, ""
			}
		}
		var next []string
		for _, d := range level {
			if seen++; seen > searchDirs {
				return "", zips, goDir
			}
			entries, _ := os.ReadDir(d)
			for _, e := range entries {
				name := e.Name()
				if strings.HasPrefix(name, ".") || name == "__MACOSX" {
					continue
				}
				switch {
				case e.IsDir():
					next = append(next, filepath.Join(d, name))
				case e.Type().IsRegular() && strings.HasSuffix(strings.ToLower(name), ".zip"):
					zips = append(zips, filepath.Join(d, name))
				case e.Type().IsRegular() && strings.HasSuffix(name, ".go") && goDir == "":
					goDir = d
				}
			}
		}
		level = next
	}
	return "", zips, goDir
}

// findIn is search for an unpacked zip: the folder of exercise folders
// (found), else the folder of its loose .go files.
func findIn(dir string, has func(string) bool) (string, bool, error) {
	if has(dir) {
		return dir, true, nil
	}
	found, _, goDir := search(dir, has)
	if found != "" {
		return found, true, nil
	}
	return goDir, false, nil
}

// unzip unpacks the zip file src into dst, refusing what could harm:
// a name that leaves dst (absolute, or with ..), more than MaxZipFiles
// entries, more than MaxZipBytes unpacked (counted as written, whatever
// the headers say). Links and special files are skipped.
func unzip(src, dst string) error {
	r, err := zip.OpenReader(src)
	if err != nil {
		return fmt.Errorf("a zip file that cannot be unpacked: %v", err)
	}
	defer r.Close()
	if len(r.File) > MaxZipFiles {
		return fmt.Errorf("%d files in the zip: at most %d", len(r.File), MaxZipFiles)
	}
	var total int64
	for _, f := range r.File {
		name := filepath.FromSlash(strings.ReplaceAll(f.Name, `\`, "/"))
		if !filepath.IsLocal(name) {
			return fmt.Errorf("the zip's entry %q leaves its folder: refused", f.Name)
		}
		target := filepath.Join(dst, name)
		mode := f.Mode()
		switch {
		case mode.IsDir():
			if err := os.MkdirAll(target, 0o755); err != nil {
				return err
			}
			continue
		case !mode.IsRegular():
			continue
		}
		if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
			return err
		}
		rc, err := f.Open()
		if err != nil {
			return fmt.Errorf("the zip's entry %q: %v", f.Name, err)
		}
		out, err := os.OpenFile(target, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if err != nil {
			rc.Close()
			return fmt.Errorf("the zip's entry %q: %v", f.Name, err)
		}
		n, err := io.Copy(out, io.LimitReader(rc, MaxZipBytes-total+1))
		rc.Close()
		out.Close()
		if total += n; total > MaxZipBytes {
			return fmt.Errorf("the zip unpacks to more than %d MiB: refused", MaxZipBytes>>20)
		}
		if err != nil {
			return fmt.Errorf("the zip's entry %q: %v", f.Name, err)
		}
	}
	return nil
}

// cleanup removes the folder the submission was unpacked into.
func (r *Result) cleanup() {
	if r.tmp != "" {
		os.RemoveAll(r.tmp)
		r.tmp = ""
	}
}

// packages returns the package name of each exercise opt grades (from the
// module's test files), for laying out loose files.
func (o *Options) packages() map[string]string {
	m := map[string]string{}
	for _, e := range o.exercises() {
		if p, err := testPackage(filepath.Join(o.Module, "exercises", e.Dir)); err == nil {
			m[e.Dir] = p
		}
	}
	return m
}

// Unpacked lays out a graded submission again as grading read it (a .zip
// unpacked, loose .go files laid out as exercise folders, a nested folder
// found): it returns the folder that holds r's exercise folders, and a
// function that removes what it made. module is the module that graded r
// (its exercises give the loose files' package names). A class report reads
// the code there, since grading removed its own copy.
func Unpacked(r *Result, module string) (base string, done func(), err error) {
	var exs []checks.Exercise
	pkgs := map[string]string{}
	for _, e := range checks.Exercises() {
		if slices.ContainsFunc(r.Exercises, func(x *ExerciseResult) bool { return x.Exercise == e.Dir }) {
			exs = append(exs, e)
			if p, err := testPackage(filepath.Join(module, "exercises", e.Dir)); err == nil {
				pkgs[e.Dir] = p
			}
		}
	}
	b, tmp, _, err := locate(r.Dir, exs, pkgs)
	if err != nil {
		return "", func() {}, err
	}
	return b, func() {
		if tmp != "" {
			os.RemoveAll(tmp)
		}
	}, nil
}
