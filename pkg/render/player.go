package render

import (
	"bytes"
	"crypto/rand"
	_ "embed"
	"encoding/hex"
	"fmt"
	"html/template"
	"io"

	"github.com/cutoff-go/cutoff/internal/htmlscript"
)

// Player writes a step-through player for frames as one self-contained HTML
// page: the frames' SVG, the styles and the script are all inline, and the
// page loads nothing from anywhere, so it works opened from a file:// URL,
// served from anywhere, or mailed to students.
//
// The player has first, previous, play/pause, next and last buttons (with
// aria-labels), a slider, the frame counter "k / n", and each frame's event
// text. With the player focused (click it or Tab to it), ← and → step, Home
// and End jump to the first and last frame.
//
// See PlayerFragment for the same player without the page around it.
func Player(w io.Writer, frames []Frame, title string) error {
	return writePlayer(w, "page", frames, title)
}

// PlayerFragment writes the player of Player without the page around it: one
// <div> holding its style and script, for a notebook's HTML output (GoNB's
// gonbui.DisplayHTML) or for pasting into a page. Each call draws a player
// with a fresh random element id, its script is wrapped in a function that
// defines no global names, and its styles apply only inside the player, so
// any number of players work side by side on one page.
func PlayerFragment(w io.Writer, frames []Frame, title string) error {
	return writePlayer(w, "player", frames, title)
}

// The player's page and fragment (player.html.tmpl), its styles, scoped to
// .cutoff-player so that they style nothing else of a page or notebook
// (player.css), and its script (player.js), a function of the player's
// element id and its data (playerData as JSON) that keeps all its state in
// locals and has no "<" or "&", so that the page stays well-formed XML as
// well.
var (
	//go:embed player.html.tmpl
	playerHTML string
	//go:embed player.css
	playerCSS string
	//go:embed player.js
	playerJS string

	playerTemplate = template.Must(template.New("player").Parse(playerHTML))
)

func playerTitle(title string) string {
	if title == "" {
		return "Cutoff: search step by step"
	}
	return title
}

// playerData is what the player's script reads: the frames' inline SVG
// (without the XML prolog and DOCTYPE, which inline SVG must not have) and
// events.
type playerData struct {
	Title  string        `json:"title"`
	Frames []playerFrame `json:"frames"`
}

type playerFrame struct {
	Step  int    `json:"step"`
	Event string `json:"event"`
	SVG   string `json:"svg"`
}

// inlineSVG returns the <svg> element of an SVG file, without what precedes
// it (the XML declaration, a DOCTYPE with its DTD URL, comments).
func inlineSVG(svg []byte) ([]byte, bool) {
	i := bytes.Index(svg, []byte("<svg"))
	if i < 0 {
		return nil, false
	}
	return bytes.TrimSpace(svg[i:]), true
}

func writePlayer(w io.Writer, name string, frames []Frame, title string) error {
	if len(frames) == 0 {
		return fmt.Errorf("render: Player: no frames")
	}
	if len(frames) > MaxFrames {
		return fmt.Errorf("render: Player: %d frames, more than MaxFrames = %d", len(frames), MaxFrames)
	}
	data := playerData{Title: playerTitle(title), Frames: make([]playerFrame, len(frames))}
	for i, f := range frames {
		svg, ok := inlineSVG(f.SVG)
		if !ok {
			return fmt.Errorf("render: Player: frame %d (step %d) is not SVG", i+1, f.Step)
		}
		data.Frames[i] = playerFrame{Step: f.Step, Event: f.Event, SVG: string(svg)}
	}
	var rnd [8]byte
	if _, err := rand.Read(rnd[:]); err != nil {
		return fmt.Errorf("render: Player: %w", err)
	}
	id := "cutoff-player-" + hex.EncodeToString(rnd[:])
	style, err := htmlscript.Style(playerCSS)
	if err != nil {
		return fmt.Errorf("render: Player: %w", err)
	}
	script, err := htmlscript.Call(playerJS, id, data)
	if err != nil {
		return fmt.Errorf("render: Player: %w", err)
	}
	var b bytes.Buffer
	if err := playerTemplate.ExecuteTemplate(&b, name, struct {
		ID, Title string
		N         int
		Style     template.HTML
		Script    template.HTML
	}{id, data.Title, len(frames), style, script}); err != nil {
		return fmt.Errorf("render: Player: %w", err)
	}
	_, err = w.Write(b.Bytes())
	return err
}
