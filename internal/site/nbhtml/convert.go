// Package nbhtml turns an executed Jupyter notebook (nbformat 4, read by
// internal/ipynb) into the HTML of a page of the course's static site:
// markdown cells rendered (goldmark), code cells highlighted (go/scanner)
// with their outputs, and every picture also kept as an SVG file of its
// own, found in the outputs' HTML by a real HTML tokenizer
// (golang.org/x/net/html). It also checks an executed notebook's cells and
// a page's links for anything loaded from outside the site. It knows the
// notebook format but nothing of Python or of the site's other pages:
// executing the notebooks and writing the site is internal/site's work.
package nbhtml

import (
	"bytes"
	_ "embed"
	"fmt"
	"html"
	"html/template"
	"path"
	"regexp"
	"strings"
	"unicode"

	"github.com/cutoff-go/cutoff/internal/ipynb"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	gmhtml "github.com/yuin/goldmark/renderer/html"
	"github.com/yuin/goldmark/text"
)

// Parse reads an .ipynb file's content; name is for messages.
func Parse(name string, b []byte) (*ipynb.Notebook, error) {
	nb, err := ipynb.Parse(b)
	if err != nil {
		return nil, fmt.Errorf("%s: not a notebook: %v", name, err)
	}
	return nb, nil
}

// CellFailure is a cell of an executed notebook that failed: an error
// output, something on stderr, or a cell that was not run. Its message names
// the notebook and the cell (its index, from 0 as nbformat counts, and its
// first line).
type CellFailure struct {
	notebook string // file name, e.g. 02-alphabeta.ipynb
	index    int
	first    string
	what     string
}

func (e *CellFailure) Error() string {
	return fmt.Sprintf("%s: cell %d (%q) %s", e.notebook, e.index, e.first, e.what)
}

