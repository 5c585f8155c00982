// The package's API over the wasm-bindgen glue: argument checks (a wrong type
// is a TypeError), plain objects, and lifetimes. `makeApi(glue)` touches the
// glue only when a function is called, so the browser entry can export the API
// before `init()` has loaded the WebAssembly module.
//
// build.sh wraps this file once as CommonJS and once as an ES module.

function makeApi(glue, internal) {
	'use strict';

	const PROFILES = ['rfc9309', 'google', 'draft1996', 'original1994'];
	const encoder = new TextEncoder();
	let reasonNames = null;

	function describe(value) {
		if (value === null) return 'null';
		if (Array.isArray(value)) return 'an array';
		if (typeof value === 'object') {
			const name = value.constructor && value.constructor.name;
			return name ? `a ${name}` : 'an object';
		}
		return `a ${typeof value}`;
	}

	function requireString(value, what) {
		if (typeof value !== 'string') {
			throw new TypeError(`${what} must be a string, not ${describe(value)}`);
		}
		return value;
	}

	function requireText(value, what) {
		if (typeof value === 'string' || value instanceof Uint8Array) return value;
		if (value instanceof ArrayBuffer) return new Uint8Array(value);
		throw new TypeError(`${what} must be a string or a Uint8Array, not ${describe(value)}`);
	}

	function textBytes(value, what) {
		const text = requireText(value, what);
		return typeof text === 'string' ? encoder.encode(text) : text;
	}

	function requireStrings(value, what) {
		if (!Array.isArray(value)) {
			throw new TypeError(`${what} must be an array of strings, not ${describe(value)}`);
		}
		for (let i = 0; i < value.length; i++) {
			if (typeof value[i] !== 'string') {
				throw new TypeError(`${what}[${i}] must be a string, not ${describe(value[i])}`);
			}
		}
		return value;
	}

	function options(value, what) {
		if (value === undefined || value === null) return {};
		if (typeof value !== 'object' || Array.isArray(value)) {
			throw new TypeError(`${what} must be an object, not ${describe(value)}`);
		}
		return value;
	}

	function profileOf(opts, fallback) {
		const profile = opts.profile === undefined ? fallback : opts.profile;
		if (typeof profile !== 'string') {
			throw new TypeError(`profile must be a string, not ${describe(profile)}`);
		}
		if (!PROFILES.includes(profile)) {
			throw new RangeError(`unknown profile ${JSON.stringify(profile)}: expected one of ${PROFILES.join(', ')}`);
		}
		return profile;
	}

	function obeysWildcardOf(opts) {
		const b = opts.obeysWildcard;
		if (b === undefined || b === null) return true;
		if (typeof b !== 'boolean') throw new TypeError(`obeysWildcard must be a boolean, not ${describe(b)}`);
		return b;
	}

	function maxBytesOf(opts) {
		const n = opts.maxBytes;
		if (n === undefined || n === null) return undefined;
		if (typeof n !== 'number') {
			throw new TypeError(`maxBytes must be a number or null, not ${describe(n)}`);
		}
		if (!Number.isInteger(n) || n < 0) {
			throw new RangeError(`maxBytes must be null or a non-negative integer, not ${n}`);
		}
		return n;
	}

	// A batch crosses the boundary as one UTF-8 buffer: the URLs joined by
	// `\n`, encoded natively, copied once. Rust splits it at `\n` and answers
	// `undefined` when the pieces do not count the URLs (a URL holds a `\n`):
	// then `cut` passes each URL's UTF-16 length too.
	// One scratch buffer for the encoded batches and texts, kept up to 1 MiB (3
	// bytes per UTF-16 unit at most): a fresh 100 KB array per call was garbage
	// to collect. What it returns is valid until the next call: pass it to the
	// module at once (a call copies its arguments in).
	let scratch = new Uint8Array(0);
	function encodeScratch(text) {
		const most = text.length * 3;
		if (most > 1 << 20) return encoder.encode(text);
		if (scratch.length < most) scratch = new Uint8Array(Math.max(most, 2 * scratch.length, 4096));
		return scratch.subarray(0, encoder.encodeInto(text, scratch).written);
	}

	function many(urls, split, cut) {
		requireStrings(urls, 'urls');
		const joined = encodeScratch(urls.join('\n'));
		const answer = split(joined, urls.length);
		if (answer !== undefined) return answer;
		const lengths = new Uint32Array(urls.length);
		for (let i = 0; i < urls.length; i++) lengths[i] = urls[i].length;
		return cut(joined, lengths);
	}

	// Record values cross the boundary as one string, each ended by a newline
	// (a value is the rest of one line, so none holds one).
	function lines(joined) {
		const values = joined.split('\n');
		values.pop();
		return values;
	}

	function verdict(packed, raw) {
		if (reasonNames === null) reasonNames = glue.reasonNames();
		return {
			allowed: (packed & 1) === 1,
			reason: reasonNames[packed >> 2],
			rule: (packed & 2) === 2 ? raw.lastRule() : null
		};
	}

	const FREED = 'this object was freed (free() was called)';

	/**
	 * A robots.txt, parsed and compiled once under one profile.
	 * Memory lives in the WebAssembly instance: `free()` releases it at once;
	 * otherwise a FinalizationRegistry releases it after garbage collection.
	 */
	class Policy {
		#raw;

		constructor(text, opts) {
			if (text === INTERNAL) {
				this.#raw = opts;
				return;
			}
			requireText(text, 'text');
			const o = options(opts, 'options');
			const profile = profileOf(o, 'rfc9309');
			const maxBytes = maxBytesOf(o);
			// A string is encoded natively (TextEncoder, the UTF-8 wasm-bindgen
			// would write char by char) into the scratch buffer, which the call
			// copies into the module before anything else uses it: no array to
			// collect per parse.
			const bytes = typeof text === 'string' ? encodeScratch(text) : textBytes(text, 'text');
			this.#raw = glue.Policy.fromRaw(bytes, profile, maxBytes);
		}

		get #p() {
			if (this.#raw === null) throw new Error(FREED);
			return this.#raw;
		}

		/** Load a policy from its byte form (`toBytes()`); every byte is checked. */
		static fromBytes(bytes) {
			if (!(bytes instanceof Uint8Array)) {
				throw new TypeError(`bytes must be a Uint8Array, not ${describe(bytes)}`);
			}
			return new Policy(INTERNAL, glue.Policy.fromBytes(bytes));
		}

		toBytes() { return this.#p.toBytes(); }
		get profile() { return this.#p.profile(); }

		isAllowed(agent, url) {
			return this.#p.isAllowed(requireString(agent, 'agent'), requireString(url, 'url'));
		}

		check(agent, url) {
			const p = this.#p;
			return verdict(p.checkPacked(requireString(agent, 'agent'), requireString(url, 'url')), p);
		}

		explain(agent, url) {
			return this.#p.explain(requireString(agent, 'agent'), requireString(url, 'url'));
		}

		matcher(agent) {
			return new Matcher(INTERNAL, this.#p.matcher(requireString(agent, 'agent')));
		}

		matcherChain(tokens, opts) {
			requireStrings(tokens, 'tokens');
			if (tokens.length === 0) throw new RangeError('tokens must name at least one token');
			return new Matcher(INTERNAL, this.#p.matcherChain(tokens, obeysWildcardOf(options(opts, 'options'))));
		}

		allowedMany(agent, urls) {
			requireString(agent, 'agent');
			const p = this.#p;
			return many(urls, (j, n) => p.allowedMany(agent, j, n), (j, l) => p.allowedManyCut(agent, j, l));
		}

		crawlDelay(agent) { return this.#p.crawlDelay(requireString(agent, 'agent')) ?? null; }
		requestRate(agent) { return this.#p.requestRate(requireString(agent, 'agent')); }
		visitTime(agent) { return this.#p.visitTime(requireString(agent, 'agent')); }
		/** Every path, none or some: `{ access, rules, allowed, disallowed, undecided }`, decided over the rules. */
		classify(agent) { return this.#p.classify(requireString(agent, 'agent')); }
		/** The `Content-Signal` of the groups that apply to `agent`, or null. */
		contentSignals(agent) { return this.#p.contentSignals(requireString(agent, 'agent')); }
		/** The `Content-Usage` preferences of `agent` for `url`, or null. */
		contentUsage(agent, url) { return this.#p.contentUsage(requireString(agent, 'agent'), requireString(url, 'url')); }
		/** The valid `LLM-Policy` URLs, in file order. */
		get llmPolicies() { return lines(this.#p.llmPolicies()); }
		/** The valid `License` URLs (RSL 1.0), in file order. */
		get licenses() { return lines(this.#p.licenses()); }
		get sitemaps() { return lines(this.#p.sitemaps()); }
		get host() { return this.#p.host(); }
		get cleanParams() { return lines(this.#p.cleanParams()); }
		/** Where the parsing cap cut the text, or null. */
		get truncation() { return this.#p.truncation(); }
		records() { return this.#p.records(); }
		groups() { return this.#p.groups(); }
		rules() { return this.#p.rules(); }

		/** Release the WebAssembly memory now; the policy cannot be used after. */
		free() {
			if (this.#raw !== null) {
				this.#raw.free();
				this.#raw = null;
			}
		}
	}

	/** A policy narrowed to one crawler (or a chain of tokens), resolved once. */
	class Matcher {
		#raw;

		constructor(token, raw) {
			if (token !== INTERNAL) throw new TypeError('use policy.matcher(agent) or policy.matcherChain(tokens)');
			this.#raw = raw;
		}

		get #m() {
			if (this.#raw === null) throw new Error(FREED);
			return this.#raw;
		}

		get hasGroup() { return this.#m.hasGroup(); }
		/** For a chain: the index of the token whose groups apply, or null (`*` applies). */
		get chainChoice() { return this.#m.chainChoice() ?? null; }
		get groupLines() { return Array.from(this.#m.groupLines()); }

		isAllowed(url) { return this.#m.isAllowed(requireString(url, 'url')); }

		check(url) {
			const m = this.#m;
			return verdict(m.checkPacked(requireString(url, 'url')), m);
		}

		explain(url) { return this.#m.explain(requireString(url, 'url')); }

		allowedMany(urls) {
			const m = this.#m;
			return many(urls, (j, n) => m.allowedMany(j, n), (j, l) => m.allowedManyCut(j, l));
		}

		/** `{ allowed: Uint8Array, lines: Uint32Array }`: verdicts and deciding lines (0: none). */
		checkMany(urls) {
			const m = this.#m;
			const packed = many(urls, (j, n) => m.checkMany(j, n), (j, l) => m.checkManyCut(j, l));
			const allowed = new Uint8Array(packed.length);
			const lines = new Uint32Array(packed.length);
			for (let i = 0; i < packed.length; i++) {
				allowed[i] = packed[i] & 1;
				lines[i] = packed[i] >>> 1;
			}
			return { allowed, lines };
		}

		classify() { return this.#m.classify(); }
		contentSignals() { return this.#m.contentSignals(); }
		contentUsage(url) { return this.#m.contentUsage(requireString(url, 'url')); }

		crawlDelay() { return this.#m.crawlDelay() ?? null; }
		requestRate() { return this.#m.requestRate(); }
		visitTime() { return this.#m.visitTime(); }

		free() {
			if (this.#raw !== null) {
				this.#raw.free();
				this.#raw = null;
			}
		}
	}

	const INTERNAL = Symbol('internal');

	/** Every lint finding about `text`, sorted by position. */
	function lint(text, opts) {
		const bytes = textBytes(text, 'text');
		const o = options(opts, 'options');
		return glue.lintRaw(bytes, profileOf(o, 'rfc9309'), maxBytesOf(o));
	}

	/**
	 * What `text` does to every crawler of the registry (`robots report --format
	 * json`, keys in camelCase), or, with `chain` (a token, then its fallbacks:
	 * see `crawlerChain`), to that one crawler, known to the registry or not
	 * (`robots report --agent`).
	 */
	function report(text, opts) {
		const bytes = textBytes(text, 'text');
		const o = options(opts, 'options');
		const paths = o.paths === undefined ? [] : requireStrings(o.paths, 'paths');
		const chain = o.chain === undefined || o.chain === null ? [] : requireStrings(o.chain, 'chain');
		if (o.chain !== undefined && o.chain !== null && chain.length === 0) throw new RangeError('chain must name at least one token');
		return glue.reportRaw(bytes, profileOf(o, 'rfc9309'), maxBytesOf(o), paths, chain);
	}

	/**
	 * What changes between two versions (`robots diff --format json`): the URLs
	 * whose verdict changes for `chain` (default `['*']`), and every registry
	 * crawler whose verdicts change, over `urls` or the paths both files derive.
	 */
	function diff(oldText, newText, opts) {
		const before = textBytes(oldText, 'oldText');
		const after = textBytes(newText, 'newText');
		const o = options(opts, 'options');
		const chain = o.chain === undefined ? ['*'] : requireStrings(o.chain, 'chain');
		if (chain.length === 0) throw new RangeError('chain must name at least one token');
		const derive = o.urls === undefined || o.urls === null;
		const urls = derive ? [] : requireStrings(o.urls, 'urls');
		return glue.diffRaw(before, after, profileOf(o, 'rfc9309'), maxBytesOf(o), chain, obeysWildcardOf(o), urls, derive);
	}

	/** What `text` is when it is not a robots.txt: 'html', 'utf16', 'utf32', 'binary', or null. */
	function sniff(text) { return glue.sniffRaw(textBytes(text, 'text')) ?? null; }

	function crawlers() { return glue.crawlers(); }
	function purposes() { return glue.purposes(); }
	function crawlerChain(token) { return glue.crawlerChain(requireString(token, 'token')); }
	/** Whether `token` obeys the `*` groups when no group names it (false: a registry crawler documented to ignore `*`). */
	function crawlerObeysWildcard(token) { return glue.crawlerObeysWildcard(requireString(token, 'token')); }
	/** The crawler token of a whole User-Agent header (as `robots check --user-agent-header`), or null. */
	function tokenOfHeader(header) { return glue.tokenOfHeader(requireString(header, 'header')) ?? null; }
	/** Whether `agent` is plainly a whole User-Agent header, not a product token (`/` then a digit, or `(`). */
	function looksLikeHeader(agent) { return glue.looksLikeHeader(requireString(agent, 'agent')); }
	function version() { return glue.version(); }

	Object.assign(internal, {
		requireString, options, maxBytesOf, describe,
		wrapPolicy: (raw) => new Policy(INTERNAL, raw)
	});

	return {
		Policy, Matcher, lint, report, diff, sniff, crawlers, purposes, crawlerChain, crawlerObeysWildcard, tokenOfHeader,
		looksLikeHeader, version, profiles: PROFILES.slice()
	};
}
