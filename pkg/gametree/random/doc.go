// Package random generates game trees from a seed, lazily, by formulas that
// any other implementation can reproduce (see gametree.SplitMix64, their
// only source of randomness): [Uniform], a random uniform tree (branching b,
// depth d, seed, [Ordering]) whose leaf values are independent, and
// [StronglyOrdered], a tree whose move ordering is good but not perfect and
// whose minimax value is known at every node, for experiments on move
// ordering. Their nodes, [UniformNode] and [OrderedNode], are
// gametree.Position values; neither tree is ever stored, so b = 8, d = 12
// costs nothing until it is walked.
package random
