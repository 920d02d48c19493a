import { clusterModel } from './cluster.model';
import { describeModelPaths } from './testing/describeModelPaths';

describeModelPaths('cluster', clusterModel);
