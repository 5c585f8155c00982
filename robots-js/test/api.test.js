'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { engine } = require('./helpers.js');
const { Policy, lint, report, crawlers, purposes, crawlerChain, crawlerObeysWildcard } = engine;

const ROBOTS = [
	'User-agent: *',
	'Disallow: /private/',
	'Allow: /private/open',
	'Crawl-delay: 2.5',
	'Request-rate: 3/10s 0800-1700',
	'Visit-time: 0100-0500',
	'',
	'User-agent: Googlebot',
	'Disallow: /nogoogle',
	'',
	'Sitemap: https://example.com/sitemap.xml',
	'Host: Example.com',
	'Clean-param: ref /articles/',
	''
].join('\n');

test('isAllowed and check give the engine verdict and the deciding rule', () => {
	const p = new Policy(ROBOTS);
	assert.equal(p.profile, 'rfc9309');
	assert.equal(p.isAllowed('ExampleBot', 'https://example.com/private/x'), false);
	assert.equal(p.isAllowed('ExampleBot', 'https://example.com/private/open'), true);
	const v = p.check('ExampleBot', 'https://example.com/private/x');
	assert.deepEqual(v, {
		allowed: false, reason: 'rule',
		rule: { line: 2, column: 11, directive: 'disallow', pattern: '/private/', group: 0, derived: false }
	});
	assert.deepEqual(p.check('ExampleBot', '/public'), { allowed: true, reason: 'no-matching-rule', rule: null });
	assert.equal(p.check('ExampleBot', '/robots.txt').reason, 'robots-txt');
	const none = new Policy('User-agent: a\nDisallow: /\n');
	assert.deepEqual(none.check('b', '/x'), { allowed: true, reason: 'no-group', rule: null });
});

test('explain lists groups, candidates best first, and the verdict', () => {
	const p = new Policy('User-agent: *\nDisallow: /a\nAllow: /a/b\n');
	const e = p.explain('bot', 'https://example.com/a/b/c');
	assert.equal(e.path, '/a/b/c');
	assert.deepEqual(e.groups, [{ id: 0, line: 1, agents: [{ line: 1, value: '*', matches: 'any' }] }]);
	// The selection and the tie-break come from the engine's explanation data.
	assert.deepEqual(e.selection, { basis: 'any', combining: e.selection.combining, naming: e.selection.naming });
	assert.equal(e.tieBreak, 'longest-match');
	assert.deepEqual(e.candidates.map((r) => r.line), [3, 2]);
	assert.equal(e.verdict.allowed, true);
	assert.equal(e.verdict.rule.line, 3);
	assert.deepEqual(p.matcher('bot').explain('/a/x').verdict.rule.line, 2);
});

test('matcher and matcherChain resolve once and answer without an agent', () => {
	const p = new Policy('User-agent: Googlebot\nDisallow: /photos/\n\nUser-agent: *\nDisallow: /\n', { profile: 'google' });
	const image = p.matcherChain(['Googlebot-Image', 'Googlebot']);
	assert.equal(image.chainChoice, 1);
	assert.equal(image.isAllowed('https://example.com/page'), true);
	assert.equal(image.isAllowed('https://example.com/photos/cat.jpg'), false);
	assert.equal(image.check('/photos/x').rule.line, 2);
	assert.deepEqual(image.groupLines, [1]);
	const alone = p.matcher('Googlebot-Image');
	assert.equal(alone.isAllowed('/page'), false);
	assert.equal(alone.hasGroup, true);
	assert.equal(p.matcherChain(['Nobody']).chainChoice, null);
	assert.deepEqual(crawlerChain('Googlebot-Image').slice(0, 2), ['Googlebot-Image', 'Googlebot']);
	assert.deepEqual(crawlerChain('NoSuchBot'), ['NoSuchBot']);
});

