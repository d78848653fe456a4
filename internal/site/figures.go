package site

import (
	"context"
	"errors"
	"fmt"
	"html"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/cutoff-go/cutoff/internal/ipynb"
	"github.com/cutoff-go/cutoff/internal/site/nbhtml"
	"github.com/cutoff-go/cutoff/pkg/render"
)

// InputFigures is the input an InputError of NewFigures names: the
// figures' folder.
const InputFigures = "the figures' folder"

// ErrNotFolder is NewFigures' error (in an *InputError) when the figures'
// folder is a file.
var ErrNotFolder = errors.New("is a file, not a folder")

// FigureBuild is one run of cutoff figures: the notebooks of a
// configuration (Prepare) executed in a scratch folder of their own, their
// figures written into a folder (Run), then read back as one deck
// (WriteDeck). Close removes the scratch folder.
type FigureBuild struct {
	*Config
	Out     string // the figures' folder, absolute
	scratch string // the executed notebooks, and the site Prepare checked
}

// NewFigures checks and makes the figures' folder out (an *InputError of
// InputFigures when it cannot be one, holding ErrNotFolder when it is a
// file), makes a scratch folder, and prepares the notebooks of nbDir and
// only as Prepare does (its errors are Prepare's).
func NewFigures(out, nbDir, only string, timeout time.Duration) (*FigureBuild, error) {
	outAbs, err := filepath.Abs(out)
	if err != nil {
		return nil, err
	}
	if st, err := os.Stat(outAbs); err == nil && !st.IsDir() {
		return nil, &InputError{InputFigures, ErrNotFolder}
	}
	if err := os.MkdirAll(outAbs, 0o755); err != nil {
		return nil, &InputError{InputFigures, err}
	}
	scratch, err := os.MkdirTemp("", "cutoff-figures-*")
	if err != nil {
		return nil, err
	}
	cfg, err := Prepare(filepath.Join(scratch, "site"), nbDir, only, timeout)
	if err != nil {
		os.RemoveAll(scratch)
		return nil, err
	}
	return &FigureBuild{Config: cfg, Out: outAbs, scratch: scratch}, nil
}

// Close removes the scratch folder.
func (b *FigureBuild) Close() error { return os.RemoveAll(b.scratch) }

// Run runs the notebooks into b.Out (Figures).
func (b *FigureBuild) Run(ctx context.Context, formats []render.Format, progress func(FigureRun)) (total, failures int) {
	return b.Figures(ctx, b.Out, b.scratch, formats, progress)
}

// WriteDeck writes every figure Run wrote (in PNG) as one deck, path a
// .pdf or a .tex file (DeckFile), each figure captioned by the markdown
// above the cell that drew it (FigureCaptions), and returns how many it
// holds.
func (b *FigureBuild) WriteDeck(path string) (int, error) {
	var figs []render.DeckFigure
	for _, file := range b.Notebooks() {
		f, err := render.ReadFigures(filepath.Join(b.Out, strings.TrimSuffix(file, ".ipynb")), FigureCaptions(filepath.Join(b.scratch, file)))
		if err != nil {
			return 0, err
		}
		figs = append(figs, f...)
	}
	d := &render.FigureDeck{Figures: figs}
	if err := d.WriteDeck(path, "Figures"); err != nil {
		return 0, err
	}
	return len(figs), nil
}

// DeckFile checks the path of a figure deck, "" for none, else a .pdf or
// a .tex file in a folder that exists, and returns it absolute; its errors
// start with path.
func DeckFile(path string) (string, error) {
	if path == "" {
		return "", nil
	}
	if !slices.Contains(render.FigureDeckFormats, strings.ToLower(filepath.Ext(path))) {
		return "", fmt.Errorf("%s: want a .pdf or a .tex (Beamer) file", path)
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", fmt.Errorf("%s: %v", path, err)
	}
	if st, err := os.Stat(filepath.Dir(abs)); err != nil || !st.IsDir() {
		return "", fmt.Errorf("%s: its folder does not exist", path)
	}
	if st, err := os.Stat(abs); err == nil && st.IsDir() {
		return "", fmt.Errorf("%s is a folder", path)
	}
	return abs, nil
}

// FigureRun is one notebook run by Figures.
type FigureRun struct {
	File      string // NN-topic.ipynb
	Index, Of int    // its place among the notebooks, from 1
	Figures   int    // the pictures it wrote (in the first format)
	Elapsed   time.Duration
	Err       error // the notebook failed: its figures are incomplete
}

