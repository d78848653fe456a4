package main

import (
	"bytes"
	"fmt"
	"html"
	"path"
	"regexp"
	"strconv"
	"strings"
	"unicode"

	"github.com/cutoff-go/cutoff/internal/ipynb"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	gmhtml "github.com/yuin/goldmark/renderer/html"
	"github.com/yuin/goldmark/text"
)

// This file turns an executed notebook (nbformat 4 JSON) into the HTML of a
// page of the static site that cutoff site writes: markdown cells rendered,
// code cells with their outputs, and every picture also kept as an SVG file
// of its own. It knows the .ipynb format (read by internal/ipynb, as the
// notebooks' tests read it) but nothing of Python: executing the notebooks
// is site.go's business.

// parseNotebook reads an .ipynb file's content; name is for messages.
func parseNotebook(name string, b []byte) (*ipynb.Notebook, error) {
	nb, err := ipynb.Parse(b)
	if err != nil {
		return nil, fmt.Errorf("%s: not a notebook: %v", name, err)
	}
	return nb, nil
}

// cellFailure is a cell of an executed notebook that failed: an error
// output, something on stderr, or a cell that was not run. Its message names
// the notebook and the cell (its index, from 0 as nbformat counts, and its
// first line).
type cellFailure struct {
	notebook string // file name, e.g. 02-alphabeta.ipynb
	index    int
	first    string
	what     string
}

func (e *cellFailure) Error() string {
	return fmt.Sprintf("%s: cell %d (%q) %s", e.notebook, e.index, e.first, e.what)
}

// checkCells returns the first failing cell of an executed notebook, as
// notebooks_test.go's check finds them: an error output, a stderr stream, or
// a code cell with source that has no execution count.
func checkCells(file string, nb *ipynb.Notebook) error {
	for i, c := range nb.Cells {
		if c.CellType != "code" || strings.TrimSpace(string(c.Source)) == "" {
			continue
		}
		fail := func(what string) error {
			return &cellFailure{notebook: file, index: i, first: cellFirstLine(string(c.Source)), what: what}
		}
		for _, o := range c.Outputs {
			switch {
			case o.OutputType == "error":
				msg := strings.Join(strings.Fields(stripANSI(o.EValue)), " ")
				if len(msg) > 300 {
					msg = msg[:300] + "…"
				}
				return fail(fmt.Sprintf("failed: %s: %s", o.EName, msg))
			case o.OutputType == "stream" && o.Name == "stderr":
				return fail(fmt.Sprintf("wrote to stderr: %s", firstNonEmpty(stripANSI(string(o.Text)))))
			}
		}
		if ec := strings.TrimSpace(string(c.ExecutionCount)); ec == "" || ec == "null" {
			return fail("was not executed")
		}
	}
	return nil
}

// cellFirstLine is a cell's first line that says something (not the "%%"
// of a GoNB cell), cut to 50 characters.
func cellFirstLine(src string) string {
	for _, l := range strings.Split(src, "\n") {
		if l = strings.TrimSpace(l); l != "" && l != "%%" {
			if r := []rune(l); len(r) > 50 {
				l = string(r[:50]) + "…"
			}
			return l
		}
	}
	return ""
}

func firstNonEmpty(s string) string {
	for _, l := range strings.Split(s, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			if r := []rune(l); len(r) > 200 {
				l = string(r[:200]) + "…"
			}
			return l
		}
	}
	return ""
}

var ansiRE = regexp.MustCompile(`\x1b\[[0-9;]*[A-Za-z]`)

func stripANSI(s string) string { return ansiRE.ReplaceAllString(s, "") }

// siteFigure is a picture of a page, written as a file of its own.
type siteFigure struct {
	Path string // relative to the site's root: figures/02-alphabeta/01-fig-6-8.svg
	SVG  []byte // a standalone SVG file
}

// convertedPage is one notebook turned into HTML.
type convertedPage struct {
	Body    string // the cells, as HTML for the page's <main>
	Figures []siteFigure
}

