'use strict';
// A sample of the real-world corpus (testdata/corpus): the package's `google`
// verdicts against the Rust CLI's (`robots check --profile google`), URL by URL.
// ROBOTS_BIN names the CLI binary (ci.sh builds it).
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { execFileSync } = require('node:child_process');
const { engine, repo } = require('./helpers.js');

const corpus = path.join(repo, 'testdata', 'corpus');
const bin = process.env.ROBOTS_BIN;

function sample() {
	const sites = fs.readdirSync(corpus).filter((f) => f.endsWith('.txt')).sort();
	// Every 15th file, and the largest, capped at 300 URLs each.
	return sites.filter((_, i) => i % 15 === 0).concat(['www.xuexi.cn.txt']).map((f) => {
		const urls = fs.readFileSync(path.join(corpus, f.replace(/\.txt$/, '.urls')), 'utf8').split('\n').filter(Boolean).slice(0, 300);
		return { file: path.join(corpus, f), urls };
	});
}

test('corpus sample: google verdicts equal the Rust CLI\'s', { skip: bin ? false : 'set ROBOTS_BIN to the robots CLI (ci.sh does)' }, () => {
	let compared = 0;
	for (const agent of ['Googlebot', 'GPTBot']) {
		for (const { file, urls } of sample()) {
			const out = execFileSync(bin, ['check', '--profile', 'google', '--agent', agent, file],
				{ input: urls.join('\n') + '\n', encoding: 'utf8', maxBuffer: 1 << 28, stdio: ['pipe', 'pipe', 'ignore'] });
			const expected = out.split('\n').filter(Boolean).map((l) => l.startsWith('allowed\t'));
			assert.equal(expected.length, urls.length, file);
			const policy = new engine.Policy(new Uint8Array(fs.readFileSync(file)), { profile: 'google' });
			const got = Array.from(policy.allowedMany(agent, urls), (b) => b === 1);
			urls.forEach((u, i) => assert.equal(got[i], expected[i], `${path.basename(file)} ${agent} ${u}`));
			compared += urls.length;
			policy.free();
		}
	}
	assert.ok(compared > 5000, `${compared} verdicts compared`);
});
