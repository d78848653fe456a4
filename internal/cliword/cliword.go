// Package cliword holds the command line's words for what a user gave
// wrong: the one-line form of an error, and the rules of the search flags
// that the registry does not state (-alg, -tt, an option's flag). cmd/cutoff
// and the playground (internal/playground, compiled to WebAssembly) both
// speak them, so a mistake reads the same in a terminal and in the page.
// It builds for js/wasm: no regexp, no os.
package cliword

import (
	"errors"
	"fmt"
	"strings"

	"github.com/cutoff-go/cutoff/pkg/algos"
)

// OneLine makes a message fit the one-line contract of DESIGN.md's
// "The command line contract": it drops the package prefix of a library
// error ("gametree: ", "render: "; the user ran a command, not a package),
// but not a flag's name that ends the same way ("-random: "), and joins
// lines. A prefix is dropped at the start or after a character that cannot
// end a flag's name, and not straight after another dropped one: the
// command's name then the package's ("render: render: no font") keeps one.
func OneLine(msg string) string {
	var b strings.Builder
	free := 0 // the first byte after the last dropped prefix
	for i := 0; i < len(msg); {
		if i == 0 || i-1 >= free && !wordOrDash(msg[i-1]) {
			if p := packagePrefix(msg[i:]); p > 0 {
				i += p
				free = i
				continue
			}
		}
		b.WriteByte(msg[i])
		i++
	}
	return strings.Join(strings.Fields(b.String()), " ")
}

// packagePrefixes are the library packages whose errors name themselves.
var packagePrefixes = []string{"gametree: ", "algos: ", "random: ", "games: ", "render: "}

// packagePrefix returns the length of the package prefix s starts with, or 0.
func packagePrefix(s string) int {
	for _, p := range packagePrefixes {
		if strings.HasPrefix(s, p) {
			return len(p)
		}
	}
	return 0
}

// wordOrDash reports whether c can end a flag's name: a letter, a digit,
// '_' or '-'.
func wordOrDash(c byte) bool {
	return c == '-' || c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// CheckAlgorithm checks -alg's name against the registry.
func CheckAlgorithm(name string) error {
	known := strings.Join(algos.Names(), ", ")
	if name == "" {
		return fmt.Errorf("-alg is required (one of: %s)", known)
	}
	if _, ok := algos.Lookup(name); !ok {
		return fmt.Errorf("unknown algorithm %q (known: %s)", name, known)
	}
	return nil
}

// CheckTT checks -tt SIZE for the algorithm alg.
func CheckTT(alg string, size int) error {
	if size < 0 {
		return fmt.Errorf("-tt must be ≥ 0, got %d", size)
	}
	if a, ok := algos.Lookup(alg); ok && size > 0 && !a.UsesOption(algos.OptTT) {
		return fmt.Errorf("algorithm %s does not use a transposition table (drop -tt; these do: %s)", alg, strings.Join(algos.NamesUsing(algos.OptTT), ", "))
	}
	return nil
}

// FlagOf names the flag that sets each option.
var FlagOf = map[algos.Option]string{algos.OptTT: "tt", algos.OptGuess: "guess", algos.OptDelta: "delta", algos.OptSchedule: "schedule"}

// Option words a broken option rule (an *algos.OptionError from
// Validate) in the words of the flag that set it: "-delta must be ≥ 1 (…),
// got -3". Other errors are returned as they are.
func Option(err error) error {
	if oe, ok := errors.AsType[*algos.OptionError](err); ok {
		if name, ok := FlagOf[oe.Option]; ok {
			return fmt.Errorf("-%s %s", name, oe.Reason)
		}
	}
	return err
}
