// Browser test of the course's interactive notebook (notebooks/interactive.ipynb)
// in JupyterLab with the GoNB kernel, in real headless Chromium (Debian's
// /usr/bin/chromium, driven by playwright-core). notebooks'
// TestInteractiveInBrowser starts the JupyterLab server on 127.0.0.1 and
// runs it:
//
//	node testdata/browser/notebook.spec.mjs EXPECT.json
//
// EXPECT.json:
//
//	{"url": "http://127.0.0.1:PORT/lab/tree/interactive.ipynb?token=T",
//	 "out": "/abs/dir",              // screenshots
//	 "profile": "/abs/dir",          // Chromium's fresh profile
//	 "playerFrames": 31,             // frames of the kernel-free player
//	 "first": {"algorithm": "alphabeta", "steps": 31, "firstEvent": "…", "lastEvent": "…", "lastNodes": 13},
//	 "second": {"tree": "deep-cutoff", "algorithm": "pvs", "steps": 40, "events": ["…", …]}}
//
// It runs every cell as a learner would (Run → Run All Cells), waits for the
// widgets, moves the slider, clicks ◀ ▶, picks another tree and algorithm
// from the menus, presses Stop, and checks what the notebook shows and
// prints at each point. When GoNB's widgets do not connect (lab.mjs's
// GONB_COMM_FAILED), it interrupts the kernel and runs the widget cell
// again, at most twice, and says so. Only the server on 127.0.0.1 may be reached; any
// other request is aborted and fails the test, as do page errors. The
// server has autosave off, and the test never saves.
// It prints one line per check and exits 1 on failure.
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { labPage, openNotebook, runAll, rerun, cells, badOutputs, ran, waitRan, GONB_COMM_FAILED } from "./lab.mjs";

