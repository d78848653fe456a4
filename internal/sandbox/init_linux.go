package sandbox

import (
	"encoding/json"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"syscall"
	"time"
	"unsafe"
)

// The init runs as root of the new user namespace, PID 1 of the new PID
// namespace, in a mount namespace of its own. It builds the sandbox's
// root, a small read-only tmpfs holding
//
//	/exercise.test  the program (bound read-only)
//	/dev/null, /dev/zero, /dev/urandom (bound)
//	/proc           the new PID namespace's
//	/work           a tmpfs of Disk bytes, writable: HOME, TMPDIR, the working folder
//
// pivots into it (nothing of the host's file system is left), drops every
// capability, sets the limits, starts the program and waits: it reaps
// what the program leaves, watches the memory of all the sandbox's
// processes, and when the program ends it stops whatever is still running
// and writes its report.

const (
	prSetNoNewPrivs  = 38
	prCapbsetDrop    = 24
	prSetSecurebits  = 28
	secbitNoroot     = 1 << 0
	secbitNorootLock = 1 << 1
)

// programPath is where the program is inside.
const programPath = "/exercise.test"

func initMain(is initSpec, repFile *os.File) int {
	say := func(r report) {
		b, _ := json.Marshal(r)
		repFile.Write(append(b, '\n'))
	}
	if err := setup(is); err != nil {
		say(report{Setup: err.Error()})
		return 1
	}
	if is.Probe {
		say(report{})
		return 0
	}
	out, err := supervise(is)
	if err != nil {
		say(report{Setup: err.Error()})
		return 1
	}
	say(report{Outcome: out})
	return 0
}

// setup builds the sandbox's file system and pivots into it.
func setup(is initSpec) error {
	step := func(what string, err error) error {
		if err != nil {
			return fmt.Errorf("%s: %v", what, err)
		}
		return nil
	}
	// Nothing mounted here is seen outside.
	if err := step("make / private", syscall.Mount("", "/", "", syscall.MS_REC|syscall.MS_PRIVATE, "")); err != nil {
		return err
	}
	root := is.Root
	if err := step("mount the root", syscall.Mount("tmpfs", root, "tmpfs", syscall.MS_NOSUID|syscall.MS_NODEV, "size=1m,nr_inodes=64,mode=0755")); err != nil {
		return err
	}
	for _, d := range []string{"dev", "proc", "work"} {
		if err := os.Mkdir(filepath.Join(root, d), 0o755); err != nil {
			return step("mkdir", err)
		}
	}
	binds := [][2]string{{"/dev/null", "dev/null"}, {"/dev/zero", "dev/zero"}, {"/dev/urandom", "dev/urandom"}}
	if !is.Probe {
		binds = append(binds, [2]string{is.Binary, strings.TrimPrefix(programPath, "/")})
	}
	for _, b := range binds {
		if err := bindReadOnly(b[0], filepath.Join(root, b[1])); err != nil {
			return step("bind "+b[0], err)
		}
	}
	if err := step("mount /proc", syscall.Mount("proc", filepath.Join(root, "proc"), "proc", syscall.MS_NOSUID|syscall.MS_NODEV|syscall.MS_NOEXEC, "")); err != nil {
		return err
	}
	work := filepath.Join(root, "work")
	opts := "size=" + itoa(is.Disk) + ",nr_inodes=4096,mode=0755"
	if err := step("mount /work", syscall.Mount("tmpfs", work, "tmpfs", syscall.MS_NOSUID|syscall.MS_NODEV, opts)); err != nil {
		return err
	}
	if err := os.Mkdir(filepath.Join(work, "tmp"), 0o755); err != nil {
		return step("mkdir /work/tmp", err)
	}
	if is.UID != 0 {
		for _, p := range []string{work, filepath.Join(work, "tmp")} {
			if err := os.Chown(p, is.UID, is.UID); err != nil {
				return step("chown /work", err)
			}
		}
	}
	// Into the new root; the old one is detached, and the new one made
	// read-only.
	if err := syscall.Chdir(root); err != nil {
		return step("chdir", err)
	}
	if err := step("pivot_root", syscall.PivotRoot(".", ".")); err != nil {
		return err
	}
	if err := step("detach the old root", syscall.Unmount(".", syscall.MNT_DETACH)); err != nil {
		return err
	}
	if err := syscall.Chdir("/"); err != nil {
		return step("chdir /", err)
	}
	if err := step("make / read-only", syscall.Mount("", "/", "", syscall.MS_REMOUNT|syscall.MS_BIND|syscall.MS_RDONLY|syscall.MS_NOSUID|syscall.MS_NODEV, "")); err != nil {
		return err
	}
	return step("hostname", syscall.Sethostname([]byte("sandbox")))
}

