package searchrun

import (
	"context"

	"github.com/cutoff-go/cutoff/pkg/gametree"
)

// Input is a root position with its type hidden behind what can be done
// with it: search it (Search) or draw its recorded search (Draw).
type Input struct {
	search func(c *Config) (*Report, error)
	draw   func(ctx context.Context, c *Config, spec DrawSpec) (*Drawing, error)
}

// For wraps root. leafIndex, when not nil, numbers its statically evaluated
// positions for Report.LeafOrder (gametree.Node.LeafIndex for an explicit
// tree).
func For[P gametree.Position[P]](root P, leafIndex func(P) int) Input {
	return Input{
		search: func(c *Config) (*Report, error) { return Search(root, c, leafIndex) },
		draw: func(ctx context.Context, c *Config, spec DrawSpec) (*Drawing, error) {
			return Draw(ctx, root, c, spec)
		},
	}
}

// Search runs c on the input (the package's Search).
func (in Input) Search(c *Config) (*Report, error) { return in.search(c) }

// Draw draws c's recorded search of the input (the package's Draw).
func (in Input) Draw(ctx context.Context, c *Config, spec DrawSpec) (*Drawing, error) {
	return in.draw(ctx, c, spec)
}
