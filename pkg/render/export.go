package render

import (
	"cmp"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
)

// UntitledDir is the folder, inside a figures folder, of the figures' PNG
// files drawn without their titles (WriteFigure).
const UntitledDir = "untitled"

// FiguresEnv names the folder pkg/course writes every picture of a
// notebook to (WriteFigure), and FigureFormatsEnv its formats
// ("svg,png,pdf,tex"; default all four): `cutoff figures` sets them when it
// runs the course's notebooks, so that a lecturer gets the course's
// figures as files. pkg/render itself reads neither.
const (
	FiguresEnv       = "CUTOFF_FIGURES"
	FigureFormatsEnv = "CUTOFF_FIGURE_FORMATS"
)

// WriteFigure writes a picture titled title into dir in each of formats, as
// TITLE.svg, TITLE.png, … (the title made a file name, numbered TITLE-2, …
// when taken), drawn by draw (a chart function or Renderer.Draw with the
// format's option). A format draw cannot make is written as
// TITLE.error.txt with the reason; the first error is returned. With PNG
// among the formats, the picture is also drawn without its title
// (Untitled) as UntitledDir/TITLE.png, for a slide whose own title stands
// for it (FigureDeck). Each picture written whole gets a line in dir's
// FigureIndex, in the order they come (ReadFigures).
func WriteFigure(dir, title string, formats []Format, draw func(opts ...Option) ([]byte, error)) error {
	if len(formats) == 0 {
		return errors.New("render: WriteFigure: no format")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("render: %v", err)
	}
	name := figureName(dir, title, formats)
	var first error
	for _, f := range formats {
		b, err := draw(As(f))
		ext := string(f)
		if err != nil {
			b, ext = []byte("error: "+err.Error()), "error.txt"
			first = cmp.Or(first, err)
		}
		if err := os.WriteFile(filepath.Join(dir, name+"."+ext), b, 0o644); err != nil {
			first = cmp.Or(first, error(fmt.Errorf("render: %v", err)))
		}
	}
	if first == nil && slices.Contains(formats, PNG) {
		b, err := draw(As(PNG), Untitled())
		if err == nil {
			err = os.MkdirAll(filepath.Join(dir, UntitledDir), 0o755)
		}
		if err == nil {
			err = os.WriteFile(filepath.Join(dir, UntitledDir, name+".png"), b, 0o644)
		}
		if err != nil {
			first = fmt.Errorf("render: %s without its title: %w", title, err)
		}
	}
	if first == nil {
		first = appendLine(filepath.Join(dir, FigureIndex), name+"\t"+oneLine(title)+"\n")
	}
	return first
}

func appendLine(path, line string) error {
	f, err := os.OpenFile(path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return fmt.Errorf("render: %v", err)
	}
	if _, err := f.WriteString(line); err != nil {
		f.Close()
		return fmt.Errorf("render: %v", err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("render: %v", err)
	}
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
