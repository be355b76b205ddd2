import { describeError } from '../service-client/index.ts';
import { reviewedItemsOf } from '../engine/review.ts';
import type { RunReport } from '../engine/types.ts';
import type { GitHubClient } from '../github/client.ts';
import { blockScope, reviewedBlock, ReviewSeal, stableBlock } from '../github/reviewed-block.ts';
import { commentAuthor, markerFor, stickyHeadLength, upsertStickyComment } from '../github/sticky-comment.ts';
import { COMMENT_LIMIT, renderReport, type ReportContext } from '../report/markdown.ts';
import type { WorkflowCommands } from './commands.ts';
import type { RunEvent } from './event.ts';
import type { ActionInputs } from './inputs.ts';
import { previewMediaFor, type PreviewMedia } from './preview-media.ts';
import { reviewSecret } from './review.ts';

// The PR comment of a plan run: the report, and before it the reviewed plan,
// sealed for this pull request, which the apply of the merge compares with
// (src/action/review.ts). Written as the one login the action trusts, and
// written again whenever it is not as the action wrote it (an edited
// comment, the hidden block included), even when the plan is the same.

export async function postComment(
  commands: WorkflowCommands,
  report: RunReport,
  context: ReportContext,
  event: RunEvent,
  inputs: ActionInputs,
  client: () => GitHubClient | null,
): Promise<void> {
  const pr = event.pullRequest;
  if (!pr || !event.owner || !event.repo) return; // merge_group: no PR to comment on
  const github = client();
  if (github === null) {
    commands.warning(
      'No github-token was given, so the PR comment was skipped; the job summary has the report.',
    );
    return;
  }
  const marker = markerFor(inputs.shard);
  const sealed = {
    seal: new ReviewSeal(reviewSecret(inputs)),
    scope: blockScope(event.owner, event.repo, pr.number, marker),
  };
  // A plan of the change leaves the other manifests out: the apply of the merge must not take them for added since.
  const unlisted = { unlisted: report.scope?.unread ?? 0, previewed: report.previewed ?? [] };
  // Which preview render reviewers watch, per item: the merge publishes that render when the item has not changed since.
  const renders = new Map(
    (report.previews ?? []).flatMap((preview) =>
      preview.reviewed === null ? [] : [[preview.file, preview.reviewed]],
    ),
  );
  const block = report.plan
    ? reviewedBlock(reviewedItemsOf(report.plan, renders), event.sha, sealed, unlisted)
    : '';
  // Sealed with the same key as the block: an edited comment is written again even when the plan is the same.
  const sealBody = (text: string) => sealed.seal.mac(`${sealed.scope} comment`, text);
  const head = stickyHeadLength(marker, sealBody);
  const media = previewMediaFor(report, event, inputs);
  const { body, stable } = commentBodies(commands, report, context, head + (media?.extra ?? 0), block, media);
  try {
    const author = await commentAuthor(github, inputs.commentAuthor);
    const target = { owner: event.owner, repo: event.repo, issueNumber: pr.number, marker, author };
    const outcome = await upsertStickyComment(github, target, body, stable, sealBody);
    commands.info(`PR comment ${outcome.action}${outcome.url ? `: ${outcome.url}` : ''}.`);
    if (outcome.action === 'created' && outcome.writtenBy !== null && !sameLogin(outcome.writtenBy, author)) {
      commands.warning(
        `The PR comment was written by ${outcome.writtenBy}, but the action trusts only comments by ${author}: ` +
          'the next run will not find it, and the apply of the merge will not read its reviewed plan. ' +
          `Set comment-author: ${outcome.writtenBy} if that is the github-token's login (a GitHub App's token).`,
      );
    }
  } catch (error) {
    const hint = pr.fork
      ? ' (the token of a PR from a fork is read-only)'
      : ' (does the workflow grant pull-requests: write?)';
    commands.warning(
      `The PR comment could not be written${hint}: ${describeError(error)}. The job summary has the report.`,
    );
  }
}

const sameLogin = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

/**
 * The comment's body, and what decides "unchanged": the report without this
 * run's link and without the commit in file links, so a push that leaves the
 * plan as it was does not edit the comment; the plan block counts without
 * its head commit. The block goes first and its length is held back from the
 * report's: trimming cuts the report, never it.
 */
function commentBodies(
  commands: WorkflowCommands,
  report: RunReport,
  context: ReportContext,
  head: number,
  block: string,
  media: PreviewMedia | null,
): { body: string; stable: string } {
  const options = {
    target: 'comment',
    limit: COMMENT_LIMIT,
    unit: 'chars',
    reserve: head + block.length + 1,
  } as const;
  const withBlock = (text: string, hidden: string) => (block ? `${hidden}\n${text}` : text);
  // A preview's links go in after the scrubbing (action/preview-media.ts); they count as a change, so re-running refreshes them.
  const linked = media === null ? context : { ...context, previewMedia: media.token };
  const rendered = (at: ReportContext) =>
    (media?.fill ?? String)(commands.redact(renderReport(report, at, options)));
  const body = withBlock(rendered(linked), block);
  const stableContext: ReportContext = {
    ...linked,
    runUrl: null,
    fileUrl: (file, line) => `${file}#L${line}`,
  };
  const stable = withBlock(rendered(stableContext), stableBlock(block));
  return { body, stable };
}
