// The page's log audit: an access log (Combined Log Format, JSON lines or W3C,
// plain or gzip), dropped on the audit section or opened with its file
// picker, is audited in a worker of its own (audit-worker.js) against the
// robots.txt in the editor, under the chosen reading, and drawn by the same
// renderer as `robots audit --format html`. It runs again whenever the file,
// the reading or the host changes. Nothing leaves the page.

const $ = (id) => document.getElementById(id);
const number = (n) => Math.round(n).toLocaleString('en-US');

/**
 * Wire the audit section. `robots()` gives the editor's file as bytes,
 * `profile()` the reading chosen.
 */
export function initAudit({ robots, profile }) {
  const status = $('audit-status');
  const result = $('audit-result');
  const host = $('audit-host');
  const drop = $('log-drop');
  let worker = null;
  let nextId = 1;
  let log = null;
  let audited = null;
  let running = false;
  let again = false;

  function ask(message) {
    if (!worker) {
      worker = new Worker(new URL('./audit-worker.js', import.meta.url), { type: 'module' });
      worker.onmessage = (event) => {
        const { id, result: out, error } = event.data;
        const waiting = pending.get(id);
        pending.delete(id);
        if (waiting) error ? waiting.reject(new Error(error)) : waiting.resolve(out);
      };
    }
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker.postMessage({ id, ...message });
    });
  }
  const pending = new Map();

  function inputs() {
    return { robots: robots(), profile: profile(), host: host.value.trim() };
  }

  function sameInputs(a, b) {
    if (!a || a.profile !== b.profile || a.host !== b.host || a.robots.length !== b.robots.length) return false;
    for (let i = 0; i < a.robots.length; i++) if (a.robots[i] !== b.robots[i]) return false;
    return true;
  }

  function say(state, text) {
    status.dataset.state = state;
    status.textContent = text;
  }

  async function run() {
    if (!log) return;
    if (running) {
      again = true;
      return;
    }
    running = true;
    const now = inputs();
    const file = log;
    say('running', `Auditing ${file.name}…`);
    try {
      const out = await ask({ file, ...now });
      if (file !== log) return;
      audited = now;
      result.innerHTML = out.html;
      const r = out.report;
      const perSecond = out.ms > 0 ? (out.lines * 1000) / out.ms : 0;
      Object.assign(status.dataset, {
        lines: String(out.lines),
        ms: String(Math.round(out.ms * 10) / 10),
        linesPerSecond: String(Math.round(perSecond)),
        unchecked: String(r.unchecked_requests),
        crawlers: String(r.crawlers.length),
      });
      let text = `Audited ${number(out.lines)} lines of ${out.name} in ${number(out.ms)} ms (${number(perSecond)} lines/s): ${r.summary}.`;
      if (r.unchecked_requests > 0) {
        text = `${number(r.unchecked_requests)} crawler request(s) were not checked (no robots.txt covers them: ${host.value.trim() ? 'the file applies to ' + host.value.trim() + ' only' : 'see below'}). ` + text;
      }
      say(r.unchecked_requests > 0 ? 'unchecked' : 'done', text);
    } catch (error) {
      say('error', `The log could not be audited: ${error.message}`);
      result.replaceChildren();
    } finally {
      running = false;
      if (again) {
        again = false;
        run();
      }
    }
  }

  function take(file) {
    if (!file) return;
    log = file;
    audited = null;
    run();
  }

  $('log-open').addEventListener('change', (e) => take(e.target.files[0]));
  drop.addEventListener('dragover', (e) => {
    if (![...(e.dataTransfer?.types ?? [])].includes('Files')) return;
    e.preventDefault();
    drop.classList.add('dragging');
  });
  drop.addEventListener('dragleave', () => drop.classList.remove('dragging'));
  drop.addEventListener('drop', (e) => {
    drop.classList.remove('dragging');
    const file = e.dataTransfer?.files?.[0];
    if (!file) return;
    e.preventDefault();
    take(file);
  });
  let hostTimer = null;
  host.addEventListener('input', () => {
    clearTimeout(hostTimer);
    hostTimer = setTimeout(run, 300);
  });
  // The page recomputes on every change of the file or the reading, then marks
  // itself ready: audit again then if what the log was audited against changed.
  new MutationObserver(() => {
    if (log && document.body.dataset.state === 'ready' && !sameInputs(audited, inputs())) run();
  }).observe(document.body, { attributes: true, attributeFilter: ['data-state'] });
  say('idle', 'No log yet.');
}
