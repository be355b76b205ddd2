import { createClient, type ServiceClient } from '../service-client/index.ts';
import type { ActionInputs } from './inputs.ts';

// The service's client as the action makes it, one per run: no request,
// retries included, outlives the time the run may wait.

export function serviceClient(inputs: ActionInputs, options: { readOnly?: boolean } = {}): ServiceClient {
  const runMs = Math.round(inputs.timeoutMinutes * 60_000);
  return createClient({
    baseUrl: inputs.baseUrl,
    apiKey: inputs.apiKey,
    allowInsecureHttp: inputs.allowInsecureHttp,
    requestTimeoutMs: Math.min(30_000, runMs),
    retry: { deadlineMs: Math.min(15 * 60_000, runMs) },
    ...(options.readOnly === true ? { readOnly: true } : {}),
  });
}

/** `use` with a client that only reads (import, adopt), closed once it is done. */
export async function withReadOnlyClient<T>(
  inputs: ActionInputs,
  use: (client: ServiceClient) => Promise<T>,
): Promise<T> {
  const client = serviceClient(inputs, { readOnly: true });
  try {
    return await use(client);
  } finally {
    await client.close();
  }
}
