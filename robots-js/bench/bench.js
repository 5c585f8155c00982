'use strict';
// robots-engine against robots-parser@3.0.1, side by side in one run (Node).
//   node robots-js/bench/bench.js            (after bash robots-js/build.sh)
//   ROBOTS_JS_ENGINE_ONLY=DIR node ...      also weighs DIR/robots_engine_bg.wasm
//                                            (bash robots-js/build.sh --engine-only DIR)
// robots-parser is installed from npm into a scratch directory at run time.
// Figures are ratios measured in the same process, over 9 interleaved rounds (one
// of each side per round), each side's fastest round: another process's load
// only ever adds time, and it moves between rounds, so the fastest round of each
// is the least disturbed (the median moved by 40% between runs on a shared machine).
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFileSync } = require('node:child_process');

const pkgDir = process.env.ROBOTS_JS_PKG || path.join(__dirname, '..', 'pkg');
const { Policy } = require(pkgDir);
const scratch = path.join(os.tmpdir(), 'robots-engine-bench');
if (!fs.existsSync(path.join(scratch, 'node_modules', 'robots-parser'))) {
	fs.mkdirSync(scratch, { recursive: true });
	fs.writeFileSync(path.join(scratch, 'package.json'), '{ "private": true }\n');
	execFileSync('npm', ['install', '--no-save', '--no-audit', '--no-fund', '--silent', 'robots-parser@3.0.1'], { cwd: scratch, stdio: 'inherit' });
}
const robotsParser = require(path.join(scratch, 'node_modules', 'robots-parser'));

const corpus = path.join(__dirname, '..', '..', 'testdata', 'corpus');
const ORIGIN = 'https://example.com';
const AGENT = 'Googlebot';

const ROUNDS = 9;

function fastest(xs) {
	return Math.min(...xs);
}

/** Milliseconds one call of `fn` takes. */
function time(fn) {
	const t = process.hrtime.bigint();
	fn();
	return Number(process.hrtime.bigint() - t) / 1e6;
}

/**
 * The fastest of ROUNDS timings of each of `variants`, after one warm-up call
 * each. Rounds are interleaved (one call of each per round), so a change in
 * the machine's load falls on every variant alike.
 */
function fastestInterleaved(variants) {
	const samples = variants.map(() => []);
	variants.forEach((v) => v());
	for (let round = 0; round < ROUNDS; round++) {
		variants.forEach((v, i) => samples[i].push(time(v)));
	}
	return samples.map(fastest);
}

function load(site) {
	const text = fs.readFileSync(path.join(corpus, `${site}.txt`), 'utf8');
	const urls = fs.readFileSync(path.join(corpus, `${site}.urls`), 'utf8').split('\n').filter(Boolean).map((p) => ORIGIN + p);
	return { site, text, urls };
}

const sites = fs.readdirSync(corpus).filter((f) => f.endsWith('.txt')).map((f) => f.slice(0, -4)).sort();
const rows = [];
let sink = 0;

// 1. Single pre-parsed checks, a typical file (the corpus median by size).
const bySize = sites.map((s) => [s, fs.statSync(path.join(corpus, `${s}.txt`)).size]).sort((a, b) => a[1] - b[1]);
const typical = load(bySize[bySize.length >> 1][0]);
{
	const ours = new Policy(typical.text, { profile: 'google' });
	const matcher = ours.matcher(AGENT);
	const theirs = robotsParser(`${ORIGIN}/robots.txt`, typical.text);
	const reps = 50;
	const n = typical.urls.length * reps;
	const [tTheirs, tPolicy, tMatcher, tMany] = fastestInterleaved([
		() => { for (let r = 0; r < reps; r++) for (const u of typical.urls) sink += theirs.isAllowed(u, AGENT) ? 1 : 0; },
		() => { for (let r = 0; r < reps; r++) for (const u of typical.urls) sink += ours.isAllowed(AGENT, u) ? 1 : 0; },
		() => { for (let r = 0; r < reps; r++) for (const u of typical.urls) sink += matcher.isAllowed(u) ? 1 : 0; },
		() => { for (let r = 0; r < reps; r++) sink += matcher.allowedMany(typical.urls)[0]; }
	]);
	const ns = (t) => (t * 1e6 / n).toFixed(0);
	rows.push([`check, ${typical.site} (${typical.text.length} B), ns/URL`, ns(tTheirs), ns(tPolicy), (tTheirs / tPolicy).toFixed(1) + 'x']);
	rows.push(['  matcher.isAllowed(url), ns/URL', ns(tTheirs), ns(tMatcher), (tTheirs / tMatcher).toFixed(1) + 'x']);
	rows.push(['  allowedMany (2,000 URLs a call), ns/URL', ns(tTheirs), ns(tMany), (tTheirs / tMany).toFixed(1) + 'x']);
	ours.free();
}

