import { describeRemoteContract } from '@kabuto/shared-sdk/ui/test-utils/remote-contract-tests';
import * as routesModule from './routes';

// Every page of mf-account is real now; each has its own tests.
describeRemoteContract(routesModule, { implementedPages: routesModule.routes.map((route) => route.path) });
