/** Price ↔ yield calculator: the pricing input, a quantity, and the quote's consideration and risk figures. */
import { Button, FormGroup, HTMLTable, NumericInput } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import type { BondDetail } from '../../../shared/contracts/instruments';
import { pricingValue } from '../../../../machines/pricingValues';
import { ReportIssueButton } from '../support/ReportIssueButton';
import { useFileRequest } from '../support/useFileRequest';
import { PricingInput } from '../../ui/PricingInput';
import type { PricingModeActor } from '../../ui/usePricingMode';
import { formatDate, formatFixed, formatInr } from './format';
import { Panel } from './PanelBody';

export interface CalculatorPanelProps {
  bond: BondDetail;
  /** The bond page's pricing actor: the calculator drives it, the downloads read it. */
  pricing: PricingModeActor;
}

export function CalculatorPanel({ bond, pricing }: CalculatorPanelProps) {
  const quantity = useSelector(pricing, (s) => s.context.quantity ?? bond.face_value);
  // The last answer stays on screen while a new quantity or value is priced; a failure keeps it.
  const quote = useSelector(pricing, (s) => s.context.priceInfo?.quote);
  const price = quote?.price;
  const consideration = quote?.consideration;
  const canBePriced = useSelector(pricing, (s) => pricingValue(s.context).canBePriced);
  const subject = { finstrument_id: bond.id, isin: bond.isin };
  const requestPricing = useFileRequest('REQUEST_PRICING', subject);
  // What the user entered, read when the report is sent (shared only with their consent).
  const pricingDetails = () => {
    const { context } = pricing.getSnapshot();
    const value = pricingValue(context);
    return {
      fixed_field: value.fixedField,
      clean_price: value.cleanPrice,
      yield: value.bondYield,
      settlement_date: value.settlementDate,
      quantity: context.quantity ?? bond.face_value,
    };
  };

  return (
    <Panel
      title="Price ↔ yield calculator"
      className="kosh-security__calculator"
      actions={<ReportIssueButton context="pricingAndCashflow" subject={subject} pricingDetails={pricingDetails} />}
    >
      <div className="kosh-security__calc-grid">
        <div>
          <PricingInput pricing={pricing} allowSettlementDate />
          {!canBePriced && <Button icon="envelope" text="Request pricing" size="small" onClick={requestPricing} />}
          <FormGroup label="Quantity (face value, ₹)" labelFor="calc-quantity" className="kosh-security__quantity">
            <NumericInput
              id="calc-quantity"
              min={bond.face_value}
              stepSize={bond.face_value}
              minorStepSize={null}
              majorStepSize={bond.face_value * 10}
              value={quantity}
              onValueChange={(value) => {
                if (Number.isFinite(value) && value > 0) pricing.send({ type: 'quantity.changed', quantity: value });
              }}
            />
          </FormGroup>
        </div>
        <HTMLTable compact className="kosh-security__figures" aria-label="Quote details">
          <tbody>
            <tr>
              <th scope="row">Settlement</th>
              <td>{formatDate(price?.settlement_date ?? null)}</td>
            </tr>
            <tr>
              <th scope="row">Dirty price</th>
              <td>{formatFixed(price?.dirty_price, 4)}</td>
            </tr>
            <tr>
              <th scope="row">Accrued interest (per 100)</th>
              <td>{formatFixed(price?.accrued_interest, 4)}</td>
            </tr>
            <tr>
              <th scope="row">Modified duration</th>
              <td>{formatFixed(price?.modified_duration, 4)}</td>
            </tr>
            <tr>
              <th scope="row">Macaulay duration</th>
              <td>{formatFixed(price?.macaulay_duration, 4)}</td>
            </tr>
            <tr>
              <th scope="row">Convexity</th>
              <td>{formatFixed(price?.convexity, 4)}</td>
            </tr>
            {price?.priced_to && price.priced_to !== 'MATURITY' && (
              <tr>
                <th scope="row">Priced to</th>
                <td>{`${price.priced_to.toLowerCase()} on ${formatDate(price.priced_to_date)}`}</td>
              </tr>
            )}
            {consideration && (
              <>
                <tr>
                  <th scope="row">Number of bonds</th>
                  <td>{consideration.number_of_bonds}</td>
                </tr>
                <tr>
                  <th scope="row">Principal</th>
                  <td>{formatInr(consideration.principal)}</td>
                </tr>
                <tr>
                  <th scope="row">Accrued amount</th>
                  <td>{formatInr(consideration.accrued_interest_amount)}</td>
                </tr>
                <tr>
                  <th scope="row">Consideration</th>
                  <td>{formatInr(consideration.consideration)}</td>
                </tr>
                <tr>
                  <th scope="row">Stamp duty</th>
                  <td>{formatInr(consideration.stamp_duty)}</td>
                </tr>
                <tr>
                  <th scope="row">Total payable</th>
                  <td>
                    <strong>{formatInr(consideration.total_payable)}</strong>
                  </td>
                </tr>
              </>
            )}
          </tbody>
        </HTMLTable>
      </div>
    </Panel>
  );
}
