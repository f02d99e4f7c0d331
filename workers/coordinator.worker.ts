// The coordinator worker: hosts the pure core off the main thread, reached only through comlink.
import * as Comlink from 'comlink';
import { WorkerApi } from './api.ts';

Comlink.expose(new WorkerApi(), self as unknown as Comlink.Endpoint);
