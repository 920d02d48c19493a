/**
 * /security/:id (login required): the bond's terms, the price ↔ yield calculator, cashflows,
 * credit rationale, trade history, same-issuer bonds and downloads. Each panel loads, fails and
 * shows the premium wall (402) on its own.
 */
import { H2, Spinner, Tag } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import type { BondInfo } from '../../../shared/contracts/instruments';
import { shiftDecimal } from '../../../shared/validation';
import { ApiRequestError } from '../../api/http';
import { ErrorScreen } from '../../ui/ErrorScreen';
import { usePricingMode } from '../../ui/usePricingMode';
import { CalculatorPanel } from './CalculatorPanel';
import { CashflowPanel } from './CashflowPanel';
import { CreditRationalePanel } from './CreditRationalePanel';
import { DownloadsPanel } from './DownloadsPanel';
import { SameIssuerPanel } from './SameIssuerPanel';
import { bondInfoQuery } from './securityQueries';
import { TermsPanel } from './TermsPanel';
import { TradesPanel } from './TradesPanel';
import './security.css';
import { LoadFailed } from '../../ui/LoadFailed';

export function SecurityPage() {
  const id = Number(useParams().id);
  const info = useQuery(bondInfoQuery(id));

  if (info.isPending) return <Spinner className="kosh-page-spinner" aria-label="Loading bond" />;
  if (info.isError) {
    if (info.error instanceof ApiRequestError && info.error.status === 404) return <ErrorScreen status={404} message="Bond not found." />;
    return (
      <LoadFailed
        className="kosh-security__failed"
        title="The bond could not be loaded"
        error={info.error}
        onRetry={() => void info.refetch()}
      />
    );
  }
  return <BondPage key={info.data.id} bond={info.data} />;
}

function BondPage({ bond }: { bond: BondInfo }) {
  const marketYield = bond.market ? shiftDecimal(String(bond.market.last_yield), 2, 4) : undefined;
  // One pricing for the page: the calculator drives it, the quote sheet download reads it.
  const pricing = usePricingMode({ finstrumentId: bond.id, initialYield: marketYield, quantity: bond.face_value });

  return (
    <div className="kosh-security">
      <div className="kosh-security__header">
        <Link to="/find" className="kosh-security__back">
          ← Find bonds
        </Link>
        <H2>{bond.display_name}</H2>
        <div className="kosh-security__subtitle">
          <Tag minimal>{bond.isin}</Tag>
          <span>{bond.issuer.name}</span>
          {bond.market && (
            <span className="bp6-text-muted">{`Last traded ${bond.market.last_trade_date} at ${bond.market.last_price.toFixed(4)} (${marketYield ?? '—'}%)`}</span>
          )}
        </div>
      </div>
      <div className="kosh-security__grid">
        <TermsPanel bond={bond} />
        <CalculatorPanel bond={bond} pricing={pricing} />
        <CashflowPanel finstrumentId={bond.id} />
        <CreditRationalePanel finstrumentId={bond.id} />
        <TradesPanel finstrumentId={bond.id} />
        <SameIssuerPanel finstrumentId={bond.id} />
        <DownloadsPanel bond={bond} pricing={pricing} />
      </div>
    </div>
  );
}
