package untrace

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"slices"
	"strings"
)

// Specialized is the name of the type-set interface that lists the
// position types the untraced searches are compiled for:
//
//	type specialized interface{ gametree.Node | random.UniformNode }
//
// Go compiles a generic function once per memory layout and calls a type
// parameter's methods through a dictionary, never inlined. So for each
// type listed, Generate also writes a copy of every untraced function that
// calls the position's methods (or calls such a function), with the type
// parameter replaced by the type: there the methods are direct calls the
// compiler can inline. Each untraced search the hand-written code calls
// (s.alphaBetaUntraced) becomes a dispatcher that runs the copy for the
// search's type (a type switch, once per call) or the generic copy
// (alphaBetaUntracedGeneric) for any other type. The copies are written for
// the types declared there and no others, and generation fails when a copy
// would refer to a function that has a copy of its own without calling it
// (a function value), or call one with another type argument.
//
// One call is rewritten besides: a method call through the searcher's
// field cv (an interface holding &s.cur, the field of the type parameter's
// type) becomes a call on s.cur, when the listed type implements cv's
// interface, so the frontier's ChildValue inlines too.
const Specialized = "specialized"

// special is one type of the specialized list.
type special struct {
	typ  types.Type
	expr string // how the generated code writes the type: random.UniformNode
	name string // its name, the copies' suffix after "For"
}

// specials reads the package's specialized interface: none when it has
// none.
func (p *pkg) specials() ([]special, error) {
	obj, ok := p.pkg.Scope().Lookup(Specialized).(*types.TypeName)
	if !ok {
		return nil, nil
	}
	iface, ok := obj.Type().Underlying().(*types.Interface)
	if !ok || iface.NumMethods() > 0 {
		return nil, fmt.Errorf("untrace: %s must be an interface listing types (A | B)", Specialized)
	}
	qual := func(q *types.Package) string { // the package's own types unqualified
		if q == p.pkg {
			return ""
		}
		return q.Name()
	}
	var out []special
	for i := range iface.NumEmbeddeds() {
		var terms []*types.Term
		switch e := iface.EmbeddedType(i).(type) {
		case *types.Union:
			for j := range e.Len() {
				terms = append(terms, e.Term(j))
			}
		default:
			terms = append(terms, types.NewTerm(false, e))
		}
		for _, t := range terms {
			named, ok := t.Type().(*types.Named)
			if t.Tilde() || !ok || named.TypeParams().Len() > 0 {
				return nil, fmt.Errorf("untrace: %s lists %s: only named, non-generic types can be specialized", Specialized, t)
			}
			sp := special{typ: named, expr: types.TypeString(named, qual), name: named.Obj().Name()}
			if slices.ContainsFunc(out, func(o special) bool { return o.name == sp.name }) {
				return nil, fmt.Errorf("untrace: %s lists two types named %s", Specialized, sp.name)
			}
			out = append(out, sp)
		}
	}
	return out, nil
}

// typeParam returns the single type parameter of fn (its receiver's, for a
// method), or nil when it has none or several.
func typeParam(fn *types.Func) *types.TypeParam {
	sig := fn.Type().(*types.Signature)
	tps := sig.TypeParams()
	if sig.Recv() != nil {
		tps = sig.RecvTypeParams()
	}
	if tps.Len() != 1 {
		return nil
	}
	return tps.At(0)
}

// isParam reports whether t is tp or a pointer to it.
func isParam(t types.Type, tp *types.TypeParam) bool {
	if ptr, ok := t.(*types.Pointer); ok {
		t = ptr.Elem()
	}
	return types.Identical(t, tp)
}

// specialize decides which functions get specialized copies: those
// reached from the untraced roots, generic in one type parameter, that call
// a method of a value of that type (or one through the cv field), or call
// a function that does. It sets p.spec and p.dispatch (the roots that
// become dispatchers).
func (p *pkg) specialize(roots []*types.Func) error {
	sps, err := p.specials()
	if err != nil || len(sps) == 0 {
		return err
	}
	p.sps = sps
	reach := map[*types.Func]bool{}
	queue := slices.Clone(roots)
	for _, fn := range roots {
		reach[fn] = true
	}
	for len(queue) > 0 {
		fn := queue[0]
		queue = queue[1:]
		for _, r := range p.refs[fn] {
			if !reach[r] {
				reach[r] = true
				queue = append(queue, r)
			}
		}
	}
	for _, fn := range p.order {
		if reach[fn] && typeParam(fn) != nil && p.callsParamMethod(fn) {
			p.spec[fn] = true
		}
	}
	refs := map[*types.Func][]*types.Func{}
	for _, fn := range p.order {
		if reach[fn] && typeParam(fn) != nil {
			refs[fn] = p.refs[fn]
		}
	}
	fixpoint(p.order, refs, p.spec)
	for _, fn := range roots {
		if !p.spec[fn] {
			continue
		}
		if fn.Type().(*types.Signature).Recv() == nil {
			return fmt.Errorf("untrace: %s is run untraced by the hand-written code and would be specialized: only methods can dispatch", fn.Name())
		}
		p.dispatch[fn] = true
	}
	return nil
}

