package algos_test

import (
	"fmt"

	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/gametree"
)

// The tree of AIMA Fig. 5.2: alpha-beta finds the value 3 and the move to B,
// and never looks at C's last two leaves.
func ExampleAlphaBeta() {
	tree, err := gametree.Parse("A(B(3 12 8) C(2 4 6) D(14 5 2))")
	if err != nil {
		panic(err)
	}
	res, err := algos.AlphaBeta(tree.Root(), algos.FullDepth, nil)
	if err != nil {
		panic(err)
	}
	fmt.Println("value", res.Value, "move", tree.Root().MoveName(res.Move), "pv", res.PV)
	fmt.Println("leaves", res.Stats.Leaves, "of", tree.Leaves(), "pruned", res.Stats.Pruned)
	// Output:
	// value 3 move B pv [0 0]
	// leaves 7 of 9 pruned 2
}

// Negamax gives the same value as Minimax: scores are negated at every ply
// and the root's score is turned back to Max's point of view.
func ExampleNegamax() {
	tree, _ := gametree.Parse("((3 12 8) (2 4 6) (14 5 2))", gametree.RootPlayer(gametree.Min))
	mm, _ := algos.Minimax(tree.Root(), algos.FullDepth, nil)
	nm, _ := algos.Negamax(tree.Root(), algos.FullDepth, nil)
	fmt.Println(mm.Value, nm.Value, mm.Stats.Leaves == nm.Stats.Leaves)
	// Output:
	// 6 6 true
}

// A Recorder keeps the searched tree: here, where each cutoff happened, its
// kind, and what it pruned (Fig. 6.9 of §6.4 of «Системы искусственного
// интеллекта»).
func ExampleRecorder() {
	fx, _ := gametree.FixtureByName("deep-cutoff")
	tree := fx.Tree()
	rec := algos.NewRecorder[gametree.Node]()
	if _, err := algos.AlphaBeta(tree.Root(), algos.FullDepth, &algos.Options[gametree.Node]{Trace: rec}); err != nil {
		panic(err)
	}
	for n := range algos.Preorder(rec.Root()) {
		if n.Cut != nil {
			fmt.Printf("%s [%d,%d]: %s cutoff by %s (bound from ply %d), %d pruned\n",
				n.Pos.Name(), n.Alpha, n.Beta, n.Cut.Kind, n.Pos.MoveName(n.Cut.Move), n.Cut.From, n.Cut.Skipped)
		}
	}
	// Output:
	// B [5,1073741824]: shallow cutoff by W (bound from ply 0), 0 pruned
	// Y [5,1073741824]: deep cutoff by D (bound from ply 0), 2 pruned
}

// Fail-hard and fail-soft differ only in what they return outside the
// window: here the true value 3 lies below the window (4, 9). Fail-hard
// says "at most 4"; fail-soft's bound is tighter: "at most 3".
func ExampleOptions_fail() {
	tree, _ := gametree.Parse("((3 12 8) (2 4 6) (14 5 2))")
	for _, fail := range []algos.Fail{algos.FailHard, algos.FailSoft} {
		res, _ := algos.AlphaBeta(tree.Root(), algos.FullDepth, &algos.Options[gametree.Node]{
			Fail: fail, Window: &algos.Window{Alpha: 4, Beta: 9},
		})
		fmt.Println(fail, res.Value, res.Bound)
	}
	// Output:
	// hard 4 upper
	// soft 3 upper
}
