/** Downloads (paid data): the IM, the bond details sheet and a quote sheet for the calculator's value. */
import { Button, Tooltip } from '@blueprintjs/core';
import { useState } from 'react';
import type { BondDetail } from '../../../shared/contracts/instruments';
import { DOWNLOAD_TEXT } from '../../../shared/messages';
import { ApiRequestError } from '../../api/http';
import { ErrorScreen } from '../../ui/ErrorScreen';
import { lookupFor } from '../../../../machines/pricingValues';
import { quoteBody } from '../../ui/PricingInputLookup';
import type { PricingModeActor } from '../../ui/usePricingMode';
import { showToast } from '../../ui/toaster';
import { toastMessageFromError } from '../../ui/toastMessage';
import { downloadFile } from './downloadFile';
import { Panel } from './PanelBody';
import { useFileRequest } from '../support/useFileRequest';

type Kind = 'im' | 'details' | 'quote';

/** The quote sheet prices what the calculator shows (or the market, before a valid value is typed). */
function quoteSheetBody(pricing: PricingModeActor) {
  const request = lookupFor(pricing.getSnapshot().context);
  return request ? quoteBody(request) : {};
}

export function DownloadsPanel({ bond, pricing }: { bond: BondDetail; pricing: PricingModeActor }) {
  const requestUpgrade = useFileRequest('CASHFLOW_UPGRADE', { finstrument_id: bond.id });
  const [busy, setBusy] = useState<Kind | null>(null);
  const [walled, setWalled] = useState(false);

  const download = async (kind: Kind) => {
    setBusy(kind);
    try {
      if (kind === 'im') {
        await downloadFile('/api/im/download/', { isin: bond.isin }, `${bond.isin}-information-memorandum.pdf`);
        void showToast({ severity: 'success', summary: DOWNLOAD_TEXT.imDownloaded });
      } else if (kind === 'details') {
        await downloadFile(`/api/bond-details/${bond.id}/download/`, {}, `${bond.isin}-details.pdf`);
      } else {
        await downloadFile(`/api/quote/${bond.id}/download/`, quoteSheetBody(pricing), `${bond.isin}-quote.pdf`);
      }
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 402) setWalled(true);
      else void showToast({ severity: 'error', summary: toastMessageFromError(error) });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Panel title="Downloads">
      {walled ? (
        <div className="kosh-security__wall">
          <ErrorScreen status={402} onRequestUpgrade={requestUpgrade} />
        </div>
      ) : (
        <div className="kosh-security__downloads">
          <Tooltip content={DOWNLOAD_TEXT.imTooltip} placement="top">
            <Button icon="document" text="Information memorandum (PDF)" loading={busy === 'im'} onClick={() => void download('im')} />
          </Tooltip>
          <Button icon="th" text="Bond details (PDF)" loading={busy === 'details'} onClick={() => void download('details')} />
          <Button icon="calculator" text="Quote sheet (PDF)" loading={busy === 'quote'} onClick={() => void download('quote')} />
        </div>
      )}
    </Panel>
  );
}