test('a crawler the registry documents to ignore * gets no group where none names it, as robots check gives it', () => {
	const p = new Policy('User-agent: *\nDisallow: /\n\nUser-agent: AdsBot-Google-Mobile\nDisallow: /m\n');
	assert.equal(crawlerObeysWildcard('AdsBot-Google'), false);
	assert.equal(crawlerObeysWildcard('Googlebot'), true);
	assert.equal(crawlerObeysWildcard('NoSuchBot'), true);
	const ads = p.matcherChain(crawlerChain('AdsBot-Google'), { obeysWildcard: false });
	assert.equal(ads.hasGroup, false);
	assert.equal(ads.chainChoice, null);
	assert.equal(ads.isAllowed('/x'), true);
	assert.equal(ads.check('/x').reason, 'no-group');
	// Named by a group, that group applies all the same.
	const mobile = p.matcherChain(crawlerChain('AdsBot-Google-Mobile'), { obeysWildcard: false });
	assert.equal(mobile.isAllowed('/x'), true);
	assert.equal(mobile.isAllowed('/m'), false);
	// The default obeys `*`, as before.
	assert.equal(p.matcherChain(['AdsBot-Google']).isAllowed('/x'), false);
	assert.throws(() => p.matcherChain(['AdsBot-Google'], { obeysWildcard: 'no' }), TypeError);
});

test('allowedMany and checkMany agree with one check per URL, for any URL text', () => {
	const p = new Policy('User-agent: *\nDisallow: /a\nDisallow: /ü\nAllow: /a/b\nDisallow: /*.pdf$\n');
	const urls = ['/a', '/a/b', '/b', '/ü/x', '/x.pdf', '/x.pdf?q', 'https://example.com/a\n/b', '',
		'/\uD800lone', '/😀/a', '/a'.repeat(1000), 'not a url', '/%C3%BC'];
	const expected = urls.map((u) => (p.isAllowed('bot', u) ? 1 : 0));
	assert.deepEqual(Array.from(p.allowedMany('bot', urls)), expected);
	const m = p.matcher('bot');
	assert.deepEqual(Array.from(m.allowedMany(urls)), expected);
	const { allowed, lines } = m.checkMany(urls);
	assert.deepEqual(Array.from(allowed), expected);
	assert.deepEqual(Array.from(lines), urls.map((u) => { const r = m.check(u).rule; return r ? r.line : 0; }));
	assert.ok(p.allowedMany('bot', []) instanceof Uint8Array);
	assert.equal(p.allowedMany('bot', []).length, 0);
	// Without a URL holding a `\n`, the batch is split at `\n` in Rust (no lengths).
	for (const batch of [urls.filter((u) => !u.includes('\n')), [''], ['', ''], ['/a', ''], ['', '/a'], ['\n'], ['/a\n', '/b']]) {
		const want = batch.map((u) => (p.isAllowed('bot', u) ? 1 : 0));
		assert.deepEqual(Array.from(p.allowedMany('bot', batch)), want, JSON.stringify(batch));
		assert.deepEqual(Array.from(m.allowedMany(batch)), want, JSON.stringify(batch));
		assert.deepEqual(Array.from(m.checkMany(batch).allowed), want, JSON.stringify(batch));
	}
});

test('sitemaps, clean-params and LLM policies: every value, in file order, as the records give them', () => {
	// Sitemaps as written; clean-params and LLM policies only where valid.
	const values = (p, directive, validOnly) => p.records()
		.filter((r) => r.directive === directive && (r.valid || !validOnly)).map((r) => r.value);
	const docs = [
		'',
		'Sitemap:\nSitemap: https://example.com/a\n',
		Buffer.from('Sitemap: https://example.com/\xff\xfe\nClean-param: a&b /x\nClean-param:\n', 'latin1'),
		Array.from({ length: 1000 }, (_, i) => `Sitemap: https://example.com/s${i}.xml\nLLM-Policy: https://example.com/p${i}`).join('\n')
	];
	for (const text of docs) {
		const p = new Policy(text);
		for (const [field, directive, validOnly] of [['sitemaps', 'sitemap', false], ['cleanParams', 'clean-param', true], ['llmPolicies', 'llm-policy', true]]) {
			assert.deepEqual(p[field], values(p, directive, validOnly), `${field} of ${String(text).slice(0, 40)}`);
		}
	}
	const many = new Policy(docs[3]);
	assert.equal(many.sitemaps.length, 1000);
	assert.equal(many.sitemaps[999], 'https://example.com/s999.xml');
	assert.deepEqual(new Policy(docs[1]).sitemaps, ['', 'https://example.com/a']);
	assert.deepEqual(new Policy(docs[2]).sitemaps, ['https://example.com/\ufffd\ufffd']);
});

