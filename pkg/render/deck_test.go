package render

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/gif"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/gametree"
	"github.com/cutoff-go/cutoff/pkg/gametree/random"
)

// aimaDeck is the deck of alpha-beta on AIMA Fig. 5.2 with windows: 23
// events, a cutoff among them.
func aimaDeck(t *testing.T, fo FrameOptions) (*Deck, *algos.Recorder[gametree.Node]) {
	t.Helper()
	rec := traced(t, "fixture:aima-fig5.2", "alphabeta")
	d, err := NewDeck(context.Background(), renderer(t), rec, TreeOptions{Windows: true, Title: "alpha-beta"}, fo)
	if err != nil {
		t.Fatal(err)
	}
	return d, rec
}

func TestFrameOptionsEveryEvalUntil(t *testing.T) {
	rec := traced(t, "fixture:aima-fig5.2", "alphabeta")
	var kinds []algos.EventKind
	for e := range rec.All() {
		kinds = append(kinds, e.Kind)
	}
	steps, err := frameSteps(rec, FrameOptions{Every: EveryEval})
	if err != nil {
		t.Fatal(err)
	}
	leaves, cuts := 0, 0
	for _, k := range kinds {
		switch k {
		case algos.Leaf:
			leaves++
		case algos.Cutoff:
			cuts++
		}
	}
	if len(steps) != leaves+cuts || cuts == 0 {
		t.Fatalf("every-eval: %d frames, want %d leaves + %d cuts (at least one cut)", len(steps), leaves, cuts)
	}
	for _, s := range steps {
		if k := kinds[s-1]; k != algos.Leaf && k != algos.Cutoff {
			t.Errorf("every-eval: step %d is a %v", s, k)
		}
	}
	until, err := frameSteps(rec, FrameOptions{Until: 10})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(until, []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}) {
		t.Errorf("Until 10: steps %v", until)
	}
	frames, err := FramesWith(context.Background(), renderer(t), rec, TreeOptions{}, FrameOptions{Every: EveryEval, Until: 10})
	if err != nil {
		t.Fatal(err)
	}
	lines := EventLines(rec)
	for _, f := range frames {
		if f.Step > 10 || !strings.HasPrefix(lines[f.Step-1], "leaf ") && !strings.HasPrefix(lines[f.Step-1], "cutoff ") {
			t.Errorf("frame of step %d (%q): want a leaf or a cut up to step 10", f.Step, f.Event)
		}
	}
	if _, err := frameSteps(rec, FrameOptions{Until: -1}); err == nil {
		t.Error("no error for Until -1")
	}
	for s, want := range map[string]FrameEvery{"event": EveryEvent, "node": EveryNode, "evals": EveryEval, "every-eval": EveryEval} {
		if got, err := ParseFrameEvery(s); err != nil || got != want {
			t.Errorf("ParseFrameEvery(%q) = %v, %v; want %v", s, got, err, want)
		}
	}
	if _, err := ParseFrameEvery("leaf"); err == nil {
		t.Error("no error for ParseFrameEvery(leaf)")
	}
}

// nodeBoxes lists where a layout draws its nodes' shapes.
func nodeBoxes(g *gvGraph) []string {
	var out []string
	for _, o := range g.Objects[min(g.SubgraphCnt, len(g.Objects)):] {
		for _, op := range o.Draw {
			switch op.Op {
			case "e", "E":
				out = append(out, fmt.Sprintf("%s e%.1f,%.1f", o.Name, op.Rect[0], op.Rect[1]))
			case "p", "P":
				out = append(out, fmt.Sprintf("%s p%.1f,%.1f", o.Name, op.Points[0][0], op.Points[0][1]))
			}
		}
	}
	return out
}