// siteLinks maps the relative links a notebook's markdown may hold
// (SOURCES.md, 03-negamax.ipynb, README.md) to the site's pages. A relative
// link that is not in the map points into the repository, which the site
// does not hold: it is shown as text.
type siteLinks map[string]string

// convertNotebook renders an executed notebook's cells. stem is the
// notebook's name without .ipynb (02-alphabeta): its pictures go to
// figures/<stem>/.
func convertNotebook(stem string, nb *ipynb.Notebook, links siteLinks) (*convertedPage, error) {
	var b strings.Builder
	page := &convertedPage{}
	for i, c := range nb.Cells {
		switch c.CellType {
		case "markdown":
			md, err := renderMarkdown(string(c.Source), links)
			if err != nil {
				return nil, fmt.Errorf("%s.ipynb: cell %d: %v", stem, i, err)
			}
			fmt.Fprintf(&b, "<section class=\"cell md\" id=\"cell-%d\">\n%s</section>\n", i, md)
		case "code":
			src := string(c.Source)
			fmt.Fprintf(&b, "<section class=\"cell code\" id=\"cell-%d\">\n", i)
			prompt := " "
			if ec := strings.TrimSpace(string(c.ExecutionCount)); ec != "" && ec != "null" {
				prompt = ec
			}
			fmt.Fprintf(&b, "<div class=\"input\"><span class=\"prompt\" aria-hidden=\"true\">[%s]</span><pre class=\"source\"><code>%s</code></pre></div>\n",
				html.EscapeString(prompt), highlightGo(src))
			// A cell whose output answers the question just asked keeps it
			// folded until the reader opens it (readable without JavaScript).
			reveal := c.Metadata.Cutoff.Reveal && len(c.Outputs) > 0
			if reveal {
				b.WriteString("<details class=\"reveal\"><summary>Show the output (predict first)</summary>\n")
			}
			if err := writeOutputs(&b, page, stem, c.Outputs); err != nil {
				return nil, fmt.Errorf("%s.ipynb: cell %d: %v", stem, i, err)
			}
			if reveal {
				b.WriteString("</details>\n")
			}
			b.WriteString("</section>\n")
		case "raw":
			fmt.Fprintf(&b, "<section class=\"cell raw\" id=\"cell-%d\"><pre>%s</pre></section>\n", i, html.EscapeString(string(c.Source)))
		}
	}
	page.Body = b.String()
	return page, nil
}

// writeOutputs renders a code cell's outputs: consecutive stream outputs of
// one name joined into one block, displays by the richest MIME type the
// site shows (SVG, HTML, PNG, JPEG, markdown, plain text).
func writeOutputs(b *strings.Builder, page *convertedPage, stem string, outs []ipynb.Output) error {
	if len(outs) == 0 {
		return nil
	}
	b.WriteString("<div class=\"outputs\">\n")
	for i := 0; i < len(outs); i++ {
		o := outs[i]
		switch o.OutputType {
		case "stream":
			var s strings.Builder
			s.WriteString(string(o.Text))
			for i+1 < len(outs) && outs[i+1].OutputType == "stream" && outs[i+1].Name == o.Name {
				i++
				s.WriteString(string(outs[i].Text))
			}
			fmt.Fprintf(b, "<pre class=\"stream %s\">%s</pre>\n", html.EscapeString(o.Name), html.EscapeString(stripANSI(s.String())))
		case "error":
			fmt.Fprintf(b, "<pre class=\"stream error\">%s: %s</pre>\n", html.EscapeString(o.EName), html.EscapeString(stripANSI(o.EValue)))
		case "display_data", "execute_result":
			if err := writeDisplay(b, page, stem, o.Data); err != nil {
				return err
			}
		}
	}
	b.WriteString("</div>\n")
	return nil
}

