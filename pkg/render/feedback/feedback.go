// Package feedback draws a student's search beside the reference's on one
// tree: the picture a failing check of the exercises writes (see
// exercises/checks), as SVG and as a self-contained HTML step-through.
//
// It is pure Go and links neither Graphviz nor anything of pkg/render's:
// every exercise's test binary imports it, and linking pkg/render
// (go-graphviz compiled to WebAssembly) would triple the time of a warm
// `go test` of an exercise (0.7 s → 2.1 s, a 6.7 MB test binary → 20 MB).
// Its layout is a simple one (leaves side by side in move order, each in a
// column as wide as its lines, each parent centred above its children),
// its marks those of the course's visual language (DESIGN.md's section
// "Rendering — the visual language") in pkg/render/dot's palette, plus the
// difference marks below.
//
// One tree carries both searches, rather than two trees side by side: the
// tree is the same for both, so one drawing puts each position in one
// place, and a learner sees at a glance which positions only one search
// touched, without matching nodes between two pictures. Under each node its
// visit numbers are written for both searches ("you 4", "ref 6 [3, 5]").
//
// What the reference's recorded search knows (Diff.Ref, Diff.RefPasses) is
// drawn as the course draws a search: its value or ≤/≥ bound in each
// interior node, its window under it, "ref ✂ shallow" / "ref ✂ deep" on
// the edge to the first child a cutoff pruned, its principal variation
// bold, a probe a dotted blue line beside the edge and a re-search an
// orange one labelled "re-search", a table hit a green "ref TT LOWER", its
// passes listed under the title and its visits numbered by pass ("p2·9").
// Of the student's search only what its visits tell: "you ✂" where it left
// a node with children it never entered, "…" in an interior node only it
// entered, its passes (the root expanded again, or Diff.YouPasses when the
// grader made them); its windows and interior values are never drawn.
// Diff.Stored writes the table entries the two searches left differently
// on their nodes. The legend lists only the marks the picture uses.
//
// The marks of the difference:
//   - visited by both searches: black, as in every picture of the course;
//   - visited by the student's search only (the reference prunes it):
//     vermillion, a thick solid outline, class "extra";
//   - visited by the reference only (the student's search skipped it): sky
//     blue, a thick dashed outline, class "missed";
//   - visited by neither: grey and dashed, as pruned nodes always are, a
//     collapsed subtree as a stub "+N";
//   - a position the two searches visited a different number of times,
//     more than once: a badge "×k/m" under it (k visits by the student, m
//     by the reference);
//   - calls on nodes of another tree (Step.Foreign: a node of an earlier
//     search's tree the student's code kept): not on this tree; a line
//     under the title counts them and gives their visit numbers (class
//     "foreign"), and a row below the tree draws those nodes, vermillion
//     and dashed, without edges (group id "px" + path);
//   - the node a failure is about when it is not the visits' order (a
//     value returned, a flag stored, a window searched with: Diff.Wrong):
//     an orange dotted square, "wrong here" under it, class "wrong", and
//     in the legend what the student's search did there and what was
//     expected;
//   - the first difference (the visit the text feedback names): a ring
//     around the node the student's search visited there ("your visit N",
//     class "first-got") and around the node the reference visits there
//     ("expected visit N", class "first-want").
//
// Each node's SVG group has the id "p" + its path ("p" for the root,
// "p0.2" for the root's first child's third child) and a <title> with its
// name, so tests and tools can find it.
package feedback

import (
	"encoding/json"
	"fmt"
	"html"
	"strconv"
	"strings"
)

// Node is one position of the tree the searches ran on, as far as the
// picture draws it.
type Node struct {
	Path     string // its path of move indices from the root, as Step's
	Name     string
	Max      bool // Max to move (a box), else Min (an oval)
	Leaf     bool // no children: Value is its static value
	Value    int
	Children []*Node
	// Hidden counts the nodes of the subtree below this one that are not
	// drawn (neither search went there, or the drawing's budget ran out);
	// HiddenMore says the count stopped at its bound.
	Hidden     int
	HiddenMore bool
}

// Step is one visit of a search: the position's path of move indices from
// the root ("" for the root, "0.2" for its first child's third child) and
// whether it was evaluated (else expanded).
type Step struct {
	Path string
	Name string
	Eval bool
	// Foreign: a call on a node of another tree (an earlier search's);
	// Path and Name are in that tree, not in Diff.Tree.
	Foreign bool `json:",omitempty"`
}

// String is "evaluate b2" or "expand B" ("expand B of another tree").
func (s Step) String() string {
	v := "expand " + s.Name
	if s.Eval {
		v = "evaluate " + s.Name
	}
	if s.Foreign {
		v += " of another tree"
	}
	return v
}

