// Package htmlscript is the one way this module embeds a script in an HTML
// fragment: the players (pkg/render) and the quizzes (pkg/quiz) each ship
// a JavaScript function expression, (function (id, data) {...}), kept in
// a .js file of their own (which JavaScript tools read: see
// browsertest.CheckJS), and call it with their element's id and their data
// as JSON.
//
// The <script> element is made by html/template, whose contextual escaping
// writes the id as a JavaScript string and the data as JSON with <, > and &
// escaped (\u003c, \u003e, \u0026), as are U+2028 and U+2029: the data can
// neither close the <script> element nor end the CDATA section around it,
// which keeps the fragment well-formed XML as well as HTML.
package htmlscript

import (
	"bytes"
	"errors"
	"html/template"
	"strings"
)

// Style returns a <style> element of trusted CSS of this module (an
// embedded .css file), in a CDATA section (for XML) written as CSS
// comments. The CSS must not contain "</style" nor "]]>"; Style returns an
// error if it does.
func Style(css string) (template.HTML, error) {
	if strings.Contains(strings.ToLower(css), "</style") || strings.Contains(css, "]]>") {
		return "", errors.New("htmlscript: the styles would end their <style> element or CDATA section")
	}
	return template.HTML("<style>/*<![CDATA[*/" + css + "/*]]>*/</style>"), nil
}

// call is the <script> element. html/template drops the comments of a
// template's own script text, so the CDATA markers, JavaScript comments,
// come in with the trusted code (Head, Tail).
var call = template.Must(template.New("script").Parse("<script>{{.Head}}({{.ID}}, {{.Data}});{{.Tail}}</script>"))

// Call returns a <script> element that calls fn, a function expression,
// with id (a string) and data (any value encoding/json marshals) as its
// arguments: (function (id, data) {...})("id", {...});
//
// fn is trusted code of this module (an embedded .js file, white space
// around it dropped): it must not contain "</script" nor "]]>", which would
// end the element or the CDATA section early; Call returns an error if it
// does.
func Call(fn, id string, data any) (template.HTML, error) {
	fn = strings.TrimSpace(fn)
	if strings.Contains(strings.ToLower(fn), "</script") || strings.Contains(fn, "]]>") {
		return "", errors.New("htmlscript: the script would end its <script> element or CDATA section")
	}
	var b bytes.Buffer
	err := call.Execute(&b, struct {
		Head, Tail template.JS
		ID         string
		Data       any
	}{template.JS("//<![CDATA[\n" + fn), template.JS("\n//]]>"), id, data})
	if err != nil {
		return "", err
	}
	return template.HTML(b.String()), nil
}