test('records: crawl-delay, request-rate, visit-time, sitemaps, host, clean-param', () => {
	const p = new Policy(ROBOTS);
	assert.equal(p.crawlDelay('ExampleBot'), 2.5);
	assert.equal(p.crawlDelay('Googlebot'), null);
	assert.deepEqual(p.requestRate('ExampleBot'), { requests: 3, seconds: 10, window: [480, 1020] });
	assert.deepEqual(p.visitTime('ExampleBot'), [60, 300]);
	assert.deepEqual(p.sitemaps, ['https://example.com/sitemap.xml']);
	assert.equal(p.host, 'Example.com');
	assert.deepEqual(p.cleanParams, ['ref /articles/']);
	const m = p.matcher('ExampleBot');
	assert.equal(m.crawlDelay(), 2.5);
	const directives = p.records().map((r) => r.directive);
	assert.ok(directives.includes('crawl-delay') && directives.includes('sitemap'), directives.join());
	assert.equal(p.rules().length, 3);
	assert.equal(p.groups().length, 2);
});

test('byte form round-trips; bad bytes are an Error, never a crash', () => {
	const p = new Policy(ROBOTS, { profile: 'google' });
	const bytes = p.toBytes();
	assert.ok(bytes instanceof Uint8Array && bytes.length > 0);
	const q = Policy.fromBytes(bytes);
	assert.equal(q.profile, 'google');
	for (const u of ['/private/x', '/private/open', '/nogoogle', '/']) {
		for (const a of ['Googlebot', 'other']) assert.deepEqual(q.check(a, u), p.check(a, u));
	}
	assert.throws(() => Policy.fromBytes(new Uint8Array([1, 2, 3])), (e) => e instanceof Error && !(e instanceof TypeError));
	const flipped = bytes.slice();
	flipped[flipped.length >> 1] ^= 0xff;
	assert.throws(() => Policy.fromBytes(flipped), Error);
	assert.equal(p.isAllowed('Googlebot', '/nogoogle'), false, 'the instance still works');
});

test('texts as bytes: any byte string parses', () => {
	const bytes = new Uint8Array([0xff, 0xfe, 0x00, 0x55, 0x73, 0x65, 0x72, 0x0a, 0xc3, 0x28]);
	const p = new Policy(bytes, { profile: 'google' });
	assert.equal(p.isAllowed('bot', '/'), true);
	const text = new TextEncoder().encode('User-agent: *\nDisallow: /x\n');
	assert.equal(new Policy(text).isAllowed('bot', '/x'), false);
	assert.equal(new Policy(text.buffer).isAllowed('bot', '/x'), false);
	assert.equal(new Policy('User-agent: *\nDisallow: /\n', { maxBytes: 5 }).isAllowed('bot', '/x'), true);
});

