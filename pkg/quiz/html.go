package quiz

import (
	"crypto/rand"
	_ "embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"strings"

	"github.com/cutoff-go/cutoff/internal/htmlscript"
)

// Verdicts the HTML shows above the feedback.
const (
	VerdictRight = "Right!"
	VerdictWrong = "Not quite."
)

// optionData is an option as the page's script sees it; Correct and Why
// are left out of a live page until the kernel has checked an answer.
type optionData struct {
	Label   string `json:"label"`
	Correct *bool  `json:"correct,omitempty"`
	Why     string `json:"why,omitempty"`
}

type pageData struct {
	Kind    string       `json:"kind"`
	Live    bool         `json:"live"`
	Answer  string       `json:"answer,omitempty"` // live: the comms address answers go to
	Reply   string       `json:"reply,omitempty"`  // live: the comms address replies come from
	Options []optionData `json:"options"`
	Truth   string       `json:"truth,omitempty"`
	Hint    string       `json:"hint,omitempty"`
	Msgs    messages     `json:"msgs"`
}

type messages struct {
	Right    string `json:"right"`
	Wrong    string `json:"wrong"`
	NoChoice string `json:"noChoice"`
	OneOnly  string `json:"oneOnly"`
	Choose   string `json:"choose"`
	NoKernel string `json:"noKernel"`
	Waiting  string `json:"waiting"`
	Timeout  string `json:"timeout"`
}

func pageMessages() messages {
	return messages{
		Right: VerdictRight, Wrong: VerdictWrong, NoChoice: NoChoice, OneOnly: OneOnly,
		Choose:   "Choose an option first.",
		NoKernel: "This quiz is checked by its notebook cell, which is not running: run the cell again (Shift-Enter), then answer.",
		Waiting:  "Checking…",
		Timeout:  "No answer from the kernel: the cell has stopped (it waits 10 minutes for an answer). Run it again, then answer.",
	}
}

// Reply is what the kernel sends a live page after checking an answer
// (see LiveHTML): the feedback, and the whole answer, which the page keeps
// so that "Try again" works without the kernel.
type Reply struct {
	Correct bool         `json:"correct"`
	Mistake string       `json:"mistake"`
	Why     string       `json:"why,omitempty"`
	Truth   string       `json:"truth"`
	Options []optionData `json:"options"`
	Reveal  string       `json:"reveal"` // inline SVG
	Closed  string       `json:"closed,omitempty"`
}

// HTML returns the quiz as one self-contained HTML fragment (see the
// package documentation for its DOM contract): inline SVG, style and
// script, nothing loaded from anywhere. The answer, the explanations and
// the reveal picture are embedded (the picture hidden) and the page checks
// answers by itself, exactly as Check does. Each call uses a fresh random
// element id, so any number of quizzes work on one page.
func (q *Quiz) HTML() (string, error) {
	return q.page(pageData{}, false)
}

// LiveHTML returns the quiz as HTML with the same DOM contract as HTML, but
// without the answer: the page sends the chosen options (indices joined by
// commas, "" for none) with GoNB's front-end gonb_comm.send to the address
// answer, and waits for a JSON Reply on the address reply, which it shows.
// Without gonb_comm (no live kernel) it says so and does nothing else.
func (q *Quiz) LiveHTML(answer, reply string) (string, error) {
	if answer == "" || reply == "" {
		return "", errors.New("quiz: LiveHTML needs both comms addresses")
	}
	return q.page(pageData{Answer: answer, Reply: reply}, true)
}

// ReplyJSON returns the Reply to an answer checked with fb, as JSON.
func (q *Quiz) ReplyJSON(fb Feedback) (string, error) {
	svg, err := inlineSVG(q.Reveal, "cq-reveal-"+randomHex())
	if err != nil {
		return "", err
	}
	r := Reply{Correct: fb.Correct, Mistake: fb.Mistake, Why: fb.Why, Truth: fb.Truth, Options: q.optionData(true), Reveal: svg}
	b, err := json.Marshal(r)
	return string(b), err
}

