// The page's timings in Chromium (reported in BENCHMARKS.md, never asserted):
//   - verdicts for 10,000 URLs (engine time in the worker, and from the input
//     to the drawn table);
//   - lint and report of the largest corpus file (www.xuexi.cn.txt, 3.7 MB);
//   - typing in a 500-line file: the main thread's long tasks per keystroke.
//
//   node web/test/timings.mjs      (after bash web/build.sh)
//
// Writes web/test-results/timings.json and prints it.

import fs from 'node:fs';
import path from 'node:path';
import { serveDist, launch, openPage, settle, corpusDir, resultsDir } from './harness.mjs';

const RUNS = Number(process.env.ROBOTS_WEB_RUNS ?? 5);

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

const round = (x) => Math.round(x * 10) / 10;

const server = await serveDist();
const browser = await launch();
const results = { runs: RUNS, chromium: browser.context.browser()?.version() ?? null };
try {
  const { page } = await openPage(browser.context, server.url);

  // 10,000 URLs: the corpus paths of several files, against a mid-sized file.
  const urlFiles = fs.readdirSync(corpusDir).filter((f) => f.endsWith('.urls')).sort();
  const urls = [];
  for (const f of urlFiles) {
    if (urls.length >= 10_000) break;
    urls.push(...fs.readFileSync(path.join(corpusDir, f), 'utf8').split('\n').filter((l) => l !== ''));
  }
  urls.length = 10_000;
  await settle(page, () => page.getByTestId('file-open').setInputFiles(path.join(corpusDir, 'cz.pinterest.com.txt')));
  const verdictRuns = [];
  for (let i = 0; i < RUNS; i++) {
    // Alternate the last URL so each run is a real change.
    const list = urls.slice();
    list[list.length - 1] = `/run-${i}`;
    // Set the value and fire `input`, as a paste does: Chromium's own text
    // insertion (Playwright's fill) takes quadratic time in a <textarea>.
    await settle(page, () => page.getByTestId('urls-input').evaluate((el, value) => {
      el.value = value;
      el.dispatchEvent(new Event('input', { bubbles: true }));
    }, list.join('\n')));
    verdictRuns.push(await page.evaluate(() => window.__robots.timings));
  }
  results.urls10k = {
    urls: verdictRuns[0].urls,
    engineMs: round(median(verdictRuns.map((t) => t.verdicts))),
    inputToTableMs: round(median(verdictRuns.map((t) => t.total))),
    renderMs: round(median(verdictRuns.map((t) => t.render))),
  };

  // The largest corpus file: notices, parse, lint, report.
  await settle(page, () => page.getByTestId('urls-input').fill('/'));
  const big = path.join(corpusDir, 'www.xuexi.cn.txt');
  const other = path.join(corpusDir, 'docs.oracle.com.txt');
  const bigRuns = [];
  for (let i = 0; i < RUNS; i++) {
    await settle(page, () => page.getByTestId('file-open').setInputFiles(other));
    await settle(page, () => page.getByTestId('file-open').setInputFiles(big));
    bigRuns.push(await page.evaluate(() => window.__robots.timings));
  }
  const pick = (k) => round(median(bigRuns.map((t) => t[k])));
  results.largest = {
    file: 'www.xuexi.cn.txt',
    bytes: fs.statSync(big).size,
    lintMs: pick('lint'),
    reportMs: pick('report'),
    parseMs: pick('parse'),
    noticesMs: pick('notices'),
    lintPlusReportMs: round(median(bigRuns.map((t) => t.lint + t.report))),
    fileToDrawnMs: pick('total'),
  };

  // Typing in a 500-line file: long tasks (> 50 ms) on the main thread.
  const lines = fs.readFileSync(path.join(corpusDir, 'cz.pinterest.com.txt'), 'utf8').split('\n').slice(0, 500);
  while (lines.length < 500) lines.push(`Disallow: /filler-${lines.length}`);
  await settle(page, () => page.getByTestId('robots-input').fill(lines.join('\n')));
  await settle(page, () => page.getByTestId('urls-input').evaluate((el, value) => {
    el.value = value;
    el.dispatchEvent(new Event('input', { bubbles: true }));
  }, urls.slice(0, 1000).join('\n')));
  await page.evaluate(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longTasks.push(e.duration);
    }).observe({ type: 'longtask' });
    window.__events = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (e.name === 'keydown' || e.name === 'keypress' || e.name === 'beforeinput' || e.name === 'input') window.__events.push(e.duration);
    }).observe({ type: 'event', durationThreshold: 16, buffered: false });
  });
  await page.locator('.cm-content').click();
  await page.keyboard.press('Control+End');
  const typed = '\nDisallow: /typed-by-the-benchmark-*/page$';
  // Slower than the page's 120 ms pause, so results are recomputed and drawn between keystrokes.
  await page.keyboard.type(typed, { delay: 150 });
  await page.waitForFunction(() => document.body.dataset.state === 'ready');
  await page.waitForTimeout(1500);
  const { longTasks, events } = await page.evaluate(() => ({ longTasks: window.__longTasks, events: window.__events }));
  results.typing = {
    fileLines: 500,
    urls: 1000,
    keystrokes: typed.length,
    longTasksOver50ms: longTasks.length,
    longestTaskMs: longTasks.length ? round(Math.max(...longTasks)) : 0,
    slowEventsOver16ms: events.length,
    slowestEventMs: events.length ? round(Math.max(...events)) : 0,
  };
} finally {
  await browser.close();
  await server.close();
}

fs.mkdirSync(resultsDir, { recursive: true });
const out = path.join(resultsDir, 'timings.json');
fs.writeFileSync(out, JSON.stringify(results, null, 2) + '\n');
console.log(JSON.stringify(results, null, 2));
console.log(`timings written to ${out}`);
