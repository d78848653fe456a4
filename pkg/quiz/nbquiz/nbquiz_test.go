package nbquiz

import (
	"slices"
	"testing"
)

func TestParseChoice(t *testing.T) {
	for s, want := range map[string][]int{"": nil, "3": {3}, "0,2, 5": {0, 2, 5}} {
		got, err := parseChoice(s)
		if err != nil || !slices.Equal(got, want) {
			t.Errorf("parseChoice(%q) = %v, %v; want %v", s, got, err, want)
		}
	}
	if _, err := parseChoice("1,x"); err == nil {
		t.Error("parseChoice(\"1,x\"): no error")
	}
}
