'use strict';
// The package as a user gets it: `npm pack` -> `npm install ./robots-engine-*.tgz`
// into a fresh project -> require() and import, of the API and the drop-in.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFileSync } = require('node:child_process');
const { pkgDir } = require('./helpers.js');

test('npm pack, npm install into a fresh project, then require and import', () => {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'robots-engine-install-'));
	try {
		const run = (cmd, args, cwd = dir) => execFileSync(cmd, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
		const tarball = run('npm', ['pack', pkgDir, '--silent', '--pack-destination', dir]).trim().split('\n').pop();
		assert.match(tarball, /^robots-engine-\d+\.\d+\.\d+\.tgz$/);
		const listing = run('tar', ['tzf', path.join(dir, tarball)]);
		for (const f of ['package/package.json', 'package/index.js', 'package/index.mjs', 'package/index.d.ts',
			'package/web/robots_engine_bg.wasm', 'package/node/robots_engine_bg.wasm', 'package/README.md',
			'package/robots-parser.js', 'package/robots-parser.mjs', 'package/lib/engine.cjs']) {
			assert.ok(listing.includes(f), `${f} in the tarball`);
		}
		const project = path.join(dir, 'project');
		fs.mkdirSync(project);
		fs.writeFileSync(path.join(project, 'package.json'), '{ "name": "fresh", "version": "1.0.0", "private": true }\n');
		run('npm', ['install', '--no-audit', '--no-fund', '--offline', path.join(dir, tarball)], project);

		const cjs = run('node', ['-e', `
			const { Policy, lint, fetchRobots } = require('robots-engine');
			const robotsParser = require('robots-engine/robots-parser');
			const p = new Policy('User-agent: *\\nDisallow: /x\\n', { profile: 'google' });
			const r = robotsParser('https://example.com/robots.txt', 'User-agent: *\\nDisallow: /x\\n');
			console.log(JSON.stringify([p.isAllowed('bot', '/x'), p.isAllowed('bot', '/y'), r.isAllowed('https://example.com/x'),
				r.isAllowed('https://other.example/x'), typeof lint, typeof fetchRobots]));
		`], project);
		assert.deepEqual(JSON.parse(cjs), [false, true, false, null, 'function', 'function']);

		const esm = run('node', ['--input-type=module', '-e', `
			import { Policy, report } from 'robots-engine';
			import engine from 'robots-engine';
			import robotsParser from 'robots-engine/robots-parser';
			import init, { Policy as WebPolicy } from 'robots-engine/web';
			const p = new Policy('User-agent: *\\nDisallow: /x\\n');
			const r = robotsParser('https://example.com/robots.txt', 'User-agent: *\\nDisallow: /x\\n');
			const fs = await import('node:fs');
			const { createRequire } = await import('node:module');
			const wasm = fs.readFileSync(createRequire(import.meta.url).resolve('robots-engine/package.json').replace('package.json', 'web/robots_engine_bg.wasm'));
			await init(wasm);
			console.log(JSON.stringify([p.isAllowed('bot', '/x'), engine.Policy === Policy, r.isDisallowed('https://example.com/x'),
				typeof report('', {}).summary, new WebPolicy('User-agent: *\\nDisallow: /w\\n').isAllowed('b', '/w')]));
		`], project);
		assert.deepEqual(JSON.parse(esm), [false, true, true, 'string', false]);
	} finally {
		fs.rmSync(dir, { recursive: true, force: true });
	}
});
