//go:build !linux

package sandbox

import (
	"fmt"
	"runtime"
)

// Cmd is a program started in the sandbox (never, here).
type Cmd struct{}

// Available reports that there is no sandbox here: it needs Linux's user
// namespaces.
func Available() error {
	return fmt.Errorf("%w: %s is not Linux, whose user namespaces the sandbox is made of", ErrUnavailable, runtime.GOOS)
}

// Start fails: see Available.
func Start(spec Spec) (*Cmd, error) { return nil, Available() }

// Pid is 0: nothing runs.
func (c *Cmd) Pid() int { return 0 }

// Kill does nothing.
func (c *Cmd) Kill() {}

// Wait fails: see Available.
func (c *Cmd) Wait() (Outcome, error) { return Outcome{}, Available() }

// Main returns at once: there is no init here.
func Main() {}
