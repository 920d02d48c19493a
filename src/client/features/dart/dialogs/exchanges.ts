/** The RFQ platforms the session's client may use: NSE settles through NSCCL, BSE through ICCL (DOMAIN.md). */
import type { Session } from '../../../../shared/contracts/auth';
import { RFQ_PLATFORMS, type RfqPlatform } from '../../../../shared/contracts/trading';

const CLEARING_OF: Record<RfqPlatform, string> = { NSE: 'NSCCL', BSE: 'ICCL' };

export function allowedPlatforms(session: Session | null): RfqPlatform[] {
  const corps = session?.allowed_exchanges ?? [];
  return RFQ_PLATFORMS.filter((platform) => corps.includes(CLEARING_OF[platform]));
}
