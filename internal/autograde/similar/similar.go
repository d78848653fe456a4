// Package similar measures how alike submissions' code is, as a signal
// for a person to read, never as a verdict: a class report lists the pairs
// of students whose code for an exercise is unusually alike, and those
// whose code is unusually like the key (solutions/).
//
// The code is compared as Go syntax, not text: each exercise folder's
// non-test files are parsed (go/parser), the comments, the formatting, the
// package clause and the imports dropped, and every identifier the
// submission chose (its functions, variables, parameters, types)
// renamed by where it first appears in its top-level declaration (id0,
// id1, …); the language's predeclared names (len, max, int, nil …) and the
// names after a dot (n.Children, grade.Inf) are kept. Renaming variables,
// reformatting, rewriting comments or reordering functions therefore does
// not hide a copy. What remains is a sequence of tokens; two submissions'
// similarity is the Jaccard index of their sets of K-token runs (shingles),
// leaving out the runs the exercise's stub already has (the code everyone
// was given): 1 for the same code, near 0 for code written apart.
package similar

import (
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/printer"
	"go/scanner"
	"go/token"
	"go/types"
	"hash/fnv"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// K is the length of the token runs compared.
const K = 6

// Code is one exercise folder's code, normalised: its token runs.
type Code struct {
	Tokens int                 // the normalised tokens
	runs   map[uint64]struct{} // hashes of the K-token runs
}

// MaxBytes bounds the code Load reads from a folder: a submission past it
// is not compared (an exercise's solution is a few KiB).
const MaxBytes = 1 << 20

// Load reads the non-test .go files of dir and normalises them; files
// that do not parse, or more than MaxBytes of them, are an error (such a
// submission is left out).
func Load(dir string) (*Code, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return nil, err
	}
	src := map[string][]byte{}
	total := int64(0)
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		st, err := os.Stat(f)
		if err != nil || !st.Mode().IsRegular() {
			continue
		}
		if total += st.Size(); total > MaxBytes {
			return nil, fmt.Errorf("more than %d KiB of Go files: not compared", MaxBytes>>10)
		}
		b, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		src[filepath.Base(f)] = b
	}
	if len(src) == 0 {
		return nil, fmt.Errorf("%s: no Go files", dir)
	}
	return Parse(src)
}

// Parse normalises the Go files src (file name → contents) of one package.
func Parse(src map[string][]byte) (*Code, error) {
	names := make([]string, 0, len(src))
	for n := range src {
		names = append(names, n)
	}
	slices.Sort(names)
	var toks []string
	for _, n := range names {
		t, err := normalise(n, src[n])
		if err != nil {
			return nil, err
		}
		toks = append(toks, t...)
	}
	c := &Code{Tokens: len(toks), runs: map[uint64]struct{}{}}
	for i := 0; i+K <= len(toks); i++ {
		h := fnv.New64a()
		for _, t := range toks[i : i+K] {
			h.Write([]byte(t))
			h.Write([]byte{0})
		}
		c.runs[h.Sum64()] = struct{}{}
	}
	return c, nil
}

// normalise returns a file's tokens: its declarations but the imports,
// with no comments, and its own identifiers renamed.
func normalise(name string, src []byte) ([]string, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, src, parser.SkipObjectResolution)
	if err != nil {
		var list scanner.ErrorList
		if errors.As(err, &list) && len(list) > 0 {
			return nil, list[0]
		}
		return nil, err
	}
	imported := map[string]string{} // the name a file gives a package → its path's last element
	for _, im := range f.Imports {
		p := strings.Trim(im.Path.Value, `"`)
		base := p[strings.LastIndex(p, "/")+1:]
		if im.Name != nil {
			imported[im.Name.Name] = base
		} else {
			imported[base] = base
		}
	}
	var toks []string
	for _, d := range f.Decls {
		if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.IMPORT {
			continue
		}
		rename(d, imported)
		var b strings.Builder
		if err := (&printer.Config{Mode: printer.RawFormat}).Fprint(&b, token.NewFileSet(), d); err != nil {
			return nil, err
		}
		toks = append(toks, scan(b.String())...)
	}
	return toks, nil
}

