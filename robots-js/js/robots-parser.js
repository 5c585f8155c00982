// A drop-in for the robots-parser npm package (3.x): the same function and
// methods, with the engine's verdicts (the `google` profile by default: Google's
// robotstxt library, bit for bit) instead of robots-parser's own matching.

function makeRobotsParser(core) {
	'use strict';

	// robots-parser resolves relative URLs against this base (its own choice).
	const RELATIVE_BASE = 'http://robots-relative.samclarke.com/';

	function parseUrl(url) {
		try {
			const parsed = new URL(url, RELATIVE_BASE);
			const port = parsed.port || (parsed.protocol === 'https:' ? '443' : '80');
			return { protocol: parsed.protocol, hostname: parsed.hostname, port, parsed };
		} catch (e) {
			return null;
		}
	}

	/** The product token robots-parser matches on: lower case, before any `/version`. */
	function agentOf(ua) {
		const agent = ua === undefined || ua === null || ua === '' ? '*' : String(ua);
		const slash = agent.indexOf('/');
		return (slash > -1 ? agent.slice(0, slash) : agent).trim();
	}

	class Robots {
		#base;
		#policy;

		constructor(url, contents, opts) {
			this.#base = parseUrl(url) || {};
			const text = contents === undefined || contents === null ? '' : contents;
			const o = opts || {};
			this.#policy = new core.Policy(typeof text === 'string' || text instanceof Uint8Array ? text : String(text), {
				profile: o.profile || 'google',
				maxBytes: o.maxBytes
			});
		}

		/** The engine's policy behind this object. */
		get policy() { return this.#policy; }

		/** The path or URL the engine checks; undefined for another origin. */
		#target(url) {
			const u = parseUrl(url);
			if (u === null) return undefined;
			const base = this.#base;
			if (u.protocol !== base.protocol || u.hostname !== base.hostname || u.port !== base.port) {
				return undefined;
			}
			// The request target as an HTTP client sends it (WHATWG URL
			// serialisation: non-ASCII percent-encoded), which is what a crawler
			// fetches and what Google's matcher expects to be given.
			return u.parsed.pathname + u.parsed.search;
		}

		#check(url, ua) {
			const target = this.#target(String(url));
			if (target === undefined) return undefined;
			return this.#policy.check(agentOf(ua), target);
		}

		/** true or false; undefined when `url` is not of this robots.txt's origin. */
		isAllowed(url, ua) {
			const verdict = this.#check(url, ua);
			return verdict === undefined ? undefined : verdict.allowed;
		}

		/** The opposite of isAllowed (true for another origin, as robots-parser). */
		isDisallowed(url, ua) {
			return !this.isAllowed(url, ua);
		}

		/**
		 * Whether a rule of a group naming `ua` itself (not `*`) disallows `url`;
		 * undefined for another origin.
		 */
		isExplicitlyDisallowed(url, ua) {
			const verdict = this.#check(url, ua);
			if (verdict === undefined) return undefined;
			if (verdict.allowed || verdict.rule === null) return false;
			const group = this.#policy.groups().find((g) => g.id === verdict.rule.group);
			return group !== undefined && group.agents.some((a) => a.value.trim() !== '*');
		}

		/** 1-based line of the deciding rule, or -1. */
		getMatchingLineNumber(url, ua) {
			const verdict = this.#check(url, ua);
			return verdict && verdict.rule ? verdict.rule.line : -1;
		}

		/** Crawl delay in seconds, or undefined. */
		getCrawlDelay(ua) {
			const delay = this.#policy.crawlDelay(agentOf(ua));
			return delay === null ? undefined : delay;
		}

		getSitemaps() {
			return this.#policy.sitemaps;
		}

		/** The last `Host` value (lower case), or null: robots-parser keeps the last one. */
		getPreferredHost() {
			const hosts = this.#policy.records().filter((r) => r.directive === 'host' && r.value !== '');
			return hosts.length === 0 ? null : hosts[hosts.length - 1].value.toLowerCase();
		}
	}

	/** robots-parser's entry point: `robotsParser(url, contents)`. */
	function robotsParser(url, contents, opts) {
		return new Robots(url, contents, opts);
	}

	return { robotsParser, Robots };
}
