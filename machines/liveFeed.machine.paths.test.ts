import { liveFeedModel } from './liveFeed.model';
import { describeModelPaths } from './testing/describeModelPaths';

describeModelPaths('liveFeed', liveFeedModel);
