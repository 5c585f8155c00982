// The one place the page talks to `robots-engine`: everything the views show is
// computed here, in the worker, from the package's functions. Plain objects come
// out, so the worker can post them and the views never see a wasm object.

import init, * as robots from 'robots-engine-web';

/** Load the `.wasm` (served next to the worker script). */
export async function load(wasmUrl) {
  await init({ module_or_path: wasmUrl });
}

const textEncoder = new TextEncoder();

/** The file as bytes: what the user typed, or the bytes of a dropped file. */
export function bytesOf(file) {
  return file.bytes ?? textEncoder.encode(file.text ?? '');
}

/** Every registry crawler, in registry order. */
export function crawlers() {
  return robots.crawlers();
}

/** Purposes in report order, with their headings. */
export function purposes() {
  return robots.purposes();
}

/** The chain a token follows: its registry fallbacks, or the token alone. */
export function chainOf(token) {
  return robots.crawlerChain(token);
}

/** The CLI's notices about a file that is no robots.txt or is cut by the parse cap. */
export function notices(bytes, profile) {
  return robots.notices(bytes, { profile });
}

/** Lint findings, every one, in the package's shape. */
export function lint(bytes, profile) {
  return robots.lint(bytes, { profile });
}

/** The known-crawler report, as `robots report --format json` gives it. */
export function report(bytes, profile) {
  return robots.report(bytes, { profile });
}

/** A parsed policy; the caller frees it. */
export function policy(bytes, profile) {
  return new robots.Policy(bytes, { profile });
}

/**
 * Verdicts for `urls` under `chain`, in one call across the boundary:
 * `{ allowed: Uint8Array, lines: Uint32Array }` (line 0: no rule decided).
 */
export function verdicts(pol, chain, urls) {
  const matcher = pol.matcherChain(chain);
  try {
    const out = matcher.checkMany(urls);
    return { allowed: out.allowed, lines: out.lines };
  } finally {
    matcher.free?.();
  }
}

/** The whole decision behind one verdict (groups, candidates, tie-break). */
export function explain(pol, chain, url) {
  const matcher = pol.matcherChain(chain);
  try {
    return { ...matcher.explain(url), chainToken: chainChoice(pol, chain) };
  } finally {
    matcher.free?.();
  }
}

function chainChoice(pol, chain) {
  if (typeof pol.chainChoice !== 'function') return null;
  const i = pol.chainChoice(chain);
  return i == null ? null : chain[i];
}

/** What changes between two versions, as `robots diff --format json` computes it. */
export function diff(oldBytes, newBytes, profile, chain, urls) {
  const options = { profile, chain };
  if (urls) options.urls = urls;
  return robots.diff(oldBytes, newBytes, options);
}

/** The package's version, for the footer. */
export function version() {
  return typeof robots.version === 'function' ? robots.version() : robots.version ?? '';
}
