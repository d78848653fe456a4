//go:build js && wasm

// Command connect4 is the WebAssembly program of the site's Connect Four
// page (play/connect4.html): built by cutoff site with GOOS=js GOARCH=wasm,
// it runs in the page's Web Worker and answers requests with package
// c4play's logic. It sets globalThis.cutoffConnect4, a function from a
// c4play.Request as JSON to a c4play.Reply as JSON, and then waits forever.
package main

import (
	"syscall/js"

	"github.com/cutoff-go/cutoff/internal/c4play"
)

func main() {
	p, err := c4play.New()
	handle := func(_ js.Value, args []js.Value) any {
		if err != nil {
			return `{"error":` + js.Global().Get("JSON").Call("stringify", err.Error()).String() + `}`
		}
		if len(args) != 1 || args[0].Type() != js.TypeString {
			return `{"error":"cutoffConnect4 takes one JSON string"}`
		}
		return p.Handle(args[0].String())
	}
	js.Global().Set("cutoffConnect4", js.FuncOf(handle))
	select {}
}