// ClosedJSON returns the Reply that tells a live page the kernel no longer
// listens, with the message to show.
func ClosedJSON(message string) string {
	b, _ := json.Marshal(Reply{Closed: message})
	return string(b)
}

func (q *Quiz) optionData(answers bool) []optionData {
	out := make([]optionData, len(q.Options))
	for i, o := range q.Options {
		out[i] = optionData{Label: o.Label}
		if answers {
			c := o.Correct
			out[i].Correct, out[i].Why = &c, o.Why
		}
	}
	return out
}

func randomHex() string {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		// crypto/rand does not fail on supported platforms; keep going
		// with a fixed id rather than fail the quiz.
		return "0000000000000000"
	}
	return hex.EncodeToString(b[:])
}

// inlineSVG returns the <svg> element of an SVG document, its ids (and
// references to them) prefixed with prefix, so that several pictures on one
// page have unique ids.
func inlineSVG(svg, prefix string) (string, error) {
	i := strings.Index(svg, "<svg")
	if i < 0 {
		return "", errors.New("quiz: a picture is not SVG")
	}
	s := strings.TrimSpace(svg[i:])
	s = strings.NewReplacer(` id="`, ` id="`+prefix+`-`, `href="#`, `href="#`+prefix+`-`, `url(#`, `url(#`+prefix+`-`).Replace(s)
	return s, nil
}

func (q *Quiz) page(data pageData, live bool) (string, error) {
	if q == nil {
		return "", errors.New("quiz: nil quiz")
	}
	if len(q.Options) == 0 {
		return "", errors.New("quiz: the quiz has no options")
	}
	uid := "cutoff-quiz-" + randomHex()
	pic, err := inlineSVG(q.Picture, uid+"-p")
	if err != nil {
		return "", err
	}
	data.Kind, data.Live, data.Msgs, data.Hint = q.Kind.String(), live, pageMessages(), q.Hint
	data.Options = q.optionData(!live)
	revealSVG := ""
	if !live {
		data.Truth = q.Truth
		if revealSVG, err = inlineSVG(q.Reveal, uid+"-r"); err != nil {
			return "", err
		}
	}
	hint := "Choose one:"
	switch q.Kind {
	case SeveralChoices:
		hint = "Choose all that apply (or none):"
	case ClickLeaves:
		hint = "Click the leaves in the picture, or here (or none):"
	}
	style, err := htmlscript.Style(quizCSS)
	if err != nil {
		return "", fmt.Errorf("quiz: %w", err)
	}
	script, err := htmlscript.Call(quizJS, uid, data)
	if err != nil {
		return "", fmt.Errorf("quiz: %w", err)
	}
	var b strings.Builder
	// The pictures are this package's own SVG (Quiz.Picture and Reveal,
	// drawn by pkg/render), trusted as HTML.
	err = quizTemplate.Execute(&b, struct {
		ID, QuizID, Kind, Title, Question, Hint string
		Live                                    bool
		Picture, Reveal, Style, Script          template.HTML
		Options                                 []Option
	}{uid, q.ID, q.Kind.String(), q.Title, q.Question, hint, live,
		template.HTML(pic), template.HTML(revealSVG), style, script, q.Options})
	if err != nil {
		return "", fmt.Errorf("quiz: %w", err)
	}
	return b.String(), nil
}

// The quiz's HTML (quiz.html.tmpl); its styles (quiz.css), scoped to
// .cutoff-quiz, selection shown by colour and by weight and a mark, so it
// survives grey print and colour blindness; and its script (quiz.js), a
// function of the quiz's element id and its data (pageData as JSON) that
// keeps its state in locals and has no "<" or "&", so the fragment stays
// well-formed XML. The script's grade function is Check's rule: the chosen
// option's Why for a one-choice quiz, otherwise the first option, in
// order, chosen but not correct or correct but not chosen.
var (
	//go:embed quiz.html.tmpl
	quizHTML string
	//go:embed quiz.css
	quizCSS string
	//go:embed quiz.js
	quizJS string

	quizTemplate = template.Must(template.New("quiz").Parse(quizHTML))
)
