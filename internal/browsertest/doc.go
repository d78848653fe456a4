// Package browsertest is the one harness of the browser tests of
// pkg/render (the player), pkg/quiz (the quizzes), cmd/cutoff (the static
// site) and notebooks (JupyterLab): each opens pages in headless Chromium
// through a spec of testdata/browser run by node with playwright-core, and
// they must agree on when they run, which tools they use, how long they may
// take and how the Chromium they started is killed. It was four copies of
// the same code; it is internal so that only this module's tests use it,
// and it imports nothing but the standard library.
//
// The rules it keeps: a browser test is skipped under -short, and skipped
// when Chromium (/usr/bin/chromium, or $CUTOFF_CHROMIUM), node or
// testdata/browser/node_modules/playwright-core is missing, unless
// CUTOFF_BROWSER_TESTS=1 (as in CI), which makes both a failure. Its
// screenshots go to $CUTOFF_BROWSER_OUT, or a temporary directory. A spec
// runs in a process group of its own with a fresh Chromium profile; when
// its context is done, node and that Chromium (found by its profile
// directory on its command line) are killed, and that Chromium is killed
// when the spec ends in any case.
package browsertest
