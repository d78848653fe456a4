// The Connect Four page's Web Worker (after Go's wasm_exec.js in the same
// Blob): the first message carries the WebAssembly program in base64; it
// runs it, which sets cutoffConnect4 (internal/wasm/connect4), and answers
// {ready: true} or {error}. Every later message {id, req} is answered with
// {id, reply}: cutoffConnect4's JSON reply to req, parsed.
"use strict";
onmessage = async (e) => {
  const m = e.data;
  if (m.wasm !== undefined) {
    try {
      const bin = atob(m.wasm);
      const bytes = new Uint8Array(bin.length);
      for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
      const go = new Go();
      const { instance } = await WebAssembly.instantiate(bytes, go.importObject);
      go.run(instance); // runs main until it waits: cutoffConnect4 is set
      postMessage({ ready: typeof globalThis.cutoffConnect4 === "function" });
    } catch (err) {
      postMessage({ error: String(err) });
    }
    return;
  }
  let reply;
  try {
    reply = JSON.parse(globalThis.cutoffConnect4(JSON.stringify(m.req)));
  } catch (err) {
    reply = { error: String(err) };
  }
  postMessage({ id: m.id, reply });
};
