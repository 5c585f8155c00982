'use strict';
// fetchRobots and PolicyCache against loopback servers (127.0.0.1 only) that
// this test starts and stops: every status class, redirects, a 10 MB body, a
// stall, gzip.
const test = require('node:test');
const assert = require('node:assert/strict');
const http = require('node:http');
const zlib = require('node:zlib');
const { engine } = require('./helpers.js');
const { fetchRobots, PolicyCache } = engine;

const servers = [];

/** Serve `handler` on 127.0.0.1 (an ephemeral port); resolves to its origin. */
async function serve(handler) {
	const server = http.createServer(handler);
	const sockets = new Set();
	server.on('connection', (s) => { sockets.add(s); s.on('close', () => sockets.delete(s)); });
	await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
	servers.push({ server, sockets });
	const { port } = server.address();
	return `http://127.0.0.1:${port}`;
}

test.after(async () => {
	for (const { server, sockets } of servers) {
		for (const s of sockets) s.destroy();
		await new Promise((resolve) => server.close(resolve));
	}
});

const ROBOTS = 'User-agent: *\nDisallow: /private\n';

function status(code, headers = {}, body = ROBOTS) {
	return (req, res) => {
		res.writeHead(code, { 'content-type': 'text/plain', ...headers });
		res.end(req.method === 'HEAD' ? undefined : body);
	};
}

test('200: the file is parsed; the request names the agent and asks for /robots.txt', async () => {
	const seen = [];
	const origin = await serve((req, res) => {
		seen.push([req.url, req.headers['user-agent']]);
		status(200, { 'cache-control': 'max-age=3600' })(req, res);
	});
	const r = await fetchRobots(`${origin}/some/page?x=1`, { agent: 'ExampleBot/1.0' });
	assert.deepEqual(seen, [['/robots.txt', 'ExampleBot/1.0']]);
	assert.equal(r.rules, 'parsed');
	assert.equal(r.reason, 'ok');
	assert.equal(r.status, 200);
	assert.equal(r.expiresInMs, 3600 * 1000);
	assert.equal(r.robotsUrl, `${origin}/robots.txt`);
	assert.equal(r.isAllowed('ExampleBot', `${origin}/private/x`), false);
	assert.equal(r.isAllowed('ExampleBot', `${origin}/public`), true);
	assert.equal(r.check('ExampleBot', `${origin}/private/x`).rule.line, 2);
	assert.equal(r.policy.isAllowed('ExampleBot', '/private'), false);
});

for (const [code, rules, reason] of [
	[404, 'allow-all', 'unavailable'],
	[410, 'allow-all', 'unavailable'],
	[401, 'allow-all', 'unavailable'],
	[403, 'allow-all', 'unavailable'],
	[429, 'disallow-all', 'rate-limited'],
	[500, 'disallow-all', 'unreachable'],
	[503, 'disallow-all', 'unreachable']
]) {
	test(`${code}: ${rules} (${reason})`, async () => {
		const origin = await serve(status(code, {}, 'User-agent: *\nAllow: /\n'));
		const r = await fetchRobots(`${origin}/`);
		assert.equal(r.status, code);
		assert.equal(r.rules, rules);
		assert.equal(r.reason, reason);
		assert.equal(r.policy, null);
		assert.equal(r.isAllowed('bot', `${origin}/x`), rules === 'allow-all');
		assert.equal(r.unreachable, rules === 'disallow-all');
	});
}

test('3xx: up to 5 redirects are followed, a 6th means unavailable, a loop is caught', async () => {
	const hops = (n) => (req, res) => {
		const at = req.url === '/robots.txt' ? 0 : Number(req.url.slice(1));
		if (at < n) {
			res.writeHead(at % 2 ? 302 : 301, { location: `/${at + 1}` });
			res.end();
		} else status(200)(req, res);
	};
	const five = await serve(hops(5));
	const r5 = await fetchRobots(`${five}/`);
	assert.equal(r5.reason, 'ok');
	assert.equal(r5.redirects, 5);
	assert.equal(r5.finalUrl, `${five}/5`);
	assert.equal(r5.isAllowed('bot', `${five}/private`), false);

	const six = await serve(hops(6));
	const r6 = await fetchRobots(`${six}/`);
	assert.equal(r6.reason, 'too-many-redirects');
	assert.equal(r6.rules, 'allow-all');

	const loop = await serve((req, res) => {
		res.writeHead(301, { location: req.url === '/robots.txt' ? '/a' : '/robots.txt' });
		res.end();
	});
	assert.equal((await fetchRobots(`${loop}/`)).reason, 'redirect-loop');

	const bad = await serve((req, res) => { res.writeHead(302); res.end(); });
	assert.equal((await fetchRobots(`${bad}/`)).reason, 'bad-redirect');
});

