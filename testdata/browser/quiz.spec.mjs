// Browser test of Cutoff's quizzes (pkg/quiz's HTML) in real headless
// Chromium (Debian's /usr/bin/chromium, driven by playwright-core; no
// browser is ever downloaded). pkg/quiz's TestQuizInBrowser runs it:
//
//	node testdata/browser/quiz.spec.mjs EXPECT.json
//
// EXPECT.json: {"page": "/abs/quizzes.html", "out": "/abs/dir",
//                "profile": "/abs/dir" (optional: Chromium's fresh profile, default out/chromium-profile),
//   "verdictRight": "…", "verdictWrong": "…",
//   "quizzes": [{"id", "kind", "labels", "right": [i…], "wrong": [i…],
//                "mistake": "what Check says of wrong", "truth",
//                "clickLeaf": answer right by clicking the picture's leaves,
//                "live": a LiveHTML quiz, first without GoNB, then with a
//                        stand-in gonb_comm: "answer" and "replyAddr" are
//                        its addresses, "reply" the kernel's Reply to wrong,
//                "revealNodes": <g class="node"> in the reveal}]}
//
// It uses only the DOM contract of pkg/quiz/doc.go. The page is served by
// a server on 127.0.0.1 that serves nothing else; any other request, console
// error or page error fails the test. It prints one line per check and
// exits 1 on failure.
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { launch, allowOnly, servePages, checker } from "./chromium.mjs";

const expect = JSON.parse(readFileSync(process.argv[2], "utf8"));
const problems = [];

const { check, failures } = checker();

const deadline = setTimeout(() => {
  console.log("FAIL timed out after 90 s");
  process.exit(1);
}, 90_000);

const body = readFileSync(expect.page);
const { server, origin } = await servePages({ "/": body }, problems);
const context = await launch(expect.out, { width: 1100, height: 900 }, expect.profile);