// Diff is what the picture shows.
type Diff struct {
	Title     string // the check and its rule, one line
	Tree      *Node
	Student   []Step
	Reference []Step
	First     int    // index of the first visit where they differ (−1: none)
	Stopped   string // why the student's search stopped early (a runaway, a panic), or ""
	// Wrong marks the node a failure is about when it is not (only) the
	// order of the visits — a value returned, a flag stored, a window
	// searched with; nil when there is none.
	Wrong *Wrong `json:",omitempty"`
	// Ref is what the reference's recorded search knows of each node it
	// entered, one Mark per entry, in search order: its value or bound,
	// its window, its cutoff, the principal variation, probes and
	// re-searches. RefPasses labels its root searches when it made more
	// than one (MTD(f)'s, BNS's). Both empty: nothing is known beyond the
	// visits (the picture then draws none of it).
	Ref       []Mark `json:",omitempty"`
	RefPasses []Pass `json:",omitempty"`
	// YouPasses labels the student's searches from the root when the
	// grader knows them (a driver's calls of a search it was given, with
	// their windows); else the picture counts a pass for each time the
	// student's search expanded the root again, its windows not known.
	YouPasses []Pass `json:",omitempty"`
	// Stored lists table entries the student's search and the reference's
	// stored differently, drawn on their nodes.
	Stored []Store `json:",omitempty"`
}

// Mark is what a search is known to have done at one entry of a node.
type Mark struct {
	Path string
	At   int // the search's visit (1-based) at which the entry began
	// Done is the visit after which the node had returned (its value is
	// known from the step-through's step Done on).
	Done   int
	Pass   int    // the root search the entry belongs to (1, 2, …; 0 for one)
	Value  string // the value or bound returned: "5", "≥5", "≤2"
	Window string // the window it was entered with: "[3, 4]"
	// Cut is the cutoff's mark ("✂ shallow", "✂ deep", "✂" at the root)
	// on the edge to CutAt, the first child it pruned; "" for none.
	Cut, CutAt string
	PV         bool // on the principal variation (of the last pass)
	Probe      bool // entered with a null window (β − α = 1)
	ReSearch   bool // searched again after a probe or a pass failed
	// NoVisit: the entry made no visit of its own (a table's entry settled
	// it, or a driver had expanded the root already); At is then the
	// visit after it.
	NoVisit bool `json:",omitempty"`
	// TT is the table hit the entry found, as the course writes it: "TT
	// EXACT", "TT LOWER", "TT UPPER", plus " cut" when it settled the
	// node; "" for none.
	TT string `json:",omitempty"`
}

// Pass is one root search of a driver that makes several (MTD(f), BNS).
type Pass struct {
	K        int
	From, To int    // its visits, 1-based, inclusive
	Label    string // "pass 2: [3, 4], guess 4"
}

// Store is a table entry stored at a node, as the student's search stored
// it and as the reference did ("EXACT 3, depth 2").
type Store struct {
	Path      string
	Got, Want string
}

// Wrong is what the student's search did wrong at one node, beside what
// the reference does there, in words ("returned −11" against "exactly 0").
type Wrong struct {
	Path string // the node's path
	Got  string // what the student's search did there
	Want string // what the reference does (what was expected)
}

// MaxSteps bounds the step-through: at most this many steps, ending three
// visits past the first difference.
const MaxSteps = 2000

// StepRange returns the steps [from, to] (numbers of visits shown) the
// step-through goes through: to three visits past the first difference (or
// to the end of the longer search), at most MaxSteps of them.
func StepRange(d Diff) (from, to int) {
	n := max(len(d.Student), len(d.Reference))
	to = n
	if d.First >= 0 {
		to = min(n, d.First+4)
	}
	from = max(0, to-MaxSteps+1)
	return from, to
}

