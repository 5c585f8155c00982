// The page's log audit thread: the crawler audit of `robots audit`, compiled
// to WebAssembly (robots-js/audit), over a log the user dropped or opened,
// against the robots.txt in the editor. The module is loaded on the first log
// only. The log is read a slice at a time with FileReaderSync (a worker may
// block), so it is never held whole in memory; gzip is read in the module.

import init, { auditLog } from 'robots-audit-web';

// How much of the file is read at once: reading a File costs per call (in
// Chromium, a request to the browser process), so in large slices.
const SLICE = 8 << 20;

let ready = null;

function load() {
  ready ??= init({ module_or_path: new URL('robots_audit_bg.wasm', self.location.href) });
  return ready;
}

function audit({ file, robots, profile, host }) {
  const reader = new FileReaderSync();
  let offset = 0;
  const read = (bytes) => {
    const end = Math.min(file.size, offset + Math.max(bytes, SLICE));
    const slice = new Uint8Array(reader.readAsArrayBuffer(file.slice(offset, end)));
    offset = end;
    return slice;
  };
  const started = performance.now();
  const out = auditLog(robots, profile, host || undefined, file.name, read);
  const ms = performance.now() - started;
  return { html: out.html, report: JSON.parse(out.report), lines: out.lines, ms, bytes: file.size, name: file.name };
}

self.onmessage = async (event) => {
  const { id } = event.data;
  try {
    await load();
    self.postMessage({ id, result: audit(event.data) });
  } catch (error) {
    self.postMessage({ id, error: String(error && error.message ? error.message : error) });
  }
};
