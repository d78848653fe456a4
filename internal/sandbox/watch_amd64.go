//go:build linux

package sandbox

const (
	sysSeccomp = 317
	auditArch  = 0xc000003e // AUDIT_ARCH_X86_64
)

// watchedCalls are the x86-64 system calls the watch looks at.
var watchedCalls = []watched{
	opens(2, -1, 0, 1),   // open
	opens(85, -1, 0, -1), // creat
	opens(76, -1, 0, -1), // truncate
	opens(257, 0, 1, 2),  // openat
	openHow(437, 0, 1, 2),
	pathCall(83, callMkdir, -1, 0),  // mkdir
	pathCall(258, callMkdir, 0, 1),  // mkdirat
	pathCall(84, callDelete, -1, 0), // rmdir
	pathCall(87, callDelete, -1, 0), // unlink
	pathCall(263, callDelete, 0, 1), // unlinkat
	renames(82, -1, 0, -1, 1),       // rename
	renames(264, 0, 1, 2, 3),        // renameat
	renames(316, 0, 1, 2, 3),        // renameat2
	pathCall(86, callLink, -1, 1),   // link
	pathCall(265, callLink, 2, 3),   // linkat
	pathCall(88, callLink, -1, 1),   // symlink
	pathCall(266, callLink, 1, 2),   // symlinkat
	pathCall(59, callExec, -1, 0),   // execve
	pathCall(322, callExec, 0, 1),   // execveat
	addrCall(42, callConnect, 1),
	addrCall(44, callSendto, 4),
	addrCall(46, callSendmsg, 1),
	pidCall(62, callKill),
	pidCall(434, callPidfd),
}
