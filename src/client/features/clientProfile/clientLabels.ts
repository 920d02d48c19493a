/** Display labels of the client enumerations (spec 01 §3). */
import type { ClientSegment, ClientType } from '../../../shared/enums';

export const SEGMENT_LABELS: Record<ClientSegment, string> = {
  INSTITUTIONAL: 'Institutional',
  NON_INSTITUTIONAL: 'Non-institutional',
  WDM: 'Wholesale debt market (WDM)',
};

export const CLIENT_TYPE_LABELS: Record<ClientType, string> = {
  CORP: 'Corporate',
  'CORP-P': 'Corporate (partner)',
  INDV: 'Individual',
  'INDV-P': 'Individual (partner)',
};
