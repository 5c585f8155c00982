// What the browser tests share: a static server for web/dist on 127.0.0.1,
// Debian's Chromium driven by playwright-core, and the page's contract.

import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const rootDir = path.resolve(webDir, '..');
// ROBOTS_WEB_DIST: another build of the page (to time one against another).
export const distDir = path.resolve(process.env.ROBOTS_WEB_DIST ?? path.join(webDir, 'dist'));
export const corpusDir = path.join(rootDir, 'testdata', 'corpus');
export const resultsDir = process.env.ROBOTS_WEB_RESULTS ?? path.join(webDir, 'test-results');
export const screenshotDir = path.join(resultsDir, 'screenshots');

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
};

/** Serve web/dist on 127.0.0.1 (a free port); resolves to { url, close }. */
export function serveDist() {
  if (!fs.existsSync(path.join(distDir, 'index.html'))) {
    throw new Error(`${distDir} has no build: run \`bash web/build.sh\` first`);
  }
  const server = http.createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url, 'http://127.0.0.1').pathname);
    const file = path.join(distDir, pathname === '/' ? 'index.html' : pathname);
    if (!file.startsWith(distDir + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-cache' });
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      resolve({
        url: `http://127.0.0.1:${port}/`,
        close: () => new Promise((done) => { server.closeAllConnections?.(); server.close(done); }),
      });
    });
  });
}

/** Debian's Chromium, headless, with a fresh profile. */
export async function launch() {
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'robots-web-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
    ],
    viewport: { width: 1280, height: 900 },
  });
  return {
    context,
    close: async () => {
      await context.close();
      fs.rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A page that records what must not happen: console errors, page errors, and
 * requests to anything but the page's own server.
 */
export async function openPage(context, baseUrl, suffix = '') {
  const page = await context.newPage();
  const problems = [];
  page.on('console', (msg) => { if (msg.type() === 'error') problems.push(`console error: ${msg.text()}`); });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(baseUrl) && !url.startsWith('data:') && !url.startsWith('blob:')) problems.push(`request outside the page: ${url}`);
  });
  await page.goto(baseUrl + suffix);
  await page.waitForFunction(() => window.__robots?.ready && document.body.dataset.state === 'ready');
  return { page, problems };
}

/** Run `action`, then wait until the page has recomputed and drawn its results. */
export async function settle(page, action) {
  const before = await page.evaluate(() => window.__robots.runs);
  await action();
  await page.waitForFunction(
    (n) => window.__robots.runs > n && document.body.dataset.state === 'ready',
    before,
    { timeout: 30_000 },
  );
}

/** Every verdict row, in order, as plain data. */
export function verdictRows(page) {
  return page.$$eval('[data-testid=verdict-row]', (rows) => rows.map((r) => ({
    url: r.dataset.url, verdict: r.dataset.verdict, line: r.dataset.line,
  })));
}

export function reportRows(page) {
  return page.$$eval('[data-testid=report-row]', (rows) => rows.map((r) => ({ token: r.dataset.token, root: r.dataset.root })));
}

/** The report rows with their access class and the text of their Access and AI-prefs cells. */
export function reportAccess(page, testid = 'report-row') {
  return page.$$eval(`[data-testid=${testid}]`, (rows) => rows.map((r) => ({
    token: r.dataset.token, access: r.dataset.access, accessText: r.cells[4].textContent, ai: r.cells[7].textContent,
  })));
}

export function findings(page) {
  return page.$$eval('[data-testid=finding]', (items) => items.map((f) => ({
    code: f.dataset.code, severity: f.dataset.severity, line: f.dataset.line,
  })));
}

