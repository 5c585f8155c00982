// Types of the `robots-engine` package.

/** How robots.txt is read. */
export type Profile = 'rfc9309' | 'google' | 'draft1996' | 'original1994';

/** Why a verdict came out as it did. */
export type Reason = 'rule' | 'no-matching-rule' | 'no-group' | 'robots-txt';

export interface PolicyOptions {
  /** Default `'rfc9309'`. */
  profile?: Profile;
  /** Bytes of the text read (null/undefined: the profile's default, 500 KiB; none for `google`). */
  maxBytes?: number | null;
}

/** A rule of the file. */
export interface Rule {
  /** 1-based line. */
  line: number;
  /** 1-based byte column of the pattern. */
  column: number;
  directive: 'allow' | 'disallow';
  /** The pattern as written (Google's derived `index.htm` rule as derived). */
  pattern: string;
  /** Id of the group it belongs to (see `Policy.groups()`). */
  group: number;
  /** Google's `index.htm` alias of an `Allow` line, not a line of its own. */
  derived: boolean;
}

/** The answer to one check. */
export interface Verdict {
  allowed: boolean;
  reason: Reason;
  /** The deciding rule, or null when none decided. */
  rule: Rule | null;
}

export interface GroupAgent { line: number; value: string }

export interface Group {
  id: number;
  /** 1-based line of its first user-agent line. */
  line: number;
  agents: GroupAgent[];
}

/** The whole decision behind a verdict. */
export interface Explanation {
  /** The agent as given. */
  agent: string;
  /** The path as the profile compares it (after URL parsing and normalisation). */
  path: string;
  /** How the groups were chosen: the engine's `Selection` names (basis, combining, naming). */
  selection: { basis: string; combining: string; naming: string };
  /** The groups that applied (merged), in file order; each agent line says how it matches (`name`, `any`, `no`). */
  groups: (Omit<Group, 'agents'> & { agents: (GroupAgent & { matches: 'name' | 'any' | 'no' })[] })[];
  /** Every rule of those groups that matches the path, best first. */
  candidates: Rule[];
  /** How the best candidate was chosen among them (e.g. `longest-match`). */
  tieBreak: string;
  verdict: Verdict;
}

export interface RequestRate {
  requests: number;
  seconds: number;
  /** Daily window, minutes after midnight UTC. */
  window: [number, number] | null;
}

/** A path of one verdict, and the rule that decides it (null: no rule matches; allowed). */
export interface Witness {
  /** The path as the profile compares it. */
  path: string;
  rule: Rule | null;
}

/**
 * How much of the site a crawler may fetch, decided exactly over the rules
 * (never by sampling paths). Every answer has every key:
 * - `allowed`: every path; `rules` are the `Allow` rules that decide some path;
 * - `blocked`: no path (but `/robots.txt` under rfc9309 and draft1996); `rules` are the deciding `Disallow` rules;
 * - `partial`: `allowed` and `disallowed` are shortest witnesses, each checked by the matcher;
 * - `undecided`: the rules' `*`s would take more than the bound to explore; `undecided` says why. Never a guess.
 *
 * Literal rules are answered in time linear in the rules. Many `*` rules in one group
 * cost far more: 40 rules of four `*`s each took 26 s here (80 took 41 s, then `undecided`).
 */
export interface Classification {
  access: 'allowed' | 'blocked' | 'partial' | 'undecided';
  rules: Rule[];
  allowed: Witness | null;
  disallowed: Witness | null;
  undecided: { reason: string; visited: number; bound: number; rules: number; stars: number } | null;
}

/**
 * A `Content-Signal` (draft-romm-aipref-contentsignals-00): true for `yes`,
 * false for `no`, null when the entry is absent.
 */
export interface ContentSignals {
  search: boolean | null;
  'ai-input': boolean | null;
  'ai-train': boolean | null;
}

/**
 * `Content-Usage` preferences (draft-ietf-aipref-attach, vocabulary
 * draft-ietf-aipref-vocab-08): true for `y`, false for `n`, null when unstated.
 */
export interface UsagePrefs {
  'train-ai': boolean | null;
  search: boolean | null;
}

export interface RobotsRecord {
  /** `crawl-delay`, `sitemap`, `host`, `request-rate`, `visit-time`, `clean-param`, ... */
  directive: string;
  line: number;
  /** Group id, or null for a file-wide record. */
  group: number | null;
  value: string;
  valid: boolean;
  /**
   * The typed value: Crawl-delay seconds, a RequestRate, a Visit-time [start, end] window,
   * ContentSignals, a Content-Usage `{ path, prefs }` (path null: every path), or null
   * for text values (sitemap, host, llm-policy, license, clean-param, ...) and invalid ones.
   */
  parsed: number | RequestRate | [number, number] | ContentSignals
    | { path: string | null; prefs: UsagePrefs } | null;
}

