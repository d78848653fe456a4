package searchrun

import (
	"context"
	"errors"
	"fmt"

	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/gametree"
	"github.com/cutoff-go/cutoff/pkg/render"
)

// DrawSpec says what Draw makes of a recorded search.
type DrawSpec struct {
	Tree render.TreeOptions
	// DOT asks for the tree as Graphviz DOT source; Picture for it drawn
	// with the options Pic (render.As, render.DPI). Neither: no tree.
	DOT, Picture bool
	Pic          []render.Option
	// Frames asks for one SVG picture per step Steps chooses (by default
	// every event), Deck for those steps as a render.Deck (a PDF deck, an
	// animated GIF, PNG files, Beamer).
	Frames, Deck bool
	Steps        render.FrameOptions
}

// Drawing is what Draw made.
type Drawing struct {
	Tree   []byte         // DOT source or the drawn picture; nil if not asked for
	Frames []render.Frame // nil if not asked for
	Deck   *render.Deck   // nil if not asked for
}

// PassError is a DrawSpec that asks for a pass the search does not have.
type PassError struct{ Pass, Passes int }

func (e *PassError) Error() string {
	return fmt.Sprintf("pass %d: the search has %d pass(es)", e.Pass, e.Passes)
}

// Draw runs the traced search of root (Config c) with a recorder and draws
// it as spec says. A search that runs out of its budget returns a
// *BudgetError, a spec.Tree.Pass beyond the search's passes a *PassError.
func Draw[P gametree.Position[P]](ctx context.Context, root P, c *Config, spec DrawSpec) (*Drawing, error) {
	fn, err := algos.ByName[P](c.Alg)
	if err != nil {
		return nil, err
	}
	opt, err := options[P](c)
	if err != nil {
		return nil, err
	}
	rec := algos.NewRecorder[P]()
	opt.Trace = rec
	if _, err := fn(root, c.Depth, opt); err != nil {
		if errors.Is(err, algos.ErrBudget) {
			return nil, &BudgetError{MaxNodes: c.MaxNodes}
		}
		return nil, err
	}
	if spec.Tree.Pass > len(rec.Roots) {
		return nil, &PassError{Pass: spec.Tree.Pass, Passes: len(rec.Roots)}
	}
	var rd *render.Renderer
	renderer := func() (*render.Renderer, error) {
		if rd == nil {
			var err error
			if rd, err = render.NewRenderer(ctx); err != nil {
				return nil, err
			}
		}
		return rd, nil
	}
	defer func() {
		if rd != nil {
			rd.Close()
		}
	}()
	out := &Drawing{}
	if spec.DOT || spec.Picture {
		dot, err := render.TreeDOT(rec, spec.Tree)
		if err != nil {
			return nil, err
		}
		out.Tree = []byte(dot)
		if spec.Picture {
			r, err := renderer()
			if err != nil {
				return nil, err
			}
			if out.Tree, err = r.Draw(ctx, dot, spec.Pic...); err != nil {
				return nil, err
			}
		}
	}
	if spec.Frames {
		r, err := renderer()
		if err != nil {
			return nil, err
		}
		if out.Frames, err = render.FramesWith(ctx, r, rec, spec.Tree, spec.Steps); err != nil {
			return nil, err
		}
	}
	if spec.Deck {
		r, err := renderer()
		if err != nil {
			return nil, err
		}
		if out.Deck, err = render.NewDeck(ctx, r, rec, spec.Tree, spec.Steps); err != nil {
			return nil, err
		}
	}
	return out, nil
}
