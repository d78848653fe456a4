package site

import (
	_ "embed"
	"html/template"
	"strings"

	"github.com/cutoff-go/cutoff/internal/site/nbhtml"
)

// The pages' templates and the site's one stylesheet, style.css.
var (
	//go:embed pages.html.tmpl
	pagesHTML string
	//go:embed style.css
	styleCSS []byte

	pages = template.Must(template.New("pages").Parse(pagesHTML))
)

// pageNav is the navigation of a page: the previous and next pages of the
// course, if any.
type pageNav struct {
	PrevHref, PrevTitle string
	NextHref, NextTitle string
}

// execute runs one of pages.html.tmpl's templates.
func execute(name string, data any) (template.HTML, error) {
	var b strings.Builder
	if err := pages.ExecuteTemplate(&b, name, data); err != nil {
		return "", err
	}
	return template.HTML(b.String()), nil
}

// writePage returns a whole HTML page of the site around body. All links
// are relative: the site works from file:// and from any web server.
func writePage(title string, body template.HTML, nav *pageNav) (string, error) {
	h, err := execute("page", struct {
		Title string
		Body  template.HTML
		Nav   *pageNav
	}{title, body, nav})
	return string(h), err
}

// articlePage is a page of one article of rendered markdown: class
// "sources" or "readme".
func articlePage(title, class, body string) (string, error) {
	h, err := execute("article", struct {
		Class string
		Body  template.HTML
	}{class, template.HTML(body)})
	if err != nil {
		return "", err
	}
	return writePage(title, h, nil)
}

// notebookPage is the page of one notebook.
func notebookPage(e courseEntry, conv *nbhtml.Page, nav *pageNav) (string, error) {
	var try *struct{ Href, What string }
	if t, ok := tryIt[e.Stem]; ok {
		try = &struct{ Href, What string }{"tree.html#" + t.Fragment, t.What}
	}
	h, err := execute("notebook", struct {
		File  string
		Body  template.HTML
		TryIt *struct{ Href, What string }
	}{e.File, template.HTML(conv.Body), try})
	if err != nil {
		return "", err
	}
	title := e.Title
	if title == "" {
		title = e.Stem
	}
	return writePage(title+" — Cutoff", h, nav)
}

// indexPage is the course map.
func indexPage(entries []courseEntry, interactive bool) (string, error) {
	h, err := execute("index", struct {
		Entries     []courseEntry
		Interactive bool
	}{entries, interactive})
	if err != nil {
		return "", err
	}
	return writePage("Cutoff: game-tree search, a course in Go", h, nil)
}