test('a 10 MB body: only the parse limit is read, and the rest is ignored', async () => {
	const line = 'Disallow: /x\n';
	const big = 'User-agent: *\n' + line.repeat(Math.ceil(10_000_000 / line.length));
	let sent = 0;
	const origin = await serve((req, res) => {
		res.writeHead(200, { 'content-type': 'text/plain', 'content-length': Buffer.byteLength(big) });
		const chunk = Buffer.from(big);
		res.on('close', () => {});
		const write = () => {
			while (sent < chunk.length) {
				const ok = res.write(chunk.subarray(sent, sent + 65536));
				sent += 65536;
				if (!ok) return res.once('drain', write);
			}
			res.end();
		};
		write();
	});
	const r = await fetchRobots(`${origin}/`);
	assert.equal(r.reason, 'ok');
	assert.equal(r.truncated, true);
	assert.equal(r.bytes, 500 * 1024);
	assert.equal(r.isAllowed('bot', `${origin}/x`), false);
});

test('a stall: the time limit ends the fetch as unreachable (disallow all)', async () => {
	const origin = await serve((req, res) => {
		res.writeHead(200, { 'content-type': 'text/plain' });
		res.write('User-agent: *\n');
		// Never ends.
	});
	const started = Date.now();
	const r = await fetchRobots(`${origin}/`, { timeoutMs: 300 });
	assert.equal(r.reason, 'timeout');
	assert.equal(r.rules, 'disallow-all');
	assert.ok(Date.now() - started < 5000);

	const silent = await serve(() => { /* no answer at all */ });
	assert.equal((await fetchRobots(`${silent}/`, { timeoutMs: 300 })).reason, 'timeout');
});

test('a time limit past the longest timer (3e9 ms, 1e300, Infinity) is none: no trap, and no limit of 1 ms', async () => {
	const origin = await serve((req, res) => {
		// Answers after a few milliseconds: a timer that overflowed to 1 ms would fire first.
		setTimeout(() => status(200)(req, res), 50);
	});
	for (const timeoutMs of [3e9, 1e300, Number.MAX_VALUE, Infinity]) {
		const r = await fetchRobots(`${origin}/`, { timeoutMs });
		assert.equal(r.reason, 'ok', String(timeoutMs));
		assert.equal(r.isAllowed('bot', `${origin}/private`), false);
		// An outage of any length revalidates the copy, never traps.
		for (const outageMs of [NaN, -1, 1e300, Infinity]) {
			const again = await fetchRobots(`${origin}/`, { timeoutMs, previous: r, failures: 3, outageMs });
			assert.equal(again.isAllowed('bot', `${origin}/private`), false, `${timeoutMs} ${outageMs}`);
		}
	}
});

test('a URL that cannot be fetched is named in the error quoted, its control and direction characters escaped', async () => {
	const never = async () => { throw new Error('fetch must not be called'); };
	const cases = [
		['foo"\u0001bar', 'cannot fetch robots.txt for "foo\\"\\u{1}bar": not an absolute URL'],
		['tab\there\\', 'cannot fetch robots.txt for "tab\\there\\\\": not an absolute URL'],
		['http://a\u202eb/', 'cannot fetch robots.txt for "http://a\\u{202e}b/": invalid URL'],
		['ftp://bücher.de/', 'cannot fetch robots.txt for "ftp://bücher.de/": not an http or https URL']
	];
	for (const [url, message] of cases) {
		await assert.rejects(fetchRobots(url, { fetch: never }), (err) => {
			assert.ok(err instanceof Error && !(err instanceof WebAssembly.RuntimeError));
			assert.ok(err.message.startsWith(message), JSON.stringify(err.message));
			assert.ok(!/[\u0000-\u001f\u202e]/.test(err.message), JSON.stringify(err.message));
			return true;
		});
	}
});

test('gzip: a compressed body is decoded before parsing', async () => {
	const origin = await serve((req, res) => {
		res.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip' });
		res.end(zlib.gzipSync('User-agent: *\nDisallow: /zipped\n'));
	});
	const r = await fetchRobots(`${origin}/`);
	assert.equal(r.reason, 'ok');
	assert.equal(r.isAllowed('bot', `${origin}/zipped/a`), false);
	assert.equal(r.isAllowed('bot', `${origin}/plain`), true);
});

