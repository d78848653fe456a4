package connect4

import (
	"fmt"
	"math/bits"
)

// table is the transposition table: one uint64 per entry, indexed by the
// key modulo a prime size (Pons' choice: it spreads Connect Four's keys,
// whose low bits are the left columns, better than a power of two).
//
// An entry packs
//
//	bits  0–15  the generation it was written in (0: never written)
//	bits 16–21  a lower bound + 22 (0: none)
//	bits 22–27  an upper bound + 22 (63: none)
//	bits 28–30  the best move's column + 1 (0: none)
//	bits 31–63  the key's low 33 bits
//
// Keys are below 2^49 and the size is a prime above 2^16, so the index and
// the low 33 bits together determine the key (Chinese remainders, Pons'
// part 11): a hit is never another position. Reset starts a new generation
// in O(1), so a solver can forget everything between positions without
// clearing 64 MB; the table is cleared for real once every 65,535 resets.
type table struct {
	e    []uint64
	size uint64
	m    uint64 // floor((2^64−1)/size), for the index without a division
	gen  uint64
}

const (
	noLower = 0
	noUpper = 63
	bias    = 22
)

// minTableBits and maxTableBits bound Options.TableBits.
const (
	minTableBits = 16
	maxTableBits = 30
)

func newTable(size uint64) *table {
	t := &table{size: size, m: ^uint64(0) / size, gen: 1}
	t.e = tableMemory(size, t)
	// Touch every page now: a fresh allocation is mapped lazily, and the
	// first search to reach a page would pay for the fault (Pons' solver
	// clears its table before every position, outside the timed part).
	for i := 0; i < len(t.e); i += 512 {
		t.e[i] = 0
	}
	return t
}

// tableSize returns the table's number of entries for log2 size bits: the
// first prime at or above 2^bits (Pons' parts 11–12), or the last prime below
// it (his parts 7–10).
func tableSize(bits int, below bool) (uint64, error) {
	if bits < minTableBits || bits > maxTableBits {
		return 0, fmt.Errorf("connect4: table bits %d out of range %d–%d", bits, minTableBits, maxTableBits)
	}
	n := uint64(1) << bits
	step := uint64(1)
	if below {
		n--
		step = ^uint64(0) // −1
	}
	for !isPrime(n) {
		n += step
	}
	return n, nil
}

func isPrime(n uint64) bool {
	if n < 2 {
		return false
	}
	for d := uint64(2); d*d <= n; d++ {
		if n%d == 0 {
			return false
		}
	}
	return true
}

// index returns key mod size, by Barrett reduction: the quotient estimate
// hi(key·m) is at most one short.
func (t *table) index(key uint64) uint64 {
	q, _ := bits.Mul64(key, t.m)
	r := key - q*t.size
	if r >= t.size {
		r -= t.size
	}
	return r
}

// probe returns the bounds and best move (−1 if none) stored for key at
// index i, or (−22, 41, −1) if there is no entry.
func (t *table) probe(i, key uint64) (lower, upper, move int) {
	e := t.e[i]
	if e&0xffff != t.gen || e>>31 != key&(1<<33-1) {
		return -bias, noUpper - bias, -1
	}
	return int(e>>16&63) - bias, int(e>>22&63) - bias, int(e>>28&7) - 1
}

// store writes key's bounds and best move (−1: none) at index i, replacing
// whatever was there.
func (t *table) store(i, key uint64, lower, upper, move int) {
	t.e[i] = key<<31 | uint64(move+1)<<28 | uint64(upper+bias)<<22 | uint64(lower+bias)<<16 | t.gen
}

// reset forgets every entry.
func (t *table) reset() {
	t.gen++
	if t.gen == 1<<16 {
		clear(t.e)
		t.gen = 1
	}
}
