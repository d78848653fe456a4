package render

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/vgtex"
)

// A tree in TeX is TikZ a lecturer edits: every node a \node named after
// its position (A, b1, …; a position without a label by its moves from the
// root, root, c3, c3-e4, as TreeDOT's posname says; the DOT ID, n7, for a
// label two nodes share)
// at Graphviz's layout coordinates (in points), every edge a \draw between
// two named nodes, and the look of each kind of node and edge a style
// defined once at the top (tikzStyles), so that one line restyles a whole
// tree. Labels are TeX text. Game boards inside nodes stay drawn with
// PGF's basic layer (\pgfpath…), replayed from Graphviz's drawing.

// tikzColours are the palette's colours by the name the TikZ gives them.
var tikzColours = []struct{ name, hex string }{
	{"cutoffInk", "000000"},
	{"cutoffPruned", colPruned[1:]},
	{"cutoffPending", colPending[1:]},
	{"cutoffProbe", colProbe[1:]},
	{"cutoffReSearch", colReSearch[1:]},
	{"cutoffCut", colCut[1:]},
	{"cutoffTT", colTT[1:]},
	{"cutoffCurrent", colCurrent[1:]},
	{"cutoffSecondary", colSecondary[1:]},
}

// tikzStyles is the top of every tree's tikzpicture: one style per kind of
// node and edge (see DESIGN.md, "Rendering — the visual language").
const tikzStyles = `\tikzset{
  tree node/.style={draw=cutoffInk, line width=1.4pt, align=center, inner sep=2.5pt,
    font=\sffamily\fontsize{14}{14.5}\selectfont},
  max/.style={tree node, rectangle},                 % Max to move: a box
  min/.style={tree node, ellipse},                   % Min to move: an oval
  pruned/.style={dashed, draw=cutoffPruned, text=cutoffPruned},  % never searched
  pending/.style={draw=cutoffPending, text=cutoffPending},       % not searched yet
  principal/.style={line width=3pt},                 % on the principal variation
  nullwindow/.style={draw=cutoffProbe},              % a null-window probe
  research/.style={draw=cutoffReSearch},             % a re-search
  current/.style={fill=cutoffCurrent, line width=3pt}, % being searched
  stub/.style={tree node, rectangle, rounded corners, dashed, draw=cutoffPruned},
  searched stub/.style={draw=cutoffInk},
  secondary/.style={text=cutoffSecondary},
  edge/.style={draw=cutoffInk, line width=1.4pt},
  principal edge/.style={line width=4pt},
  nullwindow edge/.style={draw=cutoffProbe, dotted, line width=2.2pt},
  research edge/.style={draw=cutoffReSearch, line width=2.2pt},
  pruned edge/.style={draw=cutoffPruned, dashed},
  pending edge/.style={draw=cutoffPending},
  stub edge/.style={draw=cutoffPruned, dashed},
  cut/.style={text=cutoffCut, font=\sffamily\bfseries\fontsize{12}{14}\selectfont}, % the scissors
  research label/.style={text=cutoffReSearch, font=\sffamily\bfseries\fontsize{11}{13}\selectfont},
  move/.style={text=cutoffSecondary, font=\sffamily\fontsize{11}{13}\selectfont},  % a move's name
  pass/.style={draw=cutoffSecondary, rounded corners, line width=1pt},
  pass label/.style={font=\sffamily\fontsize{16}{19}\selectfont},
  title/.style={font=\sffamily\bfseries\fontsize{20}{24}\selectfont},
}
`

// tzGraph is what the TikZ reads of Graphviz's json output.
type tzGraph struct {
	BB          string     `json:"bb"`
	Label       string     `json:"label"`
	LP          string     `json:"lp"`
	SubgraphCnt int        `json:"_subgraph_cnt"`
	Objects     []tzObject `json:"objects"`
	Edges       []tzEdge   `json:"edges"`
}

type tzObject struct {
	Name    string   `json:"name"`
	Class   string   `json:"class"`
	Label   string   `json:"label"`
	Posname string   `json:"posname"`
	Pos     string   `json:"pos"`
	Width   string   `json:"width"`
	Height  string   `json:"height"`
	BB      string   `json:"bb"`
	LP      string   `json:"lp"`
	LDraw   []xdotOp `json:"_ldraw_"`
}

