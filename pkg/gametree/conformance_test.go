package gametree_test

import (
	"testing"

	"github.com/cutoff-go/cutoff/pkg/gametree"
	"github.com/cutoff-go/cutoff/pkg/gametree/gametreetest"
)

// TestTreeConformance runs the conformance checks on explicit trees; the
// generated trees and the games run them in their own test files.
func TestTreeConformance(t *testing.T) {
	leaf := func(label string, v int) gametree.TreeSpec { return gametree.TreeSpec{Label: label, Value: v} }
	spec := gametree.TreeSpec{Label: "A", Children: []gametree.TreeSpec{
		{Label: "B", Value: 5, Children: []gametree.TreeSpec{leaf("b1", 3), leaf("b2", 12), leaf("b3", 8)}},
		{Label: "C", Children: []gametree.TreeSpec{leaf("c1", 2), {Children: []gametree.TreeSpec{leaf("", 4), leaf("", 6)}}}},
		leaf("D", 14),
	}}
	for _, root := range []gametree.Player{gametree.Max, gametree.Min} {
		tree, err := gametree.NewTree(spec, root)
		if err != nil {
			t.Fatal(err)
		}
		gametreetest.Run(t, tree.Root(), 1000)
	}
}
