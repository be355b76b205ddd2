import { createClient, type ClientOptions } from '../service-client/client.ts';
import type { ListingOutcome } from '../service-client/listing.ts';
import { probeService, type DoctorReport } from './probe.ts';

// Runs the probe with a client that can only read and only spend its budget:
// the promise that doctor changes nothing and costs nothing is kept below the
// probe, in the client itself.

export const DEFAULT_DOCTOR_BUDGET = 60;
/** Reads kept for the probes after the two listings: the key, samples, task status, credits, subscription. */
const AFTER_LISTINGS = 10;

export interface DoctorRun {
  baseUrl: string;
  apiKey: string;
  allowInsecureHttp?: boolean;
  budget?: number;
  client?: Partial<Omit<ClientOptions, 'baseUrl' | 'apiKey' | 'readOnly' | 'requestBudget' | 'onListing'>>;
}

export async function runDoctor(options: DoctorRun): Promise<DoctorReport> {
  const total = Math.max(1, Math.floor(options.budget ?? DEFAULT_DOCTOR_BUDGET));
  const budget = { left: total };
  const captured = new Map<string, ListingOutcome>();
  const client = createClient({
    ...options.client,
    baseUrl: options.baseUrl,
    apiKey: options.apiKey,
    allowInsecureHttp: options.allowInsecureHttp ?? false,
    readOnly: true,
    requestBudget: budget,
    maxListingPages: Math.max(1, Math.floor((total - AFTER_LISTINGS) / 2)),
    onListing: (path, outcome) => captured.set(path, outcome),
  });
  try {
    return await probeService(client, captured, { total, left: () => budget.left });
  } finally {
    await client.close();
  }
}

/** Whether doctor passes: it observed something, and understood every rule it observed. */
export function doctorPassed(report: DoctorReport): boolean {
  return report.understood && report.nothingObserved === null;
}