/**
 * A robots.txt, parsed and compiled once. Any string or bytes parse.
 *
 * Memory lives in the WebAssembly instance: call `free()` when done (a
 * FinalizationRegistry frees it after garbage collection otherwise).
 */
export class Policy {
  constructor(text: string | Uint8Array, options?: PolicyOptions);
  /** Load the byte form written by `toBytes()`; throws on bytes that are not one. */
  static fromBytes(bytes: Uint8Array): Policy;
  toBytes(): Uint8Array;
  readonly profile: Profile;
  isAllowed(agent: string, url: string): boolean;
  check(agent: string, url: string): Verdict;
  explain(agent: string, url: string): Explanation;
  matcher(agent: string): Matcher;
  /** The first token that a group names (e.g. `['Googlebot-Image', 'Googlebot']`), else `*`. */
  /**
   * The policy narrowed to the first of `tokens` that a group names; when none
   * does, to the `*` groups, unless `obeysWildcard` is false (a crawler the
   * registry documents to ignore `*`, see `crawlerObeysWildcard`: then no group
   * applies and it may fetch everything).
   */
  matcherChain(tokens: string[], options?: { obeysWildcard?: boolean }): Matcher;
  /** One call for the whole batch: 1 where allowed, 0 where not. */
  allowedMany(agent: string, urls: string[]): Uint8Array;
  /** Seconds, or null. */
  crawlDelay(agent: string): number | null;
  requestRate(agent: string): RequestRate | null;
  visitTime(agent: string): [number, number] | null;
  /** Every path, none, or some, for `agent`: decided exactly over the rules. */
  classify(agent: string): Classification;
  /** The first valid `Content-Signal` of the groups that apply to `agent`, or null. */
  contentSignals(agent: string): ContentSignals | null;
  /**
   * `agent`'s `Content-Usage` preferences for `url` (the rule with the longest
   * matching path; a `n` wins a tie), or null when no rule matches. The draft
   * gives preferences only to URLs that may be crawled: check the URL too.
   */
  contentUsage(agent: string, url: string): UsagePrefs | null;
  /** The valid `LLM-Policy` URLs (file-wide), in file order. */
  readonly llmPolicies: string[];
  /** The valid `License` URLs (RSL 1.0: the site's license file; file-wide), in file order. */
  readonly licenses: string[];
  readonly sitemaps: string[];
  readonly host: string | null;
  readonly cleanParams: string[];
  /** Where the parsing cap cut the text, or null when all of it was read. */
  readonly truncation: { maxBytes: number; inputLen: number; firstIgnoredLine: number } | null;
  records(): RobotsRecord[];
  groups(): Group[];
  rules(): Rule[];
  free(): void;
}

/** A policy narrowed to one crawler, resolved once: checks take no agent. */
export class Matcher {
  private constructor();
  readonly hasGroup: boolean;
  /** For a chain: index of the token whose groups apply, or null (`*` applies). */
  readonly chainChoice: number | null;
  /** First lines of the groups that apply. */
  readonly groupLines: number[];
  isAllowed(url: string): boolean;
  check(url: string): Verdict;
  explain(url: string): Explanation;
  allowedMany(urls: string[]): Uint8Array;
  /** Verdicts and deciding lines (0: no rule) in one call. */
  checkMany(urls: string[]): { allowed: Uint8Array; lines: Uint32Array };
  classify(): Classification;
  contentSignals(): ContentSignals | null;
  contentUsage(url: string): UsagePrefs | null;
  crawlDelay(): number | null;
  requestRate(): RequestRate | null;
  visitTime(): [number, number] | null;
  free(): void;
}

export interface Finding {
  /** Stable kebab-case code, e.g. `missing-colon`. */
  code: string;
  severity: 'error' | 'warning' | 'note';
  line: number;
  /** 1-based byte column. */
  column: number;
  message: string;
  help: string | null;
  /** Byte range [start, end) in the text. */
  span: [number, number];
}

export function lint(text: string | Uint8Array, options?: PolicyOptions): Finding[];

export type Purpose = 'search' | 'ai-training' | 'ai-assistant' | 'seo' | 'archive' | 'social-preview' | 'other';

