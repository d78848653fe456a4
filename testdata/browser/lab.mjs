// What the JupyterLab tests share (notebook.spec.mjs, lab-pictures.spec.mjs,
// lab-quiz.spec.mjs): open a notebook of a JupyterLab server on 127.0.0.1,
// wait for its kernel, run every cell from the Run menu as a learner does,
// and read what the page shows, cell by cell.
//
// The server (started by notebooks/jupyterlab_test.go's startJupyterLab) runs
// with --expose-app-in-browser, so window.jupyterapp is there: the tests use
// it only to read the kernel's state; everything they check is read from the
// DOM (.jp-Cell, .jp-InputPrompt, .jp-OutputArea-output).
import { launch, allowOnly, checker } from "./chromium.mjs";
export { checker };


// labPage starts a spec on the server of expect.url: a deadline of minutes
// (then it fails and exits), Chromium with its profile and screenshots in
// expect.out/expect.profile, requests allowed to that server only, and a page
// whose errors go to problems. It returns the checker's check and failures,
// problems, the page, and done(), which ends the spec: it prints the page's
// console when a check failed, closes Chromium, prints the verdict and exits.
export async function labPage(expect, minutes) {
  const { check, failures } = checker();
  const problems = [];
  const deadline = setTimeout(() => {
    console.log(`FAIL timed out after ${minutes} minutes`);
    process.exit(1);
  }, minutes * 60_000);
  const context = await launch(expect.out, { width: 1200, height: 900 }, expect.profile);
  let messages = [];
  const done = async () => {
    if (failures.length) console.log(`the page's console:\n${messages.join("\n")}`);
    await context.close();
    clearTimeout(deadline);
    console.log(failures.length ? `${failures.length} check(s) failed` : "all checks passed");
    process.exit(failures.length ? 1 : 0);
  };
  try {
    await allowOnly(context, [new URL(expect.url).origin + "/", "data:", "blob:"], problems);
    const page = context.pages()[0] || (await context.newPage());
    messages = watch(page, problems, { consoleErrors: false });
    return { check, failures, problems, page, done };
  } catch (err) {
    await context.close();
    throw err;
  }
}

// watch records page errors (and console errors, when consoleErrors) of
// page in problems, and returns the page's console messages, for the
// report of a failing test.
export function watch(page, problems, { consoleErrors = true } = {}) {
  const messages = [];
  page.on("pageerror", (err) => {
    // GoNB's comms failing to connect (see GONB_COMM_FAILED) also throws
    // this page error; the specs handle that case as a learner would, by
    // running the cell again, and fail if the widgets still do not work.
    if (err.message.includes(GONB_COMM_PAGE_ERROR)) {
      console.log(`note: page error of GoNB's comms (handled by running the cell again): ${err.message}`);
      return;
    }
    problems.push(`page error: ${err.message}`);
  });
  page.on("console", (msg) => {
    messages.push(`${msg.type()}: ${msg.text().slice(0, 300)}`);
    if (consoleErrors && msg.type() === "error") problems.push(`console error: ${msg.text().slice(0, 300)}`);
  });
  return messages;
}

// openNotebook opens url (http://127.0.0.1:PORT/lab/tree/NAME.ipynb?token=T)
// and waits until the notebook's cells are drawn and, when waitKernel, its
// kernel is connected. GoNB reports no status before its first execution, so
// "connected" is the condition, not "idle".
// It closes the file browser, to leave the width to the notebook.
export async function openNotebook(page, url, { waitKernel = true, timeout = 120_000 } = {}) {
  await page.goto(url, { waitUntil: "load" });
  await page.locator(".jp-NotebookPanel .jp-Notebook .jp-Cell").first().waitFor({ timeout });
  const sidebar = page.locator(".jp-SideBar.jp-mod-left .lm-TabBar-tab.lm-mod-current");
  if (await sidebar.count()) await sidebar.first().click();
  if (waitKernel) {
    await page.waitForFunction(() => {
      const kernel = window.jupyterapp?.shell?.currentWidget?.sessionContext?.session?.kernel;
      return kernel?.connectionStatus === "connected";
    }, null, { timeout });
  }
}

// menu clicks the item labelled item in the menu top ("Run", "Kernel", …)
// of JupyterLab's menu bar.
export async function menu(page, top, item) {
  await page.locator(".lm-MenuBar-item").filter({ has: page.locator(".lm-MenuBar-itemLabel", { hasText: new RegExp(`^${top}$`) }) }).click();
  await page.locator(".lm-Menu-item:not(.lm-mod-hidden)")
    .filter({ has: page.locator(".lm-Menu-itemLabel", { hasText: new RegExp(`^${item}$`) }) }).click();
}

// runAll runs every cell with the menu Run → Run All Cells.
export const runAll = (page) => menu(page, "Run", "Run All Cells");

