// Browser entry: call `await init()` (or `init(urlOrBytes)`) once, then use the API.
// No `require`, no `fs`: works from a page or a bundler as it is.
import initGlue, * as glue from './web/robots_engine.js';
import { build } from './lib/engine.mjs';

const api = build(glue);

/** Load the WebAssembly module: from `input` (URL, Response, bytes or module) or next to this file. */
export default async function init(input) {
	await initGlue({ module_or_path: input === undefined ? new URL('./web/robots_engine_bg.wasm', import.meta.url) : input });
	return api;
}

export const {
	Policy, Matcher, lint, report, diff, sniff, crawlers, purposes, crawlerChain, crawlerObeysWildcard, tokenOfHeader,
	looksLikeHeader, version, profiles,
	fetchRobots, PolicyCache, RobotsFetchResult, robotsParser
} = api;
