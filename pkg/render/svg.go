package render

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/goccy/go-graphviz"
)

// Renderer turns DOT into SVG with one embedded Graphviz instance
// (go-graphviz runs Graphviz compiled to WebAssembly). Creating a Renderer
// compiles that module, which is expensive (about 0.75 s cold, less with
// go-graphviz's on-disk cache), so create one and reuse it for many
// pictures. A Renderer is safe for concurrent use; calls are serialised.
//
// Only SVG is offered: go-graphviz's PNG renderer is broken upstream
// (goccy/go-graphviz issue #106).
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
	if err := r.gv.Render(ctx, g, graphviz.SVG, &buf); err != nil {
		return nil, fmt.Errorf("render: laying out DOT: %w", err)
	}
	return buf.Bytes(), nil
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
