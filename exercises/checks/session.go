package checks

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"
)

// How a check's outcome reaches `cutoff grade` without the code under test
// being able to forge it.
//
// `cutoff grade` starts an exercise's test binary with SessionEnv set and
// two extra files: descriptor 3, a pipe that holds one line "KEY SEED" or
// "KEY SEED pictures" (KEY: 64 hex digits, fresh for every run; SEED: the
// random trees' seed; "pictures": send the pictures of failing checks, see
// picturesend.go) and is then closed, and descriptor 4, a pipe for the records. This
// package reads descriptor 3 in its init, which runs before any code of the
// package under test (that package imports this one through its test file,
// and imported packages are initialized first), closes it and unsets
// SessionEnv: the key is then in no place a submission can read (the
// environment, a file, a pipe), and neither is the seed. Each check writes
// one Record, signed with HMAC-SHA256 under the key, to descriptor 4. The
// grader counts only records whose signature holds; whatever else reaches
// it (a line printed to stdout that looks like go test's framing or like a
// record, a record written by the submission) cannot carry a valid
// signature and is ignored.
const SessionEnv = "CUTOFF_GRADER_SESSION"

// RecordPrefix starts each record's line.
const RecordPrefix = "cutoff-record "

// Record is the outcome of one check as the grader receives it.
type Record struct {
	Test    string   `json:"test"`  // the test function, "TestAlphaBeta"
	Check   string   `json:"check"` // the check's name, "deep cutoff"
	Points  int      `json:"points"`
	Passed  bool     `json:"passed"`
	Message []string `json:"message,omitempty"` // why it failed
	Seconds float64  `json:"seconds"`
	MAC     string   `json:"mac"` // HMAC-SHA256 of the record without it, under the session key
}

func (r Record) sum(key []byte) string {
	r.MAC = ""
	b, _ := json.Marshal(r)
	h := hmac.New(sha256.New, key)
	h.Write(b)
	return hex.EncodeToString(h.Sum(nil))
}

// ParseRecord reads a record line (with or without its prefix and newline)
// and reports whether its signature holds under key.
func ParseRecord(line string, key []byte) (Record, bool) {
	line = strings.TrimSuffix(strings.TrimPrefix(line, RecordPrefix), "\n")
	var r Record
	if json.Unmarshal([]byte(line), &r) != nil || r.MAC == "" {
		return r, false
	}
	return r, hmac.Equal([]byte(r.MAC), []byte(r.sum(key)))
}

// maxRecord keeps a record's line within the size a pipe writes atomically
// (PIPE_BUF is 4096 on Linux, 512 by POSIX), so that a submission writing
// to the same pipe cannot tear it.
const maxRecord = 4000

var session struct {
	active bool
	key    []byte
	seed   uint64
	// pictures: the grader wants the pictures of failing checks (picture
	// lines, PicturePrefix), `cutoff grade -feedback`.
	pictures bool
	out      *os.File
	mu       sync.Mutex
}

func init() {
	if os.Getenv(SessionEnv) == "" {
		return
	}
	os.Unsetenv(SessionEnv)
	key, seed, pictures, err := readSession(os.NewFile(3, "cutoff-grade-session"))
	if err != nil {
		os.Stderr.WriteString("cutoff grade: " + err.Error() + "\n")
		os.Exit(3)
	}
	session.active, session.key, session.seed, session.pictures = true, key, seed, pictures
	session.out = os.NewFile(4, "cutoff-grade-records")
}

func readSession(in *os.File) (key []byte, seed uint64, pictures bool, err error) {
	if in == nil {
		return nil, 0, false, errors.New("no session pipe on descriptor 3")
	}
	defer in.Close()
	b, err := io.ReadAll(io.LimitReader(in, 256))
	if err != nil {
		return nil, 0, false, err
	}
	f := strings.Fields(string(b))
	if len(f) != 2 && (len(f) != 3 || f[2] != "pictures") {
		return nil, 0, false, errors.New("the session pipe does not hold \"KEY SEED\" or \"KEY SEED pictures\"")
	}
	if key, err = hex.DecodeString(f[0]); err != nil || len(key) != 32 {
		return nil, 0, false, errors.New("the session key is not 64 hex digits")
	}
	if seed, err = strconv.ParseUint(f[1], 10, 64); err != nil {
		return nil, 0, false, errors.New("the session seed is not a number")
	}
	return key, seed, len(f) == 3, nil
}

// record writes a check's signed record, under `cutoff grade`.
func record(test string, ch Check, passed bool, message []string, d time.Duration) {
	if !session.active {
		return
	}
	r := Record{Test: test, Check: ch.Name, Points: ch.Points, Passed: passed, Message: message, Seconds: d.Seconds()}
	var b []byte
	for {
		r.MAC = r.sum(session.key)
		b, _ = json.Marshal(r)
		if len(b)+len(RecordPrefix) < maxRecord || len(r.Message) == 0 {
			break
		}
		// Too long: shorten the explanation from its end.
		last := len(r.Message) - 1
		if n := len(r.Message[last]); n > 200 {
			r.Message[last] = strings.ToValidUTF8(r.Message[last][:n/2], "") + " …"
		} else {
			r.Message = r.Message[:last]
		}
	}
	session.mu.Lock()
	defer session.mu.Unlock()
	session.out.Write(append(append([]byte(RecordPrefix), b...), '\n'))
}
