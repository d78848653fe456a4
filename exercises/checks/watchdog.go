package checks

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync/atomic"
	"time"
)

// A student's search that never ends. The visit limit (Trace.Limit) stops a
// search that keeps calling Children and Value; a search that loops without
// calling either (or calls Children on a leaf forever, which records
// nothing) never reaches it. A watchdog watches each check: when no search
// has started for SearchTimeout (every search of a check is small, and a
// check starts new ones all the time: its trees, its shrinking), it stops
// the student's search that started last:
//
//  1. every later call of that search on a Node panics with ErrTimedOut,
//     and no new search starts in the check (Watch panics too): a search
//     that still calls the grader's nodes ends there, and the check fails
//     as a runaway does, with its text and its picture, the other checks
//     running as usual;
//  2. a search that calls nothing cannot be stopped (Go cannot end a
//     goroutine). Under go test the watchdog then prints the check's text
//     and writes its picture of what the search did before it was stopped,
//     prints the results of the test's checks that ended before it (go
//     test would lose them: it prints a test's output when the test ends),
//     and ends the process. Inline reports the check with its picture and
//     tells the learner to restart the notebook's kernel; Lesson draws the
//     search as far as it got, with the same advice.
//
// Under `cutoff grade` there is no watchdog: the grader's timeout ends the
// test binary, and the records of the checks that ended before it were
// already written to its pipe (each when its check ended, unbuffered).

// SearchTimeout is how long a check may go without starting a search
// before the watchdog stops it; TimeoutEnv overrides it.
const SearchTimeout = 10 * time.Second

// TimeoutEnv sets the watchdog's time limit: a duration ("30s") or a
// number of seconds; "off" turns the watchdog off.
const TimeoutEnv = "CUTOFF_TIMEOUT"

// ErrTimedOut is the panic value of a call on a Node of a search the
// watchdog stopped.
type ErrTimedOut struct {
	After  time.Duration // how long the search had run when stopped
	Visits int           // its visits (Children and Value calls) by then
}

func (e ErrTimedOut) Error() string {
	return fmt.Sprintf("stopped: your search did not end within %s; it had visited %s when stopped (a loop that never returns?)",
		seconds(e.After), plural(e.Visits, "node"))
}

