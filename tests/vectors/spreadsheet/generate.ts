/**
 * Writes tests/vectors/spreadsheet-vectors.json: every Excel-compatible bond function of
 * src/shared/bonds/excel.ts evaluated by Gnumeric (`ssconvert --recalc`) and LibreOffice
 * (`soffice --headless --convert-to csv`) on hand-picked and generated cases. See README.md.
 * Run once when cases change; the tests read the committed JSON and need neither program.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addMonths, formatDate, fromYmd, isMonthEnd, packedYmd } from '../../../src/shared/bonds/dates.js';
import { excel } from '../../../src/shared/bonds/index.js';

type Arg = string | number | boolean;
interface Case { id: string; fn: string; args: Arg[] }

// Fixed-seed generator: re-running gives the same cases (64-bit LCG, as in ../quantlib/generate.cpp).
let seed = 20240229n;
function urand(): number {
  seed = (seed * 6364136223846793005n + 1442695040888963407n) & 0xffffffffffffffffn;
  return Number(seed >> 11n) / 9007199254740992;
}
const irand = (lo: number, hi: number): number => lo + Math.floor(urand() * (hi - lo + 1));
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(urand() * xs.length)]!;
const iso = formatDate;

/** The cases issue #11 names for bases 2 and 3: mid-period 10-year, month-end coupon date, final period. */
function handPicked(): Case[] {
  const out: Case[] = [];
  const shapes: [string, string, string][] = [
    ['10y-mid-period', '2024-08-12', '2034-11-15'],
    ['month-end-coupon-date', '2024-04-30', '2034-10-31'],
    ['final-period', '2024-05-10', '2024-09-15'],
  ];
  for (const [name, s, m] of shapes) {
    for (const b of [2, 3]) {
      out.push({ id: `issue11-${name}-b${b}`, fn: 'PRICE', args: [s, m, 0.0718, 0.07, 100, 2, b] });
      out.push({ id: `issue11-${name}-b${b}`, fn: 'YIELD', args: [s, m, 0.0718, 98.5, 100, 2, b] });
      for (const fn of ['COUPDAYS', 'COUPDAYBS', 'COUPDAYSNC']) out.push({ id: `issue11-${name}-b${b}`, fn, args: [s, m, 2, b] });
    }
  }
  return out;
}

function randomDate(): number {
  return fromYmd(2000, 1, 1) + irand(0, 40 * 365);
}

/** One generated bond shape evaluated by every function. */
function shape(n: number): Case[] {
  const basis = irand(0, 4);
  const f = pick([1, 2, 4]);
  const step = 12 / f;
  let s = randomDate();
  const kind = pick(['plain', 'plain', 'eom', 'feb-end', 'final', 'on-coupon']);
  let m: number;
  if (kind === 'final') m = s + irand(1, step * 30);
  else {
    m = addMonths(s, pick([1, 3, 6, 9, 12, 18, 24, 36, 60, 120, 240, 360]) + irand(0, 11)) + irand(-10, 10);
    if (kind === 'eom') m = addMonths(m, 0, 31);
    if (kind === 'feb-end') m = addMonths(fromYmd(Math.floor(packedYmd(m) / 10000) + 1, 2, 1), 0, 31);
    if (m <= s) m = s + 1 + irand(0, 40);
  }
  if (kind === 'on-coupon') {
    const eom = isMonthEnd(m);
    const k = irand(1, 8);
    const c = addMonths(m, -k * step, packedYmd(m) % 100, eom);
    if (c < m) s = c;
  }
  const rate = pick([0, 0.0001, 0.05, 0.0718, 0.1, Math.round(urand() * 1500) / 1e4]);
  const yld = pick([0, 0.03, 0.0718, 0.1, Math.round(urand() * 3000) / 1e4]);
  const red = pick([100, 100, 100, 67, 101, 130]);
  const [S, M] = [iso(s), iso(m)];
  // A quote to invert: the clean price at another yield, to 4 decimals (positive by construction).
  const y2 = pick([0.0001, 0.05, 0.0718, 0.12, Math.round(urand() * 3000) / 1e4]);
  const quote = Math.max(0.5, Math.round(excel.PRICE(S, M, rate, y2, red, f, basis) * 1e4) / 1e4);
  // ACCRINT on its own issue/first-interest pair around settlement: short, regular or long first periods.
  const issue = s - irand(1, 500);
  const fiMonths = pick([1, 3, 6, 12, 18, 24]) + irand(-1, 2);
  let fi = addMonths(issue, Math.max(1, fiMonths)) + irand(-5, 5);
  if (urand() < 0.25) fi = addMonths(fi, 0, 31);
  if (fi <= issue) fi = issue + 1;
  const calc = urand() < 0.5;
  const id = `gen-${n}-${kind}-f${f}-b${basis}`;
  return [
    { id, fn: 'PRICE', args: [S, M, rate, yld, red, f, basis] },
    { id, fn: 'YIELD', args: [S, M, rate, quote, red, f, basis] },
    { id, fn: 'DURATION', args: [S, M, rate, yld, f, basis] },
    { id, fn: 'MDURATION', args: [S, M, rate, yld, f, basis] },
    ...['COUPDAYBS', 'COUPDAYS', 'COUPDAYSNC', 'COUPNCD', 'COUPPCD', 'COUPNUM'].map((fn) => ({ id, fn, args: [S, M, f, basis] })),
    { id, fn: 'ACCRINT', args: [iso(issue), iso(fi), S, rate || 0.05, 1000, f, basis, calc] },
    { id, fn: 'ACCRINTM', args: [iso(issue), S, rate || 0.05, 1000, basis] },
  ];
}

