package render

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/cutoff-go/cutoff/pkg/connect4"
	"github.com/cutoff-go/cutoff/pkg/games"
)

// The tools that open the PDF and the TikZ (poppler-utils, texlive): CI
// installs them and sets CUTOFF_TEX_TESTS=1, which turns a missing tool
// into a failure instead of a skip.
func needTool(t *testing.T, name string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		if os.Getenv("CUTOFF_TEX_TESTS") == "1" {
			t.Fatalf("%s is not installed (CUTOFF_TEX_TESTS=1: poppler-utils and texlive are required)", name)
		}
		t.Skipf("%s is not installed", name)
	}
	return p
}

// picture is one picture of each kind, drawn in a format.
type picture struct {
	name   string
	labels []string // text the picture must show
	draw   func(t *testing.T, opts ...Option) []byte
	dot    func(t *testing.T) string // a tree's DOT; nil for a chart
}

var testRenderer *Renderer

func renderer(t *testing.T) *Renderer {
	t.Helper()
	if testRenderer == nil {
		r, err := NewRenderer(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		testRenderer = r
	}
	return testRenderer
}

func pictures() []picture {
	treeDOT := func(name string) func(t *testing.T) string {
		return func(t *testing.T) string {
			for _, tc := range goldenCases() {
				if tc.name == name {
					dot, err := TreeDOT(traced(t, tc.tree, tc.alg), tc.opt)
					if err != nil {
						t.Fatal(err)
					}
					return dot
				}
			}
			t.Fatalf("no golden case %s", name)
			return ""
		}
	}
	tree := func(name string) func(t *testing.T, opts ...Option) []byte {
		return func(t *testing.T, opts ...Option) []byte {
			b, err := renderer(t).Draw(context.Background(), treeDOT(name)(t), opts...)
			if err != nil {
				t.Fatal(err)
			}
			return b
		}
	}
	return []picture{
		{"aima-fig5.2-alphabeta", []string{"b1", "b2", "c1", "d3", "12", "14", "shallow", "PV", "CUT", "ALL"}, tree("aima-fig5.2-alphabeta"), treeDOT("aima-fig5.2-alphabeta")},
		{"pvs-research-pvs", []string{"b1", "c2", "d2", "12"}, tree("pvs-research-pvs"), treeDOT("pvs-research-pvs")},
		{"aima-fig5.2-mtdf", []string{"pass 1", "pass 2", "b1", "d3"}, tree("aima-fig5.2-mtdf"), treeDOT("aima-fig5.2-mtdf")},
		{"chart-algorithms", []string{"leaves", "nodes", "alphabeta", "mtdf", "Eight algorithms"}, func(t *testing.T, opts ...Option) []byte {
			names := []string{"alphabeta", "pvs", "mtdf"}
			b, err := AlgorithmsChart(names, []Series{
				{Name: "leaves", X: []float64{0, 1, 2}, Y: []float64{40, 36, 31}},
				{Name: "nodes", X: []float64{0, 1, 2}, Y: []float64{60, 58, 70}},
			}, "Eight algorithms on one tree", opts...)
			if err != nil {
				t.Fatal(err)
			}
			return b
		}, nil},
	}
}

// TestFormats draws every picture in every format and opens each the way
// its reader would.
func TestFormats(t *testing.T) {
	for _, p := range pictures() {
		t.Run(p.name, func(t *testing.T) {
			pngb := p.draw(t, As(PNG), DPI(144))
			img, err := png.Decode(bytes.NewReader(pngb))
			if err != nil {
				t.Fatalf("PNG does not decode: %v", err)
			}
			checkInk(t, img)
			if p.dot != nil {
				checkNodesInked(t, p.dot(t), img, 2)
			}
			pdfb := p.draw(t, As(PDF))
			wpt, hpt := pdfPageSize(t, pdfb)
			// The PNG is the PDF's page at 144 dpi, to the pixel.
			if b := img.Bounds(); math.Abs(float64(b.Dx())-wpt*2) > 1 || math.Abs(float64(b.Dy())-hpt*2) > 1 {
				t.Errorf("PNG %v at 144 dpi, PDF page %.1f × %.1f pt: want %.0f × %.0f px", b.Size(), wpt, hpt, wpt*2, hpt*2)
			}
			dir := t.TempDir()
			pdfPath := filepath.Join(dir, p.name+".pdf")
			os.WriteFile(pdfPath, pdfb, 0o644)
			checkPDFText(t, pdfPath, p.labels)
			checkPDFMatchesPNG(t, pdfPath, img)
			checkPDFWords(t, pdfPath, img)
			checkFontPrograms(t, pdfb)
			tex := p.draw(t, As(TeX))
			for _, want := range []string{`\documentclass{standalone}`, `\usepackage{tikz}`, `\begin{tikzpicture}`, `\end{tikzpicture}`} {
				if !bytes.Contains(tex, []byte(want)) {
					t.Errorf("TikZ lacks %s", want)
				}
			}
			checkTeXCompiles(t, dir, p.name, tex, p.labels)
		})
	}
}

// checkInk: a picture on white with drawing in it, not blank, not black.
func checkInk(t *testing.T, img image.Image) {
	t.Helper()
	b := img.Bounds()
	white, ink := 0, 0
	for y := b.Min.Y; y < b.Max.Y; y += 2 {
		for x := b.Min.X; x < b.Max.X; x += 2 {
			r, g, bl, _ := img.At(x, y).RGBA()
			if r > 0xf000 && g > 0xf000 && bl > 0xf000 {
				white++
			} else if r < 0x8000 || g < 0x8000 || bl < 0x8000 {
				ink++
			}
		}
	}
	total := (b.Dx() / 2) * (b.Dy() / 2)
	if white < total/2 || ink < total/200 {
		t.Errorf("PNG %v: %d of %d sampled pixels white, %d ink: want a drawing on white", b.Size(), white, total, ink)
	}
	if r, g, bl, _ := img.At(b.Min.X, b.Min.Y).RGBA(); r < 0xf000 || g < 0xf000 || bl < 0xf000 {
		t.Errorf("PNG's corner is not white: %v", img.At(b.Min.X, b.Min.Y))
	}
}

// checkNodesInked: where Graphviz put each node (its layout's "pos", in
// points), the PNG at scale pixels per point has ink.
func checkNodesInked(t *testing.T, dot string, img image.Image, scale float64) {
	t.Helper()
	layout, err := renderer(t).layout(context.Background(), dot)
	if err != nil {
		t.Fatal(err)
	}
	var g struct {
		BB      string `json:"bb"`
		Objects []struct {
			Name string `json:"name"`
			Pos  string `json:"pos"`
		} `json:"objects"`
	}
	if err := json.Unmarshal(layout, &g); err != nil {
		t.Fatal(err)
	}
	_, _, h, err := parseLayout(layout)
	if err != nil {
		t.Fatal(err)
	}
	const pad = 4
	nodes := 0
	for _, o := range g.Objects {
		var x, y float64
		if _, err := fmt.Sscanf(o.Pos, "%g,%g", &x, &y); err != nil {
			continue // a cluster
		}
		nodes++
		px, py := int((x+pad)*scale), int((float64(h.Points())+pad-y)*scale)
		ink := false
		for dy := -8; dy <= 8 && !ink; dy++ {
			for dx := -8; dx <= 8 && !ink; dx++ {
				r, g, b, _ := img.At(px+dx, py+dy).RGBA()
				ink = r < 0xc000 || g < 0xc000 || b < 0xc000
			}
		}
		if !ink {
			t.Errorf("node %s at (%d, %d) px: no ink around it", o.Name, px, py)
		}
	}
	if nodes < 5 {
		t.Errorf("%d nodes in the layout", nodes)
	}
}

var mediaBox = regexp.MustCompile(`/MediaBox\s*\[\s*0\s+0\s+([0-9.]+)\s+([0-9.]+)\s*\]`)

// pdfPageSize checks that the PDF has one page and returns its size.
func pdfPageSize(t *testing.T, b []byte) (w, h float64) {
	t.Helper()
	if !bytes.HasPrefix(b, []byte("%PDF-")) {
		t.Fatalf("not a PDF: %q", b[:min(20, len(b))])
	}
	if n := bytes.Count(b, []byte("/Type /Page\n")) + bytes.Count(b, []byte("/Type /Page ")) + bytes.Count(b, []byte("/Type /Page/")); n != 1 {
		t.Errorf("%d pages, want 1", n)
	}
	m := mediaBox.FindSubmatch(b)
	if m == nil {
		t.Fatal("the PDF has no MediaBox")
	}
	w, _ = strconv.ParseFloat(string(m[1]), 64)
	h, _ = strconv.ParseFloat(string(m[2]), 64)
	if !bytes.Contains(b, []byte("/FontFile")) {
		t.Error("the PDF embeds no font")
	}
	return w, h
}

func checkPDFText(t *testing.T, path string, labels []string) {
	t.Helper()
	tool := needTool(t, "pdftotext")
	out, err := exec.Command(tool, "-layout", path, "-").CombinedOutput()
	if err != nil {
		t.Fatalf("pdftotext: %v\n%s", err, out)
	}
	for _, l := range labels {
		if !strings.Contains(string(out), l) {
			t.Errorf("the PDF's text lacks %q:\n%s", l, out)
		}
	}
}

// checkPDFMatchesPNG renders the PDF with pdftoppm at the PNG's density
// and compares the two in blocks of 8 × 8 pixels: text is rasterised by
// different engines, so pixels differ at glyph edges, but every block's
// mean grey must agree closely.
func checkPDFMatchesPNG(t *testing.T, pdfPath string, want image.Image) {
	t.Helper()
	tool := needTool(t, "pdftoppm")
	prefix := strings.TrimSuffix(pdfPath, ".pdf") + "-ppm"
	if out, err := exec.Command(tool, "-png", "-r", "144", "-singlefile", pdfPath, prefix).CombinedOutput(); err != nil {
		t.Fatalf("pdftoppm: %v\n%s", err, out)
	}
	f, err := os.Open(prefix + ".png")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	got, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	gb, wb := got.Bounds(), want.Bounds()
	if abs(gb.Dx()-wb.Dx()) > 1 || abs(gb.Dy()-wb.Dy()) > 1 {
		t.Fatalf("pdftoppm's page is %v, the PNG %v", gb.Size(), wb.Size())
	}
	const block = 8
	worst, sum, n := 0.0, 0.0, 0
	for y := 0; y+block <= min(gb.Dy(), wb.Dy()); y += block {
		for x := 0; x+block <= min(gb.Dx(), wb.Dx()); x += block {
			d := math.Abs(meanGrey(got, gb.Min.X+x, gb.Min.Y+y, block) - meanGrey(want, wb.Min.X+x, wb.Min.Y+y, block))
			worst = max(worst, d)
			sum += d
			n++
		}
	}
	if mean := sum / float64(n); mean > 0.02 || worst > 0.5 {
		t.Errorf("pdftoppm's rendering of the PDF and the PNG differ: mean block difference %.3f (want ≤ 0.02), worst %.3f (want ≤ 0.5)", mean, worst)
	}
}

func meanGrey(img image.Image, x0, y0, size int) float64 {
	s := 0.0
	for y := y0; y < y0+size; y++ {
		for x := x0; x < x0+size; x++ {
			g := color.GrayModel.Convert(img.At(x, y)).(color.Gray)
			s += float64(g.Y) / 255
		}
	}
	return s / float64(size*size)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// checkTeXCompiles runs pdflatex on the TikZ and checks the labels in its
// PDF.
func checkTeXCompiles(t *testing.T, dir, name string, tex []byte, labels []string) {
	t.Helper()
	tool := needTool(t, "pdflatex")
	texDir := filepath.Join(dir, "tex")
	os.MkdirAll(texDir, 0o755)
	if err := os.WriteFile(filepath.Join(texDir, name+".tex"), tex, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(tool, "-interaction=nonstopmode", "-halt-on-error", name+".tex")
	cmd.Dir = texDir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("pdflatex %s.tex: %v\n%s", name, err, tail(string(out), 1500))
	}
	checkPDFText(t, filepath.Join(texDir, name+".pdf"), labels)
}

func tail(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return "…" + s[len(s)-n:]
}

// TestFormatGolden keeps each format of two textbook trees as a golden
// file (go test ./pkg/render -run FormatGolden -update rewrites them): the
// SVG, the TikZ and the PDF (without its date) byte for byte, the PNG pixel
// for pixel.
func TestFormatGolden(t *testing.T) {
	for _, p := range pictures()[:2] {
		for _, f := range Formats {
			t.Run(fmt.Sprintf("%s.%s", p.name, f), func(t *testing.T) {
				got := p.draw(t, As(f))
				path := filepath.Join("..", "..", "testdata", "golden", "formats", p.name+"."+string(f))
				if *update {
					os.MkdirAll(filepath.Dir(path), 0o755)
					if err := os.WriteFile(path, got, 0o644); err != nil {
						t.Fatal(err)
					}
					return
				}
				want, err := os.ReadFile(path)
				if err != nil {
					t.Fatalf("%v (go test ./pkg/render -run FormatGolden -update creates it)", err)
				}
				switch f {
				case PNG:
					gi, err1 := png.Decode(bytes.NewReader(got))
					wi, err2 := png.Decode(bytes.NewReader(want))
					if err1 != nil || err2 != nil || gi.Bounds() != wi.Bounds() {
						t.Fatalf("PNG %v / golden %v: %v %v", gi.Bounds(), wi.Bounds(), err1, err2)
					}
					diff := 0
					for y := gi.Bounds().Min.Y; y < gi.Bounds().Max.Y; y++ {
						for x := gi.Bounds().Min.X; x < gi.Bounds().Max.X; x++ {
							if gi.At(x, y) != wi.At(x, y) {
								diff++
							}
						}
					}
					if diff > 0 {
						t.Errorf("%d pixels differ from %s (-update rewrites it after review)", diff, path)
					}
				default:
					if !bytes.Equal(undated(got), undated(want)) {
						t.Errorf("differs from %s (-update rewrites it after review)", path)
					}
				}
			})
		}
	}
}

var (
	pdfDate  = regexp.MustCompile(`/CreationDate \([^)]*\)|/ModDate \([^)]*\)`)
	pdfFonts = regexp.MustCompile(`(?s)/Font <<\n(.*?)\n>>`)
)

// undated drops what varies from run to run in a PDF: its dates, and the
// order of its font dictionary (go-pdf writes it from a map).
func undated(b []byte) []byte {
	b = pdfDate.ReplaceAll(b, nil)
	return pdfFonts.ReplaceAllFunc(b, func(m []byte) []byte {
		inner := pdfFonts.FindSubmatch(m)[1]
		lines := bytes.Split(inner, []byte("\n"))
		slices.SortFunc(lines, bytes.Compare)
		return append(append([]byte("/Font <<\n"), bytes.Join(lines, []byte("\n"))...), []byte("\n>>")...)
	})
}

// BenchmarkDraw times one textbook tree (AIMA Fig. 5.2, alpha-beta with
// windows, visit order and node types) in each format, with a warm
// Renderer; bytes/op reports the file's size.
func BenchmarkDraw(b *testing.B) {
	var tc goldenCase
	for _, c := range goldenCases() {
		if c.name == "aima-fig5.2-alphabeta" {
			tc = c
		}
	}
	dot, err := TreeDOT(traced(b, tc.tree, tc.alg), tc.opt)
	if err != nil {
		b.Fatal(err)
	}
	r, err := NewRenderer(context.Background())
	if err != nil {
		b.Fatal(err)
	}
	defer r.Close()
	for _, f := range Formats {
		b.Run(string(f), func(b *testing.B) {
			var size int
			for b.Loop() {
				out, err := r.Draw(context.Background(), dot, As(f))
				if err != nil {
					b.Fatal(err)
				}
				size = len(out)
			}
			b.ReportMetric(float64(size), "bytes/file")
		})
	}
}

// Boards in nodes: every game's positions are drawn as boards, searched
// ones in colour and pruned ones in grey, and a board tree writes in every
// format.
func TestBoards(t *testing.T) {
	ttt, err := games.ParseTicTacToe("xo. .o. x..")
	if err != nil {
		t.Fatal(err)
	}
	c4, err := connect4.ParsePosition("4455")
	if err != nil {
		t.Fatal(err)
	}
	nim, err := games.NewNim(1, 2, 2)
	if err != nil {
		t.Fatal(err)
	}
	dots := map[string]string{}
	add := func(name string, dot string, err error) {
		if err != nil {
			t.Fatal(err)
		}
		dots[name] = dot
	}
	dot, err := TreeDOT(tracedRoot(t, ttt, "alphabeta", 64), TreeOptions{Step: -1, Boards: true, Budget: 150})
	add("tictactoe", dot, err)
	dot, err = TreeDOT(tracedRoot(t, c4, "alphabeta", 2), TreeOptions{Step: -1, Boards: true, Budget: 20})
	add("connect4", dot, err)
	dot, err = TreeDOT(tracedRoot(t, nim, "alphabeta", 64), TreeOptions{Step: -1, Boards: true, Budget: 30})
	add("nim", dot, err)
	for name, dot := range dots {
		if n := strings.Count(dot, `<TABLE BORDER="0" CELLBORDER="0" CELLSPACING="0" CELLPADDING="1">`); n < 5 {
			t.Errorf("%s: %d nodes with a board, want every drawn position", name, n)
		}
	}
	if !strings.Contains(dots["tictactoe"], `COLOR="black"><B>X</B>`) || !strings.Contains(dots["tictactoe"], `<B>O</B>`) {
		t.Error("tic-tac-toe boards lack X or O")
	}
	if !strings.Contains(dots["connect4"], `BGCOLOR="`+colDiscMax+`"`) || !strings.Contains(dots["connect4"], `BGCOLOR="`+colDiscMin+`"`) {
		t.Error("Connect Four boards lack the two players' discs")
	}
	if !strings.Contains(dots["nim"], `BGCOLOR="`+colToken+`"`) {
		t.Error("Nim boards lack tokens")
	}
	if !strings.Contains(dots["tictactoe"], `COLOR="`+colPending+`"><B>`) {
		t.Error("pruned tic-tac-toe positions should be drawn in grey")
	}
	plain, _ := TreeDOT(tracedRoot(t, ttt, "alphabeta", 64), TreeOptions{Step: -1, Budget: 40})
	if strings.Contains(plain, "<TABLE") {
		t.Error("boards drawn without Boards")
	}
	for _, f := range Formats {
		out, err := renderer(t).Draw(context.Background(), dots["connect4"], As(f))
		if err != nil || len(out) < 1000 {
			t.Errorf("Connect Four boards as %s: %v (%d bytes)", f, err, len(out))
		}
	}
}

// pdfWord is a word pdftotext found, with its box in points from the
// page's top left.
type pdfWord struct {
	text                   string
	xMin, yMin, xMax, yMax float64
}

var bboxWord = regexp.MustCompile(`<word xMin="([0-9.]+)" yMin="([0-9.]+)" xMax="([0-9.]+)" yMax="([0-9.]+)">([^<]*)</word>`)

// pdfWords returns the words of the PDF's first page with their boxes.
func pdfWords(t *testing.T, pdfPath string) []pdfWord {
	t.Helper()
	tool := needTool(t, "pdftotext")
	out, err := exec.Command(tool, "-bbox", "-f", "1", "-l", "1", pdfPath, "-").CombinedOutput()
	if err != nil {
		t.Fatalf("pdftotext -bbox: %v\n%s", err, out)
	}
	var words []pdfWord
	for _, m := range bboxWord.FindAllStringSubmatch(string(out), -1) {
		var v [4]float64
		for i := range v {
			v[i], _ = strconv.ParseFloat(m[i+1], 64)
		}
		words = append(words, pdfWord{m[5], v[0], v[1], v[2], v[3]})
	}
	return words
}

// pdftoppmPage renders the PDF's first page at dpi with pdftoppm.
func pdftoppmPage(t *testing.T, pdfPath string, dpi int) image.Image {
	t.Helper()
	tool := needTool(t, "pdftoppm")
	prefix := strings.TrimSuffix(pdfPath, ".pdf") + "-page" + strconv.Itoa(dpi)
	if out, err := exec.Command(tool, "-png", "-r", strconv.Itoa(dpi), "-f", "1", "-l", "1", "-singlefile", pdfPath, prefix).CombinedOutput(); err != nil {
		t.Fatalf("pdftoppm: %v\n%s", err, out)
	}
	f, err := os.Open(prefix + ".png")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	return img
}

// inkProfile returns, for each pixel column of the box r, the ink in it:
// the sum of its pixels' darkness (0 white, 1 black).
func inkProfile(img image.Image, r image.Rectangle) []float64 {
	b := img.Bounds()
	cols := make([]float64, r.Dx())
	for x := r.Min.X; x < r.Max.X; x++ {
		for y := r.Min.Y; y < r.Max.Y; y++ {
			if (image.Point{x, y}).In(b) {
				cols[x-r.Min.X] += 1 - float64(color.GrayModel.Convert(img.At(x, y)).(color.Gray).Y)/255
			}
		}
	}
	return cols
}

// profileDiff is how much two ink profiles differ, as a fraction of their
// ink, at the best shift of up to 2 px of one against the other.
func profileDiff(g, p []float64) float64 {
	best := math.Inf(1)
	for s := -2; s <= 2; s++ {
		d, total := 0.0, 0.0
		for i := range g {
			q := 0.0
			if j := i + s; j >= 0 && j < len(p) {
				q = p[j]
			}
			d += math.Abs(g[i] - q)
			total += g[i] + q
		}
		if total > 0 {
			best = min(best, d/total)
		}
	}
	return best
}

// checkPDFWords checks the PDF's text word by word against the PNG of the
// same picture (want, at 144 dpi): where pdftotext says a word is, the ink
// of pdftoppm's rendering of the PDF, column by column, must be the PNG's,
// up to a shift of 2 px and a tenth of the ink. A font drawn with another
// font's glyphs at its own widths (gaps inside words, a letter under the
// next) differs by 12 to 28 %; the same font rasterised by the two
// engines by under 7 %.
func checkPDFWords(t *testing.T, pdfPath string, want image.Image) {
	t.Helper()
	got := pdftoppmPage(t, pdfPath, 144)
	words := pdfWords(t, pdfPath)
	if len(words) == 0 {
		t.Fatal("pdftotext -bbox found no words")
	}
	const scale = 2.0 // 144 dpi / 72 pt
	bad := 0
	for _, w := range words {
		r := image.Rect(int(math.Floor(w.xMin*scale)), int(math.Floor(w.yMin*scale)),
			int(math.Ceil(w.xMax*scale)), int(math.Ceil(w.yMax*scale)))
		if r.Dx() < 4 || r.Dy() < 4 {
			continue
		}
		g, p := inkProfile(got, r.Add(got.Bounds().Min)), inkProfile(want, r.Add(want.Bounds().Min))
		d := profileDiff(g, p)
		if math.IsInf(d, 1) {
			t.Errorf("word %q at %v px: no ink in the PDF or the PNG", w.text, r)
			bad++
			continue
		}
		// Words of 4 characters or more: in shorter ones a pixel of
		// hinting (a "1" rounded narrower) weighs as much as a wrong glyph.
		if utf8.RuneCountInString(w.text) >= 4 && d > 0.1 {
			t.Errorf("word %q at %v px: the ink of pdftoppm's PDF and of the PNG, column by column, differs by %.0f %% (want ≤ 10 %%)", w.text, r, 100*d)
			bad++
		}
	}
	if bad > 0 {
		t.Logf("%d of %d words differ", bad, len(words))
	}
}

var pdfDescriptorObj = regexp.MustCompile(`(?m)^(\d+) 0 obj\n<</Type /FontDescriptor [^\n]*?/FontFile2 (\d+) 0 R>>`)

// checkFontPrograms checks that no two font descriptors of the PDF b share
// a font program (a later definition of an object, an incremental update,
// replaces an earlier one).
func checkFontPrograms(t *testing.T, b []byte) {
	t.Helper()
	prog := map[string]string{}
	for _, m := range pdfDescriptorObj.FindAllSubmatch(b, -1) {
		prog[string(m[1])] = string(m[2])
	}
	by := map[string][]string{}
	for d, p := range prog {
		by[p] = append(by[p], d)
	}
	for p, ds := range by {
		if len(ds) > 1 {
			slices.Sort(ds)
			t.Errorf("font descriptors %v share the font program %s", ds, p)
		}
	}
}
