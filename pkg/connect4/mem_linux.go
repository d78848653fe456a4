package connect4

import (
	"runtime"
	"syscall"
	"unsafe"
)

// tableMemory returns n zeroed entries. On Linux they are mapped outside Go's
// heap and advised to be backed by 2 MiB pages (transparent huge pages in
// "madvise" mode): a probe lands on a random page of a 64 MiB table, and
// with 4 KiB pages most probes also miss the TLB. The mapping is released
// when owner is collected. If the mapping fails, the heap serves.
func tableMemory(n uint64, owner *table) []uint64 {
	b, err := syscall.Mmap(-1, 0, int(n*8), syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE|syscall.MAP_ANON)
	if err != nil {
		return make([]uint64, n)
	}
	_ = syscall.Madvise(b, syscall.MADV_HUGEPAGE) // advice only
	runtime.AddCleanup(owner, func(b []byte) { _ = syscall.Munmap(b) }, b)
	return unsafe.Slice((*uint64)(unsafe.Pointer(&b[0])), n)
}
