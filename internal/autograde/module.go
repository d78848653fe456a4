package autograde

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/cutoff-go/cutoff/internal/modroot"
)

// ModuleRoot finds the cutoff module at or above dir (modroot.Find) that
// holds the grader, exercises/checks: the Options.Module that grades.
// Given more folders, it returns the first one's that is in one.
func ModuleRoot(dirs ...string) (string, bool) {
	for _, dir := range dirs {
		root, err := modroot.Find(dir)
		if err != nil {
			continue
		}
		if _, err = os.Stat(filepath.Join(root, "exercises", "checks")); err == nil {
			return root, true
		}
	}
	return "", false
}

// ParseSize reads an Options.Memory: 512MiB, 2GiB, 1G, 300M or a number
// of bytes, between 64 MiB and 1 TiB.
func ParseSize(v string) (int64, error) {
	s := strings.TrimSpace(v)
	mult := int64(1)
	for _, u := range []struct {
		suffix string
		mult   int64
	}{{"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}, {"GB", 1e9}, {"MB", 1e6}, {"G", 1 << 30}, {"M", 1 << 20}, {"K", 1 << 10}} {
		if strings.HasSuffix(s, u.suffix) {
			s, mult = strings.TrimSuffix(s, u.suffix), u.mult
			break
		}
	}
	n, err := strconv.ParseFloat(s, 64)
	if err != nil || n <= 0 || n*float64(mult) < 64<<20 || n*float64(mult) > 1<<40 {
		return 0, fmt.Errorf("%q: want a size between 64MiB and 1TiB, such as 512MiB or 2GiB", v)
	}
	return int64(n * float64(mult)), nil
}
