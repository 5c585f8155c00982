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

function findingHtml(f) {
  return `<span class="sev sev-${esc(f.severity)}">${esc(f.severity)}</span> `
    + `line ${f.line}:${f.column} <span class="code">${esc(f.code)}</span> ${esc(f.message)}`
    + (f.help ? `<span class="help">help: ${esc(f.help)}</span>` : '');
}

/** What each drawn finding shows. */
let shownFindings = [];

const findingKey = (f) => `${f.severity}\u0000${f.line}:${f.column}\u0000${f.code}\u0000${f.message}\u0000${f.help ?? ''}`;

/**
 * The findings list: one item per finding, in order. Items whose finding did
 * not change are left alone (typing changes a few findings, or shifts lines).
 */
export function renderFindings(list, count, findings) {
  const n = { error: 0, warning: 0, note: 0 };
  for (const f of findings) n[f.severity] = (n[f.severity] ?? 0) + 1;
  count.textContent = findings.length === 0
    ? '(none)'
    : `(${n.error} error${n.error === 1 ? '' : 's'}, ${n.warning} warning${n.warning === 1 ? '' : 's'}, ${n.note} note${n.note === 1 ? '' : 's'})`;
  const items = list.children;
  while (items.length > findings.length) list.lastElementChild.remove();
  shownFindings.length = Math.min(shownFindings.length, items.length);
  const added = [];
  for (let i = 0; i < findings.length; i++) {
    const f = findings[i];
    const key = findingKey(f);
    if (i < items.length) {
      if (shownFindings[i] === key) continue;
      const item = items[i];
      item.dataset.code = f.code;
      item.dataset.severity = f.severity;
      item.dataset.line = String(f.line);
      item.innerHTML = findingHtml(f);
    } else {
      added.push(`<li tabindex="0" data-testid="finding" data-code="${esc(f.code)}" data-severity="${esc(f.severity)}" data-line="${f.line}">${findingHtml(f)}</li>`);
    }
    shownFindings[i] = key;
  }
  if (added.length) list.insertAdjacentHTML('beforeend', added.join(''));
}

/** Whether two finding lists are the same, position for position. */
export function sameFindings(a, b) {
  if (!a || !b || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (findingKey(a[i]) !== findingKey(b[i])) return false;
  return true;
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

/** Rows drawn per step: each step is a short task, so the page stays responsive. */
const CHUNK = 2000;

/**
 * Rows per block. Rows live in blocks of BLOCK; a block off screen is skipped
 * by layout and paint (content-visibility: auto), so ten thousand rows cost
 * about what the visible ones do, and the browser tracks 100 blocks, not
 * 10,000 rows. (A <tr> cannot be skipped so: the rows are ARIA grid rows.)
 */
const BLOCK = 100;

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));

function verdictRow(url, allowed, line, rule, selected) {
  const u = esc(url);
  return `<div role="row" class="vrow" tabindex="0" data-testid="verdict-row" data-url="${u}" data-verdict="${word(allowed)}" data-line="${line > 0 ? line : ''}" aria-selected="${selected}">`
    + `<span role="cell" class="v-${word(allowed)}">${word(allowed)}</span><span role="cell" class="url">${u}</span><span role="cell" class="num">${line > 0 ? line : '–'}</span><span role="cell" class="pat">${esc(rule)}</span></div>`;
}

/** What each drawn row shows, so that a new result touches only what changed. */
const shown = { urls: [], allowed: [], lines: [], rules: [], selected: [] };
let verdictDraw = 0;

function setCell(cell, text) {
  if (cell.textContent !== text) cell.textContent = text;
}

/** Bring drawn row `i` up to date, writing only the fields that changed. */
function updateRow(row, i, url, allowed, line, rule, selected) {
  if (shown.urls[i] !== url) {
    row.dataset.url = url;
    setCell(row.children[1], url);
  }
  if (shown.allowed[i] !== allowed) {
    row.dataset.verdict = word(allowed);
    row.children[0].className = `v-${word(allowed)}`;
    row.children[0].textContent = word(allowed);
  }
  if (shown.lines[i] !== line) {
    row.dataset.line = line > 0 ? String(line) : '';
    row.children[2].textContent = line > 0 ? String(line) : '–';
  }
  if (shown.rules[i] !== rule) row.children[3].textContent = rule;
  if (shown.selected[i] !== selected) row.setAttribute('aria-selected', String(selected));
}

