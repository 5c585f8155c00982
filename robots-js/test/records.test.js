'use strict';
// The typed records, the AI-era ones included (Content-Signal, Content-Usage,
// LLM-Policy, RSL's License), on the repository's lint fixtures (testdata/lint), checked
// against the files' own text and against lint's findings on the same lines.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { engine, repo, camelCase } = require('./helpers.js');
const { Policy, lint, profiles } = engine;

const fixture = (name) => fs.readFileSync(path.join(repo, 'testdata', 'lint', name), 'utf8');

test('Content-Signal, Content-Usage and LLM-Policy of clean.txt, under every profile', () => {
	const text = fixture('clean.txt');
	for (const profile of profiles) {
		const p = new Policy(text, { profile });
		// The `*` group's signals; Googlebot's own group states none.
		assert.deepEqual(p.contentSignals('ExampleBot'), { search: true, 'ai-input': true, 'ai-train': false }, profile);
		assert.equal(p.contentSignals('Googlebot'), null, profile);
		// Longest matching Content-Usage path wins; a rule without a path matches every path.
		assert.deepEqual(p.contentUsage('ExampleBot', '/blog/post'), { 'train-ai': false, search: null }, profile);
		assert.deepEqual(p.contentUsage('ExampleBot', 'https://example.com/open/data.csv'), { 'train-ai': true, search: true }, profile);
		assert.equal(p.contentUsage('Googlebot', '/open/x'), null, profile);
		assert.deepEqual(p.llmPolicies, ['https://example.com/llm-policy.json'], profile);
		assert.deepEqual(p.licenses, ['https://example.com/license.xml'], profile);
		assert.deepEqual(p.sitemaps, ['https://example.com/sitemap.xml'], profile);
		// The matcher answers the same without the agent.
		const m = p.matcher('ExampleBot');
		assert.deepEqual(m.contentSignals(), p.contentSignals('ExampleBot'));
		assert.deepEqual(m.contentUsage('/open/'), p.contentUsage('ExampleBot', '/open/'));
		p.free();
	}
});

test('records() gives every record with its typed value and its line in the text', () => {
	const text = fixture('clean.txt');
	const lines = text.split('\n');
	const p = new Policy(text);
	const records = p.records();
	const by = (d) => records.filter((r) => r.directive === d);
	for (const r of records) {
		// The value is the text after the colon on that line.
		const line = lines[r.line - 1];
		assert.equal(line.slice(line.indexOf(':') + 1).trim(), r.value, `line ${r.line}`);
		assert.equal(r.valid, true, `line ${r.line}`);
	}
	assert.deepEqual(by('crawl-delay').map((r) => r.parsed), [5]);
	assert.deepEqual(by('content-signal').map((r) => r.parsed), [{ search: true, 'ai-input': true, 'ai-train': false }]);
	assert.deepEqual(by('content-usage').map((r) => r.parsed), [
		{ path: null, prefs: { 'train-ai': false, search: null } },
		{ path: '/open/', prefs: { 'train-ai': true, search: true } }
	]);
	// Group-scoped records name their group; LLM-Policy and Sitemap are file-wide.
	assert.ok(by('content-signal').every((r) => r.group === 0));
	assert.deepEqual(by('llm-policy').map((r) => [r.group, r.parsed, r.value]), [[null, null, 'https://example.com/llm-policy.json']]);
	assert.deepEqual(by('license').map((r) => [r.group, r.parsed, r.value]), [[null, null, 'https://example.com/license.xml']]);
});

test('a tie between Content-Usage rules of one path: a `n` wins', () => {
	const p = new Policy('User-agent: *\nContent-Usage: /a/ train-ai=y\nContent-Usage: /a/ train-ai=n, search=y\nAllow: /\n');
	assert.deepEqual(p.contentUsage('bot', '/a/x'), { 'train-ai': false, search: true });
	assert.equal(p.contentUsage('bot', '/b'), null);
});

