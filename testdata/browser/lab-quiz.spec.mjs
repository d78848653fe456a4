// Browser test of a live quiz (pkg/quiz/nbquiz.Ask) in JupyterLab with the
// GoNB kernel: the page sends the learner's choice to the kernel, which
// grades it with quiz.Check and reveals the answer. notebooks'
// TestQuizInJupyterLab writes a small notebook (the course's setup cell and
// a cell that asks one quiz), starts the server and runs it:
//
//	node testdata/browser/lab-quiz.spec.mjs EXPECT.json
//
// EXPECT.json (the quiz's facts, from the same quiz built in Go):
//
//	{"url": "http://127.0.0.1:PORT/lab/tree/quiz.ipynb?token=T",
//	 "out": "/abs/dir", "profile": "/abs/dir",       // screenshots, Chromium's fresh profile
//	 "quizId": "shallow-or-deep-…", "kind": "one",
//	 "wrong": 0, "wrongMistake": "Not shallow: …",   // quiz.Check([wrong]).Mistake
//	 "right": 1, "truth": "…"}                        // quiz.Answer(), quiz.Truth
//
// It runs every cell (Run → Run All Cells), answers wrong (the kernel's
// feedback must say data-correct="false" with Check's mistake and the
// truth, and show the reveal picture), presses "Try again" and answers
// right (graded in the page with the answer the kernel sent), then runs
// the quiz cell again and answers right at once (graded by the kernel).
// Only the server may be reached. It prints one line per check and exits 1
// on failure.
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { labPage, openNotebook, runAll, rerun, cells, badOutputs, ran, waitRan, commFailures, gonbConnected } from "./lab.mjs";

