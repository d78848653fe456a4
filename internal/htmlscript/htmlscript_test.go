package htmlscript

import (
	"strings"
	"testing"
)

func TestCall(t *testing.T) {
	got, err := Call("(function (id, data) {\nroot(id, data);\n})\n", "p-1", map[string]any{"svg": "<svg></svg>]]></script>", "n": 2, "s": "a\u2028b"})
	if err != nil {
		t.Fatal(err)
	}
	want := "<script>//<![CDATA[\n(function (id, data) {\nroot(id, data);\n})(\"p-1\", {\"n\":2,\"s\":\"a\\u2028b\",\"svg\":\"\\u003csvg\\u003e\\u003c/svg\\u003e]]\\u003e\\u003c/script\\u003e\"});\n//]]></script>"
	if string(got) != want {
		t.Errorf("Call:\n got %q\nwant %q", got, want)
	}
	for _, bad := range []string{"(function () { x = '</SCRIPT>'; })", "(function () {}) // ]]>"} {
		if _, err := Call(bad, "p", nil); err == nil || !strings.Contains(err.Error(), "would end") {
			t.Errorf("Call(%q): %v, want an error", bad, err)
		}
	}
}

func TestStyle(t *testing.T) {
	if got, err := Style(".a{b:c}"); err != nil || got != "<style>/*<![CDATA[*/.a{b:c}/*]]>*/</style>" {
		t.Errorf("Style: %q, %v", got, err)
	}
	for _, bad := range []string{"a{}</STYLE>", "/* ]]> */"} {
		if _, err := Style(bad); err == nil {
			t.Errorf("Style(%q) accepted", bad)
		}
	}
}