// A deck's pages share one layout: every node is drawn at the same place
// on every page, though labels (values, the cut mark) appear step by step.
func TestDeckLayoutStable(t *testing.T) {
	// A random tree whose frames moved before frames were fitted: the cut
	// marks added a label between ranks, and values grew the nodes.
	rec := traced(t, "fixture:aima-fig5.2", "alphabeta")
	d, err := NewDeck(context.Background(), renderer(t), rec, TreeOptions{Windows: true}, FrameOptions{})
	if err != nil {
		t.Fatal(err)
	}
	first := nodeBoxes(d.pages[0])
	if len(first) < 13 {
		t.Fatalf("first page draws %d nodes", len(first))
	}
	for i, g := range d.pages {
		if got := nodeBoxes(g); !reflect.DeepEqual(got, first) {
			t.Fatalf("page %d draws its nodes elsewhere than page 1:\n%v\nwant\n%v", i+1, got, first)
		}
		if g.BB != d.pages[0].BB {
			t.Fatalf("page %d's box %s, page 1's %s", i+1, g.BB, d.pages[0].BB)
		}
	}
	// Without the fit, the same frames do move: the test can fail.
	moved := false
	for k := 1; k <= rec.Len() && !moved; k++ {
		dot, err := TreeDOT(rec, TreeOptions{Windows: true, Step: k})
		if err != nil {
			t.Fatal(err)
		}
		js, err := renderer(t).layout(context.Background(), dot)
		if err != nil {
			t.Fatal(err)
		}
		g, _, _, err := parseLayout(js)
		if err != nil {
			t.Fatal(err)
		}
		moved = !reflect.DeepEqual(nodeBoxes(g), first)
	}
	if !moved {
		t.Error("unfitted frames never move: pick a tree whose labels change the layout")
	}
}

func TestDeckPDF(t *testing.T) {
	d, rec := aimaDeck(t, FrameOptions{})
	if len(d.Frames) != rec.Len() {
		t.Fatalf("%d frames for %d events", len(d.Frames), rec.Len())
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "steps.pdf")
	if err := d.WriteDeck(path, "", GIFOptions{}); err != nil {
		t.Fatal(err)
	}
	info := runTool(t, "pdfinfo", "-f", "1", "-l", "999", path)
	if !strings.Contains(info, fmt.Sprintf("Pages:          %d\n", len(d.Frames))) && !strings.Contains(info, fmt.Sprintf("Pages: %d\n", len(d.Frames))) {
		if !strings.Contains(strings.Join(strings.Fields(info), " "), fmt.Sprintf("Pages: %d ", len(d.Frames))) {
			t.Fatalf("pdfinfo: want %d pages:\n%s", len(d.Frames), info)
		}
	}
	w, h := d.Size()
	want := fmt.Sprintf("%g x %g pts", w.Points(), h.Points())
	sizes := 0
	for _, l := range strings.Split(info, "\n") {
		if strings.HasPrefix(l, "Page ") && strings.Contains(l, " size:") {
			sizes++
			if !strings.Contains(strings.Join(strings.Fields(l), " "), want) {
				t.Errorf("%s: want %s", l, want)
			}
		}
	}
	if sizes != len(d.Frames) {
		t.Errorf("pdfinfo listed %d page sizes, want %d", sizes, len(d.Frames))
	}
	for i, f := range d.Frames {
		text := runTool(t, "pdftotext", "-f", strconv.Itoa(i+1), "-l", strconv.Itoa(i+1), path, "-")
		caption := fmt.Sprintf("Step %d of %d:", f.Step, rec.Len())
		if !strings.Contains(text, caption) {
			t.Errorf("page %d: no caption %q in\n%s", i+1, caption, text)
		}
		// The event's words in code page 1252 are text too.
		for _, word := range strings.Fields(f.Event) {
			if _, ok := cp1252(word); ok && !strings.Contains(text, word) {
				t.Errorf("page %d: caption word %q of %q not found", i+1, word, f.Event)
			}
		}
	}
	// Only the whole file, no temporary file left beside it.
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Errorf("the folder holds %d files, want the deck alone", len(ents))
	}
}

// runTool runs a poppler or TeX tool and returns its output.
func runTool(t *testing.T, name string, args ...string) string {
	t.Helper()
	out, err := exec.Command(needTool(t, name), args...).CombinedOutput()
	if err != nil {
		t.Fatalf("%s %v: %v\n%s", name, args, err, out)
	}
	return string(out)
}

