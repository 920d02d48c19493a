import { eoiDialogModel } from './eoiDialog.model';
import { describeModelPaths } from './testing/describeModelPaths';

describeModelPaths('eoiDialog', eoiDialogModel);
