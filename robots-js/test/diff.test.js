'use strict';
// `diff`: the package's answer against `robots diff --format json` on real
// corpus files (every change, with both sides' reasons and deciding rules, and
// every crawler whose verdicts change), under two readings, with derived URLs
// and with a URL list. ROBOTS_BIN names the CLI binary (ci.sh builds it);
// target/debug/robots is used when it exists.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFileSync } = require('node:child_process');
const { engine, repo } = require('./helpers.js');

const corpus = path.join(repo, 'testdata', 'corpus');
const bin = process.env.ROBOTS_BIN
	|| [path.join(repo, 'target', 'debug', 'robots')].find((p) => fs.existsSync(p));

test('diff: the URLs that change verdict, with both sides', () => {
	const old = 'User-agent: *\nDisallow: /a\n';
	const now = 'User-agent: *\nDisallow: /b\n\nUser-agent: GPTBot\nDisallow: /\n';
	const d = engine.diff(old, now, { urls: ['/a', '/b', '/c'] });
	assert.equal(d.urls, 3);
	assert.deepEqual(d.changes.map((c) => [c.url, c.old.allowed, c.new.allowed]), [['/a', false, true], ['/b', true, false]]);
	assert.equal(d.changes[0].old.reason, 'rule');
	assert.equal(d.changes[0].old.rule.line, 2);
	assert.equal(d.changes[0].old.rule.pattern, '/a');
	assert.equal(d.changes[0].new.reason, 'no-matching-rule');
	assert.equal(d.changes[0].new.rule, null);
	assert.equal(d.changes[1].new.rule.directive, 'disallow');
	assert.equal(d.derivedCut, null);
	// GPTBot loses /a (which * gained) and /c; * crawlers lose /b and gain /a.
	const gpt = d.crawlers.find((c) => c.agent === 'GPTBot');
	assert.deepEqual({ lost: gpt.lost, gained: gpt.gained, operator: gpt.operator }, { lost: 2, gained: 0, operator: 'OpenAI' });
	const google = d.crawlers.find((c) => c.agent === 'Googlebot');
	assert.deepEqual([google.lost, google.gained], [1, 1]);

	// The chain decides whose changes are listed.
	const forGpt = engine.diff(old, now, { urls: ['/a', '/b', '/c'], chain: ['GPTBot'] });
	assert.deepEqual(forGpt.changes.map((c) => c.url), ['/b', '/c']);
});

test('diff: URLs derived from both files when none are given', () => {
	const d = engine.diff('User-agent: *\nDisallow: /w/a%3A\n', 'User-agent: *\nDisallow: /w/a:\nDisallow: /new/\n');
	// /w/a%3A and /w/a: are one path under rfc9309: derived once, and its verdict stays.
	assert.ok(!d.changes.some((c) => c.url.startsWith('/w/a')), JSON.stringify(d.changes));
	assert.ok(d.changes.some((c) => c.url.startsWith('/new/') && !c.new.allowed), JSON.stringify(d.changes));
	assert.ok(d.urls >= 3);
});

test('diff: wrong arguments throw', () => {
	assert.throws(() => engine.diff(1, ''), TypeError);
	assert.throws(() => engine.diff('', '', { chain: 'GPTBot' }), TypeError);
	assert.throws(() => engine.diff('', '', { urls: [1] }), TypeError);
	assert.throws(() => engine.diff('', '', { chain: [] }), RangeError);
	assert.throws(() => engine.diff('', '', { profile: 'nope' }), RangeError);
});

function cliLines(args) {
	let out;
	try {
		out = execFileSync(bin, args, { encoding: 'utf8', maxBuffer: 1 << 28, stdio: ['ignore', 'pipe', 'ignore'] });
	} catch (error) {
		// Exit 1: some verdict changes; the output is the answer.
		if (error.status !== 1) throw error;
		out = error.stdout;
	}
	return out.split('\n').filter(Boolean).map((l) => JSON.parse(l));
}

/** The CLI's JSON fields of one side of a change. */
function side(v) {
	return { allowed: v.allowed, reason: v.reason, rule: v.rule && { line: v.rule.line, directive: v.rule.directive, pattern: v.rule.pattern } };
}