type tzEdge struct {
	Tail   int    `json:"tail"`
	Head   int    `json:"head"`
	Class  string `json:"class"`
	Label  string `json:"label"`
	Xlabel string `json:"xlabel"`
	LP     string `json:"lp"`
	XLP    string `json:"xlp"`
}

// treeTikZ writes Graphviz's layout of a TreeDOT graph as a standalone
// LaTeX document with one tikzpicture.
func treeTikZ(layout []byte) ([]byte, error) {
	var g tzGraph
	if err := json.Unmarshal(layout, &g); err != nil {
		return nil, fmt.Errorf("render: reading Graphviz's layout: %w", err)
	}
	if bb := tzFloats(g.BB); len(bb) == 4 && max(bb[2]-bb[0], bb[3]-bb[1]) > maxTeXLength {
		return nil, fmt.Errorf("render: the tree is %.0f × %.0f pt, larger than TeX's largest length (%d pt): draw fewer nodes (a budget, cutoff render -budget N)",
			bb[2]-bb[0], bb[3]-bb[1], maxTeXLength)
	}
	n := min(g.SubgraphCnt, len(g.Objects))
	names := tikzNames(g.Objects[n:])

	var b bytes.Buffer
	b.WriteString(`% Drawn by Cutoff: a search tree in TikZ, at Graphviz's layout (coordinates in points).
% Restyle a whole tree by editing one style below (max, min, pruned, principal,
% nullwindow, cut, edge, ...); a node is named after its position, e.g. (b1).
% Compile it with pdflatex as it is, or paste the tikzpicture into a Beamer frame
% (\usepackage{tikz}, \usepackage{pifont} and \usetikzlibrary{shapes.geometric} in
% the preamble, and the \definecolor, \providecommand and \tikzset lines below).
\documentclass{standalone}
\usepackage{tikz}
\usetikzlibrary{shapes.geometric}
% The cutoff mark: scissors, pifont's \ding{34} (texlive-fonts-recommended).
\usepackage{pifont}
\providecommand{\cutoffmark}{\ding{34}}
`)
	for _, c := range tikzColours {
		fmt.Fprintf(&b, "\\definecolor{%s}{HTML}{%s}\n", c.name, c.hex)
	}
	b.WriteString("\\begin{document}\n")
	b.WriteString(tikzStyles)
	b.WriteString("\\begin{tikzpicture}[x=1pt, y=1pt]\n")
	if g.Label != "" {
		if x, y, ok := tzPoint(g.LP); ok {
			fmt.Fprintf(&b, "\\node[title] at (%s, %s) {%s};\n", x, y, tzText(stripBold(g.Label)))
		}
	}
	for _, o := range g.Objects[:n] {
		bb := tzFloats(o.BB)
		if len(bb) != 4 {
			continue
		}
		fmt.Fprintf(&b, "\\draw[pass] (%s, %s) rectangle (%s, %s);\n", tzNum(bb[0]), tzNum(bb[1]), tzNum(bb[2]), tzNum(bb[3]))
		if x, y, ok := tzPoint(o.LP); ok {
			fmt.Fprintf(&b, "\\node[pass label] at (%s, %s) {%s};\n", x, y, tzText(html.UnescapeString(o.Label)))
		}
	}
	b.WriteString("% The nodes\n")
	var boards []tzObject
	for i, o := range g.Objects[n:] {
		x, y, ok := tzPoint(o.Pos)
		if !ok {
			continue
		}
		w, _ := strconv.ParseFloat(o.Width, 64)
		h, _ := strconv.ParseFloat(o.Height, 64)
		text := ""
		if strings.Contains(o.Label, "<TABLE") {
			boards = append(boards, o)
		} else {
			text = tzLabel(o.Label, true)
		}
		fmt.Fprintf(&b, "\\node[%s, minimum width=%s, minimum height=%s] (%s) at (%s, %s) {%s};\n",
			strings.Join(nodeStyles(o.Class), ", "), tzNum(w*72), tzNum(h*72), names[i], x, y, text)
	}
	b.WriteString("% The edges\n")
	for _, e := range g.Edges {
		if e.Tail < n || e.Head < n || e.Tail >= len(g.Objects) || e.Head >= len(g.Objects) {
			continue
		}
		styles := edgeStyles(e.Class, g.Objects[e.Head].Class)
		fmt.Fprintf(&b, "\\draw[%s] (%s) -- (%s)", strings.Join(styles, ", "), names[e.Tail-n], names[e.Head-n])
		if e.Label != "" {
			if x, y, ok := tzPoint(e.LP); ok {
				style := "research label"
				if slices.Contains(strings.Fields(e.Class), "cut") {
					style = "cut"
				}
				fmt.Fprintf(&b, "\n  node[%s] at (%s, %s) {%s}", style, x, y, tzLabel(e.Label, false))
			}
		}
		if e.Xlabel != "" {
			if x, y, ok := tzPoint(e.XLP); ok {
				fmt.Fprintf(&b, "\n  node[move] at (%s, %s) {%s}", x, y, tzLabel(e.Xlabel, false))
			}
		}
		b.WriteString(";\n")
	}
	if len(boards) > 0 {
		b.WriteString("% The boards, drawn with PGF's basic layer\n")
		pgf, err := boardsPGF(boards)
		if err != nil {
			return nil, err
		}
		b.Write(pgf)
	}
	b.WriteString("\\end{tikzpicture}\n\\end{document}\n")
	return b.Bytes(), nil
}