// HTML writes a self-contained page (no network): the picture, with a
// step-through of both searches on it, visit by visit (← →, or the
// buttons), from the start to three visits past the first difference, where
// it opens. At step k the nodes neither search has reached in its first k
// visits are light grey outlines, the two nodes visited at step k are
// yellow, and the caption says what each search did.
func HTML(d Diff) []byte {
	from, to := StepRange(d)
	var caps []string
	for k := from; k <= to; k++ {
		caps = append(caps, caption(d, k))
	}
	capJSON, _ := json.Marshal(caps)
	cur := func(s []Step) []string {
		var out []string
		for k := from; k <= to; k++ {
			if k >= 1 && k <= len(s) && s[k-1].Foreign {
				out = append(out, "x"+s[k-1].Path) // drawForeign's node
			} else if k >= 1 && k <= len(s) {
				out = append(out, s[k-1].Path)
			} else {
				out = append(out, "\x00")
			}
		}
		return out
	}
	curS, _ := json.Marshal(cur(d.Student))
	curR, _ := json.Marshal(cur(d.Reference))
	start := to
	if d.First >= 0 {
		start = min(to, d.First+1)
	}
	var b strings.Builder
	b.WriteString("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>")
	b.WriteString(html.EscapeString(d.Title))
	b.WriteString(`</title><style>
body{font-family:Helvetica,Arial,sans-serif;margin:1em}
button{font-size:1em;margin-right:.5em}
.pending>rect,.pending>ellipse{stroke:#C8C8C8;fill:white;stroke-dasharray:none;stroke-width:1.2}
.pending text{fill:#C8C8C8}
.edge.pending{stroke:#C8C8C8;stroke-dasharray:none}
.current>rect,.current>ellipse{fill:#F0E442}
#tag-you,#tag-ref{fill:#333}
.later{visibility:hidden}
</style></head><body>
`)
	fmt.Fprintf(&b, "<p><button id=\"prev\">← back</button><button id=\"next\">next →</button><button id=\"all\">whole searches</button> <span id=\"where\"></span></p>\n")
	b.Write(draw(d, true))
	fmt.Fprintf(&b, `<script>
(function(){
var from=%d,to=%d,k=%d,caps=%s,curS=%s,curR=%s;
function nums(a){return a?a.split(',').map(Number):[]}
function upTo(a,k){return a.filter(function(x){return x<=k})}
function fmt(a){return a.slice(0,3).join(',')+(a.length>3?',…':'')}
function tag(id,path,side){
 var t=document.getElementById(id),g=path==null?null:document.getElementById('p'+path);
 if(!t)return;if(!g){t.setAttribute('visibility','hidden');return}
 t.setAttribute('x',Number(g.dataset.x)+side*(%g));t.setAttribute('y',Number(g.dataset.y)+4);t.setAttribute('visibility','visible');
}
function show(j){
 if(j<from||j>to+1)return;k=j;var all=k>to,kk=all?1e9:k;
 document.querySelectorAll('g.node').forEach(function(g){
  var s=upTo(nums(g.dataset.s),kk),r=upTo(nums(g.dataset.r),kk),any=(g.dataset.s||g.dataset.r);
  g.classList.toggle('pending',!!any&&s.length+r.length==0);
  g.classList.toggle('current',!all&&(g.id=='p'+curS[k-from]||g.id=='p'+curR[k-from]));
  g.classList.toggle('cur-you',!all&&g.id=='p'+curS[k-from]);g.classList.toggle('cur-ref',!all&&g.id=='p'+curR[k-from]);
 g.querySelectorAll('text.nums[data-l]').forEach(function(t){
   var n=nums(t.classList.contains('you')?g.dataset.s:g.dataset.r),l=t.dataset.l.split(','),v=[];
   n.forEach(function(x,i){if(x<=kk)v.push(l[i])});
   t.textContent=v.length?(t.classList.contains('you')?'you ':'ref ')+fmt(v):'';
  });
 });
 tag('tag-you',all?null:curS[k-from],-1);tag('tag-ref',all?null:curR[k-from],1);
 document.querySelectorAll('line.edge').forEach(function(e){var g=document.getElementById('p'+e.dataset.to);e.classList.toggle('pending',!!g&&g.classList.contains('pending'));});
 document.querySelectorAll('[data-at]').forEach(function(e){e.classList.toggle('later',Number(e.dataset.at)>kk)});
 document.getElementById('caption').textContent=all?'':caps[k-from];
 document.getElementById('where').textContent=all?'the whole searches':'step '+k+' of '+to;
}
document.getElementById('prev').onclick=function(){show(Math.min(k,to)-1)};
document.getElementById('next').onclick=function(){show(k+1)};
document.getElementById('all').onclick=function(){show(to+1)};
document.addEventListener('keydown',function(e){if(e.key==='ArrowLeft')show(Math.min(k,to)-1);if(e.key==='ArrowRight')show(k+1)});
show(k);
})();
</script>
</body></html>
`, from, to, start, capJSON, curS, curR, nodeW/2+10)
	return []byte(b.String())
}

// caption says what each search did at visit k (1-based; 0: the start).
func caption(d Diff, k int) string {
	if k == 0 {
		return "Step 0: before the first visit"
	}
	say := func(s []Step) string {
		if k <= len(s) {
			return s[k-1].String()
		}
		return "(done)"
	}
	mark := ""
	if k == d.First+1 {
		mark = "  ← first difference"
	}
	return fmt.Sprintf("Step %d: you %s · reference %s%s", k, say(d.Student), say(d.Reference), mark)
}

