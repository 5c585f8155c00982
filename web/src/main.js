// The page: holds the state (file, profile, crawler, URLs, diff), asks the
// worker for results whenever it changes, and draws them.

import { createEditor, isLongInsertion } from './editor.js';
import * as share from './share.js';
import { initAudit } from './audit.js';
import { renderFindings, renderNotices, renderVerdicts, renderExplanation, renderReport, renderAgentReport, renderDiff, verdictSummary, sameFindings, neighbourRow } from './views.js';

const $ = (id) => document.getElementById(id);

const SAMPLE = `# An example: edit it, paste yours, or drop a file here.
User-agent: *
Disallow: /private/
Allow: /private/public-page
Disallow: /*?sessionid=

User-agent: GPTBot
User-agent: CCBot
Disallow: /

Sitemap: https://example.com/sitemap.xml
`;

/** The URLs the page opens with: the sample file's. A file opened later gets its own. */
const SAMPLE_URLS = '/\n/private/x\n/private/public-page\nhttps://example.com/shop?sessionid=42';

const state = {
  file: { text: SAMPLE },
  profile: 'rfc9309',
  agent: '',
  exact: false,
  urls: SAMPLE_URLS,
  diffOn: false,
  oldText: '',
  diffUrls: 'derived',
};

// ---- the worker -------------------------------------------------------------

/** A worker answering `{ id, ...message }` with `{ id, result, error }`, as promises. */
function workerClient(url) {
  const worker = new Worker(url, { type: 'module' });
  let nextId = 1;
  const pending = new Map();
  worker.onmessage = (event) => {
    const { id, result, error } = event.data;
    const p = pending.get(id);
    pending.delete(id);
    if (!p) return;
    if (error) p.reject(new Error(error));
    else p.resolve(result);
  };
  return (message) => {
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker.postMessage({ id, ...message });
    });
  };
}

/** The engine: results for the state. */
const ask = workerClient(new URL('./worker.js', import.meta.url));
/** The link: the state compressed, on a thread of its own. */
const encodeLink = workerClient(new URL('./share-worker.js', import.meta.url));

// ---- timings, read by the browser tests ---------------------------------------

window.__robots = { runs: 0, timings: null, ready: false };

// ---- running ----------------------------------------------------------------

let meta = null;
let editor;
let generation = 0;
let scheduled = null;
let running = false;
let again = false;
let selectedUrl = null;

/** Results follow any change by themselves, shortly after typing pauses. */
function schedule(delay = 120) {
  clearTimeout(scheduled);
  generation++;
  document.body.dataset.state = 'pending';
  document.body.dataset.link = 'stale';
  scheduled = setTimeout(run, delay);
}

async function run() {
  if (running) {
    again = true;
    return;
  }
  running = true;
  const mine = generation;
  const started = performance.now();
  try {
    const result = await ask({ kind: 'compute', state: snapshot() });
    const computed = performance.now();
    // Typed on meanwhile: these results are for an older text, and the run
    // scheduled by that edit draws the current ones.
    if (mine !== generation) return;
    const complete = await draw(result, () => mine === generation);
    if (!complete || mine !== generation) return;
    const drawn = performance.now();
    window.__robots.runs++;
    window.__robots.timings = {
      ...result.timings,
      roundTrip: computed - started,
      render: drawn - computed,
      total: drawn - started,
      urls: result.urls.length,
    };
    $('status').textContent = `Checked ${result.urls.length} URL${result.urls.length === 1 ? '' : 's'} in ${Math.round(drawn - started)} ms.`;
    document.body.dataset.state = 'ready';
  } catch (error) {
    $('status').textContent = `Error: ${error.message}`;
    console.error(error);
  } finally {
    running = false;
    if (again) {
      again = false;
      run();
    }
  }
}

function snapshot() {
  return { ...state };
}

/** What is drawn of the file's own results (kept while the file stays). */
const drawnFile = { notices: null, findings: null, report: null };

/**
 * Let the browser handle input and paint before the next part of a draw: each
 * part is its own short task, so a keystroke never waits behind a whole draw.
 */
const yieldToBrowser = () => (globalThis.scheduler?.yield ? globalThis.scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0)));

/**
 * Draw a result, one part per task; resolves to false when the input changed
 * midway (the run that change scheduled draws the new results).
 */
