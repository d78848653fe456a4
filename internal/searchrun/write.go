package searchrun

import (
	"bytes"
	"io"
	"os"
	"time"

	"github.com/cutoff-go/cutoff/pkg/render"
)

// Outputs says what cutoff render writes of a recorded search, and where:
// Spec says what Draw must make for it, Write writes what Draw made.
type Outputs struct {
	// Out is the tree's file ("-": Stdout; "": none): Graphviz DOT source
	// with DOT, else the picture drawn with Pic; with Deck, the search step
	// by step as a deck (render.Deck.WriteDeck: .pdf, .gif or .tex).
	Out       string
	DOT, Deck bool
	Pic       []render.Option
	// Frames is a folder of one SVG picture per step, or with PNGFrames of
	// the deck's steps as numbered PNG files; "": none.
	Frames    string
	PNGFrames bool
	// HTML is a file for a player stepping through the frames; "": none.
	HTML string
	// Title is the deck's and the player's title; DPI the PNG density of a
	// deck's pictures (0: render's default); Delay and Pause time a .gif.
	Title        string
	DPI          int
	Delay, Pause time.Duration
	Stdout       io.Writer
}

// The outputs an OutputError names.
const (
	OutputTree   = "the tree"
	OutputFrames = "the frames"
	OutputHTML   = "the player"
)

// OutputError is a Write that could not write one of its outputs
// (OutputTree, OutputFrames, OutputHTML).
type OutputError struct {
	Output string
	Err    error
}

func (e *OutputError) Error() string { return e.Output + ": " + e.Err.Error() }
func (e *OutputError) Unwrap() error { return e.Err }

// Spec is the DrawSpec that makes what o writes, drawing the tree with
// tree's options and the steps that steps chooses.
func (o *Outputs) Spec(tree render.TreeOptions, steps render.FrameOptions) DrawSpec {
	return DrawSpec{Tree: tree, Steps: steps, Pic: o.Pic,
		DOT: o.Out != "" && o.DOT, Picture: o.Out != "" && !o.DOT && !o.Deck,
		Frames: o.Frames != "" && !o.PNGFrames || o.HTML != "",
		Deck:   o.Deck || o.PNGFrames,
	}
}

// Write writes d, drawn by Draw with o.Spec, to o's outputs: the tree or
// the deck, then the frames, then the player. A file that cannot be
// written is an *OutputError; an error writing to o.Stdout is returned as
// it is.
func (d *Drawing) Write(o Outputs) error {
	switch {
	case o.Deck && o.Out != "":
		if err := d.Deck.WriteDeck(o.Out, o.Title, render.GIFOptions{Delay: o.Delay, Pause: o.Pause, DPI: o.DPI}); err != nil {
			return &OutputError{OutputTree, err}
		}
	case o.Out == "-":
		if _, err := o.Stdout.Write(d.Tree); err != nil {
			return err
		}
	case o.Out != "":
		if err := os.WriteFile(o.Out, d.Tree, 0o644); err != nil {
			return &OutputError{OutputTree, err}
		}
	}
	switch {
	case o.PNGFrames && o.Frames != "":
		if err := d.Deck.WritePNGs(o.Frames, o.DPI); err != nil {
			return &OutputError{OutputFrames, err}
		}
	case o.Frames != "":
		if err := render.WriteFrames(o.Frames, d.Frames); err != nil {
			return &OutputError{OutputFrames, err}
		}
	}
	if o.HTML != "" {
		var page bytes.Buffer
		err := render.Player(&page, d.Frames, o.Title)
		if err == nil {
			err = os.WriteFile(o.HTML, page.Bytes(), 0o666) // os.Create's mode
		}
		if err != nil {
			return &OutputError{OutputHTML, err}
		}
	}
	return nil
}
