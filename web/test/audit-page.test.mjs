// The tester page's log audit in a real browser (Debian's Chromium through
// playwright-core), driven through data-testids: a log opened with the picker
// (plain) or dropped (gzip) is audited in WebAssembly against the editor's
// file, and every crawler row is what `robots audit --format json` says of the
// same log and file (an IIS log's too); with the file scoped to a host the log does not name,
// every request is unchecked, and the page says so.
//
//   bash web/build.sh && cargo build -p robots-cli && node --test web/test/audit-page.test.mjs
//
// The screenshot goes to web/test-results/screenshots/audit-page.png (the
// committed one is web/test/audit-page.png).

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { execFileSync } from 'node:child_process';
import { serveDist, launch, openPage, settle, robotsBinary, rootDir, screenshotDir } from './harness.mjs';

const robotsBin = robotsBinary();
const sample = path.join(rootDir, 'examples/audit');
const robotsTxt = path.join(sample, 'robots.txt');

let server;
let browser;
let work;
let plainLog;
const pages = [];

before(async () => {
  assert.ok(robotsBin, 'a robots binary (cargo build -p robots-cli)');
  server = await serveDist();
  browser = await launch();
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'robots-audit-page-'));
  plainLog = path.join(work, 'access.log');
  fs.writeFileSync(plainLog, zlib.gunzipSync(fs.readFileSync(path.join(sample, 'access.log.gz'))));
});

after(async () => {
  for (const { problems } of pages) assert.deepEqual(problems, [], 'no console errors and no requests outside the page');
  await browser?.close();
  await server?.close();
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

function cliJson(args) {
  try {
    return JSON.parse(execFileSync(robotsBin, ['audit', ...args, '--format', 'json'], { maxBuffer: 1 << 28, stdio: ['ignore', 'pipe', 'ignore'] }));
  } catch (error) {
    if (error.status === 1) return JSON.parse(error.stdout);
    throw error;
  }
}

/** The page with examples/audit/robots.txt in its editor. */
async function openWithSample() {
  const opened = await openPage(browser.context, server.url);
  pages.push(opened);
  const { page } = opened;
  await settle(page, () => page.getByTestId('file-open').setInputFiles(robotsTxt));
  return page;
}

/** Run `action` and wait for the audit it starts to finish; the status's data. */
async function audited(page, action) {
  await page.evaluate(() => { document.getElementById('audit-status').dataset.linesPerSecond = ''; });
  await action();
  await page.waitForFunction(() => {
    const s = document.getElementById('audit-status').dataset;
    return (s.state === 'done' || s.state === 'unchecked' || s.state === 'error') && s.linesPerSecond !== '';
  }, null, { timeout: 60_000 });
  return page.getByTestId('audit-status').evaluate((s) => ({ ...s.dataset, text: s.textContent }));
}

function rows(page) {
  return page.$$eval('[data-testid=audit-result] [data-testid=audit-crawler]', (trs) => trs.map((r) => ({
    token: r.dataset.token,
    verification: r.dataset.verification,
    requests: Number(r.dataset.requests),
    violations: Number(r.dataset.violations),
    stale_cache: Number(r.dataset.staleCache),
    robots_fetches: Number(r.dataset.robotsFetches),
    unchecked: Number(r.dataset.unchecked),
  })));
}

const cliRows = (json) => json.crawlers.map((c) => ({
  token: c.token, verification: c.verification, requests: c.requests, violations: c.violations,
  stale_cache: c.stale_cache, robots_fetches: c.robots_fetches, unchecked: c.unchecked,
}));

/** Drop `file` (its bytes, under `name`) on the audit section, as a user drags a file there. */
function dropFile(page, file, name) {
  const bytes = [...fs.readFileSync(file)];
  return page.evaluate(({ bytes, name }) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([new Uint8Array(bytes)], name));
    const target = document.querySelector('[data-testid=log-drop]');
    target.dispatchEvent(new DragEvent('dragover', { dataTransfer: transfer, bubbles: true, cancelable: true }));
    target.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
  }, { bytes, name });
}

test('a plain log opened, and the same log gzipped and dropped, audit as the CLI does', async () => {
  const page = await openWithSample();
  const expected = cliRows(cliJson([robotsTxt, plainLog]));
  assert.ok(expected.some((r) => r.violations > 0) && expected.length >= 5);

  const plain = await audited(page, () => page.getByTestId('log-open').setInputFiles(plainLog));
  assert.equal(plain.state, 'done', plain.text);
  assert.equal(Number(plain.lines), 5182);
  assert.ok(Number(plain.linesPerSecond) > 0);
  assert.deepEqual(await rows(page), expected);
  assert.equal(await page.locator('[data-testid=audit-result] [data-testid=audit-timeline-chart] svg').count(), expected.length);
  assert.ok(await page.getByTestId('audit-result').getByTestId('audit-pace-chart').first().isVisible());
  assert.equal(Number(await page.getByTestId('audit-result').getByTestId('audit-malformed').getAttribute('data-count')), 2);
  await page.getByTestId('log-drop').scrollIntoViewIfNeeded();
  fs.mkdirSync(screenshotDir, { recursive: true });
  // The section's top: the status, the notices, the tables and the first crawler's charts.
  const box = await page.getByTestId('log-drop').evaluate((e) => {
    const r = e.getBoundingClientRect();
    return { x: r.left + scrollX, y: r.top + scrollY, width: r.width, height: r.height };
  });
  await page.screenshot({ path: path.join(screenshotDir, 'audit-page.png'), fullPage: true, clip: { x: box.x, y: box.y, width: box.width, height: Math.min(box.height, 2000) } });

  const gzip = await audited(page, () => dropFile(page, path.join(sample, 'access.log.gz'), 'access.log.gz'));
  assert.equal(gzip.state, 'done', gzip.text);
  assert.equal(Number(gzip.lines), 5182);
  assert.match(gzip.text, /access\.log\.gz/);
  assert.deepEqual(await rows(page), expected);
});

