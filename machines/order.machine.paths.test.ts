import { orderModel } from './order.model';
import { describeModelPaths } from './testing/describeModelPaths';

describeModelPaths('order', orderModel);
