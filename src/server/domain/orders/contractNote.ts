/**
 * The contract note of an order (issue #9): the one-page A4 PDF a party keeps as its record of the
 * trade — parties, bond, price, yield and the money it pays or receives on the settlement date.
 * Pure: everything comes from the order as the viewer sees it, the brand and the injected time,
 * so the same input gives the same bytes.
 *
 * Money rules (DOMAIN.md §2, DESIGN §4), kept simple on purpose:
 * - stamp duty is always the buyer's;
 * - brokerage (owed to the broker that arranged the trade) is charged to the party that reported
 *   the trade, since that party named the broker on its report (`brokeragePayer`);
 * - the buyer pays consideration + stamp duty (+ brokerage when it is the buyer's); the seller
 *   receives consideration (− brokerage when it is the seller's).
 * Every sum is in integer paise from the amount strings, never through a float.
 */
import { LATE_REPORT_MINUTES, type OrderStatus, type OrderView } from '../../../shared/contracts/orders.js';
import { shiftDecimal } from '../../../shared/validation/decimal.js';
import { formatYieldPercent } from '../../../shared/validation/index.js';
import { heading, type Pdf, pdfText, renderPdf } from '../documents/pdf.js';
import { formatPaiseIndian, parsePaise } from '../../../shared/money.js';

export type ContractNoteViewer = 'buyer' | 'seller';

export interface ContractNoteInput {
  /**
   * The order as one of its parties sees it (toOrderView for the buyer or the seller): `kind` and
   * `reported_by_me` then tell who reported it. A reader who is neither party (a broker,
   * compliance) gets a view that cannot, so render with a party's view.
   */
  order: OrderView;
  brand: string;
  generatedAt: Date;
  /** Whose note it is: decides the net amount line. */
  viewer: ContractNoteViewer;
  /** Face value of one bond in INR, when the caller has it: adds the number of bonds. */
  faceValue?: number;
}

const STATUS_TEXT: Record<OrderStatus, string> = {
  reported: 'Reported, awaiting the counterparty',
  accepted: 'Accepted, settles on the settlement date',
  due: 'Due: pay-in open for settlement',
  settled: 'Settled',
  failed: 'Failed',
  rejected: 'Rejected by the counterparty',
  cancelled: 'Cancelled',
};

const businessDate = new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: 'short', year: 'numeric', timeZone: 'UTC' });
const istDateTime = new Intl.DateTimeFormat('en-GB', {
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'Asia/Kolkata',
});

/** A 'YYYY-MM-DD' business date as '25 Nov 2026'. */
const formatBusinessDate = (iso: string) => businessDate.format(new Date(`${iso.slice(0, 10)}T00:00:00Z`));