async function draw(result, current) {
  const parts = {};
  const timed = (name, f) => {
    const start = performance.now();
    const value = f();
    parts[name] = (parts[name] ?? 0) + performance.now() - start;
    return value;
  };
  if (result.fileChanged) {
    const notices = JSON.stringify(result.notices);
    if (notices !== drawnFile.notices) timed('notices', () => renderNotices($('notices'), result.notices));
    drawnFile.notices = notices;
    // Most keystrokes leave the findings as they were.
    if (!sameFindings(drawnFile.findings, result.findings)) {
      timed('inlineFindings', () => editor.setFindings(result.findings));
      await yieldToBrowser();
      if (!current()) return false;
      timed('findings', () => renderFindings($('findings'), $('findings-count'), result.findings));
    }
    drawnFile.findings = result.findings;
    const report = JSON.stringify(result.report);
    if (report !== drawnFile.report) {
      await yieldToBrowser();
      if (!current()) return false;
      timed('report', () => renderReport($('report'), $('report-summary'), result.report, meta));
    }
    drawnFile.report = report;
    currentReport = result.report;
  }
  timed('summary', () => {
    const chain = $('chain');
    chain.textContent = chainText(result.crawler);
    chain.dataset.token = result.crawler.token;
    chain.dataset.chain = result.crawler.chain.join(' ');
    renderAgentReport($('report-agent'), result.agentReport, meta);
    $('verdict-summary').textContent = verdictSummary(result.urls, result.verdicts);
  });
  if (state.diffOn && result.diff) {
    await yieldToBrowser();
    if (!current()) return false;
    timed('diff', () => renderDiff($('diff-rows'), $('diff-summary'), $('diff-crawlers'), result, currentReport));
  }
  await yieldToBrowser();
  if (!current()) return false;
  const complete = await renderVerdicts($('verdicts'), result.urls, result.verdicts, state.file, selectedUrl, current, (ms) => { parts.verdicts = Math.max(parts.verdicts ?? 0, ms); });
  // The longest step of each part of the last draw (main thread, ms), for the timings.
  window.__robots.drawParts = parts;
  if (!complete) return false;
  if (selectedUrl !== null) explainSelected();
  writeFragment();
  return true;
}
let currentReport = null;

/**
 * The crawler in words, as the CLI's notes give it: the token read from a
 * header, then the chain it follows (the registry's fallbacks, unless "this
 * token only").
 */
function chainText(crawler) {
  if (!crawler) return '';
  const { chain, header, noToken, obeysWildcard } = crawler;
  if (chain[0] === '*' && chain.length === 1) return 'No crawler named: the * groups apply (a crawler no group names).';
  const from = header ? `From the User-Agent header, its crawler token ${chain[0]}. ` : '';
  const whole = noToken ? 'This User-Agent header holds no crawler token (only browser product tokens): it is matched whole, as given, so only the * groups apply. ' : '';
  const known = meta?.crawlers.find((c) => c.token.toLowerCase() === chain[0].toLowerCase());
  const who = known ? `${known.token} (${known.operator}, ${known.purpose})` : `${chain[0]} (not in the registry)`;
  const rest = chain.length > 1 ? `, then the groups of ${chain.slice(1).join(', then ')} (the registry's documented fallbacks)` : '';
  const alone = state.exact && known && known.fallbacks.length ? ` (its documented fallbacks ${known.fallbacks.join(', ')} are not followed)` : '';
  const otherwise = obeysWildcard === false
    ? ': the registry documents that it ignores the * groups, so where no group names it none applies (it may fetch everything)'
    : ', else the * groups';
  return `${from}${whole}${who}: obeys the groups naming ${chain[0]}${rest}${alone}${otherwise}.`;
}

// ---- explanation -------------------------------------------------------------

async function explainSelected() {
  const url = selectedUrl;
  const box = $('explain');
  try {
    const explanation = await ask({ kind: 'explain', state: snapshot(), url });
    if (url !== selectedUrl) return;
    renderExplanation(box, url, explanation);
    box.hidden = false;
    editor.highlightLine(explanation.verdict.rule ? explanation.verdict.rule.line : 0);
  } catch (error) {
    box.hidden = false;
    box.textContent = `Cannot explain: ${error.message}`;
  }
}

