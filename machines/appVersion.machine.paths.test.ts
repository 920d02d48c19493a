import { appVersionModel } from './appVersion.model';
import { describeModelPaths } from './testing/describeModelPaths';

describeModelPaths('appVersion', appVersionModel);
