//go:build linux

package sandbox

const (
	sysSeccomp = 277
	auditArch  = 0xc00000b7 // AUDIT_ARCH_AARCH64
)

// watchedCalls are the arm64 system calls the watch looks at (the generic
// table: only the *at forms).
var watchedCalls = []watched{
	opens(56, 0, 1, 2),   // openat
	opens(45, -1, 0, -1), // truncate
	openHow(437, 0, 1, 2),
	pathCall(34, callMkdir, 0, 1),  // mkdirat
	pathCall(35, callDelete, 0, 1), // unlinkat
	renames(38, 0, 1, 2, 3),        // renameat
	renames(276, 0, 1, 2, 3),       // renameat2
	pathCall(37, callLink, 2, 3),   // linkat
	pathCall(36, callLink, 1, 2),   // symlinkat
	pathCall(221, callExec, -1, 0), // execve
	pathCall(281, callExec, 0, 1),  // execveat
	addrCall(203, callConnect, 1),
	addrCall(206, callSendto, 4),
	addrCall(211, callSendmsg, 1),
	pidCall(129, callKill),
	pidCall(434, callPidfd),
}
