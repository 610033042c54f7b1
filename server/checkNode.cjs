// `npm install` and `npm start` run this first (package.json: preinstall, prestart): on a Node.js
// older than package.json's engines.node (">=22.18": type stripping runs the .ts files), it
// stops with one line saying what to do instead of a stack trace later. Written in ES5 and
// CommonJS so that any old Node parses it (the linter holds it to ES5: eslint.config.js).
'use strict';
var engines = require('../package.json').engines.node; // ">=22.18"
var needed = /(\d+)\.(\d+)/.exec(engines);

/** True when `version` ("v20.20.2" or "20.20.2") is at least major.minor of engines.node. */
function supported(version) {
  var found = /(\d+)\.(\d+)/.exec(version);
  if (!found) return false;
  var major = Number(found[1]);
  var minor = Number(found[2]);
  return major > Number(needed[1]) || (major === Number(needed[1]) && minor >= Number(needed[2]));
}

function message(version) {
  return (
    'Node.js ' + version + ' found; this project needs Node.js ' + needed[1] + '.' + needed[2] + '+ or 24 (LTS). ' +
    'Get Node 24 in this shell with: . .ci/node24.sh   (see README, "Run it")'
  );
}

module.exports = { supported: supported, message: message };

if (require.main === module && !supported(process.version)) {
  process.stderr.write(message(process.version) + '\n');
  process.exit(1);
}
