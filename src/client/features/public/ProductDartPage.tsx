/** Public product page `/product/dart`: the trading dashboard. The product layout adds the header. */
import { Callout, Tag } from '@blueprintjs/core';
import { Link } from 'react-router';
import { useBrand } from '../../app/appConfig';
import { FeatureGrid } from './FeatureGrid';
import { Hero } from './Hero';
import { LinkButton } from '../../ui/LinkButton';
import { DART_FEATURES, DART_PRICING } from './productContent';
import { TRADE_STEPS } from './publicContent';
import { Section } from './Section';
import { StepList } from './StepList';
import './public.css';

/** Marketing content for Dart, the live trading dashboard. */
export function ProductDartPage() {
  const brand = useBrand();
  return (
    <main className="kosh-public kosh-public--product-dart">
      <Hero
        eyebrow={`Dart · the ${brand} trading dashboard`}
        title="Runs, RFQs and settlement on one live screen"
        lead="Dart is where a bond desk spends its day: public and private runs streaming in, negotiations with counterparties, execution on NSE RFQ and BSE RFQ, and every trade followed through to settlement."
        actions={
          <>
            <LinkButton to="/dart" text="Open Dart" icon="dashboard" intent="primary" large />
            <LinkButton to="/product/find" text="See Find" icon="search" variant="outlined" large />
          </>
        }
      >
        <div className="kosh-public__tags" aria-label="Exchanges and clearing corporations">
          {['NSE RFQ', 'BSE RFQ', 'NSCCL', 'ICCL', 'T+0 · T+1 · T+2'].map((tag) => (
            <Tag key={tag} minimal round size="large">{tag}</Tag>
          ))}
        </div>
      </Hero>

      <Section
        id="features"
        eyebrow="On the dashboard"
        title="Everything a trader watches, in one place"
        lead="Dense by design: the panels a dealer needs, updating in place without reloading the page."
      >
        <FeatureGrid features={DART_FEATURES} columns="four" />
      </Section>

      <Section
        id="flow"
        band
        eyebrow="The life of a trade"
        title="From interest to settlement"
        lead="Each step is a state the dashboard shows, and each change is written to the audit log."
      >
        <StepList steps={TRADE_STEPS} label="Steps of a trade" />
      </Section>

      <Section
        id="pricing"
        eyebrow="Pricing"
        title="Quote the number you mean"
        lead="The pricing input lets you fix either the yield or the clean price; the other follows on the instrument’s convention — SEBI Actual/Actual for corporate and PSU bonds, 30/360 semi-annual for G-secs and SDLs."
      >
        <StepList steps={DART_PRICING} label="Pricing a quote" />
      </Section>

      <Section
        id="live"
        band
        eyebrow="Live, and honest about it"
        title="You always know whether what you see is current"
      >
        <div className="kosh-public__split">
          <ul className="kosh-public__link-list">
            <li>Updates arrive over a live connection and are applied in place, so sorting and scrolling stay where you left them.</li>
            <li>If the connection drops, the dashboard reconnects on its own and says it is reconnecting; after a long gap it reloads the data in full.</li>
            <li>Outside the exchanges’ RFQ session, or without trading access, the live lists stay empty and the reason is shown.</li>
          </ul>
          <Callout intent="primary" icon="people" title="Roles on Dart">
            Dealers quote, negotiate and trade. Viewers follow runs, orders and transactions without changing
            them. Compliance officers work from the surveillance view instead.
          </Callout>
        </div>
      </Section>

      <Section
        id="start"
        title="Get started"
        lead={<>Sign in to open Dart, or read the <Link to="/best-practices">desk best practices</Link> first.</>}
      >
        <div className="kosh-public__actions">
          <LinkButton to="/auth/login" text="Sign in" icon="log-in" intent="primary" large />
          <LinkButton to="/find" text="Explore bonds" icon="search" variant="outlined" large />
        </div>
      </Section>
    </main>
  );
}
