/**
 * Issue reports in context (spec 02 §9): the options a user picks from and, per context, the
 * consent to share the pricing details they entered with support. The spec fixes the options
 * word for word; it names the consent texts but does not give their words.
 */
export const ISSUE_REPORT_OPTIONS = [
  'Price/yield seems incorrect',
  'Maturity date seems incorrect',
  'Call/put information seems incorrect',
  'Others',
] as const;
export type IssueReportOption = (typeof ISSUE_REPORT_OPTIONS)[number];

/** The counter-RFQ variant offers only the price/yield and Others options. */
export const COUNTER_RFQ_ISSUE_OPTIONS = ['Price/yield seems incorrect', 'Others'] as const satisfies readonly IssueReportOption[];

export const ISSUE_REPORT_CONTEXTS = ['pricingAndCashflow', 'ticketing', 'consideration', 'counterRfq'] as const;
export type IssueReportContext = (typeof ISSUE_REPORT_CONTEXTS)[number];

/** The form name of each context's report, as the support desk sees it. */
export const ISSUE_REPORT_FORM_NAMES: Record<IssueReportContext, string> = {
  pricingAndCashflow: 'Report issue: pricing and cashflow',
  ticketing: 'Report issue: ticketing',
  consideration: 'Report issue: consideration',
  counterRfq: 'Report issue: counter RFQ',
};

/** Each context's consent to share the entered pricing details with support. */
export const ISSUE_REPORT_CONSENTS: Record<IssueReportContext, string> = {
  pricingAndCashflow: 'Share the price, yield, quantity and settlement date I entered with support',
  ticketing: 'Share the pricing details entered on this ticket with support',
  consideration: 'Share the consideration details I entered with support',
  counterRfq: 'Share the counter-RFQ price and yield I entered with support',
};

/** The options a context offers. */
export const issueOptionsFor = (context: IssueReportContext): readonly IssueReportOption[] =>
  context === 'counterRfq' ? COUNTER_RFQ_ISSUE_OPTIONS : ISSUE_REPORT_OPTIONS;
