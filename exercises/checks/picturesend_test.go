package checks

import (
	"bufio"
	"encoding/base64"
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/cutoff-go/cutoff/pkg/render/feedback"
)

// Under `cutoff grade -feedback` a failing check sends its picture on the
// grader's pipe, signed and in parts of at most maxRecord bytes, writes no
// file, and the grader gets the same picture back; a part forged, missing
// or repeated gets none.
func TestSendPicture(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	key := []byte(strings.Repeat("k", 32))
	was := struct {
		active, pictures bool
		key              []byte
		out              *os.File
	}{session.active, session.pictures, session.key, session.out}
	session.active, session.pictures, session.key, session.out = true, true, key, w
	defer func() {
		session.active, session.pictures, session.key, session.out = was.active, was.pictures, was.key, was.out
	}()
	dir := t.TempDir()
	t.Chdir(dir)
	// A tree large enough for several parts: 3^6 leaves, every one evaluated.
	tree := mustParse(bigTree(6))
	c := &C{T: t, test: "TestMinimax", check: "random trees"}
	why := safely(sameAs("minimax", full, -Inf, Inf, backwards, Outcome{Visits: true}), tree)
	c.message = append([]string{"rule: r"}, why...)
	want, ok := lastDiff(t.Name()+" — r", c.message)
	if !ok {
		t.Fatal("no picture to send")
	}
	c.writePicture("r")
	w.Close()
	if files, _ := filepath.Glob(filepath.Join(dir, "*")); len(files) != 0 {
		t.Errorf("a grader's session wrote files: %v", files)
	}
	var parts []PicturePart
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if len(line)+1 > maxRecord {
			t.Errorf("a part of %d bytes: more than one atomic write", len(line)+1)
		}
		p, ok := ParsePicturePart(line, key)
		if !ok {
			t.Fatalf("a part does not verify: %.80s", line)
		}
		parts = append(parts, p)
	}
	if len(parts) < 2 {
		t.Fatalf("%d part(s); the test wants a picture of several", len(parts))
	}
	got, err := ParsePicture(parts)
	if err != nil {
		t.Fatal(err)
	}
	if got.First != want.First || len(got.Student) != len(want.Student) || got.Tree.Name != want.Tree.Name ||
		string(feedback.SVG(got)) != string(feedback.SVG(want)) {
		t.Errorf("the picture received differs from the one sent (first %d/%d, %d/%d visits)", got.First, want.First, len(got.Student), len(want.Student))
	}
	if _, err := ParsePicture(parts[1:]); err == nil {
		t.Error("a picture with a part missing was accepted")
	}
	if _, err := ParsePicture(append(parts, parts[0])); err == nil {
		t.Error("a picture with a part repeated was accepted")
	}
	if _, ok := ParsePicturePart(PicturePrefix+`{"test":"TestMinimax","check":"random trees","part":0,"parts":1,"data":"","mac":"00"}`, key); ok {
		t.Error("a hand-written part verifies")
	}
	forged := parts[0]
	forged.Data = strings.Repeat("A", len(forged.Data))
	if _, ok := ParsePicturePart(mustJSON(forged), key); ok {
		t.Error("a part with other data verifies")
	}
}

// Without "pictures" in the session line nothing is sent.
func TestSendPictureOff(t *testing.T) {
	r, w, _ := os.Pipe()
	was := struct {
		active, pictures bool
		key              []byte
		out              *os.File
	}{session.active, session.pictures, session.key, session.out}
	session.active, session.pictures, session.key, session.out = true, false, []byte(strings.Repeat("k", 32)), w
	defer func() {
		session.active, session.pictures, session.key, session.out = was.active, was.pictures, was.key, was.out
	}()
	t.Chdir(t.TempDir())
	tree := mustParse("R(A(a1=1 a2=2) B(b1=3 b2=4))")
	skips := func(n Node) int { n.Children()[0].Children()[1].Value(); return 3 }
	c := &C{T: t, test: "TestMinimax", check: "c"}
	c.message = append([]string{"rule: r"}, safely(sameAs("minimax", full, -Inf, Inf, skips, Outcome{Visits: true}), tree)...)
	c.writePicture("r")
	w.Close()
	b, _ := bufio.NewReader(r).Peek(1)
	if len(b) != 0 {
		t.Error("a picture was sent though the grader did not ask for one")
	}
}

// A picture too large for its bound is not sent.
func TestEncodePictureBound(t *testing.T) {
	var steps []feedback.Step
	for i := range 3 * MaxPictureVisits {
		steps = append(steps, feedback.Step{Path: strings.Repeat("0.", i%40) + "1", Name: "n"})
	}
	d := feedback.Diff{Tree: &feedback.Node{Name: "R"}, Student: steps, Reference: steps[:10], First: 10}
	z := encodePicture(d)
	if z == nil {
		t.Fatal("a picture cut to its visits' bound is still refused")
	}
	if len(z) > MaxPictureBytes {
		t.Errorf("%d bytes, more than %d", len(z), MaxPictureBytes)
	}
	// Marks too many for the bound (incompressible paths) are dropped, the
	// picture is still sent.
	r := rand.New(rand.NewPCG(3, 3))
	for range 4 * PictureBudget {
		d.Ref = append(d.Ref, feedback.Mark{Path: strconv.FormatUint(r.Uint64(), 36) + strings.Repeat(strconv.FormatUint(r.Uint64(), 36), 30)})
	}
	if z := encodePicture(d); z == nil || len(z) > MaxPictureBytes {
		t.Fatal("a picture with too many marks is refused; want it sent without them")
	}
	// A picture's usual marks go with it.
	tree := mustParse(bigTree(4))
	why := safely(sameAs("alphabeta", full, -Inf, Inf, backwards, Outcome{Visits: true}), tree)
	big, ok := lastDiff("big", why)
	if !ok || len(big.Ref) == 0 {
		t.Fatalf("no picture, or no marks (%v)", ok)
	}
	z = encodePicture(big)
	back, err := ParsePicture([]PicturePart{{Parts: 1, Data: base64.StdEncoding.EncodeToString(z)}})
	if err != nil || len(back.Ref) != len(big.Ref) {
		t.Errorf("the marks of a picture of %d nodes do not go with it (%d bytes): %v, %d of %d", tree.Len(), len(z), err, len(back.Ref), len(big.Ref))
	}
	t.Logf("a picture of a %d-node tree with %d marks: %d bytes", tree.Len(), len(big.Ref), len(z))
}

// backwards is minimax with the children taken from the last: the right
// value, other visits.
func backwards(n Node) int {
	cs := n.Children()
	if len(cs) == 0 {
		return n.Value()
	}
	best := -Inf
	if !n.Max() {
		best = Inf
	}
	for i := len(cs) - 1; i >= 0; i-- {
		v := backwards(cs[i])
		if n.Max() {
			best = max(best, v)
		} else {
			best = min(best, v)
		}
	}
	return best
}

func bigTree(depth int) string {
	var b strings.Builder
	n := 0
	var walk func(d int)
	walk = func(d int) {
		n++
		name := "n" + itoa(n)
		if d == 0 {
			b.WriteString(name + "=" + itoa(n%17))
			return
		}
		b.WriteString(name + "(")
		for i := range 3 {
			if i > 0 {
				b.WriteString(" ")
			}
			walk(d - 1)
		}
		b.WriteString(")")
	}
	walk(depth)
	return b.String()
}

func itoa(n int) string { return strconv.Itoa(n) }

func mustJSON(p PicturePart) string {
	b, _ := json.Marshal(p)
	return PicturePrefix + string(b)
}