// maxTeXLength is about the largest length TeX handles (16383.99 pt),
// less a margin for the nodes and labels at the picture's edge.
const maxTeXLength = 16000

// tikzNames names the nodes: a position's name sanitised to a TikZ node
// name, or the DOT ID when it has none or shares it with another node.
func tikzNames(objs []tzObject) []string {
	names := make([]string, len(objs))
	count := map[string]int{}
	for i, o := range objs {
		names[i] = tzName(o.Posname)
		count[names[i]]++
	}
	ids := map[string]bool{}
	for _, o := range objs {
		ids[o.Name] = true
	}
	for i, o := range objs {
		if names[i] == "" || count[names[i]] > 1 || ids[names[i]] && names[i] != o.Name {
			names[i] = o.Name
		}
	}
	return names
}

// nodeStyles maps a node's classes (TreeDOT's) onto the TikZ styles.
func nodeStyles(class string) []string {
	cl := strings.Fields(class)
	var s []string
	has := func(c string) bool { return slices.Contains(cl, c) }
	switch {
	case has(kindStub):
		s = append(s, "stub")
	case has("min"):
		s = append(s, "min")
	default:
		s = append(s, "max")
	}
	if has(kindStub) && has("searched") {
		s = append(s, "searched stub")
	}
	for _, m := range [][2]string{{kindPruned, "pruned"}, {kindPending, "pending"}, {"research", "research"},
		{"probe", "nullwindow"}, {"pv", "principal"}, {"current", "current"}} {
		if has(m[0]) {
			s = append(s, m[1])
		}
	}
	return s
}

// edgeStyles maps an edge's classes, and its head's, onto the TikZ styles.
func edgeStyles(class, head string) []string {
	cl := strings.Fields(class)
	hd := strings.Fields(head)
	s := []string{"edge"}
	switch {
	case slices.Contains(cl, "stub"):
		s = append(s, "stub edge")
	case slices.Contains(hd, kindPending):
		s = append(s, "pending edge")
	case slices.Contains(hd, kindPruned):
		s = append(s, "pruned edge")
	}
	for _, m := range [][2]string{{"research", "research edge"}, {"probe", "nullwindow edge"}, {"pv", "principal edge"}} {
		if slices.Contains(cl, m[0]) {
			s = append(s, m[1])
		}
	}
	return s
}

var htmlTag = regexp.MustCompile(`<(/?)([A-Za-z]+)([^>]*?)/?>`)
var htmlAttr = regexp.MustCompile(`([A-Z-]+)="([^"]*)"`)

