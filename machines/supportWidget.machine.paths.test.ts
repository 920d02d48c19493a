import { supportWidgetModel } from './supportWidget.model';
import { describeModelPaths } from './testing/describeModelPaths';

describeModelPaths('supportWidget', supportWidgetModel);
