// Browser test of Cutoff's step-through player (pkg/render.Player) in real
// headless Chromium (Debian's /usr/bin/chromium, driven by playwright-core;
// no browser is ever downloaded). pkg/render's TestPlayerInBrowser runs it:
//
//	node testdata/browser/player.spec.mjs EXPECT.json
//
// EXPECT.json says what to open and what to find there:
//
//	{"page": "/abs/player.html",      // a page made by render.Player
//	 "two": "/abs/two.html",          // optional: two PlayerFragments on one page
//	 "out": "/abs/dir",               // for the screenshots
//	 "profile": "/abs/dir",           // optional: Chromium's fresh profile (default out/chromium-profile)
//	 "frames": 22,                    // number of frames
//	 "firstEvent": "…", "lastEvent": "…",
//	 "firstNodes": 1, "lastNodes": 13} // <g class="node"> in the first and last frame's SVG
//
// The page is served by a server on 127.0.0.1 that serves nothing else, and
// opened from its file:// URL as well. Every request that is not to that
// server is aborted and fails the test, as do console errors, page errors
// and failed requests. It prints one line per check and exits 1 on failure.
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { launch, allowOnly, servePages, checker } from "./chromium.mjs";

const expect = JSON.parse(readFileSync(process.argv[2], "utf8"));
const problems = []; // console errors, page errors, failed or foreign requests

const { check, failures } = checker();

// Give up, and close the browser, well before the Go test's own timeout.
const deadline = setTimeout(() => {
  console.log("FAIL timed out after 90 s");
  process.exit(1);
}, 90_000);

const pages = {
  "/": readFileSync(expect.page),
  "/two": expect.two ? readFileSync(expect.two) : null,
};
const { server, origin } = await servePages(pages, problems);

const context = await launch(expect.out, { width: 1000, height: 700 }, expect.profile);