// The course's colours a frame uses (black, white, the pending grey, the
// current node's yellow, the cut's vermillion) are in the GIF's palette
// exactly, and frames differ from one another where the search moved.
func TestDeckGIF(t *testing.T) {
	d, _ := aimaDeck(t, FrameOptions{Every: EveryEval})
	var b bytes.Buffer
	if err := d.WriteGIF(&b, GIFOptions{Delay: 800 * time.Millisecond, Pause: 4 * time.Second, DPI: 96}); err != nil {
		t.Fatal(err)
	}
	g, err := gif.DecodeAll(&b)
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Image) != len(d.Frames) {
		t.Fatalf("%d GIF frames, want %d", len(g.Image), len(d.Frames))
	}
	for i, delay := range g.Delay {
		want := 80
		if i == len(g.Delay)-1 {
			want = 400
		}
		if delay != want {
			t.Errorf("frame %d: delay %d cs, want %d", i+1, delay, want)
		}
	}
	w, h := d.Size()
	if g.Config.Width != int(w.Dots(96)+0.5) || g.Config.Height != int(h.Dots(96)+0.5) {
		t.Errorf("GIF %d × %d px, pages %v × %v", g.Config.Width, g.Config.Height, w, h)
	}
	pal := map[color.RGBA]bool{}
	for _, c := range g.Image[0].Palette {
		r, gg, b, _ := c.RGBA()
		pal[color.RGBA{uint8(r >> 8), uint8(gg >> 8), uint8(b >> 8), 255}] = true
	}
	for _, c := range []string{"#000000", "#FFFFFF", colPending, colCurrent, colCut, colPruned} {
		rgba := parseColor(c).(color.NRGBA)
		if !pal[color.RGBA{rgba.R, rgba.G, rgba.B, 255}] {
			t.Errorf("colour %s is not in the GIF's palette", c)
		}
	}
	// Composite the frames; each must show something the previous did not.
	canvas := image.NewRGBA(image.Rect(0, 0, g.Config.Width, g.Config.Height))
	var prev []byte
	for i, im := range g.Image {
		draw.Draw(canvas, im.Bounds(), im, im.Bounds().Min, draw.Over)
		if prev != nil && bytes.Equal(prev, canvas.Pix) {
			t.Errorf("frame %d looks the same as frame %d", i+1, i)
		}
		prev = append(prev[:0], canvas.Pix...)
	}
	// The last composite is the last page as the PNG sequence draws it.
	want := d.image(len(d.Frames)-1, 96)
	diff := 0
	for i := 0; i+3 < len(want.Pix); i += 4 {
		if want.Pix[i] != canvas.Pix[i] || want.Pix[i+1] != canvas.Pix[i+1] || want.Pix[i+2] != canvas.Pix[i+2] {
			diff++
		}
	}
	if diff > len(want.Pix)/4/100 { // anti-aliasing shades beyond 256 colours only
		t.Errorf("the GIF's last frame differs from the page in %d pixels", diff)
	}
}