test('editing the file audits the log again against the new text', async () => {
  const page = await openWithSample();
  await audited(page, () => page.getByTestId('log-open').setInputFiles(plainLog));
  const before = await rows(page);
  assert.ok(before.some((r) => r.violations > 0));
  const allowAll = path.join(work, 'allow-all.txt');
  fs.writeFileSync(allowAll, 'User-agent: *\nAllow: /\n');
  await audited(page, () => page.getByTestId('file-open').setInputFiles(allowAll));
  const after = await rows(page);
  assert.deepEqual(after.map((r) => r.violations), after.map(() => 0));
  const requests = (list) => Object.fromEntries(list.map((r) => [`${r.token} ${r.verification}`, r.requests]));
  assert.deepEqual(requests(after), requests(before));
});

test('a log whose requests no robots.txt covers: the page says they were not checked', async () => {
  const page = await openWithSample();
  await page.getByTestId('audit-host').fill('www.example.org');
  const status = await audited(page, () => page.getByTestId('log-open').setInputFiles(plainLog));
  const json = cliJson(['--robots', `www.example.org=${robotsTxt}`, plainLog]);
  assert.ok(json.unchecked_requests > 0);
  assert.equal(status.state, 'unchecked', status.text);
  assert.equal(Number(status.unchecked), json.unchecked_requests);
  assert.match(status.text, /were not checked/);
  const notice = page.getByTestId('audit-result').getByTestId('audit-unchecked');
  assert.ok(await notice.isVisible());
  assert.equal(Number(await notice.getAttribute('data-count')), json.unchecked_requests);
  assert.deepEqual(await rows(page), cliRows(json));
});

test('crawlers only reverse DNS verifies: the page (no DNS) lists each as unverifiable, DNS not asked', async () => {
  const page = await openWithSample();
  const yandex = 'Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)';
  const baidu = 'Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)';
  const lines = [
    `192.0.2.1 - - [28/Nov/2026:10:00:00 +0000] "GET /a HTTP/1.1" 200 5 "-" "${yandex}"`,
    `192.0.2.1 - - [28/Nov/2026:10:00:01 +0000] "GET /b HTTP/1.1" 200 5 "-" "${yandex}"`,
    `192.0.2.2 - - [28/Nov/2026:10:00:02 +0000] "GET /c HTTP/1.1" 200 5 "-" "${baidu}"`,
  ];
  const log = path.join(work, 'dns.log');
  fs.writeFileSync(log, lines.join('\n') + '\n');
  const status = await audited(page, () => page.getByTestId('log-open').setInputFiles(log));
  assert.equal(status.state, 'done', status.text);
  const expected = cliJson([robotsTxt, log]).verification.dns.not_asked_crawlers;
  assert.ok(expected.length >= 2, JSON.stringify(expected));
  const listed = await page.locator('[data-testid=audit-result] [data-testid=audit-dns-not-asked-crawler]').evaluateAll((lis) => lis.map((li) => ({
    token: li.dataset.token, requests: Number(li.dataset.requests), text: li.textContent,
  })));
  assert.deepEqual(listed.map(({ token, requests }) => ({ token, requests })), expected);
  assert.ok(listed.every((l) => l.text.includes('unverifiable: DNS not asked')), JSON.stringify(listed));
});

test('an IIS log (the W3C extended format) audits as the CLI does, its directives counted apart', async () => {
  const page = await openWithSample();
  const log = path.join(work, 'u_ex261128.log');
  const googlebot = 'Mozilla/5.0+(compatible;+Googlebot/2.1;++http://www.google.com/bot.html)';
  const gptbot = 'Mozilla/5.0+AppleWebKit/537.36+(KHTML,+like+Gecko;+compatible;+GPTBot/1.2;++https://openai.com/gptbot)';
  fs.writeFileSync(log, [
    '#Software: Microsoft Internet Information Services 10.0',
    '#Version: 1.0',
    '#Fields: date time s-ip cs-method cs-uri-stem cs-uri-query c-ip cs(User-Agent) sc-status',
    `2026-11-28 10:00:00 10.0.0.1 GET /robots.txt - 66.249.66.1 ${googlebot} 200`,
    `2026-11-28 10:00:02 10.0.0.1 GET /search q=shoes 66.249.66.1 ${googlebot} 200`,
    `2026-11-28 10:00:30 10.0.0.1 GET /blog/ - 66.249.66.1 ${googlebot} 200`,
    `2026-11-28 10:00:31 10.0.0.1 GET /blog/ - 203.0.113.7 ${gptbot} 200`,
    '2026-11-28 10:00:32 10.0.0.1 GET /cart - 198.51.100.2 Mozilla/5.0+(X11;+Linux+x86_64) 200',
    '',
  ].join('\r\n'));
  const json = cliJson([robotsTxt, log]);
  const expected = cliRows(json);
  assert.deepEqual(expected.map((r) => [r.token, r.requests, r.violations]).sort(), [['GPTBot', 1, 1], ['Googlebot', 2, 1]]);
  assert.equal(json.directives, 3);

  const status = await audited(page, () => page.getByTestId('log-open').setInputFiles(log));
  assert.equal(status.state, 'done', status.text);
  assert.equal(Number(status.lines), 8);
  assert.deepEqual(await rows(page), expected);
});