func writeDisplay(b *strings.Builder, page *convertedPage, stem string, data map[string]ipynb.Multiline) error {
	// A picture (SVG) or HTML (which may hold SVGs): its pictures are also
	// written as files.
	for _, kind := range []struct{ mime, class string }{{"image/svg+xml", "display"}, {"text/html", "display html"}} {
		h, ok := data[kind.mime]
		if !ok {
			continue
		}
		s, err := extractSVGs(string(h), page, stem)
		if err != nil {
			return err
		}
		b.WriteString("<div class=\"" + kind.class + "\">" + s + "</div>\n")
		return nil
	}
	for _, typ := range []string{"image/png", "image/jpeg", "image/gif"} {
		if img, ok := data[typ]; ok {
			fmt.Fprintf(b, "<div class=\"display\"><img alt=\"picture\" src=\"data:%s;base64,%s\"/></div>\n", typ, strings.Join(strings.Fields(string(img)), ""))
			return nil
		}
	}
	if md, ok := data["text/markdown"]; ok {
		s, err := renderMarkdown(string(md), nil)
		if err != nil {
			return err
		}
		fmt.Fprintf(b, "<div class=\"display md\">%s</div>\n", s)
		return nil
	}
	if txt, ok := data["text/plain"]; ok {
		fmt.Fprintf(b, "<pre class=\"stream result\">%s</pre>\n", html.EscapeString(stripANSI(string(txt))))
	}
	return nil
}

// svgPrologRE matches what may precede an <svg> element in a file: the XML
// declaration, a DOCTYPE (with the DTD's URL) and comments. Inline SVG must
// not have them.
var svgPrologRE = regexp.MustCompile(`(?s)^(\s*(<\?xml.*?\?>|<!DOCTYPE[^>]*>|<!--.*?-->))*\s*`)

// extractSVGs returns the HTML of an output with every top-level <svg>
// element (outside <script> and <style>, where players keep their frames,
// and outside quizzes and players) inline in a figure with an "SVG" download link, and records each as a
// file of page.Figures. XML declarations and DOCTYPEs before an <svg> are
// dropped from the HTML.
func extractSVGs(h string, page *convertedPage, stem string) (string, error) {
	var out strings.Builder
	lower := strings.ToLower(h)
	last := 0 // h[last:] is not yet copied
	i := 0
	for i < len(h) {
		j := strings.IndexByte(lower[i:], '<')
		if j < 0 {
			break
		}
		i += j
		switch {
		case tagAt(lower, i, "script") || tagAt(lower, i, "style"):
			name := "script"
			if tagAt(lower, i, "style") {
				name = "style"
			}
			end := strings.Index(lower[i:], "</"+name)
			if end < 0 {
				i = len(h)
				continue
			}
			i += end + 2
		case keepWhole(lower, i):
			// A quiz or a player: its pictures are its own (a quiz's reveal
			// is the answer), left as they are.
			end, err := elementEnd(lower, i)
			if err != nil {
				return "", err
			}
			i = end
		case tagAt(lower, i, "svg"):
			end, err := svgEnd(lower, i)
			if err != nil {
				return "", err
			}
			// Drop the prolog in front of this <svg> (already copied text
			// up to last): cut it from the pending text.
			pending := h[last:i]
			if k := lastPrologStart(pending); k >= 0 {
				pending = pending[:k]
			}
			out.WriteString(pending)
			svg := h[i:end]
			fig := figureFor(stem, len(page.Figures)+1, svg)
			page.Figures = append(page.Figures, fig)
			fmt.Fprintf(&out, "<figure class=\"picture\">%s<figcaption><a class=\"svg-link\" href=\"%s\" download=\"%s\" title=\"Download this picture as an SVG file\">SVG</a></figcaption></figure>",
				svg, html.EscapeString(fig.Path), html.EscapeString(path.Base(fig.Path)))
			last, i = end, end
		default:
			i++
		}
	}
	out.WriteString(h[last:])
	return out.String(), nil
}

