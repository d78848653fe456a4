//go:build js && wasm

// Command playground is the WebAssembly program of the site's tree
// playground (tree.html): built by cutoff site with GOOS=js GOARCH=wasm, it
// runs in the page's Web Worker and answers requests with package
// playground's logic. It sets globalThis.cutoffPlayground, a function from
// a playground.Request as JSON to its reply as JSON, and then waits forever.
package main

import (
	"syscall/js"

	"github.com/cutoff-go/cutoff/internal/playground"
)

func main() {
	var s playground.Session
	handle := func(_ js.Value, args []js.Value) any {
		if len(args) != 1 || args[0].Type() != js.TypeString {
			return `{"error":"cutoffPlayground takes one JSON string"}`
		}
		return s.Handle(args[0].String())
	}
	js.Global().Set("cutoffPlayground", js.FuncOf(handle))
	select {}
}
