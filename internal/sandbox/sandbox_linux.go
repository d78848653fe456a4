package sandbox

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
)

// initArg, as the first argument, starts the program as the sandbox's init
// (see Main).
const initArg = "-cutoff-sandbox-init"

// nobody is the host user a root caller's sandboxed program runs as: not
// root, so that the kernel holds it to its process limit.
const nobody = 65534

// initSpec is what the init is told, as JSON in its second argument.
type initSpec struct {
	Probe        bool     `json:"probe,omitempty"`
	Binary       string   `json:"binary,omitempty"`
	Args         []string `json:"args,omitempty"`
	Env          []string `json:"env,omitempty"`
	Root         string   `json:"root"`
	Files        int      `json:"files"` // descriptors 3 … 3+Files-1 go to the program
	Memory       int64    `json:"memory,omitempty"`
	AddressSpace int64    `json:"address_space,omitempty"`
	Disk         int64    `json:"disk"`
	Procs        int      `json:"procs"`
	FDs          int      `json:"fds"`
	// UID is the user the program runs as inside (0, or 1 when the caller
	// is root and 1 is mapped to nobody).
	UID int `json:"uid"`
}

// report is the init's last word, one JSON line on its report descriptor.
type report struct {
	Setup string `json:"setup,omitempty"` // why the sandbox could not be set up
	Outcome
}

// Cmd is a program started in the sandbox.
type Cmd struct {
	cmd    *exec.Cmd
	report *os.File // read end
	out    chan report
}

var (
	probeOnce sync.Once
	probeErr  error
)

// Available reports whether programs can be run in the sandbox here: nil,
// or an error (wrapping ErrUnavailable) that says why not. It finds out by
// trying, once per process.
func Available() error {
	probeOnce.Do(func() { probeErr = probe() })
	return probeErr
}

func probe() error {
	if err := kernelOK(); err != nil {
		return err
	}
	root, err := os.MkdirTemp("", "cutoff-sandbox-probe-*")
	if err != nil {
		return fmt.Errorf("%w: %v", ErrUnavailable, err)
	}
	defer os.RemoveAll(root)
	c, err := command(initSpec{Probe: true, Root: root, Disk: 1 << 20, Procs: 64, FDs: 64}, nil, nil, nil)
	if err != nil {
		return err
	}
	if err := c.start(); err != nil {
		return fmt.Errorf("%w: user namespaces are not available here (%v)", ErrUnavailable, err)
	}
	rep, err := c.wait()
	if err != nil {
		return fmt.Errorf("%w: user namespaces are not usable here (%v)", ErrUnavailable, err)
	}
	if rep.Exit != "" {
		return fmt.Errorf("%w: the sandbox's init ended with %s", ErrUnavailable, rep.Exit)
	}
	return nil
}

// kernelOK checks that the kernel counts a sandbox's processes on their
// own (Linux 5.14 and later count them per user namespace; before, the
// limit would count every process of the user).
func kernelOK() error {
	var u syscall.Utsname
	if err := syscall.Uname(&u); err != nil {
		return fmt.Errorf("%w: uname: %v", ErrUnavailable, err)
	}
	var b strings.Builder
	for _, c := range u.Release {
		if c == 0 {
			break
		}
		b.WriteByte(byte(c))
	}
	rel := b.String()
	var major, minor int
	if _, err := fmt.Sscanf(rel, "%d.%d", &major, &minor); err != nil {
		return fmt.Errorf("%w: kernel release %q not understood", ErrUnavailable, rel)
	}
	if major < 5 || major == 5 && minor < 14 {
		return fmt.Errorf("%w: Linux %s is older than 5.14, which counts a sandbox's processes on their own", ErrUnavailable, rel)
	}
	return nil
}

// Start starts spec's program in the sandbox.
func Start(spec Spec) (*Cmd, error) {
	if err := Available(); err != nil {
		return nil, err
	}
	spec = spec.Limits()
	bin, err := filepath.Abs(spec.Binary)
	if err != nil {
		return nil, err
	}
	is := initSpec{
		Binary: bin, Args: spec.Args, Env: spec.Env, Root: spec.Root, Files: len(spec.Files),
		Memory: spec.Memory, AddressSpace: spec.AddressSpace, Disk: spec.Disk, Procs: spec.Procs, FDs: spec.FDs,
	}
	c, err := command(is, spec.Files, spec.Stdout, spec.Stderr)
	if err != nil {
		return nil, err
	}
	if err := c.start(); err != nil {
		return nil, err
	}
	return c, nil
}

