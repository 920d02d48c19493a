import { supportTicketModel } from './supportTicket.model';
import { describeModelPaths } from './testing/describeModelPaths';

describeModelPaths('supportTicket', supportTicketModel);
