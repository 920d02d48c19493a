import { buzzModel } from './buzz.model';
import { describeModelPaths } from './testing/describeModelPaths';

describeModelPaths('buzz', buzzModel);
