// Browser test of the static site `cutoff site` writes, in real headless
// Chromium (Debian's /usr/bin/chromium, driven by playwright-core; no
// browser is ever downloaded). cmd/cutoff's TestSiteInBrowser runs it:
//
//	node testdata/browser/site.spec.mjs EXPECT.json
//
// EXPECT.json: {"dir": "/abs/site",              // the built site
//               "origin": "http://127.0.0.1:PORT", // a static server of dir
//               "out": "/abs/dir",                // screenshots
//               "profile": "/abs/dir"}            // optional: Chromium's fresh profile (default out/chromium-profile)
//
// It opens index.html from its file:// URL and from the server, and from
// there every page the site links to. Every page must load without console
// errors, page errors or failed requests; no request may leave file:// and
// the server (the site must load nothing from the network). It checks that
// every picture is drawn (a non-zero size), that every internal link names
// a file of the site (and an id there, for a #fragment), that a player
// steps, and that every quiz (pkg/quiz's DOM contract, pkg/quiz/doc.go)
// says right to its right answer (read from the quiz's embedded data) and
// wrong to a wrong one. It prints one line per check and exits 1 on failure.
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { launch, allowOnly, quietChecker, deadline } from "./chromium.mjs";

const expect = JSON.parse(readFileSync(process.argv[2], "utf8"));
const { check, failures, count } = quietChecker();
const problems = []; // console errors, page errors, failed or foreign requests


const timer = deadline(300);

const fileBase = pathToFileURL(expect.dir).href.replace(/\/?$/, "/");
const httpBase = expect.origin.replace(/\/?$/, "/");
const context = await launch(expect.out, { width: 1200, height: 900 }, expect.profile);
const fileCache = new Map();

function siteFile(rel) {
  if (!fileCache.has(rel)) {
    const p = join(expect.dir, rel);
    fileCache.set(rel, existsSync(p) && statSync(p).isFile() ? readFileSync(p, "utf8") : null);
  }
  return fileCache.get(rel);
}

try {
  await allowOnly(context, [httpBase, "file://", "data:", "blob:"], problems); // blob: the Connect Four page's worker
  const stats = { pages: 0, pictures: 0, links: 0, players: 0, quizzes: 0 };
  for (const [mode, base] of [["file", fileBase], ["http", httpBase]]) {
    const queue = ["index.html"];
    const seen = new Set(queue);
    while (queue.length) {
      const rel = queue.shift();
      const page = await context.newPage();
      watch(page, `${mode} ${rel}`);
      const resp = await page.goto(base + rel, { waitUntil: "load" });
      stats.pages++;
      if (mode === "http") check(resp && resp.status() === 200, `${mode} ${rel}: HTTP ${resp && resp.status()}`);
      check((await page.locator("link[rel=stylesheet]").count()) === 1 &&
        (await page.evaluate(() => getComputedStyle(document.querySelector("main")).maxWidth !== "none")),
        `${mode} ${rel}: style.css is applied`);

      // Pictures: every figure's SVG is drawn with a size.
      const sizes = await page.locator("figure.picture > svg").evaluateAll((els) =>
        els.map((e) => { const r = e.getBoundingClientRect(); return [r.width, r.height]; }));
      stats.pictures += sizes.length;
      sizes.forEach(([w, h], i) => check(w > 20 && h > 20, `${mode} ${rel}: picture ${i + 1} is drawn (${Math.round(w)}×${Math.round(h)})`));
      const svgLinks = await page.locator("figure.picture a.svg-link").count();
      check(svgLinks === sizes.length, `${mode} ${rel}: each of the ${sizes.length} pictures has an SVG link (${svgLinks})`);

      // Links: internal ones name a file of the site, and an id for a #fragment.
      const links = await page.locator("a[href]").evaluateAll((els) => els.map((a) => a.href));
      for (const href of links) {
        if (!href.startsWith(base)) {
          check(/^(https?:|mailto:)/.test(href), `${mode} ${rel}: link ${href} is to the web, not to the disk`);
          continue;
        }
        stats.links++;
        const url = new URL(href);
        const target = decodeURIComponent(url.href.slice(base.length).split("#")[0].split("?")[0]) || "index.html";
        const text = siteFile(target);
        check(text !== null, `${mode} ${rel}: link ${href} names a file of the site (${target})`);
        // A fragment of name=value pairs is a page's state (the playground's
        // "try it yourself" links: TestTryItLinks and the playground's own
        // test check them), not an element's id.
        if (text !== null && url.hash.length > 1 && !url.hash.includes("=")) {
          const id = decodeURIComponent(url.hash.slice(1));
          check(text.includes(`id="${id}"`), `${mode} ${rel}: link ${href}: ${target} has the id "${id}"`);
        }
        if (text !== null && target.endsWith(".html") && !seen.has(target)) {
          seen.add(target);
          queue.push(target);
        }
        if (mode === "http" && text !== null && !target.endsWith(".html") && !seen.has(target)) {
          seen.add(target);
          const r = await context.request.get(base + target);
          check(r.status() === 200, `${mode}: ${target} is served (${r.status()})`);
        }
      }

      // A player steps: the first visible one, next → frame 2, a new caption.
      const player = page.locator(".cutoff-player:visible").first();
      if (await player.count()) {
        stats.players++;
        const counter = player.locator(".cp-counter");
        const caption = player.locator(".cp-event");
        const n = (await counter.textContent()).split("/")[1].trim();
        const before = await caption.textContent();
        check((await counter.textContent()) === `1 / ${n}` && before.length > 0, `${mode} ${rel}: the player starts at 1 / ${n}, "${before}"`);
        await player.locator(".cp-next").click();
        await page.waitForFunction((el) => el.textContent.startsWith("2 /"), await counter.elementHandle(), { timeout: 5000 }).catch(() => {});
        const after = await caption.textContent();
        check((await counter.textContent()) === `2 / ${n}`, `${mode} ${rel}: next shows frame 2`);
        check(after !== before && after.length > 0, `${mode} ${rel}: the caption changes ("${before}" → "${after}")`);
        check((await player.locator(".cp-stage svg g.node").count()) > 0, `${mode} ${rel}: the player draws the tree`);
      }

      // Quizzes: right answer → data-correct=true, wrong → false.
      const quizzes = page.locator(".cutoff-quiz");
      for (let k = 0; k < (await quizzes.count()); k++) {
        stats.quizzes++;
        await checkQuiz(quizzes.nth(k), `${mode} ${rel}: quiz ${k + 1}`);
      }

      if (mode === "file" && rel === "index.html") {
        await page.screenshot({ path: join(expect.out, "site-index.png"), fullPage: true });
      }
      if (mode === "file" && /^\d\d-/.test(rel) && !expect.shot) {
        expect.shot = rel;
        const fig = page.locator("figure.picture").first();
        if (await fig.count()) await fig.scrollIntoViewIfNeeded();
        await page.screenshot({ path: join(expect.out, "site-page.png") });
      }
      await page.close();
    }
    const pages = [...seen].filter((p) => p.endsWith(".html"));
    check(pages.includes("players.html") && pages.includes("sources.html") && pages.some((p) => /^\d\d-/.test(p)),
      `${mode}: the crawl from index.html reached ${pages.length} pages, the players, the sources and the notebooks`);
  }
  console.log(`visited ${stats.pages} pages (both ways), ${stats.pictures} pictures, ${stats.links} internal links, ${stats.players} players, ${stats.quizzes} quizzes`);
  check(problems.length === 0, `no console errors, page errors or foreign requests${problems.length ? ": " + problems.join("; ") : ""}`);
} catch (err) {
  check(false, `unexpected error: ${err && err.stack ? err.stack : err}`);
} finally {
  await context.close();
  clearTimeout(timer);
}

