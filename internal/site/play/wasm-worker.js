// The Web Worker of a page that runs one of the site's WebAssembly programs
// (after Go's wasm_exec.js in the same Blob, internal/site/wasm.go): the
// first message {wasm, fn} carries the program in base64 and the name of
// the function it sets (cutoffPlayground, cutoffConnect4); the worker runs it and answers
// {ready: true} or {error}. Every later message {id, req} is answered with
// {id, reply}: the function's JSON reply to req, parsed.
"use strict";
let fn = "";
onmessage = async (e) => {
  const m = e.data;
  if (m.wasm !== undefined) {
    try {
      const bin = atob(m.wasm);
      const bytes = new Uint8Array(bin.length);
      for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
      const go = new Go();
      const { instance } = await WebAssembly.instantiate(bytes, go.importObject);
      go.run(instance); // runs main until it waits: the function is set
      fn = m.fn;
      postMessage({ ready: typeof globalThis[fn] === "function" });
    } catch (err) {
      postMessage({ error: String(err) });
    }
    return;
  }
  let reply;
  try {
    reply = JSON.parse(globalThis[fn](JSON.stringify(m.req)));
  } catch (err) {
    reply = { error: String(err) };
  }
  postMessage({ id: m.id, reply });
};