const DATE_FNS = new Set(['COUPNCD', 'COUPPCD']);

/** A spreadsheet formula for the case; `sep` is the argument separator of the target syntax. */
function formula(c: Case, sep: string): string {
  const arg = (a: Arg): string => {
    if (typeof a === 'boolean') return a ? 'TRUE()' : 'FALSE()';
    if (typeof a === 'number') return String(a);
    const [y, m, d] = a.split('-').map(Number);
    return `DATE(${y}${sep}${m}${sep}${d})`;
  };
  const call = `${c.fn}(${c.args.map(arg).join(sep)})`;
  return DATE_FNS.has(c.fn) ? `TEXT(${call}${sep}"yyyy-mm-dd")` : call;
}

function parseCell(text: string, fn: string): number | string | null {
  const t = text.trim().replace(/^"|"$/g, '');
  if (DATE_FNS.has(fn)) return /^\d{4}-\d\d-\d\d$/.test(t) ? t : null;
  const x = Number(t);
  return t !== '' && Number.isFinite(x) ? x : null;
}

function gnumeric(cases: Case[], dir: string): (number | string | null)[] {
  const src = join(dir, 'gnumeric-in.csv');
  writeFileSync(src, cases.map((c) => `"=${formula(c, ',').replace(/"/g, '""')}"`).join('\n') + '\n');
  execFileSync('ssconvert', ['--recalc', src, join(dir, 'gnumeric-out.csv')], { stdio: 'ignore' });
  const lines = readFileSync(join(dir, 'gnumeric-out.csv'), 'utf8').split('\n');
  return cases.map((c, i) => parseCell(lines[i] ?? '', c.fn));
}

function libreoffice(cases: Case[], dir: string): (number | string | null)[] {
  const xml = (s: string): string => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  const rows = cases.map((c) => `<table:table-row><table:table-cell table:formula="of:=${xml(formula(c, ';'))}"/></table:table-row>`);
  const doc = `<?xml version="1.0" encoding="UTF-8"?>
<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:of="urn:oasis:names:tc:opendocument:xmlns:of:1.2" office:version="1.2" office:mimetype="application/vnd.oasis.opendocument.spreadsheet">
<office:body><office:spreadsheet><table:table table:name="cases">
${rows.join('\n')}
</table:table></office:spreadsheet></office:body></office:document>
`;
  writeFileSync(join(dir, 'lo.fods'), doc);
  // CSV filter: comma, double quote, UTF-8, full precision (not "as shown").
  execFileSync('soffice', ['--headless', `-env:UserInstallation=file://${dir}/profile`, '--convert-to',
    'csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false,false', join(dir, 'lo.fods'), '--outdir', dir], { stdio: 'ignore' });
  const lines = readFileSync(join(dir, 'lo.csv'), 'utf8').split('\n');
  return cases.map((c, i) => parseCell(lines[i] ?? '', c.fn));
}

function version(cmd: string, args: string[]): string {
  return execFileSync(cmd, args, { encoding: 'utf8' }).split('\n')[0]!.trim();
}

const SHAPES = 400;
const picked = handPicked();
const cases = [...picked];
for (let n = 0; n < SHAPES; n++) cases.push(...shape(n));
const dir = mkdtempSync(join(tmpdir(), 'kosh-spreadsheet-'));
const g = gnumeric(cases, dir);
const lo = libreoffice(cases, dir);
const out = {
  generator: 'tests/vectors/spreadsheet/generate.ts',
  gnumeric: version('ssconvert', ['--version']),
  libreoffice: version('soffice', ['--version']),
  cases: cases.map((c, i) => ({ ...c, gnumeric: g[i], libreoffice: lo[i] })),
};
const target = new URL('../spreadsheet-vectors.json', import.meta.url);
writeFileSync(target, `{\n"generator": ${JSON.stringify(out.generator)},\n"gnumeric": ${JSON.stringify(out.gnumeric)},\n"libreoffice": ${JSON.stringify(out.libreoffice)},\n"cases": [\n${out.cases.map((c) => JSON.stringify(c)).join(',\n')}\n]\n}\n`);
process.stderr.write(`${cases.length} cases (${cases.length - picked.length} generated) written to ${target.pathname}\n`);
