export * from './index';
import * as api from './index';
/** Load the WebAssembly module (from `input`, or next to this file); resolves to the API. */
export default function init(input?: RequestInfo | URL | Response | BufferSource | WebAssembly.Module): Promise<typeof api>;