export async function screenshot(page, name) {
  fs.mkdirSync(screenshotDir, { recursive: true });
  const file = path.join(screenshotDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** FNV-1a (64-bit) of the verdict bits, 8 per byte, low bit first: the corpus digest's hash. */
export function verdictDigest(allowedBits) {
  let hash = 0xcbf29ce484222325n;
  for (let i = 0; i < allowedBits.length; i += 8) {
    let byte = 0;
    for (let j = 0; j < 8 && i + j < allowedBits.length; j++) byte |= (allowedBits[i + j] ? 1 : 0) << j;
    hash ^= BigInt(byte);
    hash = (hash * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return hash.toString(16).padStart(16, '0');
}

/** The corpus digest's entry for `file` and `agent`: { allowed, disallowed, hash }. */
export function knownDigest(file, agent) {
  const snap = fs.readFileSync(path.join(rootDir, 'tests/suite/agreement/snapshots/suite__agreement__corpus_digest.snap'), 'utf8');
  const line = snap.split('\n').find((l) => l.startsWith(`${file}  `));
  if (!line) throw new Error(`no digest for ${file}`);
  const m = line.match(new RegExp(`  ${agent.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} (\\d+)/(\\d+) ([0-9a-f]{16})`));
  if (!m) throw new Error(`no digest for ${agent} in ${file}`);
  return { allowed: Number(m[1]), disallowed: Number(m[2]), hash: m[3] };
}

/** The robots binary, when one was built (the CLI comparisons need it). */
export function robotsBinary() {
  const candidates = [process.env.ROBOTS_BIN, path.join(rootDir, 'target/debug/robots'), path.join(rootDir, 'target/release/robots')];
  return candidates.find((c) => c && fs.existsSync(c)) ?? null;
}

/** 500 lines of a real file (cz.pinterest.com), padded with rules when shorter. */
export function fiveHundredLines() {
  const lines = fs.readFileSync(path.join(corpusDir, 'cz.pinterest.com.txt'), 'utf8').split('\n').slice(0, 500);
  while (lines.length < 500) lines.push(`Disallow: /filler-${lines.length}`);
  return lines.join('\n');
}

/**
 * Type `typed` at the end of the editor, one key every `delay` ms (slower than
 * the page's pause before it recomputes, so results are computed and drawn
 * between keystrokes), and record the main thread's long tasks (over 50 ms,
 * PerformanceObserver 'longtask') and slow input events (over 16 ms) from the
 * first key until the results of the last are drawn.
 */
export async function typeAndRecord(page, typed, delay = 150) {
  await page.evaluate(() => {
    window.__longTasks = [];
    window.__slowEvents = [];
    window.__typingObservers = [
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.__longTasks.push(e.duration);
      }),
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) {
          if (['keydown', 'keypress', 'keyup', 'beforeinput', 'input'].includes(e.name)) window.__slowEvents.push(e.duration);
        }
      }),
    ];
    window.__typingObservers[0].observe({ type: 'longtask' });
    window.__typingObservers[1].observe({ type: 'event', durationThreshold: 16 });
  });
  await page.locator('.cm-content').click();
  await page.keyboard.press('Control+End');
  const before = await page.evaluate(() => window.__robots.runs);
  await page.keyboard.type(typed, { delay });
  await page.waitForFunction((n) => window.__robots.runs > n && document.body.dataset.state === 'ready', before, { timeout: 30_000 });
  // Long tasks are reported after they end: let the last ones arrive.
  await page.waitForTimeout(1000);
  const { longTasks, slowEvents } = await page.evaluate(() => {
    for (const o of window.__typingObservers) o.disconnect();
    return { longTasks: window.__longTasks, slowEvents: window.__slowEvents };
  });
  const round = (x) => Math.round(x * 10) / 10;
  return {
    keystrokes: typed.length,
    longTasksOver50ms: longTasks.length,
    longestTaskMs: longTasks.length ? round(Math.max(...longTasks)) : 0,
    longTasksMs: longTasks.map(round),
    slowEventsOver16ms: slowEvents.length,
    slowestEventMs: slowEvents.length ? round(Math.max(...slowEvents)) : 0,
  };
}
