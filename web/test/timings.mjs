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
import zlib from 'node:zlib';
import { serveDist, launch, openPage, settle, corpusDir, resultsDir, distDir, fiveHundredLines, typeAndRecord } from './harness.mjs';

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
  const fills = [];
  for (let i = 0; i < RUNS; i++) {
    // Alternate the last URL so each run is a real change. fill(), as a paste:
    // the page writes a long insertion into the <textarea> at once.
    const list = urls.slice();
    list[list.length - 1] = `/run-${i}`;
    const started = Date.now();
    await settle(page, () => page.getByTestId('urls-input').fill(list.join('\n')));
    fills.push(Date.now() - started);
    verdictRuns.push(await page.evaluate(() => window.__robots.timings));
  }
  results.urls10k = {
    urls: verdictRuns[0].urls,
    engineMs: round(median(verdictRuns.map((t) => t.verdicts))),
    inputToTableMs: round(median(verdictRuns.map((t) => t.total))),
    renderMs: round(median(verdictRuns.map((t) => t.render))),
    fillToTableMs: round(median(fills)),
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

  // Typing in a 500-line file: long tasks (> 50 ms) on the main thread, from
  // the page's PerformanceObserver (wall time), and each task's CPU time from
  // a Chromium trace (what the task costs, whatever else the machine runs).
  await settle(page, () => page.getByTestId('robots-input').fill(fiveHundredLines()));
  await settle(page, () => page.getByTestId('urls-input').fill(urls.slice(0, 1000).join('\n')));
  const cdp = await browser.context.newCDPSession(page);
  const events = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
  const traced = new Promise((resolve) => cdp.on('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline', transferMode: 'ReportEvents' });
  const typing = await typeAndRecord(page, '\n\nUser-agent: *\nDisallow: /typed-by-the-benchmark-*/page$');
  await cdp.send('Tracing.end');
  await traced;
  const mainThreads = new Set(events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const tasks = events.filter((e) => e.ph === 'X' && e.name === 'RunTask' && mainThreads.has(`${e.pid}:${e.tid}`) && e.tdur !== undefined);
  const cpu = tasks.map((t) => t.tdur / 1000);
  results.typing = {
    fileLines: 500,
    urls: 1000,
    ...typing,
    tasksOver50msCpu: cpu.filter((ms) => ms > 50).length,
    longestTaskCpuMs: round(Math.max(0, ...cpu)),
    mainThreadCpuMs: round(cpu.reduce((a, b) => a + b, 0)),
  };
} finally {
  await browser.close();
  await server.close();
}

// What a visitor downloads.
results.bundle = Object.fromEntries(fs.readdirSync(distDir).filter((f) => fs.statSync(path.join(distDir, f)).isFile()).map((f) => {
  const bytes = fs.readFileSync(path.join(distDir, f));
  return [f, { bytes: bytes.length, gzipped: zlib.gzipSync(bytes, { level: 9 }).length }];
}));

fs.mkdirSync(resultsDir, { recursive: true });
const out = path.join(resultsDir, 'timings.json');
fs.writeFileSync(out, JSON.stringify(results, null, 2) + '\n');
console.log(JSON.stringify(results, null, 2));
console.log(`timings written to ${out}`);
