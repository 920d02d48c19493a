/** Public product page `/product/find`: the bond finder. The product layout adds the header. */
import { Callout, Tag } from '@blueprintjs/core';
import { useBrand } from '../../app/appConfig';
import { FeatureGrid } from './FeatureGrid';
import { Hero } from './Hero';
import { LinkButton } from '../../ui/LinkButton';
import { FIND_FEATURES } from './productContent';
import { Section } from './Section';
import './public.css';

const CONVENTIONS: readonly (readonly [string, string])[] = [
  ['Corporate and PSU bonds', 'SEBI Actual/Actual day count; annualised yield over actual days'],
  ['G-secs and SDLs', '30/360 day count; semi-annual coupons and compounding'],
  ['Prices', 'Clean, per ₹100 face value, to four decimals'],
  ['Yields', 'Percent, to four decimals; to maturity, call or put'],
];

/** Marketing content for Find, the security finder. */
export function ProductFindPage() {
  const brand = useBrand();
  return (
    <main className="kosh-public kosh-public--product-find">
      <Hero
        eyebrow={`Find · the ${brand} bond finder`}
        title="Search every Indian bond by name, ISIN or issuer"
        lead="About 30,000 corporate, PSU, government and state development loan securities, with the cashflows, ratings, rationale and trades you need before you quote."
        actions={
          <>
            <LinkButton to="/find" text="Open Find" icon="search" intent="primary" large />
            <LinkButton to="/auth/login" text="Sign in" icon="log-in" variant="outlined" large />
          </>
        }
      >
        <div className="kosh-public__tags" aria-label="Bond categories">
          {['Corporate', 'PSU', 'G-sec', 'SDL'].map((tag) => (
            <Tag key={tag} minimal round size="large">{tag}</Tag>
          ))}
        </div>
      </Hero>

      <Section
        id="features"
        eyebrow="What Find does"
        title="From a name to a decision"
        lead="Search, narrow, then open a bond’s detail: its terms, cashflows, credit rationale, trades and the issuer’s other bonds on one page."
      >
        <FeatureGrid features={FIND_FEATURES} columns="four" />
      </Section>

      <Section
        id="calculator"
        band
        eyebrow="Price ↔ yield"
        title="The conventions the Indian market uses"
        lead="The calculator works on each instrument’s own convention, the same engine the trading dashboard uses."
      >
        <div className="kosh-public__split">
          <dl className="kosh-public__facts">
            {CONVENTIONS.map(([term, detail]) => (
              <div key={term}>
                <dt>{term}</dt>
                <dd>{detail}</dd>
              </div>
            ))}
          </dl>
          <Callout intent="primary" icon="info-sign" title="Accrued interest and settlement">
            Accrued interest runs from the last coupon date to the settlement date and is nil on a coupon date.
            Settlement dates count business days on the settlement calendar.
          </Callout>
        </div>
      </Section>

      <Section
        id="access"
        eyebrow="Access"
        title="Open to browse, deeper with an account"
        lead="Search is open without signing in; sign in to open a bond’s full detail. Cashflows, trade history and downloads also need security-data access, which your firm can request from inside the application."
      >
        <div className="kosh-public__actions">
          <LinkButton to="/find" text="Explore bonds" icon="search" intent="primary" large />
          <LinkButton to="/product/dart" text="See Dart" icon="dashboard" variant="outlined" large />
        </div>
      </Section>
    </main>
  );
}