try {
  // Only our server and the page's own file may be reached.
  await allowOnly(context, [origin + "/", "file://", "data:"], problems);
  const page = context.pages()[0] || (await context.newPage());
  watch(page, "player");

  await page.goto(origin + "/", { waitUntil: "load" });
  const n = expect.frames;
  const player = page.locator(".cutoff-player");
  const counter = player.locator(".cp-counter");
  const stageHTML = () => player.locator(".cp-stage").innerHTML();
  const nodes = () => player.locator(".cp-stage svg g.node").count();
  const event = () => player.locator(".cp-event").textContent();
  const waitCounter = async (text) => {
    try {
      await page.waitForFunction(
        ([sel, t]) => document.querySelector(sel)?.textContent === t,
        [".cutoff-player .cp-counter", text], { timeout: 5000 });
    } catch { /* reported by the check that follows */ }
    return counter.textContent();
  };

  check((await player.count()) === 1, "the page has one player");
  check((await waitCounter(`1 / ${n}`)) === `1 / ${n}`, `counter starts at "1 / ${n}"`);
  check((await event()) === expect.firstEvent, `first event is "${expect.firstEvent}" (got "${await event()}")`);
  check((await nodes()) === expect.firstNodes, `first frame has ${expect.firstNodes} node(s) (got ${await nodes()})`);
  check(await page.locator(".cp-prev").isDisabled(), "previous is disabled on the first frame");
  for (const label of ["First frame", "Previous frame", "Play", "Next frame", "Last frame", "Frame"]) {
    check((await page.getByLabel(label, { exact: true }).count()) === 1, `a control labelled "${label}"`);
  }

  let before = await stageHTML();
  await page.getByRole("button", { name: "Next frame" }).click();
  check((await waitCounter(`2 / ${n}`)) === `2 / ${n}`, 'clicking "Next frame" shows frame 2');
  let after = await stageHTML();
  check(after !== before && after.includes("<svg"), "clicking next changes the picture");

  before = after;
  await player.focus();
  await page.keyboard.press("ArrowRight");
  check((await waitCounter(`3 / ${n}`)) === `3 / ${n}`, "ArrowRight shows frame 3");
  after = await stageHTML();
  check(after !== before, "ArrowRight changes the picture");
  await page.keyboard.press("ArrowLeft");
  check((await waitCounter(`2 / ${n}`)) === `2 / ${n}`, "ArrowLeft goes back to frame 2");
  await page.keyboard.press("End");
  check((await waitCounter(`${n} / ${n}`)) === `${n} / ${n}`, "End jumps to the last frame");
  await page.keyboard.press("Home");
  check((await waitCounter(`1 / ${n}`)) === `1 / ${n}`, "Home jumps to the first frame");

  // The slider, moved as a user would: focus it and press End.
  const slider = player.locator("input[type=range]");
  await slider.focus();
  await page.keyboard.press("End");
  check((await waitCounter(`${n} / ${n}`)) === `${n} / ${n}`, "the slider's End jumps to the last frame");
  check((await event()) === expect.lastEvent, `last event is "${expect.lastEvent}" (got "${await event()}")`);
  check((await nodes()) === expect.lastNodes, `last frame has ${expect.lastNodes} nodes (got ${await nodes()})`);
  check(await page.locator(".cp-next").isDisabled(), "next is disabled on the last frame");
  // And dragged to the middle.
  const mid = Math.ceil(n / 2);
  await slider.fill(String(mid));
  check((await waitCounter(`${mid} / ${n}`)) === `${mid} / ${n}`, `filling the slider with ${mid} shows frame ${mid}`);
  const midShot = join(expect.out, "player-mid.png");
  await page.screenshot({ path: midShot });
  check(statSync(midShot).size > 1000, `screenshot of frame ${mid}: ${midShot}`);
  // Play runs to the end by itself, then turns back into "Play".
  await page.getByRole("button", { name: "Play" }).click();
  check((await page.getByRole("button", { name: "Pause" }).count()) === 1, "play turns into pause");
  await page.getByRole("button", { name: "Pause" }).click();
  check((await page.getByRole("button", { name: "Play" }).count()) === 1, "pause turns back into play");
  await slider.focus();
  await page.keyboard.press("End");
  await waitCounter(`${n} / ${n}`);

  const shot = join(expect.out, "player.png");
  const png = await page.screenshot({ path: shot, fullPage: true });
  check(png.length > 1000 && png.subarray(1, 4).toString() === "PNG" && statSync(shot).size === png.length,
    `screenshot ${shot} is a PNG (${png.length} bytes)`);

  // The same page opened from a file:// URL.
  const filePage = await context.newPage();
  watch(filePage, "file");
  await filePage.goto(pathToFileURL(expect.page).href, { waitUntil: "load" });
  const fc = filePage.locator(".cutoff-player .cp-counter");
  await filePage.getByRole("button", { name: "Next frame" }).click();
  check((await fc.textContent()) === `2 / ${n}`, "from file://, next shows frame 2");
  check((await filePage.locator(".cp-stage svg g.node").count()) > 0, "from file://, the tree is drawn");
  await filePage.close();

  // Two players on one page work independently.
  if (expect.two) {
    const two = await context.newPage();
    watch(two, "two");
    await two.goto(origin + "/two", { waitUntil: "load" });
    const players = two.locator(".cutoff-player");
    check((await players.count()) === 2, "the second page has two players");
    const c = (i) => players.nth(i).locator(".cp-counter").textContent();
    await players.nth(0).getByRole("button", { name: "Next frame" }).click();
    await players.nth(0).getByRole("button", { name: "Next frame" }).click();
    check((await c(0)) === `3 / ${n}` && (await c(1)) === `1 / ${n}`, "next in the first player moves only the first");
    await players.nth(1).focus();
    await two.keyboard.press("End");
    check((await c(0)) === `3 / ${n}` && (await c(1)) === `${n} / ${n}`, "End in the second player moves only the second");
    const globals = await two.evaluate(() => ["data", "show", "root", "q", "stage", "timer", "slider", "counter"].filter((g) => g in window));
    check(globals.length === 0, `the players define no globals (found: ${globals.join(", ") || "none"})`);
    await two.close();
  }

  check(problems.length === 0, `no console errors, page errors or foreign requests${problems.length ? ": " + problems.join("; ") : ""}`);
} catch (err) {
  check(false, `unexpected error: ${err && err.stack ? err.stack : err}`);
} finally {
  await context.close();
  server.close();
  clearTimeout(deadline);
}

function watch(page, name) {
  page.on("console", (m) => { if (m.type() === "error") problems.push(`${name}: console error: ${m.text()}`); });
  page.on("pageerror", (e) => problems.push(`${name}: page error: ${e.message}`));
  page.on("requestfailed", (r) => {
    if (!r.url().endsWith("/favicon.ico")) problems.push(`${name}: request failed: ${r.url()} ${r.failure()?.errorText}`);
  });
}

console.log(failures.length ? `FAIL ${failures.length} check(s) failed` : "PASS");
process.exit(failures.length ? 1 : 0);