test('wrong types are TypeErrors that say what was expected', () => {
	const p = new Policy(ROBOTS);
	assert.throws(() => new Policy(42), { name: 'TypeError', message: 'text must be a string or a Uint8Array, not a number' });
	assert.throws(() => new Policy(null), TypeError);
	assert.throws(() => new Policy('', 'google'), { name: 'TypeError', message: /options must be an object/ });
	assert.throws(() => new Policy('', { profile: 7 }), TypeError);
	assert.throws(() => new Policy('', { profile: 'nope' }), { name: 'RangeError', message: /unknown profile "nope"/ });
	assert.throws(() => new Policy('', { maxBytes: '5' }), TypeError);
	assert.throws(() => new Policy('', { maxBytes: -1 }), RangeError);
	assert.throws(() => new Policy('', { maxBytes: 1.5 }), RangeError);
	assert.throws(() => p.isAllowed(undefined, '/'), { name: 'TypeError', message: 'agent must be a string, not a undefined' });
	assert.throws(() => p.isAllowed('bot', new URL('https://example.com/')), { name: 'TypeError', message: 'url must be a string, not a URL' });
	assert.throws(() => p.check('bot', 1), TypeError);
	assert.throws(() => p.allowedMany('bot', '/a'), { name: 'TypeError', message: 'urls must be an array of strings, not a string' });
	assert.throws(() => p.allowedMany('bot', ['/a', 2]), { name: 'TypeError', message: 'urls[1] must be a string, not a number' });
	assert.throws(() => p.matcherChain('Googlebot'), TypeError);
	assert.throws(() => p.matcherChain([]), RangeError);
	assert.throws(() => Policy.fromBytes('x'), TypeError);
	assert.throws(() => lint(5), TypeError);
	assert.throws(() => report('', { paths: [1] }), TypeError);
	assert.equal(p.isAllowed('bot', '/private/open'), true);
});

test('free() releases at once; a freed object says so; a FinalizationRegistry covers the rest', () => {
	const p = new Policy(ROBOTS);
	const m = p.matcher('bot');
	p.free();
	p.free();
	assert.throws(() => p.isAllowed('bot', '/'), /freed/);
	assert.equal(m.isAllowed('/private/x'), false, 'a matcher keeps its policy alive');
	m.free();
	assert.throws(() => m.check('/'), /freed/);
	const glue = require(require('node:path').join(require('./helpers.js').pkgDir, 'node', 'robots_engine.js'));
	const source = require('node:fs').readFileSync(require.resolve(require('node:path').join(require('./helpers.js').pkgDir, 'node', 'robots_engine.js')), 'utf8');
	assert.match(source, /new FinalizationRegistry/);
	assert.equal(typeof glue.Policy, 'function');
});

test('a long-running loop of parse and check does not grow the WebAssembly memory without bound', () => {
	const glue = require(require('node:path').join(require('./helpers.js').pkgDir, 'node', 'robots_engine.js'));
	const memory = () => glue.__memoryBytes();
	const text = ROBOTS.repeat(50);
	for (let i = 0; i < 200; i++) new Policy(text).free();
	const before = memory();
	for (let i = 0; i < 2000; i++) {
		const p = new Policy(text);
		p.check('bot', '/private/x');
		p.matcher('bot').free();
		p.free();
	}
	const after = memory();
	assert.ok(before > 0);
	assert.equal(after, before, 'freed policies are reused, memory stays flat');
});

test('lint gives findings with code, severity, line, column, message, help', () => {
	const findings = lint('User-agent: *\nDisalow: /x\nDisallow /y\n');
	assert.ok(findings.length >= 2);
	for (const f of findings) {
		assert.deepEqual(Object.keys(f), ['code', 'severity', 'line', 'column', 'message', 'help', 'span']);
		assert.ok(['error', 'warning', 'note'].includes(f.severity));
	}
	const codes = findings.map((f) => `${f.line}:${f.code}`);
	assert.ok(codes.includes('3:missing-colon'), codes.join());
	assert.deepEqual(lint(new TextEncoder().encode('User-agent: *\nDisallow: /a\n'), { profile: 'google' }), []);
});

