import { sessionModel } from './session.model';
import { describeModelPaths } from './testing/describeModelPaths';

describeModelPaths('session', sessionModel);