// keepWholeRE matches the start tag of an element whose pictures are not
// figures of the page: a quiz (pkg/quiz) or a player (pkg/render).
var keepWholeRE = regexp.MustCompile(`^<([a-z][a-z0-9]*)\b[^>]*\bclass\s*=\s*["']([^"']*\s)?(cutoff-quiz|cutoff-player)(\s[^"']*)?["'][^>]*>`)

func keepWhole(lower string, i int) bool {
	return keepWholeRE.MatchString(lower[i:min(len(lower), i+2000)])
}

// elementEnd returns the index just past the end tag that closes the
// element whose start tag is at i, counting nested elements of its name.
func elementEnd(lower string, i int) (int, error) {
	m := keepWholeRE.FindStringSubmatch(lower[i:min(len(lower), i+2000)])
	name := m[1]
	depth := 0
	for k := i; k < len(lower); {
		j := strings.IndexByte(lower[k:], '<')
		if j < 0 {
			break
		}
		k += j
		switch {
		case tagAt(lower, k, "script") && name != "script", tagAt(lower, k, "style") && name != "style":
			tag := "</script"
			if tagAt(lower, k, "style") {
				tag = "</style"
			}
			end := strings.Index(lower[k:], tag)
			if end < 0 {
				return 0, fmt.Errorf("a <%s> element is not closed", tag[2:])
			}
			k += end + len(tag)
		case tagAt(lower, k, name):
			depth++
			k++
		case strings.HasPrefix(lower[k:], "</"+name) && k+2+len(name) < len(lower) && (lower[k+2+len(name)] == '>' || lower[k+2+len(name)] == ' '):
			depth--
			gt := strings.IndexByte(lower[k:], '>')
			k += gt + 1
			if depth == 0 {
				return k, nil
			}
		default:
			k++
		}
	}
	return 0, fmt.Errorf("a <%s class=...> element is not closed", name)
}

// tagAt reports whether lower (lower-cased HTML) has the start tag name at i.
func tagAt(lower string, i int, name string) bool {
	if !strings.HasPrefix(lower[i:], "<"+name) {
		return false
	}
	k := i + 1 + len(name)
	if k >= len(lower) {
		return false
	}
	c := lower[k]
	return c == '>' || c == '/' || c == ' ' || c == '\n' || c == '\t' || c == '\r'
}

// svgEnd returns the index just past the </svg> closing the <svg> at i,
// counting nested <svg> elements.
func svgEnd(lower string, i int) (int, error) {
	depth := 0
	for k := i; k < len(lower); {
		j := strings.IndexByte(lower[k:], '<')
		if j < 0 {
			break
		}
		k += j
		switch {
		case tagAt(lower, k, "svg"):
			gt := strings.IndexByte(lower[k:], '>')
			if gt < 0 {
				return 0, fmt.Errorf("an <svg> tag is not closed")
			}
			if lower[k+gt-1] != '/' {
				depth++
			} else if depth == 0 {
				return k + gt + 1, nil
			}
			k += gt + 1
		case strings.HasPrefix(lower[k:], "</svg"):
			gt := strings.IndexByte(lower[k:], '>')
			if gt < 0 {
				return 0, fmt.Errorf("an </svg> tag is not closed")
			}
			depth--
			k += gt + 1
			if depth == 0 {
				return k, nil
			}
		default:
			k++
		}
	}
	return 0, fmt.Errorf("an <svg> element has no </svg>")
}

// lastPrologStart returns where a run of XML declaration, DOCTYPE and
// comments that ends s (up to white space) begins, or -1.
func lastPrologStart(s string) int {
	start := -1
	rest := strings.TrimRightFunc(s, unicode.IsSpace)
	for {
		var k int
		switch {
		case strings.HasSuffix(rest, "?>"):
			k = strings.LastIndex(rest, "<?xml")
		case strings.HasSuffix(rest, "-->"):
			k = strings.LastIndex(rest, "<!--")
		case strings.HasSuffix(rest, ">"):
			k = strings.LastIndex(strings.ToUpper(rest), "<!DOCTYPE")
			if k >= 0 && strings.Contains(rest[k:len(rest)-1], ">") {
				k = -1
			}
		default:
			k = -1
		}
		if k < 0 {
			return start
		}
		start = k
		rest = strings.TrimRightFunc(rest[:k], unicode.IsSpace)
	}
}

