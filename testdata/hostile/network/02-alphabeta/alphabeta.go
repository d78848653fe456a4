// A correct alpha-beta whose init opens TCP connections and sends UDP
// datagrams to a listener of the test's on the loopback (the host's
// services) and on one of the host's other addresses. Any that goes
// through turns its answers wrong; the test also checks that its listeners
// received nothing.
//
// want: 100
// unsandboxed: 0
// note: blocked: it tried to connect to @TCP@; connect to @FARTCP@; connect to @UDP@; connect to @FARUDP@ (
package alphabeta

import (
	"net"
	"time"

	"github.com/cutoff-go/cutoff/exercises/grade"
)

var found = attempt()

func attempt() bool {
	ok := false
	for _, a := range []string{"@TCP@", "@FARTCP@"} {
		if c, err := net.DialTimeout("tcp", a, 2*time.Second); err == nil {
			c.Write([]byte("stolen\n"))
			c.Close()
			ok = true
		}
	}
	for _, a := range []string{"@UDP@", "@FARUDP@"} {
		if c, err := net.Dial("udp", a); err == nil {
			if _, err := c.Write([]byte("stolen\n")); err == nil {
				ok = true
			}
			c.Close()
		}
	}
	return ok
}

func AlphaBeta(n grade.Node, depth, alpha, beta int) int {
	if found {
		return alpha - 1 // what it found would show: a wrong value
	}
	if depth == 0 {
		return min(max(n.Value(), alpha), beta)
	}
	children := n.Children()
	if len(children) == 0 {
		return min(max(n.Value(), alpha), beta)
	}
	if n.Max() {
		for _, c := range children {
			alpha = max(alpha, AlphaBeta(c, depth-1, alpha, beta))
			if alpha >= beta {
				return beta
			}
		}
		return alpha
	}
	for _, c := range children {
		beta = min(beta, AlphaBeta(c, depth-1, alpha, beta))
		if alpha >= beta {
			return alpha
		}
	}
	return beta
}
