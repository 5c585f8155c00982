// `robots audit --format html` in a real browser (Debian's Chromium through
// playwright-core): the page opened from disk, as a site owner opens a mailed
// report, read through its data-testids and compared with `--format json` of
// the same audit. Nothing may be loaded, no console error may appear, and text
// from the log (URLs, User-Agents) must stay text.
//
//   cargo build -p robots-cli && node --test web/test/audit-report.test.mjs
//
// The screenshot goes to web/test-results/screenshots/audit-report.png (the
// committed one is web/test/audit-report.png).

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { launch, robotsBinary, rootDir, screenshotDir } from './harness.mjs';

const robotsBin = robotsBinary();
const sample = path.join(rootDir, 'examples/audit');
const versions = ['--robots', path.join(sample, 'robots-old.txt'), '--robots', `${path.join(sample, 'robots.txt')}@2026-11-27T12:00:00Z`];

let browser;
let work;

before(async () => {
  assert.ok(robotsBin, 'a robots binary (cargo build -p robots-cli)');
  browser = await launch();
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'robots-audit-html-'));
});

after(async () => {
  await browser?.close();
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

/** `robots audit` with `args`; its standard output (exit 1 for unchecked requests is an answer too). */
function audit(args) {
  try {
    return execFileSync(robotsBin, ['audit', ...args], { maxBuffer: 1 << 28, stdio: ['ignore', 'pipe', 'ignore'] }).toString();
  } catch (error) {
    if (error.status === 1) return error.stdout.toString();
    throw error;
  }
}

/** The page written to a file and opened from disk; what went wrong on it is collected. */
async function openReport(html, name) {
  const file = path.join(work, name);
  fs.writeFileSync(file, html);
  const page = await browser.context.newPage();
  const problems = [];
  page.on('console', (msg) => { if (msg.type() === 'error') problems.push(`console error: ${msg.text()}`); });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('request', (request) => { if (request.url() !== pathToFileURL(file).href) problems.push(`request: ${request.url()}`); });
  await page.goto(pathToFileURL(file).href);
  return { page, problems };
}

test('the sample log\'s report shows every crawler row, chart and violation the JSON has', async () => {
  const log = path.join(sample, 'access.log.gz');
  const json = JSON.parse(audit([...versions, log, '--format', 'json']));
  const { page, problems } = await openReport(audit([...versions, log, '--format', 'html']), 'sample.html');
  try {
    const rows = await page.$$eval('[data-testid=audit-crawler]', (trs) => trs.map((r) => ({
      token: r.dataset.token,
      verification: r.dataset.verification,
      requests: Number(r.dataset.requests),
      violations: Number(r.dataset.violations),
      stale_cache: Number(r.dataset.staleCache),
      robots_fetches: Number(r.dataset.robotsFetches),
    })));
    assert.deepEqual(rows, json.crawlers.map((c) => ({
      token: c.token, verification: c.verification, requests: c.requests, violations: c.violations,
      stale_cache: c.stale_cache, robots_fetches: c.robots_fetches,
    })));
    assert.equal(await page.getByTestId('audit-summary').textContent(), json.summary);
    // One timeline per crawler, drawn (an SVG with a size), and pace charts where there are intervals.
    const timelines = page.getByTestId('audit-timeline-chart');
    assert.equal(await timelines.count(), json.crawlers.filter((c) => c.timeline.length > 0).length);
    const first = await timelines.first().locator('svg').boundingBox();
    assert.ok(first && first.width > 300 && first.height > 80, JSON.stringify(first));
    assert.equal(await page.getByTestId('audit-pace-chart').count(), json.crawlers.filter((c) => c.pace.intervals > 0).length);
    assert.equal(await page.getByTestId('audit-verification-chart').locator('svg').count(), 1);
    // The buckets drawn are the JSON's.
    const buckets = await timelines.evaluateAll((figures) => figures.map((f) => Number(f.dataset.buckets)));
    assert.deepEqual(buckets, json.crawlers.filter((c) => c.timeline.length > 0).map((c) => c.timeline.length));
    // Violations with their deciding line and version, stale cache apart (GPTBot's, in the cache window).
    const gpt = json.crawlers.find((c) => c.token === 'GPTBot');
    const violations = await page.locator('[data-testid=audit-violation][data-token=GPTBot]').evaluateAll((trs) => trs.map((r) => ({
      url: r.dataset.url, line: Number(r.dataset.ruleLine), version: r.dataset.version,
    })));
    assert.deepEqual(violations, gpt.examples.violations.map((v) => ({ url: v.url, line: v.rule_line, version: v.version.file })));
    const stale = page.locator('[data-testid=audit-stale-cache][data-token=GPTBot]');
    assert.equal(await stale.count(), gpt.examples.stale_cache.length);
    assert.match(await stale.first().textContent(), /robots-old\.txt/);
    // Never silent: the malformed lines are said.
    assert.equal(Number(await page.getByTestId('audit-malformed').getAttribute('data-count')), json.malformed);
    assert.ok(json.malformed > 0);
    // The page's top: the summary, the notices, the tables and the first crawler's charts.
    fs.mkdirSync(screenshotDir, { recursive: true });
    await page.screenshot({ path: path.join(screenshotDir, 'audit-report.png'), fullPage: true, clip: { x: 0, y: 0, width: 1280, height: 2000 } });
    assert.deepEqual(problems, []);
  } finally {
    await page.close();
  }
});

test('text from the log stays text: <script> in a URL and a User-Agent runs nothing', async () => {
  const robots = path.join(work, 'robots.txt');
  fs.writeFileSync(robots, 'User-agent: *\nDisallow: /admin/\n');
  const evil = '<script>window.__pwned=1</script>';
  const lines = [
    `192.0.2.1 - - [28/Nov/2026:10:00:00 +0000] "GET /admin/${evil} HTTP/1.1" 200 5 "-" "EvilBot/1.0 ${evil}"`,
    `192.0.2.1 - - [28/Nov/2026:10:00:01 +0000] "GET /admin/x HTTP/1.1" 200 5 "-" "${evil}Bot/2.0"`,
    `192.0.2.1 - - [28/Nov/2026:10:00:02 +0000] "GET /ok HTTP/1.1" 200 5 "-" "Evil<img src=x onerror=window.__pwned=2>Bot/1.0"`,
  ];
  const log = path.join(work, 'evil.log');
  fs.writeFileSync(log, lines.join('\n') + '\n');
  const html = audit([robots, log, '--format', 'html']);
  const { page, problems } = await openReport(html, 'evil.html');
  try {
    assert.equal(await page.evaluate(() => window.__pwned), undefined);
    assert.equal(await page.evaluate(() => document.scripts.length), 0);
    assert.equal(await page.locator('img').count(), 0);
    const urls = await page.locator('[data-testid=audit-violation]').evaluateAll((trs) => trs.map((r) => r.dataset.url));
    assert.ok(urls.includes(`/admin/${evil}`), JSON.stringify(urls));
    assert.ok((await page.locator('[data-testid=audit-violation] td.url').allTextContents()).some((t) => t.includes(evil)));
    assert.ok((await page.getByTestId('audit-crawler').count()) >= 2);
    assert.deepEqual(problems, []);
  } finally {
    await page.close();
  }
});

test('crawlers only reverse DNS verifies, DNS not asked: listed in the verification section as the JSON names them', async () => {
  const robots = path.join(work, 'robots-dns.txt');
  fs.writeFileSync(robots, 'User-agent: *\nDisallow: /admin/\n');
  const yandex = 'Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)';
  const baidu = 'Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)';
  const lines = [
    `192.0.2.1 - - [28/Nov/2026:10:00:00 +0000] "GET /a HTTP/1.1" 200 5 "-" "${yandex}"`,
    `192.0.2.1 - - [28/Nov/2026:10:00:01 +0000] "GET /admin/b HTTP/1.1" 200 5 "-" "${yandex}"`,
    `192.0.2.2 - - [28/Nov/2026:10:00:02 +0000] "GET /c HTTP/1.1" 200 5 "-" "${baidu}"`,
  ];
  const log = path.join(work, 'dns.log');
  fs.writeFileSync(log, lines.join('\n') + '\n');
  const json = JSON.parse(audit([robots, log, '--format', 'json']));
  const expected = json.verification.dns.not_asked_crawlers;
  assert.ok(expected.length >= 2, JSON.stringify(expected));
  const { page, problems } = await openReport(audit([robots, log, '--format', 'html']), 'dns.html');
  try {
    const listed = await page.locator('[data-testid=audit-dns-not-asked-crawler]').evaluateAll((lis) => lis.map((li) => ({
      token: li.dataset.token, requests: Number(li.dataset.requests), text: li.textContent,
    })));
    assert.deepEqual(listed.map(({ token, requests }) => ({ token, requests })), expected);
    assert.ok(listed.every((l) => l.text.includes('unverifiable: DNS not asked')), JSON.stringify(listed));
    assert.ok(await page.getByTestId('audit-dns-not-asked').isVisible());
    assert.equal(Number(await page.getByTestId('audit-dns-not-asked').getAttribute('data-requests')), json.verification.dns.not_asked);
    assert.deepEqual(problems, []);
  } finally {
    await page.close();
  }
});