// graphLabelRE finds a Graphviz picture's title: the first <text> of the
// graph, before its first node.
var graphLabelRE = regexp.MustCompile(`(?s)<text\b[^>]*>([^<]*)</text>`)

// figureFor names the k-th picture of a notebook: figures/<stem>/NN.svg,
// with a slug of the picture's title when it has one
// (figures/02-alphabeta/01-fig-6-8-shallow-alpha-cutoff.svg).
func figureFor(stem string, k int, svg string) siteFigure {
	name := fmt.Sprintf("%02d", k)
	head := svg
	if n := strings.Index(head, "class=\"node"); n >= 0 {
		head = head[:n]
	}
	if strings.Contains(head, "class=\"graph\"") {
		if m := graphLabelRE.FindStringSubmatch(head); m != nil {
			if s := slug(html.UnescapeString(m[1])); s != "" {
				name += "-" + s
			}
		}
	}
	file := svg
	if !strings.Contains(file[:min(len(file), strings.IndexByte(file, '>')+1)], "xmlns=") {
		file = strings.Replace(file, "<svg", `<svg xmlns="http://www.w3.org/2000/svg"`, 1)
	}
	return siteFigure{
		Path: "figures/" + stem + "/" + name + ".svg",
		SVG:  []byte("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n" + file + "\n"),
	}
}

// slug keeps the ASCII letters and digits of s, lower case, with single
// dashes between words, at most 48 characters.
func slug(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(s) {
		if r < 128 && (unicode.IsLetter(r) || unicode.IsDigit(r)) {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = false
			b.WriteRune(r)
			if b.Len() >= 48 {
				break
			}
			continue
		}
		dash = true
	}
	return b.String()
}

// markdown is the renderer of the site: CommonMark with GitHub's tables,
// strikethrough and autolinks, raw HTML kept (the course's own notebooks are
// trusted, as Jupyter trusts the markdown cells it renders).
var markdown = goldmark.New(
	goldmark.WithExtensions(extension.GFM),
	goldmark.WithRendererOptions(gmhtml.WithUnsafe()),
)

// renderMarkdown renders src with its relative links mapped by links (see
// siteLinks) and ids on its headings.
func renderMarkdown(src string, links siteLinks) (string, error) {
	source := []byte(src)
	doc := markdown.Parser().Parse(text.NewReader(source))
	var dead []*ast.Link
	err := ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Link:
			to, ok := mapLink(string(n.Destination), links)
			if !ok {
				dead = append(dead, n)
				break
			}
			n.Destination = []byte(to)
		case *ast.Image:
			if to, ok := mapLink(string(n.Destination), links); ok {
				n.Destination = []byte(to)
			}
		case *ast.Heading:
			if id := headingID(nodeText(n, source)); id != "" {
				n.SetAttributeString("id", []byte(id))
			}
		}
		return ast.WalkContinue, nil
	})
	if err != nil {
		return "", err
	}
	// A link into the repository becomes its text: the site does not hold
	// the file.
	for _, l := range dead {
		parent := l.Parent()
		for c := l.FirstChild(); c != nil; {
			next := c.NextSibling()
			parent.InsertBefore(parent, l, c)
			c = next
		}
		parent.RemoveChild(parent, l)
	}
	var b bytes.Buffer
	if err := markdown.Renderer().Render(&b, source, doc); err != nil {
		return "", err
	}
	return b.String(), nil
}