// wrap breaks s into lines of at most width characters, at spaces; at most
// three lines, the last one cut with "…".
func wrap(s string, width int) []string {
	lines := wrapAll(s, width)
	if len(lines) > 3 {
		lines = append(lines[:2], lines[2]+" …")
	}
	return lines
}

// cut returns s, or its first width−1 characters and "…".
func cut(s string, width int) string {
	r := []rune(s)
	if len(r) <= width {
		return s
	}
	return string(r[:max(1, width-1)]) + "…"
}

// fit returns a font size at most size at which name fits in a node.
func fit(name string, size float64) float64 {
	n := float64(len([]rune(name)))
	return min(size, max(5, (nodeW-4)/(0.6*n)))
}

// foreignRowH is the height of the row of another tree's nodes, gapX the
// distance between two of them.
const foreignRowH, gapX = 78.0, 62.0

// foreign is a node of another tree the student's search called, with its
// visit numbers.
type foreign struct {
	path, name string
	at         []int
}

// foreignNodes lists the nodes of another tree the student's search
// called, in the order of their first call.
func foreignNodes(d Diff) []foreign {
	var fs []foreign
	index := map[string]int{}
	for i, s := range d.Student {
		if !s.Foreign {
			continue
		}
		k := s.Path + "\x00" + s.Name
		j, ok := index[k]
		if !ok {
			j = len(fs)
			index[k] = j
			fs = append(fs, foreign{path: s.Path, name: s.Name})
		}
		fs[j].at = append(fs[j].at, i+1)
	}
	return fs
}

// drawForeign draws the nodes of another tree the student's search called
// in a row below the tree, vermillion and dashed, each with its visit
// numbers ("you 1"), its group's id "px" + its path (the step-through's
// highlight at those steps); no edges, their tree is not this one.
func drawForeign(b *strings.Builder, fs []foreign, y float64) {
	if len(fs) == 0 {
		return
	}
	fmt.Fprintf(b, `<g class="foreign-row"><text x="%.0f" y="%.0f" font-size="10" fill="%s">nodes of another tree (an earlier search's) that your search called:</text>`+"\n",
		margin, y+8, colExtra)
	for i, f := range fs {
		x, cy := margin+nodeW/2+float64(i)*gapX, y+34
		fmt.Fprintf(b, `<g id="px%s" class="node extra foreign" data-s="%s" data-r=""><title>%s (another tree)</title>`, f.path, ints(f.at), html.EscapeString(f.name))
		fmt.Fprintf(b, `<rect x="%.1f" y="%.1f" width="%.0f" height="%.0f" rx="6" fill="#FBE3D6" stroke="%s" stroke-width="2" stroke-dasharray="3 2"/>`,
			x-nodeW/2, cy-nodeH/2, nodeW, nodeH, colExtra)
		fmt.Fprintf(b, `<text x="%.1f" y="%.1f" font-size="%.1f" text-anchor="middle">%s</text>`, x, cy+4, fit(f.name, 11), html.EscapeString(f.name))
		fmt.Fprintf(b, `<text class="nums you" x="%.1f" y="%.1f" font-size="8" text-anchor="middle" fill="%s">you %s</text></g>`+"\n", x, cy+nodeH/2+11, colSecond, joinInts(f.at, 3))
	}
	b.WriteString("</g>\n")
}

// foreignNote counts the student's calls on nodes of another tree, with
// their visit numbers, or "".
func foreignNote(d Diff) string {
	var at []string
	for i, s := range d.Student {
		if s.Foreign {
			s.Foreign = false // "expand A", without "of another tree"
			at = append(at, fmt.Sprintf("%d (%s)", i+1, s))
		}
	}
	if len(at) == 0 {
		return ""
	}
	n := len(at)
	if n > 4 {
		at = append(at[:4], "…")
	}
	calls := "calls"
	if n == 1 {
		calls = "call"
	}
	first := ""
	if d.First >= 0 && d.First < len(d.Student) && d.Student[d.First].Foreign {
		first = fmt.Sprintf(" (visit %d is the first difference)", d.First+1)
	}
	return fmt.Sprintf("%d %s on nodes of another tree (an earlier search's), drawn below the tree: your visits %s%s",
		n, calls, strings.Join(at, ", "), first)
}

// joinInts joins the first max of v with commas, "…" for the rest.
func joinInts(v []int, max int) string {
	var s []string
	for i, x := range v {
		if i == max {
			s = append(s, "…")
			break
		}
		s = append(s, strconv.Itoa(x))
	}
	return strings.Join(s, ",")
}
