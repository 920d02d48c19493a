/** Every machine's test model, for the suites that run over all of them (coverage, mutants, docs). */
import { appVersionModel } from '../appVersion.model';
import { buzzModel } from '../buzz.model';
import { chatConnectionModel } from '../chatConnection.model';
import { clusterModel } from '../cluster.model';
import { connectivityModel } from '../connectivity.model';
import { liveFeedModel } from '../liveFeed.model';
import { eoiModel } from '../eoi.model';
import { eoiDialogModel } from '../eoiDialog.model';
import { orderModel } from '../order.model';
import { pricingModeModel } from '../pricingMode.model';
import { sessionModel } from '../session.model';
import { supportTicketModel } from '../supportTicket.model';
import { supportWidgetModel } from '../supportWidget.model';
import type { MachineModel } from './machineModel';

export const MACHINE_MODELS: Record<string, MachineModel> = {
  connectivity: connectivityModel,
  session: sessionModel,
  appVersion: appVersionModel,
  buzz: buzzModel,
  pricingMode: pricingModeModel,
  liveFeed: liveFeedModel,
  eoi: eoiModel,
  eoiDialog: eoiDialogModel,
  cluster: clusterModel,
  order: orderModel,
  supportTicket: supportTicketModel,
  supportWidget: supportWidgetModel,
  chatConnection: chatConnectionModel,
};