// renderInline renders one line of markdown without the paragraph around it.
func renderInline(src string, links siteLinks) (string, error) {
	s, err := renderMarkdown(src, links)
	if err != nil {
		return "", err
	}
	s = strings.TrimSpace(s)
	s = strings.TrimPrefix(s, "<p>")
	s = strings.TrimSuffix(s, "</p>")
	return s, nil
}

// mapLink returns where a link of the course's markdown points in the site,
// and false when it points into the repository (a relative link that is
// not a page of the site).
func mapLink(dest string, links siteLinks) (string, bool) {
	if dest == "" || strings.HasPrefix(dest, "#") {
		return dest, true
	}
	if u := strings.ToLower(dest); strings.HasPrefix(u, "http:") || strings.HasPrefix(u, "https:") ||
		strings.HasPrefix(u, "mailto:") || strings.HasPrefix(u, "data:") {
		return dest, true
	}
	file, frag, _ := strings.Cut(dest, "#")
	to, ok := links[path.Clean(file)]
	if !ok {
		return "", false
	}
	if frag != "" {
		to += "#" + frag
	}
	return to, true
}

// nodeText is the text of a node's inline children.
func nodeText(n ast.Node, source []byte) string {
	var b strings.Builder
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch c := c.(type) {
		case *ast.Text:
			b.Write(c.Segment.Value(source))
			if c.SoftLineBreak() || c.HardLineBreak() {
				b.WriteByte(' ')
			}
		case *ast.String:
			b.Write(c.Value)
		}
		return ast.WalkContinue, nil
	})
	return b.String()
}

// headingID is the id of a heading: the short name of "[name] title"
// headings (as SOURCES.md names its sources), else a slug of its words.
func headingID(title string) string {
	if rest, ok := strings.CutPrefix(strings.TrimSpace(title), "["); ok {
		if name, _, ok := strings.Cut(rest, "]"); ok && name != "" {
			return anchorName(name)
		}
	}
	return slug(title)
}

// anchorName keeps the characters of name that are safe in an id and a URL
// fragment.
func anchorName(name string) string {
	var b strings.Builder
	for _, r := range name {
		if r < 128 && (unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' || r == '.' || r == '_') {
			b.WriteRune(r)
		} else {
			b.WriteByte('-')
		}
	}
	return b.String()
}

// goKeywords are highlighted in code cells.
var goKeywords = map[string]bool{
	"break": true, "case": true, "chan": true, "const": true, "continue": true, "default": true,
	"defer": true, "else": true, "fallthrough": true, "for": true, "func": true, "go": true, "goto": true,
	"if": true, "import": true, "interface": true, "map": true, "package": true, "range": true,
	"return": true, "select": true, "struct": true, "switch": true, "type": true, "var": true,
}

