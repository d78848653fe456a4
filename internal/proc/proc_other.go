//go:build !unix

package proc

import (
	"os"
	"os/exec"
)

// Isolate leaves cmd as it is where there are no process groups: its
// Cancel kills nbconvert only.
func Isolate(cmd *exec.Cmd) {}

// Reap has nothing to do where there are no process groups.
func Reap(cmd *exec.Cmd) {}

// KillTree kills pid where there are no process groups.
func KillTree(pid int) {
	if p, err := os.FindProcess(pid); err == nil {
		p.Kill()
	}
}

// ResidentBytes is not known here.
func ResidentBytes(pid int) int64 { return 0 }

// Nobody is the unprivileged user of unix systems; unused here.
const Nobody = 65534

// DropsRoot is false where there are no unix users.
func DropsRoot() bool { return false }

// RunAsNobody leaves cmd as it is where there are no unix users.
func RunAsNobody(cmd *exec.Cmd) {}
