// The page's engine thread: parsing, lint, the report, verdicts and diffs run
// here, so typing in the editor never waits for them. Each request carries the
// whole state; what did not change since the last one is reused.

import * as engine from './engine.js';

const ready = engine.load(new URL('robots_engine_bg.wasm', self.location.href));

/** What was computed for the current file, kept until the file or profile changes. */
let current = { key: null, bytes: null, policy: null, lint: null, report: null, notices: null, agentReports: new Map() };
let previousDiff = { key: null, bytes: null, report: null };

function sameBytes(a, b) {
  if (a === b) return true;
  if (!a || !b || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function fileFor(bytes, profile) {
  if (current.key === profile && sameBytes(current.bytes, bytes)) return { file: current, fresh: false };
  current.policy?.free?.();
  current = { key: profile, bytes, policy: null, lint: null, report: null, notices: null, agentReports: new Map(), timings: {} };
  return { file: current, fresh: true };
}

function timed(timings, name, f) {
  const start = performance.now();
  const value = f();
  timings[name] = performance.now() - start;
  return value;
}

function splitUrls(text) {
  return text.split(/\r?\n/).filter((line) => line.trim() !== '');
}

function compute(state) {
  const timings = {};
  const bytes = engine.bytesOf(state.file);
  const { file, fresh } = fileFor(bytes, state.profile);
  const out = { fileChanged: fresh, timings };
  if (fresh) {
    file.policy = timed(timings, 'parse', () => engine.policy(bytes, state.profile));
    file.lint = timed(timings, 'lint', () => engine.lint(bytes, state.profile));
    file.notices = timed(timings, 'notices', () => engine.notices(bytes, state.profile, file.policy));
    file.report = timed(timings, 'report', () => engine.report(bytes, state.profile));
    // Sent once per file: the page keeps them while the file stays.
    out.notices = file.notices;
    out.findings = file.lint;
    out.report = file.report;
  }
  const crawler = engine.crawlerOf(state.agent, state.exact);
  out.crawler = crawler;
  out.chain = crawler.chain;
  // The typed crawler's own report row (any token, known or not), once per
  // chain while the file stays.
  if (crawler.token !== '*') {
    const key = crawler.chain.join('\n');
    if (!file.agentReports.has(key)) {
      file.agentReports.set(key, timed(timings, 'agentReport', () => engine.report(bytes, state.profile, crawler.chain)));
    }
    out.agentReport = file.agentReports.get(key);
  } else {
    out.agentReport = null;
  }
  const urls = splitUrls(state.urls);
  out.urls = urls;
  out.verdicts = timed(timings, 'verdicts', () => engine.verdicts(file.policy, out.chain, urls, crawler.obeysWildcard));
  if (state.diffOn) {
    const oldBytes = engine.bytesOf({ text: state.oldText });
    out.diff = timed(timings, 'diff', () =>
      engine.diff(oldBytes, bytes, state.profile, out.chain, state.diffUrls === 'list' ? urls : null, crawler.obeysWildcard),
    );
    const key = state.profile;
    if (previousDiff.key !== key || !sameBytes(previousDiff.bytes, oldBytes)) {
      previousDiff = { key, bytes: oldBytes, report: engine.report(oldBytes, state.profile) };
    }
    out.oldReport = previousDiff.report;
    if (!out.report) out.report = file.report;
  }
  return out;
}

self.onmessage = async (event) => {
  const { id, kind } = event.data;
  try {
    await ready;
    let result;
    if (kind === 'meta') {
      result = { crawlers: engine.crawlers(), purposes: engine.purposes(), version: engine.version() };
    } else if (kind === 'compute') {
      result = compute(event.data.state);
    } else if (kind === 'urls') {
      // URLs to start testing a file with, from its own rules.
      const { file, profile } = event.data;
      const policy = engine.policy(engine.bytesOf(file), profile);
      try {
        result = engine.urlsOf(policy);
      } finally {
        policy.free?.();
      }
    } else if (kind === 'explain') {
      const { state, url } = event.data;
      const bytes = engine.bytesOf(state.file);
      const { chain, obeysWildcard } = engine.crawlerOf(state.agent, state.exact);
      const same = current.key === state.profile && sameBytes(current.bytes, bytes) && current.policy;
      const policy = same ? current.policy : engine.policy(bytes, state.profile);
      try {
        result = engine.explain(policy, chain, url, obeysWildcard);
      } finally {
        if (!same) policy.free?.();
      }
    }
    self.postMessage({ id, result });
  } catch (error) {
    self.postMessage({ id, error: String(error && error.stack ? error.stack : error) });
  }
};
