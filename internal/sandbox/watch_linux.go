package sandbox

import (
	"encoding/binary"
	"fmt"
	"net/netip"
	"os"
	"path"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"unsafe"
)

// The watch: what the program tries that the sandbox prevents, named for
// the report. The namespaces do the preventing; the watch only looks. The
// thread that starts the program installs a seccomp filter on itself
// (inherited by the program and everything it starts, never by the rest of
// the init) that hands the system calls below to the init as user
// notifications: opening, writing, deleting and renaming files, starting
// programs, connecting and sending to addresses, signalling processes. For
// each, the init reads the call's path or address from the caller's
// memory, notes the attempt when it reaches outside the sandbox, and lets
// the kernel carry the call out as it would have (which then fails: the
// file is not there, the root is read-only, there is no network, the
// process is not in the PID namespace).
//
// It is the report's, not the sandbox's: a program that goes around it
// (the x32 system calls on amd64, a syscall it does not list) is still
// held by the namespaces, only not named.

// What a watched system call does, and where its arguments are.
type callKind int

const (
	callOpen    callKind = iota // path at Path, flags at Flags (-1: write)
	callOpenHow                 // openat2: flags in the struct at Flags
	callMkdir                   // path at Path
	callDelete                  // path at Path
	callRename                  // from Path to Path2
	callLink                    // a new name at Path
	callExec                    // program at Path
	callConnect                 // address at Addr
	callSendto                  // address at Addr (none: a connected socket)
	callSendmsg                 // address in the msghdr at Addr
	callKill                    // process at PID
	callPidfd                   // process at PID
)

type watched struct {
	nr   uint32
	kind callKind
	// Argument positions; Dir is the directory descriptor of a *at call
	// (-1: none, the path is relative to the working folder).
	Dir, Path, Dir2, Path2, Flags, Addr, PID int
}

// The seccomp interface (linux/seccomp.h).
const (
	seccompSetModeFilter    = 1
	seccompGetNotifSizes    = 3
	seccompFilterNewListen  = 1 << 3
	seccompRetAllow         = 0x7fff0000
	seccompRetUserNotif     = 0x7fc00000
	seccompNotifFlagContinu = 1
	// _IOWR('!', 0, struct seccomp_notif), _IOWR('!', 1, struct
	// seccomp_notif_resp).
	ioctlNotifRecv = 0xc0502100
	ioctlNotifSend = 0xc0182101
	atFDCWD        = -100
)

type seccompData struct {
	Nr   int32
	Arch uint32
	IP   uint64
	Args [6]uint64
}

type seccompNotif struct {
	ID    uint64
	Pid   uint32
	Flags uint32
	Data  seccompData
}

type seccompResp struct {
	ID    uint64
	Val   int64
	Error int32
	Flags uint32
}

// maxAttempts bounds the attempts a report names; past it, they are
// counted.
const maxAttempts = 20

// watcher collects the attempts of one sandbox's processes.
type watcher struct {
	fd    int
	calls map[uint32]watched
	fds   int // the open-file limit

	mu       sync.Mutex
	attempts []string
	counts   map[string]int
	more     int  // attempts past maxAttempts
	started  bool // the program's own first exec was seen
	copies   int
	fdLimit  bool
}

