// Command probe reports what a program sees and may do in the sandbox, as JSON, or
// with an argument misbehaves: "hog" holds 400 MiB, "leave" starts a copy
// of itself that sleeps and ends at once, "files" opens files until
// refused; "true" does nothing.
package main

import (
	"encoding/json"
	"net"
	"os"
	"strconv"
	"strings"
	"syscall"
	"time"
)

func main() {
	if len(os.Args) > 1 {
		switch os.Args[1] {
		case "hog":
			b := make([]byte, 400<<20)
			for i := range b {
				b[i] = 1
			}
			time.Sleep(10 * time.Second)
			os.Exit(int(b[12345]))
		case "leave":
			os.StartProcess("/exercise.test", []string{"probe", "sleep"}, &os.ProcAttr{})
			return
		case "sleep":
			time.Sleep(time.Hour)
		case "files":
			var held []*os.File
			for {
				f, err := os.Open(os.DevNull)
				if err != nil {
					return
				}
				held = append(held, f)
			}
		case "true":
			return
		}
	}
	r := map[string]any{}
	var root []string
	entries, _ := os.ReadDir("/")
	for _, e := range entries {
		root = append(root, e.Name())
	}
	r["root"] = strings.Join(root, " ")
	_, err := os.ReadFile("/etc/passwd")
	r["etc"] = err == nil
	status, _ := os.ReadFile("/proc/self/status")
	for _, l := range strings.Split(string(status), "\n") {
		if k, v, ok := strings.Cut(l, ":"); ok && (k == "CapEff" || k == "CapPrm" || k == "CapBnd" || k == "NoNewPrivs") {
			r[k] = strings.TrimSpace(v)
		}
	}
	limits, _ := os.ReadFile("/proc/self/limits")
	for _, l := range strings.Split(string(limits), "\n") {
		for _, k := range []string{"Max processes", "Max open files", "Max file size"} {
			if strings.HasPrefix(l, k) {
				r[k] = strings.Fields(l[len(k):])[0]
			}
		}
	}
	r["write /"] = os.WriteFile("/x", nil, 0o644) == nil
	r["write binary"] = os.WriteFile("/exercise.test", nil, 0o644) == nil
	r["write /work"] = os.WriteFile("/work/x", []byte("x"), 0o644) == nil
	// Its own files, there or not, and one of the host's under /work.
	os.ReadFile("/work/x")
	os.ReadFile("/work/missing")
	_, err = os.ReadFile("/work/ann/.ssh/id_ed25519")
	r["read /work/ann"] = err == nil
	_, err = os.StartProcess("/bin/sh", []string{"sh", "-c", "true"}, &os.ProcAttr{})
	r["start"] = err == nil
	if pid, err := strconv.Atoi(os.Getenv("PROBE_PID")); err == nil {
		p, _ := os.FindProcess(pid)
		r["signal"] = p.Signal(syscall.SIGCONT) == nil
	}
	r["hostname"], _ = os.Hostname()
	r["ppid"] = os.Getppid()
	procs, _ := os.ReadDir("/proc")
	n := 0
	for _, p := range procs {
		if p.Name()[0] >= '0' && p.Name()[0] <= '9' {
			n++
		}
	}
	r["processes"] = n
	_, err = net.DialTimeout("tcp", os.Getenv("PROBE_DIAL"), time.Second)
	r["dial"] = err == nil
	b := make([]byte, 5)
	k, _ := os.NewFile(3, "in").Read(b)
	r["fd3"] = string(b[:k])
	json.NewEncoder(os.Stdout).Encode(r)
}
