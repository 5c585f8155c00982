'use strict';
// CommonJS entry (Node): the WebAssembly module is loaded synchronously.
const glue = require('./node/robots_engine.js');
const { build } = require('./lib/engine.cjs');

module.exports = build(glue);
