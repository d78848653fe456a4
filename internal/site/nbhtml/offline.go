package nbhtml

import (
	"errors"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"

	"golang.org/x/net/html"
)

// OfflineProblems lists the resources a page would load from outside the
// site: src of script, img, iframe, audio, video, source, track, embed and
// input, href of link, data of object, SVG image and use that do not point
// into the page, srcset, poster and background, and url() and @import in
// styles (<style> elements and attributes); an absolute URL (scheme or //)
// or an absolute path is a problem, a relative path or a data: URL is not.
// The site must work from file:// and without a network. The page is read
// by x/net/html's tokenizer: markup inside a script's text is not loaded.
func OfflineProblems(page string) []string {
	var problems []string
	css := func(s string) {
		for _, m := range cssURLRE.FindAllStringSubmatch(s, -1) {
			if external(strings.Trim(m[1], `'" `)) {
				problems = append(problems, "url("+m[1]+")")
			}
		}
		for _, m := range cssImportRE.FindAllStringSubmatch(s, -1) {
			if external(m[1]) {
				problems = append(problems, "@import "+strconv.Quote(m[1]))
			}
		}
	}
	z := html.NewTokenizer(strings.NewReader(page))
	inStyle := false
	for {
		tt := z.Next()
		switch tt {
		case html.ErrorToken:
			if err := z.Err(); !errors.Is(err, io.EOF) {
				problems = append(problems, "unreadable HTML: "+err.Error())
			}
			return problems
		case html.TextToken:
			if inStyle {
				css(string(z.Text()))
			}
		case html.EndTagToken:
			inStyle = false
		case html.StartTagToken, html.SelfClosingTagToken:
			name, more := z.TagName()
			tag := string(name)
			inStyle = tag == "style" && tt == html.StartTagToken
			for more {
				var k, v []byte
				k, v, more = z.TagAttr()
				key, val := string(k), string(v)
				loads := false
				switch key {
				case "src":
					loads = tag != "a"
				case "href", "xlink:href":
					loads = tag == "link" || tag == "image" || tag == "use" || tag == "feimage"
				case "data":
					loads = tag == "object"
				case "srcset", "poster", "background":
					loads = true
				}
				if loads && external(val) {
					problems = append(problems, fmt.Sprintf("<%s %s=%q>", tag, key, val))
				}
				css(val) // style="...", fill="url(...)"
			}
		}
	}
}

// external reports whether a URL of the page points outside the site: an
// absolute path, // or a scheme other than data:.
func external(u string) bool {
	u = strings.TrimSpace(u)
	lu := strings.ToLower(u)
	switch {
	case u == "", strings.HasPrefix(u, "#"), strings.HasPrefix(lu, "data:"):
		return false
	case strings.HasPrefix(u, "/"), strings.Contains(strings.SplitN(lu, "/", 2)[0], ":"):
		return true
	}
	return false
}

var (
	cssURLRE    = regexp.MustCompile(`(?i)url\(\s*([^)]*)\)`)
	cssImportRE = regexp.MustCompile(`(?i)@import\s+["']([^"']+)["']`)
)