// rerun runs cell (a locator of a .jp-Cell) again as a learner does:
// Kernel → Interrupt Kernel when it still runs (a widget cell that went
// wrong), wait until it has stopped, select it, Run → Run Selected Cell and Do not Advance.
export async function rerun(page, cell, { interrupt = true } = {}) {
  if (interrupt) await menu(page, "Kernel", "Interrupt Kernel");
  await page.waitForFunction((el) => /^\[\d+\]:$/.test((el.querySelector(".jp-InputArea-prompt")?.textContent || "").trim()),
    await cell.elementHandle(), { timeout: 60_000 });
  await cell.locator(".jp-InputPrompt").click();
  await menu(page, "Run", "Run Selected Cell and Do not Advance");
}

// GONB_COMM_FAILED is what GoNB's widget library (gonb_comm) logs when its
// connection to the kernel did not open: it waits only 500 ms for the
// kernel's comm_open_ack, which the Jupyter server can drop while it
// connects the new websocket to a busy kernel (it does not "nudge" busy
// kernels). The widgets of that cell then do nothing; running the cell
// again connects anew.
export const GONB_COMM_FAILED = "gonb_comm: failed to connect to kernel";
// GONB_COMM_PAGE_ERROR is the page error that goes with GONB_COMM_FAILED.
export const GONB_COMM_PAGE_ERROR = "comm_open_ack not received in time";

// commFailures counts, from now on, the page's GONB_COMM_FAILED messages.
export function commFailures(page) {
  const counter = { n: 0 };
  page.on("console", (m) => {
    if (m.text().includes(GONB_COMM_FAILED)) counter.n++;
  });
  return counter;
}

// gonbConnected waits until GoNB's gonb_comm (installed in the page when a
// cell's program first uses comms) has connected to the kernel, and returns
// true, or until failures (from commFailures) counts more than before
// (its count when the cell was started), and returns false. It polls
// gonb_comm's own promise of the connection, _is_connected.
export async function gonbConnected(page, failures, before, timeout = 60_000) {
  for (const end = Date.now() + timeout; Date.now() < end;) {
    if (failures.n > before) return false;
    const ok = await page.evaluate(() => {
      const g = globalThis.gonb_comm;
      if (g && !g.cutoffWatched) {
        g.cutoffWatched = true;
        g._is_connected?.then(() => { g.cutoffConnected = true; }, () => {});
      }
      return !!g?.cutoffConnected;
    });
    if (ok) return true;
    await page.waitForTimeout(100);
  }
  return false;
}

// cells returns what the notebook shows, cell by cell: its type, the input
// prompt ("[3]:", "[*]:", "[ ]:"), and its outputs with their MIME type, text
// and the boxes of the SVGs they draw.
export function cells(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll(".jp-NotebookPanel .jp-Notebook .jp-Cell")].map((cell, index) => ({
      index,
      type: cell.classList.contains("jp-CodeCell") ? "code" : cell.classList.contains("jp-MarkdownCell") ? "markdown" : "raw",
      prompt: (cell.querySelector(".jp-InputArea-prompt")?.textContent || "").trim(),
      outputs: [...cell.querySelectorAll(".jp-OutputArea-output")].map((o) => ({
        mime: o.getAttribute("data-mime-type") || "",
        text: o.textContent,
        svgs: [...o.querySelectorAll("svg")].map((s) => {
          const r = s.getBoundingClientRect();
          return { width: r.width, height: r.height };
        }),
      })),
    })),
  );
}

// ERROR_MIMES are the outputs a learner sees as an error: a traceback, or
// text written to stderr.
export const ERROR_MIMES = ["application/vnd.jupyter.error", "application/vnd.jupyter.stderr"];

// badOutputs lists the error and stderr outputs of cs (from cells).
export function badOutputs(cs) {
  return cs.flatMap((c) => c.outputs.filter((o) => ERROR_MIMES.includes(o.mime))
    .map((o) => `cell ${c.index}: ${o.text.trim().slice(0, 300)}`));
}

// ran tells whether a code cell's prompt (from cells) shows an execution
// count: "[3]:", not "[*]:" (running or queued) or "[ ]:" (not run).
export const ran = (prompt) => /^\[\d+\]:$/.test(prompt);

// waitRan waits until every code cell shows an execution count and the
// kernel is idle, or timeout; it never throws (the checks after it report).
export async function waitRan(page, timeout = 300_000) {
  await page.waitForFunction(() => {
    const cells = [...document.querySelectorAll(".jp-NotebookPanel .jp-Notebook .jp-Cell.jp-CodeCell")];
    const kernel = window.jupyterapp?.shell?.currentWidget?.sessionContext?.session?.kernel;
    return kernel?.status === "idle" &&
      cells.every((c) => /^\[\d+\]:$/.test((c.querySelector(".jp-InputArea-prompt")?.textContent || "").trim()));
  }, null, { timeout }).catch(() => {});
}
