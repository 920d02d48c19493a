/** Public page `/terms`: the terms of use of the platform. */
import { Link } from 'react-router';
import { useBrand } from '../../app/appConfig';
import { InfoPage, type InfoSection } from './InfoPage';

function sections(brand: string): InfoSection[] {
  return [
    {
      id: 'these-terms',
      title: 'These terms',
      icon: 'document',
      paragraphs: [
        `These terms govern the use of ${brand}. By signing in you accept them. Where your organisation has a written agreement with the operator of the service, that agreement prevails wherever the two differ.`,
      ],
    },
    {
      id: 'accounts',
      title: 'Accounts',
      icon: 'user',
      points: [
        'Accounts are for market participants and their staff, registered through an invitation or the registration form with a business e-mail address.',
        'The information you give — including your PAN and contact details — must be accurate and kept up to date.',
        'Your login is personal. Keep your password and one-time passwords confidential; you are responsible for activity under your account.',
        'Operations administrators are responsible for the users they invite and the roles and permissions they assign.',
      ],
    },
    {
      id: 'service',
      title: 'What the service is',
      icon: 'applications',
      points: [
        `${brand} provides tools to find bonds, show and negotiate interest, communicate with counterparties and follow trades. It is not a stock exchange or a clearing corporation.`,
        'Trades executed on NSE RFQ or BSE RFQ are governed by the rules, bye-laws and circulars of the exchange and of its clearing corporation, NSCCL or ICCL. Pay-in and pay-out obligations run between the parties and the clearing corporation.',
        'Quotes and expressions of interest you post are your own. Post them only with the authority to deal and the means to settle, and honour them within the validity you state.',
      ],
    },
    {
      id: 'information',
      title: 'Information, not advice',
      icon: 'info-sign',
      points: [
        'Bond data, prices, yields, cashflows, market runs and calculations are provided for information. They are not investment advice or a recommendation to deal.',
        'Credit ratings and rationales are published by the credit rating agencies — CRISIL, ICRA, CARE, India Ratings, Acuité, Brickwork and Infomerics — and remain theirs.',
        'Check material terms against the issuer’s offer documents and the exchange’s records before you deal. Calculations follow the conventions stated for each instrument.',
      ],
    },
    {
      id: 'acceptable-use',
      title: 'Acceptable use',
      icon: 'endorsed',
      points: [
        'Follow the law, SEBI’s regulations and the rules of the exchanges in everything you do on the platform.',
        <>
          Follow the <Link to="/chat-policy">chat policy</Link>: no manipulative or misleading quotes and no
          unpublished price-sensitive information.
        </>,
        'Do not try to get around security controls, reach data that is not yours, or disrupt the service.',
        'Do not scrape the service or access it by automated means other than interfaces the operator provides for that purpose.',
        'Data from the service is for your organisation’s own use; do not redistribute it.',
      ],
    },
    {
      id: 'features',
      title: 'Plans and permissions',
      icon: 'layers',
      paragraphs: [
        'Some features — market depth and inventory among them — need a premium plan, and security data such as cashflows, trade history and downloads needs a permission. Fees, where they apply, are set in your organisation’s agreement with the operator.',
      ],
    },
    {
      id: 'availability',
      title: 'Availability',
      icon: 'pulse',
      points: [
        'Live data depends on the exchanges, data sources and networks. Updates can be delayed or interrupted; the dashboard shows when the live connection is reconnecting.',
        'The service may be paused for maintenance, announced in advance where possible.',
        'To the extent the law allows, the operator is not liable for losses arising from delayed, interrupted or inaccurate data, or from decisions taken on it.',
      ],
    },
    {
      id: 'suspension',
      title: 'Suspension and closure',
      icon: 'disable',
      paragraphs: [
        'Access may be suspended or closed for a breach of these terms, at the direction of a regulator or exchange, or to protect other users. Records are kept afterwards as the privacy notice describes.',
      ],
    },
    {
      id: 'changes',
      title: 'Changes and governing law',
      icon: 'take-action',
      paragraphs: [
        'Changes to these terms are published on this page; using the service after a change means accepting it. These terms are governed by the laws of India.',
      ],
    },
  ];
}

/** The terms of use. */
export function TermsPage() {
  const brand = useBrand();
  return (
    <InfoPage
      path="/terms"
      title="Terms of use"
      intro={`The rules for using ${brand}: accounts, what the service is and is not, acceptable use and availability.`}
      sections={sections(brand)}
      footer={<>See also the <Link to="/privacy">privacy notice</Link> and the <Link to="/data-security">data security</Link> page.</>}
    />
  );
}