try {
  await allowOnly(context, [origin + "/", "data:"], problems);
  const page = context.pages()[0] || (await context.newPage());
  page.on("console", (m) => { if (m.type() === "error") problems.push(`console error: ${m.text()}`); });
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  await page.goto(origin + "/", { waitUntil: "load" });
  check((await page.locator(".cutoff-quiz").count()) === expect.quizzes.length, `the page has ${expect.quizzes.length} quizzes`);
  const ids = await page.locator(".cutoff-quiz").evaluateAll((els) => els.map((e) => e.id));
  check(new Set(ids).size === ids.length, "the quizzes' element ids are unique");

  for (const q of expect.quizzes) {
    const quiz = page.locator(`.cutoff-quiz[data-quiz-id="${q.id}"]`);
    const name = `${q.id} (${q.kind}${q.live ? ", live" : ""})`;
    check((await quiz.count()) === 1, `${name}: on the page`);
    check((await quiz.getAttribute("data-state")) === "open", `${name}: data-state is "open"`);
    const option = (i) => quiz.locator(`.cutoff-quiz-option[data-option="${i}"]`);
    const feedback = quiz.locator(".cutoff-quiz-feedback");
    const reveal = quiz.locator(".cutoff-quiz-reveal");
    check(!(await reveal.isVisible()), `${name}: the reveal is hidden before answering`);
    check((await feedback.count()) === 0, `${name}: no feedback before answering`);

    if (q.live) {
      await option(q.right[0]).click();
      check((await option(q.right[0]).getAttribute("class")).includes("selected"), `${name}: clicking selects`);
      await quiz.locator(".cutoff-quiz-check").click();
      check((await quiz.getAttribute("data-state")) === "no-kernel", `${name}: without GoNB it says so (data-state no-kernel)`);
      const status = await quiz.locator(".cq-status").textContent();
      check(/not running/.test(status), `${name}: status "${status}"`);
      check((await feedback.count()) === 0 && !(await reveal.isVisible()), `${name}: and reveals nothing`);
      check((await reveal.innerHTML()) === "", `${name}: the live page holds no reveal picture`);
      // Now with a stand-in for GoNB's gonb_comm: the page must send the
      // choice to the answer address and show the kernel's reply.
      await page.evaluate(() => {
        globalThis.cutoffSent = [];
        globalThis.gonb_comm = {
          subs: {},
          send(address, value) { globalThis.cutoffSent.push([address, value]); },
          subscribe(address, callback) { this.subs[address] = callback; return Symbol(address); },
        };
      });
      await option(q.wrong[0]).click();
      await quiz.locator(".cutoff-quiz-check").click();
      check((await quiz.getAttribute("data-state")) === "waiting", `${name}: with gonb_comm it waits for the kernel`);
      const sent = await page.evaluate(() => globalThis.cutoffSent);
      check(JSON.stringify(sent) === JSON.stringify([[q.answer, q.wrong.join(",")]]), `${name}: it sent ${JSON.stringify(sent)}`);
      check((await feedback.count()) === 0, `${name}: no feedback before the reply`);
      await page.evaluate(([address, reply]) => globalThis.gonb_comm.subs[address](address, reply), [q.replyAddr, q.reply]);
      check((await feedback.getAttribute("data-correct")) === "false", `${name}: the reply shows data-correct="false"`);
      check((await feedback.locator(".cq-mistake").textContent()) === q.mistake, `${name}: with Check's mistake`);
      check((await feedback.locator(".cq-truth").count()) === 0 && !(await reveal.isVisible()), `${name}: and not yet the answer`);
      await quiz.locator(".cutoff-quiz-answer").click();
      check((await feedback.locator(".cq-truth").textContent()) === q.truth, `${name}: Show the answer gives the truth`);
      check(await reveal.isVisible(), `${name}: the reveal is shown`);
      const liveNodes = await reveal.locator("svg g.node").count();
      check(liveNodes === q.revealNodes, `${name}: the reveal has ${q.revealNodes} nodes (got ${liveNodes})`);
      await quiz.locator(".cutoff-quiz-retry").click();
      await option(q.right[0]).click();
      await quiz.locator(".cutoff-quiz-check").click();
      check((await feedback.getAttribute("data-correct")) === "true", `${name}: after Try again the page grades by itself`);
      check((await page.evaluate(() => globalThis.cutoffSent.length)) === 1, `${name}: without asking the kernel again`);
      continue;
    }
    check(JSON.stringify(await quiz.locator(".cutoff-quiz-option").allTextContents()) === JSON.stringify(q.labels), `${name}: options ${q.labels.join(" | ")}`);

    // One-choice: Check with nothing chosen only asks for a choice.
    if (q.kind === "one") {
      await quiz.locator(".cutoff-quiz-check").click();
      check((await feedback.count()) === 0 && /Choose/.test(await quiz.locator(".cq-status").textContent()), `${name}: Check with nothing chosen asks for a choice`);
    }

    // Wrong answer, with the option buttons.
    for (const i of q.wrong) await option(i).click();
    const pressed = await quiz.locator('.cutoff-quiz-option[aria-pressed="true"]').count();
    check(pressed === q.wrong.length, `${name}: ${q.wrong.length} option(s) pressed (got ${pressed})`);
    await quiz.locator(".cutoff-quiz-check").click();
    check((await feedback.getAttribute("data-correct")) === "false", `${name}: a wrong answer gets data-correct="false"`);
    check((await feedback.locator(".cq-verdict").textContent()) === expect.verdictWrong, `${name}: verdict "${expect.verdictWrong}"`);
    const mistake = await feedback.locator(".cq-mistake").textContent();
    check(mistake === q.mistake, `${name}: the mistake is Check's: "${mistake}"`);
    // A wrong answer gets its first mistake only: no answer, no picture,
    // no option marked right, until "Show the answer".
    check((await feedback.locator(".cq-truth").count()) === 0 && !(await reveal.isVisible()) &&
      (await quiz.locator(".cutoff-quiz-option.correct").count()) === 0, `${name}: a wrong answer does not show the answer`);
    check(await quiz.locator(".cutoff-quiz-answer").isVisible(), `${name}: it offers "Show the answer"`);
    await quiz.locator(".cutoff-quiz-answer").click();
    const truthLine = await feedback.locator(".cq-truth").textContent();
    check(truthLine === q.truth, `${name}: Show the answer gives the truth line`);
    const mistakes = await feedback.locator(".cq-mistake").allTextContents();
    check(!mistakes.includes(truthLine), `${name}: the truth is not said twice`);
    check(await reveal.isVisible(), `${name}: the reveal is shown`);
    const nodes = await reveal.locator("svg g.node").count();
    check(nodes === q.revealNodes, `${name}: the reveal has ${q.revealNodes} nodes (got ${nodes})`);
    const marked = await quiz.locator(".cutoff-quiz-option.correct").evaluateAll((els) => els.map((e) => +e.getAttribute("data-option")));
    check(JSON.stringify(marked) === JSON.stringify(q.right), `${name}: the correct options are marked ${q.right}`);
    const crossed = await quiz.locator(".cutoff-quiz-option.wrong").evaluateAll((els) => els.map((e) => +e.getAttribute("data-option")));
    const wrongChosen = q.wrong.filter((i) => !q.right.includes(i)).sort((a, b) => a - b);
    check(JSON.stringify(crossed) === JSON.stringify(wrongChosen), `${name}: the wrongly chosen options ${wrongChosen} are marked wrong (got ${crossed})`);

    // Try again, then the right answer (leaves by clicking the picture).
    await quiz.locator(".cutoff-quiz-retry").click();
    check((await feedback.count()) === 0 && !(await reveal.isVisible()), `${name}: Try again removes the feedback and hides the reveal`);
    check((await quiz.locator(".cutoff-quiz-option.selected").count()) === 0, `${name}: and clears the selection`);
    for (const i of q.right) {
      if (q.clickLeaf) {
        await quiz.locator(`.cq-picture g.cq-opt-${i}`).click();
      } else {
        await option(i).click();
      }
    }
    if (q.clickLeaf) {
      const sel = await quiz.locator(".cq-picture g.cq-leaf.selected").count();
      check(sel === q.right.length, `${name}: clicking ${q.right.length} leaves in the picture highlights them (got ${sel})`);
      const btn = await quiz.locator(".cutoff-quiz-option.selected").evaluateAll((els) => els.map((e) => +e.getAttribute("data-option")));
      check(JSON.stringify(btn) === JSON.stringify(q.right), `${name}: and selects their buttons ${q.right}`);
    }
    await quiz.locator(".cutoff-quiz-check").click();
    check((await feedback.getAttribute("data-correct")) === "true", `${name}: the right answer gets data-correct="true"`);
    check((await feedback.locator(".cq-verdict").textContent()) === expect.verdictRight, `${name}: verdict "${expect.verdictRight}"`);
    check((await feedback.locator(".cq-mistake").count()) === 0, `${name}: no mistake line`);
    check((await feedback.locator(".cq-truth").textContent()) === q.truth, `${name}: the truth line at once`);
    check(await reveal.isVisible(), `${name}: the reveal is shown`);
  }

  const shot = join(expect.out, "quizzes.png");
  await page.screenshot({ path: shot, fullPage: true });
  check(statSync(shot).size > 1000, `screenshot ${shot}`);
  const globals = await page.evaluate(() => ["data", "root", "opts", "sel", "grade", "known"].filter((g) => g in window));
  check(globals.length === 0, `the quizzes define no globals (found: ${globals.join(", ") || "none"})`);
  check(problems.length === 0, `no console errors, page errors or foreign requests${problems.length ? ": " + problems.join("; ") : ""}`);
} catch (err) {
  check(false, `unexpected error: ${err && err.stack ? err.stack : err}`);
} finally {
  await context.close();
  server.close();
  clearTimeout(deadline);
}

console.log(failures.length ? `FAIL ${failures.length} check(s) failed` : "PASS");
process.exit(failures.length ? 1 : 0);
