// Request header v2 and response header v1 (the flexible headers every streams-group RPC uses), as schemas.
import type { MessageSchema } from '../types.ts';

export const REQUEST_HEADER: MessageSchema = {
  name: 'RequestHeader',
  apiKey: -1,
  type: 'header',
  edition: 'common',
  validVersions: '0-2',
  flexibleVersions: '2+',
  fields: [
    { name: 'RequestApiKey', type: 'int16', versions: '0+' },
    { name: 'RequestApiVersion', type: 'int16', versions: '0+' },
    { name: 'CorrelationId', type: 'int32', versions: '0+' },
    // ClientId keeps the int16-length string even in the flexible header v2 (field-level flexibleVersions "none").
    { name: 'ClientId', type: 'string', versions: '1+', nullableVersions: '1+', flexibleVersions: 'none', default: '' },
  ],
  source: 'Kafka RequestHeader.json: header v2 = v1 + tagged-field section; ClientId never compact.',
};

export const RESPONSE_HEADER: MessageSchema = {
  name: 'ResponseHeader',
  apiKey: -1,
  type: 'header',
  edition: 'common',
  validVersions: '0-1',
  flexibleVersions: '1+',
  fields: [{ name: 'CorrelationId', type: 'int32', versions: '0+' }],
  source: 'Kafka ResponseHeader.json: header v1 = CorrelationId + tagged-field section.',
};