const expect = JSON.parse(readFileSync(process.argv[2], "utf8"));
// The first run compiles GoNB's widgets and go-graphviz for the kernel:
// give it time, but stop well before the Go test's own bound.
const { check, failures, problems, page, done } = await labPage(expect, 8);
try {
  await openNotebook(page, expect.url);
  check(true, "the notebook opened in JupyterLab and its GoNB kernel connected");
  await runAll(page);

  // The kernel-free player of the first part.
  const player = page.locator(".cutoff-player");
  await player.first().waitFor({ timeout: 300_000 });
  const n = expect.playerFrames;
  const counter = player.first().locator(".cp-counter");
  check((await counter.textContent()) === `1 / ${n}`, `the player shows "1 / ${n}"`);
  await player.first().getByRole("button", { name: "Next frame" }).click();
  check((await counter.textContent()) === `2 / ${n}`, "its next button shows frame 2");

  // The widgets: GoNB builds them once the widget cell's program runs.
  const view = page.locator("[id^=cutoff-view-]");
  const caption = view.locator(".cutoff-caption");
  // GoNB's widget library may fail to connect (see GONB_COMM_FAILED): then,
  // as a learner would, interrupt the kernel and run the widget cell again.
  const widgetCell = page.locator(".jp-Cell").filter({ hasText: "stepThrough(trees, names, 10" });
  let attempts = 1;
  for (;;) {
    const failed = page.waitForEvent("console", { predicate: (m) => m.text().includes(GONB_COMM_FAILED), timeout: 300_000 })
      .then(() => "failed", () => "timeout");
    const shown = caption.waitFor({ timeout: 300_000 }).then(() => "shown", () => "timeout");
    const outcome = await Promise.race([failed, shown]);
    if (outcome === "shown") break;
    if (outcome === "timeout" || attempts === 3) {
      const all = await cells(page);
      console.log(JSON.stringify(all.filter((c) => c.type === "code").map((c) => [c.index, c.prompt, c.outputs.map((o) => o.mime + ": " + o.text.slice(0, 200))]), null, 1));
      throw new Error(`the widgets never showed a caption (${attempts} attempt(s), last: ${outcome})`);
    }
    attempts++;
    console.log(`note: GoNB's widgets did not connect ("${GONB_COMM_FAILED}"): Kernel → Interrupt Kernel and run the widget cell again (attempt ${attempts})`);
    await rerun(page, widgetCell);
  }
  check(true, `the widgets showed a caption${attempts > 1 ? ` (after running the widget cell ${attempts} times)` : ""}`);
  const selects = page.locator("select[id^=gonb_select_]");
  const slider = page.locator("input[type=range][id^=gonb_slider_]");
  check((await selects.count()) === 2, "two menus: trees and algorithms");
  check((await slider.count()) === 1, "one slider");
  const button = (label) => page.locator("button[id^=gonb_button_]", { hasText: label });
  for (const label of ["◀", "▶", "Stop"]) check((await button(label).count()) === 1, `a ${label} button`);

  const waitCaption = async (text) => {
    try {
      await page.waitForFunction(
        (t) => document.querySelector("[id^=cutoff-view-] .cutoff-caption")?.textContent === t, text, { timeout: 20_000 });
    } catch { /* reported by the check */ }
    return caption.textContent();
  };
  const first = expect.first;
  let want = `${first.algorithm} · step 1 of ${first.steps}: ${first.firstEvent}`;
  check((await waitCaption(want)) === want, `the widget starts at "${want}"`);

  // Drag the slider to its end, as a user would (keyboard End on the focused range).
  await slider.focus();
  await page.keyboard.press("End");
  want = `${first.algorithm} · step ${first.steps} of ${first.steps}: ${first.lastEvent}`;
  check((await waitCaption(want)) === want, `the slider's End shows "${want}"`);
  const nodes = await view.locator("svg g.node").count();
  check(nodes === first.lastNodes, `the last step draws ${first.lastNodes} nodes (got ${nodes})`);
  await button("◀").click();
  want = `${first.algorithm} · step ${first.steps - 1} of ${first.steps}`;
  check((await waitCaption(want + ": " + expect.first.beforeLastEvent)).startsWith(want), `◀ goes back to step ${first.steps - 1}`);
  // The kernel moves the slider after drawing the step: wait for it.
  const sliderValue = async (v) => {
    await page.waitForFunction((v) => document.querySelector("input[type=range][id^=gonb_slider_]")?.value === v, v, { timeout: 20_000 }).catch(() => {});
    return slider.inputValue();
  };
  const v29 = await sliderValue(String(first.steps - 2));
  check(v29 === String(first.steps - 2), `◀ moves the slider too (value ${v29})`);

  // Another tree, then another algorithm.
  const second = expect.second;
  await selects.nth(0).selectOption({ label: second.tree });
  want = `${first.algorithm} · step 1 of ${second.treeSteps}: ${second.events[0]}`;
  check((await waitCaption(want)) === want, `picking ${second.tree} restarts at "${want}"`);
  await selects.nth(1).selectOption({ label: second.algorithm });
  want = `${second.algorithm} · step 1 of ${second.steps}: ${second.events[0]}`;
  check((await waitCaption(want)) === want, `picking ${second.algorithm} restarts at "${want}"`);
  await page.waitForFunction((m) => document.querySelector("input[type=range][id^=gonb_slider_]")?.max === m, String(second.steps - 1), { timeout: 20_000 }).catch(() => {});
  const max = await slider.getAttribute("max");
  check(max === String(second.steps - 1), `the slider's range follows: max ${max}`);
  await button("▶").click();
  await waitCaption(`${second.algorithm} · step 2 of ${second.steps}: ${second.events[1]}`);
  await button("▶").click();
  want = `${second.algorithm} · step 3 of ${second.steps}: ${second.events[2]}`;
  check((await waitCaption(want)) === want, `▶ ▶ shows "${want}"`);
  // Jump to the step of the first re-search, when the search has one.
  if (second.researchStep > 0) {
    await slider.fill(String(second.researchStep - 1));
    want = `${second.algorithm} · step ${second.researchStep} of ${second.steps}: ${second.events[second.researchStep - 1]}`;
    check((await waitCaption(want)) === want, `the slider at ${second.researchStep - 1} shows the re-search: "${want}"`);
  }
  const shot = join(expect.out, "interactive.png");
  await page.screenshot({ path: shot, fullPage: false });
  check(statSync(shot).size > 1000, `screenshot ${shot}`);

  // Stop: the cell ends, says where it stopped and leaves that picture.
  await button("Stop").click();
  const stopped = `stopped at ${second.algorithm}, step ${second.researchStep > 0 ? second.researchStep : 3} of ${second.steps}`;
  const stdout = ".jp-OutputArea-output";
  await page.waitForFunction(
    ([sel, t]) => [...document.querySelectorAll(sel)].some((e) => e.textContent.includes(t)), [stdout, stopped], { timeout: 30_000 },
  ).catch(() => {});
  const printed = await page.evaluate((sel) => [...document.querySelectorAll(sel)].map((e) => e.textContent).join("\n"), stdout);
  check(printed.includes(stopped), `the cell says "${stopped}…" (printed: ${JSON.stringify(printed.slice(-200))})`);
  // The picture Stop leaves: an output of the widget cell of its own (not
  // the widget panel, which holds the menus) whose caption is the step where
  // it stopped. (Its place among the outputs is not checked: GoNB's updates of
  // the panel may land after it.)
  const leftCaption = (t) => {
    const cell = [...document.querySelectorAll(".jp-Cell")].find((c) => c.querySelector("select[id^=gonb_select_]"));
    const outs = cell ? [...cell.querySelectorAll(".jp-OutputArea-output")] : [];
    const left = outs.filter((o) => !o.querySelector("select") && o.querySelector(".cutoff-caption svg, .cutoff-caption ~ svg, svg"))
      .map((o) => o.querySelector(".cutoff-caption")?.textContent ?? "");
    return t === undefined ? left.at(-1) ?? "" : left.includes(t);
  };
  await page.waitForFunction(leftCaption, want, { timeout: 30_000 }).catch(() => {});
  const lastShown = (await page.evaluate(leftCaption, want)) ? want : await page.evaluate(leftCaption);
  check(lastShown === want, `Stop leaves the picture of "${want}" in the cell (${JSON.stringify(lastShown)})`);
  await waitRan(page, 30_000);
  const shown = await cells(page);
  const code = shown.filter((c) => c.type === "code");
  const running = code.filter((c) => c.prompt === "[*]:").length;
  check(running === 0, `no cell is still running after Stop (${running})`);
  const bad = badOutputs(shown);
  check(bad.length === 0, `no errors and nothing on stderr in any cell${bad.length ? ": " + bad.join(" | ") : ""}`);
  const unrun = code.filter((c) => !ran(c.prompt)).map((c) => `cell ${c.index} ${c.prompt}`);
  check(unrun.length === 0, `every code cell ran (${unrun.length} did not${unrun.length ? ": " + unrun.join(", ") : ""})`);
  check(problems.length === 0, `no page errors or foreign requests${problems.length ? ": " + problems.join("; ") : ""}`);
} catch (err) {
  check(false, `unexpected error: ${err && err.stack ? err.stack : err}`);
} finally {
  await done();
}