// quizData reads the answer a static quiz embeds: the JSON its script is
// called with, whose options carry "correct".
async function quizData(quiz) {
  const text = await quiz.locator("script").first().textContent();
  const m = text.match(/\}\)\(\s*"[^"]*"\s*,\s*([\s\S]*)\);\s*\/\/\]\]>\s*$/);
  return m ? JSON.parse(m[1]) : null;
}

async function checkQuiz(quiz, name) {
  const data = await quizData(quiz);
  check(data !== null && Array.isArray(data.options), `${name}: its embedded data is readable`);
  if (!data) return;
  check((await quiz.getAttribute("data-live")) === "false", `${name}: is a static quiz (CUTOFF_QUIZ=static)`);
  const right = data.options.flatMap((o, i) => (o.correct ? [i] : []));
  const wrongOnes = data.options.flatMap((o, i) => (o.correct ? [] : [i]));
  let wrong;
  if (data.kind === "one") wrong = wrongOnes.slice(0, 1);
  else if (wrongOnes.length) wrong = [...right, wrongOnes[0]];
  else wrong = right.slice(1);
  const option = (i) => quiz.locator(`.cutoff-quiz-option[data-option="${i}"]`);
  const feedback = quiz.locator(".cutoff-quiz-feedback");
  const answer = async (choice) => {
    for (const i of choice) await option(i).click();
    await quiz.locator(".cutoff-quiz-check").click();
    return feedback.getAttribute("data-correct", { timeout: 5000 }).catch(() => null);
  };
  if (wrong.length || data.kind !== "one") {
    check((await answer(wrong)) === "false", `${name} (${data.kind}): a wrong answer [${wrong}] gets data-correct="false"`);
    await quiz.locator(".cutoff-quiz-retry").click();
  }
  check((await answer(right)) === "true", `${name} (${data.kind}): the right answer [${right}] gets data-correct="true"`);
}

function watch(page, name) {
  page.on("console", (m) => { if (m.type() === "error") problems.push(`${name}: console error: ${m.text()}`); });
  page.on("pageerror", (e) => problems.push(`${name}: page error: ${e.message}`));
  page.on("requestfailed", (r) => {
    if (!r.url().endsWith("/favicon.ico")) problems.push(`${name}: request failed: ${r.url()} ${r.failure()?.errorText}`);
  });
}

console.log(failures.length ? `FAIL ${failures.length} of ${count()} check(s) failed` : `PASS (${count()} checks)`);
process.exit(failures.length ? 1 : 0);