func TestDeckPNGs(t *testing.T) {
	d, _ := aimaDeck(t, FrameOptions{Every: EveryNode})
	dir := filepath.Join(t.TempDir(), "steps")
	if err := d.WritePNGs(dir, 96); err != nil {
		t.Fatal(err)
	}
	index, err := os.ReadFile(filepath.Join(dir, "index.txt"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(index)), "\n")
	if len(lines) != len(d.Frames) {
		t.Fatalf("index.txt has %d lines, want %d", len(lines), len(d.Frames))
	}
	var prev image.Image
	for i := range d.Frames {
		name := fmt.Sprintf("step-%03d.png", i+1)
		if want := name + "\t" + strconv.Itoa(d.Frames[i].Step) + "\t" + d.Caption(i); lines[i] != want {
			t.Errorf("index line %d: %q, want %q", i+1, lines[i], want)
		}
		f, err := os.Open(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(f)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		if prev != nil {
			if img.Bounds() != prev.Bounds() {
				t.Errorf("%s is %v, the first %v", name, img.Bounds(), prev.Bounds())
			}
			if reflect.DeepEqual(img, prev) {
				t.Errorf("%s is the same picture as the one before", name)
			}
		}
		prev = img
	}
	if ents, _ := os.ReadDir(filepath.Dir(dir)); len(ents) != 1 {
		t.Errorf("a temporary folder is left beside %s", dir)
	}
}

// Decks too long or too wide are refused before anything is written.
func TestDeckLimits(t *testing.T) {
	root, err := random.Uniform{B: 3, D: 5, Seed: 1}.Root()
	if err != nil {
		t.Fatal(err)
	}
	rec := tracedRoot(t, root, "minimax", algos.FullDepth)
	_, err = NewDeck(context.Background(), renderer(t), rec, TreeOptions{Budget: 30}, FrameOptions{})
	var fc *FrameCountError
	if !errors.As(err, &fc) || fc.Frames != rec.Len() || fc.Max != MaxDeckFrames || !strings.Contains(err.Error(), "MaxDeckFrames = 500") {
		t.Fatalf("%d events: got %v, want a FrameCountError naming MaxDeckFrames", rec.Len(), err)
	}
	// Until brings it within the bound.
	if _, err := NewDeck(context.Background(), renderer(t), rec, TreeOptions{Budget: 12}, FrameOptions{Until: 40}); err != nil {
		t.Fatalf("Until 40: %v", err)
	}
	// 243 leaves side by side: too wide for a slide.
	_, err = NewDeck(context.Background(), renderer(t), rec, TreeOptions{}, FrameOptions{Every: EveryEval, Until: 40})
	var ur *UnreadableError
	if !errors.As(err, &ur) || ur.Text >= MinTextHeight || ur.Width < 3000 {
		t.Fatalf("a tree of 243 leaves: got %v, want an UnreadableError", err)
	}
	d, _ := aimaDeck(t, FrameOptions{})
	path := filepath.Join(t.TempDir(), "steps.svg")
	if err := d.WriteDeck(path, "", GIFOptions{}); err == nil {
		t.Error("no error for a deck written as .svg")
	}
	if _, err := os.Stat(path); err == nil {
		t.Error("a .svg deck was written")
	}
}

// The Beamer frame compiles with pdflatex into one page per overlay, each
// with its caption, and the frame between its marks is what a lecture
// pastes.
func TestDeckBeamer(t *testing.T) {
	d, rec := aimaDeck(t, FrameOptions{Every: EveryEval})
	dir := t.TempDir()
	path := filepath.Join(dir, "steps.tex")
	if err := d.WriteDeck(path, "Alpha-beta, step by step", GIFOptions{}); err != nil {
		t.Fatal(err)
	}
	tex, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	s := string(tex)
	from, to := strings.Index(s, "% --- frame: paste from here\n"), strings.Index(s, "% --- to here\n")
	if from < 0 || to < from || strings.Count(s[from:to], `\only<`) != len(d.Frames) || !strings.Contains(s, "steps-pages.pdf") {
		t.Fatalf("the frame's marks, its %d overlays or its pictures' name are missing:\n%s", len(d.Frames), s)
	}
	pages, err := os.ReadFile(filepath.Join(dir, "steps-pages.pdf"))
	if err != nil {
		t.Fatal(err)
	}
	// Text as outlines: pdflatex would copy embedded fonts into every slide.
	if bytes.Contains(pages, []byte("/FontFile")) {
		t.Error("the Beamer frame's pages embed fonts")
	}
	tool := needTool(t, "pdflatex")
	needTool(t, "pdftotext")
	if out, err := exec.Command("kpsewhich", "beamer.cls").Output(); err != nil || len(out) == 0 {
		if os.Getenv("CUTOFF_TEX_TESTS") == "1" {
			t.Fatal("beamer.cls not found (CUTOFF_TEX_TESTS=1: texlive-latex-recommended is required)")
		}
		t.Skip("beamer.cls not found")
	}
	cmd := exec.Command(tool, "-interaction=nonstopmode", "-halt-on-error", "steps.tex")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("pdflatex steps.tex: %v\n%s", err, tail(string(out), 1500))
	}
	pdf := filepath.Join(dir, "steps.pdf")
	info := strings.Join(strings.Fields(runTool(t, "pdfinfo", pdf)), " ")
	if !strings.Contains(info, fmt.Sprintf("Pages: %d ", len(d.Frames))) {
		t.Fatalf("want %d pages: %s", len(d.Frames), info)
	}
	for i, f := range d.Frames {
		text := runTool(t, "pdftotext", "-f", strconv.Itoa(i+1), "-l", strconv.Itoa(i+1), pdf, "-")
		if want := fmt.Sprintf("Step %d of %d:", f.Step, rec.Len()); !strings.Contains(text, want) {
			t.Errorf("slide %d: no %q in\n%s", i+1, want, text)
		}
	}
}
