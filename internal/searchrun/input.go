package searchrun

import (
	"context"
	"errors"

	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/experiment"
	"github.com/cutoff-go/cutoff/pkg/gametree"
)

// Input is a root position with its type hidden behind what can be done
// with it: search it (Search), draw its recorded search (Draw), or measure
// it as cutoff plot's iterations and algorithms charts do.
type Input struct {
	search     func(c *Config) (*Report, error)
	draw       func(ctx context.Context, c *Config, spec DrawSpec) (*Drawing, error)
	iterations func(depth int, schedule []int, ref string, maxNodes int64) (iters, direct experiment.Series, err error)
	algorithms func(depth int, names []string, maxNodes int64) ([]experiment.Series, error)
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
		iterations: func(depth int, schedule []int, ref string, maxNodes int64) (experiment.Series, experiment.Series, error) {
			return experiment.MeasureIterations(root, depth, schedule, ref, maxNodes)
		},
		algorithms: func(depth int, names []string, maxNodes int64) ([]experiment.Series, error) {
			return experiment.MeasureAlgorithms(root, depth, names, maxNodes)
		},
	}
}

// Search runs c on the input (the package's Search).
func (in Input) Search(c *Config) (*Report, error) { return in.search(c) }

// Draw draws c's recorded search of the input (the package's Draw).
func (in Input) Draw(ctx context.Context, c *Config, spec DrawSpec) (*Drawing, error) {
	return in.draw(ctx, c, spec)
}

// MeasureIterations is experiment.MeasureIterations on the input; a search
// out of its budget is a *BudgetError, within an *experiment.SearchError
// for the reference search.
func (in Input) MeasureIterations(depth int, schedule []int, ref string, maxNodes int64) (iters, direct experiment.Series, err error) {
	iters, direct, err = in.iterations(depth, schedule, ref, maxNodes)
	return iters, direct, budgetError(err, maxNodes)
}

// MeasureAlgorithms is experiment.MeasureAlgorithms on the input; a search
// out of its budget is an *experiment.SearchError holding a *BudgetError.
func (in Input) MeasureAlgorithms(depth int, names []string, maxNodes int64) ([]experiment.Series, error) {
	series, err := in.algorithms(depth, names, maxNodes)
	return series, budgetError(err, maxNodes)
}

// budgetError turns algos.ErrBudget, alone or in an experiment.SearchError,
// into a *BudgetError.
func budgetError(err error, maxNodes int64) error {
	if se, ok := errors.AsType[*experiment.SearchError](err); ok {
		return &experiment.SearchError{Alg: se.Alg, Err: budgetError(se.Err, maxNodes)}
	}
	if errors.Is(err, algos.ErrBudget) {
		return &BudgetError{MaxNodes: maxNodes}
	}
	return err
}