// callsParamMethod reports whether fn's body (outside trace statements)
// calls a method of a value of its type parameter's type, or one through
// the searcher's cv field.
func (p *pkg) callsParamMethod(fn *types.Func) bool {
	tp := typeParam(fn)
	found := false
	ast.Inspect(p.decls[fn].Body, func(n ast.Node) bool {
		if st, ok := n.(ast.Stmt); ok && isTraceIf(p, st) {
			return false
		}
		if sel, ok := n.(*ast.SelectorExpr); ok {
			if s := p.info.Selections[sel]; s != nil && s.Kind() == types.MethodVal &&
				(isParam(p.info.Types[sel.X].Type, tp) || p.isField(sel.X, p.cv)) {
				found = true
			}
		}
		return !found
	})
	return found
}

// isField reports whether e is X.f for the searcher's field f.
func (p *pkg) isField(e ast.Expr, f *types.Var) bool {
	sel, ok := e.(*ast.SelectorExpr)
	if !ok || f == nil {
		return false
	}
	s, ok := p.info.Selections[sel]
	return ok && s.Kind() == types.FieldVal && s.Obj().(*types.Var).Origin() == f
}

// copyName is the name fn's code has in the generated file: its untraced
// copy's when it has one.
func (p *pkg) copyName(fn *types.Func) string {
	if p.copied[fn] {
		return fn.Name() + Suffix
	}
	return fn.Name()
}

// genericName is the name of fn's generic untraced copy: a dispatcher's
// generic copy has the suffix Generic.
func (p *pkg) genericName(fn *types.Func) string {
	if p.dispatch[fn] {
		return p.copyName(fn) + "Generic"
	}
	return p.copyName(fn)
}

// specName is the name of fn's copy for sp.
func (p *pkg) specName(fn *types.Func, sp special) string {
	return p.copyName(fn) + "For" + sp.name
}

// edit replaces the source bytes [pos, end) of a file.
type edit struct {
	pos, end token.Pos
	text     string
}

