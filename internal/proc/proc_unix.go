//go:build unix

// Package proc runs child processes so that they can be stopped whole: in
// a process group of their own, killed with every group below them; and
// measures their memory. cutoff site and cutoff grade use it.
package proc

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
)

// Isolate makes cmd run in a process group of its own and its Cancel kill
// the whole tree it started: the group, and the group of every descendant.
// Jupyter starts its kernel in a session of its own, so killing nbconvert's
// group alone would leave the kernel (and the cell's program) running.
func Isolate(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error {
		KillTree(cmd.Process.Pid)
		return nil
	}
}

// Reap kills what is left of cmd's process group once it has ended.
func Reap(cmd *exec.Cmd) {
	if cmd.Process != nil {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
}

// KillTree kills pid's process group and the process groups of all its
// descendants (found in /proc; where there is no /proc, the group only),
// never the caller's own group.
func KillTree(pid int) {
	pids := append([]int{pid}, descendants(pid)...)
	own := syscall.Getpgrp()
	for _, p := range pids {
		if g, err := syscall.Getpgid(p); err == nil && g > 1 && g != own {
			_ = syscall.Kill(-g, syscall.SIGKILL)
		}
		_ = syscall.Kill(p, syscall.SIGKILL)
	}
}

// descendants lists the processes below pid, from /proc/*/stat.
func descendants(pid int) []int {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return nil
	}
	children := map[int][]int{}
	for _, e := range entries {
		p, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		b, err := os.ReadFile(filepath.Join("/proc", e.Name(), "stat"))
		if err != nil {
			continue
		}
		// "pid (comm) state ppid ...": comm may hold spaces and parentheses.
		s := string(b)
		fields := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
		if len(fields) < 2 {
			continue
		}
		if pp, err := strconv.Atoi(fields[1]); err == nil {
			children[pp] = append(children[pp], p)
		}
	}
	var out []int
	queue := []int{pid}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		for _, c := range children[p] {
			out = append(out, c)
			queue = append(queue, c)
		}
	}
	return out
}

// ResidentBytes is the resident memory of process pid: VmRSS of
// /proc/pid/status on Linux, ps's RSS elsewhere (macOS); 0 when unknown.
func ResidentBytes(pid int) int64 {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		out, err := exec.Command("ps", "-o", "rss=", "-p", strconv.Itoa(pid)).Output()
		if err != nil {
			return 0
		}
		kb, _ := strconv.ParseInt(strings.TrimSpace(string(out)), 10, 64)
		return kb << 10
	}
	for _, l := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(l, "VmRSS:"); ok {
			if f := strings.Fields(v); len(f) >= 1 {
				kb, _ := strconv.ParseInt(f[0], 10, 64)
				return kb << 10
			}
		}
	}
	return 0
}

// Nobody is the user and group (nobody, nogroup on Debian and Ubuntu) a
// grader running as root runs untrusted code as where there is no sandbox:
// what only root may read or write (the key, the hidden tests, the results
// file) is then out of its reach.
const Nobody = 65534

// DropsRoot reports whether RunAsNobody changes anything: the caller is
// root, and Nobody is a user here (in a user namespace that maps only the
// caller, as a test's is, there is no one to become).
func DropsRoot() bool { return os.Geteuid() == 0 && mapped("uid_map") && mapped("gid_map") }

// mapped reports whether Nobody is inside a range of the process's user
// (or group) namespace map, /proc/self/uid_map or gid_map; true where
// there is no such file (no user namespaces: every id is itself).
func mapped(file string) bool {
	b, err := os.ReadFile(filepath.Join("/proc/self", file))
	if err != nil {
		return true
	}
	return mapsNobody(string(b))
}

// mapsNobody reports whether a uid_map or gid_map text maps Nobody.
func mapsNobody(idMap string) bool {
	for _, line := range strings.Split(idMap, "\n") {
		f := strings.Fields(line)
		if len(f) != 3 {
			continue
		}
		inside, err1 := strconv.ParseUint(f[0], 10, 32)
		n, err2 := strconv.ParseUint(f[2], 10, 32)
		if err1 == nil && err2 == nil && Nobody >= inside && Nobody < inside+n {
			return true
		}
	}
	return false
}

// RunAsNobody makes cmd run as Nobody, with no supplementary groups, when
// the caller is root (call it after Isolate); else it leaves cmd as it is.
func RunAsNobody(cmd *exec.Cmd) {
	if !DropsRoot() {
		return
	}
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{}
	}
	cmd.SysProcAttr.Credential = &syscall.Credential{Uid: Nobody, Gid: Nobody, Groups: []uint32{}}
}
