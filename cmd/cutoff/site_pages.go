package main

import (
	"fmt"
	"html"
	"regexp"
	"strings"

	"github.com/cutoff-go/cutoff/internal/ipynb"
)

// This file writes the site's pages around the converted notebooks: the
// course map (index.html), derived from notebooks/README.md's table and each
// notebook's first markdown cell, with the sources each notebook runs taken
// from notebooks/SOURCES.md; the sources page; and the frame every page
// shares.

// courseEntry is one notebook on the course map.
type courseEntry struct {
	File     string // 02-alphabeta.ipynb
	Stem     string // 02-alphabeta
	Title    string // "02 · Alpha-beta", the first heading of its first markdown cell
	Question string // HTML: its "**Question:**" paragraph, or the first paragraph
	Shows    string // HTML: "what it shows", from README.md's table
	Exercise string // HTML: the exercise column of README.md's table
	Sources  []sourceUse
}

// sourceUse is what a notebook runs of one source: an item of the source's
// "Where the course runs it" list in SOURCES.md.
type sourceUse struct {
	Name  string // short name, e.g. textbook-6.4
	Title string // the source's heading after its short name
	Claim string // HTML of the item
}

// readmeRow is a notebook's row of notebooks/README.md's table.
type readmeRow struct{ shows, exercise string }

// notebookFileRE finds a notebook's file name in markdown text.
var notebookFileRE = regexp.MustCompile("`?([0-9][0-9]-[A-Za-z0-9_.-]+|interactive)\\.ipynb`?")

// readmeTable reads the rows of README.md's table whose first column names
// a notebook: file name → its other columns (markdown).
func readmeTable(readme string) map[string]readmeRow {
	rows := map[string]readmeRow{}
	for _, line := range strings.Split(readme, "\n") {
		line = strings.TrimSpace(line)
		if !strings.HasPrefix(line, "|") {
			continue
		}
		cells := splitTableRow(line)
		if len(cells) < 2 {
			continue
		}
		m := notebookFileRE.FindStringSubmatch(cells[0])
		if m == nil || strings.TrimSpace(cells[0]) != m[0] {
			continue
		}
		row := readmeRow{shows: cells[1]}
		if len(cells) > 2 && cells[2] != "—" && cells[2] != "-" {
			row.exercise = cells[2]
		}
		rows[m[1]+".ipynb"] = row
	}
	return rows
}

// splitTableRow splits a markdown table row on the | that are neither
// escaped nor inside a code span, and trims the cells; an escaped \| becomes
// a plain | (GitHub's tables need the escape even inside code spans).
func splitTableRow(line string) []string {
	line = strings.TrimPrefix(strings.TrimSuffix(line, "|"), "|")
	var cells []string
	var cur strings.Builder
	code := false
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case c == '\\' && i+1 < len(line) && line[i+1] == '|':
			cur.WriteByte('|') // the cell is rendered on its own, outside the table
			i++
		case c == '`':
			code = !code
			cur.WriteByte(c)
		case c == '|' && !code:
			cells = append(cells, strings.TrimSpace(cur.String()))
			cur.Reset()
		default:
			cur.WriteByte(c)
		}
	}
	return append(cells, strings.TrimSpace(cur.String()))
}

// sourceSection is one "## [name] title" section of SOURCES.md.
type sourceSection struct {
	Name, Title string
	Uses        map[string][]string // notebook file → markdown of the items naming it
}

var sourceHeadingRE = regexp.MustCompile(`^##\s+\[([^\]]+)\]\s*(.*)$`)

