// Browser test of a course notebook executed headless (nbconvert) and then
// opened in JupyterLab, as a learner opens a notebook that someone ran
// before: are its pictures there, and does no output show an error?
// notebooks' TestPicturesInJupyterLab executes and trusts the notebook,
// starts the JupyterLab server on 127.0.0.1 and runs it:
//
//	node testdata/browser/lab-pictures.spec.mjs EXPECT.json
//
// EXPECT.json:
//
//	{"url": "http://127.0.0.1:PORT/lab/tree/02-alphabeta.ipynb?token=T",
//	 "out": "/abs/dir",              // screenshots
//	 "profile": "/abs/dir",          // Chromium's fresh profile
//	 "name": "02-alphabeta",         // for the screenshots' names
//	 "pictures": [14, 20],           // the cells (0-based, all cells) that want a picture
//	 "quizzes": 3,                   // how many of them ask a quiz (course.Ask)
//	 "folded": 4,                    // how many markdown cells are folded (<details>)
//	 "cells": 25}                    // how many cells the notebook has
//
// It runs nothing: it checks what the saved outputs draw. Each picture cell
// must draw an SVG with a non-empty box that is visible once scrolled to;
// no other cell may claim one of those cells' places, no output may be an
// error or stderr, or JupyterLab's "untrusted" placeholder; the static
// quizzes must be ready to answer (their script ran). It saves a
// screenshot of the first picture in view (NAME.png) and one of each
// picture cell (NAME-cellN.png). Only the server may be reached.
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { labPage, openNotebook, cells, badOutputs, ran } from "./lab.mjs";

const expect = JSON.parse(readFileSync(process.argv[2], "utf8"));
const { check, failures, problems, page, done } = await labPage(expect, 4);
try {
  await openNotebook(page, expect.url, { waitKernel: false });
  // The outputs are drawn once the notebook's model is loaded: wait for the
  // last picture cell's output.
  await page.waitForFunction((i) => document.querySelectorAll(".jp-NotebookPanel .jp-Notebook .jp-Cell")[i]?.querySelector(".jp-OutputArea-output"),
    expect.pictures.at(-1), { timeout: 60_000 }).catch(() => {});
  let shown = await cells(page);
  check(shown.length === expect.cells, `the notebook shows its ${expect.cells} cells (${shown.length})`);
  const code = shown.filter((c) => c.type === "code");
  const unrun = code.filter((c) => !ran(c.prompt)).map((c) => `cell ${c.index} ${c.prompt}`);
  check(unrun.length === 0, `every code cell shows its execution count${unrun.length ? ": " + unrun.join(", ") : ""}`);
  const untrusted = await page.locator(".jp-OutputArea-output:not(.jp-mod-trusted)").count();
  check(untrusted === 0, `every output is trusted (${untrusted} not)`);
  const placeholder = shown.flatMap((c) => c.outputs.filter((o) => /untrusted|Cannot display/i.test(o.text)).map(() => c.index));
  check(placeholder.length === 0, `no "untrusted" placeholder instead of an output${placeholder.length ? ": cells " + placeholder.join(", ") : ""}`);
  const bad = badOutputs(shown);
  check(bad.length === 0, `no output is an error or stderr${bad.length ? ": " + bad.join(" | ") : ""}`);

  // The pictures: scroll to each, then measure it.
  const cellAt = (i) => page.locator(".jp-NotebookPanel .jp-Notebook .jp-Cell").nth(i);
  let drawn = 0;
  for (const i of expect.pictures) {
    const cell = cellAt(i);
    await cell.scrollIntoViewIfNeeded();
    const svg = cell.locator(".jp-OutputArea-output svg").first();
    const visible = (await svg.count()) > 0 && (await svg.isVisible());
    const box = visible ? await svg.boundingBox() : null;
    const ok = visible && box !== null && box.width > 10 && box.height > 10;
    if (ok) drawn++;
    check(ok, `cell ${i} draws its picture: a visible SVG of ${box ? `${Math.round(box.width)}×${Math.round(box.height)}` : "no"} px`);
    if (ok) {
      const shot = join(expect.out, `${expect.name}-cell${i}.png`);
      await cell.screenshot({ path: shot });
      check(statSync(shot).size > 1000, `screenshot ${shot}`);
    }
  }
  shown = await cells(page);
  const withPictures = shown.filter((c) => c.outputs.some((o) => o.svgs.some((s) => s.width > 10 && s.height > 10))).map((c) => c.index);
  check(drawn === expect.pictures.length && withPictures.length === expect.pictures.length,
    `${expect.pictures.length} pictures, one per cell that wants a picture (cells with an SVG: ${withPictures.join(", ")})`);

  // The static quizzes (CUTOFF_QUIZ=static) among them: their script ran
  // (JupyterLab runs the scripts of trusted outputs only), so they are open.
  const quizzes = await page.locator(".cutoff-quiz").count();
  const open = await page.locator('.cutoff-quiz[data-live="false"][data-state="open"]').count();
  check(quizzes === expect.quizzes && open === quizzes, `${expect.quizzes} static quizzes, each ready to answer (${quizzes} shown, ${open} open)`);

  // The folded explanations: each a closed <details> in a rendered
  // markdown cell (JupyterLab's sanitizer keeps it), its text hidden until
  // the learner opens it.
  const details = page.locator(".jp-MarkdownOutput details");
  const folded = await details.count();
  const openNow = await page.locator(".jp-MarkdownOutput details[open]").count();
  check(folded === expect.folded && openNow === 0, `${expect.folded} folded explanations, all closed (${folded} shown, ${openNow} open)`);
  if (folded > 0) {
    const first = details.first();
    await first.scrollIntoViewIfNeeded();
    const inside = first.locator(":scope > :not(summary)").first();
    check(!(await inside.isVisible()), "a folded explanation's text is hidden");
    await first.locator("summary").click();
    check(await inside.isVisible(), "and shown once its summary is clicked");
  }

  await cellAt(expect.pictures[0]).scrollIntoViewIfNeeded();
  const shot = join(expect.out, `${expect.name}.png`);
  await page.screenshot({ path: shot });
  check(statSync(shot).size > 1000, `screenshot ${shot}`);
  check(problems.length === 0, `no page errors or foreign requests${problems.length ? ": " + problems.join("; ") : ""}`);
} catch (err) {
  check(false, `unexpected error: ${err && err.stack ? err.stack : err}`);
} finally {
  await done();
}