// highlightGo returns a code cell's source as HTML with comments, strings,
// numbers, keywords and GoNB's special lines (%%, %flags, !shell) marked
// with spans of classes c, s, n, k and m. It is a lexer for reading, not a
// parser: anything it does not know is plain text.
func highlightGo(src string) string {
	var b strings.Builder
	span := func(class, s string) {
		fmt.Fprintf(&b, "<span class=\"%s\">%s</span>", class, html.EscapeString(s))
	}
	lineStart := true
	for i := 0; i < len(src); {
		c := src[i]
		if lineStart {
			// A GoNB special line: "%%", "%goflags ...", "!shell", "!*shell".
			rest := strings.TrimLeft(src[i:], " \t")
			if strings.HasPrefix(rest, "%") || strings.HasPrefix(rest, "!") {
				end := strings.IndexByte(src[i:], '\n')
				if end < 0 {
					end = len(src) - i
				}
				span("m", src[i:i+end])
				i += end
				continue
			}
		}
		lineStart = false
		switch {
		case c == '\n':
			b.WriteByte('\n')
			lineStart = true
			i++
		case strings.HasPrefix(src[i:], "//"):
			end := strings.IndexByte(src[i:], '\n')
			if end < 0 {
				end = len(src) - i
			}
			span("c", src[i:i+end])
			i += end
		case strings.HasPrefix(src[i:], "/*"):
			end := strings.Index(src[i+2:], "*/")
			if end < 0 {
				end = len(src) - i
			} else {
				end += 4
			}
			span("c", src[i:i+end])
			i += end
		case c == '"' || c == '\'' || c == '`':
			j := i + 1
			for j < len(src) && src[j] != c && (c == '`' || src[j] != '\n') {
				if src[j] == '\\' && c != '`' {
					j++
				}
				j++
			}
			j = min(j+1, len(src))
			span("s", src[i:j])
			i = j
		case c >= '0' && c <= '9':
			j := i
			for j < len(src) && (isWordByte(src[j]) || src[j] == '.') {
				j++
			}
			span("n", src[i:j])
			i = j
		case isWordByte(c):
			j := i
			for j < len(src) && isWordByte(src[j]) {
				j++
			}
			if w := src[i:j]; goKeywords[w] {
				span("k", w)
			} else {
				b.WriteString(html.EscapeString(w))
			}
			i = j
		default:
			// Copy one UTF-8 character.
			j := i + 1
			for j < len(src) && src[j]&0xC0 == 0x80 {
				j++
			}
			b.WriteString(html.EscapeString(src[i:j]))
			i = j
		}
	}
	return b.String()
}

func isWordByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// offlineProblems lists the resources a page would load from outside the
// site: src of script, img, iframe, audio, video, source, track, embed and
// input, href of link, data of object, SVG image and use that do not point
// into the page, and url() in styles; an absolute URL (scheme or //) or an
// absolute path is a problem, a relative path or a data: URL is not. The
// site must work from file:// and without a network.
func offlineProblems(page string) []string {
	var problems []string
	bad := func(u string) bool {
		u = strings.TrimSpace(html.UnescapeString(u))
		lu := strings.ToLower(u)
		switch {
		case u == "", strings.HasPrefix(u, "#"), strings.HasPrefix(lu, "data:"):
			return false
		case strings.HasPrefix(u, "/"), strings.Contains(strings.SplitN(lu, "/", 2)[0], ":"):
			return true // an absolute path, // or a scheme
		}
		return false
	}
	for _, m := range loadAttrRE.FindAllStringSubmatch(page, -1) {
		tag := strings.ToLower(m[1])
		for _, a := range attrRE.FindAllStringSubmatch(m[2], -1) {
			name, val := strings.ToLower(a[1]), a[3]
			if val == "" {
				val = a[4]
			}
			loads := false
			switch name {
			case "src":
				loads = tag != "a"
			case "href", "xlink:href":
				loads = tag == "link" || tag == "image" || tag == "use" || tag == "feimage"
			case "data":
				loads = tag == "object"
			case "srcset", "poster", "background":
				loads = true
			}
			if loads && bad(val) {
				problems = append(problems, fmt.Sprintf("<%s %s=%q>", tag, name, val))
			}
		}
	}
	for _, m := range cssURLRE.FindAllStringSubmatch(page, -1) {
		if bad(strings.Trim(m[1], `'" `)) {
			problems = append(problems, "url("+m[1]+")")
		}
	}
	for _, m := range cssImportRE.FindAllStringSubmatch(page, -1) {
		if bad(m[1]) {
			problems = append(problems, "@import "+strconv.Quote(m[1]))
		}
	}
	return problems
}

var (
	loadAttrRE  = regexp.MustCompile(`(?is)<([a-z][a-z0-9:-]*)(\s[^>]*)>`)
	attrRE      = regexp.MustCompile(`(?is)([a-z][a-z0-9:_-]*)\s*=\s*("([^"]*)"|'([^']*)')`)
	cssURLRE    = regexp.MustCompile(`(?i)url\(\s*([^)]*)\)`)
	cssImportRE = regexp.MustCompile(`(?i)@import\s+["']([^"']+)["']`)
)
