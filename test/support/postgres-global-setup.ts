import { startTestCluster } from './postgres-cluster';

export default startTestCluster;