test('a network error: refused connection is unreachable', async () => {
	const origin = await serve(status(200));
	const { server, sockets } = servers.pop();
	for (const s of sockets) s.destroy();
	await new Promise((resolve) => server.close(resolve));
	const r = await fetchRobots(`${origin}/`);
	assert.equal(r.reason, 'network-error');
	assert.equal(r.rules, 'disallow-all');
	assert.equal(r.status, null);
});

test('bad arguments are TypeErrors; an unfetchable URL is an Error', async () => {
	await assert.rejects(fetchRobots(5), TypeError);
	await assert.rejects(fetchRobots('http://127.0.0.1/', { fetch: 'no' }), TypeError);
	await assert.rejects(fetchRobots('http://127.0.0.1/', { profile: 'draft1996' }), RangeError);
	await assert.rejects(fetchRobots('ftp://127.0.0.1/x'), /not an http or https URL/);
	await assert.rejects(fetchRobots('/relative'), /not an absolute URL/);
});

test('non-ASCII hosts: the page URL and a redirect Location are read in punycode (the platform\'s URL)', async () => {
	// An injected fetch answers in-process: no request leaves the test.
	const asked = [];
	const fakeFetch = async (url) => {
		asked.push(url);
		if (url === 'https://xn--bcher-kva.example/robots.txt') {
			return new Response(null, { status: 301, headers: { location: 'https://m\u00fcnchen.example/robots.txt' } });
		}
		return new Response('User-agent: *\nDisallow: /private\n', { status: 200 });
	};
	const r = await fetchRobots('https://B\u00fccher.example/some/page', { fetch: fakeFetch });
	assert.deepEqual(asked, ['https://xn--bcher-kva.example/robots.txt', 'https://xn--mnchen-3ya.example/robots.txt']);
	assert.equal(r.robotsUrl, 'https://xn--bcher-kva.example/robots.txt');
	assert.equal(r.finalUrl, 'https://xn--mnchen-3ya.example/robots.txt');
	assert.equal(r.redirects, 1);
	assert.equal(r.isAllowed('bot', 'https://xn--bcher-kva.example/private/x'), false);
	// The cache keys both spellings of a host as one origin.
	const cache = new PolicyCache({ fetch: fakeFetch });
	await cache.get('https://b\u00fccher.example/a');
	await cache.get('https://xn--bcher-kva.example/b');
	assert.equal(cache.size, 1);
});

test('PolicyCache: one fetch per origin at a time, kept for the outcome lifetime, revalidated', async () => {
	let requests = 0;
	let answer = 200;
	const origin = await serve((req, res) => {
		requests++;
		if (answer === 304) {
			assert.equal(req.headers['if-none-match'], '"v1"');
			res.writeHead(304, { etag: '"v1"', 'cache-control': 'max-age=60' });
			return res.end();
		}
		if (answer === 503) {
			res.writeHead(503);
			return res.end();
		}
		setTimeout(() => status(200, { etag: '"v1"', 'cache-control': 'max-age=60' })(req, res), 50);
	});
	let now = 1_000_000;
	const cache = new PolicyCache({ agent: 'CacheBot', now: () => now });
	const results = await Promise.all([cache.get(`${origin}/a`), cache.get(`${origin}/b`), cache.isAllowed('bot', `${origin}/private/x`)]);
	assert.equal(requests, 1, 'single flight');
	assert.equal(results[0], results[1]);
	assert.equal(results[2], false);
	assert.equal(cache.size, 1);
	now += 30_000;
	await cache.get(`${origin}/c`);
	assert.equal(requests, 1, 'fresh: served from the cache');
	now += 31_000;
	answer = 304;
	const revalidated = await cache.get(`${origin}/c`);
	assert.equal(requests, 2);
	assert.equal(revalidated.reason, 'not-modified');
	assert.equal(revalidated.isAllowed('bot', `${origin}/private`), false);
	now += 61_000;
	answer = 503;
	const outage = await cache.get(`${origin}/`);
	assert.equal(outage.reason, 'unreachable');
	assert.equal(outage.rules, 'parsed', 'the last good copy bridges the outage');
	assert.equal(outage.isAllowed('bot', `${origin}/public`), true);
	assert.ok(cache.delete(`${origin}/zzz`));
	assert.equal(cache.size, 0);
});
