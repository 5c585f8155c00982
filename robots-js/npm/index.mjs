// ES-module entry: Node (the .wasm read from disk) and browsers (fetched next
// to this file), ready on import (top-level await).
import * as glue from './web/robots_engine.js';
import { build } from './lib/engine.mjs';

const wasmUrl = new URL('./web/robots_engine_bg.wasm', import.meta.url);
if (typeof process !== 'undefined' && process.versions && process.versions.node && wasmUrl.protocol === 'file:') {
	const { readFile } = await import('node:fs/promises');
	glue.initSync({ module: await readFile(wasmUrl) });
} else {
	await glue.default({ module_or_path: wasmUrl });
}

const api = build(glue);

export const {
	Policy, Matcher, lint, report, diff, sniff, crawlers, purposes, crawlerChain, crawlerObeysWildcard, tokenOfHeader,
	looksLikeHeader, version, profiles,
	fetchRobots, PolicyCache, RobotsFetchResult, robotsParser
} = api;
export default api;