const expect = JSON.parse(readFileSync(process.argv[2], "utf8"));
const { check, failures, problems, page, done } = await labPage(expect, 8);
try {
  const commFailed = commFailures(page);
  await openNotebook(page, expect.url);
  check(true, "the notebook opened in JupyterLab and its GoNB kernel connected");

  const quizCell = page.locator(".jp-Cell").filter({ hasText: "course.Ask(" });
  const quiz = quizCell.locator(`.cutoff-quiz[data-quiz-id="${expect.quizId}"]`);
  const option = (i) => quiz.locator(`.cutoff-quiz-option[data-option="${i}"]`);
  const feedback = quiz.locator(".cutoff-quiz-feedback");
  const prompt = async () => (await quizCell.locator(".jp-InputArea-prompt").textContent()).trim();

  // start runs the quiz (all cells, or the quiz cell again) until the quiz
  // is live and GoNB's comms are connected, running the cell again (as a
  // learner would) when they did not connect; it returns the quiz's element id.
  const start = async (first) => {
    for (let attempt = 1; ; attempt++) {
      const before = commFailed.n;
      if (first && attempt === 1) await runAll(page);
      else await rerun(page, quizCell, { interrupt: attempt > 1 });
      await quizCell.locator(`.cutoff-quiz[data-quiz-id="${expect.quizId}"][data-state="open"]`).waitFor({ timeout: 300_000 });
      if (await gonbConnected(page, commFailed, before)) return quiz.getAttribute("id");
      if (attempt === 3) throw new Error("GoNB's comms did not connect in 3 runs of the quiz cell");
      console.log(`note: GoNB's comms did not connect (gonb_comm's 500 ms wait for the kernel): running the quiz cell again (attempt ${attempt + 1})`);
    }
  };

  const firstId = await start(true);
  check((await quiz.getAttribute("data-live")) === "true", `the quiz ${expect.quizId} is live (data-live="true", state open)`);
  check((await quiz.getAttribute("data-kind")) === expect.kind, `its kind is "${expect.kind}"`);
  check(await quiz.locator(".cutoff-quiz-reveal").isHidden(), "the reveal is hidden before answering");
  check((await prompt()) === "[*]:", "the cell waits for the answer (prompt [*])");

  // A wrong answer, graded by the kernel.
  await option(expect.wrong).click();
  check(await option(expect.wrong).evaluate((e) => e.classList.contains("selected")), `clicking option ${expect.wrong} selects it`);
  await quiz.locator(".cutoff-quiz-check").click();
  await feedback.waitFor({ timeout: 30_000 });
  check((await feedback.getAttribute("data-correct")) === "false", 'the wrong answer gets data-correct="false"');
  const mistake = (await feedback.locator(".cq-mistake").textContent().catch(() => "")).trim();
  check(mistake === expect.wrongMistake, `with quiz.Check's mistake line "${expect.wrongMistake}" (shown: "${mistake}")`);
  check((await feedback.locator(".cq-truth").count()) === 0 && (await quiz.locator(".cutoff-quiz-reveal").isHidden()),
    "but not the answer: it waits for Show the answer");
  await quiz.locator(".cutoff-quiz-answer").click();
  const truth = (await feedback.locator(".cq-truth").textContent().catch(() => "")).trim();
  check(truth === expect.truth, `and the truth "${expect.truth}" (shown: "${truth}")`);
  check((await feedback.locator(".cq-verdict").textContent()).trim() !== "", "and a verdict");
  const reveal = quiz.locator(".cutoff-quiz-reveal svg").first();
  const box = (await reveal.isVisible()) ? await reveal.boundingBox() : null;
  check(box !== null && box.width > 10 && box.height > 10, `the reveal picture appears (${box ? `${Math.round(box.width)}×${Math.round(box.height)}` : "none"})`);
  check(await option(expect.right).evaluate((e) => e.classList.contains("correct")), `option ${expect.right} is marked correct`);
  await quizCell.scrollIntoViewIfNeeded();
  const shot = join(expect.out, "quiz.png");
  await page.screenshot({ path: shot });
  check(statSync(shot).size > 1000, `screenshot ${shot}`);
  await page.waitForFunction((el) => /^\[\d+\]:$/.test(el.textContent.trim()), await quizCell.locator(".jp-InputArea-prompt").elementHandle(), { timeout: 30_000 }).catch(() => {});
  check(ran(await prompt()), `the cell ends after the answer (prompt ${await prompt()})`);

  // Try again: in the page, with the answer the kernel sent.
  await quiz.locator(".cutoff-quiz-retry").click();
  check((await feedback.count()) === 0 && (await quiz.locator(".cutoff-quiz-option.selected").count()) === 0 &&
    (await quiz.locator(".cutoff-quiz-reveal").isHidden()) && (await quiz.getAttribute("data-state")) === "open",
    '"Try again" removes the feedback, the selection and the reveal');
  await option(expect.right).click();
  await quiz.locator(".cutoff-quiz-check").click();
  await feedback.waitFor({ timeout: 10_000 });
  check((await feedback.getAttribute("data-correct")) === "true", 'the right answer then gets data-correct="true"');
  check((await feedback.locator(".cq-mistake").count()) === 0, "with no mistake line");

  // Run the quiz cell again: a new live quiz, answered right at once.
  const secondId = await start(false);
  check(secondId !== firstId && (await page.locator(".cutoff-quiz").count()) === 1, "running the cell again shows a new quiz in place of the old");
  check((await feedback.count()) === 0, "without feedback");
  await option(expect.right).click();
  await quiz.locator(".cutoff-quiz-check").click();
  await feedback.waitFor({ timeout: 30_000 });
  check((await feedback.getAttribute("data-correct")) === "true", 'the kernel grades the right answer data-correct="true"');
  const truth2 = (await feedback.locator(".cq-truth").textContent().catch(() => "")).trim();
  check(truth2 === expect.truth && (await feedback.locator(".cq-mistake").count()) === 0, "with the truth and no mistake line");

  await waitRan(page, 30_000);
  const shown = await cells(page);
  const unrun = shown.filter((c) => c.type === "code" && !ran(c.prompt)).map((c) => `cell ${c.index} ${c.prompt}`);
  check(unrun.length === 0, `every code cell ran and ended${unrun.length ? ": " + unrun.join(", ") : ""}`);
  const bad = badOutputs(shown);
  check(bad.length === 0, `no errors and nothing on stderr in any cell${bad.length ? ": " + bad.join(" | ") : ""}`);
  check(problems.length === 0, `no page errors or foreign requests${problems.length ? ": " + problems.join("; ") : ""}`);
} catch (err) {
  check(false, `unexpected error: ${err && err.stack ? err.stack : err}`);
} finally {
  await done();
}
