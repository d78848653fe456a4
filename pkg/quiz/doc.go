// Package quiz makes "predict, then reveal" questions about searches: the
// learner predicts what a search will do on a small tree — which leaves
// alpha-beta never evaluates, whether a cutoff is shallow or deep, the
// window a node gets, what fail-hard and fail-soft return, a table entry's
// flag, whether a PVS probe is re-searched, MTD(f)'s next test, Best Node
// Search's next test and who stays in play, what an aspiration window does —
// and only then sees the recorded search.
//
// Every answer is computed: each constructor runs the search with an
// algos.Recorder and reads the truth, the explanations (Option.Why) and the
// distractors from the recording (and, for TTFlag, from the table). Nothing
// is written by hand, so a quiz on any tree — a fixture (gametree.Fixtures),
// a literal, or RandomTree's tree from a seed — is right. Bad input (an
// unknown node, a tree that is too big, a pass that does not exist) is an
// error, never a panic. The package never prints.
//
// The constructors, one per skill:
//
//	NeverEvaluated(tree)            click the leaves alpha-beta never evaluates
//	ShallowOrDeep(tree, node)       the kind of cutoff at a node (or none)
//	Window(tree, node)              the window [α, β] alpha-beta enters a node with
//	FailHardSoft(tree, node)        what a node returns, fail-hard and fail-soft
//	TTFlag(tree, node)              EXACT, LOWERBOUND or UPPERBOUND
//	PVSProbe(tree, node)            no probe / fails low / re-searched / cuts off
//	MTDFNext(tree, guess, pass)     MTD(f)'s next test, or that it stops
//	BNSTest(tree, lo, hi, pass)     Best Node Search's test value
//	BNSInPlay(tree, lo, hi, pass)   which children reach the test
//	Aspiration(tree, guess, delta)  inside, fail low or fail high, and the re-search
//
// Check grades an answer: it is right when the chosen options are exactly
// the correct ones, and otherwise it explains the mistake: the chosen
// option's Why for a one-choice quiz, else the Why of the first option, in
// their order (for NeverEvaluated the leaves left to right), that was
// chosen but is wrong or is right but was not chosen.
//
// # HTML and its DOM contract
//
// Quiz.HTML writes one self-contained fragment (inline SVG, style and
// script; nothing loaded from the network) that checks answers in the page
// exactly as Check does. Quiz.LiveHTML writes the same DOM without the
// answer, for a live notebook: the page sends the chosen options to the
// kernel with GoNB's gonb_comm and shows the kernel's Reply (see
// pkg/quiz/nbquiz). Both follow one contract, which the browser tests use:
//
//   - The container is an element of class "cutoff-quiz" with the attribute
//     data-quiz-id (Quiz.ID), data-kind ("one", "several" or "leaves"),
//     data-live ("true" or "false") and data-state ("open"; "waiting" while
//     a live page waits for the kernel; "answered"; "no-kernel" when a live
//     page finds no kernel to ask). Its element id is unique per call.
//   - Each option is a button of class "cutoff-quiz-option" with
//     data-option="INDEX" (its index in Quiz.Options) and aria-pressed.
//     Clicking it selects it (class "selected"): for "one" it replaces the
//     selection, otherwise it toggles. For "leaves" the leaves of the
//     picture (SVG groups of class "cq-leaf", and "cq-opt-INDEX") toggle
//     the same options.
//   - The button of class "cutoff-quiz-check" checks the answer (for "one",
//     with no option chosen, it only asks to choose one).
//   - After checking, an element of class "cutoff-quiz-feedback" appears,
//     with data-correct="true" or "false", holding three paragraphs: class
//     "cq-verdict" (VerdictRight or VerdictWrong), "cq-mistake" (the
//     Feedback's Mistake; absent when right) and "cq-truth" (Quiz.Truth).
//     The correct options get class "correct", the options chosen wrongly
//     class "wrong" (marked ✘ instead of ✔), and the element of class
//     "cutoff-quiz-reveal", which holds the reveal picture (an <svg>),
//     loses its hidden attribute. In a live page that element is empty
//     until the kernel's Reply fills it.
//   - The button of class "cutoff-quiz-retry" ("Try again") appears after
//     checking; it removes the feedback, hides the reveal and clears the
//     selection. Later checks of a live page are graded in the page, with
//     the answer the kernel sent.
//   - Messages for the learner (waiting, no kernel, choose one) go to the
//     element of class "cq-status".
package quiz