test('report lists every registry crawler, grouped by purpose, with a summary', () => {
	const r = report('User-agent: GPTBot\nDisallow: /\n\nUser-agent: *\nDisallow: /private\n', { profile: 'google' });
	assert.equal(r.profile, 'google');
	assert.equal(r.crawlers.length, crawlers().length);
	const gpt = r.crawlers.find((c) => c.token === 'GPTBot');
	assert.deepEqual(gpt.group, { applies: 'own', token: 'GPTBot', lines: [1] });
	assert.equal(gpt.rootAllowed, false);
	assert.equal(gpt.allowedPaths, 0);
	assert.deepEqual(gpt.access, { kind: 'blocked' });
	assert.match(r.summary, /^blocks 1 of \d+ AI crawlers fully/);
	assert.deepEqual(r.purposes.map((p) => p.purpose), purposes().map((p) => p.name));
	assert.equal(r.derivedCut, null);
	assert.equal(r.agent, null);
	const withPaths = report('User-agent: *\nDisallow: /x\n', { paths: ['/x/1', '/y'] });
	assert.equal(withPaths.samplePaths, report('User-agent: *\nDisallow: /x\n').samplePaths + 2);
});

/** Every key of `value`, at any depth, but those of the AI-preference vocabularies (`ai-train`, …). */
function keysOf(value, out = new Set()) {
	if (Array.isArray(value)) value.forEach((v) => keysOf(v, out));
	else if (value && typeof value === 'object') {
		for (const [k, v] of Object.entries(value)) {
			if (!k.includes('-')) out.add(k);
			keysOf(v, out);
		}
	}
	return out;
}

test('every object the API returns has camelCase keys (report, diff, classify, explain, records, crawlers)', () => {
	const text = 'User-agent: GPTBot\nContent-Signal: ai-train=no\nContent-Usage: train-ai=n\nDisallow: /p\nCrawl-delay: 2\n\nUser-agent: *\nDisallow: /x\nLLM-Policy: https://e.com/l.json\n';
	const p = new Policy(text);
	const values = [
		report(text), report(text, { chain: ['NewBot'] }), engine.diff(text, 'User-agent: *\nDisallow: /\n'),
		p.classify('GPTBot'), p.explain('GPTBot', '/p'), p.records(), p.groups(), p.rules(), crawlers(),
		p.truncation, p.check('GPTBot', '/p'), lint('User-agent: *\nDisalow: /x\n')
	];
	const snake = [...keysOf(values)].filter((k) => /_/.test(k));
	assert.deepEqual(snake, []);
});

test('report for one crawler, known to the registry or not: exact access, its chain, its summary', () => {
	const text = 'User-agent: *\nDisallow: /private/\n\nUser-agent: Googlebot\nDisallow: /\n';
	const mine = report(text, { chain: ['ExampleBot'] });
	assert.equal(mine.agent, 'ExampleBot');
	assert.equal(mine.crawlers.length, 1);
	const [row] = mine.crawlers;
	assert.deepEqual([row.token, row.operator, row.purpose, row.robotsTxt], ['ExampleBot', null, null, null]);
	assert.deepEqual(row.access, { kind: 'partial', allowedPath: '/', allowedLine: null, disallowedPath: '/private/', disallowedLine: 2 });
	assert.equal(mine.summary, 'ExampleBot may fetch some paths: `/` is allowed, `/private/` is not');
	// A registry crawler with its documented chain: Googlebot's group.
	const image = report(text, { chain: crawlerChain('Googlebot-Image') }).crawlers[0];
	assert.deepEqual([image.operator, image.group.applies, image.group.token], ['Google', 'fallback', 'Googlebot']);
	assert.deepEqual(image.access, { kind: 'blocked' });
	assert.throws(() => report(text, { chain: [] }), RangeError);
	assert.throws(() => report(text, { chain: 'x' }), TypeError);
});

