// The whole API from the wasm-bindgen glue: the engine, the fetch, the drop-in.
function build(glue) {
	'use strict';
	const internal = {};
	const core = makeApi(glue, internal);
	const fetching = makeFetch(glue, core, internal);
	const parser = makeRobotsParser(core);
	return Object.freeze(Object.assign({}, core, fetching, { robotsParser: parser.robotsParser }));
}
