package gametree

import (
	"fmt"
	"strconv"
	"unicode"
	"unicode/utf8"
)

// Limits of a tree literal. Values are kept well inside the int32 range so
// that a search can negate any value, or add two, without overflow; nesting
// is bounded so that recursive searches and printers stay shallow.
const (
	maxLiteralValue = 1_000_000_000 // |leaf or static value| ≤ this
	maxLiteralDepth = 10_000        // brackets nested at most this deep
)

// ParseOption configures [Parse].
type ParseOption func(*parseConfig)

type parseConfig struct {
	root Player
}

// RootPlayer returns a [ParseOption] that makes p the side to move at the
// root of the parsed tree. Without it the root is [Max].
func RootPlayer(p Player) ParseOption {
	return func(c *parseConfig) { c.root = p }
}

// SyntaxError is the error [Parse] returns for a malformed literal. It wraps
// [ErrSyntax], so errors.Is(err, ErrSyntax) holds, and errors.As gives the
// offset for pointing at the problem.
type SyntaxError struct {
	Offset int    // byte offset in the literal where the problem was found
	Msg    string // what was expected and what was found there
}

// Error returns "gametree: at byte N: " followed by Msg.
func (e *SyntaxError) Error() string {
	return "gametree: at byte " + strconv.Itoa(e.Offset) + ": " + e.Msg
}

// Unwrap returns [ErrSyntax].
func (e *SyntaxError) Unwrap() error { return ErrSyntax }

// Parse reads a tree literal and returns the tree it describes.
//
// A literal is one node. A leaf is an integer; an internal node is a list of
// one or more children in parentheses or square brackets, so these are the
// same tree:
//
//	((3 12 8) (2 4 6) (14 5 2))
//	[[3,12,8],[2,4,6],[14,5,2]]
//
// Children are separated by white space, by a comma, or by nothing after a
// closing bracket; commas are optional in both forms, but a comma must
// stand between two children. The two kinds of bracket may be mixed, each
// closed by its own kind. A bare number is a one-node tree.
//
// A node may carry a label: letters, digits, underscores and apostrophes,
// starting with a letter or an underscore (A, b1, x_2, B'). A labelled leaf
// is written label=value ("b1=3"); a label written right before the opening
// bracket names an internal node ("A(B(3 12 8) C(2 4 6))"). An internal node
// may also carry a static value, the heuristic value a depth-limited search
// uses, after a colon: "A:5(...)" or, without a label, ":5(...)". This is the
// form [Tree.String] writes, so Parse(t.String()) gives back an equal tree
// for every tree Parse returns.
//
// White space (space, tab, newline, carriage return, vertical tab, form feed)
// may appear between any two tokens, and a '#' starts a comment that runs to
// the end of the line and counts as white space. A number ends at white
// space, a comma, a closing bracket, a comment or the end of the input.
//
// The grammar, with ws standing for optional white space and comments:
//
//	literal  = ws node ws .
//	node     = leaf | internal .
//	leaf     = [ label ws "=" ws ] number .
//	internal = [ label ws ] [ ":" ws number ws ] open ws children ws close .
//	children = node { ws [ "," ws ] node } .
//	open     = "(" | "[" .   close = ")" | "]" .   (matching kinds)
//	number   = [ "-" ] digit { digit } .
//
// Leaf and static values must lie within ±1,000,000,000, brackets may nest at
// most 10,000 deep (so the tree's height is at most 10,000), and the tree may
// have at most [MaxTreeNodes] nodes. Parse checks the literal and counts its
// nodes in a first pass that allocates almost nothing, then builds the tree
// with exactly the memory it needs, so a huge or malformed input fails fast.
// Parse never panics and does not recurse.
//
// Every error for a malformed literal is a *[SyntaxError] that wraps
// [ErrSyntax] and names the byte offset and what was expected, for example
//
//	gametree: at byte 7: expected a number, a label or '(' but found ')'
//
// The root is [Max] unless the [RootPlayer] option says otherwise; a root
// player other than Max or Min is an error that does not wrap ErrSyntax.
func Parse(src string, opts ...ParseOption) (*Tree, error) {
	cfg := parseConfig{root: Max}
	for _, opt := range opts {
		if opt != nil {
			opt(&cfg)
		}
	}
	if cfg.root != Max && cfg.root != Min {
		return nil, fmt.Errorf("gametree: root player must be Max or Min, got %d", cfg.root)
	}

	// Pass 1: check the syntax and count the nodes at each depth.
	p := litParser{src: src}
	if err := p.run(); err != nil {
		return nil, err
	}

	// Pass 2: the same walk fills the nodes in breadth-first order. Nodes
	// at one depth are numbered left to right, which is the order the walk
	// meets them in, so a node's index is the number of nodes above its
	// depth plus the number met before it at its depth.
	t := &Tree{
		nodes:    make([]treeNode, p.count),
		maxDepth: len(p.levels) - 1,
		root:     cfg.root,
	}
	p.t = t
	p.next = make([]int32, len(p.levels))
	var sum int32
	for d, n := range p.levels {
		p.next[d] = sum
		sum += n
	}
	if err := p.run(); err != nil {
		return nil, err // unreachable: pass 1 accepted the same input
	}
	t.leaves = int(p.leaves)
	return t, nil
}

