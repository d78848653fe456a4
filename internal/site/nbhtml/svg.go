package nbhtml

import (
	"errors"
	"fmt"
	"html/template"
	"io"
	"path"
	"slices"
	"strings"

	"golang.org/x/net/html"
)

// extractSVGs returns the HTML of an output with every top-level <svg>
// element inline in a figure with an "SVG" download link, and records each
// as a file of page.Figures. The HTML is read by x/net/html's tokenizer
// and copied byte for byte: the text of <script> and <style> (where players
// keep their frames) is not markup, and a quiz's or a player's element is
// left whole (a quiz's reveal picture is the answer). The XML declaration,
// DOCTYPE and comments right before an <svg>, which inline SVG must not
// have, are dropped.
func extractSVGs(h string, page *Page, stem string) (string, error) {
	var out strings.Builder
	var pending []pendingToken // the prolog candidates since the last other token
	flush := func() {
		for _, t := range pending {
			out.WriteString(t.raw)
		}
		pending = pending[:0]
	}
	z := html.NewTokenizer(strings.NewReader(h))
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			if err := z.Err(); !errors.Is(err, io.EOF) {
				return "", err
			}
			break
		}
		raw := string(z.Raw())
		switch tt {
		case html.CommentToken, html.DoctypeToken:
			pending = append(pending, pendingToken{raw, true})
			continue
		case html.TextToken:
			if strings.TrimSpace(raw) == "" {
				pending = append(pending, pendingToken{raw, false})
				continue
			}
		case html.StartTagToken, html.SelfClosingTagToken:
			name, hasAttr := z.TagName()
			switch {
			case string(name) == "svg":
				// Drop the prolog in front of this <svg>: from its first
				// declaration, DOCTYPE or comment on.
				if k := slices.IndexFunc(pending, func(t pendingToken) bool { return t.prolog }); k >= 0 {
					pending = pending[:k]
				}
				flush()
				svg := raw
				if tt == html.StartTagToken {
					rest, err := elementRest(z, "svg")
					if err != nil {
						return "", err
					}
					svg += rest
				}
				fig := figureFor(stem, len(page.Figures)+1, svg)
				page.Figures = append(page.Figures, fig)
				if err := cells.ExecuteTemplate(&out, "figure", struct {
					SVG        template.HTML
					Path, File string
				}{template.HTML(svg), fig.Path, path.Base(fig.Path)}); err != nil {
					return "", err
				}
				continue
			case tt == html.StartTagToken && hasAttr && keepWhole(z):
				flush()
				rest, err := elementRest(z, string(name))
				if err != nil {
					return "", err
				}
				out.WriteString(raw + rest)
				continue
			}
		}
		flush()
		out.WriteString(raw)
	}
	flush()
	return out.String(), nil
}

// pendingToken is a token kept until the next tells whether it is an <svg>'s
// prolog: a comment or DOCTYPE (prolog), or white space.
type pendingToken struct {
	raw    string
	prolog bool
}

// keepWhole reports whether the start tag z just read has a class of
// cutoff-quiz or cutoff-player: a quiz (pkg/quiz) or a player
// (pkg/render), whose pictures are not figures of the page.
func keepWhole(z *html.Tokenizer) bool {
	for {
		key, val, more := z.TagAttr()
		if string(key) == "class" && slices.ContainsFunc(strings.Fields(string(val)), func(c string) bool {
			return c == "cutoff-quiz" || c == "cutoff-player"
		}) {
			return true
		}
		if !more {
			return false
		}
	}
}

// elementRest returns the raw HTML after the start tag of a name element
// that z just read, up to and with the end tag that closes it (nested
// elements of its name counted).
func elementRest(z *html.Tokenizer, name string) (string, error) {
	var b strings.Builder
	depth := 1
	foreign := name == "svg"
	for depth > 0 {
		// Inside SVG, CDATA sections are text and <title> or <style> is
		// markup, as the HTML parser reads foreign content.
		z.AllowCDATA(foreign)
		tt := z.Next()
		if tt == html.ErrorToken {
			z.AllowCDATA(false)
			if err := z.Err(); !errors.Is(err, io.EOF) {
				return "", err
			}
			if name == "svg" {
				return "", errors.New("an <svg> element has no </svg>")
			}
			return "", fmt.Errorf("a <%s class=...> element is not closed", name)
		}
		b.Write(z.Raw())
		if tt == html.StartTagToken || tt == html.EndTagToken {
			tn, _ := z.TagName()
			switch {
			case tt == html.StartTagToken && string(tn) == name:
				depth++
			case tt == html.EndTagToken && string(tn) == name:
				depth--
			}
		}
		if foreign && tt == html.StartTagToken {
			z.NextIsNotRawText()
		}
	}
	z.AllowCDATA(false)
	return b.String(), nil
}
