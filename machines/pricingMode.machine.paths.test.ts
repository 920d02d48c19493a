import { pricingModeModel } from './pricingMode.model';
import { describeModelPaths } from './testing/describeModelPaths';

describeModelPaths('pricingMode', pricingModeModel);
