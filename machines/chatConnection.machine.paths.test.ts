import { chatConnectionModel } from './chatConnection.model';
import { describeModelPaths } from './testing/describeModelPaths';

describeModelPaths('chatConnection', chatConnectionModel);
