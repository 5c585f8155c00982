// The page's log audit speed in Chromium (reported in BENCHMARKS.md, never
// asserted): lines per second of the audit in the page's worker (reading the
// file, gzip, the audit and drawing the report in WebAssembly), for a plain and
// a gzip log of benches/audit/gen_log.py, against the `robots` CLI on the same
// files in the same run (the peer: the same audit, native).
//
//   node web/test/audit-timings.mjs [LINES]      (after bash web/build.sh; default 200,000)
//
// ROBOTS_BIN names the CLI (a release build: cargo build --release -p robots-cli).
// Writes web/test-results/audit-timings.json and prints it.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { serveDist, launch, openPage, settle, resultsDir, rootDir, robotsBinary } from './harness.mjs';

const LINES = Number(process.argv[2] ?? 200_000);
const RUNS = Number(process.env.ROBOTS_WEB_RUNS ?? 3);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'robots-audit-timings-'));
const plain = path.join(work, 'access.log');
fs.writeFileSync(plain, execFileSync('python3', [path.join(rootDir, 'benches/audit/gen_log.py'), String(LINES)], { maxBuffer: 1 << 30 }));
const gzip = path.join(work, 'access.log.gz');
execFileSync('sh', ['-c', `gzip -c "${plain}" > "${gzip}"`]);
const robotsTxt = path.join(rootDir, 'benches/audit/sites/www.shop.example.txt');

/** The CLI's wall time for the same audit (the same robots.txt for every host). */
function cli(log) {
  const bin = process.env.ROBOTS_BIN ?? robotsBinary();
  if (!bin) return null;
  const times = [];
  for (let i = 0; i < RUNS; i++) {
    const started = process.hrtime.bigint();
    try {
      execFileSync(bin, ['audit', robotsTxt, log, '--format', 'json'], { stdio: ['ignore', 'ignore', 'ignore'], maxBuffer: 1 << 28 });
    } catch (error) {
      if (error.status !== 1) throw error;
    }
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  return { bin: path.relative(rootDir, bin), ms: Math.round(median(times)), linesPerSecond: Math.round((LINES * 1000) / median(times)) };
}

const results = { lines: LINES, runs: RUNS, load: fs.readFileSync('/proc/loadavg', 'utf8').trim() };
const server = await serveDist();
const browser = await launch();
try {
  results.chromium = browser.context.browser()?.version() ?? null;
  const { page } = await openPage(browser.context, server.url);
  await settle(page, () => page.getByTestId('file-open').setInputFiles(robotsTxt));
  for (const [name, file] of [['plain', plain], ['gzip', gzip]]) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      await page.evaluate(() => { document.getElementById('audit-status').dataset.linesPerSecond = ''; });
      // A new File each time (the same bytes): the page audits every file it is given.
      await page.getByTestId('log-open').setInputFiles([]);
      await page.getByTestId('log-open').setInputFiles(file);
      await page.waitForFunction(() => document.getElementById('audit-status').dataset.linesPerSecond, null, { timeout: 600_000 });
      runs.push(await page.getByTestId('audit-status').evaluate((s) => ({ ms: Number(s.dataset.ms), lines: Number(s.dataset.lines) })));
    }
    const ms = median(runs.map((r) => r.ms));
    const native = cli(file);
    results[name] = {
      bytes: fs.statSync(file).size,
      pageMs: Math.round(ms),
      pageLinesPerSecond: Math.round((runs[0].lines * 1000) / ms),
      cli: native,
      pageOverCli: native ? Math.round((native.ms / ms) * 1000) / 1000 : null,
    };
  }
} finally {
  await browser.close();
  await server.close();
  fs.rmSync(work, { recursive: true, force: true });
}

fs.mkdirSync(resultsDir, { recursive: true });
const out = path.join(resultsDir, 'audit-timings.json');
fs.writeFileSync(out, JSON.stringify(results, null, 2) + '\n');
console.log(JSON.stringify(results, null, 2));
console.log(`audit timings written to ${out}`);
