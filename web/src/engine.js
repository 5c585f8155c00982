// The one place the page talks to `robots-engine` (its browser entry,
// `robots-engine/web`): everything the views show is computed here, in the
// worker. Plain objects come out, so the worker can post them and the views
// never hold a wasm object.

import init, * as robots from 'robots-engine-web';
import { noticesOf } from './notices.js';

/** A function the package may not have yet (looked up by name, so bundling does not bind it). */
const optional = (name) => (typeof robots[name] === 'function' ? robots[name] : null);

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

/** The chain a token follows: its registry fallbacks, or the token alone. */
export const chainOf = (token) => robots.crawlerChain(token);

/** Lint findings, every one. */
export const lint = (bytes, profile) => robots.lint(bytes, { profile });

/** The known-crawler report, as `robots report --format json` gives it. */
export const report = (bytes, profile) => robots.report(bytes, { profile });

/** A parsed policy; the caller frees it. */
export const policy = (bytes, profile) => new robots.Policy(bytes, { profile });

/** The CLI's notices (no robots.txt at all; cut by the parse cap). */
export function notices(bytes, profile, pol, findings) {
  return noticesOf({
    bytes,
    profile,
    sniffed: optional('sniff')?.(bytes),
    truncation: pol.truncation,
    findings,
  });
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
    matcher.free();
  }
}

/** The whole decision behind one verdict (groups, candidates, tie-break). */
export function explain(pol, chain, url) {
  const matcher = pol.matcherChain(chain);
  try {
    const choice = matcher.chainChoice;
    return { ...matcher.explain(url), chainToken: choice == null ? null : chain[choice] };
  } finally {
    matcher.free();
  }
}

/** The literal start of a rule's pattern: what a diff probes when no URL list is given. */
function probes(pol) {
  const paths = new Set(['/', '/robots.txt']);
  for (const rule of pol.rules()) {
    const pattern = rule.pattern ?? '';
    if (!pattern.startsWith('/')) continue;
    const literal = pattern.split('*')[0].replace(/\$$/, '');
    paths.add(literal);
    if (pattern.includes('*') || pattern.endsWith('$')) paths.add(pattern.replaceAll('*', 'x').replace(/\$$/, ''));
  }
  return paths;
}

function side(v) {
  return { allowed: v.allowed, reason: v.reason, rule: v.rule ? { line: v.rule.line, directive: v.rule.directive, pattern: v.rule.pattern } : null };
}

/**
 * What changes between two versions for `chain`: `robots diff --format json`'s
 * changes. The package's own `diff` when it has one; else computed here over
 * `urls`, or over the paths the two files' rules name.
 */
export function diff(oldBytes, newBytes, profile, chain, urls) {
  const packaged = optional('diff');
  if (packaged) {
    const options = { profile, chain };
    if (urls) options.urls = urls;
    return packaged(oldBytes, newBytes, options);
  }
  const before = policy(oldBytes, profile);
  const after = policy(newBytes, profile);
  try {
    const list = urls ?? [...new Set([...probes(before), ...probes(after)])].sort();
    const a = before.matcherChain(chain);
    const b = after.matcherChain(chain);
    const changes = [];
    for (const url of list) {
      const was = a.check(url);
      const now = b.check(url);
      if (was.allowed !== now.allowed) changes.push({ url, old: side(was), new: side(now) });
    }
    a.free();
    b.free();
    return { urls: list.length, changes, derived: !urls };
  } finally {
    before.free();
    after.free();
  }
}

/** The package's version, for the footer. */
export const version = () => (typeof robots.version === 'function' ? robots.version() : String(robots.version ?? ''));
