package site

import (
	"regexp"
	"strings"

	"golang.org/x/net/html"
)

// notebookNameRE is a notebook's file name, the whole text of a code span:
// 02-alphabeta.ipynb.
var notebookNameRE = regexp.MustCompile(`^([0-9][0-9]-[A-Za-z0-9_.-]+|interactive)\.ipynb$`)

// linkNotebookNames links the code spans of h (rendered markdown, a page)
// that name a notebook of the site to its page, outside links;
// interactive.ipynb, which is not on the site, to the players page. h is
// read with x/net/html's tokenizer and copied byte for byte around the
// links it adds.
func linkNotebookNames(h string, built map[string]bool) string {
	type tok struct {
		typ  html.TokenType
		name string // a tag's
		raw  string
	}
	var toks []tok
	z := html.NewTokenizer(strings.NewReader(h))
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			break // io.EOF: the tokenizer reads any string to its end
		}
		t := tok{typ: tt, raw: string(z.Raw())}
		if tt == html.StartTagToken || tt == html.EndTagToken {
			name, _ := z.TagName()
			t.name = string(name)
		}
		toks = append(toks, t)
	}
	var b strings.Builder
	inLink := 0
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		switch {
		case t.typ == html.StartTagToken && t.name == "a":
			inLink++
		case t.typ == html.EndTagToken && t.name == "a":
			inLink = max(inLink-1, 0)
		case t.typ == html.StartTagToken && t.name == "code" && inLink == 0 && i+2 < len(toks) &&
			toks[i+1].typ == html.TextToken && toks[i+2].typ == html.EndTagToken && toks[i+2].name == "code":
			m := notebookNameRE.FindStringSubmatch(toks[i+1].raw)
			if m == nil {
				break
			}
			href := m[1] + ".html"
			if m[1] == "interactive" { // needs a kernel: the site's players show its searches
				href = "players.html"
			} else if !built[m[1]] {
				break
			}
			b.WriteString(`<a href="` + href + `">` + t.raw + toks[i+1].raw + toks[i+2].raw + "</a>")
			i += 2
			continue
		}
		b.WriteString(t.raw)
	}
	return b.String()
}