func seconds(d time.Duration) string {
	return strconv.FormatFloat(d.Round(100*time.Millisecond).Seconds(), 'f', -1, 64) + " s"
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

// halted, once set, stops the check running: no search starts any more.
var halted atomic.Pointer[ErrTimedOut]

// lastSearch is when the last search (Watch or WatchRef) started, in
// nanoseconds since the Unix epoch: the watchdog's sign of progress.
var lastSearch atomic.Int64

func noteProgress() { lastSearch.Store(time.Now().UnixNano()) }

// searchTimeout returns the watchdog's limit, 0 for none.
func searchTimeout() time.Duration {
	s := os.Getenv(TimeoutEnv)
	switch {
	case s == "":
		return SearchTimeout
	case s == "off":
		return 0
	}
	if d, err := time.ParseDuration(s); err == nil && d > 0 {
		return d
	}
	if v, err := strconv.ParseFloat(s, 64); err == nil && v > 0 {
		return time.Duration(v * float64(time.Second))
	}
	return SearchTimeout
}

// checkStarted is when the check running started (Unix nanoseconds): a
// student's search that started before is an earlier check's.
var checkStarted atomic.Int64

// startCheck readies the watchdog's state for a check that starts now.
func startCheck() {
	halted.Store(nil)
	noteProgress()
	checkStarted.Store(time.Now().UnixNano())
}

// watchdog waits until done is closed or the check running stalls: no
// search started for limit, or deadline (when not zero) passed. Then it
// stops the student's search that started last and waits a moment for the
// check to end by itself. It returns nil when the check ended without
// being stopped; else why it was stopped, the stopped search's visits so
// far (nil when no search of a student's had started), and hung: the check
// has not ended (its search calls nothing of the grader's).
func watchdog(done <-chan struct{}, limit time.Duration, deadline time.Time) (e *ErrTimedOut, tr *Trace, hung bool) {
	if limit <= 0 && deadline.IsZero() {
		<-done
		return nil, nil, false
	}
	checkStart := time.Unix(0, checkStarted.Load())
	tick := time.NewTicker(min(100*time.Millisecond, max(limit/10, time.Millisecond)))
	defer tick.Stop()
	for {
		select {
		case <-done:
			return nil, nil, false
		case now := <-tick.C:
			last := time.Unix(0, lastSearch.Load())
			stalled := limit > 0 && now.Sub(last) >= limit
			if !stalled && (deadline.IsZero() || now.Before(deadline)) {
				continue
			}
			cur := watching.Load()
			if cur != nil && cur.started.Before(checkStart) {
				cur = nil // an earlier check's
			}
			e = &ErrTimedOut{After: now.Sub(last)}
			if stalled {
				e.After = limit
			}
			if cur != nil {
				if !stalled {
					e.After = now.Sub(cur.started)
				}
				cur.mu.Lock()
				e.Visits = len(cur.Visits)
				cur.mu.Unlock()
			}
			halted.Store(e)
			if cur != nil {
				cur.stop.Store(e)
				tr = cur.snapshot()
			}
			select {
			case <-done:
				return e, tr, false
			case <-time.After(min(time.Second, max(limit/2, 50*time.Millisecond))):
				return e, tr, true
			}
		}
	}
}

// hungText is what a check stopped by the watchdog says: the rule and the
// tree it was checking, when known, and why it was stopped.
func (c *C) hungText(e *ErrTimedOut) []string {
	var lines []string
	if c.rule != "" {
		lines = append(lines, "rule: "+c.rule)
	}
	if c.onCase != nil {
		lines = append(lines, fmt.Sprintf("tree (%s): %s", c.onCase.Name, c.onCase.Tree))
	}
	return append(lines, e.Error())
}

// hungPicture keeps the stopped search's picture for the check: what it
// did before it was stopped, beside the reference's search on the same
// tree.
func hungPicture(tr *Trace, line string) {
	if tr == nil {
		return
	}
	pic.Lock()
	want := pic.ref
	pic.Unlock()
	if want == nil {
		want = &Trace{}
	}
	pic.Lock()
	pic.stopped = line
	pic.cands = append(pic.cands, cand{got: tr, want: want, line: line})
	pic.Unlock()
}

// result is a check's outcome as go test would print it, kept by Run for
// the watchdog's report.
type result struct {
	name    string
	passed  bool
	elapsed time.Duration
	text    string
}

// hungReport is what the watchdog prints before it ends the process: the
// test's checks so far, as go test prints them (in -v mode they have been
// printed already: only the stopped one), the stopped check, and the
// checks that did not run.
func hungReport(test string, done []result, stopped result, notRun []string, verbose bool) string {
	var b strings.Builder
	indent := func(s, pre string) string {
		return pre + strings.ReplaceAll(s, "\n", "\n"+pre+"    ")
	}
	total := stopped.elapsed
	for _, r := range done {
		total += r.elapsed
	}
	if !verbose {
		fmt.Fprintf(&b, "--- FAIL: %s (%.2fs)\n", test, total.Seconds())
		for _, r := range done {
			if r.passed {
				continue
			}
			fmt.Fprintf(&b, "    --- FAIL: %s (%.2fs)\n", r.name, r.elapsed.Seconds())
			b.WriteString(indent(r.text, "        ") + "\n")
		}
	}
	fmt.Fprintf(&b, "    --- FAIL: %s (%.2fs)\n", stopped.name, stopped.elapsed.Seconds())
	b.WriteString(indent(stopped.text, "        ") + "\n")
	if len(notRun) > 0 {
		fmt.Fprintf(&b, "    (not run: %s — the test ended here, since a search that never returns cannot be stopped otherwise)\n", strings.Join(notRun, ", "))
	}
	b.WriteString("FAIL\n")
	return b.String()
}