// specialCopy writes fn's copy for sp: its source with the trace
// statements deleted, the type parameter replaced by sp's type, the
// receiver made the first parameter, calls of specialized functions made
// calls of their copies for sp, and references to untraced copies renamed.
func (p *pkg) specialCopy(fn *types.Func, sp special) (string, error) {
	decl := p.decls[fn]
	tp := typeParam(fn)
	var edits []edit
	var err error
	fail := func(format string, a ...any) {
		if err == nil {
			err = fmt.Errorf("untrace: %s for %s: "+format, append([]any{fn.Name(), sp.name}, a...)...)
		}
	}
	implementsCV := p.cv != nil && types.Implements(types.NewPointer(sp.typ), p.cv.Type().Underlying().(*types.Interface))
	// sameParam reports whether a generic callee named by id (or a method
	// whose receiver is recv) is instantiated with fn's type parameter.
	sameParam := func(args *types.TypeList) bool {
		return args != nil && args.Len() == 1 && types.Identical(args.At(0), tp)
	}
	var walk func(n ast.Node)
	walk = func(root ast.Node) {
		ast.Inspect(root, func(n ast.Node) bool {
			switch n := n.(type) {
			case ast.Stmt:
				if isTraceIf(p, n) {
					edits = append(edits, edit{n.Pos(), n.End(), ""})
					return false
				}
			case *ast.CallExpr:
				switch fun := ast.Unparen(n.Fun).(type) {
				case *ast.SelectorExpr:
					s := p.info.Selections[fun]
					if s == nil || s.Kind() != types.MethodVal {
						break
					}
					callee := p.declared(s.Obj())
					if callee != nil && p.spec[callee] {
						recv := s.Recv()
						if ptr, ok := recv.(*types.Pointer); ok {
							recv = ptr.Elem()
						}
						named, _ := recv.(*types.Named)
						if named == nil || !sameParam(named.TypeArgs()) || len(s.Index()) != 1 {
							fail("calls %s with another type argument or through an embedded field", callee.Name())
							return false
						}
						open := p.specName(callee, sp) + "("
						_, xPtr := s.Recv().(*types.Pointer)
						_, declPtr := callee.Type().(*types.Signature).Recv().Type().(*types.Pointer)
						switch {
						case declPtr && !xPtr:
							open += "&"
						case !declPtr && xPtr:
							open += "*"
						}
						sep := ", "
						if len(n.Args) == 0 {
							sep = ""
						}
						edits = append(edits, edit{fun.X.Pos(), fun.X.Pos(), open}, edit{fun.X.End(), n.Lparen + 1, sep})
						walk(fun.X)
						for _, a := range n.Args {
							walk(a)
						}
						return false
					}
					if implementsCV && p.isField(fun.X, p.cv) {
						inner := fun.X.(*ast.SelectorExpr)
						edits = append(edits, edit{inner.Sel.Pos(), inner.Sel.End(), p.cur.Name()})
					}
				case *ast.Ident, *ast.IndexExpr:
					id, _ := fun.(*ast.Ident)
					if ix, ok := fun.(*ast.IndexExpr); ok {
						id, _ = ix.X.(*ast.Ident)
					}
					if id == nil {
						break
					}
					callee := p.declared(p.info.Uses[id])
					if callee == nil || !p.spec[callee] {
						break
					}
					if inst, ok := p.info.Instances[id]; !ok || !sameParam(inst.TypeArgs) {
						fail("calls %s with another type argument", callee.Name())
						return false
					}
					edits = append(edits, edit{fun.Pos(), fun.End(), p.specName(callee, sp)})
					for _, a := range n.Args {
						walk(a)
					}
					return false
				}
			case *ast.Ident:
				switch obj := p.info.Uses[n].(type) {
				case *types.TypeName:
					if types.Identical(obj.Type(), tp) {
						edits = append(edits, edit{n.Pos(), n.End(), sp.expr})
					}
				case *types.Func:
					if callee := p.declared(obj); callee != nil {
						switch {
						case p.spec[callee]:
							fail("refers to %s without calling it: its copy for %s would not be used", callee.Name(), sp.name)
						case p.copied[callee]:
							edits = append(edits, edit{n.Pos(), n.End(), p.genericName(callee)})
						}
					}
				}
			}
			return true
		})
	}
	// The header: func name(recv T, params) results.
	head := "func " + p.specName(fn, sp) + "("
	if decl.Recv != nil {
		field := decl.Recv.List[0]
		name := "_"
		if len(field.Names) == 1 {
			name = field.Names[0].Name
		}
		recvType, rerr := p.apply(field.Type.Pos(), field.Type.End(), p.identEdits(field.Type, tp, sp))
		if rerr != nil {
			return "", rerr
		}
		head += name + " " + recvType
		if decl.Type.Params.NumFields() > 0 {
			head += ", "
		}
	}
	edits = append(edits, edit{decl.Type.Func, decl.Type.Params.Opening + 1, head})
	walk(decl.Type.Params)
	if decl.Type.Results != nil {
		walk(decl.Type.Results)
	}
	walk(decl.Body)
	if err != nil {
		return "", err
	}
	src, err := p.apply(decl.Type.Func, decl.End(), edits)
	if err != nil {
		return "", err
	}
	// Printed again with a file set of its own, as the generic copies are:
	// the deleted statements leave no blank lines.
	f, err := parser.ParseFile(token.NewFileSet(), "", "package x\n\n"+src, parser.SkipObjectResolution)
	if err != nil {
		return "", fmt.Errorf("untrace: the copy of %s for %s does not parse: %v\n%s", fn.Name(), sp.name, err, src)
	}
	var out bytes.Buffer
	if err := format.Node(&out, token.NewFileSet(), f.Decls[0]); err != nil {
		return "", err
	}
	return out.String(), nil
}

// apply returns the source bytes [pos, end) with the edits made (edits
// inside [pos, end), not overlapping; insertions at one place in order).
func (p *pkg) apply(pos, end token.Pos, edits []edit) (string, error) {
	tf := p.fset.File(pos)
	src, err := p.source(tf)
	if err != nil {
		return "", err
	}
	slices.SortStableFunc(edits, func(a, b edit) int { return int(a.pos - b.pos) })
	var out strings.Builder
	at := pos
	for _, e := range edits {
		if e.pos < at || e.end > end {
			return "", fmt.Errorf("untrace: overlapping edits at %s", p.fset.Position(e.pos))
		}
		out.Write(src[tf.Offset(at):tf.Offset(e.pos)])
		out.WriteString(e.text)
		at = e.end
	}
	out.Write(src[tf.Offset(at):tf.Offset(end)])
	return out.String(), nil
}

