import { eoiModel } from './eoi.model';
import { describeModelPaths } from './testing/describeModelPaths';

describeModelPaths('eoi', eoiModel);
