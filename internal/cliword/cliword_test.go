package cliword

import (
	"errors"
	"strings"
	"testing"

	"github.com/cutoff-go/cutoff/pkg/algos"
)

func TestOneLine(t *testing.T) {
	for in, want := range map[string]string{
		"gametree: parse: bad literal":    "parse: bad literal",
		"-random: bad spec":               "-random: bad spec",
		"-tree: gametree: unclosed (":     "-tree: unclosed (",
		"x-render: kept":                  "x-render: kept",
		"two\nlines  and   spaces":        "two lines and spaces",
		"render: render: no font":         "render: no font",
		"render: algos: random: one kept": "algos: one kept",
		"search: -tt: algos: table":       "search: -tt: table",
	} {
		if got := OneLine(in); got != want {
			t.Errorf("OneLine(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestRules(t *testing.T) {
	if err := CheckAlgorithm(""); err == nil || !strings.HasPrefix(err.Error(), "-alg is required") {
		t.Errorf("no -alg: %v", err)
	}
	if err := CheckAlgorithm("alpha-beta"); err == nil || !strings.Contains(err.Error(), `unknown algorithm "alpha-beta"`) || !strings.Contains(err.Error(), "alphabeta") {
		t.Errorf("unknown -alg: %v", err)
	}
	if err := CheckAlgorithm("pvs"); err != nil {
		t.Errorf("pvs: %v", err)
	}
	if err := CheckTT("minimax", 64); err == nil || !strings.Contains(err.Error(), "does not use a transposition table") {
		t.Errorf("-tt with minimax: %v", err)
	}
	if err := CheckTT("mtdf", -1); err == nil || !strings.Contains(err.Error(), "-tt must be ≥ 0") {
		t.Errorf("-tt -1: %v", err)
	}
	if err := CheckTT("mtdf", 64); err != nil {
		t.Errorf("-tt with mtdf: %v", err)
	}
	err := Option(&algos.OptionError{Option: algos.OptDelta, Reason: "must be ≥ 1, got -3"})
	if err == nil || err.Error() != "-delta must be ≥ 1, got -3" {
		t.Errorf("Option(delta) = %v", err)
	}
	other := errors.New("other")
	if Option(other) != other {
		t.Errorf("Option changed an error that is not an option's")
	}
}
