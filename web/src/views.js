// Drawing results. Every text from the file, the URLs or a shared link is
// escaped: a link must not be able to inject markup into the page.

const ESC = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const esc = (s) => String(s).replace(/[&<>"']/g, (c) => ESC[c]);

const word = (allowed) => (allowed ? 'allowed' : 'disallowed');

const linesCache = new WeakMap();

/** Lines of the file, for showing a deciding rule as written (split once per file). */
function fileLines(file) {
  let lines = linesCache.get(file);
  if (!lines) {
    const text = file.text ?? new TextDecoder().decode(file.bytes);
    lines = text.split(/\r\n|\r|\n/);
    linesCache.set(file, lines);
  }
  return lines;
}

export function renderNotices(box, notices) {
  box.innerHTML = (notices ?? [])
    .map((n) => `<p class="notice" data-testid="notice" data-kind="${esc(n.kind)}">This file ${esc(n.message)}</p>`)
    .join('');
}

export function renderFindings(list, count, findings) {
  const n = { error: 0, warning: 0, note: 0 };
  for (const f of findings) n[f.severity] = (n[f.severity] ?? 0) + 1;
  count.textContent = findings.length === 0
    ? '(none)'
    : `(${n.error} error${n.error === 1 ? '' : 's'}, ${n.warning} warning${n.warning === 1 ? '' : 's'}, ${n.note} note${n.note === 1 ? '' : 's'})`;
  list.innerHTML = findings
    .map((f) => `<li tabindex="0" data-testid="finding" data-code="${esc(f.code)}" data-severity="${esc(f.severity)}" data-line="${f.line}">`
      + `<span class="sev sev-${esc(f.severity)}">${esc(f.severity)}</span> `
      + `line ${f.line}:${f.column} <span class="code">${esc(f.code)}</span> ${esc(f.message)}`
      + (f.help ? `<span class="help">help: ${esc(f.help)}</span>` : '')
      + '</li>')
    .join('');
}

function ruleText(directive, pattern) {
  const name = directive === 'allow' ? 'Allow' : directive === 'disallow' ? 'Disallow' : directive;
  return `${name}: ${pattern}`;
}

export function verdictSummary(urls, verdicts) {
  if (urls.length === 0) return 'Type URLs or paths above to test them.';
  let allowed = 0;
  for (let i = 0; i < urls.length; i++) allowed += verdicts.allowed[i] ? 1 : 0;
  return `${allowed} of ${urls.length} allowed, ${urls.length - allowed} disallowed.`;
}

function verdictRow(url, allowed, line, lines, selected) {
  const rule = line > 0 ? (lines[line - 1] ?? '').trim() : allowed ? 'no rule matched' : '';
  const u = esc(url);
  return `<tr tabindex="0" data-testid="verdict-row" data-url="${u}" data-verdict="${word(allowed)}" data-line="${line > 0 ? line : ''}" aria-selected="${selected}">`
    + `<td class="v-${word(allowed)}">${word(allowed)}</td><td class="url">${u}</td><td class="num">${line > 0 ? line : '–'}</td><td class="pat">${esc(rule)}</td></tr>`;
}

/** What the table shows now, so that a new result redraws only the rows that changed. */
let shown = { urls: null, allowed: null, lines: null };

/** One row per URL, in input order; the deciding rule read from the file's line. */
export function renderVerdicts(body, urls, verdicts, file, selectedUrl) {
  const lines = fileLines(file);
  const same = shown.urls && shown.urls.length === urls.length && body.rows.length === urls.length
    && shown.urls.every((u, i) => u === urls[i]);
  if (same) {
    // Typing in the editor: most verdicts stay; redraw the rows that moved
    // (and, for the rule text, every row with a deciding line).
    for (let i = 0; i < urls.length; i++) {
      const allowed = verdicts.allowed[i] !== 0;
      const line = verdicts.lines[i];
      if ((shown.allowed[i] !== 0) === allowed && shown.lines[i] === line && line === 0) continue;
      const row = body.rows[i];
      const html = verdictRow(urls[i], allowed, line, lines, urls[i] === selectedUrl);
      if (row.outerHTML !== html) row.outerHTML = html;
    }
  } else {
    const parts = new Array(urls.length);
    for (let i = 0; i < urls.length; i++) {
      parts[i] = verdictRow(urls[i], verdicts.allowed[i] !== 0, verdicts.lines[i], lines, urls[i] === selectedUrl);
    }
    body.innerHTML = parts.join('');
  }
  shown = { urls, allowed: verdicts.allowed, lines: verdicts.lines };
}

const REASONS = {
  rule: 'a rule decided',
  'no-matching-rule': 'groups applied to this crawler, but none of their rules matches the path: allowed',
  'no-group': 'no group names this crawler (or its fallbacks) and there is no * group: allowed',
  'robots-txt': '/robots.txt itself is always allowed under this reading',
};

export function renderExplanation(box, url, e) {
  const groups = (e.groups ?? []).map((g) => `<li>line ${g.line}: User-agent: ${esc((g.agents ?? []).map((a) => a.value ?? a).join(', '))}</li>`).join('');
  const candidates = (e.candidates ?? []).map((r, i) => `<li${i === 0 ? ' data-testid="winner"' : ''}>line ${r.line}: <code>${esc(ruleText(r.directive, r.pattern))}</code>${i === 0 ? ' ← decides' : ''}</li>`).join('');
  const v = e.verdict;
  const tieBreak = (e.candidates ?? []).length > 1
    ? '<p>Tie-break: the longest matching pattern wins; between equally long ones, the reading decides (Allow wins under rfc9309 and google).</p>'
    : '';
  box.innerHTML = `<h3>Why ${esc(url)} is ${word(v.allowed)}</h3>`
    + `<p>Path compared: <code>${esc(e.path)}</code></p>`
    + (e.chainToken ? `<p>The groups of <code>${esc(e.chainToken)}</code> apply.</p>` : '')
    + `<p>Groups that applied: ${groups ? `</p><ul>${groups}</ul>` : 'none (the crawler is not named and there is no * group).</p>'}`
    + `<p>Matching rules, best first: ${candidates ? `</p><ol>${candidates}</ol>` : 'none.</p>'}`
    + tieBreak
    + `<p data-testid="reason" data-reason="${esc(v.reason)}">Reason: ${esc(e.reasonText ?? REASONS[v.reason] ?? v.reason)}.</p>`;
}

function groupText(row) {
  const g = row.group;
  const lines = g.lines.length === 0 ? '' : `line${g.lines.length === 1 ? '' : 's'} ${g.lines.slice(0, 3).join(', ')}${g.lines.length > 3 ? ', …' : ''}`;
  switch (g.applies) {
    case 'own': return `its own (${lines})`;
    case 'fallback': return `${g.token}'s (${lines})`;
    case 'wildcard': return `* (${lines})`;
    case 'none': return 'none: no group, no *';
    case 'ignores-wildcard': return 'none: ignores *';
    default: return g.applies;
  }
}

const NOTES = { partly: 'may skip robots.txt for user requests', ignores: 'says it ignores robots.txt', obeys: '' };

export function renderReport(body, summary, report, meta) {
  summary.textContent = `${report.sample_paths} sample paths · summary: ${report.summary}`;
  const titles = new Map((meta?.purposes ?? []).map((p) => [p.name, p.title]));
  const byPurpose = new Map();
  for (const row of report.crawlers) {
    if (!byPurpose.has(row.purpose)) byPurpose.set(row.purpose, []);
    byPurpose.get(row.purpose).push(row);
  }
  const html = [];
  for (const p of report.purposes) {
    const rows = byPurpose.get(p.purpose) ?? [];
    if (rows.length === 0) continue;
    html.push(`<tr class="purpose"><th colspan="7" scope="rowgroup">${esc(titles.get(p.purpose) ?? p.purpose)} (${p.crawlers}): ${p.blocked} blocked fully, ${p.partly} partly, ${p.allowed} allowed everywhere</th></tr>`);
    for (const r of rows) {
      const root = r.root_allowed ? 'allowed' : 'disallowed';
      html.push(`<tr data-testid="report-row" data-token="${esc(r.token)}" data-root="${root}" data-purpose="${esc(r.purpose)}">`
        + `<td>${esc(r.token)}</td><td>${esc(r.operator)}</td><td>${esc(groupText(r))}</td>`
        + `<td class="v-${root}">${r.root_allowed ? 'allowed' : 'blocked'}</td>`
        + `<td class="num">${(100 * r.allowed_share).toFixed(1)}%</td>`
        + `<td class="num">${r.crawl_delay_seconds == null ? '–' : `${r.crawl_delay_seconds}s`}</td>`
        + `<td>${esc(NOTES[r.robots_txt] ?? '')}</td></tr>`);
    }
  }
  body.innerHTML = html.join('');
}

function side(v) {
  if (v.rule) return `line ${v.rule.line} "${ruleText(v.rule.directive, v.rule.pattern)}"`;
  if (v.reason === 'no-group') return 'no group for this crawler';
  if (v.reason === 'robots-txt') return '/robots.txt is always allowed';
  return 'no matching rule';
}

export function renderDiff(body, summary, crawlersList, result) {
  const d = result.diff;
  const lost = d.changes.filter((c) => !c.new.allowed).length;
  summary.textContent = d.changes.length === 0
    ? `No verdict changes for ${result.chain[0]} over ${d.urls} URLs.`
    : `${d.changes.length} of ${d.urls} URLs change verdict for ${result.chain[0]} (${lost} newly disallowed, ${d.changes.length - lost} newly allowed).`;
  body.innerHTML = d.changes
    .map((c) => `<tr data-testid="diff-row" data-url="${esc(c.url)}" data-old="${word(c.old.allowed)}" data-new="${word(c.new.allowed)}">`
      + `<td class="v-${word(c.new.allowed)}">${c.new.allowed ? '+' : '−'} ${word(c.old.allowed)} → ${word(c.new.allowed)}</td>`
      + `<td class="url">${esc(c.url)}</td><td>${esc(side(c.new))}</td><td>${esc(side(c.old))}</td></tr>`)
    .join('');
  const before = new Map((result.oldReport?.crawlers ?? []).map((r) => [r.token, r]));
  const changed = [];
  for (const now of result.report.crawlers) {
    const was = before.get(now.token);
    if (!was) continue;
    const rootChanged = was.root_allowed !== now.root_allowed;
    const shareChanged = Math.abs(was.allowed_share - now.allowed_share) > 1e-9;
    const groupChanged = was.group.applies !== now.group.applies || was.group.token !== now.group.token;
    if (!rootChanged && !shareChanged && !groupChanged) continue;
    const parts = [];
    if (rootChanged) parts.push(`/ ${word(was.root_allowed)} → ${word(now.root_allowed)}`);
    if (shareChanged) parts.push(`sample allowed ${(100 * was.allowed_share).toFixed(1)}% → ${(100 * now.allowed_share).toFixed(1)}%`);
    if (groupChanged) parts.push(`group ${groupText(was)} → ${groupText(now)}`);
    changed.push(`<li data-testid="diff-crawler" data-token="${esc(now.token)}" data-old-root="${word(was.root_allowed)}" data-new-root="${word(now.root_allowed)}"><strong>${esc(now.token)}</strong>: ${esc(parts.join('; '))}</li>`);
  }
  crawlersList.innerHTML = changed.length ? changed.join('') : '<li>No crawler changes.</li>';
}