// tzLabel turns an HTML-like label of TreeDOT's into TeX: <BR/> a new line,
// <B> bold, <FONT> a colour (by the palette's name) and a size. In a node,
// the pruned and pending greys are left to the node's style; in an edge's
// label all colours and sizes are (cut, research label, move).
func tzLabel(label string, node bool) string {
	var b strings.Builder
	pos := 0
	for _, m := range htmlTag.FindAllStringSubmatchIndex(label, -1) {
		b.WriteString(tzText(html.UnescapeString(label[pos:m[0]])))
		pos = m[1]
		closing := label[m[2]:m[3]] == "/"
		tag := strings.ToUpper(label[m[4]:m[5]])
		attrs := label[m[6]:m[7]]
		switch {
		case tag == "BR":
			b.WriteString(`\\`)
		case tag == "B" && !closing:
			if node {
				b.WriteString(`\textbf{`)
			} else {
				b.WriteString("{")
			}
		case tag == "FONT" && !closing:
			b.WriteString("{")
			if !node {
				break
			}
			for _, a := range htmlAttr.FindAllStringSubmatch(attrs, -1) {
				switch a[1] {
				case "COLOR":
					if c := tzColour(a[2]); c != "" {
						b.WriteString(`\color{` + c + `}`)
					}
				case "POINT-SIZE":
					if size, err := strconv.Atoi(a[2]); err == nil {
						fmt.Fprintf(&b, `\fontsize{%d}{%d}\selectfont `, size, size+1)
					}
				}
			}
		case (tag == "B" || tag == "FONT") && closing:
			b.WriteString("}")
		}
	}
	b.WriteString(tzText(html.UnescapeString(label[pos:])))
	return b.String()
}

// tzColour names a label's colour: a palette colour by its name; the
// pruned and pending greys (the node's style's) and black as "".
func tzColour(hex string) string {
	h := strings.ToUpper(strings.TrimPrefix(hex, "#"))
	switch h {
	case colPruned[1:], colPending[1:], "000000", "BLACK":
		return ""
	}
	for _, c := range tikzColours {
		if c.hex == h {
			return c.name
		}
	}
	return "" // not the palette's: TreeDOT writes no other
}

// stripBold drops the <B> around the title.
func stripBold(s string) string {
	s = strings.TrimPrefix(strings.TrimSuffix(s, "</B>"), "<B>")
	return html.UnescapeString(s)
}

// tzText is text as pdflatex reads it, the scissors as \cutoffmark and the
// infinities as TeX's.
func tzText(s string) string {
	marks := []string{"\x00", "\x01", "\x02", "\x03"}
	tex := []string{`\cutoffmark{}`, `$-\infty$`, `$+\infty$`, `$\pm\infty$`}
	s = strings.NewReplacer("✂", marks[0], "−∞", marks[1], "+∞", marks[2], "±∞", marks[3]).Replace(s)
	s = texText(s)
	for i, m := range marks {
		s = strings.ReplaceAll(s, m, tex[i])
	}
	return s
}

// tzPoint reads Graphviz's "x,y" as two TikZ numbers.
func tzPoint(s string) (string, string, bool) {
	v := tzFloats(s)
	if len(v) != 2 {
		return "", "", false
	}
	return tzNum(v[0]), tzNum(v[1]), true
}

func tzFloats(s string) []float64 {
	var v []float64
	for _, f := range strings.Split(s, ",") {
		x, err := strconv.ParseFloat(strings.TrimSpace(f), 64)
		if err != nil {
			return nil
		}
		v = append(v, x)
	}
	return v
}

// tzNum writes a length in points to a hundredth.
func tzNum(x float64) string {
	s := strconv.FormatFloat(x, 'f', 2, 64)
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	if s == "-0" {
		s = "0"
	}
	return s
}

// boardsPGF replays the board nodes' label drawing (the board and the text
// under it) with vgtex, in Graphviz's coordinates, and returns the PGF
// commands.
func boardsPGF(objs []tzObject) ([]byte, error) {
	c := &texCanvas{vgtex.New(vg.Points(1), vg.Points(1))}
	d := &xdotDrawer{c: c}
	for _, o := range objs {
		d.run(o.LDraw)
	}
	var buf bytes.Buffer
	if _, err := c.WriteTo(&buf); err != nil {
		return nil, fmt.Errorf("render: writing the boards: %w", err)
	}
	s := buf.String()
	i := strings.Index(s, `\begin{pgfpicture}`)
	j := strings.LastIndex(s, `\end{pgfpicture}`)
	if i < 0 || j < i {
		return nil, fmt.Errorf("render: the boards' PGF has no pgfpicture")
	}
	return []byte("\\begin{pgfscope}" + s[i+len(`\begin{pgfpicture}`):j] + "\\end{pgfscope}\n"), nil
}
