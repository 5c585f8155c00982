// Drop-in for robots-parser: `import robotsParser from 'robots-engine/robots-parser'`.
import { robotsParser } from './index.mjs';

export default robotsParser;
export { robotsParser };