// String is r as a progress line: "01-minimax.ipynb (1/9) in 2.5 s: 4
// figure(s)", the notebook's error after a dash when it failed.
func (r FigureRun) String() string {
	status := fmt.Sprintf("%d figure(s)", r.Figures)
	if r.Err != nil {
		status += " — " + r.Err.Error()
	}
	return fmt.Sprintf("%s (%d/%d) in %.1f s: %s", r.File, r.Index, r.Of, r.Elapsed.Seconds(), status)
}

// Figures runs every notebook of cfg as a build does (Execute), with
// render's exporter on, so that every tree and chart it draws is also
// written into out/NN-topic (emptied first) in each of the formats; the
// executed copies go to scratch. progress hears of each notebook when it
// ends. Figures returns the pictures written, counted in the first format,
// and the number of notebooks that failed.
func (cfg *Config) Figures(ctx context.Context, out, scratch string, formats []render.Format, progress func(FigureRun)) (total, failures int) {
	var names []string
	for _, f := range formats {
		names = append(names, string(f))
	}
	notebooks := cfg.Notebooks()
	for i, file := range notebooks {
		dir := filepath.Join(out, strings.TrimSuffix(file, ".ipynb"))
		os.RemoveAll(dir)
		start := time.Now()
		err := cfg.Execute(ctx, file, scratch, render.FiguresEnv+"="+dir, render.FigureFormatsEnv+"="+strings.Join(names, ","))
		if err == nil {
			var nb *ipynb.Notebook
			if nb, err = ipynb.Read(filepath.Join(scratch, file)); err == nil {
				err = nbhtml.CheckCells(file, nb)
			}
		}
		files, _ := filepath.Glob(filepath.Join(dir, "*."+names[0]))
		total += len(files)
		if err != nil {
			failures++
		}
		if progress != nil {
			progress(FigureRun{File: file, Index: i + 1, Of: len(notebooks), Figures: len(files), Elapsed: time.Since(start), Err: err})
		}
	}
	return total, failures
}

// NotebookCaption is a figure's caption in a deck: its notebook's heading,
// "Notebook 01 · Minimax", or its file's name when it has none.
func NotebookCaption(path string) string {
	name := strings.TrimSuffix(filepath.Base(path), ".ipynb")
	nb, err := ipynb.Read(path)
	if err != nil {
		return "Notebook " + name
	}
	for _, c := range nb.Cells {
		if c.CellType != "markdown" {
			continue
		}
		for _, l := range strings.Split(string(c.Source), "\n") {
			if h, ok := strings.CutPrefix(l, "# "); ok && strings.TrimSpace(h) != "" {
				return "Notebook " + strings.TrimSpace(h)
			}
		}
	}
	return "Notebook " + name
}

// FigureCaptions returns the captions of the figures the executed notebook
// at path drew, to be called with each figure's title in the order they
// were drawn (render.ReadFigures does). A figure's caption is the first
// sentence of the markdown cell nearest above the code cell that drew it
// (plain text, on one line, at most captionMax characters), an answer
// (a <details> cell) skipped; when that cell cannot be told, or has no
// text, NotebookCaption's heading. The cell that drew a figure is the one
// whose next picture output (an SVG, as course.Draw and course.Show show
// it) has every word of the figure's title.
func FigureCaptions(path string) func(title string) string {
	heading := NotebookCaption(path)
	nb, err := ipynb.Read(path)
	if err != nil {
		return func(string) string { return heading }
	}
	// The pictures, in order: the index of the cell showing each, and its
	// text.
	type picture struct {
		cell int
		text string
	}
	var pics []picture
	for i, c := range nb.Cells {
		if c.CellType != "code" {
			continue
		}
		for _, o := range c.Outputs {
			svg := string(o.Data["image/svg+xml"])
			if h := string(o.Data["text/html"]); svg == "" && strings.Contains(h, "<svg") {
				svg = h
			}
			if svg != "" {
				pics = append(pics, picture{i, html.UnescapeString(svg)})
			}
		}
	}
	next := 0
	return func(title string) string {
		words := strings.Fields(title)
		for j := next; j < len(pics) && len(words) > 0; j++ {
			if !containsAll(pics[j].text, words) {
				continue
			}
			next = j + 1
			for i := pics[j].cell - 1; i >= 0; i-- {
				c := nb.Cells[i]
				if c.CellType != "markdown" || strings.HasPrefix(strings.TrimSpace(string(c.Source)), "<details") {
					continue
				}
				if s := cellSentence(string(c.Source)); s != "" {
					return s
				}
				break
			}
			return heading
		}
		return heading
	}
}

