/** The three downloads: a price quote sheet, an information-memorandum summary, and a bond details sheet. */
import type { BondDetail, CashflowList, PriceInfo } from '../../../shared/contracts/instruments.js';
import { formatYieldPercent } from '../../../shared/validation/index.js';
import { heading, keyValues, renderPdf, table, type PdfMeta } from './pdf.js';

type Rated = BondDetail & {
  ratingRows: { agency: string; rating: string; outlook: string; ratedOn: string; rationale: string; level: string }[];
};

function terms(doc: PDFKit.PDFDocument, bond: BondDetail): void {
  heading(doc, 'Terms');
  keyValues(doc, [
    ['Issuer', `${bond.issuer.name} (${bond.issuer.sector})`],
    ['Security type', bond.security_type],
    ['Coupon', formatYieldPercent(bond.coupon_rate)],
    ['Frequency', bond.frequency === 0 ? 'At maturity' : `${bond.frequency} a year`],
    ['Convention', `${bond.convention} (${bond.day_count})`],
    ['Issue date', bond.issue_date],
    ['First coupon', bond.first_coupon_date],
    ['Maturity', bond.maturity_date ?? 'Perpetual'],
    ['Face value (INR)', bond.face_value],
    ['Listed', bond.is_listed ? 'Yes' : 'No'],
    ['Secured', bond.is_secured ? 'Yes' : 'No'],
    ['Tax-free', bond.is_tax_free ? 'Yes' : 'No'],
    ['Seniority', bond.seniority],
    ['Calls', bond.call_schedule.map((c) => `${c.date} @ ${c.price}`).join(', ') || 'None'],
    ['Puts', bond.put_schedule.map((c) => `${c.date} @ ${c.price}`).join(', ') || 'None'],
  ]);
}

function ratingTable(doc: PDFKit.PDFDocument, bond: BondDetail): void {
  heading(doc, 'Ratings');
  if (bond.ratings.length === 0) keyValues(doc, [['Ratings', 'Not rated (sovereign or state paper)']]);
  else
    table(
      doc,
      ['Agency', 'Rating', 'Outlook', 'Rated on', 'Level'],
      bond.ratings.map((r) => [r.agency, r.rating, r.outlook, r.rated_on, r.level]),
      [110, 60, 80, 90, 90],
    );
}

function cashflowTable(doc: PDFKit.PDFDocument, flows: CashflowList): void {
  heading(doc, `Cashflows for a quantum of INR ${flows.quantity} from ${flows.ref_date}`);
  table(
    doc,
    ['Due date', 'Paid on', 'Coupon', 'Principal', 'Total'],
    flows.cashflows.map((c) => [c.date, c.payment_date, c.coupon, c.principal, c.total]),
    [80, 80, 110, 110, 110],
  );
}

export function quoteSheet(meta: Omit<PdfMeta, 'title'>, bond: BondDetail, info: PriceInfo): Promise<Buffer> {
  return renderPdf({ ...meta, title: `Price quote: ${bond.display_name}` }, (doc) => {
    const p = info.price;
    heading(doc, 'Price');
    keyValues(doc, [
      ['Settlement date', p.settlement_date],
      ['Clean price (per 100)', p.unit_clean_price],
      ['Yield', formatYieldPercent(p.bond_yield)],
      ['Accrued interest (per 100)', p.accrued_interest],
      ['Dirty price (per 100)', p.dirty_price],
      ['Priced to', p.priced_to ? `${p.priced_to} ${p.priced_to_date}` : null],
      ['Modified duration', p.modified_duration],
      ['Macaulay duration', p.macaulay_duration],
      ['Convexity', p.convexity],
      ['Yield source', info.yield_source],
    ]);
    const c = info.consideration;
    if (c) {
      heading(doc, 'Consideration (INR)');
      keyValues(doc, [
        ['Quantity (face value)', c.quantity],
        ['Number of bonds', c.number_of_bonds],
        ['Principal', c.principal],
        ['Accrued interest', c.accrued_interest_amount],
        ['Consideration', c.consideration],
        ['Stamp duty (buyer)', c.stamp_duty],
        ['Total payable', c.total_payable],
      ]);
    }
    terms(doc, bond);
  });
}

export function imSummary(meta: Omit<PdfMeta, 'title'>, bond: Rated, flows: CashflowList): Promise<Buffer> {
  return renderPdf({ ...meta, title: `Information memorandum summary: ${bond.display_name}` }, (doc) => {
    terms(doc, bond);
    ratingTable(doc, bond);
    heading(doc, 'Rating rationale');
    for (const r of bond.ratingRows)
      doc.fontSize(8).text(`${r.agency} ${r.rating} (${r.level.toLowerCase()}): ${r.rationale}`).moveDown(0.3);
    cashflowTable(doc, flows);
  });
}

export function bondDetailsSheet(meta: Omit<PdfMeta, 'title'>, bond: BondDetail, flows: CashflowList): Promise<Buffer> {
  return renderPdf({ ...meta, title: `Bond details: ${bond.display_name}` }, (doc) => {
    terms(doc, bond);
    ratingTable(doc, bond);
    cashflowTable(doc, flows);
  });
}