export interface CrawlerReportRow {
  /** The registry's spelling of the token, or the token as asked (`report(text, { chain })`). */
  token: string;
  /** null for a crawler the registry does not list (as `purpose`, `robotsTxt` and `verification`). */
  operator: string | null;
  purpose: Purpose | null;
  /** The tokens whose groups it obeys, in order: its own, then its fallbacks. */
  chain: string[];
  group: { applies: 'own' | 'fallback' | 'wildcard' | 'none' | 'ignores-wildcard'; token: string | null; lines: number[] };
  rootAllowed: boolean;
  /** How much of the site it may fetch, decided exactly over the rules (`classify`); the sample counts below are a sample. */
  access: { kind: 'allowed' | 'blocked' }
    | { kind: 'partial'; allowedPath: string; allowedLine: number | null; disallowedPath: string; disallowedLine: number | null }
    | { kind: 'undecided'; reason: string };
  allowedPaths: number;
  /** 0 to 1. */
  allowedShare: number;
  crawlDelaySeconds: number | null;
  robotsTxt: 'obeys' | 'partly' | 'ignores' | 'unstated' | null;
  /** What the registry entry was checked against: the operator's page, or the community datasets only. */
  verification: 'operator' | 'secondary' | null;
  /** The AI-era records of the groups it obeys, and the file's LLM-Policy and License URLs (as `robots report --format json`'s `ai_records`). */
  aiRecords: ReportAiRecords;
}

/** A crawler's AI-era records in a report: `true`/`false` for a stated yes/no, `null` for not stated (the vocabularies' own keys). */
export interface ReportAiRecords {
  /** The first valid Content-Signal of its groups. */
  contentSignal: { line: number; search: boolean | null; 'ai-input': boolean | null; 'ai-train': boolean | null } | null;
  /** Every valid Content-Usage rule of its groups, in file order; `path` null: every path. */
  contentUsage: { line: number; 'train-ai': boolean | null; search: boolean | null; path: string | null }[];
  llmPolicies: string[];
  licenses: string[];
}

/** What `robots report --format json` prints (without `file`), keys in camelCase. */
export interface CrawlerReport {
  profile: Profile;
  /** The crawler asked about (`chain[0]`), or null for every registry crawler. */
  agent: string | null;
  samplePaths: number;
  crawlers: CrawlerReportRow[];
  purposes: { purpose: Purpose; crawlers: number; blocked: number; partly: number; allowed: number; undecided: number }[];
  summary: string;
  /** The file's LLM-Policy URLs (file-wide). */
  llmPolicies: string[];
  /** The file's RSL License URLs (file-wide). */
  licenses: string[];
  /** Set when the file's rules derive more paths than are checked. */
  derivedCut: { limit: number } | null;
}

export interface ReportOptions extends PolicyOptions {
  /** More paths to sample, besides those the file's rules derive. */
  paths?: string[];
  /** One crawler instead of every registry crawler: its token, then its fallbacks (see `crawlerChain`). */
  chain?: string[] | null;
}

export function report(text: string | Uint8Array, options?: ReportOptions): CrawlerReport;

export interface CrawlerInfo {
  token: string;
  operator: string;
  purpose: Purpose;
  ai: boolean;
  fallbacks: string[];
  chain: string[];
  obeysWildcard: boolean;
  robotsTxt: 'obeys' | 'partly' | 'ignores' | 'unstated';
  note: string;
  source: string;
  /** When the entry was compared with its source or the secondary datasets (YYYY-MM-DD); every entry has one. */
  checked: string;
  /** What that comparison read: the operator's page, or community datasets only. */
  verification: 'operator' | 'secondary';
}

/** One URL whose verdict changes: `robots diff --format json`'s line. */
export interface VerdictChange {
  url: string;
  old: Verdict;
  new: Verdict;
}

/** A registry crawler whose verdicts change (`robots diff` without `--agent`). */
export interface CrawlerChange {
  agent: string;
  operator: string;
  /** URLs it may no longer fetch. */
  lost: number;
  /** URLs it may now fetch. */
  gained: number;
}

/** What `robots diff` computes, for one crawler and for every registry crawler. */
export interface DiffResult {
  /** How many URLs were compared. */
  urls: number;
  /** The URLs whose verdict changes for `chain`, in order. */
  changes: VerdictChange[];
  /** Every registry crawler (with its fallbacks) whose verdicts change, in registry order. */
  crawlers: CrawlerChange[];
  /** Set when the files' rules derive more paths than are checked. */
  derivedCut: { limit: number } | null;
}

