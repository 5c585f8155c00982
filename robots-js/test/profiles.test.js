'use strict';
// The package fails loudly on a profile the engine adds: every profile of
// `Profile::ALL` (the module's own `profileNames`, read from the engine) is
// accepted by the JavaScript layer (`profiles`, which argument checks use),
// typed in index.d.ts (`Profile`) and named in the README. (Directives are
// held at build time: src/known.rs.)
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { engine, pkgDir } = require('./helpers.js');

const glue = require(path.join(pkgDir, 'node', 'robots_engine.js'));

test('every profile of the engine is handled by name: profiles, Policy, index.d.ts, README', () => {
	const native = glue.profileNames();
	assert.ok(native.length >= 4, native.join());
	assert.deepEqual(engine.profiles, native, 'js/api.js PROFILES must list Profile::ALL');
	const dts = fs.readFileSync(path.join(__dirname, '..', 'npm', 'index.d.ts'), 'utf8');
	const union = /export type Profile = ([^;]+);/.exec(dts);
	assert.ok(union, 'index.d.ts has `export type Profile`');
	assert.deepEqual(union[1].split('|').map((s) => s.trim().replace(/^'|'$/g, '')), native, 'index.d.ts Profile');
	const readme = fs.readFileSync(path.join(__dirname, '..', 'README.md'), 'utf8');
	for (const name of native) {
		assert.ok(readme.includes(`'${name}'`), `README names the profile '${name}'`);
		const p = new engine.Policy('User-agent: *\nDisallow: /x\n', { profile: name });
		assert.equal(p.profile, name);
		assert.equal(p.isAllowed('bot', '/x'), false, name);
		p.free();
	}
});
