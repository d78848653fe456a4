package main

import (
	"embed"
	"io"
	"text/template"
)

// The commands' help texts are help/NAME.txt, text/template templates:
// their prose lives there, what they compute (defaults, the algorithms
// and which take which option) comes from the code through the data each
// usage function passes.
//
//go:embed help/*.txt
var helpFiles embed.FS

var helpTemplates = template.Must(template.New("").Option("missingkey=error").ParseFS(helpFiles, "help/*.txt"))

// help writes help/NAME.txt filled in with data. A template that does not
// fit its data is a bug (every help is run by the tests): it panics, and
// run reports an internal error.
func help(w io.Writer, name string, data any) {
	if err := helpTemplates.ExecuteTemplate(w, name+".txt", data); err != nil {
		panic(err)
	}
}
