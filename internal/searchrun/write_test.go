package searchrun

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/render"
)

// Spec asks Draw for what the outputs need: the tree as DOT or a picture,
// frames for SVG frames or a player, a deck for a deck or PNG frames.
func TestOutputsSpec(t *testing.T) {
	for _, c := range []struct {
		o                          Outputs
		dot, picture, frames, deck bool
	}{
		{Outputs{Out: "t.dot", DOT: true}, true, false, false, false},
		{Outputs{Out: "t.svg"}, false, true, false, false},
		{Outputs{Out: "s.pdf", Deck: true}, false, false, false, true},
		{Outputs{Frames: "fr"}, false, false, true, false},
		{Outputs{Frames: "fr", PNGFrames: true}, false, false, false, true},
		{Outputs{HTML: "p.html"}, false, false, true, false},
		{Outputs{Out: "t.svg", Frames: "fr", PNGFrames: true, HTML: "p.html"}, false, true, true, true},
	} {
		s := c.o.Spec(render.TreeOptions{Budget: 7}, render.FrameOptions{Until: 3})
		if s.DOT != c.dot || s.Picture != c.picture || s.Frames != c.frames || s.Deck != c.deck || s.Tree.Budget != 7 || s.Steps.Until != 3 {
			t.Errorf("%+v: spec %+v, want DOT %v, Picture %v, Frames %v, Deck %v", c.o, s, c.dot, c.picture, c.frames, c.deck)
		}
	}
}

// Write writes the tree to a file or to Stdout, the frames to a folder
// and the player to a file, and names the output it could not write.
func TestDrawingWrite(t *testing.T) {
	in := For(mustTree(t, "((3 12) (2 4))").Root(), nil)
	c := &Config{Alg: "alphabeta", Depth: algos.FullDepth}
	dir := t.TempDir()
	var stdout bytes.Buffer
	o := Outputs{Out: "-", DOT: true, Frames: filepath.Join(dir, "fr"), HTML: filepath.Join(dir, "p.html"), Title: "T", Stdout: &stdout}
	d, err := in.Draw(context.Background(), c, o.Spec(render.TreeOptions{Step: -1}, render.FrameOptions{}))
	if err != nil {
		t.Fatal(err)
	}
	if err := d.Write(o); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(stdout.String(), "digraph") {
		t.Errorf("stdout %.40q…, want the DOT source", stdout.String())
	}
	frames, _ := filepath.Glob(filepath.Join(dir, "fr", "frame-*.svg"))
	if len(frames) != len(d.Frames) || len(frames) == 0 {
		t.Errorf("%d frame files for %d frames", len(frames), len(d.Frames))
	}
	if page, err := os.ReadFile(o.HTML); err != nil || !bytes.Contains(page, []byte("cutoff-player")) {
		t.Errorf("the player: %v", err)
	}
	o.Out = filepath.Join(dir, "t.dot")
	if err := d.Write(o); err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(o.Out); err != nil || !bytes.Equal(b, stdout.Bytes()) {
		t.Errorf("-o t.dot: %v, want the DOT source written to stdout before", err)
	}
	for _, c := range []struct {
		o    Outputs
		want string
	}{
		{Outputs{Out: filepath.Join(dir, "missing", "t.dot")}, OutputTree},
		{Outputs{Frames: filepath.Join(o.Out, "fr")}, OutputFrames},
		{Outputs{HTML: filepath.Join(dir, "missing", "p.html")}, OutputHTML},
	} {
		err := d.Write(c.o)
		if oe, ok := errors.AsType[*OutputError](err); !ok || oe.Output != c.want {
			t.Errorf("%+v: %v, want an *OutputError of %s", c.o, err, c.want)
		}
	}
}
