/** Public page `/contact`: how to reach support, office hours and what to include. */
import { Link } from 'react-router';
import { useBrand } from '../../app/appConfig';
import { ContactForm } from './ContactForm';
import { InfoPage, type InfoSection } from './InfoPage';

function sections(brand: string): InfoSection[] {
  return [
    {
      id: 'write-to-us',
      title: 'Write to us',
      icon: 'send-message',
      paragraphs: ['Leave your business e-mail and your message; the team replies by e-mail.'],
      content: <ContactForm />,
    },
    {
      id: 'in-app',
      title: 'In-app support',
      icon: 'help',
      paragraphs: [
        `Once signed in, open the support form from within ${brand}. Choose the kind of request, describe it and, if useful, attach a file such as a screenshot. The form creates a ticket with the support team, and you see a confirmation as soon as it is logged.`,
      ],
      points: [
        'Query — a question about a feature, a bond or how something is calculated.',
        'Issue — something is not working, a price or cashflow looks wrong, or a message needs reporting.',
        'Access request — access for a colleague, a role change or a permission your work needs.',
        'Feedback — what would make the platform better for your desk.',
      ],
    },
    {
      id: 'relationship-manager',
      title: 'If you cannot sign in',
      icon: 'envelope',
      paragraphs: [
        'E-mail your relationship manager from your registered business e-mail address, or ask your firm’s operations administrator, who can invite users and manage roles. Say which account is affected and what you see on screen.',
      ],
      note: {
        intent: 'warning',
        title: 'Never send your password or one-time password',
        text: 'Nobody from support or your relationship manager will ask for them. If someone does, report it.',
      },
    },
    {
      id: 'hours',
      title: 'Office hours',
      icon: 'time',
      points: [
        'Monday to Friday, 9:00 a.m. to 6:00 p.m. IST, except settlement holidays.',
        'During RFQ session hours, trade and settlement issues are taken up before general queries.',
        'Requests that arrive outside office hours are picked up on the next business day.',
      ],
    },
    {
      id: 'urgent',
      title: 'Trade or settlement problems near the cut-off',
      icon: 'warning-sign',
      points: [
        'Raise an issue ticket at once, and tell your relationship manager by e-mail.',
        'Give the ISIN, the exchange platform (NSE RFQ or BSE RFQ), the deal reference and the settlement date.',
        'Obligations to the clearing corporation — NSCCL or ICCL — stand regardless of any ticket: keep your back office and clearing member informed directly.',
      ],
    },
    {
      id: 'what-to-include',
      title: 'What helps us help you',
      icon: 'clipboard',
      points: [
        'The ISIN, order or trade reference, and the exchange involved.',
        'The time in IST when it happened, and the page you were on.',
        'What you expected and what you saw, with a screenshot where possible.',
        'For pricing questions: the price or yield, the settlement date and the quantum you used.',
      ],
    },
    {
      id: 'upgrades',
      title: 'Upgrades and data access',
      icon: 'unlock',
      paragraphs: [
        'Market depth and inventory are premium features; cashflows, trade history and downloads need security-data access. Where a feature is locked, the screen offers a request button that sends the request straight to the team, so you do not need a separate message.',
      ],
    },
    {
      id: 'security',
      title: 'Security concerns',
      icon: 'shield',
      paragraphs: [
        <>
          If you think your account has been used by someone else, change your password, ask your operations
          administrator to suspend access, and raise an issue ticket. Read how the platform protects data on
          the <Link to="/data-security">data security</Link> page.
        </>,
      ],
    },
  ];
}

/** How to reach support: in-app form, relationship manager and office hours in IST. */
export function ContactPage() {
  const brand = useBrand();
  return (
    <InfoPage
      path="/contact"
      title="Contact and support"
      intro={`Reach the ${brand} team through the in-app support form once signed in, or by e-mail to your relationship manager.`}
      sections={sections(brand)}
    />
  );
}
