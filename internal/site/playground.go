package site

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"html/template"
	"strings"

	"github.com/cutoff-go/cutoff/pkg/algos"
	"github.com/cutoff-go/cutoff/pkg/gametree"
)

// The tree playground (tree.html) runs package playground compiled to
// WebAssembly (internal/wasm/playground) in a Web Worker, shipped as
// wasm.go says, and lays its DOT out with Graphviz compiled to
// WebAssembly: @hpcc-js/wasm-graphviz 1.29.2 (Apache-2.0), whose one
// bundled file, dist/index.js, is committed as play/graphviz/index.js with
// its LICENSE, byte for byte as npm ships it (the browser test compares it
// with the copy npm ci installs from testdata/browser's lockfile). It embeds
// its WebAssembly, so it needs no fetch; being an ES module, which Chromium
// does not load from file://, it is shipped as a classic script that sets
// globalThis.cutoffGraphviz (graphvizScript).
var (
	//go:embed playground.html.tmpl
	playgroundHTML string
	//go:embed play/tree.js
	treeJS []byte
	//go:embed play/wasm-worker.js
	wasmWorkerJS string
	//go:embed play/graphviz/index.js
	graphvizModule string
	//go:embed play/graphviz/LICENSE
	graphvizLicense []byte

	_ = template.Must(pages.New("playground.html.tmpl").Parse(playgroundHTML))
)

// graphvizScript turns @hpcc-js/wasm-graphviz's ES module into a classic
// script: its one export statement, at the end, becomes
// globalThis.cutoffGraphviz = {Graphviz}.
func graphvizScript() ([]byte, error) {
	at := strings.LastIndex(graphvizModule, "export{")
	if at < 0 {
		return nil, errors.New("tree.html: play/graphviz/index.js has no export statement")
	}
	end := strings.Index(graphvizModule[at:], "};")
	if end < 0 {
		return nil, errors.New("tree.html: play/graphviz/index.js: the export statement does not end")
	}
	var local string
	for _, item := range strings.Split(graphvizModule[at+len("export{"):at+end], ",") {
		if name, as, ok := strings.Cut(item, " as "); ok && as == "Graphviz" {
			local = name
		}
	}
	if local == "" {
		return nil, errors.New("tree.html: play/graphviz/index.js does not export Graphviz")
	}
	return []byte("// @hpcc-js/wasm-graphviz 1.29.2 (Apache-2.0: graphviz-LICENSE.txt), dist/index.js as a classic script.\n" +
		graphvizModule[:at] + "globalThis.cutoffGraphviz={Graphviz:" + local + "};" + graphvizModule[at+end+2:]), nil
}

// PlaygroundFiles builds internal/wasm/playground of the module at root
// (buildWasm) and returns the playground's files, path in the site →
// content: tree.html, play/tree.js, play/tree-wasm.js, play/graphviz.js and
// play/graphviz-LICENSE.txt.
func PlaygroundFiles(ctx context.Context, root string) (map[string][]byte, WasmStats, error) {
	p, err := buildWasm(ctx, root, "./internal/wasm/playground", "tree.html")
	if err != nil {
		return nil, WasmStats{}, err
	}
	js, err := p.script("the tree playground", "cutoffPlaygroundWorker", "cutoffPlaygroundWasm", wasmWorkerJS)
	if err != nil {
		return nil, p.stats, err
	}
	gv, err := graphvizScript()
	if err != nil {
		return nil, p.stats, err
	}
	page, err := playgroundPage()
	if err != nil {
		return nil, p.stats, err
	}
	return map[string][]byte{
		"tree.html":                 []byte(page),
		"play/tree.js":              treeJS,
		"play/tree-wasm.js":         js,
		"play/graphviz.js":          gv,
		"play/graphviz-LICENSE.txt": graphvizLicense,
	}, p.stats, nil
}

// playgroundPage is tree.html: the form knows the registry's algorithms and
// the options each reads, and the fixtures.
func playgroundPage() (string, error) {
	type alg struct {
		Name string   `json:"name"`
		Doc  string   `json:"doc"`
		Uses []string `json:"uses"`
	}
	var algs []alg
	for _, a := range algos.Algorithms() {
		x := alg{Name: a.Name, Doc: a.Doc, Uses: []string{}}
		// In a fixed order: the page is the same byte for byte at every build.
		for _, o := range []struct {
			opt  algos.Option
			name string
		}{{algos.OptTT, "tt"}, {algos.OptGuess, "guess"}, {algos.OptDelta, "delta"}, {algos.OptSchedule, "schedule"}, {algos.OptOrdering, "ordering"}} {
			if a.UsesOption(o.opt) {
				x.Uses = append(x.Uses, o.name)
			}
		}
		algs = append(algs, x)
	}
	js, err := json.Marshal(algs)
	if err != nil {
		return "", err
	}
	body, err := execute("playground", struct {
		Algorithms     []alg
		AlgorithmsJSON template.JS
		Fixtures       []gametree.Fixture
	}{algs, template.JS(js), gametree.Fixtures()})
	if err != nil {
		return "", err
	}
	return writePage("Try it yourself: the tree playground — Cutoff", body, nil)
}

// tryIt is the lessons' "try it yourself" links: a notebook's stem → the
// playground's fragment with the lesson's tree and algorithm chosen, and
// the result hidden until the reader steps to its end (hide=1: the link sits
// above the lesson's prediction prompts and must not answer them).
var tryIt = map[string]struct{ Fragment, What string }{
	"01-minimax":       {"source=fixture&fixture=aima-fig5.2&alg=minimax&hide=1", "minimax on AIMA Fig. 5.2"},
	"02-alphabeta":     {"source=fixture&fixture=aima-fig5.2&alg=alphabeta&hide=1", "alpha-beta on AIMA Fig. 5.2"},
	"03-negamax":       {"source=fixture&fixture=aima-fig5.2&alg=negamax-ab&hide=1", "alpha-beta in negamax form on AIMA Fig. 5.2"},
	"04-ordering":      {"source=random&b=3&d=4&seed=1&order=worst&alg=alphabeta&hide=1", "alpha-beta on a random tree in the worst order (try best, and killers)"},
	"05-transposition": {"source=random&b=3&d=4&seed=1&order=worst&alg=id&tt=64&hide=1", "iterative deepening with a table of 64 entries on a random tree (a textbook tree has no transpositions: the table's hits here are positions met again by the next iteration)"},
	"06-pvs":           {"source=fixture&fixture=deep-cutoff&alg=pvs&hide=1", "principal variation search on the deep cutoff tree"},
	"07-mtd":           {"source=fixture&fixture=aima-fig5.2&alg=mtdf&hide=1", "MTD(f) on AIMA Fig. 5.2"},
	"08-bns":           {"source=fixture&fixture=aima-fig5.2&alg=bns&hide=1", "Best Node Search on AIMA Fig. 5.2"},
	"09-experiments":   {"source=random&b=3&d=5&seed=1&order=natural&alg=pvs&hide=1", "PVS on a random tree (change b, d, the order and the algorithm)"},
}
