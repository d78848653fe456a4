// Browser test of a feedback page of `cutoff grade -feedback` and its
// step-through (pkg/render/feedback.HTML) in headless Chromium (Debian's
// /usr/bin/chromium, driven by playwright-core). cmd/cutoff's
// TestGradeFeedbackInBrowser runs it:
//
//	node testdata/browser/feedback.spec.mjs EXPECT.json
//
// EXPECT.json: {"page": "/abs/NN-topic.html", "check": "deep cutoff",
// "out": "/abs/dir", "profile": "/abs/dir"}. It opens the page from its
// file:// URL, reads the check's text feedback ("visit N: expected to
// expand Z, your search did evaluate y2"), follows its step-through link,
// and checks that the step-through opens at visit N, that ← and the back
// button step away from it and → and the next button back, that at visit N
// the caption names the two nodes the text names, marked as the first
// difference, and that the two highlighted nodes are those. Nothing but
// file: and data: URLs may be reached; console and page errors fail it.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { launch, allowOnly, checker } from "./chromium.mjs";

const expect = JSON.parse(readFileSync(process.argv[2], "utf8"));
const problems = [];
const { check, failures } = checker();
const deadline = setTimeout(() => {
  console.log("FAIL timed out after 90 s");
  process.exit(1);
}, 90_000);

const context = await launch(expect.out, { width: 1100, height: 900 }, expect.profile);
try {
  await allowOnly(context, ["file://", "data:"], problems);
  const page = context.pages()[0] || (await context.newPage());
  page.on("console", (m) => m.type() === "error" && problems.push("console: " + m.text()));
  page.on("pageerror", (e) => problems.push("page error: " + e.message));

  await page.goto(pathToFileURL(expect.page).href, { waitUntil: "load" });
  const section = page.locator("section.check", { has: page.locator("h2", { hasText: expect.check }) });
  const text = await section.locator("pre").textContent();
  const m = text.match(/visit (\d+): expected to (expand|evaluate) (\S+), your search did (expand|evaluate) (\S+)/);
  check(m !== null, `the text feedback names the first difference: ${m && m[0]}`);
  const [, at, wantVerb, want, gotVerb, got] = m;
  const img = section.locator("img");
  check((await img.evaluate((e) => e.complete && e.naturalWidth)) > 300, "the picture on the page is drawn");
  await page.screenshot({ path: join(expect.out, "feedback-page.png") });

  await section.locator("a", { hasText: "Step through" }).click();
  await page.waitForLoadState("load");
  const where = () => page.locator("#where").textContent();
  const caption = () => page.locator("#caption").textContent();
  const current = () => page.locator("g.node.current title").allTextContents();
  check((await where()).startsWith(`step ${at} of`), `it opens at the first difference: ${await where()}`);

  await page.keyboard.press("ArrowLeft");
  check((await where()).startsWith(`step ${at - 1} of`), `← steps back: ${await where()}`);
  check(!(await caption()).includes("first difference"), `one step before, the caption marks nothing: ${await caption()}`);
  await page.locator("#prev").click();
  check((await where()).startsWith(`step ${at - 2} of`), `the back button steps back: ${await where()}`);
  await page.locator("#next").click();
  await page.keyboard.press("ArrowRight");
  check((await where()).startsWith(`step ${at} of`), `the next button and → step forward to visit ${at}: ${await where()}`);
  const cap = await caption();
  check(cap === `Step ${at}: you ${gotVerb} ${got} · reference ${wantVerb} ${want}  ← first difference`,
    `the caption names the nodes the text names: ${cap}`);
  const cur = (await current()).sort();
  check(JSON.stringify(cur) === JSON.stringify([got, want].sort()), `the highlighted nodes are ${got} and ${want}: ${cur}`);
  await page.screenshot({ path: join(expect.out, "feedback-step.png") });
} catch (e) {
  check(false, "the spec ran: " + e.message);
} finally {
  await context.close();
  clearTimeout(deadline);
}
check(problems.length === 0, `no errors and no requests elsewhere: ${problems.join("; ")}`);
process.exit(failures.length ? 1 : 0);
