// The schema registry: which schema describes a message kind in each wire dialect. The dialects are the editions'
// (src/core/editions/<name>/wire.ts), registered in src/core/editions/wire.ts.
import { REQUEST_HEADER, RESPONSE_HEADER } from './header.ts';

export { SCHEMAS } from '../../editions/wire.ts';
export { REQUEST_HEADER, RESPONSE_HEADER };