// bindReadOnly binds the file src onto dst (created empty), read-only,
// keeping the flags of src's mount that the kernel locks (nosuid, nodev,
// noexec).
func bindReadOnly(src, dst string) error {
	f, err := os.OpenFile(dst, os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	f.Close()
	if err := syscall.Mount(src, dst, "", syscall.MS_BIND, ""); err != nil {
		return err
	}
	var st syscall.Statfs_t
	if err := syscall.Statfs(src, &st); err != nil {
		return err
	}
	flags := uintptr(syscall.MS_REMOUNT | syscall.MS_BIND | syscall.MS_RDONLY | syscall.MS_NOSUID)
	for _, f := range []struct{ st, ms int64 }{{0x4, syscall.MS_NODEV}, {0x8, syscall.MS_NOEXEC}} {
		if int64(st.Flags)&f.st != 0 {
			flags |= uintptr(f.ms)
		}
	}
	return syscall.Mount("", dst, "", flags, "")
}

// dropPrivileges leaves the thread (and what it starts) no capability and
// no way to gain one.
func dropPrivileges() error {
	if _, _, e := syscall.RawSyscall(syscall.SYS_PRCTL, prSetNoNewPrivs, 1, 0); e != 0 {
		return fmt.Errorf("no_new_privs: %v", e)
	}
	for c := uintptr(0); c < 64; c++ {
		if _, _, e := syscall.RawSyscall(syscall.SYS_PRCTL, prCapbsetDrop, c, 0); e == syscall.EINVAL {
			break
		} else if e != 0 {
			return fmt.Errorf("drop capability %d: %v", c, e)
		}
	}
	// Root inside gains no capability by exec'ing a program.
	if _, _, e := syscall.RawSyscall(syscall.SYS_PRCTL, prSetSecurebits, secbitNoroot|secbitNorootLock, 0); e != 0 {
		return fmt.Errorf("securebits: %v", e)
	}
	return nil
}

// limit sets the program's limits, on the program alone: the init keeps
// none of them, or the program's processes could leave it without a thread
// to run on (the init runs as the same user when the caller is not root).
func limit(pid int, is initSpec) error {
	set := func(what string, res int, n uint64) error {
		lim := syscall.Rlimit{Cur: n, Max: n}
		if _, _, e := syscall.RawSyscall6(syscall.SYS_PRLIMIT64, uintptr(pid), uintptr(res), uintptr(unsafe.Pointer(&lim)), 0, 0, 0); e != 0 {
			return fmt.Errorf("%s limit: %v", what, e)
		}
		return nil
	}
	const rlimitNproc = 6
	if err := set("process", rlimitNproc, uint64(is.Procs)); err != nil {
		return err
	}
	if err := set("file size", syscall.RLIMIT_FSIZE, uint64(is.Disk)); err != nil {
		return err
	}
	if err := set("open files", syscall.RLIMIT_NOFILE, uint64(is.FDs)); err != nil {
		return err
	}
	if err := set("core", syscall.RLIMIT_CORE, 0); err != nil {
		return err
	}
	if is.AddressSpace > 0 {
		if err := set("address space", syscall.RLIMIT_AS, uint64(is.AddressSpace)); err != nil {
			return err
		}
	}
	return nil
}

// startProgram starts the program stopped at its first instruction (traced), sets
// its limits and lets it go: none of its code runs unlimited.
func startProgram(is initSpec, attr *syscall.ProcAttr) (int, error) {
	attr.Sys.Ptrace = true
	pid, err := syscall.ForkExec(programPath, append([]string{programPath}, is.Args...), attr)
	if err != nil {
		return 0, fmt.Errorf("start the program: %v", err)
	}
	var ws syscall.WaitStatus
	if _, err := syscall.Wait4(pid, &ws, 0, nil); err != nil || !ws.Stopped() {
		syscall.Kill(pid, syscall.SIGKILL)
		return 0, fmt.Errorf("start the program: not stopped at exec (%v, %v)", err, ws)
	}
	if err := limit(pid, is); err != nil {
		syscall.Kill(pid, syscall.SIGKILL)
		return 0, err
	}
	if err := syscall.PtraceDetach(pid); err != nil {
		syscall.Kill(pid, syscall.SIGKILL)
		return 0, fmt.Errorf("start the program: detach: %v", err)
	}
	return pid, nil
}

// launch starts the program from a thread of its own, which drops every
// privilege and installs the watch's filter first (both belong to the
// thread and pass to the program, never to the rest of the init), and
// which ends when the program has started: the goroutine never unlocks it.
//
// While that thread forks, it holds its P until the program's first exec,
// which waits for the watch to answer: the watch must be running before the
// fork, with the other P (GOMAXPROCS=2) free for it, and no collection may
// stop the world meanwhile.
func launch(is initSpec, attr *syscall.ProcAttr) (int, *watcher, error) {
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	type started struct {
		pid int
		w   *watcher
		err error
	}
	done := make(chan started)
	installed := make(chan *watcher)
	serving := make(chan struct{})
	go func() {
		w := <-installed
		close(serving)
		if w != nil {
			w.serve()
		}
	}()
	go func() {
		runtime.LockOSThread()
		if err := dropPrivileges(); err != nil {
			installed <- nil
			done <- started{err: err}
			return
		}
		w := newWatcher(is.FDs)
		installed <- w
		<-serving
		pid, err := startProgram(is, attr)
		done <- started{pid, w, err}
	}()
	s := <-done
	return s.pid, s.w, s.err
}

// supervise starts the program, waits for it, and stops what it leaves.
func supervise(is initSpec) (Outcome, error) {
	var out Outcome
	sigc := make(chan os.Signal, 8)
	signal.Notify(sigc, syscall.SIGCHLD)
	files := []uintptr{0, 1, 2}
	for i := range is.Files {
		files = append(files, uintptr(3+i))
	}
	attr := &syscall.ProcAttr{Dir: "/work", Env: is.Env, Files: files, Sys: &syscall.SysProcAttr{}}
	if is.UID != 0 {
		attr.Sys.Credential = &syscall.Credential{Uid: uint32(is.UID), Gid: uint32(is.UID), NoSetGroups: true}
	}
	pid, w, err := launch(is, attr)
	if err != nil {
		return out, err
	}
	tick := time.NewTicker(50 * time.Millisecond)
	defer tick.Stop()
	for done := false; !done; {
		for {
			var ws syscall.WaitStatus
			wpid, err := syscall.Wait4(-1, &ws, syscall.WNOHANG, nil)
			if wpid <= 0 || err != nil {
				break
			}
			if wpid == pid {
				out.Exit = exitString(ws)
				done = true
			}
		}
		if done {
			break
		}
		select {
		case <-sigc:
		case <-tick.C:
			rss := residentBytes()
			out.PeakMemory = max(out.PeakMemory, rss)
			if is.Memory > 0 && rss > is.Memory && !out.Memory {
				out.Memory = true
				_ = syscall.Kill(-1, syscall.SIGKILL)
			}
		}
	}
	// What it started and left running is stopped with it.
	out.Leftovers = len(processes())
	_ = syscall.Kill(-1, syscall.SIGKILL)
	for {
		if _, err := syscall.Wait4(-1, nil, 0, nil); err == syscall.ECHILD {
			break
		} else if err != nil && err != syscall.EINTR {
			break
		}
	}
	// Every watched call has been answered: its caller waited for it.
	w.report(&out)
	var st syscall.Statfs_t
	if syscall.Statfs("/work", &st) == nil {
		free := int64(st.Bavail) * int64(st.Bsize)
		out.DiskFull = free < 1<<20
	}
	return out, nil
}

func exitString(ws syscall.WaitStatus) string {
	switch {
	case ws.Exited() && ws.ExitStatus() == 0:
		return ""
	case ws.Exited():
		return "exit status " + strconv.Itoa(ws.ExitStatus())
	case ws.Signaled():
		return "signal: " + ws.Signal().String()
	}
	return "ended: " + strconv.Itoa(int(ws))
}

// processes lists the sandbox's processes but the init.
func processes() []string {
	entries, _ := os.ReadDir("/proc")
	var out []string
	for _, e := range entries {
		if n, err := strconv.Atoi(e.Name()); err == nil && n != 1 {
			out = append(out, e.Name())
		}
	}
	return out
}

// residentBytes sums the resident memory of the sandbox's processes.
func residentBytes() int64 {
	var sum int64
	for _, p := range processes() {
		b, err := os.ReadFile("/proc/" + p + "/status")
		if err != nil {
			continue
		}
		s := string(b)
		if i := strings.Index(s, "VmRSS:"); i >= 0 {
			f := strings.Fields(s[i+len("VmRSS:"):])
			if len(f) > 0 {
				kb, _ := strconv.ParseInt(f[0], 10, 64)
				sum += kb << 10
			}
		}
	}
	return sum
}
