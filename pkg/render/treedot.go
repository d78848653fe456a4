package render

import (
	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/gametree"
	"github.com/cutoff-go/cutoff/pkg/render/dot"
)

// The tree's DOT and the step model live in package dot, which builds
// without Graphviz (for js/wasm too); pkg/render keeps its names for them.

// TreeOptions selects what a tree diagram shows: see dot.TreeOptions.
type TreeOptions = dot.TreeOptions

// FrameEvery says which events of a search get a frame: see dot.FrameEvery.
type FrameEvery = dot.FrameEvery

// FrameOptions says which frames of a search to draw: see dot.FrameOptions.
type FrameOptions = dot.FrameOptions

// The granularities of a step-through (dot.EveryEvent …).
const (
	EveryEvent = dot.EveryEvent
	EveryNode  = dot.EveryNode
	EveryEval  = dot.EveryEval
)

// ParseFrameEvery reads a granularity as the command line writes it: see
// dot.ParseFrameEvery.
func ParseFrameEvery(s string) (FrameEvery, error) { return dot.ParseFrameEvery(s) }

// TreeDOT draws the search rec recorded as a Graphviz DOT digraph, in the
// visual language of DESIGN.md: see dot.TreeDOT.
func TreeDOT[P gametree.Position[P]](rec *algos.Recorder[P], opt TreeOptions) (string, error) {
	return dot.TreeDOT(rec, opt)
}

// EventLines describes every recorded event in one line: see
// dot.EventLines.
func EventLines[P gametree.Position[P]](rec *algos.Recorder[P]) []string {
	return dot.EventLines(rec)
}

// The palette and the node kinds, as TreeDOT writes them.
const (
	colPruned    = dot.ColPruned
	colPending   = dot.ColPending
	colProbe     = dot.ColProbe
	colReSearch  = dot.ColReSearch
	colCut       = dot.ColCut
	colTT        = dot.ColTT
	colCurrent   = dot.ColCurrent
	colSecondary = dot.ColSecondary
	kindPending  = dot.KindPending
	kindPruned   = dot.KindPruned
	kindStub     = dot.KindStub
)

var tzName = dot.TeXName

// The board colours TreeDOT draws with.
const (
	colDiscMax  = dot.ColDiscMax
	colDiscMin  = dot.ColDiscMin
	colToken    = dot.ColToken
	kindVisited = dot.KindVisited
)

// frameSteps returns the 1-based steps of the frames fo chooses.
func frameSteps[P gametree.Position[P]](rec *algos.Recorder[P], fo FrameOptions) ([]int, error) {
	return dot.FrameSteps(rec, fo)
}