// newWatcher installs the filter on the calling thread, which must be
// locked to its goroutine, have no_new_privs set and be the one that starts
// the program. It returns nil where the kernel or the architecture offers
// no watch: the sandbox runs all the same, unwatched.
func newWatcher(fds int) *watcher {
	if len(watchedCalls) == 0 || !notifSizesOK() {
		return nil
	}
	calls := map[uint32]watched{}
	var prog []syscall.SockFilter
	stmt := func(code uint16, k uint32) { prog = append(prog, syscall.SockFilter{Code: code, K: k}) }
	const (
		ldAbs = syscall.BPF_LD | syscall.BPF_W | syscall.BPF_ABS
		jeq   = syscall.BPF_JMP | syscall.BPF_JEQ | syscall.BPF_K
		ret   = syscall.BPF_RET | syscall.BPF_K
	)
	n := len(watchedCalls)
	// Another architecture's calls (a 32-bit program) pass unwatched.
	stmt(ldAbs, 4)
	prog = append(prog, syscall.SockFilter{Code: jeq, K: auditArch, Jt: 0, Jf: uint8(n + 1)})
	stmt(ldAbs, 0)
	for i, c := range watchedCalls {
		calls[c.nr] = c
		// Taken: jump to the last statement, the notification.
		prog = append(prog, syscall.SockFilter{Code: jeq, K: c.nr, Jt: uint8(n - i), Jf: 0})
	}
	stmt(ret, seccompRetAllow)
	stmt(ret, seccompRetUserNotif)
	fprog := syscall.SockFprog{Len: uint16(len(prog)), Filter: &prog[0]}
	fd, _, e := syscall.RawSyscall(sysSeccomp, seccompSetModeFilter, seccompFilterNewListen, uintptr(unsafe.Pointer(&fprog)))
	if e != 0 {
		return nil
	}
	return &watcher{fd: int(fd), calls: calls, fds: fds, counts: map[string]int{}}
}

// notifSizesOK checks that the kernel's structures are the ones above.
func notifSizesOK() bool {
	var sizes struct{ Notif, Resp, Data uint16 }
	_, _, e := syscall.RawSyscall(sysSeccomp, seccompGetNotifSizes, 0, uintptr(unsafe.Pointer(&sizes)))
	return e == 0 && sizes.Notif == uint16(unsafe.Sizeof(seccompNotif{})) &&
		sizes.Resp == uint16(unsafe.Sizeof(seccompResp{})) && sizes.Data == uint16(unsafe.Sizeof(seccompData{}))
}

// serve answers notifications until the last watched process is gone:
// each call is noted, then carried out as the kernel would have.
func (w *watcher) serve() {
	for {
		var n seccompNotif
		_, _, e := syscall.Syscall(syscall.SYS_IOCTL, uintptr(w.fd), ioctlNotifRecv, uintptr(unsafe.Pointer(&n)))
		switch e {
		case 0:
		case syscall.EINTR, syscall.ENOENT: // interrupted; the caller died meanwhile
			continue
		default:
			return
		}
		w.note(&n)
		r := seccompResp{ID: n.ID, Flags: seccompNotifFlagContinu}
		syscall.Syscall(syscall.SYS_IOCTL, uintptr(w.fd), ioctlNotifSend, uintptr(unsafe.Pointer(&r)))
	}
}

