'use strict';
// Drop-in for robots-parser: `const robotsParser = require('robots-engine/robots-parser')`.
const { robotsParser } = require('./index.js');

module.exports = robotsParser;
module.exports.default = robotsParser;
module.exports.robotsParser = robotsParser;
