import { Robot, PolicyOptions } from './index';
declare function robotsParser(url: string, robotstxt: string, options?: PolicyOptions): Robot;
export default robotsParser;
export { robotsParser, Robot };
