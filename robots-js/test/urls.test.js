'use strict';
// The fetch machine parses URLs with the platform's WHATWG `URL` here, with
// the url crate in native builds: testdata/fetch-urls.json holds both to the
// same answers (robots-fetch's tests run it against the url crate). Requests
// are answered in-process by an injected fetch: nothing leaves the test.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { engine, pkgDir, repo } = require('./helpers.js');
const { fetchRobots, PolicyCache } = engine;
const glue = require(path.join(pkgDir, 'node', 'robots_engine.js'));

const table = JSON.parse(fs.readFileSync(path.join(repo, 'testdata', 'fetch-urls.json'), 'utf8'));

/** A Response-like answer whose header values reach the machine exactly as written. */
function answer(status, headers = {}) {
	return {
		status,
		type: 'basic',
		body: null,
		headers: { forEach(f) { for (const [name, value] of Object.entries(headers)) f(value, name); } },
		arrayBuffer: async () => new ArrayBuffer(0)
	};
}

/** The message the table expects after "cannot fetch robots.txt for ...: ". */
function expectedError(entry) {
	// The words after "invalid URL: " are the parser's own: the platform's here.
	return entry.error === 'invalid URL' ? /: invalid URL: the platform's URL parser rejects it \(.+\)$/ : `: ${entry.error}`;
}

function assertError(e, entry) {
	assert.ok(e instanceof Error, `${JSON.stringify(entry.url)}: ${e} is an Error`);
	const want = expectedError(entry);
	if (typeof want === 'string') {
		assert.ok(e.message.endsWith(want), `${JSON.stringify(entry.url)}: ${e.message} ends with ${want}`);
	} else {
		assert.match(e.message, want, JSON.stringify(entry.url));
	}
}

test('page URLs: the robots.txt URL requested, the origin key, or the error, as the url crate gives them', async () => {
	assert.ok(table.pages.length > 50);
	for (const entry of table.pages) {
		const asked = [];
		const fetch = async (url) => { asked.push(url); return answer(404); };
		if (entry.error === undefined) {
			const r = await fetchRobots(entry.url, { fetch });
			assert.deepEqual(asked, [entry.robots], JSON.stringify(entry.url));
			assert.equal(r.robotsUrl, entry.robots);
			assert.equal(r.reason, 'unavailable');
			assert.equal(glue.originKey(entry.url), entry.origin, JSON.stringify(entry.url));
		} else {
			await assert.rejects(fetchRobots(entry.url, { fetch }), (e) => { assertError(e, entry); return true; });
			assert.deepEqual(asked, [], JSON.stringify(entry.url));
			assert.throws(() => glue.originKey(entry.url), (e) => { assertError(e, entry); return true; });
		}
	}
});

test('redirects: the next URL requested, or why the Location is not followed, as the url crate gives them', async () => {
	assert.ok(table.redirects.length > 30);
	for (const entry of table.redirects) {
		const asked = [];
		const fetch = async (url) => {
			asked.push(url);
			return asked.length === 1 ? answer(301, { location: entry.location }) : answer(404);
		};
		const r = await fetchRobots(entry.page, { fetch });
		const what = `${JSON.stringify(entry.location)} from ${entry.page}`;
		if (entry.next !== undefined) {
			assert.equal(asked[1], entry.next, what);
			assert.equal(r.finalUrl, entry.next, what);
			assert.equal(r.redirects, 1, what);
			assert.equal(r.reason, 'unavailable', what);
		} else {
			assert.equal(asked.length, 1, what);
			assert.equal(r.reason, entry.reason, what);
		}
	}
});

test('origin keys: every spelling of an origin is one PolicyCache entry', async () => {
	let fetches = 0;
	const cache = new PolicyCache({ fetch: async () => { fetches++; return answer(404); } });
	for (const url of ['http://127.0.0.1/a', 'HTTP://127.1:80/b', 'http://0x7f.0.0.1/c', 'http://u:p@127.0.0.1#f']) {
		await cache.get(url);
	}
	assert.equal(cache.size, 1);
	assert.equal(fetches, 1);
});

test('untrusted URLs: any string is a result or an Error, never a trap', async () => {
	const strange = [
		'\ud800', 'http://\ud800.example/', 'http://a.example/\udfff', '\0', 'http://\0/', 'http://[', 'http://%',
		'http://' + 'a.'.repeat(100_000) + 'example/', 'http://a.example/' + '%'.repeat(100_000),
		'h'.repeat(100_000) + ':', 'http://xn--/', 'http://xn--ls8h.example/', 'http://\u{1F600}.example/'
	];
	for (const url of strange) {
		const fetch = async () => answer(301, { location: url });
		try {
			const r = await fetchRobots(url, { fetch });
			assert.equal(typeof r.reason, 'string');
		} catch (e) {
			assert.ok(e instanceof Error, `${JSON.stringify(url.slice(0, 40))}: ${e}`);
		}
		try {
			assert.equal(typeof glue.originKey(url), 'string');
		} catch (e) {
			assert.ok(e instanceof Error, `${JSON.stringify(url.slice(0, 40))}: ${e}`);
		}
		// A redirect to it from a good page ends in a result.
		const r = await fetchRobots('http://a.example/', { fetch });
		assert.equal(typeof r.reason, 'string');
	}
	// The module still answers.
	assert.equal(glue.originKey('HTTP://A.example:80/'), 'http://a.example');
});
