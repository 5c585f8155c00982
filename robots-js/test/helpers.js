'use strict';
// Shared by the tests: the built package, and the repository's test data.
const path = require('node:path');
const fs = require('node:fs');

const pkgDir = process.env.ROBOTS_JS_PKG || path.join(__dirname, '..', 'pkg');
if (!fs.existsSync(path.join(pkgDir, 'package.json'))) {
	throw new Error(`no built package at ${pkgDir}: run bash robots-js/build.sh first`);
}
const repo = path.join(__dirname, '..', '..');

function jsonl(name) {
	return fs.readFileSync(path.join(repo, 'testdata', 'conformance', name), 'utf8')
		.split('\n').filter((l) => l.trim() !== '').map((l) => JSON.parse(l));
}

/** A case's robots.txt: text, or the exact bytes when it is not UTF-8. */
function body(c) {
	return c.robots_txt === null ? new Uint8Array(Buffer.from(c.robots_txt_b64, 'base64')) : c.robots_txt;
}

/**
 * The CLI's JSON with its snake_case keys in camelCase, as the package writes
 * them (the AI-preference vocabularies' `ai-train` and the like stay).
 */
function camelCase(value) {
	if (Array.isArray(value)) return value.map(camelCase);
	if (value && typeof value === 'object') {
		return Object.fromEntries(Object.entries(value).map(([k, v]) => [k.replace(/_([a-z])/g, (_, c) => c.toUpperCase()), camelCase(v)]));
	}
	return value;
}

module.exports = { pkgDir, repo, jsonl, body, camelCase, engine: require(pkgDir) };
