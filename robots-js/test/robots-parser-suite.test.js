'use strict';
// robots-parser@3.0.1's own test suite (test/Robots.js from its npm tarball,
// fetched at test time, never committed) run against the drop-in, with a
// strict list of expected failures: a new failure or a newly passing test
// fails the run. Its describe/it run on node:test; chai comes from npm.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFileSync } = require('node:child_process');
const { pkgDir } = require('./helpers.js');

const EXPECTED = require('./robots-parser-expected-failures.json');
const scratch = process.env.ROBOTS_PARSER_SUITE_DIR || path.join(os.tmpdir(), 'robots-engine-rp-suite');

function prepare() {
	const suite = path.join(scratch, 'package', 'test', 'Robots.js');
	if (!fs.existsSync(suite) || !fs.existsSync(path.join(scratch, 'node_modules', 'chai'))) {
		fs.mkdirSync(scratch, { recursive: true });
		const npm = (args) => execFileSync('npm', args, { cwd: scratch, stdio: ['ignore', 'pipe', 'inherit'] });
		npm(['pack', 'robots-parser@3.0.1', '--silent']);
		execFileSync('tar', ['xzf', 'robots-parser-3.0.1.tgz'], { cwd: scratch });
		fs.writeFileSync(path.join(scratch, 'package.json'), '{ "private": true }\n');
		npm(['install', '--no-save', '--no-audit', '--no-fund', '--silent', 'chai@4.3.10']);
	}
	// The suite requires '../index': point it at the drop-in.
	fs.writeFileSync(path.join(scratch, 'package', 'index.js'),
		`module.exports = require(${JSON.stringify(path.join(pkgDir, 'robots-parser.js'))});\n`);
	return suite;
}

const suite = prepare();
const seen = new Map();
let prefix = [];

global.describe = (title, body) => {
	prefix.push(title);
	try { body(); } finally { prefix.pop(); }
};
global.it = (title, fn) => {
	const full = [...prefix, title].join(' ');
	const reason = EXPECTED[full];
	test(full, () => {
		let error = null;
		try { fn(); } catch (e) { error = e; }
		seen.set(full, error === null ? 'pass' : 'fail');
		if (reason === undefined && error !== null) throw error;
		if (reason !== undefined && error === null) {
			assert.fail(`newly passing (remove it from robots-parser-expected-failures.json): ${full}`);
		}
	});
};
// The suite finds chai in the scratch directory's node_modules.
require(suite);

test('every expected failure names a test of the suite', () => {
	for (const title of Object.keys(EXPECTED)) assert.ok(seen.has(title), `no such test: ${title}`);
	const failed = [...seen].filter(([, r]) => r === 'fail').length;
	console.log(`robots-parser@3.0.1 suite: ${seen.size - failed} of ${seen.size} pass, ${failed} expected failures`);
});