// CheckCells returns the first failing cell of an executed notebook, as
// internal/coursetest's check finds them: an error output, a stderr stream, or
// a code cell with source that has no execution count.
func CheckCells(file string, nb *ipynb.Notebook) error {
	for i, c := range nb.Cells {
		if c.CellType != "code" || strings.TrimSpace(string(c.Source)) == "" {
			continue
		}
		fail := func(what string) error {
			return &CellFailure{notebook: file, index: i, first: cellFirstLine(string(c.Source)), what: what}
		}
		for _, o := range c.Outputs {
			switch {
			case o.OutputType == "error":
				msg := strings.Join(strings.Fields(StripANSI(o.EValue)), " ")
				if len(msg) > 300 {
					msg = msg[:300] + "…"
				}
				return fail(fmt.Sprintf("failed: %s: %s", o.EName, msg))
			case o.OutputType == "stream" && o.Name == "stderr":
				return fail(fmt.Sprintf("wrote to stderr: %s", firstNonEmpty(StripANSI(string(o.Text)))))
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

// StripANSI removes the terminal colour codes of a cell's output.
func StripANSI(s string) string { return ansiRE.ReplaceAllString(s, "") }

// Figure is a picture of a page, written as a file of its own.
type Figure struct {
	Path string // relative to the site's root: figures/02-alphabeta/01-fig-6-8.svg
	SVG  []byte // a standalone SVG file
}

// Page is one notebook turned into HTML.
type Page struct {
	Body    string // the cells, as HTML for the page's <main>
	Figures []Figure
}

// Links maps the relative links a notebook's markdown may hold
// (SOURCES.md, 03-negamax.ipynb, README.md) to the site's pages. A relative
// link that is not in the map points into the repository, which the site
// does not hold: it is shown as text.
type Links map[string]string

//go:embed cells.html.tmpl
var cellsHTML string

// cells are the templates of a page's cells, their outputs and figures.
var cells = template.Must(template.New("cells").Parse(cellsHTML))

// output is one output of a code cell as cells.html.tmpl shows it: a
// stream (its class) with its text, or a display (its class) with its
// HTML, or an image.
type output struct {
	Stream, Text string
	Display      string
	HTML         template.HTML
	Image        template.URL
	Markdown     bool
}

// Convert renders an executed notebook's cells. stem is the notebook's
// name without .ipynb (02-alphabeta): its pictures go to figures/<stem>/.
// The course's markdown and the outputs' HTML are the course's own, trusted
// as Jupyter trusts them; everything else is escaped.
func Convert(stem string, nb *ipynb.Notebook, links Links) (*Page, error) {
	var b strings.Builder
	page := &Page{}
	for i, c := range nb.Cells {
		var err error
		switch c.CellType {
		case "markdown":
			var md string
			if md, err = Markdown(string(c.Source), links); err != nil {
				return nil, fmt.Errorf("%s.ipynb: cell %d: %v", stem, i, err)
			}
			err = cells.ExecuteTemplate(&b, "markdown", struct {
				Index int
				HTML  template.HTML
			}{i, template.HTML(md)})
		case "code":
			prompt := " "
			if ec := strings.TrimSpace(string(c.ExecutionCount)); ec != "" && ec != "null" {
				prompt = ec
			}
			outs, oerr := outputs(page, stem, c.Outputs)
			if oerr != nil {
				return nil, fmt.Errorf("%s.ipynb: cell %d: %v", stem, i, oerr)
			}
			err = cells.ExecuteTemplate(&b, "code", struct {
				Index   int
				Prompt  string
				Source  template.HTML
				Outputs []output
				// Outputs the page does not show (an unknown MIME type)
				// still make an empty block, as the raw notebook has them.
				HasOutputs bool
				// A cell whose output answers the question just asked
				// keeps it folded until the reader opens it (readable
				// without JavaScript).
				Reveal bool
			}{i, prompt, template.HTML(Highlight(string(c.Source))), outs, len(c.Outputs) > 0, c.Metadata.Cutoff.Reveal && len(c.Outputs) > 0})
		case "raw":
			err = cells.ExecuteTemplate(&b, "raw", struct {
				Index int
				Text  string
			}{i, string(c.Source)})
		}
		if err != nil {
			return nil, fmt.Errorf("%s.ipynb: cell %d: %v", stem, i, err)
		}
	}
	page.Body = b.String()
	return page, nil
}

// outputs are a code cell's outputs as the page shows them: consecutive
// stream outputs of one name joined into one block, displays by the
// richest MIME type the site shows (SVG, HTML, PNG, JPEG, GIF, markdown,
// plain text).
func outputs(page *Page, stem string, outs []ipynb.Output) ([]output, error) {
	var shown []output
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
			shown = append(shown, output{Stream: o.Name, Text: StripANSI(s.String())})
		case "error":
			shown = append(shown, output{Stream: "error", Text: o.EName + ": " + StripANSI(o.EValue)})
		case "display_data", "execute_result":
			d, ok, err := display(page, stem, o.Data)
			if err != nil {
				return nil, err
			}
			if ok {
				shown = append(shown, d)
			}
		}
	}
	return shown, nil
}

func display(page *Page, stem string, data map[string]ipynb.Multiline) (output, bool, error) {
	// A picture (SVG) or HTML (which may hold SVGs): its pictures are also
	// written as files.
	for _, kind := range []struct{ mime, class string }{{"image/svg+xml", "display"}, {"text/html", "display html"}} {
		h, ok := data[kind.mime]
		if !ok {
			continue
		}
		s, err := extractSVGs(string(h), page, stem)
		if err != nil {
			return output{}, false, err
		}
		return output{Display: kind.class, HTML: template.HTML(s)}, true, nil
	}
	for _, typ := range []string{"image/png", "image/jpeg", "image/gif"} {
		if img, ok := data[typ]; ok {
			return output{Image: template.URL("data:" + typ + ";base64," + strings.Join(strings.Fields(string(img)), ""))}, true, nil
		}
	}
	if md, ok := data["text/markdown"]; ok {
		s, err := Markdown(string(md), nil)
		if err != nil {
			return output{}, false, err
		}
		return output{Display: "display md", HTML: template.HTML(s)}, true, nil
	}
	if txt, ok := data["text/plain"]; ok {
		return output{Stream: "result", Text: StripANSI(string(txt))}, true, nil
	}
	return output{}, false, nil
}

// graphLabelRE finds a Graphviz picture's title: the first <text> of the
// graph, before its first node.
var graphLabelRE = regexp.MustCompile(`(?s)<text\b[^>]*>([^<]*)</text>`)

// figureFor names the k-th picture of a notebook: figures/<stem>/NN.svg,
// with a slug of the picture's title when it has one
// (figures/02-alphabeta/01-fig-6-8-shallow-alpha-cutoff.svg).
func figureFor(stem string, k int, svg string) Figure {
	name := fmt.Sprintf("%02d", k)
	head := svg
	if n := strings.Index(head, "class=\"node"); n >= 0 {
		head = head[:n]
	}
	if strings.Contains(head, "class=\"graph\"") {
		if m := graphLabelRE.FindStringSubmatch(head); m != nil {
			if s := Slug(html.UnescapeString(m[1])); s != "" {
				name += "-" + s
			}
		}
	}
	file := svg
	if !strings.Contains(file[:min(len(file), strings.IndexByte(file, '>')+1)], "xmlns=") {
		file = strings.Replace(file, "<svg", `<svg xmlns="http://www.w3.org/2000/svg"`, 1)
	}
	return Figure{
		Path: "figures/" + stem + "/" + name + ".svg",
		SVG:  []byte("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n" + file + "\n"),
	}
}

// Slug keeps the ASCII letters and digits of s, lower case, with single
// dashes between words, at most 48 characters.
func Slug(s string) string {
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

// Markdown renders src with its relative links mapped by links (see
// Links) and ids on its headings.
func Markdown(src string, links Links) (string, error) {
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

// Inline renders one line of markdown without the paragraph around it.
func Inline(src string, links Links) (string, error) {
	s, err := Markdown(src, links)
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
func mapLink(dest string, links Links) (string, bool) {
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
			return AnchorName(name)
		}
	}
	return Slug(title)
}

// AnchorName keeps the characters of name that are safe in an id and a URL
// fragment.
func AnchorName(name string) string {
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