// command prepares the init that sets up the sandbox and runs the program.
func command(is initSpec, files []*os.File, stdout, stderr io.Writer) (*Cmd, error) {
	self, err := os.Executable()
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrUnavailable, err)
	}
	uid, gid := os.Getuid(), os.Getgid()
	uids := []syscall.SysProcIDMap{{ContainerID: 0, HostID: uid, Size: 1}}
	gids := []syscall.SysProcIDMap{{ContainerID: 0, HostID: gid, Size: 1}}
	if uid == 0 {
		// The kernel exempts root from RLIMIT_NPROC: the program runs as
		// user 1 inside, nobody outside.
		uids = append(uids, syscall.SysProcIDMap{ContainerID: 1, HostID: nobody, Size: 1})
		gids = append(gids, syscall.SysProcIDMap{ContainerID: 1, HostID: nobody, Size: 1})
		is.UID = 1
	}
	arg, err := json.Marshal(is)
	if err != nil {
		return nil, err
	}
	repR, repW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(self, initArg, string(arg))
	// Two Ps: the thread that starts the program holds one while the
	// program's first exec waits for the watch, which runs on the other.
	cmd.Env = []string{"GOMAXPROCS=2"}
	cmd.Dir = "/"
	cmd.ExtraFiles = append(append([]*os.File(nil), files...), repW)
	cmd.Stdout, cmd.Stderr = stdout, stderr
	cmd.SysProcAttr = &syscall.SysProcAttr{
		Cloneflags: syscall.CLONE_NEWUSER | syscall.CLONE_NEWNS | syscall.CLONE_NEWPID |
			syscall.CLONE_NEWNET | syscall.CLONE_NEWIPC | syscall.CLONE_NEWUTS,
		UidMappings:                uids,
		GidMappings:                gids,
		GidMappingsEnableSetgroups: false,
		Setpgid:                    true,
		Pdeathsig:                  syscall.SIGKILL,
	}
	return &Cmd{cmd: cmd, report: repR, out: make(chan report, 1)}, nil
}

func (c *Cmd) start() error {
	repW := c.cmd.ExtraFiles[len(c.cmd.ExtraFiles)-1]
	err := c.cmd.Start()
	repW.Close()
	if err != nil {
		c.report.Close()
		return err
	}
	go func() {
		var rep report
		sc := bufio.NewScanner(c.report)
		sc.Buffer(make([]byte, 4096), 64<<10)
		got := false
		for sc.Scan() {
			got = json.Unmarshal(sc.Bytes(), &rep) == nil || got
		}
		c.report.Close()
		if !got {
			rep.Setup = "the sandbox's init gave no report"
		}
		c.out <- rep
	}()
	return nil
}

// Pid is the process id, on the host, of the sandbox's init: killing it
// stops everything in the sandbox.
func (c *Cmd) Pid() int { return c.cmd.Process.Pid }

// Kill stops the program and every process it started.
func (c *Cmd) Kill() {
	if c.cmd.Process != nil {
		_ = syscall.Kill(-c.cmd.Process.Pid, syscall.SIGKILL)
		_ = c.cmd.Process.Kill()
	}
}

// Wait waits for the program to end and says how it did.
func (c *Cmd) Wait() (Outcome, error) {
	rep, err := c.wait()
	return rep.Outcome, err
}

func (c *Cmd) wait() (report, error) {
	werr := c.cmd.Wait()
	rep := <-c.out
	var exit *exec.ExitError
	switch {
	case rep.Setup != "" && rep.Setup != "the sandbox's init gave no report":
		return rep, fmt.Errorf("sandbox: %s", rep.Setup)
	case rep.Setup != "" && errors.As(werr, &exit) && !exit.Exited():
		// Killed from outside (the caller's time limit): everything in it
		// went with the init.
		rep.Setup = ""
		rep.Exit = exit.String()
		return rep, nil
	case rep.Setup != "":
		return rep, fmt.Errorf("sandbox: %s (%v)", rep.Setup, werr)
	}
	return rep, nil
}

// Main runs the sandbox's init when the program was started as one, and
// then exits; otherwise it returns at once. Call it first in main (and in
// TestMain).
func Main() {
	if len(os.Args) != 3 || os.Args[1] != initArg {
		return
	}
	var is initSpec
	if err := json.Unmarshal([]byte(os.Args[2]), &is); err != nil {
		os.Exit(125)
	}
	rep := os.NewFile(uintptr(3+is.Files), "report")
	syscall.CloseOnExec(3 + is.Files)
	os.Exit(initMain(is, rep))
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
