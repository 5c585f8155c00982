'use strict';
// policy.classify(agent) / matcher.classify(): every path, none, or some,
// decided over the rules. Checked against the Rust CLI's `robots report
// --format json` access column (ROBOTS_BIN) on a corpus sample, against the
// package's own report (the same Rust computation reached another way), and
// against the matcher on each witness and on every corpus URL of the file.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { execFileSync } = require('node:child_process');
const { engine, repo, camelCase } = require('./helpers.js');
const { Policy, report } = engine;

const corpus = path.join(repo, 'testdata', 'corpus');
const bin = process.env.ROBOTS_BIN;

test('the four answers, with their deciding rules and witnesses', () => {
	const robots = 'User-agent: GPTBot\nDisallow: /\n\nUser-agent: *\nDisallow: /private/\nAllow: /private/press/\n';
	const p = new Policy(robots, { profile: 'google' });
	const gpt = p.classify('GPTBot');
	assert.equal(gpt.access, 'blocked');
	assert.deepEqual(gpt.rules.map((r) => [r.line, r.directive, r.pattern]), [[2, 'disallow', '/']]);
	assert.equal(gpt.allowed, null);
	assert.equal(gpt.undecided, null);
	const google = p.classify('Googlebot');
	assert.equal(google.access, 'partial');
	assert.deepEqual(google.rules, []);
	assert.equal(google.disallowed.path, '/private/');
	assert.equal(google.disallowed.rule.line, 5);
	assert.equal(p.isAllowed('Googlebot', google.allowed.path), true);
	assert.equal(p.isAllowed('Googlebot', google.disallowed.path), false);
	assert.deepEqual(p.matcher('Googlebot').classify(), google);

	const open = new Policy('User-agent: *\nDisallow:\n');
	assert.deepEqual(open.classify('any'), { access: 'allowed', rules: [], allowed: null, disallowed: null, undecided: null });
	const allow = new Policy('User-agent: *\nAllow: /\n');
	assert.deepEqual(allow.classify('any').rules.map((r) => r.line), [2]);
	// A chain: Googlebot-Image obeys Googlebot's group.
	const chain = new Policy('User-agent: Googlebot\nDisallow: /\n\nUser-agent: *\nAllow: /\n', { profile: 'google' });
	assert.equal(chain.matcherChain(['Googlebot-Image', 'Googlebot']).classify().access, 'blocked');
	assert.equal(chain.classify('Googlebot-Image').access, 'allowed');
});

function sample() {
	const sites = fs.readdirSync(corpus).filter((f) => f.endsWith('.txt')).sort();
	return sites.filter((_, i) => i % 12 === 0).map((f) => path.join(corpus, f));
}

/** The report's access object (camelCase, as the package writes it) from a classification. */
function accessOf(c) {
	if (c.access === 'partial') {
		return {
			kind: 'partial',
			allowedPath: c.allowed.path, allowedLine: c.allowed.rule ? c.allowed.rule.line : null,
			disallowedPath: c.disallowed.path, disallowedLine: c.disallowed.rule ? c.disallowed.rule.line : null
		};
	}
	if (c.access === 'undecided') return { kind: 'undecided', reason: c.undecided.reason };
	return { kind: c.access };
}

function checkFile(file, profile, reportJson) {
	const bytes = new Uint8Array(fs.readFileSync(file));
	const p = new Policy(bytes, { profile });
	const urls = fs.readFileSync(file.replace(/\.txt$/, '.urls'), 'utf8').split('\n').filter(Boolean);
	let rows = 0;
	for (const row of reportJson.crawlers) {
		if (row.group.applies === 'ignores-wildcard') continue;
		const m = p.matcherChain(row.chain);
		const c = m.classify();
		assert.deepEqual(accessOf(c), row.access, `${path.basename(file)} ${profile} ${row.token}`);
		if (c.access === 'partial') {
			assert.equal(m.isAllowed(c.allowed.path), true);
			assert.equal(m.isAllowed(c.disallowed.path), false);
		} else if (c.access !== 'undecided') {
			const want = c.access === 'allowed' ? 1 : 0;
			const got = m.allowedMany(urls.filter((u) => !u.startsWith('/robots.txt')));
			assert.ok(got.every((b) => b === want), `${path.basename(file)} ${profile} ${row.token}: a URL disagrees with ${c.access}`);
		}
		m.free();
		rows++;
	}
	p.free();
	return rows;
}

test('corpus sample: classify equals the package report\'s access, and holds on every URL', () => {
	let rows = 0;
	for (const file of sample()) {
		for (const profile of ['rfc9309', 'google']) {
			rows += checkFile(file, profile, report(new Uint8Array(fs.readFileSync(file)), { profile }));
		}
	}
	assert.ok(rows > 1000, `${rows} crawler answers compared`);
});

test('corpus sample: classify equals the Rust CLI\'s report access', { skip: bin ? false : 'set ROBOTS_BIN to the robots CLI (ci.sh does)' }, () => {
	let rows = 0;
	for (const file of sample().slice(0, 12)) {
		for (const profile of ['rfc9309', 'google']) {
			const out = execFileSync(bin, ['report', '--format', 'json', '--profile', profile, file],
				{ encoding: 'utf8', maxBuffer: 1 << 28, stdio: ['ignore', 'pipe', 'ignore'] });
			rows += checkFile(file, profile, camelCase(JSON.parse(out)));
		}
	}
	assert.ok(rows > 500, `${rows} crawler answers compared`);
});
