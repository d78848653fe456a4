// reflect reads the values behind a Node without calling Value (and so
// without being counted): an ordering by the true values of the children.
//
// want: 0
// why: imports reflect
package ordering

import (
	"reflect"

	"github.com/cutoff-go/cutoff/exercises/grade"
)

func NegamaxAB(n grade.Node, depth, alpha, beta, color int, order grade.OrderFunc) int {
	_ = reflect.ValueOf(n).Elem().NumField()
	return alpha
}