// rename gives the identifiers a declaration chose names by their first
// appearance in it; predeclared names and the names after a dot stay, and
// an imported package is named by its path (an alias is undone).
func rename(d ast.Decl, imported map[string]string) {
	ids := map[string]string{}
	keep := map[*ast.Ident]bool{}
	ast.Inspect(d, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SelectorExpr:
			keep[n.Sel] = true
			if x, ok := n.X.(*ast.Ident); ok && imported[x.Name] != "" {
				keep[x] = true
				x.Name = imported[x.Name]
			}
		case *ast.Ident:
			if keep[n] || n.Name == "_" || types.Universe.Lookup(n.Name) != nil {
				return true
			}
			id, ok := ids[n.Name]
			if !ok {
				id = fmt.Sprintf("id%d", len(ids))
				ids[n.Name] = id
			}
			n.Name = id
		}
		return true
	})
}

// scan returns the tokens of Go source text.
func scan(src string) []string {
	var s scanner.Scanner
	fset := token.NewFileSet()
	s.Init(fset.AddFile("", fset.Base(), len(src)), []byte(src), nil, 0)
	var out []string
	for {
		_, tok, lit := s.Scan()
		if tok == token.EOF {
			return out
		}
		if tok == token.SEMICOLON && lit == "\n" {
			continue // an inserted semicolon: layout, not code
		}
		if lit != "" {
			out = append(out, lit)
		} else {
			out = append(out, tok.String())
		}
	}
}

// Similarity is the Jaccard index of a's and b's token runs, leaving out
// those of base (the stub; nil: none): in [0, 1]. Code with no run of its
// own (the stub as given, or nearly) is similar to nothing: 0.
func Similarity(a, b, base *Code) float64 {
	own := func(c *Code) map[uint64]struct{} {
		if base == nil {
			return c.runs
		}
		m := map[uint64]struct{}{}
		for h := range c.runs {
			if _, ok := base.runs[h]; !ok {
				m[h] = struct{}{}
			}
		}
		return m
	}
	x, y := own(a), own(b)
	if len(x) < MinRuns || len(y) < MinRuns {
		return 0
	}
	both := 0
	for h := range x {
		if _, ok := y[h]; ok {
			both++
		}
	}
	return float64(both) / float64(len(x)+len(y)-both)
}

// MinRuns is how many runs of its own code needs to be compared at all:
// fewer is the stub, or a line of it changed.
const MinRuns = 8

// Own is how many of c's token runs base does not have.
func Own(c, base *Code) int {
	n := 0
	for h := range c.runs {
		if base == nil {
			n++
		} else if _, ok := base.runs[h]; !ok {
			n++
		}
	}
	return n
}

// Pair is two submissions' similarity on an exercise; B is "key" for the
// key.
type Pair struct {
	Exercise   string  `json:"exercise"`
	A          string  `json:"a"`
	B          string  `json:"b"`
	Similarity float64 `json:"similarity"`
}

// Key names the key in a Pair.
const Key = "(key)"

// Compare returns the pairs of codes (name → code) whose similarity is at
// least threshold, each with key (nil: none) too, most alike first (ties
// by name); stub is the exercise's stub, whose runs are left out.
func Compare(exercise string, codes map[string]*Code, key, stub *Code, threshold float64) []Pair {
	names := make([]string, 0, len(codes))
	for n := range codes {
		names = append(names, n)
	}
	slices.Sort(names)
	var out []Pair
	for i, a := range names {
		if key != nil {
			if s := Similarity(codes[a], key, stub); s >= threshold {
				out = append(out, Pair{exercise, a, Key, s})
			}
		}
		for _, b := range names[i+1:] {
			if s := Similarity(codes[a], codes[b], stub); s >= threshold {
				out = append(out, Pair{exercise, a, b, s})
			}
		}
	}
	slices.SortStableFunc(out, func(p, q Pair) int {
		if p.Similarity != q.Similarity {
			if p.Similarity > q.Similarity {
				return -1
			}
			return 1
		}
		return strings.Compare(p.A+"\x00"+p.B, q.A+"\x00"+q.B)
	})
	return out
}