// litParser reads a tree literal without recursion: the open internal nodes
// are on an explicit stack.
type litParser struct {
	src   string
	pos   int
	stack []litFrame // the open internal nodes, outermost first

	// Pass 1 results.
	count  int     // number of nodes
	levels []int32 // number of nodes at each depth

	// Pass 2 state; t is nil during pass 1.
	t      *Tree
	next   []int32 // next free breadth-first index at each depth
	leaves int32   // leaves numbered so far, left to right
}

// litFrame is an internal node whose children are being read.
type litFrame struct {
	open byte  // '(' or '['
	pos  int   // offset of the opening bracket
	id   int32 // breadth-first index (pass 2)
	n    int32 // children read so far
}

// run makes one pass over the literal.
func (p *litParser) run() error {
	p.pos = 0
	p.stack = p.stack[:0]
	const (
		wantNode  = iota // a node must start here (after an opening bracket, a comma or at the start)
		wantFirst        // the first child of the node just opened
		nodeDone         // a node has just ended
	)
	state := wantNode
	for {
		p.skipSpace()
		switch state {
		case wantNode, wantFirst:
			opened, err := p.node(state == wantFirst)
			if err != nil {
				return err
			}
			if opened {
				state = wantFirst
			} else {
				state = nodeDone
			}
		case nodeDone:
			if len(p.stack) == 0 {
				if p.pos < len(p.src) {
					return p.expected(p.pos, "end of input after the tree")
				}
				return nil
			}
			top := &p.stack[len(p.stack)-1]
			if p.pos == len(p.src) {
				return p.errorf(p.pos, "unexpected end of input, expected '%c' to close '%c' at byte %d",
					litCloser(top.open), top.open, top.pos)
			}
			switch c := p.src[p.pos]; {
			case c == ')' || c == ']':
				if c != litCloser(top.open) {
					return p.expected(p.pos, fmt.Sprintf("'%c' to close '%c' at byte %d",
						litCloser(top.open), top.open, top.pos))
				}
				p.pos++
				if p.t != nil {
					p.t.nodes[top.id].n = top.n
				}
				p.stack = p.stack[:len(p.stack)-1]
			case c == ',':
				p.pos++
				state = wantNode
			case p.startsNode():
				state = wantNode
			default:
				return p.expected(p.pos, fmt.Sprintf("a child, ',' or '%c' to close '%c' at byte %d",
					litCloser(top.open), top.open, top.pos))
			}
		}
	}
}

