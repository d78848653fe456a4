package main

import (
	"flag"
	"fmt"

	"github.com/cutoff-go/cutoff/internal/cliflag"
	"github.com/cutoff-go/cutoff/pkg/render"
)

// pictureFlags are the output flags of cutoff render and plot: the format
// comes from -o's extension, or from -format (needed for stdout), and -dpi
// sets a PNG's density.
type pictureFlags struct {
	format string
	dpi    int
}

func (p *pictureFlags) define(fs *flag.FlagSet) {
	p.dpi = render.DefaultDPI
	cliflag.Bind(fs, map[string]any{"format": &p.format, "dpi": &p.dpi})
}

// options returns the render options for writing to out ("-": stdout).
func (p *pictureFlags) options(out string) ([]render.Option, error) {
	if p.dpi < 24 || p.dpi > 1200 {
		return nil, fmt.Errorf("-dpi %d: want 24 to 1200 (%d, the default, suits a projector)", p.dpi, render.DefaultDPI)
	}
	var f render.Format
	switch {
	case p.format != "":
		var err error
		if f, err = render.ParseFormat(p.format); err != nil {
			return nil, fmt.Errorf("-format: %v", err)
		}
		if out != "-" && out != "" {
			if g, err := render.FormatOf(out); err == nil && g != f {
				return nil, fmt.Errorf("-format %s, but -o %s says %s", f, out, g)
			}
		}
	case out == "-" || out == "":
		f = render.SVG
	default:
		var err error
		if f, err = render.FormatOf(out); err != nil {
			return nil, fmt.Errorf("-o: %v", err)
		}
	}
	return []render.Option{render.As(f), render.DPI(p.dpi)}, nil
}
