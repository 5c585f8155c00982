// fetchRobots and PolicyCache: the RFC 9309 fetch for JS crawlers. The state
// machine (robots-fetch, in the WebAssembly module) decides everything: which
// request to send, what a status means, how much body to read, how long the
// answer lives. This file only moves bytes between it and `fetch`.

function makeFetch(glue, core, internal) {
	'use strict';

	const { requireString, options, maxBytesOf, describe, wrapPolicy } = internal;
	const FETCH_PROFILES = ['rfc9309', 'google'];

	// URLs (the page's, a redirect's Location) go to the machine as they are:
	// it parses them with this platform's WHATWG `URL` (Unicode hosts included).

	const MAX_TIMER_MS = 2147483647;

	function fetchOptions(opts) {
		const o = options(opts, 'options');
		const fetchFn = o.fetch === undefined ? globalThis.fetch : o.fetch;
		if (typeof fetchFn !== 'function') {
			throw new TypeError(`options.fetch must be a function (no global fetch here), not ${describe(fetchFn)}`);
		}
		const agent = o.agent === undefined ? '' : requireString(o.agent, 'options.agent');
		const profile = o.profile === undefined ? 'rfc9309' : requireString(o.profile, 'options.profile');
		if (!FETCH_PROFILES.includes(profile)) {
			throw new RangeError(`unknown fetch profile ${JSON.stringify(profile)}: expected rfc9309 or google`);
		}
		const timeoutMs = o.timeoutMs === undefined ? 10000 : o.timeoutMs;
		if (typeof timeoutMs !== 'number' || !(timeoutMs >= 0)) {
			throw new TypeError(`options.timeoutMs must be a non-negative number, not ${describe(timeoutMs)}`);
		}
		return { fetch: fetchFn, agent, profile, timeoutMs, maxBytes: maxBytesOf(o) };
	}

	/** The answer of a fetch: the rules for the origin, why, and for how long. */
	class RobotsFetchResult {
		#raw;
		#policy;

		constructor(raw) {
			this.#raw = raw;
			const d = raw.describe();
			/** `'parsed'`, `'allow-all'` or `'disallow-all'`. */
			this.rules = d.rules;
			/** `ok`, `unavailable`, `unreachable`, `rate-limited`, `network-error`, `timeout`, ... */
			this.reason = d.reason;
			this.unreachable = d.unreachable;
			this.status = d.status;
			this.expiresInMs = d.expiresInMs;
			this.store = d.store;
			this.robotsUrl = d.robotsUrl;
			this.finalUrl = d.finalUrl;
			this.redirects = d.redirects;
			this.bytes = d.bytes;
			this.truncated = d.truncated;
			const policy = raw.policy();
			this.#policy = policy === undefined ? null : wrapPolicy(policy);
		}

		/** The parsed policy (also the last good copy bridging an outage), or null. */
		get policy() { return this.#policy; }

		/** Whether `agent` may fetch `url` under these rules. */
		isAllowed(agent, url) {
			return this.#raw.isAllowed(requireString(agent, 'agent'), requireString(url, 'url'));
		}

		/** The full verdict when a file was parsed, else `{ allowed, reason: rules, rule: null }`. */
		check(agent, url) {
			if (this.#policy !== null) return this.#policy.check(agent, url);
			return { allowed: this.isAllowed(agent, url), reason: this.rules, rule: null };
		}

		/** For PolicyCache: the outcome the next fetch revalidates with. */
		get _raw() { return this.#raw; }
	}

	async function readBody(machine, response) {
		if (!response.body) {
			const buf = new Uint8Array(await response.arrayBuffer());
			machine.receiveBody(buf);
			machine.endBody();
			return;
		}
		const reader = response.body.getReader();
		for (;;) {
			const { done, value } = await reader.read();
			if (done) {
				machine.endBody();
				return;
			}
			machine.receiveBody(value);
			if (machine.action().kind !== 'read') {
				// Past the parse limit: the rest is never read.
				reader.cancel().catch(() => {});
				return;
			}
		}
	}

	function headersOf(response) {
		const names = [];
		const values = [];
		response.headers.forEach((value, name) => {
			names.push(name);
			values.push(value);
		});
		return [names, values];
	}

	async function drive(machine, cfg) {
		const controller = new AbortController();
		// Timers take at most 2^31 - 1 ms (a longer delay fires at once, in Node
		// and in browsers): a longer timeout, or Infinity, is none.
		const timer = cfg.timeoutMs <= MAX_TIMER_MS ? setTimeout(() => controller.abort(), cfg.timeoutMs) : undefined;
		try {
			for (;;) {
				const action = machine.action();
				if (action.kind === 'done') return;
				if (action.kind !== 'send') {
					// Only a confused driver gets here: end the fetch.
					machine.fail(false);
					continue;
				}
				try {
					let response = await cfg.fetch(action.url, {
						method: 'GET',
						headers: Object.fromEntries(action.headers),
						redirect: 'manual',
						signal: controller.signal
					});
					if (response.type === 'opaqueredirect') {
						// A browser hides a redirect's Location: let it follow them itself.
						response = await cfg.fetch(action.url, {
							method: 'GET',
							headers: Object.fromEntries(action.headers),
							redirect: 'follow',
							signal: controller.signal
						});
					}
					const [names, values] = headersOf(response);
					machine.receiveHead(response.status, names, values);
					if (machine.action().kind === 'read') {
						await readBody(machine, response);
					} else if (response.body) {
						response.body.cancel().catch(() => {});
					}
				} catch (e) {
					machine.fail(controller.signal.aborted);
				}
			}
		} finally {
			clearTimeout(timer);
		}
	}

	/**
	 * Fetch the robots.txt that governs `url` the RFC 9309 way, with `fetch`
	 * (the global one by default). Never throws for what a server does: every
	 * status, redirect, stall or network error ends in a result.
	 */
	async function fetchRobots(url, opts) {
		requireString(url, 'url');
		const cfg = fetchOptions(opts);
		const o = options(opts, 'options');
		const previous = o.previous === undefined || o.previous === null ? null : o.previous;
		if (previous !== null && !(previous instanceof RobotsFetchResult)) {
			throw new TypeError(`options.previous must be a result of fetchRobots, not ${describe(previous)}`);
		}
		const machine = previous === null
			? new glue.FetchMachine(url, cfg.profile, cfg.agent, cfg.maxBytes, cfg.timeoutMs)
			: glue.FetchMachine.revalidate(url, cfg.profile, cfg.agent, cfg.maxBytes, cfg.timeoutMs,
				previous._raw, o.failures ?? 0, o.outageMs ?? 0);
		try {
			await drive(machine, cfg);
			return new RobotsFetchResult(machine.finish());
		} finally {
			machine.free();
		}
	}

	/**
	 * A cache of fetch results keyed by origin: one fetch at a time per origin
	 * (callers that ask meanwhile share it), each result kept for as long as its
	 * outcome says (`expiresInMs`), a kept copy revalidated and bridging outages.
	 */
	class PolicyCache {
		#cfg;
		#now;
		#maxEntries;
		#entries = new Map();
		#inflight = new Map();

		constructor(opts) {
			const o = options(opts, 'options');
			this.#cfg = o;
			fetchOptions(o);
			this.#now = o.now === undefined ? () => Date.now() : o.now;
			if (typeof this.#now !== 'function') throw new TypeError(`options.now must be a function, not ${describe(this.#now)}`);
			this.#maxEntries = o.maxEntries === undefined ? 10000 : o.maxEntries;
		}

		/** Cached origins. */
		get size() { return this.#entries.size; }

		/** The result for `url`'s origin: cached while fresh, else fetched (once). */
		get(url) {
			requireString(url, 'url');
			const key = glue.originKey(url);
			const entry = this.#entries.get(key);
			const now = this.#now();
			if (entry && entry.expiresAt > now) return Promise.resolve(entry.result);
			const pending = this.#inflight.get(key);
			if (pending) return pending;
			const opts = Object.assign({}, this.#cfg);
			if (entry) {
				opts.previous = entry.result;
				opts.failures = entry.failures;
				opts.outageMs = entry.outageSince === null ? 0 : now - entry.outageSince;
			}
			const promise = fetchRobots(url, opts).then((result) => {
				this.#store(key, entry, result);
				return result;
			}).finally(() => {
				this.#inflight.delete(key);
			});
			this.#inflight.set(key, promise);
			return promise;
		}

		/** Whether `agent` may fetch `url`, fetching its robots.txt if needed. */
		async isAllowed(agent, url) {
			requireString(agent, 'agent');
			return (await this.get(url)).isAllowed(agent, url);
		}

		/** Forget `url`'s origin. */
		delete(url) { return this.#entries.delete(glue.originKey(requireString(url, 'url'))); }

		/** Forget everything. */
		clear() { this.#entries.clear(); }

		#store(key, previous, result) {
			const now = this.#now();
			const failures = result.unreachable ? (previous ? previous.failures : 0) + 1 : 0;
			const outageSince = result.unreachable
				? (previous && previous.outageSince !== null ? previous.outageSince : now)
				: null;
			this.#entries.delete(key);
			if (!result.store) return;
			this.#entries.set(key, { result, expiresAt: now + result.expiresInMs, failures, outageSince });
			if (this.#entries.size > this.#maxEntries) {
				// Oldest stored first (Map keeps insertion order).
				this.#entries.delete(this.#entries.keys().next().value);
			}
		}
	}

	return { fetchRobots, PolicyCache, RobotsFetchResult };
}