// note names the call n stands for when it reaches outside the sandbox.
func (w *watcher) note(n *seccompNotif) {
	c, ok := w.calls[uint32(n.Data.Nr)]
	if !ok {
		return
	}
	pid := int(n.Pid)
	arg := func(i int) uint64 { return n.Data.Args[i] }
	p := &proc{pid: pid}
	defer p.close()
	pathAt := func(dir, at int) string {
		s, ok := p.str(arg(at))
		if !ok {
			return ""
		}
		d := atFDCWD
		if dir >= 0 {
			d = int(int32(arg(dir)))
		}
		return p.abs(d, s)
	}
	switch c.kind {
	case callOpen, callOpenHow:
		name := pathAt(c.Dir, c.Path)
		var flags uint64
		switch {
		case c.Flags < 0: // creat, truncate
			flags = syscall.O_WRONLY
		case c.kind == callOpenHow:
			b, ok := p.bytes(arg(c.Flags), 8)
			if !ok {
				return
			}
			flags = binary.LittleEndian.Uint64(b)
		default:
			flags = arg(c.Flags)
		}
		w.checkFDs(pid)
		if flags&(syscall.O_WRONLY|syscall.O_RDWR|syscall.O_CREAT|syscall.O_TRUNC|syscall.O_APPEND) != 0 {
			if !writable(name) {
				w.add("write " + name)
			}
		} else if !readable(name) {
			w.add("read " + name)
		}
	case callMkdir:
		if name := pathAt(c.Dir, c.Path); !writable(name) {
			w.add("make the folder " + name)
		}
	case callDelete:
		if name := pathAt(c.Dir, c.Path); !writable(name) {
			w.add("delete " + name)
		}
	case callRename:
		from, to := pathAt(c.Dir, c.Path), pathAt(c.Dir2, c.Path2)
		if !writable(from) || !writable(to) {
			w.add("move " + from + " to " + to)
		}
	case callLink:
		if name := pathAt(c.Dir, c.Path); !writable(name) {
			w.add("link " + name)
		}
	case callExec:
		name := pathAt(c.Dir, c.Path)
		w.mu.Lock()
		defer w.mu.Unlock()
		switch {
		case !w.started && name == programPath:
			w.started = true // the init starting the program
		case name == programPath || name == "/proc/self/exe" || strings.HasPrefix(name, "/proc/") && strings.HasSuffix(name, "/exe"):
			w.copies++
		default:
			w.addLocked("start " + name)
		}
	case callConnect, callSendto, callSendmsg:
		addr := arg(c.Addr)
		size := arg(c.Addr + 1)
		if c.kind == callSendmsg {
			// struct msghdr starts with msg_name and msg_namelen.
			b, ok := p.bytes(addr, 12)
			if !ok {
				return
			}
			addr, size = binary.LittleEndian.Uint64(b), uint64(binary.LittleEndian.Uint32(b[8:]))
		}
		if addr == 0 {
			return // a connected socket: its connect was noted
		}
		if a := p.sockaddr(addr, size); a != "" {
			verb := "connect to "
			if c.kind != callConnect {
				verb = "send to "
			}
			w.add(verb + a)
		}
	case callKill, callPidfd:
		target := int(int32(arg(c.PID)))
		if target <= 0 {
			return // its own process group, or every process it may signal: all in the sandbox
		}
		if _, err := os.Stat("/proc/" + strconv.Itoa(target)); err != nil {
			w.add("signal the process " + strconv.Itoa(target))
		}
	}
}

// checkFDs notes a process that holds as many files open as it may: the
// kernel gives the lowest free descriptor, so the last one is taken only
// when all are.
func (w *watcher) checkFDs(pid int) {
	if w.fds <= 0 {
		return
	}
	if _, err := os.Lstat("/proc/" + strconv.Itoa(pid) + "/fd/" + strconv.Itoa(w.fds-1)); err == nil {
		w.mu.Lock()
		w.fdLimit = true
		w.mu.Unlock()
	}
}

func (w *watcher) add(s string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.addLocked(s)
}

func (w *watcher) addLocked(s string) {
	if len(s) > 200 {
		s = s[:200] + "…"
	}
	if _, ok := w.counts[s]; ok {
		w.counts[s]++
		return
	}
	if len(w.attempts) == maxAttempts {
		w.more++
		return
	}
	w.counts[s] = 1
	w.attempts = append(w.attempts, s)
}

