/** Public page `/about`, shown in the no-header layout with its own compact top. */
import { Card, H3, Icon } from '@blueprintjs/core';
import { Link } from 'react-router';
import { useBrand } from '../../app/appConfig';
import { FeatureGrid } from './FeatureGrid';
import { Hero } from './Hero';
import { LinkButton } from '../../ui/LinkButton';
import { PublicTopBar } from './PublicTopBar';
import type { Feature } from './publicContent';
import { Section } from './Section';
import './public.css';

const PRINCIPLES: readonly Feature[] = [
  {
    icon: 'calculator',
    title: 'Numbers you can rely on',
    text: 'Each bond is priced on its own convention — SEBI Actual/Actual for corporate and PSU bonds, 30/360 semi-annual for G-secs and SDLs. Amounts are worked out in whole paise and rounded half-up, and the price–yield engine is checked against an independent open-source library.',
  },
  {
    icon: 'pulse',
    title: 'Honest screens',
    text: 'Live data is marked live, a dropped connection says it is reconnecting, and a feature that is not available says so rather than showing sample figures.',
  },
  {
    icon: 'history',
    title: 'Everything on the record',
    text: 'Every change of state is written to an append-only log in the same transaction as the change. Surveillance reads that log, so compliance sees exactly what happened.',
  },
  {
    icon: 'office',
    title: 'Each firm’s data is its own',
    text: 'Every record belongs to a client firm and the server enforces roles, permissions and tenancy on every request. Only public market data is shared.',
  },
  {
    icon: 'grid-view',
    title: 'Made for dense screens',
    text: 'Traders watch the dashboard all day, so it packs runs, negotiations and settlements tightly, streams updates without redrawing the page, and comes in light and dark themes.',
  },
  {
    icon: 'map',
    title: 'Made for India’s market structure',
    text: 'NSE RFQ and BSE RFQ, NSCCL and ICCL, T+0 to T+2 settlement on the settlement calendar, and the exchanges’ session timings are part of the model, not afterthoughts.',
  },
];

const AREAS: readonly { to: string; title: string; text: string }[] = [
  { to: '/product/dart', title: 'Dart', text: 'the trading dashboard with live runs, RFQs and settlement status' },
  { to: '/product/find', title: 'Find', text: 'the finder for about 30,000 Indian bonds, with cashflows and credit rationale' },
  { to: '/best-practices', title: 'Desk best practices', text: 'quoting, settlement, ISINs and record keeping' },
  { to: '/chat-policy', title: 'Chat policy', text: 'how chat with counterparties is used and recorded' },
  { to: '/data-security', title: 'Data security', text: 'how accounts, credentials and firms’ data are protected' },
];

/** Who the product is for, what it sets out to do and the principles it is built on. */
export function AboutPage() {
  const brand = useBrand();
  return (
    <main className="kosh-public kosh-public--about">
      <Hero
        compact
        top={<PublicTopBar back />}
        eyebrow="About"
        title={`About ${brand}`}
        lead={`${brand} is a web application for trading and surveilling Indian bonds — built for the desks that quote corporate, PSU, G-sec and SDL paper all day, and for the compliance teams that watch the market.`}
      />

      <Section id="purpose" title="Why it exists">
        <div className="kosh-public__split">
          <div>
            <p>
              India’s secondary bond market runs on conversations. Prices are discovered in chats and calls,
              negotiated between counterparties and only then reported or executed on the NSE and BSE RFQ
              platforms, with settlement through NSCCL and ICCL. Information about tens of thousands of bonds —
              their terms, ratings and trades — is spread across documents, websites and spreadsheets.
            </p>
            <p>
              {brand} brings those pieces onto one screen: finding a bond, showing interest, negotiating,
              executing on an exchange, following settlement and reviewing it all afterwards.
            </p>
          </div>
          <Card className="kosh-public__card" elevation={0}>
            <H3>
              <Icon icon="people" /> Who uses it
            </H3>
            <ul>
              <li>Dealers and traders at corporate clients and brokers</li>
              <li>Brokers and the clients they serve</li>
              <li>Individual clients who trade bonds</li>
              <li>Viewers who follow orders and transactions</li>
              <li>Operations administrators and back-office staff</li>
              <li>Compliance officers responsible for market surveillance</li>
            </ul>
          </Card>
        </div>
      </Section>

      <Section id="principles" band title="What it is built on">
        <FeatureGrid features={PRINCIPLES} />
      </Section>

      <Section id="explore" title="Find out more">
        <ul className="kosh-public__link-list">
          {AREAS.map((area) => (
            <li key={area.to}>
              <Link to={area.to}>{area.title}</Link> — {area.text}
            </li>
          ))}
        </ul>
        <div className="kosh-public__actions kosh-public__spaced">
          <LinkButton to="/find" text="Explore bonds" icon="search" intent="primary" large />
          <LinkButton to="/contact" text="Contact and support" icon="envelope" variant="outlined" large />
        </div>
      </Section>
    </main>
  );
}
