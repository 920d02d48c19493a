/** Public page `/privacy`: what personal data is kept, why, for how long, and the user's rights. */
import { Link } from 'react-router';
import { useBrand } from '../../app/appConfig';
import { InfoPage, type InfoSection } from './InfoPage';

function sections(brand: string): InfoSection[] {
  return [
    {
      id: 'scope',
      title: 'Who this covers',
      icon: 'people',
      paragraphs: [
        `This notice covers everyone with an account on ${brand} — dealers, viewers, administrators, back-office staff, compliance officers, brokers and their clients — and visitors to its public pages. Where your firm set up your account, it also holds the data it supplied and has its own obligations towards you.`,
      ],
    },
    {
      id: 'what-we-keep',
      title: 'What data is kept',
      icon: 'database',
      points: [
        'Identity: your name, PAN, whether you are an individual or part of a corporate, and your organisation’s name and category.',
        'Contact: business e-mail address, mobile number, and whether you consent to contact on WhatsApp.',
        'Settlement details: depository account details (DP ID and client ID, or BO ID) and address, where trading needs them.',
        'Account: your firm, roles, permissions, invitations and security preferences. Passwords are kept only as one-way hashes.',
        'Trading activity: expressions of interest, quotes, negotiations, RFQs, orders, trades, settlement status and uploaded inventory.',
        'Communication: chat messages and files, tickets and support requests.',
        'Technical records: sign-in times, IP addresses, browser details and security logs. If the operator enables product analytics, it records usage with every form input masked.',
        'Exchange credentials, encrypted, for firms that trade through the platform.',
      ],
    },
    {
      id: 'why',
      title: 'Why it is kept',
      icon: 'help',
      points: [
        'To run the service: your account, the dashboard, chat, RFQ execution and settlement.',
        'To meet record-keeping obligations: SEBI, the stock exchanges and the clearing corporations require market participants to identify their clients and to keep records of orders, trades and related communication. PAN is the common identifier across India’s securities market.',
        'To watch for market abuse: compliance officers review activity for manipulation and misuse of unpublished price-sensitive information.',
        'To keep accounts secure and investigate incidents.',
        'To improve the service, from support requests, feedback and, where enabled, masked usage analytics.',
      ],
    },
    {
      id: 'sharing',
      title: 'Who it is shared with',
      icon: 'share',
      points: [
        'Counterparties see what you send them: your quotes and messages, and your name and firm where the trade or channel discloses them.',
        'NSE, BSE and their clearing corporations, NSCCL and ICCL, receive the details needed to execute, report and settle your trades.',
        'Service providers that deliver e-mail, SMS, chat and support tickets process data on the operator’s instructions.',
        'Regulators, exchanges and law-enforcement agencies, when the law requires it.',
      ],
    },
    {
      id: 'retention',
      title: 'How long it is kept',
      icon: 'history',
      points: [
        'Account data is kept while your account is active.',
        'Trading records, chats and the audit log are then kept for as long as SEBI, exchange, clearing corporation and anti-money-laundering rules require of the firms involved. The audit log is append-only and is never edited.',
        'One-time passwords expire within minutes, and session tokens within their short lifetimes.',
        'When no obligation to keep data remains, it is deleted or anonymised.',
      ],
    },
    {
      id: 'rights',
      title: 'Your rights',
      icon: 'endorsed',
      paragraphs: [
        'Under the Digital Personal Data Protection Act, 2023 you may ask for a summary of the personal data held about you, have it corrected or completed, have it erased, withdraw consent you gave (for example to WhatsApp contact), nominate someone to act for you, and have a grievance addressed.',
      ],
      note: {
        title: 'Records the law requires',
        text: 'Erasure cannot extend to records that must be kept by law, such as trade records and related communication, until that obligation ends.',
      },
    },
    {
      id: 'exercise',
      title: 'How to make a request',
      icon: 'envelope',
      paragraphs: [
        <>
          Use the in-app support form once signed in, or write to your relationship manager from your registered
          e-mail address. See <Link to="/contact">contact and support</Link>.
        </>,
      ],
    },
    {
      id: 'browser',
      title: 'Cookies and browser storage',
      icon: 'globe-network',
      paragraphs: [
        'A session cookie keeps you signed in; it cannot be read by scripts on the page. Your theme preference is stored in your browser. Neither is needed to read the public pages.',
      ],
    },
    {
      id: 'changes',
      title: 'Changes to this notice',
      icon: 'refresh',
      paragraphs: [
        `When this notice changes, the new version is published on this page, and material changes are announced in ${brand}.`,
      ],
    },
  ];
}

/** The privacy notice: data kept, purposes, sharing, retention and rights. */
export function PrivacyPage() {
  const brand = useBrand();
  return (
    <InfoPage
      path="/privacy"
      title="Privacy"
      intro={`What personal data ${brand} keeps, why it keeps it, how long it keeps it and what you can ask for.`}
      sections={sections(brand)}
      footer={<>For how the data is protected, see <Link to="/data-security">data security</Link>.</>}
    />
  );
}