test('invalid AI-era records are kept as invalid, skipped by the typed answers, and linted on the same line', () => {
	for (const [name, code] of [
		['invalid-content-signal.txt', 'invalid-content-signal'],
		['invalid-content-usage.txt', 'invalid-content-usage'],
		['invalid-llm-policy.txt', 'invalid-llm-policy'],
		['invalid-license.txt', 'invalid-license']
	]) {
		const text = fixture(name);
		const p = new Policy(text);
		const invalid = p.records().filter((r) => !r.valid);
		assert.ok(invalid.length > 0, name);
		const flagged = new Set(lint(text).filter((f) => f.code === code).map((f) => f.line));
		assert.ok(flagged.size > 0, `${name}: lint names ${code}`);
		for (const r of invalid) {
			assert.equal(r.parsed, null, `${name} line ${r.line}`);
			assert.ok(flagged.has(r.line), `${name}: line ${r.line} is invalid and linted ${code}`);
		}
		if (code === 'invalid-llm-policy') {
			for (const url of p.llmPolicies) assert.ok(/^https?:\/\//.test(url), url);
		}
		if (code === 'invalid-license') assert.deepEqual(p.licenses, [], name);
		p.free();
	}
});

test('the Cloudflare managed robots.txt form: signals scoped to the group, unknown agents get `*`', () => {
	const text = [
		'User-agent: *',
		'Content-Signal: search=yes,ai-train=no',
		'Allow: /',
		'',
		'User-agent: GPTBot',
		'Disallow: /',
		''
	].join('\n');
	const p = new Policy(text, { profile: 'google' });
	assert.deepEqual(p.contentSignals('Bingbot'), { search: true, 'ai-input': null, 'ai-train': false });
	assert.equal(p.contentSignals('GPTBot'), null);
	assert.equal(p.isAllowed('GPTBot', '/'), false);
});

test('report: each crawler\'s aiRecords, registry verification and the file\'s llmPolicies equal the Rust CLI\'s report JSON (its keys in camelCase)', { skip: process.env.ROBOTS_BIN ? false : 'set ROBOTS_BIN to the robots CLI (ci.sh does)' }, () => {
	const { execFileSync } = require('node:child_process');
	const { report } = engine;
	const file = path.join(repo, 'testdata', 'report', 'ai-records.txt');
	for (const profile of ['rfc9309', 'google']) {
		const cli = camelCase(JSON.parse(execFileSync(process.env.ROBOTS_BIN, ['report', '--format', 'json', '--profile', profile, file], { encoding: 'utf8' })));
		const ours = report(fs.readFileSync(file, 'utf8'), { profile });
		assert.deepEqual(ours.llmPolicies, cli.llmPolicies, profile);
		assert.ok(cli.llmPolicies.length > 0, 'the fixture names an LLM-Policy');
		assert.deepEqual(ours.licenses, cli.licenses, profile);
		assert.deepEqual(cli.licenses, ['https://example.com/license.xml'], 'the fixture names one valid License');
		assert.equal(ours.crawlers.length, cli.crawlers.length, profile);
		let stated = 0;
		cli.crawlers.forEach((row, i) => {
			assert.equal(ours.crawlers[i].token, row.token);
			assert.deepEqual(ours.crawlers[i].aiRecords, row.aiRecords, `${profile} ${row.token}`);
			assert.deepEqual(ours.crawlers[i].access, row.access, `${profile} ${row.token}`);
			assert.equal(ours.crawlers[i].verification, row.verification, `${profile} ${row.token}`);
			assert.ok(['operator', 'secondary'].includes(row.verification), row.verification);
			if (row.aiRecords.contentSignal || row.aiRecords.contentUsage.length) stated += 1;
		});
		assert.ok(stated > 0, 'some crawler is given a record');
		// One crawler the registry does not list: the CLI's `--agent` and the package's `chain` agree.
		const one = camelCase(JSON.parse(execFileSync(process.env.ROBOTS_BIN, ['report', '--format', 'json', '--profile', profile, '--agent', 'ExampleBot', file], { encoding: 'utf8' })));
		const mine = report(fs.readFileSync(file, 'utf8'), { profile, chain: ['ExampleBot'] });
		assert.deepEqual(mine.crawlers, one.crawlers, profile);
		assert.equal(mine.summary, one.summary, profile);
	}
});