// report fills in what the watch saw.
func (w *watcher) report(o *Outcome) {
	if w == nil {
		return
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	o.Watched = true
	for _, a := range w.attempts {
		if n := w.counts[a]; n > 1 {
			a += fmt.Sprintf(" (%d times)", n)
		}
		o.Blocked = append(o.Blocked, a)
	}
	if w.more > 0 {
		o.Blocked = append(o.Blocked, fmt.Sprintf("and %d more", w.more))
	}
	o.Copies = w.copies
	o.FDLimit = w.fdLimit
}

// readable and writable say whether a path is one the sandbox offers for
// reading or writing. Everything in /proc is the sandbox's own. In /work,
// the scratch folder, a path whose folder is not there is not the
// program's own either: it is one of the host's, such as /work/ann/.ssh
// or the course's module, which the sandbox hides (the init, in the
// sandbox's mount namespace, sees /work as the program does).
func readable(p string) bool {
	switch p {
	case "/", "/dev", "/dev/null", "/dev/zero", "/dev/urandom", programPath:
		return true
	}
	// The Go runtime reads the huge page size at start.
	return writable(p) || strings.HasPrefix(p, "/sys/kernel/mm/transparent_hugepage/")
}

func writable(p string) bool {
	switch {
	case p == "/dev/null" || p == "/dev/zero" || under(p, "/proc"):
		return true
	case p == "/work":
		return true
	case under(p, "/work"):
		_, err := os.Stat(path.Dir(p))
		return err == nil
	}
	return false
}

func under(p, dir string) bool { return p == dir || strings.HasPrefix(p, dir+"/") }

// proc reads a stopped caller's memory and folders.
type proc struct {
	pid int
	mem *os.File
}

func (p *proc) close() {
	if p.mem != nil {
		p.mem.Close()
	}
}

func (p *proc) bytes(addr, n uint64) ([]byte, bool) {
	if p.mem == nil {
		f, err := os.Open("/proc/" + strconv.Itoa(p.pid) + "/mem")
		if err != nil {
			return nil, false
		}
		p.mem = f
	}
	b := make([]byte, n)
	k, _ := p.mem.ReadAt(b, int64(addr))
	return b[:k], uint64(k) == n
}

// str reads a NUL-terminated string, a page at most at a time (the next
// page may not be mapped).
func (p *proc) str(addr uint64) (string, bool) {
	if addr == 0 {
		return "", false
	}
	var s []byte
	for len(s) < 4096 {
		n := 4096 - addr%4096
		b, _ := p.bytes(addr, n)
		if len(b) == 0 {
			return "", false
		}
		if i := strings.IndexByte(string(b), 0); i >= 0 {
			return string(append(s, b[:i]...)), true
		}
		s = append(s, b...)
		addr += uint64(len(b))
	}
	return "", false
}

// abs makes name absolute: relative to the folder of the descriptor dir,
// or to the working folder.
func (p *proc) abs(dir int, name string) string {
	if name == "" || path.IsAbs(name) {
		return path.Clean("/" + name)
	}
	link := "/proc/" + strconv.Itoa(p.pid) + "/cwd"
	if dir != atFDCWD {
		link = "/proc/" + strconv.Itoa(p.pid) + "/fd/" + strconv.Itoa(dir)
	}
	base, err := os.Readlink(link)
	if err != nil {
		base = "/?"
	}
	return path.Join(base, name)
}

// sockaddr reads a socket address: "127.0.0.1:53", "[::1]:53", "the
// socket /run/x"; "" for one not worth naming (AF_UNSPEC, which
// disconnects; netlink, the kernel's own).
func (p *proc) sockaddr(addr, size uint64) string {
	if size < 2 || size > 128 {
		return ""
	}
	b, ok := p.bytes(addr, size)
	if !ok {
		return ""
	}
	port := func() uint16 { return binary.BigEndian.Uint16(b[2:4]) }
	switch binary.LittleEndian.Uint16(b) {
	case syscall.AF_INET:
		if len(b) >= 8 {
			return netip.AddrPortFrom(netip.AddrFrom4([4]byte(b[4:8])), port()).String()
		}
	case syscall.AF_INET6:
		if len(b) >= 24 {
			return netip.AddrPortFrom(netip.AddrFrom16([16]byte(b[8:24])), port()).String()
		}
	case syscall.AF_UNIX:
		name := strings.TrimRight(string(b[2:]), "\x00")
		if name == "" {
			return ""
		}
		return "the socket " + strings.ReplaceAll(name, "\x00", "@")
	}
	return ""
}

func opens(nr uint32, dir, p, flags int) watched {
	return watched{nr: nr, kind: callOpen, Dir: dir, Path: p, Dir2: -1, Path2: -1, Flags: flags}
}

func openHow(nr uint32, dir, p, how int) watched {
	w := opens(nr, dir, p, how)
	w.kind = callOpenHow
	return w
}

func pathCall(nr uint32, kind callKind, dir, p int) watched {
	return watched{nr: nr, kind: kind, Dir: dir, Path: p, Dir2: -1, Path2: -1}
}

func renames(nr uint32, dir, p, dir2, p2 int) watched {
	return watched{nr: nr, kind: callRename, Dir: dir, Path: p, Dir2: dir2, Path2: p2}
}

func addrCall(nr uint32, kind callKind, addr int) watched {
	return watched{nr: nr, kind: kind, Addr: addr}
}

func pidCall(nr uint32, kind callKind) watched { return watched{nr: nr, kind: kind} }
