/** Public page `/best-practices`: practical habits for a bond desk using the platform. */
import { Link } from 'react-router';
import { useBrand } from '../../app/appConfig';
import { InfoPage, type InfoSection } from './InfoPage';

function sections(brand: string): InfoSection[] {
  return [
    {
      id: 'quoting',
      title: 'Quote by price or by yield, and say which',
      icon: 'calculator',
      paragraphs: [
        'A quote fixes either the clean price per ₹100 face value or the yield; the other is derived for the agreed settlement date. Corporate bonds are usually negotiated on yield and government securities on price, but what matters is that both sides know which number is firm.',
      ],
      points: [
        'Fix the field you negotiate on. If you agree a yield, the price follows from it; moving the settlement date moves the price, not the yield you agreed.',
        'Know the convention. Corporate and PSU bonds use the SEBI Actual/Actual day count with an annualised yield; G-secs and SDLs use 30/360 with semi-annual compounding. The same price gives different yields under different conventions.',
        'For bonds with a call or put option, say whether the yield is to maturity, to call or to put.',
        'Prices are clean. The consideration is the principal at the clean price plus accrued interest — check both before you confirm.',
        'Quantity is the quantum: face value in rupees, a whole multiple of the face value of one bond. Face value per bond differs between issues, so check it in the bond detail.',
      ],
      note: {
        title: 'Percent, not fractions',
        text: `Yields are typed and shown in percent with up to four decimals: enter 7.4250 for 7.425 %. ${brand} rejects yields above 100 % and prices above 250.`,
      },
    },
    {
      id: 'settlement',
      title: 'Respect settlement cut-offs',
      icon: 'time',
      points: [
        'Agree T+0, T+1 or T+2 with the price. Settlement dates count business days on the settlement calendar, skipping weekends and settlement holidays.',
        'Funds and securities must reach the clearing corporation — NSCCL for trades on NSE RFQ, ICCL for trades on BSE RFQ — by the pay-in cut-off on the settlement day. The dashboard shows the session and cut-off from the exchanges’ published timings.',
        'T+0 leaves the least room for error. Before you agree a same-day deal, confirm that funds are available, the securities are in the delivering demat account and your exchange credentials are set up.',
        'A missed pay-in can fail the trade at the clearing corporation and attract its penalties. Raise a ticket with your back office as soon as you expect a problem.',
        'Near a coupon date, check the record date in the bond detail and agree with your counterparty who receives the coupon before you deal.',
      ],
    },
    {
      id: 'isin',
      title: 'Verify the ISIN, not just the name',
      icon: 'barcode',
      points: [
        'One issuer may have dozens of live bonds with similar names. The ISIN is the only unambiguous identifier of a tranche.',
        'Indian ISINs have 12 characters and begin with IN. Bonds of companies and PSUs usually begin INE; central government securities begin IN0.',
        'When you confirm a deal, read back the ISIN, coupon and maturity together. A wrong tranche is a wrong trade.',
        <>
          Open the bond in <Link to="/product/find">Find</Link> to check the credit rating, the latest rationale, call
          and put dates and the cashflow schedule. Matured and unlisted bonds cannot be selected for a quote.
        </>,
      ],
    },
    {
      id: 'sign-in',
      title: 'Protect your sign-in',
      icon: 'key',
      points: [
        'Use two-factor sign-in. The one-time password has six digits and expires within minutes; nobody from the support team or your counterparties will ever ask you for it.',
        'Never share a login. Each dealer signs in as themselves, so the audit log shows who quoted, negotiated and traded. Colleagues who only need to look can be given the viewer role.',
        'Sign out on shared machines and lock your screen when you step away from the desk.',
        'Exchange credentials are entered by your operations administrator in the settings area. Never type them into a chat or a ticket.',
      ],
    },
    {
      id: 'chat',
      title: 'Chat etiquette with counterparties',
      icon: 'chat',
      points: [
        'Be explicit: side, ISIN, quantum, price or yield, settlement (T+0, T+1 or T+2) and exchange platform in one message.',
        'Say whether a quote is firm or indicative, and how long it stands.',
        'Use broadcast lists and trading groups for runs, and direct chats for negotiation. Send broadcasts only to counterparties who expect them.',
        'Use the buzz for time-critical matters only.',
        'Confirm the final terms in writing in the chat, or in a ticket created from it, before the deal is placed on RFQ.',
        <>
          Chats are recorded. Keep them professional and free of unpublished price-sensitive information — see
          the <Link to="/chat-policy">chat policy</Link>.
        </>,
      ],
    },
    {
      id: 'records',
      title: 'Keep records you can defend',
      icon: 'archive',
      points: [
        `Negotiate on ${brand} rather than on personal phones or unrecorded apps, so the conversation sits with the trade.`,
        'Create a ticket from the chat for each deal, linking counterparties, terms and conversation for your back office.',
        'Reconcile every day: orders and transactions on the platform against exchange deal confirmations and clearing corporation settlement reports.',
        'Export chat history for a date range when your compliance team asks for it.',
        'Know your firm’s record-keeping obligations under SEBI, exchange and clearing corporation rules; the platform’s audit log is append-only and complements them.',
      ],
    },
  ];
}

/** Desk best practices: quoting, settlement, ISINs, sign-in, chat and records. */
export function BestPracticesPage() {
  const brand = useBrand();
  return (
    <InfoPage
      path="/best-practices"
      title="Desk best practices"
      intro={`Habits that keep trades clean on ${brand}: clear quotes, settlement on time, the right bond, a secure sign-in and records that stand up to review.`}
      sections={sections(brand)}
      footer="This is practical guidance, not legal or regulatory advice. The regulations and circulars of SEBI and the rules of the exchanges and clearing corporations prevail over anything on this page."
    />
  );
}
