package render

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"regexp"
	"sync"

	"github.com/goccy/go-graphviz"
	"gonum.org/v1/plot/vg"
)

// Renderer turns DOT into SVG with one embedded Graphviz instance
// (go-graphviz runs Graphviz compiled to WebAssembly). Creating a Renderer
// compiles that module, which is expensive (about 0.75 s cold, less with
// go-graphviz's on-disk cache), so create one and reuse it for many
// pictures. A Renderer is safe for concurrent use; calls are serialised.
//
// SVG comes from Graphviz itself. PNG, PDF and TikZ (Draw) do not use
// Graphviz's own renderers (go-graphviz's PNG is broken upstream, its issue
// #106): Graphviz lays the graph out and returns every drawing operation
// (its json output), and gonum/plot's vg back ends draw them, so one
// drawing path serves the three formats.
type Renderer struct {
	mu sync.Mutex
	gv *graphviz.Graphviz
}

// NewRenderer starts a Graphviz instance. Close it when done.
func NewRenderer(ctx context.Context) (*Renderer, error) {
	gv, err := graphviz.New(ctx)
	if err != nil {
		return nil, fmt.Errorf("render: starting Graphviz: %w", err)
	}
	return &Renderer{gv: gv}, nil
}

// SVG lays out dot with Graphviz's dot layout and returns the SVG document.
func (r *Renderer) SVG(ctx context.Context, dot string) ([]byte, error) {
	return r.svg(ctx, dot)
}

func (r *Renderer) svg(ctx context.Context, dot string) ([]byte, error) {
	return r.graphviz(ctx, dot, graphviz.SVG)
}

// graphviz lays dot out and writes it with Graphviz's renderer for format.
func (r *Renderer) graphviz(ctx context.Context, dot string, format graphviz.Format) ([]byte, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.gv == nil {
		return nil, errors.New("render: Renderer is closed")
	}
	g, err := graphviz.ParseBytes([]byte(dot))
	if err != nil {
		return nil, fmt.Errorf("render: parsing DOT: %w", err)
	}
	defer g.Close()
	var buf bytes.Buffer
	if err := r.gv.Render(ctx, g, format, &buf); err != nil {
		return nil, fmt.Errorf("render: laying out DOT: %w", err)
	}
	return buf.Bytes(), nil
}

// Draw lays out dot and returns the picture in the format opts ask for
// (As(PNG), As(PDF), As(TeX); SVG by default, the same as SVG).
func (r *Renderer) Draw(ctx context.Context, dot string, opts ...Option) ([]byte, error) {
	o, err := makeOptions(opts)
	if err != nil {
		return nil, err
	}
	if o.untitled {
		dot = untitledDOT(dot)
	}
	if o.format == SVG {
		return r.svg(ctx, dot)
	}
	layout, err := r.layout(ctx, dot)
	if err != nil {
		return nil, err
	}
	if o.format == TeX {
		tex, err := treeTikZ(layout)
		if err != nil {
			return nil, err
		}
		s, err := texScripts(string(tex))
		return []byte(s), err
	}
	g, w, h, err := parseLayout(layout)
	if err != nil {
		return nil, err
	}
	// Graphviz's SVG pads the drawing by 4 points on every side: so does
	// this, with its background.
	const pad = 4
	c := newCanvas(o, w+2*pad, h+2*pad)
	fillBackground(c, w+2*pad, h+2*pad)
	c.Translate(vg.Point{X: pad, Y: pad})
	drawLayout(c, g)
	return finish(c, o)
}

// layout returns Graphviz's json output for dot: the layout and its
// drawing operations.
func (r *Renderer) layout(ctx context.Context, dot string) ([]byte, error) {
	return r.graphviz(ctx, dot, graphviz.Format("json"))
}

// Close releases the Graphviz instance. Closing twice is harmless.
//
// Graphviz's own close reports whether any error ever happened in the
// instance (a malformed DOT an earlier SVG call already reported, say), so
// Close drops that report and always returns nil.
func (r *Renderer) Close() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.gv == nil {
		return nil
	}
	_ = r.gv.Close() // the error count of the instance's lifetime; see above
	r.gv = nil
	return nil
}

// dotTitle is the title TreeDOT writes into the graph's attributes.
var dotTitle = regexp.MustCompile(`(?m)^(\tgraph \[[^\n]*?), label=<<B>.*?</B>>\]`)

// untitledDOT is dot without the title above the tree (TreeOptions.Title).
func untitledDOT(dot string) string {
	return dotTitle.ReplaceAllString(dot, "$1]")
}
