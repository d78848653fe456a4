package site

import (
	"html/template"
	"regexp"
	"strings"

	"github.com/cutoff-go/cutoff/internal/ipynb"
	"github.com/cutoff-go/cutoff/internal/site/nbhtml"
)

// This file reads what the course map is made of: notebooks/README.md's
// table, each notebook's first markdown cell and notebooks/SOURCES.md;
// templates.go writes the pages.

// courseEntry is one notebook on the course map.
type courseEntry struct {
	File     string        // 02-alphabeta.ipynb
	Stem     string        // 02-alphabeta
	Title    string        // "02 · Alpha-beta", the first heading of its first markdown cell
	Question template.HTML // its "**Question:**" paragraph, or the first paragraph
	Shows    template.HTML // "what it shows", from README.md's table
	Exercise template.HTML // the exercise column of README.md's table
	Sources  []sourceUse
}

// sourceUse is what a notebook runs of one source: an item of the source's
// "Where the course runs it" list in SOURCES.md.
type sourceUse struct {
	Name  string // short name, e.g. textbook-6.4
	Title string // the source's heading after its short name
	Claim string // HTML of the item
}

// Anchor is the id of the source's section on the sources page.
func (s sourceUse) Anchor() string { return nbhtml.AnchorName(s.Name) }

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
