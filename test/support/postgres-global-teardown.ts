import { stopTestCluster } from './postgres-cluster';

export default stopTestCluster;
