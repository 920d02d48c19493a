/** The public landing page (`/`), shown in the no-header layout: it carries its own top bar. */
import { Callout, Tag } from '@blueprintjs/core';
import { Link } from 'react-router';
import { useBrand } from '../../app/appConfig';
import { FeatureGrid } from './FeatureGrid';
import { Hero } from './Hero';
import { LinkButton } from '../../ui/LinkButton';
import { PublicTopBar } from './PublicTopBar';
import { AUDIENCES, INSTRUMENT_TAGS, LANDING_FEATURES, TRADE_STEPS } from './publicContent';
import { Section } from './Section';
import { StepList } from './StepList';
import './public.css';

const MARKET_FACTS: readonly (readonly [string, string])[] = [
  ['Instruments', 'Corporate and PSU bonds, G-secs and SDLs'],
  ['Execution', 'NSE RFQ and BSE RFQ platforms'],
  ['Clearing', 'NSCCL (NSE) and ICCL (BSE)'],
  ['Settlement', 'T+0, T+1 or T+2 business days'],
  ['Quoting', 'Clean price per ₹100 face value, or yield'],
  ['Quantity', 'Face value in rupees (quantum)'],
];

/** The marketing home page for signed-out visitors. */
export function LandingPage() {
  const brand = useBrand();
  return (
    <main className="kosh-public kosh-public--landing">
      <Hero
        top={<PublicTopBar />}
        eyebrow={`${brand} · for Indian bond desks`}
        title="Trade, find and watch Indian bonds from one screen"
        lead={`${brand} brings live runs, negotiations, exchange RFQs, counterparty chat and a finder for about 30,000 Indian bonds together, so your desk spends its day on prices rather than on switching windows.`}
        actions={
          <>
            <LinkButton to="/find" text="Explore bonds" icon="search" intent="primary" large />
            <LinkButton to="/auth/login" text="Sign in" icon="log-in" variant="outlined" large />
          </>
        }
      >
        <div className="kosh-public__tags" aria-label="Markets covered">
          {INSTRUMENT_TAGS.map((tag) => (
            <Tag key={tag} minimal round size="large">{tag}</Tag>
          ))}
        </div>
      </Hero>

      <Section
        id="why"
        eyebrow="Why a bond desk uses it"
        title="Built around how India’s bond market actually trades"
        lead="Most corporate bond liquidity is discovered over chats and phone calls, negotiated bilaterally and only then put through an exchange RFQ platform. The screen follows that path instead of forcing an order book onto it."
      >
        <div className="kosh-public__split">
          <div>
            <p>
              Quotes that arrive in your chats become a private run you can sort and act on. Quotes published
              to the market form the public run. When you and a counterparty agree, the deal goes to NSE RFQ or
              BSE RFQ and its settlement status stays on the dashboard until the clearing corporation has
              settled it.
            </p>
            <p>
              Every bond is priced on the convention its market uses, every state change is written to an
              audit log, and each firm sees only its own private data.
            </p>
          </div>
          <dl className="kosh-public__facts">
            {MARKET_FACTS.map(([term, detail]) => (
              <div key={term}>
                <dt>{term}</dt>
                <dd>{detail}</dd>
              </div>
            ))}
          </dl>
        </div>
      </Section>

      <Section
        id="features"
        band
        eyebrow="What is inside"
        title="One platform for the whole desk"
        lead="Trading, research, communication and oversight share one data model, so a quote in a chat, a negotiation on the dashboard and a trade in surveillance are the same record."
      >
        <FeatureGrid features={LANDING_FEATURES} />
      </Section>

      <Section
        id="how-it-works"
        eyebrow="How trading works here"
        title="From interest to settlement"
        lead="The path of a secondary-market trade, as the dashboard shows it."
      >
        <StepList steps={TRADE_STEPS} label="Steps of a trade" />
        <Callout intent="primary" icon="time" title="Settlement cut-offs" className="kosh-public__spaced">
          RFQ session hours and the pay-in cut-off come from the exchanges’ published trade timings. Outside
          them, live lists stay empty and the dashboard says why. Read the{' '}
          <Link to="/best-practices">desk best practices</Link> before your first trade.
        </Callout>
      </Section>

      <Section
        id="audience"
        band
        eyebrow="Who it is for"
        title="Roles for everyone around a trade"
        lead="Access follows roles — dealer, viewer, operations admin, back office and compliance officer — set by your firm’s administrator."
      >
        <FeatureGrid features={AUDIENCES} />
      </Section>

      <Section
        id="start"
        title="Start with the finder"
        lead={`The bond finder is open without an account. Sign in to trade, chat and see live runs on ${brand}.`}
      >
        <div className="kosh-public__actions">
          <LinkButton to="/find" text="Explore bonds" icon="search" intent="primary" large />
          <LinkButton to="/product/dart" text="About Dart" icon="dashboard" variant="outlined" large />
          <LinkButton to="/product/find" text="About Find" icon="properties" variant="outlined" large />
        </div>
      </Section>

    </main>
  );
}