// 2. Parse: every corpus file under 500 KiB, once each per run.
{
	const files = bySize.filter(([, size]) => size < 512000).map(([s]) => fs.readFileSync(path.join(corpus, `${s}.txt`), 'utf8'));
	const theirs = () => { for (const t of files) sink += robotsParser(`${ORIGIN}/robots.txt`, t).getSitemaps().length; };
	const ours = () => { for (const t of files) { const p = new Policy(t, { profile: 'google' }); sink += p.sitemaps.length; p.free(); } };
	const [tTheirs, tOurs] = fastestInterleaved([theirs, ours]);
	rows.push([`parse, ${files.length} corpus files, ms`, tTheirs.toFixed(1), tOurs.toFixed(1), (tTheirs / tOurs).toFixed(1) + 'x']);
}

// 2b. Parse and one check: a file's first verdict (ours builds its tables on
// first need, so this is where the parse's deferred work is paid).
{
	const files = bySize.filter(([, size]) => size < 512000).map(([s]) => load(s)).map(({ text, urls }) => [text, urls[0] || `${ORIGIN}/`]);
	const theirs = () => { for (const [t, u] of files) sink += robotsParser(`${ORIGIN}/robots.txt`, t).isAllowed(u, AGENT) ? 1 : 0; };
	const ours = () => { for (const [t, u] of files) { const p = new Policy(t, { profile: 'google' }); sink += p.isAllowed(AGENT, u) ? 1 : 0; p.free(); } };
	const [tTheirs, tOurs] = fastestInterleaved([theirs, ours]);
	rows.push([`parse + first check, ${files.length} files, ms`, tTheirs.toFixed(1), tOurs.toFixed(1), (tTheirs / tOurs).toFixed(1) + 'x']);
}

// 3. Agreement with the engine's google profile over the corpus (first 500 URLs a file).
{
	let total = 0;
	let agree = 0;
	let files = 0;
	for (const site of sites) {
		const { text, urls } = load(site);
		if (text.length > 512000) continue;
		const sample = urls.slice(0, 500);
		const ours = new Policy(text, { profile: 'google' });
		const verdicts = ours.allowedMany(AGENT, sample);
		const theirs = robotsParser(`${ORIGIN}/robots.txt`, text);
		sample.forEach((u, i) => { total++; if ((theirs.isAllowed(u, AGENT) === true) === (verdicts[i] === 1)) agree++; });
		ours.free();
		files++;
	}
	rows.push([`agreement with google profile, ${files} files, ${total} URLs`, (100 * agree / total).toFixed(2) + '%', '100%', '']);
}

// 4. The .wasm, gzip -9 (what a page downloads).
{
	const zlib = require('node:zlib');
	const gz = (file) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
	const kb = (n) => `${(n / 1000).toFixed(0)} KB`;
	const full = path.join(pkgDir, 'web', 'robots_engine_bg.wasm');
	rows.push(['.wasm gzipped, full API', '', kb(gz(full)), `${kb(fs.statSync(full).size)} raw`]);
	const engineDir = process.env.ROBOTS_JS_ENGINE_ONLY;
	if (engineDir) {
		const engine = path.join(engineDir, 'robots_engine_bg.wasm');
		rows.push(['.wasm gzipped, engine only (--no-default-features)', '', kb(gz(engine)), `${kb(fs.statSync(engine).size)} raw`]);
	}
}

const widths = [0, 1, 2, 3].map((c) => Math.max(...rows.map((r) => String(r[c]).length), ['', 'robots-parser', 'robots-engine', 'ratio'][c].length));
const line = (r) => '| ' + r.map((x, c) => String(x).padEnd(widths[c])).join(' | ') + ' |';
console.log(`Node ${process.version}, ${os.cpus()[0].model}`);
console.log(line(['', 'robots-parser', 'robots-engine', 'ratio']));
console.log('|' + widths.map((w) => '-'.repeat(w + 2)).join('|') + '|');
rows.forEach((r) => console.log(line(r)));
if (sink === 0.5) console.log(sink);
