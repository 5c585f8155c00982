// Compresses the page's state into a link fragment. Its own thread: a long
// file takes seconds to compress, which must hold up neither typing (the
// page's thread) nor results (the engine's worker).

import * as share from './share.js';

self.onmessage = (event) => {
  const { id, state } = event.data;
  let result = null;
  let error = null;
  try {
    result = share.encode(state);
  } catch (e) {
    error = String(e && e.stack ? e.stack : e);
  }
  self.postMessage({ id, result, error });
};