// sourceSections reads SOURCES.md: its "## [name] title" sections and, in
// each, the items of the list after "**Where the course runs it:**" that
// name notebooks.
func sourceSections(src string) []sourceSection {
	var out []sourceSection
	var cur *sourceSection
	inList := false
	var item strings.Builder
	flush := func() {
		if cur != nil && item.Len() > 0 {
			text := strings.Join(strings.Fields(item.String()), " ")
			for _, m := range notebookFileRE.FindAllStringSubmatch(text, -1) {
				file := m[1] + ".ipynb"
				claim := text
				if rest, ok := strings.CutPrefix(text, m[0]+":"); ok && strings.Index(text, m[0]) == 0 {
					claim = strings.TrimSpace(rest)
				}
				if uses := cur.Uses[file]; len(uses) == 0 || uses[len(uses)-1] != claim {
					cur.Uses[file] = append(uses, claim)
				}
			}
		}
		item.Reset()
	}
	for _, line := range strings.Split(src, "\n") {
		if m := sourceHeadingRE.FindStringSubmatch(line); m != nil {
			flush()
			out = append(out, sourceSection{Name: m[1], Title: strings.TrimSpace(m[2]), Uses: map[string][]string{}})
			cur, inList = &out[len(out)-1], false
			continue
		}
		if strings.HasPrefix(line, "#") {
			flush()
			cur, inList = nil, false
			continue
		}
		if cur == nil {
			continue
		}
		if strings.Contains(line, "**Where the course runs it:**") {
			flush()
			inList = true
			continue
		}
		if !inList {
			continue
		}
		trimmed := strings.TrimSpace(line)
		indent := len(line) - len(strings.TrimLeft(line, " "))
		switch {
		case trimmed == "":
			continue
		case indent == 0:
			flush()
			inList = false
		case strings.HasPrefix(trimmed, "- ") || strings.HasPrefix(trimmed, "* "):
			flush()
			item.WriteString(trimmed[2:])
		default:
			item.WriteString(" " + trimmed)
		}
	}
	flush()
	return out
}

// notebookIntro returns the title (the first heading) and the question (the
// paragraph starting "**Question:**", else the first paragraph after the
// heading) of a notebook's first markdown cell, as markdown.
func notebookIntro(nb *ipynb.Notebook) (title, question string) {
	for _, c := range nb.Cells {
		if c.CellType != "markdown" {
			continue
		}
		var first string
		for _, para := range strings.Split(strings.ReplaceAll(string(c.Source), "\r\n", "\n"), "\n\n") {
			para = strings.TrimSpace(para)
			switch {
			case para == "":
			case strings.HasPrefix(para, "#"):
				if title == "" {
					title = strings.TrimSpace(strings.TrimLeft(strings.SplitN(para, "\n", 2)[0], "#"))
				}
			case strings.HasPrefix(para, "**Question:**"):
				question = para
			case first == "":
				first = para
			}
		}
		if question == "" {
			question = firstSentence(first)
		}
		return title, question
	}
	return "", ""
}

// firstSentence returns the first sentence of a paragraph of markdown:
// up to the first ". " outside code spans, links and parentheses.
func firstSentence(para string) string {
	depth, code := 0, false
	for i := 0; i+1 < len(para); i++ {
		switch c := para[i]; {
		case c == '`':
			code = !code
		case code:
		case c == '(' || c == '[':
			depth++
		case c == ')' || c == ']':
			depth--
		case c == '.' && depth == 0 && (para[i+1] == ' ' || para[i+1] == '\n'):
			return para[:i+1]
		}
	}
	return para
}

