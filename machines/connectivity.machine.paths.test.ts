import { connectivityModel } from './connectivity.model';
import { describeModelPaths } from './testing/describeModelPaths';

describeModelPaths('connectivity', connectivityModel);
