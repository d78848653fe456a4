//go:build unix

package proc

import (
	"os"
	"testing"
)

// Nobody must be mapped for a root caller to become it: here (not in a
// user namespace of one id) as root, DropsRoot; a map of one id only, not.
func TestMapped(t *testing.T) {
	if _, err := os.Stat("/proc/self/uid_map"); err != nil {
		t.Skip("no /proc/self/uid_map")
	}
	b, _ := os.ReadFile("/proc/self/uid_map")
	t.Logf("uid_map: %s", b)
	if os.Geteuid() == 0 && string(b) == "         0          0 4294967295\n" && !DropsRoot() {
		t.Error("root in the initial namespace does not drop to nobody")
	}
	if mapped("no-such-map") != true {
		t.Error("no map file: every id is itself")
	}
	for m, want := range map[string]bool{
		"         0          0 4294967295\n":                      true,  // the initial namespace
		"         0       1000          1\n":                      false, // unshare -r: only the caller
		"         0     100000      65536\n":                      true,  // a container's range
		"         0       1000          1\n     65534 100000 1\n": true,
	} {
		if mapsNobody(m) != want {
			t.Errorf("mapsNobody(%q) = %v", m, !want)
		}
	}
}
