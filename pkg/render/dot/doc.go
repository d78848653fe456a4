// Package dot draws a recorded search as Graphviz DOT in Cutoff's visual
// language (DESIGN.md, "Rendering — the visual language") and holds the
// step model of a step-through: which events get a frame (FrameSteps), each
// event in words (EventLines), and each frame's DOT on the whole search's
// layout (FrameDOT, LayoutSizes).
//
// It needs no Graphviz and no fonts, so it builds for GOOS=js GOARCH=wasm:
// the site's playground runs it in the browser and lays its DOT out with
// Graphviz compiled to WebAssembly. Package render lays the same DOT out
// with go-graphviz and exports these names under its own (render.TreeDOT,
// render.TreeOptions, render.EventLines …), unchanged.
package dot
