package cliword

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
)

// prefixRE is how cmd/cutoff dropped package prefixes before OneLine (a
// regular expression, which would add half a megabyte to the playground's
// WebAssembly): OneLine must drop exactly what it drops.
var prefixRE = regexp.MustCompile(`(^|[^-\w])(?:gametree|algos|random|games|render): `)

// TestOneLineAsTheRegexp compares OneLine with prefixRE on random messages
// made of prefixes, flags' names and boundaries.
func TestOneLineAsTheRegexp(t *testing.T) {
	parts := []string{"render: ", "algos: ", "x", "-", " ", "-random: ", "gametree: ", ":", "a", "games: "}
	r := rand.New(rand.NewPCG(1, 2))
	for range 200000 {
		var b strings.Builder
		for range r.IntN(7) {
			b.WriteString(parts[r.IntN(len(parts))])
		}
		in := b.String()
		want := strings.Join(strings.Fields(prefixRE.ReplaceAllString(in, "$1")), " ")
		if got := OneLine(in); got != want {
			t.Fatalf("%q: got %q, want %q", in, got, want)
		}
	}
}