// siteCSS is the site's one stylesheet, style.css.
const siteCSS = `:root{--fg:#1d1f23;--muted:#5b6270;--line:#dde1e7;--bg:#fff;--code:#f6f7f9;--accent:#2457a6;--out:#fcfcfd}
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","DejaVu Sans","Noto Naskh Arabic","Noto Sans Arabic",Vazirmatn,Tahoma,"Noto Sans CJK SC","Source Han Sans SC","PingFang SC","Hiragino Sans GB","Microsoft YaHei","WenQuanYi Micro Hei",sans-serif}
:lang(fa){font-family:Vazirmatn,"Noto Naskh Arabic","Noto Sans Arabic",Tahoma,"Segoe UI",sans-serif}
:lang(zh){font-family:"Noto Sans CJK SC","Source Han Sans SC","PingFang SC","Hiragino Sans GB","Microsoft YaHei","WenQuanYi Micro Hei",sans-serif}
a{color:var(--accent)}
a:hover{text-decoration-thickness:2px}
.top{border-bottom:1px solid var(--line);background:#f9fafb}
.top .bar{max-width:60rem;margin:0 auto;padding:.55rem 1.25rem;display:flex;gap:1rem;align-items:center;flex-wrap:wrap}
.top .home{font-weight:650;text-decoration:none;color:var(--fg)}
.top .links{display:flex;gap:1rem;flex-wrap:wrap;font-size:.95rem}
.top .spacer{flex:1}
main{max-width:60rem;margin:0 auto;padding:1.25rem 1.25rem 2rem}
h1,h2,h3,h4{line-height:1.25;margin:1.6em 0 .6em}
h1{font-size:2rem;margin-top:.6em}
h2{font-size:1.45rem;border-bottom:1px solid var(--line);padding-bottom:.2em}
h3{font-size:1.18rem}
p,ul,ol,table,blockquote,pre{margin:0 0 1em}
code,pre,kbd{font-family:ui-monospace,"SFMono-Regular",Menlo,Consolas,"DejaVu Sans Mono",monospace;font-size:.9em}
:not(pre)>code{background:var(--code);border-radius:4px;padding:.1em .3em}
pre{overflow:auto;line-height:1.45;tab-size:4;-moz-tab-size:4}
blockquote{margin-left:0;padding:.2em 1em;border-left:4px solid var(--line);color:var(--muted)}
table{border-collapse:collapse;display:block;overflow:auto;max-width:100%}
th,td{border:1px solid var(--line);padding:.35em .7em;text-align:left;vertical-align:top}
th{background:#f3f5f8}
img,svg{max-width:100%;height:auto}
.cell{margin:0 0 1.1em}
.cell.code .input{position:relative;background:var(--code);border:1px solid var(--line);border-left:3px solid #9db4d9;border-radius:6px}
.cell.code .prompt{position:absolute;right:.6em;top:.35em;font:12px/1 ui-monospace,Menlo,Consolas,monospace;color:#8a919e}
.cell.code pre.source{margin:0;padding:.7em 1em}
.cell.code .outputs{margin:.35em 0 0;padding:0 0 0 .2em}
.outputs pre.stream{margin:.3em 0;padding:.5em 1em;background:var(--out);border:1px solid var(--line);border-radius:6px;white-space:pre-wrap;word-break:break-word}
.outputs pre.stderr,.outputs pre.error{background:#fff4f4;border-color:#f0b8b8}
.outputs .display{margin:.4em 0;overflow:auto}
.c{color:#6a737d;font-style:italic}.s{color:#0a6b2b}.n{color:#9a3c00}.k{color:#8f1d8f;font-weight:600}.m{color:#8a5a00}
figure.picture{margin:.4em 0 1em;padding:0;position:relative}
figure.picture>svg{display:block;max-width:100%;height:auto}
figure.picture figcaption{text-align:right;font-size:.8rem;margin-top:.2em}
a.svg-link{display:inline-block;padding:0 .45em;border:1px solid var(--line);border-radius:4px;text-decoration:none;color:var(--muted);background:#fff}
a.svg-link:hover{color:var(--accent);border-color:var(--accent)}
.pager{display:flex;justify-content:space-between;gap:1rem;margin:2.5rem 0 0;padding-top:1rem;border-top:1px solid var(--line);flex-wrap:wrap}
.pager a{text-decoration:none}
.download{font-size:.95rem;color:var(--muted)}
.map{list-style:none;padding:0;margin:0}
.map>li{border:1px solid var(--line);border-radius:8px;padding:.9rem 1.1rem;margin:0 0 1rem;background:#fff}
.map h3{margin:0 0 .4rem;font-size:1.15rem}
.map h3 a{text-decoration:none}
.map p{margin:0 0 .5em}
.map dl{display:grid;grid-template-columns:max-content 1fr;gap:.25em .9em;margin:.4em 0 0;font-size:.95rem}
.map dt{color:var(--muted);font-weight:600}
.map dd{margin:0}
.map dd ul{margin:0;padding-left:1.1em}
.more{display:grid;grid-template-columns:repeat(auto-fit,minmax(15rem,1fr));gap:1rem;margin:1rem 0}
.more a.card{display:block;border:1px solid var(--line);border-radius:8px;padding:.8rem 1rem;text-decoration:none;color:var(--fg)}
.more a.card strong{color:var(--accent)}
.lead{font-size:1.08rem}
.muted{color:var(--muted)}
.fixture{margin-bottom:2rem}
.cell.md details,.cell.code details.reveal{margin:.4em 0 1em;border:1px solid var(--line);border-left:3px solid #e0a030;border-radius:6px;padding:.3em .9em;background:#fffdf7}
.cell.md details>summary,.cell.code details.reveal>summary{cursor:pointer;font-weight:600;color:#7a4d00;padding:.2em 0}
.cell.md details[open]>summary,.cell.code details.reveal[open]>summary{margin-bottom:.4em}
.readme pre{background:var(--code);border:1px solid var(--line);border-radius:6px;padding:.6em .9em}
.fixture details{margin:.5rem 0;border:1px solid var(--line);border-radius:8px;padding:.4rem .8rem}
.fixture summary{cursor:pointer;font-weight:600}
@media print{.top,.pager,a.svg-link{display:none}}
`

