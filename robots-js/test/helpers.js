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

module.exports = { pkgDir, repo, jsonl, body, engine: require(pkgDir) };