function selectRow(row) {
  for (const other of $('verdicts').querySelectorAll('[aria-selected=true]')) other.setAttribute('aria-selected', 'false');
  row.setAttribute('aria-selected', 'true');
  selectedUrl = row.dataset.url;
  const line = Number(row.dataset.line || 0);
  editor.highlightLine(line);
  explainSelected();
}

// ---- the fragment ----------------------------------------------------------------

let fragmentTimer = null;
/** Put the state in the fragment, shortly after the results (compressed in the worker). */
function writeFragment() {
  clearTimeout(fragmentTimer);
  fragmentTimer = setTimeout(async () => {
    const mine = generation;
    const fragment = await encodeLink({ state: snapshot() });
    if (mine !== generation) return;
    if (fragment === null) {
      $('share-status').textContent = 'The file is too large to share in a link.';
    } else {
      $('share-status').textContent = '';
      if (fragment !== location.hash) history.replaceState(null, '', fragment);
    }
    // The tests wait for this before reading the link.
    if (document.body.dataset.state === 'ready') document.body.dataset.link = 'current';
  }, 300);
}

function applyState(next) {
  Object.assign(state, next);
  setEditorText(state.file.text ?? new TextDecoder().decode(state.file.bytes));
  $('profile').value = state.profile;
  $('agent').value = state.agent;
  $('agent-exact').checked = state.exact;
  $('urls').value = state.urls;
  $('diff-on').checked = state.diffOn;
  $('diff-body').hidden = !state.diffOn;
  $('diff-old').value = state.oldText;
  $('diff-urls').value = state.diffUrls;
}

let suppressEditorChange = false;
function setEditorText(text) {
  suppressEditorChange = true;
  try {
    editor.setText(text);
  } finally {
    suppressEditorChange = false;
  }
}

/**
 * A file's own URLs to test in place of the built-in sample's (which belong
 * to the sample file): when `always` (`robots web FILE`), or while the list
 * is still the sample's (a list the user typed is kept).
 */
async function urlsForFile(always) {
  if (!always && state.urls !== SAMPLE_URLS) return;
  const urls = await ask({ kind: 'urls', file: state.file, profile: state.profile });
  state.urls = urls.join('\n');
  $('urls').value = state.urls;
}

/** A file the user opened or dropped: its bytes, as the engine must see them. */
async function loadFile(file) {
  const bytes = new Uint8Array(await file.arrayBuffer());
  state.file = { bytes };
  setEditorText(new TextDecoder().decode(bytes));
  selectedUrl = null;
  await urlsForFile(false);
  schedule(0);
}

// ---- wiring ------------------------------------------------------------------

/**
 * Insert long multi-line text (a pasted URL list, or Playwright's `fill()`)
 * into a <textarea> at once. Chromium's editing inserts it paragraph by
 * paragraph, in time quadratic in the lines (1,000 URLs: about 10 s);
 * setRangeText writes the value in one step. Short insertions (typing) keep
 * the browser's own editing and its undo.
 */
function insertLongTextAtOnce(textarea) {
  textarea.addEventListener('beforeinput', (e) => {
    if (!['insertText', 'insertFromPaste', 'insertReplacementText'].includes(e.inputType)) return;
    const text = e.data ?? e.dataTransfer?.getData('text/plain') ?? null;
    if (text === null || !isLongInsertion(text)) return;
    e.preventDefault();
    textarea.setRangeText(text.replace(/\r\n?/g, '\n'), textarea.selectionStart, textarea.selectionEnd, 'end');
    textarea.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: e.inputType, data: e.data }));
  });
}


function fillRegistry(crawlers, purposes) {
  const list = $('agent-list');
  const pick = $('agent-pick');
  for (const c of crawlers) {
    const option = document.createElement('option');
    option.value = c.token;
    option.label = `${c.operator} · ${c.purpose}`;
    list.append(option);
  }
  for (const p of purposes) {
    const group = document.createElement('optgroup');
    group.label = p.title;
    for (const c of crawlers.filter((c) => c.purpose === p.name)) {
      const option = document.createElement('option');
      option.value = c.token;
      option.textContent = c.fallbacks.length ? `${c.token} (→ ${c.fallbacks.join(' → ')})` : c.token;
      group.append(option);
    }
    if (group.children.length) pick.append(group);
  }
}