// node reads one node at p.pos, which is past any white space. For an
// internal node it reads the header and the opening bracket and reports
// opened; the children follow. first says the node would be the first child
// of the innermost open node.
func (p *litParser) node(first bool) (opened bool, err error) {
	start := p.pos
	if p.pos == len(p.src) {
		if len(p.stack) == 0 {
			return false, p.expected(p.pos, "a number, a label or '('")
		}
		top := &p.stack[len(p.stack)-1]
		return false, p.errorf(p.pos, "unexpected end of input, expected '%c' to close '%c' at byte %d",
			litCloser(top.open), top.open, top.pos)
	}
	if first && len(p.stack) > 0 {
		top := &p.stack[len(p.stack)-1]
		if p.src[p.pos] == litCloser(top.open) {
			return false, p.errorf(top.pos, "empty node \"%c%c\": an internal node needs at least one child",
				top.open, litCloser(top.open))
		}
	}

	label := ""
	if p.identStart() {
		label = p.ident()
		p.skipSpace()
		if p.pos < len(p.src) && p.src[p.pos] == '=' {
			p.pos++
			p.skipSpace()
			return false, p.leaf(start, label)
		}
		if p.pos >= len(p.src) || (p.src[p.pos] != ':' && !litIsOpen(p.src[p.pos])) {
			return false, p.expected(p.pos, fmt.Sprintf("'=', ':' or '(' after the label %s", litShort(label)))
		}
	}

	value := 0
	if p.src[p.pos] == ':' {
		p.pos++
		p.skipSpace()
		v, text, err := p.number("a static value after ':'")
		if err != nil {
			return false, err
		}
		value = v
		p.skipSpace()
		if p.pos >= len(p.src) || !litIsOpen(p.src[p.pos]) {
			return false, p.expected(p.pos, fmt.Sprintf("'(' after the static value %s", text))
		}
	}

	if c := p.src[p.pos]; litIsOpen(c) {
		if len(p.stack) == maxLiteralDepth {
			return false, p.errorf(p.pos, "brackets nested deeper than %d levels", maxLiteralDepth)
		}
		id, err := p.add(start, label, value, false)
		if err != nil {
			return false, err
		}
		p.stack = append(p.stack, litFrame{open: c, pos: p.pos, id: id})
		p.pos++
		return true, nil
	}

	// No label and no static value were read: only a plain leaf remains.
	if c := p.src[p.pos]; c == '-' || litIsDigit(c) {
		return false, p.leaf(start, "")
	}
	open := byte('(')
	if len(p.stack) > 0 {
		open = p.stack[len(p.stack)-1].open
	}
	return false, p.expected(p.pos, fmt.Sprintf("a number, a label or '%c'", open))
}

// leaf reads a leaf's value at p.pos and adds the leaf; start is where the
// leaf (its label, if any) began.
func (p *litParser) leaf(start int, label string) error {
	context := "a number"
	if label != "" {
		context = "a number after '='"
	}
	v, text, err := p.number(context)
	if err != nil {
		return err
	}
	if p.pos < len(p.src) {
		c := p.src[p.pos]
		if c == '.' {
			return p.errorf(p.pos, "expected an integer but found '.' after %s", text)
		}
		if len(p.stack) > 0 && !litIsSpace(c) && c != ',' && c != ')' && c != ']' && c != '#' {
			top := &p.stack[len(p.stack)-1]
			return p.expected(p.pos, fmt.Sprintf("white space, ',' or '%c' after the number %s",
				litCloser(top.open), text))
		}
		// At the top level whatever follows is reported as trailing input.
	}
	_, err = p.add(start, label, v, true)
	return err
}

// add records a node at the current depth, len(p.stack), and returns its
// breadth-first index (always 0 in pass 1).
func (p *litParser) add(start int, label string, value int, leaf bool) (int32, error) {
	depth := len(p.stack)
	var id int32
	if p.t == nil {
		if p.count == MaxTreeNodes {
			return 0, p.errorf(start, "the tree has more than %d nodes (MaxTreeNodes)", MaxTreeNodes)
		}
		p.count++
		if depth == len(p.levels) {
			p.levels = append(p.levels, 0)
		}
		p.levels[depth]++
	} else {
		id = p.next[depth]
		p.next[depth]++
		nd := &p.t.nodes[id]
		nd.depth, nd.value, nd.label = int32(depth), value, label
		nd.parent, nd.leaf = -1, -1
		if depth > 0 {
			parent := &p.stack[depth-1]
			nd.parent, nd.move = parent.id, parent.n
		}
		if leaf {
			nd.leaf = p.leaves
			p.leaves++
		} else {
			// An internal node has a child, so depth+1 exists, and its
			// first child is the next node the walk meets at that depth.
			nd.first = p.next[depth+1]
		}
	}
	if depth > 0 {
		p.stack[depth-1].n++
	}
	return id, nil
}

