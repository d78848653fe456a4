// What the browser tests share: Debian's Chromium, headless, with a fresh
// profile and nothing of its own on the network, and a guard that lets a
// page reach only what the test allows.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { createServer } from "node:http";

// launch starts Chromium (CUTOFF_CHROMIUM or /usr/bin/chromium) headless
// with a fresh profile in profile (default out/chromium-profile), which the
// Go tests use to find and kill it if they time out.
export async function launch(out, viewport, profile = join(out, "chromium-profile")) {
  mkdirSync(out, { recursive: true });
  return chromium.launchPersistentContext(profile, {
    executablePath: process.env.CUTOFF_CHROMIUM || "/usr/bin/chromium",
    headless: true,
    viewport,
    args: [
      "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync",
    ],
  });
}

// allowOnly aborts every request of the context whose URL does not start
// with one of the prefixes, and records it in problems.
export async function allowOnly(context, prefixes, problems) {
  await context.route("**/*", (route) => {
    const url = route.request().url();
    if (prefixes.some((p) => url.startsWith(p))) {
      return route.continue();
    }
    problems.push(`request to ${url}`);
    return route.abort();
  });
}

// servePages serves pages (a map from URL path to HTML) on 127.0.0.1 at a
// free port, answers /favicon.ico with 204, and records in problems any
// other request, which gets 404. It returns the server and its origin.
export async function servePages(pages, problems) {
  const server = createServer((req, res) => {
    const body = pages[req.url];
    if (body) {
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
      res.end(body);
      return;
    }
    if (req.url === "/favicon.ico") {
      res.writeHead(204);
      res.end();
      return;
    }
    problems.push(`page asked the server for ${req.url}`);
    res.writeHead(404);
    res.end();
  });
  await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
  return { server, origin: `http://127.0.0.1:${server.address().port}` };
}

// check prints one line per check and collects the failures.
export function checker() {
  const failures = [];
  const check = (ok, what) => {
    console.log(`${ok ? "ok  " : "FAIL"} ${what}`);
    if (!ok) failures.push(what);
    return ok;
  };
  return { check, failures };
}

// quietChecker is checker for a spec of hundreds of checks: it prints the
// failures only (every check with CUTOFF_BROWSER_VERBOSE set) and counts
// the checks.
export function quietChecker() {
  const failures = [];
  const counted = { n: 0 };
  const check = (ok, what) => {
    counted.n++;
    if (!ok || process.env.CUTOFF_BROWSER_VERBOSE) console.log(`${ok ? "ok  " : "FAIL"} ${what}`);
    if (!ok) failures.push(what);
    return ok;
  };
  return { check, failures, count: () => counted.n };
}

// deadline ends the spec with a failure after the given seconds: a page
// that hangs fails the test instead of stalling it. clearTimeout the timer
// it returns when the spec is done.
export function deadline(seconds) {
  return setTimeout(() => {
    console.log(`FAIL timed out after ${seconds} s`);
    process.exit(1);
  }, seconds * 1000);
}