// source returns the contents of a parsed file.
func (p *pkg) source(tf *token.File) ([]byte, error) {
	if b, ok := p.srcs[tf.Name()]; ok {
		return b, nil
	}
	b, err := os.ReadFile(tf.Name())
	if err != nil {
		return nil, err
	}
	p.srcs[tf.Name()] = b
	return b, nil
}

// dispatcher writes root's dispatcher: a method with root's name and
// signature that runs its copy for the search's type when that is one of
// the specialized types, its generic copy otherwise.
func (p *pkg) dispatcher(fn *types.Func) (string, error) {
	decl := p.decls[fn]
	tp := typeParam(fn)
	field := decl.Recv.List[0]
	if len(field.Names) != 1 || field.Names[0].Name == "_" {
		return "", fmt.Errorf("untrace: %s's receiver needs a name for its dispatcher", fn.Name())
	}
	recv := field.Names[0].Name
	if res := decl.Type.Results; res != nil && len(p.identEdits(res, tp, p.sps[0])) > 0 {
		return "", fmt.Errorf("untrace: %s returns a value of its type parameter's type: it cannot dispatch", fn.Name())
	}
	// The parameters as the generic copy takes them, and the types of
	// those that mention the type parameter.
	var args []string
	typed := map[string]ast.Expr{}
	for _, pf := range decl.Type.Params.List {
		for _, id := range pf.Names {
			if id.Name == "_" {
				return "", fmt.Errorf("untrace: %s's parameters need names for its dispatcher", fn.Name())
			}
			arg := id.Name
			if _, ok := pf.Type.(*ast.Ellipsis); ok {
				arg += "..."
			}
			if len(p.identEdits(pf.Type, tp, p.sps[0])) > 0 {
				if arg != id.Name {
					return "", fmt.Errorf("untrace: %s's variadic parameter has its type parameter's type: it cannot dispatch", fn.Name())
				}
				typed[id.Name] = pf.Type
			}
			args = append(args, arg)
		}
	}
	if len(decl.Type.Params.List) > 0 && len(args) == 0 {
		return "", fmt.Errorf("untrace: %s's parameters need names for its dispatcher", fn.Name())
	}
	recvType, err := p.apply(field.Type.Pos(), field.Type.End(), nil)
	if err != nil {
		return "", err
	}
	sigText, err := p.apply(decl.Type.Params.Pos(), decl.Type.End(), nil)
	if err != nil {
		return "", err
	}
	ret := "return "
	if decl.Type.Results == nil {
		ret = ""
	}
	var b strings.Builder
	fmt.Fprintf(&b, "// %s runs %s, or its copy for the\n// search's position type when %s lists it.\n", p.copyName(fn), p.genericName(fn), Specialized)
	fmt.Fprintf(&b, "func (%s %s) %s%s {\n", recv, recvType, p.copyName(fn), sigText)
	fmt.Fprintf(&b, "switch %s := any(%s).(type) {\n", recv, recv)
	for _, sp := range p.sps {
		// The search's type is sp's here: a parameter of a type that
		// mentions the type parameter is converted by way of a pointer.
		spArgs := []string{recv}
		for _, arg := range args {
			if t, ok := typed[arg]; ok {
				text, err := p.apply(t.Pos(), t.End(), p.identEdits(t, tp, sp))
				if err != nil {
					return "", err
				}
				arg = fmt.Sprintf("*any(&%s).(*%s)", arg, text)
			}
			spArgs = append(spArgs, arg)
		}
		recvT, err := p.apply(field.Type.Pos(), field.Type.End(), p.identEdits(field.Type, tp, sp))
		if err != nil {
			return "", err
		}
		fmt.Fprintf(&b, "case %s:\n%s%s(%s)\n", recvT, ret, p.specName(fn, sp), strings.Join(spArgs, ", "))
		if ret == "" {
			b.WriteString("return\n")
		}
	}
	b.WriteString("}\n")
	fmt.Fprintf(&b, "%s%s.%s(%s)\n}\n", ret, recv, p.genericName(fn), strings.Join(args, ", "))
	out, err := format.Source([]byte(b.String()))
	if err != nil {
		return "", fmt.Errorf("untrace: %s's dispatcher: %v\n%s", fn.Name(), err, b.String())
	}
	return string(out), nil
}

// identEdits replaces the type parameter's name by sp's type in n.
func (p *pkg) identEdits(n ast.Node, tp *types.TypeParam, sp special) []edit {
	var edits []edit
	ast.Inspect(n, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && id.Name == tp.Obj().Name() {
			edits = append(edits, edit{id.Pos(), id.End(), sp.expr})
		}
		return true
	})
	return edits
}