/** `<BRAND>-CN-00000042`: the brand in capitals (letters and digits only) and the order id. */
export function contractNoteNumber(brand: string, orderId: number): string {
  const code =
    brand
      .toUpperCase()
      .replace(/[^A-Z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'KOSH';
  return `${code}-CN-${String(orderId).padStart(8, '0')}`;
}

/** Which party the brokerage is charged to: the reporter, when there is any brokerage. */
export function brokeragePayer(order: OrderView): ContractNoteViewer | null {
  if (parsePaise(order.brokerage) === 0n) return null;
  // `kind` and `reported_by_me` are as the order's caller sees it: SALE means the caller sold.
  const caller: ContractNoteViewer = order.kind === 'SALE' ? 'seller' : 'buyer';
  const other: ContractNoteViewer = caller === 'seller' ? 'buyer' : 'seller';
  return order.reported_by_me ? caller : other;
}

/** The viewer's net amount in paise: what the buyer pays in, or what the seller receives. */
export function netPaise(order: OrderView, viewer: ContractNoteViewer): bigint {
  const brokerage = brokeragePayer(order) === viewer ? parsePaise(order.brokerage) : 0n;
  const consideration = parsePaise(order.consideration);
  return viewer === 'buyer' ? consideration + parsePaise(order.stamp_duty) + brokerage : consideration - brokerage;
}

const inr = (amount: string) => formatPaiseIndian(parsePaise(amount));
/** A whole-rupee face value, e.g. 'INR 5,00,00,000'. */
const faceInr = (rupees: number) => `INR ${formatPaiseIndian(BigInt(rupees) * 100n).slice(0, -3)}`;

const LABEL_WIDTH = 150;
const AMOUNT_WIDTH = 150;
const ROW_GAP = 3;

/** Starts a new page when `height` more points would run into the bottom margin. */
function room(doc: Pdf, height: number): void {
  if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
}

/** Label and value side by side; long values (a bond's name) wrap inside their column. */
function fields(doc: Pdf, rows: readonly (readonly [string, string])[]): void {
  const left = doc.page.margins.left;
  const valueWidth = doc.page.width - doc.page.margins.right - left - LABEL_WIDTH;
  doc.fontSize(9);
  for (const [label, text] of rows) {
    const value = pdfText(text);
    doc.font('Helvetica');
    const height = Math.max(
      doc.heightOfString(label, { width: LABEL_WIDTH - 8 }),
      doc.font('Helvetica-Bold').heightOfString(value, { width: valueWidth }),
    );
    room(doc, height);
    const y = doc.y;
    doc
      .font('Helvetica')
      .fillColor('#555')
      .text(label, left, y, { width: LABEL_WIDTH - 8 });
    doc
      .font('Helvetica-Bold')
      .fillColor('#000')
      .text(value, left + LABEL_WIDTH, y, { width: valueWidth });
    doc.x = left;
    doc.y = y + height + ROW_GAP;
  }
  doc.font('Helvetica');
}

interface AmountRow {
  label: string;
  amount: string;
  /** The total lines: bold, with a rule above. */
  total?: boolean;
}

/** Amount lines with the figures right-aligned in one column, so digits line up. */
function amounts(doc: Pdf, rows: readonly AmountRow[]): void {
  const left = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;
  const labelWidth = right - left - AMOUNT_WIDTH - 8;
  doc.fontSize(9);
  for (const row of rows) {
    const label = pdfText(row.label);
    doc.font(row.total ? 'Helvetica-Bold' : 'Helvetica');
    const height = doc.heightOfString(label, { width: labelWidth });
    room(doc, height + 4);
    if (row.total) {
      doc
        .moveTo(right - AMOUNT_WIDTH, doc.y)
        .lineTo(right, doc.y)
        .lineWidth(0.5)
        .strokeColor('#999')
        .stroke();
      doc.y += 3;
    }
    const y = doc.y;
    doc.fillColor('#000').text(label, left, y, { width: labelWidth });
    doc.text(row.amount, right - AMOUNT_WIDTH, y, { width: AMOUNT_WIDTH, align: 'right' });
    doc.x = left;
    doc.y = y + height + ROW_GAP;
  }
  doc.font('Helvetica');
}

function statusText(order: OrderView): string {
  const status = STATUS_TEXT[order.status];
  return order.reason ? `${status}: ${order.reason}` : status;
}

/** Renders the contract note of `order` for the buyer or the seller as an A4 PDF. */
export function renderContractNote(input: ContractNoteInput): Promise<Buffer> {
  const { order, brand, generatedAt, viewer, faceValue } = input;
  const number = contractNoteNumber(brand, order.id);
  const viewerName = viewer === 'buyer' ? order.buyer.name : order.seller.name;
  const payer = brokeragePayer(order);
  const net = formatPaiseIndian(netPaise(order, viewer));
  const bonds = faceValue && faceValue > 0 && order.quantity % faceValue === 0 ? order.quantity / faceValue : null;

  return renderPdf(
    {
      brandName: pdfText(brand),
      title: 'Contract note',
      isin: order.isin,
      generatedAt,
      subtitle: pdfText(`No. ${number} - issued to ${viewerName} (${viewer})`),
      footer: pdfText(
        `Generated by ${brand} on ${istDateTime.format(generatedAt)} IST from the order as recorded on ${brand}. ` +
          `Settlement is delivery versus payment through ${order.clearing_corporation}: the buyer pays in funds and the seller the securities ` +
          "by the pay-in cut-off on the settlement date. Stamp duty (0.0001% of the consideration) is the buyer's and is collected by the " +
          'clearing corporation. Brokerage is owed to the broker that arranged the trade by the party that reported it.',
      ),
    },
    (doc) => {
      heading(doc, 'Trade');
      fields(doc, [
        ['Contract note number', number],
        [
          'Order',
          order.source === 'RFQ_DEAL' && order.deal_id !== null
            ? `${order.id} (RFQ deal ${order.deal_id})`
            : `${order.id} (reported trade)`,
        ],
        ['Status', statusText(order)],
        ...(order.late_reported
          ? [['Late report', `Yes: reported more than ${LATE_REPORT_MINUTES} minutes after the trade time`] as const]
          : []),
        ['Trade date and time', `${formatBusinessDate(order.trade_date)}, ${order.trade_time} IST`],
        ['Settlement date', formatBusinessDate(order.settlement_date)],
        ['Exchange', order.exchange],
        ['Clearing corporation', order.clearing_corporation],
      ]);
      heading(doc, 'Parties');
      fields(doc, [
        ['Buyer', order.buyer.name],
        ['Seller', order.seller.name],
        ['Broker', order.broker?.name ?? 'None'],
      ]);
      heading(doc, 'Security');
      fields(doc, [
        ['ISIN', order.isin],
        ['Bond', order.bond_name],
        ['Quantity (face value)', faceInr(order.quantity)],
        ...(bonds !== null ? [['Number of bonds', bonds.toLocaleString('en-IN')] as const] : []),
        ['Clean price (per 100 face)', shiftDecimal(order.unit_price, 0, 4) ?? order.unit_price],
        ['Yield', formatYieldPercent(order.yield)],
      ]);
      heading(doc, 'Consideration (INR)');
      amounts(doc, [
        { label: 'Principal', amount: inr(order.principal) },
        { label: 'Accrued interest', amount: inr(order.accrued_interest) },
        { label: 'Consideration', amount: inr(order.consideration), total: true },
        { label: 'Stamp duty (payable by the buyer)', amount: inr(order.stamp_duty) },
        {
          label: payer ? `Brokerage (payable by the ${payer}${order.broker ? ` to ${order.broker.name}` : ''})` : 'Brokerage',
          amount: inr(order.brokerage),
        },
        {
          label:
            viewer === 'buyer' ? `Net amount payable by the buyer, ${viewerName}` : `Net amount receivable by the seller, ${viewerName}`,
          amount: net,
          total: true,
        },
      ]);
      doc
        .moveDown(0.5)
        .fontSize(8)
        .fillColor('#555')
        .text(
          viewer === 'buyer'
            ? `Net amount = consideration + stamp duty${payer === 'buyer' ? ' + brokerage' : ''}.`
            : `Net amount = consideration${payer === 'seller' ? ' - brokerage' : ''}.`,
        );
    },
  );
}
