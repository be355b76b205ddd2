// The typed client through which the project talks to the service.
export { createClient, type ClientOptions, type ServiceClient } from './client.ts';
export {
  ConfigurationError,
  NetworkError,
  OutcomeUnknownError,
  ResponseShapeError,
  ServiceError,
  WritesStoppedError,
  describeError,
} from './errors.ts';
export { ListingError } from './listing.ts';
export type { RetryEvent } from './retry.ts';
export * from './types.ts';