// number reads an optionally negative decimal integer at p.pos and returns
// its value and text. what names the expected token for the error message.
func (p *litParser) number(what string) (int, string, error) {
	start := p.pos
	neg := p.pos < len(p.src) && p.src[p.pos] == '-'
	if neg {
		p.pos++
	}
	if p.pos >= len(p.src) || !litIsDigit(p.src[p.pos]) {
		if neg {
			return 0, "", p.expected(p.pos, "a digit after '-'")
		}
		return 0, "", p.expected(p.pos, what)
	}
	v, over := 0, false
	for ; p.pos < len(p.src) && litIsDigit(p.src[p.pos]); p.pos++ {
		if !over {
			v = v*10 + int(p.src[p.pos]-'0')
			over = v > maxLiteralValue
		}
	}
	text := p.src[start:p.pos]
	if over {
		if len(text) > 24 {
			text = text[:20] + "…"
		}
		return 0, "", p.errorf(start, "number %s out of range: values must lie within ±%d",
			text, maxLiteralValue)
	}
	if neg {
		v = -v
	}
	return v, text, nil
}

// identStart reports whether a label starts at p.pos.
func (p *litParser) identStart() bool {
	if p.pos >= len(p.src) {
		return false
	}
	r, _ := utf8.DecodeRuneInString(p.src[p.pos:])
	return r == '_' || unicode.IsLetter(r)
}

// ident reads a label at p.pos; identStart must hold.
func (p *litParser) ident() string {
	start := p.pos
	for p.pos < len(p.src) {
		r, size := utf8.DecodeRuneInString(p.src[p.pos:])
		if r != '_' && r != '\'' && (r < '0' || r > '9') && !unicode.IsLetter(r) {
			break
		}
		p.pos += size
	}
	return p.src[start:p.pos]
}

// startsNode reports whether a node can start at p.pos.
func (p *litParser) startsNode() bool {
	c := p.src[p.pos]
	return litIsOpen(c) || c == ':' || c == '-' || litIsDigit(c) || p.identStart()
}

// skipSpace skips white space and '#' comments.
func (p *litParser) skipSpace() {
	for p.pos < len(p.src) {
		switch c := p.src[p.pos]; {
		case litIsSpace(c):
			p.pos++
		case c == '#':
			for p.pos < len(p.src) && p.src[p.pos] != '\n' {
				p.pos++
			}
		default:
			return
		}
	}
}

func (p *litParser) errorf(off int, format string, args ...any) error {
	return &SyntaxError{Offset: off, Msg: fmt.Sprintf(format, args...)}
}

// expected reports that what was expected at off, naming what is there.
func (p *litParser) expected(off int, what string) error {
	if off >= len(p.src) {
		return p.errorf(off, "unexpected end of input, expected %s", what)
	}
	var found string
	r, size := utf8.DecodeRuneInString(p.src[off:])
	if r == utf8.RuneError && size == 1 {
		found = fmt.Sprintf("byte 0x%02x", p.src[off])
	} else {
		found = strconv.QuoteRune(r)
	}
	return p.errorf(off, "expected %s but found %s", what, found)
}

// litShort quotes s for an error message, cutting it if it is long.
func litShort(s string) string {
	const limit = 24
	if len(s) <= limit {
		return strconv.Quote(s)
	}
	cut := limit
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return strconv.Quote(s[:cut]) + "…"
}

func litIsDigit(c byte) bool { return '0' <= c && c <= '9' }

func litIsOpen(c byte) bool { return c == '(' || c == '[' }

func litIsSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'
}

func litCloser(open byte) byte {
	if open == '[' {
		return ']'
	}
	return ')'
}
