import * as core from '@actions/core';

/** The action's one entry point; the only place that fails the step. */
export async function run(): Promise<void> {
  try {
    const key = core.getInput('api-key');
    if (key) core.setSecret(key);
    core.info('content-as-code: not wired yet');
  } catch (error) {
    core.setFailed(error instanceof Error ? error.message : String(error));
  }
}