/** Pairs of different real files (old, new), and a file against itself minus its last rules. */
function pairs(tmp) {
	const sites = fs.readdirSync(corpus).filter((f) => f.endsWith('.txt')).sort();
	const sample = sites.filter((_, i) => i % 23 === 0).map((f) => path.join(corpus, f));
	const out = [];
	for (let i = 0; i + 1 < sample.length; i += 2) out.push([sample[i], sample[i + 1]]);
	for (const file of sample.slice(0, 4)) {
		const lines = fs.readFileSync(file, 'utf8').split('\n');
		const cut = path.join(tmp, `cut-${path.basename(file)}`);
		fs.writeFileSync(cut, lines.slice(0, Math.max(1, Math.floor(lines.length * 0.7))).join('\n'));
		out.push([file, cut]);
	}
	return out;
}

test('diff equals `robots diff --format json` on corpus files', { skip: bin ? false : 'set ROBOTS_BIN to the robots CLI (ci.sh does)' }, () => {
	const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'robots-js-diff-'));
	try {
		let changes = 0;
		let crawlerRows = 0;
		const list = pairs(tmp);
		assert.ok(list.length >= 8, `${list.length} pairs`);
		for (const [oldFile, newFile] of list) {
			const before = new Uint8Array(fs.readFileSync(oldFile));
			const after = new Uint8Array(fs.readFileSync(newFile));
			// AdsBot-Google ignores `*` (the registry says so): as the CLI, only
			// groups naming it count for it.
			for (const [profile, agent] of [['rfc9309', 'Googlebot-Image'], ['google', 'GPTBot'], ['google', 'AdsBot-Google']]) {
				const chain = engine.crawlerChain(agent);
				const obeysWildcard = engine.crawlerObeysWildcard(agent);
				const what = `${path.basename(oldFile)} -> ${path.basename(newFile)} (${profile}, ${chain.join(' > ')})`;
				const fallbacks = chain.slice(1).flatMap((f) => ['--fallback', f]);
				const got = engine.diff(before, after, { profile, chain, obeysWildcard });

				const expected = cliLines(['diff', oldFile, newFile, '--profile', profile, '--agent', chain[0], ...fallbacks, '--format', 'json']);
				assert.deepEqual(got.changes.map((c) => ({ url: c.url, old: side(c.old), new: side(c.new) })), expected, what);
				changes += expected.length;

				const everyCrawler = cliLines(['diff', oldFile, newFile, '--profile', profile, '--format', 'json']);
				assert.deepEqual(got.crawlers, everyCrawler, `${what}: every crawler`);
				crawlerRows += everyCrawler.length;

				// A URL list: the file's own corpus URLs.
				const urlsFile = oldFile.replace(/\.txt$/, '.urls');
				if (fs.existsSync(urlsFile)) {
					// As the CLI reads a list: trimmed, without blank and `#` lines.
					const urls = fs.readFileSync(urlsFile, 'utf8').split('\n').map((l) => l.replace(/^[\t\n\f\r ]+|[\t\n\f\r ]+$/g, ''))
						.filter((l) => l !== '' && !l.startsWith('#')).slice(0, 400);
					const listFile = path.join(tmp, 'urls.txt');
					fs.writeFileSync(listFile, urls.join('\n') + '\n');
					const withList = engine.diff(before, after, { profile, chain, obeysWildcard, urls });
					assert.equal(withList.urls, urls.length);
					const fromCli = cliLines(['diff', oldFile, newFile, '--profile', profile, '--agent', chain[0], ...fallbacks, '--urls', listFile, '--format', 'json']);
					assert.deepEqual(withList.changes.map((c) => ({ url: c.url, old: side(c.old), new: side(c.new) })), fromCli, `${what}: --urls`);
					changes += fromCli.length;
				}
			}
		}
		// The comparison is only worth something if verdicts did change.
		assert.ok(changes > 100, `${changes} changes compared`);
		assert.ok(crawlerRows > 20, `${crawlerRows} crawler rows compared`);
	} finally {
		fs.rmSync(tmp, { recursive: true, force: true });
	}
});