// pageNav is the navigation of a page: the previous and next pages of the
// course, if any.
type pageNav struct {
	prevHref, prevTitle string
	nextHref, nextTitle string
}

// writePage returns a whole HTML page of the site around body. All links
// are relative: the site works from file:// and from any web server.
func writePage(title, body string, nav *pageNav) string {
	var b strings.Builder
	b.WriteString("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n")
	b.WriteString("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n")
	fmt.Fprintf(&b, "<title>%s</title>\n", html.EscapeString(title))
	b.WriteString("<link rel=\"icon\" href=\"data:,\"/>\n<link rel=\"stylesheet\" href=\"style.css\"/>\n</head>\n<body>\n")
	b.WriteString("<header class=\"top\"><div class=\"bar\"><a class=\"home\" href=\"index.html\">Cutoff · game-tree search</a>")
	b.WriteString("<nav class=\"links\" aria-label=\"Site\"><a href=\"index.html\">Course map</a><a href=\"pictures.html\">Reading the pictures</a><a href=\"algorithms.html\">Which algorithm when</a><a href=\"sources.html\">Sources</a><a href=\"players.html\">Players</a></nav>")
	if nav != nil {
		b.WriteString("<span class=\"spacer\"></span><nav class=\"links\" aria-label=\"Previous and next\">")
		if nav.prevHref != "" {
			fmt.Fprintf(&b, "<a rel=\"prev\" href=\"%s\">← previous</a>", html.EscapeString(nav.prevHref))
		}
		if nav.nextHref != "" {
			fmt.Fprintf(&b, "<a rel=\"next\" href=\"%s\">next →</a>", html.EscapeString(nav.nextHref))
		}
		b.WriteString("</nav>")
	}
	b.WriteString("</div></header>\n<main>\n")
	b.WriteString(body)
	if nav != nil {
		b.WriteString("<nav class=\"pager\" aria-label=\"Course\">")
		if nav.prevHref != "" {
			fmt.Fprintf(&b, "<a href=\"%s\">← %s</a>", html.EscapeString(nav.prevHref), html.EscapeString(nav.prevTitle))
		} else {
			b.WriteString("<span></span>")
		}
		b.WriteString("<a href=\"index.html\">Course map</a>")
		if nav.nextHref != "" {
			fmt.Fprintf(&b, "<a href=\"%s\">%s →</a>", html.EscapeString(nav.nextHref), html.EscapeString(nav.nextTitle))
		} else {
			b.WriteString("<span></span>")
		}
		b.WriteString("</nav>\n")
	}
	b.WriteString("</main>\n</body>\n</html>\n")
	return b.String()
}

// notebookPage is the page of one notebook.
func notebookPage(e courseEntry, conv *convertedPage, nav *pageNav) string {
	var b strings.Builder
	fmt.Fprintf(&b, "<p class=\"download\">The notebook <code>%s</code>, executed: every cell with its output. <a href=\"notebooks/%s\" download=\"%s\">Download the executed notebook (.ipynb)</a></p>\n",
		html.EscapeString(e.File), html.EscapeString(e.File), html.EscapeString(e.File))
	b.WriteString("<article class=\"notebook\">\n")
	b.WriteString(conv.Body)
	b.WriteString("</article>\n")
	title := e.Title
	if title == "" {
		title = e.Stem
	}
	return writePage(title+" — Cutoff", b.String(), nav)
}

