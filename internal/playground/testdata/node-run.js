// Runs the playground's WebAssembly program under Node.js: node-run.js
// WASM_EXEC WASM, with a JSON array of playground requests on stdin; prints
// a JSON array of the replies' "search" (cutoff search -json's report) or
// {"error": …}. Used by node_test.go.
"use strict";
const fs = require("fs");
const [wasmExec, wasmPath] = process.argv.slice(2);
require(wasmExec);
(async () => {
  const go = new Go();
  const { instance } = await WebAssembly.instantiate(fs.readFileSync(wasmPath), go.importObject);
  go.run(instance);
  const reqs = JSON.parse(fs.readFileSync(0, "utf8"));
  const out = reqs.map((r) => {
    const reply = JSON.parse(globalThis.cutoffPlayground(JSON.stringify(r)));
    return reply.error ? { error: reply.error } : reply.search;
  });
  fs.writeSync(1, JSON.stringify(out)); // synchronous: process.exit must not cut a pipe short
  process.exit(0);
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
