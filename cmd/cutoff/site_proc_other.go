//go:build !unix

package main

import "os/exec"

// isolate leaves cmd as it is where there are no process groups: its
// Cancel kills nbconvert only.
func isolate(cmd *exec.Cmd) {}

// reap has nothing to do where there are no process groups.
func reap(cmd *exec.Cmd) {}
