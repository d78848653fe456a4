package render

import (
	"errors"
	"fmt"
	"html"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
)

// Exporter receives every picture drawn as SVG — a tree by Renderer.SVG
// or Draw, a chart by its function — with its title and a way to draw it
// again in any format. `cutoff figures` runs the course's notebooks with
// an exporter that writes every picture as files (ExportFiguresFromEnv),
// so a lecturer gets the course's figures without running the notebooks
// by hand. Frames of a step-through are not exported.
type Exporter func(title string, redraw func(opts ...Option) ([]byte, error))

var exporter struct {
	mu sync.Mutex
	fn Exporter
}

// SetExporter installs e (nil: none) and returns the previous one.
func SetExporter(e Exporter) Exporter {
	exporter.mu.Lock()
	defer exporter.mu.Unlock()
	prev := exporter.fn
	exporter.fn = e
	return prev
}

// export hands a picture to the exporter, if any.
func export(title string, redraw func(opts ...Option) ([]byte, error)) {
	exporter.mu.Lock()
	fn := exporter.fn
	exporter.mu.Unlock()
	if fn != nil {
		fn(title, redraw)
	}
}

// FiguresEnv names the folder ExportFiguresFromEnv writes to, and
// FigureFormatsEnv its formats ("svg,png,pdf,tex"; default all four).
const (
	FiguresEnv       = "CUTOFF_FIGURES"
	FigureFormatsEnv = "CUTOFF_FIGURE_FORMATS"
)

// ExportFiguresFromEnv installs an exporter that writes every picture to
// the folder $CUTOFF_FIGURES, as TITLE.svg, TITLE.png, … in the formats of
// $CUTOFF_FIGURE_FORMATS, when $CUTOFF_FIGURES is set; otherwise it does
// nothing. The course's notebooks call it in their set-up cell.
func ExportFiguresFromEnv() error {
	dir := os.Getenv(FiguresEnv)
	if dir == "" {
		return nil
	}
	formats := Formats
	if v := os.Getenv(FigureFormatsEnv); v != "" {
		var err error
		if formats, err = ParseFormats(v); err != nil {
			return fmt.Errorf("%s: %v", FigureFormatsEnv, err)
		}
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("render: %v", err)
	}
	SetExporter(func(title string, redraw func(opts ...Option) ([]byte, error)) {
		name := figureName(dir, title, formats)
		for _, f := range formats {
			b, err := redraw(As(f))
			if err != nil {
				b = []byte("error: " + err.Error())
				f = "error.txt"
			}
			os.WriteFile(filepath.Join(dir, name+"."+string(f)), b, 0o644)
		}
	})
	return nil
}

// ParseFormats reads a comma-separated list of formats.
func ParseFormats(list string) ([]Format, error) {
	var out []Format
	for _, s := range strings.Split(list, ",") {
		f, err := ParseFormat(strings.TrimSpace(s))
		if err != nil {
			return nil, err
		}
		out = append(out, f)
	}
	if len(out) == 0 {
		return nil, errors.New("no format")
	}
	return out, nil
}

// figureName is the file name (without extension) of a figure titled
// title in dir: its title made a file name, numbered when taken.
func figureName(dir, title string, formats []Format) string {
	base := slug(title)
	if base == "" {
		base = "figure"
	}
	name := base
	for i := 2; ; i++ {
		if _, err := os.Stat(filepath.Join(dir, name+"."+string(formats[0]))); errors.Is(err, os.ErrNotExist) {
			return name
		}
		name = fmt.Sprintf("%s-%d", base, i)
	}
}

var nonName = regexp.MustCompile(`[^\p{L}\p{N}]+`)

// slug makes a title a file name: letters and digits, dashes between.
func slug(title string) string {
	s := strings.Trim(nonName.ReplaceAllString(strings.ToLower(title), "-"), "-")
	if r := []rune(s); len(r) > 80 {
		s = strings.TrimRight(string(r[:80]), "-")
	}
	return s
}

var dotTitle = regexp.MustCompile(`label=<<B>(.*?)</B>>`)

// titleOf is the title TreeDOT put on a graph ("" for none).
func titleOf(dot string) string {
	if m := dotTitle.FindStringSubmatch(dot); m != nil {
		return html.UnescapeString(m[1])
	}
	return ""
}
