package nbhtml

import (
	"go/scanner"
	"go/token"
	"html"
	"sort"
	"strings"
)

// span is a highlighted stretch of a cell's source: src[start:end] in a
// <span class="class">.
type span struct {
	start, end int
	class      string
}

// Highlight returns a code cell's source as HTML with comments, strings
// and runes, numbers, keywords and GoNB's special lines (%%, %flags,
// !shell) marked with spans of classes c, s, n, k and m. The Go is read by
// go/scanner: what it does not accept (a cell in the middle of an edit)
// is plain text, and a special line is one that starts, after blanks,
// with % or ! (GoNB reads it so even inside a raw string).
func Highlight(src string) string {
	var spans []span
	// The special lines are blanked out for the scanner, offsets kept.
	code := []byte(src)
	for start := 0; start < len(src); {
		end := strings.IndexByte(src[start:], '\n')
		if end < 0 {
			end = len(src)
		} else {
			end += start
		}
		if rest := strings.TrimLeft(src[start:end], " \t"); strings.HasPrefix(rest, "%") || strings.HasPrefix(rest, "!") {
			spans = append(spans, span{start, end, "m"})
			for i := start; i < end; i++ {
				code[i] = ' '
			}
		}
		start = end + 1
	}
	fset := token.NewFileSet()
	file := fset.AddFile("cell.go", -1, len(code))
	var s scanner.Scanner
	s.Init(file, code, func(token.Position, string) {}, scanner.ScanComments)
	for {
		pos, tok, lit := s.Scan()
		if tok == token.EOF {
			break
		}
		start := file.Offset(pos)
		end := start + len(lit)
		class := ""
		switch {
		case tok == token.COMMENT:
			class, end = "c", literalEnd(src, start, len(lit))
		case tok == token.STRING || tok == token.CHAR:
			class, end = "s", literalEnd(src, start, len(lit))
		case tok == token.INT || tok == token.FLOAT || tok == token.IMAG:
			class = "n"
		case tok.IsKeyword():
			class, end = "k", start+len(tok.String())
		}
		if class != "" && end > start {
			spans = append(spans, span{start, end, class})
		}
	}
	sort.Slice(spans, func(i, j int) bool { return spans[i].start < spans[j].start })
	var b strings.Builder
	last := 0
	for _, sp := range spans {
		if sp.start < last {
			continue
		}
		b.WriteString(html.EscapeString(src[last:sp.start]))
		b.WriteString(`<span class="` + sp.class + `">` + html.EscapeString(src[sp.start:sp.end]) + "</span>")
		last = sp.end
	}
	b.WriteString(html.EscapeString(src[last:]))
	return b.String()
}

// literalEnd is where a comment or a string literal starting at start ends
// in src. go/scanner drops carriage returns from raw strings and comments,
// so their literal may be shorter than the source.
func literalEnd(src string, start, n int) int {
	rest := src[start:]
	switch {
	case strings.HasPrefix(rest, "`"):
		if k := strings.IndexByte(rest[1:], '`'); k >= 0 {
			return start + k + 2
		}
		return len(src)
	case strings.HasPrefix(rest, "/*"):
		if k := strings.Index(rest[2:], "*/"); k >= 0 {
			return start + k + 4
		}
		return len(src)
	case strings.HasPrefix(rest, "//"):
		if k := strings.IndexByte(rest, '\n'); k >= 0 {
			return start + k
		}
		return len(src)
	}
	return min(start+n, len(src))
}