// captionMax is the longest caption FigureCaptions makes, in characters.
const captionMax = 160

func containsAll(s string, words []string) bool {
	for _, w := range words {
		if !strings.Contains(s, w) {
			return false
		}
	}
	return true
}

var (
	mdLink     = regexp.MustCompile(`!?\[([^\]]*)\]\([^)]*\)`)
	mdTag      = regexp.MustCompile(`<[^>]+>`)
	mdEmphasis = regexp.MustCompile("\\*\\*|__|`|(^|[\\s(])[*_]|[*_]([\\s).,:;!?]|$)")
	mdSup      = regexp.MustCompile(`<sup>([^<]*)</sup>`)
	mdEscape   = regexp.MustCompile("\\\\([\\\\`*_{}\\[\\]()#+\\-.!<>])")
	abbrev     = regexp.MustCompile(`(?i)(^|\s)(fig|figs|e\.g|i\.e|cf|vs|no|eq|ch|sec)\.$`)
)

// cellSentence is the first sentence of a markdown cell's text as plain
// text on one line: of its first paragraph that is not a heading, else of
// its heading.
func cellSentence(md string) string {
	var para, head string
	for _, p := range strings.Split(strings.ReplaceAll(md, "\r\n", "\n"), "\n\n") {
		p = strings.TrimSpace(p)
		switch {
		case p == "":
		case strings.HasPrefix(p, "#"):
			if head == "" {
				head = strings.TrimSpace(strings.TrimLeft(strings.SplitN(p, "\n", 2)[0], "#"))
			}
		case para == "":
			para = p
		}
	}
	if para == "" {
		para = head
	}
	s := plainMarkdown(para)
	first := sentence(s)
	// A bold lead-in that is a sentence of its own ("**Why that
	// formula?**", "**Published claim.**") names the paragraph: the caption
	// goes on with the sentence after it.
	if lead, _, ok := strings.Cut(strings.TrimPrefix(para, "**"), "**"); ok && strings.HasPrefix(para, "**") &&
		len(first) <= len(plainMarkdown(lead))+1 && len(first) < len(s) {
		first += " " + sentence(strings.TrimSpace(s[len(first):]))
	}
	s = first
	if rs := []rune(s); len(rs) > captionMax {
		cut := string(rs[:captionMax-1])
		if k := strings.LastIndex(cut, " "); k > captionMax/2 {
			cut = cut[:k]
		}
		s = strings.TrimRight(cut, " ,;:") + "…"
	}
	return s
}

// sentence is the first sentence of plain text: up to the first '.', '?'
// or '!' before a space or the end, outside parentheses and brackets, not
// after an abbreviation ("Fig.", "e.g.").
func sentence(s string) string {
	depth := 0
	for i, r := range s {
		switch r {
		case '(', '[':
			depth++
		case ')', ']':
			depth--
		case '.', '?', '!':
			if depth <= 0 && (i+1 == len(s) || s[i+1] == ' ') && !(r == '.' && abbrev.MatchString(s[:i+1])) {
				return s[:i+1]
			}
		}
	}
	return s
}

// plainMarkdown is markdown as plain text on one line: links as their
// text, no tags, emphasis or code marks, list and quote marks dropped.
func plainMarkdown(md string) string {
	var lines []string
	for _, l := range strings.Split(md, "\n") {
		l = strings.TrimSpace(l)
		l = strings.TrimLeft(l, ">")
		for _, p := range []string{"- ", "* ", "+ "} {
			l = strings.TrimPrefix(strings.TrimSpace(l), p)
		}
		lines = append(lines, l)
	}
	s := strings.Join(lines, " ")
	s = mdSup.ReplaceAllStringFunc(s, func(m string) string {
		x := mdSup.FindStringSubmatch(m)[1]
		if len([]rune(x)) > 1 && strings.Trim(x, "0123456789") != "" {
			return "^(" + x + ")"
		}
		return "^" + x
	})
	// Escaped characters stay as they are, emphasis or not: kept aside in
	// the private use area while the marks go.
	s = mdEscape.ReplaceAllStringFunc(s, func(m string) string { return string(rune(0xE000 + int(m[1]))) })
	s = mdLink.ReplaceAllString(s, "$1")
	s = mdTag.ReplaceAllString(s, "")
	s = mdEmphasis.ReplaceAllString(s, "$1$2")
	s = strings.Map(func(r rune) rune {
		if r >= 0xE000 && r < 0xE080 {
			return r - 0xE000
		}
		return r
	}, s)
	s = html.UnescapeString(s)
	return strings.Join(strings.Fields(s), " ")
}