async function start() {
  editor = createEditor($('editor'), {
    onChange(text) {
      if (suppressEditorChange) return;
      state.file = { text };
      schedule();
    },
  });
  initAudit({ robots: () => state.file.bytes ?? new TextEncoder().encode(state.file.text ?? ''), profile: () => state.profile });
  const fromLink = share.decode(location.hash);
  const params = new URLSearchParams(location.search);
  applyState(fromLink ?? {});

  $('profile').addEventListener('change', (e) => { state.profile = e.target.value; schedule(0); });
  $('agent').addEventListener('input', (e) => { state.agent = e.target.value; schedule(); });
  $('agent-exact').addEventListener('change', (e) => { state.exact = e.target.checked; schedule(0); });
  $('agent-pick').addEventListener('change', (e) => {
    if (!e.target.value) return;
    state.agent = e.target.value;
    $('agent').value = state.agent;
    schedule(0);
  });
  insertLongTextAtOnce($('urls'));
  insertLongTextAtOnce($('diff-old'));
  $('urls').addEventListener('input', (e) => { state.urls = e.target.value; schedule(); });
  $('diff-on').addEventListener('change', (e) => {
    state.diffOn = e.target.checked;
    $('diff-body').hidden = !state.diffOn;
    if (state.diffOn && state.oldText === '') {
      state.oldText = editor.text();
      $('diff-old').value = state.oldText;
    }
    schedule(0);
  });
  $('diff-old').addEventListener('input', (e) => { state.oldText = e.target.value; schedule(); });
  $('diff-urls').addEventListener('change', (e) => { state.diffUrls = e.target.value; schedule(0); });
  $('diff-copy').addEventListener('click', () => {
    state.oldText = editor.text();
    $('diff-old').value = state.oldText;
    schedule(0);
  });
  $('file-open').addEventListener('change', (e) => { if (e.target.files[0]) loadFile(e.target.files[0]); });
  const drop = $('editor');
  drop.addEventListener('dragover', (e) => { e.preventDefault(); drop.classList.add('dragging'); });
  drop.addEventListener('dragleave', () => drop.classList.remove('dragging'));
  drop.addEventListener('drop', (e) => {
    drop.classList.remove('dragging');
    const file = e.dataTransfer?.files?.[0];
    if (!file) return;
    e.preventDefault();
    loadFile(file);
  }, true);
  $('share').addEventListener('click', async () => {
    const fragment = await encodeLink({ state: snapshot() });
    if (fragment === null) {
      $('share-status').textContent = 'The file is too large to share in a link.';
      return;
    }
    history.replaceState(null, '', fragment);
    try {
      await navigator.clipboard.writeText(location.href);
      $('share-status').textContent = 'Link copied.';
    } catch {
      $('share-status').textContent = 'Link in the address bar.';
    }
  });
  const verdicts = $('verdicts');
  verdicts.addEventListener('click', (e) => {
    const row = e.target.closest('[data-testid=verdict-row]');
    if (row) selectRow(row);
  });
  verdicts.addEventListener('keydown', (e) => {
    const row = e.target.closest('[data-testid=verdict-row]');
    if (!row) return;
    if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); selectRow(row); }
    if (e.key === 'ArrowDown' && neighbourRow(row, true)) { e.preventDefault(); neighbourRow(row, true).focus(); }
    if (e.key === 'ArrowUp' && neighbourRow(row, false)) { e.preventDefault(); neighbourRow(row, false).focus(); }
  });
  $('findings').addEventListener('click', (e) => {
    const item = e.target.closest('[data-testid=finding]');
    if (item) editor.focusLine(Number(item.dataset.line));
  });
  $('findings').addEventListener('keydown', (e) => {
    const item = e.target.closest('[data-testid=finding]');
    if (item && e.key === 'Enter') editor.focusLine(Number(item.dataset.line));
  });

  meta = await ask({ kind: 'meta' });
  fillRegistry(meta.crawlers, meta.purposes);
  $('version').textContent = meta.version ? `robots-engine ${meta.version}` : '';
  // `robots web FILE` serves the file it was given at ./preload/robots.txt.
  if (!fromLink && params.has('file')) {
    const response = await fetch('./preload/robots.txt');
    if (response.ok) {
      state.file = { bytes: new Uint8Array(await response.arrayBuffer()) };
      setEditorText(new TextDecoder().decode(state.file.bytes));
      document.title = `${params.get('file')} · robots.txt tester`;
      await urlsForFile(true);
    }
  }
  window.__robots.ready = true;
  schedule(0);
}

start();
