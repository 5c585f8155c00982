// The one place the page talks to `robots-engine` (its browser entry,
// `robots-engine/web`): everything the views show is computed here, in the
// worker. Plain objects come out, so the worker can post them and the views
// never hold a wasm object.

import init, * as robots from 'robots-engine-web';
import { noticesOf } from './notices.js';

/** Load the `.wasm` (served next to the worker script). */
export async function load(wasmUrl) {
  await init(wasmUrl);
}

const textEncoder = new TextEncoder();

/** The file as bytes: what the user typed, or the bytes of a dropped file. */
export function bytesOf(file) {
  return file.bytes ?? textEncoder.encode(file.text ?? '');
}

/** Every registry crawler, in registry order. */
export const crawlers = () => robots.crawlers();

/** Purposes in report order, with their headings. */
export const purposes = () => robots.purposes();

/**
 * The crawler the "Crawler token" field names, read as the CLI reads it: a
 * whole User-Agent header gives its crawler token (`robots check
 * --user-agent-header`; the CLI warns when `--agent` is given one), and the
 * token follows the fallbacks the registry documents for it (`Googlebot-Image`
 * → `Googlebot`, as `robots check --agent` and `robots report` do) unless
 * `exact` (`--no-fallback`). `{ token, chain, obeysWildcard, header, noToken }`:
 * `obeysWildcard` is false for a registry crawler documented to ignore `*`
 * (no group applies to it where none names it, with or without `exact`, as
 * the CLI has it), `header` is the header the token was read from, `noToken`
 * says a header held none (it is then matched whole, as given).
 */
export function crawlerOf(typed, exact) {
  const text = typed.trim();
  if (text === '') return { token: '*', chain: ['*'], obeysWildcard: true, header: null, noToken: false };
  let token = text;
  let header = null;
  let noToken = false;
  if (robots.looksLikeHeader(text)) {
    const found = robots.tokenOfHeader(text);
    if (found === null) noToken = true;
    else {
      token = found;
      header = text;
    }
  }
  return {
    token,
    chain: exact || noToken ? [token] : robots.crawlerChain(token),
    obeysWildcard: noToken || robots.crawlerObeysWildcard(token),
    header,
    noToken,
  };
}

/** Lint findings, every one. */
export const lint = (bytes, profile) => robots.lint(bytes, { profile });

/**
 * The known-crawler report, as `robots report --format json` gives it; with
 * `chain`, the report of that one crawler, known to the registry or not
 * (`robots report --agent`).
 */
export const report = (bytes, profile, chain = null) => robots.report(bytes, { profile, chain });

/**
 * URLs to start testing a file with: `/`, then each rule's path up to its
 * first `*` or `$`, in file order, each once (at most `limit`). What a site
 * owner would try first, unlike the built-in sample's, which belong to
 * another file.
 */
export function urlsOf(pol, limit = 12) {
  const urls = ['/'];
  for (const rule of pol.rules()) {
    if (rule.derived) continue;
    const cut = rule.pattern.search(/[*$]/);
    const path = cut < 0 ? rule.pattern : rule.pattern.slice(0, cut);
    if (path.startsWith('/') && !urls.includes(path)) urls.push(path);
    if (urls.length >= limit) break;
  }
  return urls;
}

/** A parsed policy; the caller frees it. */
export const policy = (bytes, profile) => new robots.Policy(bytes, { profile });

/** The CLI's notices (no robots.txt at all; cut by the parse cap). */
export function notices(bytes, profile, pol) {
  const truncation = pol.truncation;
  return noticesOf({ profile, sniffed: robots.sniff(bytes), truncation, googlebot: googlebotCut(bytes, truncation) });
}

/** Googlebot reads 500 KiB (robots_lint::GOOGLEBOT_MAX_BYTES) whatever the profile. */
const GOOGLEBOT_MAX_BYTES = 512_000;

/**
 * Where Googlebot stops reading, when the profile's own cap did not cut the
 * file there already (the CLI's `googlebot_cut`: the head parsed under
 * `google` with Googlebot's cap).
 */
function googlebotCut(bytes, truncation) {
  if (bytes.length <= GOOGLEBOT_MAX_BYTES) return null;
  if (truncation && truncation.maxBytes <= GOOGLEBOT_MAX_BYTES) return null;
  const head = new robots.Policy(bytes.subarray(0, GOOGLEBOT_MAX_BYTES + 1), { profile: 'google', maxBytes: GOOGLEBOT_MAX_BYTES });
  try {
    const cut = head.truncation;
    return cut ? { ...cut, inputLen: bytes.length } : null;
  } finally {
    head.free();
  }
}

/**
 * Verdicts for `urls` under `chain` (obeying `*` where no group names it, if
 * `obeysWildcard`), in one call across the boundary:
 * `{ allowed: Uint8Array, lines: Uint32Array }` (line 0: no rule decided).
 */
export function verdicts(pol, chain, urls, obeysWildcard = true) {
  const matcher = pol.matcherChain(chain, { obeysWildcard });
  try {
    const out = matcher.checkMany(urls);
    return { allowed: out.allowed, lines: out.lines };
  } finally {
    matcher.free();
  }
}

/** The whole decision behind one verdict (groups, candidates, tie-break). */
export function explain(pol, chain, url, obeysWildcard = true) {
  const matcher = pol.matcherChain(chain, { obeysWildcard });
  try {
    const choice = matcher.chainChoice;
    return { ...matcher.explain(url), chainToken: choice == null ? null : chain[choice] };
  } finally {
    matcher.free();
  }
}

/**
 * What changes between two versions, as `robots diff --format json` computes
 * it (the package's `diff`, the CLI's own Rust code): the URLs whose verdict
 * changes for `chain`, over `urls` or else the paths both files' rules derive,
 * and every registry crawler whose verdicts change.
 */
export const diff = (oldBytes, newBytes, profile, chain, urls, obeysWildcard = true) =>
  robots.diff(oldBytes, newBytes, { profile, chain, obeysWildcard, urls: urls ?? null });

/** The package's version, for the footer. */
export const version = () => (typeof robots.version === 'function' ? robots.version() : String(robots.version ?? ''));