// indexPage is the course map.
func indexPage(entries []courseEntry, interactive bool) string {
	var b strings.Builder
	b.WriteString("<h1>Cutoff: game-tree search, a course in Go</h1>\n")
	b.WriteString("<p class=\"lead\">From minimax to alpha-beta, negamax, move ordering, transposition tables, PVS and NegaScout, SCOUT, MTD(f), SSS* and Best Node Search — every idea as a few lines of Go, run and drawn. These pages are the course's notebooks, executed: every cell with its output and its pictures, readable without installing anything.</p>\n")
	b.WriteString("<p class=\"muted\">To change and run the cells yourself, clone the repository and open the notebooks on the GoNB Go kernel (<code>bash .ci/course</code>; see the repository's README). Each page also links its executed notebook for download, and every picture has an <em>SVG</em> link beside it.</p>\n")
	b.WriteString("<h2 id=\"map\">Course map</h2>\n<ol class=\"map\">\n")
	for _, e := range entries {
		title := e.Title
		if title == "" {
			title = e.Stem
		}
		fmt.Fprintf(&b, "<li id=\"nb-%s\"><h3><a href=\"%s.html\">%s</a></h3>\n", html.EscapeString(e.Stem), html.EscapeString(e.Stem), html.EscapeString(title))
		if e.Question != "" {
			fmt.Fprintf(&b, "<p>%s</p>\n", e.Question)
		}
		b.WriteString("<dl>\n")
		if e.Shows != "" {
			fmt.Fprintf(&b, "<dt>Shows</dt><dd>%s</dd>\n", e.Shows)
		}
		// The sources by name only: what the notebook measures of each, and
		// the verdicts, are on the sources page, not on the map a learner
		// reads before the notebook asks its questions.
		if len(e.Sources) > 0 {
			b.WriteString("<dt>Sources</dt><dd>")
			for i, s := range e.Sources {
				if i > 0 {
					b.WriteString(", ")
				}
				fmt.Fprintf(&b, "<a href=\"sources.html#%s\">%s</a>", html.EscapeString(anchorName(s.Name)), html.EscapeString(s.Title))
			}
			b.WriteString("</dd>\n")
		}
		if e.Exercise != "" {
			fmt.Fprintf(&b, "<dt>Exercise</dt><dd>%s</dd>\n", e.Exercise)
		}
		fmt.Fprintf(&b, "<dt>Notebook</dt><dd><a href=\"%s.html\">read it</a> · <a href=\"notebooks/%s\" download=\"%s\">download <code>%s</code></a></dd>\n",
			html.EscapeString(e.Stem), html.EscapeString(e.File), html.EscapeString(e.File), html.EscapeString(e.File))
		b.WriteString("</dl></li>\n")
	}
	b.WriteString("</ol>\n")
	b.WriteString("<h2 id=\"more\">More</h2>\n<div class=\"more\">\n")
	b.WriteString("<a class=\"card\" href=\"pictures.html\"><strong>Reading the pictures</strong><br/>Every mark the pictures use, what it means, and the notebook that explains it.</a>\n")
	b.WriteString("<a class=\"card\" href=\"algorithms.html\"><strong>Which algorithm when</strong><br/>The algorithms side by side: the idea, when to use each, and their pseudocodes.</a>\n")
	b.WriteString("<a class=\"card\" href=\"sources.html\"><strong>Sources</strong><br/>The five texts the course starts from, what each contributes, and which notebook runs which claim, with the verdicts (read it after the notebooks: it gives their answers).</a>\n")
	b.WriteString("<a class=\"card\" href=\"players.html\"><strong>Players</strong><br/>Step through the searches on the textbook trees, one event at a time, in the browser.</a>\n")
	b.WriteString("</div>\n")
	if interactive {
		b.WriteString("<p class=\"muted\">The course's <code>interactive.ipynb</code> (widgets that step through any search) needs a running kernel and is not on this site; the players page shows the same searches.</p>\n")
	}
	return writePage("Cutoff: game-tree search, a course in Go", b.String(), nil)
}
