// Package nbquiz shows the quizzes of pkg/quiz in a notebook on the GoNB
// kernel. It is the only part of the quizzes that imports GoNB.
//
// Ask has two modes, chosen by the environment variable CUTOFF_QUIZ:
//
//   - CUTOFF_QUIZ=static (set by the headless notebook runs and the static
//     site's build), or a program not running under GoNB: it displays
//     quiz.Quiz.HTML — the quiz checks answers in the page by itself — and
//     returns at once.
//   - Otherwise (a live JupyterLab or Notebook): it displays
//     quiz.Quiz.LiveHTML, the same DOM contract (pkg/quiz's documentation)
//     without the answer. The page sends the chosen options through GoNB's
//     comms (gonb_comm.send to an address Ask listens on); Ask grades them
//     with Quiz.Check and only then sends the feedback, the answer and the
//     reveal picture back (comms.Send), which the page shows. The cell
//     blocks until the first answer, or until nothing is answered for the
//     idle time (10 minutes by default), when it tells the page and says so.
//     After the first answer the page keeps the answer, so "Try again"
//     works without the kernel.
package nbquiz

import (
	"fmt"
	"html"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/cutoff-go/cutoff/pkg/quiz"
	"github.com/janpfeifer/gonb/gonbui"
	"github.com/janpfeifer/gonb/gonbui/comms"
)

// EnvMode is the environment variable that selects the static mode: set it
// to "static" to embed the answers in the page and return at once.
const EnvMode = "CUTOFF_QUIZ"

// DefaultIdle is how long Ask waits for an answer in a live notebook.
const DefaultIdle = 10 * time.Minute

// Ask shows q and, in a live notebook, waits for the learner's answer (see
// the package documentation). It never panics: a nil quiz or an error is
// shown in the cell's output.
func Ask(q *quiz.Quiz) { AskWithin(q, DefaultIdle) }

// AskWithin is Ask with the idle time given.
func AskWithin(q *quiz.Quiz, idle time.Duration) {
	if q == nil {
		display("<p><b>No quiz to show.</b></p>")
		return
	}
	if os.Getenv(EnvMode) == "static" || !gonbui.IsNotebook {
		h, err := q.HTML()
		if err != nil {
			display("<p><b>" + html.EscapeString(err.Error()) + "</b></p>")
			return
		}
		display(h)
		return
	}
	live(q, idle)
}

func display(h string) {
	gonbui.DisplayHtml(h)
	gonbui.Sync() // GoNB may end a cell whose program has exited before the HTML was sent
}

// live shows q without its answer and answers the page's first check.
func live(q *quiz.Quiz, idle time.Duration) {
	id := gonbui.UniqueId()
	answerAddr, replyAddr := "/cutoff-quiz/answer/"+id, "/cutoff-quiz/reply/"+id
	answers := comms.Listen[string](answerAddr) // before the page exists, so no answer is lost
	defer answers.Close()
	h, err := q.LiveHTML(answerAddr, replyAddr)
	if err != nil {
		display("<p><b>" + html.EscapeString(err.Error()) + "</b></p>")
		return
	}
	display(h)
	timer := time.NewTimer(idle)
	defer timer.Stop()
	select {
	case s, ok := <-answers.C:
		if !ok {
			return
		}
		chosen, err := parseChoice(s)
		fb := q.Check(chosen)
		if err != nil {
			fb = quiz.Feedback{Mistake: err.Error(), Truth: q.Truth}
		}
		reply, err := q.ReplyJSON(fb)
		if err != nil {
			display("<p><b>" + html.EscapeString(err.Error()) + "</b></p>")
			return
		}
		comms.Send(replyAddr, reply)
		gonbui.Sync()
	case <-timer.C:
		msg := fmt.Sprintf("No answer in %v: this quiz stopped waiting. Run the cell again to answer it.", idle)
		comms.Send(replyAddr, quiz.ClosedJSON(msg))
		gonbui.Sync()
		fmt.Println(msg)
	}
}

// parseChoice reads the page's answer: option indices joined by commas,
// "" for none.
func parseChoice(s string) ([]int, error) {
	var out []int
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f == "" {
			continue
		}
		i, err := strconv.Atoi(f)
		if err != nil {
			return nil, fmt.Errorf("the page sent %q, not option numbers", s)
		}
		out = append(out, i)
	}
	return out, nil
}