/** Keep the first `n` rows drawn, removing the rest (and emptied blocks). */
function keepRows(body, n) {
  const blocks = body.children;
  const keepBlocks = Math.ceil(n / BLOCK);
  while (blocks.length > keepBlocks) body.lastElementChild.remove();
  const last = blocks[keepBlocks - 1];
  if (last) while (last.children.length > n - (keepBlocks - 1) * BLOCK) last.lastElementChild.remove();
  for (const key of Object.keys(shown)) shown[key].length = Math.min(shown[key].length, n);
}

/** The row after (or before) `row`, across blocks. */
export function neighbourRow(row, forward) {
  const near = forward ? row.nextElementSibling : row.previousElementSibling;
  if (near) return near;
  const block = forward ? row.parentElement.nextElementSibling : row.parentElement.previousElementSibling;
  return block ? (forward ? block.firstElementChild : block.lastElementChild) : null;
}

/**
 * One row per URL, in input order, with the deciding rule read from the file's
 * line. Rows already drawn are updated field by field; new rows are added
 * CHUNK at a time, one step per frame. Resolves to false when a newer call
 * took over, or `current()` turned false, before this one finished.
 */
export async function renderVerdicts(body, urls, verdicts, file, selectedUrl, current = () => true, stepTime = () => {}) {
  const mine = ++verdictDraw;
  const lines = fileLines(file);
  const drawn = Math.min(shown.urls.length, body.querySelectorAll(':scope > .vblock > .vrow').length);
  keepRows(body, Math.min(drawn, urls.length));
  const blocks = body.children;
  let count = Math.min(drawn, urls.length);
  for (let start = 0; start < urls.length; start += CHUNK) {
    if (start > 0) {
      await nextFrame();
      if (mine !== verdictDraw || !current()) return false;
    }
    const stepStart = performance.now();
    const end = Math.min(urls.length, start + CHUNK);
    let added = [];
    const flush = () => {
      if (added.length === 0) return;
      const at = count - added.length;
      const block = blocks[Math.floor(at / BLOCK)];
      if (block) block.insertAdjacentHTML('beforeend', added.join(''));
      else body.insertAdjacentHTML('beforeend', `<div class="vblock" role="presentation">${added.join('')}</div>`);
      added = [];
    };
    for (let i = start; i < end; i++) {
      const allowed = verdicts.allowed[i] !== 0;
      const line = verdicts.lines[i];
      const rule = line > 0 ? (lines[line - 1] ?? '').trim() : allowed ? 'no rule matched' : '';
      const selected = urls[i] === selectedUrl;
      if (i < count) {
        updateRow(blocks[Math.floor(i / BLOCK)].children[i % BLOCK], i, urls[i], allowed, line, rule, selected);
      } else {
        added.push(verdictRow(urls[i], allowed, line, rule, selected));
        count++;
        if (count % BLOCK === 0) flush();
      }
      shown.urls[i] = urls[i];
      shown.allowed[i] = allowed;
      shown.lines[i] = line;
      shown.rules[i] = rule;
      shown.selected[i] = selected;
    }
    flush();
    stepTime(performance.now() - stepStart);
  }
  return true;
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

const NOTES = { partly: 'may skip robots.txt for user requests', ignores: 'says it ignores robots.txt', obeys: '', unstated: 'does not say whether it obeys robots.txt' };

/** The access column, as `robots report` words it: `partial (/x blocked)`. */
function accessText(access) {
  return access.kind === 'partial' ? `partial (${access.disallowedPath} blocked)` : access.kind;
}

/** `key=y key=n` for the stated keys of a record (`line` and `path` are no keys). */
function statedText(record) {
  const stated = Object.entries(record)
    .filter(([key, value]) => key !== 'line' && key !== 'path' && value !== null)
    .map(([key, value]) => `${key}=${value ? 'y' : 'n'}`);
  return stated.length ? stated.join(' ') : '-';
}

/** Two Content-Usage rules of one path, combined as the vocabulary says: an `n` wins, then a `y`. */
function combine(a, b) {
  const one = (x, y) => (x === false || y === false ? false : x === true || y === true ? true : null);
  return { 'train-ai': one(a['train-ai'], b['train-ai']), search: one(a.search, b.search) };
}

/**
 * The AI-prefs column, as `robots report` words it: `CS search=y ai-train=n ·
 * CU train-ai=n +2` (Content-Usage: what every path gets, the rules of path `/`
 * or else the path-less ones, and how many rules cover some paths only).
 */
export function aiText(ai) {
  const parts = [];
  if (ai.contentSignal) parts.push(`CS ${statedText(ai.contentSignal)}`);
  if (ai.contentUsage.length) {
    const ofPath = (path) => ai.contentUsage.filter((u) => u.path === path).reduce((acc, u) => (acc ? combine(acc, u) : u), null);
    const every = ofPath('/') ?? ofPath(null);
    const scoped = ai.contentUsage.filter((u) => u.path !== null && u.path !== '/').length;
    parts.push(`CU${every ? ` ${statedText({ 'train-ai': every['train-ai'], search: every.search })}` : ''}${scoped ? ` +${scoped}` : ''}`);
  }
  return parts.length ? parts.join(' · ') : '–';
}

/** One report row as data: its attributes and its cells' text and class. */
function rowModel(r, testid) {
  const root = r.rootAllowed ? 'allowed' : 'disallowed';
  return {
    key: `crawler:${r.token}`,
    attrs: { 'data-testid': testid, 'data-token': r.token, 'data-root': root, 'data-purpose': r.purpose ?? '', 'data-access': r.access.kind },
    cells: [
      [r.token, ''],
      [r.operator ?? '–', ''],
      [groupText(r), ''],
      [r.rootAllowed ? 'allowed' : 'blocked', `v-${root}`],
      [accessText(r.access), `access-${r.access.kind}`],
      [`${(100 * r.allowedShare).toFixed(1)}%`, 'num'],
      [r.crawlDelaySeconds == null ? '–' : `${r.crawlDelaySeconds}s`, 'num'],
      [aiText(r.aiRecords), 'ai'],
      [r.robotsTxt === null ? 'not in the registry' : NOTES[r.robotsTxt] ?? '', ''],
    ],
  };
}

/**
 * The report's rows as data: the purpose headings and one row per crawler,
 * each with its attributes and its cells' text and class.
 */
function reportModel(report, meta) {
  const titles = new Map((meta?.purposes ?? []).map((p) => [p.name, p.title]));
  const byPurpose = new Map();
  for (const row of report.crawlers) {
    if (!byPurpose.has(row.purpose)) byPurpose.set(row.purpose, []);
    byPurpose.get(row.purpose).push(row);
  }
  const model = [];
  for (const p of report.purposes) {
    const rows = byPurpose.get(p.purpose) ?? [];
    if (rows.length === 0) continue;
    model.push({
      key: `purpose:${p.purpose}`,
      heading: `${titles.get(p.purpose) ?? p.purpose} (${p.crawlers}): ${p.blocked} blocked fully, ${p.partly} partly, ${p.allowed} allowed everywhere`,
    });
    for (const r of rows) model.push(rowModel(r, 'report-row'));
  }
  return model;
}

function reportRowHtml(m) {
  if (m.heading !== undefined) return `<tr class="purpose"><th colspan="9" scope="rowgroup">${esc(m.heading)}</th></tr>`;
  const attrs = Object.entries(m.attrs).map(([k, v]) => ` ${k}="${esc(v)}"`).join('');
  return `<tr${attrs}>${m.cells.map(([text, cls]) => `<td${cls ? ` class="${cls}"` : ''}>${esc(text)}</td>`).join('')}</tr>`;
}

/** The report rows drawn: a new report of the same crawlers rewrites only the cells that changed. */
let shownReport = [];

/**
 * The typed crawler's own row above the registry's (`robots report --agent`):
 * any token, known to the registry or not, with its exact access. Empty when
 * no crawler is named.
 */
export function renderAgentReport(body, report) {
  if (!report || report.crawlers.length === 0) {
    body.innerHTML = '';
    return;
  }
  const row = rowModel(report.crawlers[0], 'report-agent-row');
  body.innerHTML = `<tr class="purpose"><th colspan="9" scope="rowgroup" data-testid="report-agent-summary">The crawler above: ${esc(report.summary)}</th></tr>${reportRowHtml(row)}`;
}

export function renderReport(body, summary, report, meta) {
  summary.textContent = `${report.samplePaths} sample paths · summary: ${report.summary}`;
  const model = reportModel(report, meta);
  const rows = body.rows;
  const sameRows = rows.length === model.length && shownReport.length === model.length
    && model.every((m, i) => m.key === shownReport[i].key);
  if (!sameRows) {
    body.innerHTML = model.map(reportRowHtml).join('');
  } else {
    // Typing moves a few values (the sample's shares, a group's lines): rewrite those.
    for (let i = 0; i < model.length; i++) {
      const m = model[i];
      const was = shownReport[i];
      const row = rows[i];
      if (m.heading !== undefined) {
        if (m.heading !== was.heading) row.cells[0].textContent = m.heading;
        continue;
      }
      for (const [k, v] of Object.entries(m.attrs)) if (was.attrs[k] !== v) row.setAttribute(k, v);
      m.cells.forEach(([text, cls], j) => {
        const [oldText, oldCls] = was.cells[j];
        if (text !== oldText) row.cells[j].textContent = text;
        if (cls !== oldCls) row.cells[j].className = cls;
      });
    }
  }
  shownReport = model;
}

function side(v) {
  if (v.rule) return `line ${v.rule.line} "${ruleText(v.rule.directive, v.rule.pattern)}"`;
  if (v.reason === 'no-group') return 'no group for this crawler';
  if (v.reason === 'robots-txt') return '/robots.txt is always allowed';
  return 'no matching rule';
}

/**
 * The diff: the URLs whose verdict changes for the crawler (`robots diff
 * --agent`), and every registry crawler whose verdicts change (`robots diff`),
 * each with its `/` verdict before and after from the two reports.
 */
export function renderDiff(body, summary, crawlersList, result, report) {
  const d = result.diff;
  const lost = d.changes.filter((c) => !c.new.allowed).length;
  const cut = d.derivedCut ? ` Only the first ${d.derivedCut.limit} paths derived from each file's rules are compared.` : '';
  summary.textContent = (d.changes.length === 0
    ? `No verdict changes for ${result.chain[0]} over ${d.urls} URLs.`
    : `${d.changes.length} of ${d.urls} URLs change verdict for ${result.chain[0]} (${lost} newly disallowed, ${d.changes.length - lost} newly allowed).`) + cut;
  body.innerHTML = d.changes
    .map((c) => `<tr data-testid="diff-row" data-url="${esc(c.url)}" data-old="${word(c.old.allowed)}" data-new="${word(c.new.allowed)}">`
      + `<td class="v-${word(c.new.allowed)}">${c.new.allowed ? '+' : '−'} ${word(c.old.allowed)} → ${word(c.new.allowed)}</td>`
      + `<td class="url">${esc(c.url)}</td><td>${esc(side(c.new))}</td><td>${esc(side(c.old))}</td></tr>`)
    .join('');
  const before = new Map((result.oldReport?.crawlers ?? []).map((r) => [r.token, r]));
  const after = new Map((report?.crawlers ?? []).map((r) => [r.token, r]));
  const root = (row) => (row ? word(row.rootAllowed) : '');
  const total = report?.crawlers?.length ?? 0;
  crawlersList.innerHTML = d.crawlers.length === 0
    ? `<li>No verdict changes for any of ${total} crawlers over ${d.urls} URLs.</li>`
    : `<li class="diff-crawlers-summary">${d.crawlers.length} of ${total} crawlers change verdicts over ${d.urls} URLs:</li>` + d.crawlers.map((c) => {
      const was = before.get(c.agent);
      const now = after.get(c.agent);
      const rootText = was && now && was.rootAllowed !== now.rootAllowed ? `; / ${root(was)} → ${root(now)}` : '';
      return `<li data-testid="diff-crawler" data-token="${esc(c.agent)}" data-lost="${c.lost}" data-gained="${c.gained}" data-old-root="${root(was)}" data-new-root="${root(now)}">`
        + `<strong>${esc(c.agent)}</strong> (${esc(c.operator)}): ${c.lost} newly disallowed, ${c.gained} newly allowed${esc(rootText)}</li>`;
    }).join('');
}
