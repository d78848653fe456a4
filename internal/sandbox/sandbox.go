// Package sandbox runs a program sealed off from the machine it runs on:
// on Linux, in new user, network, PID, mount, IPC and UTS namespaces made
// with the kernel's unprivileged user namespaces, seeing a file system that
// holds only the program itself, /dev/null, /dev/zero, /dev/urandom, its
// own /proc and a small writable scratch folder, with no network at all
// (not even a loopback to the host's services), and with limits on its
// processes, its open files, the bytes it writes and its memory. It also
// watches, with a seccomp filter whose calls the init answers, what the
// program tries outside (files, programs, addresses, processes) and names
// it in the Outcome. cutoff grade runs each exercise's test binary in it.
//
// The sandbox is set up by a small init that runs first inside the new
// namespaces: the calling program itself, started again with a hidden
// argument. A program that uses the package must therefore call Main at
// the very start of its main function (and of TestMain in its tests);
// Available reports an error where it does not, and where the kernel
// refuses the namespaces (not Linux, user namespaces switched off, a
// container that forbids them).
package sandbox

import (
	"errors"
	"io"
	"os"
)

// Name says in one line which sandbox Run uses.
const Name = "Linux namespaces (user, net, pid, mount, ipc, uts): no network, only its own files, limits on processes, files and bytes written"

// ErrUnavailable is wrapped by the error of Available and Start where no
// sandbox can be made.
var ErrUnavailable = errors.New("no sandbox")

// Spec is a program to run in the sandbox.
type Spec struct {
	// Binary is the program: a statically linked executable (nothing but
	// itself is visible inside, no shared libraries).
	Binary string
	Args   []string // its arguments, after the program's name
	Env    []string // its whole environment
	// Root is an empty folder the caller made: the sandbox's root is
	// mounted on it, in the sandbox's own mount namespace only (outside,
	// it stays empty).
	Root string
	// Files are given to the program as descriptors 3, 4, …
	Files          []*os.File
	Stdout, Stderr io.Writer

	// Memory bounds the resident memory of all its processes together,
	// in bytes: past it, they are all stopped (0: no bound).
	Memory int64
	// AddressSpace bounds each process's virtual memory (RLIMIT_AS; 0: no
	// bound).
	AddressSpace int64
	// Disk bounds the bytes it may write, all files together (its scratch
	// folder, /work, is a file system of that size; default 64 MiB).
	Disk int64
	// Procs bounds its processes and threads (RLIMIT_NPROC; default 256).
	Procs int
	// FDs bounds each process's open files (RLIMIT_NOFILE; default 256).
	FDs int
}

// Limits is the spec with the defaults filled in: the limits the program
// runs under.
func (s Spec) Limits() Spec {
	if s.Disk <= 0 {
		s.Disk = 64 << 20
	}
	if s.Procs <= 0 {
		s.Procs = 256
	}
	if s.FDs <= 0 {
		s.FDs = 256
	}
	return s
}

// Outcome is how a sandboxed program ended.
type Outcome struct {
	// Exit is "" when it exited with status 0, else as os.ProcessState
	// says it: "exit status 2", "signal: killed".
	Exit string
	// Memory reports that it was stopped for using more than Spec.Memory.
	Memory bool
	// Leftovers counts the processes it had started that were still
	// running when it ended: the sandbox stopped them.
	Leftovers int
	// DiskFull reports that its writes reached Spec.Disk.
	DiskFull bool
	// PeakMemory is the most resident memory seen, all processes together.
	PeakMemory int64

	// Watched reports that the sandbox watched what the program tried
	// (Linux on amd64 and arm64, with seccomp user notifications): then
	// Blocked, Copies and FDLimit say what it saw.
	Watched bool
	// Blocked names what the program tried outside the sandbox, which
	// the sandbox prevented, in the order first tried, a repeated attempt
	// once with its count: "read /home/ann/.ssh/id_ed25519", "write
	// /planted.txt", "delete …", "start /bin/sh", "connect to
	// 127.0.0.1:53", "send to …", "signal the process 4242"; at most 20
	// lines, then "and N more".
	Blocked []string
	// Copies counts the times it started its own binary again (which the
	// sandbox allows, within its process limit).
	Copies int
	// FDLimit reports that a process of it held as many files open as
	// Spec.FDs allows.
	FDLimit bool
}
