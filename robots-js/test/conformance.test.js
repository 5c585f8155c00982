'use strict';
// The repository's conformance cases (testdata/conformance), through the package.
const test = require('node:test');
const assert = require('node:assert/strict');
const { engine, jsonl, body } = require('./helpers.js');
const { Policy } = engine;

function url(c) {
	return c.url === '' ? '/' : c.url;
}

function runAll(cases, each) {
	const failures = [];
	for (const c of cases) {
		const problem = each(c);
		if (problem) failures.push(`${c.id}: ${problem}`);
	}
	assert.deepEqual(failures, []);
}

test('google_cases.jsonl under google', () => {
	const cases = jsonl('google_cases.jsonl');
	assert.ok(cases.length >= 100);
	runAll(cases, (c) => {
		const got = new Policy(body(c), { profile: 'google' }).isAllowed(c.user_agent, url(c));
		return got === c.allowed ? null : `expected ${c.allowed}, got ${got}`;
	});
});

test('rfc9309_cases.jsonl under rfc9309 and google', () => {
	runAll(jsonl('rfc9309_cases.jsonl'), (c) => {
		const rfc = new Policy(body(c)).isAllowed(c.user_agent, url(c));
		const google = new Policy(body(c), { profile: 'google' }).isAllowed(c.user_agent, url(c));
		if (rfc !== c.allowed) return `rfc9309: expected ${c.allowed}, got ${rfc}`;
		return google === c.google_allowed ? null : `google: expected ${c.google_allowed}, got ${google}`;
	});
});

test('legacy1994_cases.jsonl under original1994 / draft1996 and google', () => {
	const bases = { '1994': 'original1994', '1996-draft': 'draft1996' };
	runAll(jsonl('legacy1994_cases.jsonl'), (c) => {
		const google = new Policy(body(c), { profile: 'google' }).isAllowed(c.user_agent, url(c));
		if (google !== c.expected_google) return `google: expected ${c.expected_google}, got ${google}`;
		const profile = bases[c.legacy_basis];
		if (profile === undefined) return null;
		const legacy = new Policy(body(c), { profile }).isAllowed(c.user_agent, url(c));
		return legacy === c.expected_legacy ? null : `${profile}: expected ${c.expected_legacy}, got ${legacy}`;
	});
});

test('chain_cases.jsonl under every profile, with the chosen token', () => {
	runAll(jsonl('chain_cases.jsonl'), (c) => {
		for (const [profile, allowed] of Object.entries(c.allowed)) {
			const m = new Policy(body(c), { profile }).matcherChain(c.chain);
			const got = m.isAllowed(url(c));
			if (got !== allowed) return `${profile}: expected ${allowed}, got ${got}`;
			if (c.token && profile in c.token && m.chainChoice !== c.token[profile]) {
				return `${profile}: expected token ${c.token[profile]}, got ${m.chainChoice}`;
			}
		}
		return null;
	});
});
