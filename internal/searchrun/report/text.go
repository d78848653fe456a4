package report

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/cutoff-go/cutoff/pkg/algos"
)

// WriteText writes r as cutoff search's human summary: one line per
// field, the iterations last, a window as the pictures print it but with
// parentheses, "(−∞, 3)".
func (r *Report) WriteText(w io.Writer) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "algorithm   %s: %s\n", r.Algorithm, algos.Describe(r.Algorithm))
	if r.Depth != nil {
		fmt.Fprintf(bw, "depth       %d\n", *r.Depth)
	} else {
		fmt.Fprintf(bw, "depth       whole tree\n")
	}
	fmt.Fprintf(bw, "value       %d\n", r.Value)
	switch {
	case r.Move < 0:
		fmt.Fprintf(bw, "best move   none (the root is terminal)\n")
	case r.MoveName != "":
		fmt.Fprintf(bw, "best move   %d (%s)\n", r.Move, r.MoveName)
	default:
		fmt.Fprintf(bw, "best move   %d\n", r.Move)
	}
	fmt.Fprintf(bw, "pv          %s", joinInts(r.PV))
	if r.PVNames != nil {
		fmt.Fprintf(bw, " (%s)", strings.Join(r.PVNames, " "))
	}
	fmt.Fprintln(bw)
	if r.LeafOrder != nil {
		fmt.Fprintf(bw, "leaf order  %s\n", joinInts(r.LeafOrder))
	}
	fmt.Fprintf(bw, "stats       %s\n", StatsLine(r.Stats))
	for i, it := range r.Iterations {
		fmt.Fprintf(bw, "iteration %-2d depth %d window (%s, %s) value %d (%v) move %d nodes %d\n",
			i+1, it.Depth, algos.FormatValue(it.Alpha), algos.FormatValue(it.Beta), it.Value, it.Bound, it.Move, it.Stats.Nodes)
	}
	return bw.Flush()
}

func joinInts(a []int) string {
	s := make([]string, len(a))
	for i, x := range a {
		s[i] = strconv.Itoa(x)
	}
	return strings.Join(s, " ")
}