export interface DiffOptions extends PolicyOptions {
  /** The crawler of `changes`: its token, then its fallbacks (see `crawlerChain`). Default `['*']`. */
  chain?: string[];
  /** Whether that crawler obeys the `*` groups when no group names it (see `crawlerObeysWildcard`). Default true. */
  obeysWildcard?: boolean;
  /** The URLs or paths compared; default: derived from both files' rules, as `robots diff` does without `--urls`. */
  urls?: string[] | null;
}

/** What changes between two versions of a robots.txt, as `robots diff` computes it. */
export function diff(oldText: string | Uint8Array, newText: string | Uint8Array, options?: DiffOptions): DiffResult;

/** What `text` is when it is not a robots.txt at all, or null for text. */
export function sniff(text: string | Uint8Array): 'html' | 'utf16' | 'utf32' | 'binary' | null;

/** The known-crawler registry, in registry order. */
export function crawlers(): CrawlerInfo[];
/** The purpose classes, in report order. */
export function purposes(): { name: Purpose; title: string; ai: boolean }[];
/** The registry's chain for a token (its own, then its fallbacks), else `[token]`. */
export function crawlerChain(token: string): string[];
/**
 * Whether `token` obeys the `*` groups when no group names it: false only for a
 * registry crawler documented to ignore `*` (Google's ads crawlers, say), as
 * `robots check --agent` and `robots report` follow it.
 */
export function crawlerObeysWildcard(token: string): boolean;
/**
 * The crawler token of a whole User-Agent header, as `robots check --user-agent-header`
 * reads it (a registry crawler's documented header gives its token, else the first
 * product token that is no browser boilerplate), or null (a browser's header).
 */
export function tokenOfHeader(header: string): string | null;
/** Whether `agent` is plainly a whole User-Agent header rather than a product token (`/` then a digit, or `(`). */
export function looksLikeHeader(agent: string): boolean;
export function version(): string;
export const profiles: Profile[];

export interface FetchOptions {
  /** Default: the global `fetch`. */
  fetch?: typeof fetch;
  /** The User-Agent header sent. */
  agent?: string;
  /** `'rfc9309'` (default) or `'google'`. */
  profile?: 'rfc9309' | 'google';
  /** The whole fetch, redirects and body included, in ms. Default 10000; `Infinity` (or anything past 2^31 - 1, the longest timer) for none. */
  timeoutMs?: number;
  /** Body bytes parsed (at least 500 KiB). */
  maxBytes?: number | null;
  /** The origin's last result: its copy is revalidated and bridges an outage. */
  previous?: RobotsFetchResult | null;
  failures?: number;
  outageMs?: number;
}

export type FetchReason = 'ok' | 'not-modified' | 'unavailable' | 'forbidden' | 'unreachable' | 'rate-limited'
  | 'network-error' | 'timeout' | 'too-many-redirects' | 'redirect-loop' | 'bad-redirect' | 'bad-status';

export class RobotsFetchResult {
  private constructor();
  readonly rules: 'parsed' | 'allow-all' | 'disallow-all';
  readonly reason: FetchReason;
  readonly unreachable: boolean;
  readonly status: number | null;
  readonly expiresInMs: number;
  readonly store: boolean;
  readonly robotsUrl: string;
  readonly finalUrl: string;
  readonly redirects: number;
  readonly bytes: number;
  readonly truncated: boolean;
  readonly policy: Policy | null;
  isAllowed(agent: string, url: string): boolean;
  check(agent: string, url: string): Verdict | { allowed: boolean; reason: 'allow-all' | 'disallow-all'; rule: null };
}

/** Fetch the robots.txt governing `url` the RFC 9309 way. Resolves for every server behaviour. */
export function fetchRobots(url: string, options?: FetchOptions): Promise<RobotsFetchResult>;

export class PolicyCache {
  constructor(options?: Omit<FetchOptions, 'previous' | 'failures' | 'outageMs'> & { now?: () => number; maxEntries?: number });
  readonly size: number;
  get(url: string): Promise<RobotsFetchResult>;
  isAllowed(agent: string, url: string): Promise<boolean>;
  delete(url: string): boolean;
  clear(): void;
}

export interface Robot {
  isAllowed(url: string, ua?: string): boolean | undefined;
  isDisallowed(url: string, ua?: string): boolean | undefined;
  isExplicitlyDisallowed(url: string, ua: string): boolean | undefined;
  getMatchingLineNumber(url: string, ua?: string): number;
  getCrawlDelay(ua?: string): number | undefined;
  getSitemaps(): string[];
  getPreferredHost(): string | null;
  readonly policy: Policy;
}

/** robots-parser's API on the engine (`google` profile unless `options.profile`). */
export function robotsParser(url: string, contents: string, options?: PolicyOptions): Robot;