test('tokenOfHeader reads a User-Agent header as the CLI does; looksLikeHeader as it warns', () => {
	assert.equal(engine.tokenOfHeader('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'), 'Googlebot');
	assert.equal(engine.tokenOfHeader('Mozilla/5.0 (compatible; Yahoo! Slurp; http://help.yahoo.com/help/us/ysearch/slurp)'), 'Slurp');
	assert.equal(engine.tokenOfHeader('ExampleBot/1.0 (+https://example.com/bot)'), 'ExampleBot');
	assert.equal(engine.tokenOfHeader('Mozilla/5.0 (X11; Linux x86_64) Gecko/20100101 Firefox/121.0'), null);
	assert.equal(engine.looksLikeHeader('ExampleBot/1.0'), true);
	assert.equal(engine.looksLikeHeader('Googlebot-Image'), false);
	assert.throws(() => engine.tokenOfHeader(3), TypeError);
});

test('registry listing', () => {
	const all = crawlers();
	assert.ok(all.length >= 50, `${all.length} crawlers`);
	const gb = all.find((c) => c.token === 'Googlebot-Image');
	assert.ok(gb && gb.chain[0] === 'Googlebot-Image' && gb.fallbacks.includes('Googlebot'));
	assert.ok(purposes().every((p) => typeof p.title === 'string' && p.title.length > 0));
	assert.match(engine.version(), /^\d+\.\d+\.\d+/);
});

test('untrusted input never breaks the instance', () => {
	let seed = 12345;
	const rand = (n) => { seed = (seed * 1103515245 + 12345) & 0x7fffffff; return seed % n; };
	const pieces = ['User-agent:', ' *', 'Disallow:', 'Allow:', '/', '*', '$', '%', '%2', '%zz', '\n', '\r', '\0',
		'\uFEFF', '\uD800', 'ü', 'Crawl-delay: ', '1e999', '-1', 'Sitemap: ', 'Host:', '#', ':', 'Request-rate: 9999999999/0s',
		'Visit-time: 2500-9999', 'a'.repeat(300)];
	const profiles = engine.profiles;
	for (let i = 0; i < 300; i++) {
		let text = '';
		for (let j = rand(60); j > 0; j--) text += pieces[rand(pieces.length)];
		const bytes = new Uint8Array(rand(64)).map(() => rand(256));
		const profile = profiles[rand(profiles.length)];
		for (const input of [text, bytes]) {
			const p = new Policy(input, { profile });
			let url = '';
			for (let j = rand(12); j > 0; j--) url += pieces[rand(pieces.length)];
			p.isAllowed(text.slice(0, rand(20)), url);
			p.check('bot', url);
			p.explain('bot', url);
			p.allowedMany('bot', [url, text, '']);
			p.matcherChain([url || 'x', 'bot']).checkMany([url]);
			p.crawlDelay('bot'); p.requestRate('bot'); p.visitTime('bot');
			p.records(); p.sitemaps; p.host;
			Policy.fromBytes(p.toBytes()).free();
			lint(input, { profile });
			p.free();
		}
	}
	for (let i = 0; i < 50; i++) {
		const junk = new Uint8Array(rand(200)).map(() => rand(256));
		assert.throws(() => Policy.fromBytes(junk), Error);
	}
	assert.equal(new Policy('User-agent: *\nDisallow: /x\n').isAllowed('bot', '/x'), false);
	const r = report(pieces.join('\n'), { profile: 'google' });
	assert.ok(r.crawlers.length > 0);
});

test('truncation and sniff', () => {
	const { sniff } = engine;
	const cut = new Policy('User-agent: *\nDisallow: /a\nDisallow: /b\n', { maxBytes: 20 });
	assert.deepEqual(cut.truncation, { maxBytes: 20, inputLen: 40, firstIgnoredLine: 2 });
	assert.equal(new Policy('User-agent: *\n').truncation, null);
	assert.equal(sniff('<!DOCTYPE html><html></html>'), 'html');
	assert.equal(sniff(new Uint8Array([0xff, 0xfe, 0x55, 0x00])), 'utf16');
	assert.equal(sniff('User-agent: *\nDisallow: /\n'), null);
});
