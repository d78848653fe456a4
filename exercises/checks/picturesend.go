package checks

import (
	"bytes"
	"compress/gzip"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"strings"

	"github.com/cutoff-go/cutoff/pkg/render/feedback"
)

// How a failing check's picture reaches `cutoff grade -feedback`.
//
// In a grader's session the test binary writes no file (its sandbox may not
// let it, and a picture the submission could write would be the
// submission's word). When the grader asks for pictures ("KEY SEED
// pictures" on descriptor 3), a failing check that compares visits sends
// the difference it drew (a feedback.Diff: the tree as far as it is drawn,
// at most PictureBudget nodes, and both searches' visits) on the record
// pipe, as JSON compressed with gzip, cut into lines of at most 4000 bytes
// (each written whole, as records are: see maxRecord), each signed like a
// record. The grader joins a check's lines, checks every signature and
// draws the picture itself (pkg/render/feedback) into its feedback folder.
//
// Bounds: each search's visits are cut after MaxPictureVisits (or three
// past the first difference, if later), the compressed picture is at most
// MaxPictureBytes (a check whose picture is larger sends none, and the
// page says so), and ParsePicture refuses anything larger, with more than
// MaxPictureVisits+4 visits a search or 4·PictureBudget nodes.

// PicturePrefix starts each line of a picture on the record pipe.
const PicturePrefix = "cutoff-picture "

// MaxPictureBytes bounds a picture's compressed JSON.
const MaxPictureBytes = 64 << 10

// MaxPictureVisits bounds the visits of each search a picture carries.
const MaxPictureVisits = 4000

// PicturePart is one line of a picture on the record pipe.
type PicturePart struct {
	Test  string `json:"test"`
	Check string `json:"check"`
	Part  int    `json:"part"` // 0 … Parts−1
	Parts int    `json:"parts"`
	Data  string `json:"data"` // base64 of a piece of the gzipped JSON
	MAC   string `json:"mac"`
}

func (p PicturePart) sum(key []byte) string {
	p.MAC = ""
	b, _ := json.Marshal(p)
	h := hmac.New(sha256.New, key)
	h.Write(b)
	return hex.EncodeToString(h.Sum(nil))
}

// pictureChunk is the base64 bytes each part carries: the part's line stays
// below maxRecord with the longest test and check names the registry has.
const pictureChunk = 3000

// encodePicture is the picture's compressed JSON, its visits cut to the
// bound; without the reference's marks if they make it too large; nil when
// it is still too large.
func encodePicture(d feedback.Diff) []byte {
	keep := max(MaxPictureVisits, d.First+4)
	if len(d.Student) > keep {
		d.Student = d.Student[:keep]
	}
	if len(d.Reference) > keep {
		d.Reference = d.Reference[:keep]
	}
	enc := func(d feedback.Diff) []byte {
		var b bytes.Buffer
		z := gzip.NewWriter(&b)
		if json.NewEncoder(z).Encode(d) != nil || z.Close() != nil || b.Len() > MaxPictureBytes {
			return nil
		}
		return b.Bytes()
	}
	b := enc(d)
	if b == nil && len(d.Ref) > 0 {
		d.Ref = nil
		b = enc(d)
	}
	return b
}

// sendPicture writes a check's picture to the grader's pipe, signed.
func sendPicture(test, check string, d feedback.Diff) {
	z := encodePicture(d)
	if z == nil || len(test)+len(check) > 400 {
		return
	}
	data := base64.StdEncoding.EncodeToString(z)
	parts := (len(data) + pictureChunk - 1) / pictureChunk
	session.mu.Lock()
	defer session.mu.Unlock()
	for i := range parts {
		p := PicturePart{Test: test, Check: check, Part: i, Parts: parts,
			Data: data[i*pictureChunk : min(len(data), (i+1)*pictureChunk)]}
		p.MAC = p.sum(session.key)
		b, _ := json.Marshal(p)
		session.out.Write(append(append([]byte(PicturePrefix), b...), '\n'))
	}
}

// ParsePicturePart reads a picture line (with or without its prefix and
// newline) and reports whether its signature holds under key.
func ParsePicturePart(line string, key []byte) (PicturePart, bool) {
	line = strings.TrimSuffix(strings.TrimPrefix(line, PicturePrefix), "\n")
	var p PicturePart
	if len(line) > maxRecord || json.Unmarshal([]byte(line), &p) != nil || p.MAC == "" {
		return p, false
	}
	ok := hmac.Equal([]byte(p.MAC), []byte(p.sum(key))) &&
		p.Parts > 0 && p.Parts <= maxPictureParts && p.Part >= 0 && p.Part < p.Parts
	return p, ok
}

const maxPictureParts = (MaxPictureBytes*4/3 + pictureChunk - 1) / pictureChunk

// ParsePicture joins a check's parts (signed, in any order, each once)
// into its picture, within the bounds above.
func ParsePicture(parts []PicturePart) (feedback.Diff, error) {
	if len(parts) == 0 {
		return feedback.Diff{}, errors.New("no picture")
	}
	n := parts[0].Parts
	data := make([]string, n)
	for _, p := range parts {
		if p.Parts != n || p.Part < 0 || p.Part >= n || data[p.Part] != "" {
			return feedback.Diff{}, errors.New("the picture's parts do not fit together")
		}
		data[p.Part] = p.Data
	}
	for _, d := range data {
		if d == "" {
			return feedback.Diff{}, errors.New("a part of the picture is missing")
		}
	}
	z, err := base64.StdEncoding.DecodeString(strings.Join(data, ""))
	if err != nil || len(z) > MaxPictureBytes {
		return feedback.Diff{}, errors.New("the picture is not base64 or too large")
	}
	r, err := gzip.NewReader(bytes.NewReader(z))
	if err != nil {
		return feedback.Diff{}, err
	}
	js, err := io.ReadAll(io.LimitReader(r, 4<<20))
	if err != nil {
		return feedback.Diff{}, err
	}
	var d feedback.Diff
	if err := json.Unmarshal(js, &d); err != nil {
		return feedback.Diff{}, err
	}
	if len(d.Ref) > 4*PictureBudget || len(d.RefPasses) > mtdMaxCalls || len(d.YouPasses) > mtdMaxCalls || len(d.Stored) > 4*PictureBudget {
		return feedback.Diff{}, errors.New("the picture has too many marks")
	}
	if d.Tree == nil || len(d.Student) > MaxPictureVisits+4 && len(d.Student) > d.First+4 ||
		len(d.Reference) > MaxPictureVisits+4 && len(d.Reference) > d.First+4 {
		return feedback.Diff{}, errors.New("the picture has no tree or too many visits")
	}
	nodes := 0
	var walk func(n *feedback.Node, k int) bool
	walk = func(n *feedback.Node, k int) bool {
		nodes++
		if n == nil || nodes > 4*PictureBudget || k > 4*PictureBudget {
			return false
		}
		for _, c := range n.Children {
			if !walk(c, k+1) {
				return false
			}
		}
		return true
	}
	if !walk(d.Tree, 0) {
		return feedback.Diff{}, errors.New("the picture's tree is too large")
	}
	return d, nil
}
