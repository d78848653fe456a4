package quiz

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/cutoff-go/cutoff/pkg/gametree/random"
)

// RandomTree returns a random uniform tree of branching b and depth d as a
// labelled literal for the constructors, so that a quiz can be drawn fresh
// from a seed the notebook shows. It is random.Uniform{B: b, D: d, Seed:
// seed, Range: 20} (the documented generator: leaf values 0 to 19, children
// in natural order), with labels: the root R, its children A, B, C, …,
// their children A1, A2, … (and A11, A12, … one level further), leaves in
// lower case (a1, a2 under A; a1_1, a1_2 under A1). It accepts 2 ≤ b ≤ 4
// and 1 ≤ d ≤ 4 with at most 64 leaves, and returns an error otherwise.
// In a notebook: course.Must(quiz.RandomTree(3, 3, 7)).
func RandomTree(b, d int, seed uint64) (string, error) {
	if b < 2 || b > 4 || d < 1 || d > 4 {
		return "", fmt.Errorf("quiz: a random tree has branching 2 to 4 and depth 1 to 4, not b = %d, d = %d", b, d)
	}
	leaves := 1
	for range d {
		leaves *= b
	}
	if leaves > 64 {
		return "", fmt.Errorf("quiz: a random tree of b = %d, d = %d has %d leaves, more than 64", b, d, leaves)
	}
	root, err := random.Uniform{B: b, D: d, Seed: seed, Range: 20}.Root()
	if err != nil {
		return "", fmt.Errorf("quiz: %w", err)
	}
	var sb strings.Builder
	sb.WriteString("R")
	writeRandom(&sb, root, "")
	return sb.String(), nil
}

// writeRandom writes the children of n, whose label is label ("" for the
// root), as a parenthesised list.
func writeRandom(sb *strings.Builder, n random.UniformNode, label string) {
	sb.WriteByte('(')
	for i, c := range n.Children(nil) {
		if i > 0 {
			sb.WriteByte(' ')
		}
		var name string
		switch {
		case label == "":
			name = string(rune('A' + i))
		default:
			name = label + strconv.Itoa(i+1)
		}
		if len(c.Children(nil)) == 0 {
			leaf := strings.ToLower(name)
			if label != "" && len(label) > 1 {
				leaf = strings.ToLower(label) + "_" + strconv.Itoa(i+1)
			}
			sb.WriteString(leaf + "=" + strconv.Itoa(c.Value()))
			continue
		}
		sb.WriteString(name)
		writeRandom(sb, c, name)
	}
	sb.WriteByte(')')
}
