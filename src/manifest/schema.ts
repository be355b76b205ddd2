import * as z from 'zod';
import { PLATFORMS } from '../service-client/types.ts';
import { pausedField } from './release-schema.ts';
import { FLOWS, STAGES } from './types.ts';
import { isRecord } from '../record.ts';

// The one definition of the manifest: the loader validates with it, the code
// takes its types from it, and schema/content.schema.json is generated from it
// (its descriptions are what editors show next to each field).
//
// Rules that involve two fields carry a `params.code`; src/manifest/issues.ts
// turns every other zod issue into a sentence that names the field.

const nonEmpty = z.string().regex(/\S/);

const accountById = z
  .strictObject({
    id: nonEmpty.describe('Id of a connected account, as GET /accounts lists it.'),
  })
  .describe('An account given by its id.');

const accountByName = z
  .strictObject({
    platform: z
      .enum(PLATFORMS)
      .describe('Platform of the account, spelled exactly: YouTube, TikTok or Instagram.'),
    name: nonEmpty.describe('Name of the account on that platform, as GET /accounts lists it.'),
  })
  .describe('An account given by platform and name; resolved through GET /accounts.');

export const accountSchema = z
  .union([accountById, accountByName])
  .describe('A connected account to publish to: {id: …} or {platform: …, name: …}.');

const tiktok = z
  .strictObject({
    post_mode: z
      .enum(['direct', 'draft'])
      .optional()
      .describe('direct posts the video; draft leaves it in the TikTok inbox. Sent only when given.'),
    privacy: nonEmpty
      .optional()
      .describe('TikTok privacy level, for example PUBLIC_TO_EVERYONE. Sent only when given.'),
  })
  .describe('Settings that only TikTok accounts use.');

/** made_for_kids and age_restricted both true, in JSON Schema terms (what `not` refuses). */
const KIDS_AND_AGE_RESTRICTED = {
  allOf: [
    { properties: { made_for_kids: { const: true } }, required: ['made_for_kids'] },
    { properties: { age_restricted: { const: true } }, required: ['age_restricted'] },
  ],
};

const publish = z
  .strictObject({
    accounts: z
      .array(accountSchema)
      .optional()
      .describe('Accounts to publish to. Required when stage is published.'),
    at: z.iso
      .datetime({ offset: true })
      .transform((value) => new Date(value).toISOString())
      .optional()
      .describe(
        'Publish no earlier than this ISO 8601 instant with a zone, for example 2026-12-01T15:00:00Z. Absent: as soon as the video is rendered.',
      ),
    late: z
      .enum(['hold', 'publish'])
      .optional()
      .describe(
        'What happens when publish.at passed longer ago than the late window (24 h by default): hold (the default) keeps the video unpublished with a message; publish publishes it anyway.',
      ),
    privacy: nonEmpty.default('public').describe('Platform visibility, for example public.'),
    category: z
      .union([nonEmpty, z.int().nonnegative()])
      .default('22')
      .transform(String)
      .describe('YouTube category id; a number or a string, sent as a string.'),
    made_for_kids: z
      .boolean()
      .default(false)
      .describe('The video is made for kids (COPPA). Cannot be true together with age_restricted.'),
    age_restricted: z
      .boolean()
      .default(false)
      .describe('The video is for adults only. Cannot be true together with made_for_kids.'),
    notify_subscribers: z.boolean().default(true).describe('Notify the channel subscribers.'),
    ai_disclosure: z.boolean().default(true).describe('Disclose that the video contains generated media.'),
    tiktok: tiktok.optional(),
  })
  .refine((value) => !(value.made_for_kids && value.age_restricted), {
    path: ['age_restricted'],
    params: { code: 'kids_and_age_restricted' },
    message:
      'publish.made_for_kids and publish.age_restricted are both true; a video made for kids cannot be age-restricted, set one of them to false',
    // Checked even when another field of publish is wrong, so that one run reports every mistake.
    when: (payload) =>
      isRecord(payload.value) &&
      payload.value['made_for_kids'] === true &&
      payload.value['age_restricted'] === true,
  })
  .meta({
    description: 'Where and how the video is published. Takes effect only when stage is published.',
    // The refine above, for editors: the JSON Schema cannot run it, so it says the same in its own terms.
    not: KIDS_AND_AGE_RESTRICTED,
  });

const imageOverlay = z
  .strictObject({
    enabled: z.boolean().optional().describe('Show an image overlay. Sent only when given.'),
    position: nonEmpty.optional().describe('Where the overlay goes, for example top. Sent only when given.'),
  })
  .describe('Image overlay of the render.');

const video = z
  .strictObject({
    source: nonEmpty.default('stock').describe('Footage source, sent as video_id.'),
    orientation: nonEmpty.default('vertical').describe('Orientation of the video, for example vertical.'),
    prefer_real_world: z
      .boolean()
      .optional()
      .describe('Prefer real-world footage over illustrations. Sent only when given.'),
    image_overlay: imageOverlay.optional(),
    zoom_effect: z.boolean().optional().describe('Slow zoom on still images. Sent only when given.'),
    subtitles: z
      .record(z.string(), z.unknown())
      .optional()
      .describe('Subtitle settings, passed through to the service as subtitle_settings.'),
  })
  .describe('How the video is rendered.');

/** Manifest fields a person may edit in the service's web app; `ignore_service_edits` names them. */
const SERVICE_EDITABLE = [
  'description',
  'full_text',
  'textover',
  'hashtags',
  'persona',
  'fine_tuning',
] as const;

const hashtag = z.union([z.string().regex(/^#?[^\s#]\S*$/), z.int()]);

/** Hashtags as the service takes them: one string; a list is joined, with `#` added where missing. */
export const hashtagsField = z.union([
  z.string().transform((value) => value.trim()),
  z
    .array(hashtag)
    .transform((tags) =>
      tags.map((tag) => (String(tag).startsWith('#') ? String(tag) : `#${tag}`)).join(' '),
    ),
]);

/** A persona id, written as it is or as {id: …}. */
const personaField = z
  .union([nonEmpty, z.strictObject({ id: nonEmpty.describe('Persona id.') })])
  .transform((value) => (typeof value === 'string' ? value : value.id));

export const manifestSchema = z
  .strictObject({
    title: nonEmpty.describe(
      'Title of the video; unique across manifests. Without an id, the item is found by this exact title.',
    ),
    id: nonEmpty.optional().describe('Pins an existing item by its id.'),
    description: z.string().optional().describe('Description shown with the video.'),
    full_text: z.string().optional().describe('Source text the script is written from.'),
    textover: z
      .string()
      .optional()
      .describe('Hand-written on-screen script; absent: the service writes one from full_text.'),
    hashtags: hashtagsField
      .optional()
      .describe('A list of hashtags (# added when missing), or one string taken as written.'),
    persona: personaField.optional().describe('Persona id, or {id: …}.'),
    fine_tuning: z
      .record(z.string(), z.unknown())
      .optional()
      .describe('Generation fine-tuning, passed through to the service as it is.'),
    stage: z
      .enum(STAGES)
      .default('draft')
      .describe(
        'How far apply takes the item: draft (fields only, no credits), rendered (a video exists) or published.',
      ),
    flow: z
      .enum(FLOWS)
      .default('oneshot')
      .describe('oneshot: one request renders and publishes; stepwise: the script is read before rendering.'),
    video: video.prefault({}),
    publish: publish.optional(),
    paused: pausedField,
    self_heal: z
      .boolean()
      .optional()
      .describe(
        "true: a field edited in the service since the repository last asked for it is put back to the manifest's value (once, and said). Absent or false: such an edit is kept and shown (docs/service-edits.md).",
      ),
    ignore_service_edits: z
      .array(z.enum(SERVICE_EDITABLE))
      .optional()
      .describe(
        'Fields the service owns once the item exists: sent when it is created, never compared or written again.',
      ),
  })
  .refine((value) => value.stage !== 'published' || (value.publish?.accounts?.length ?? 0) > 0, {
    path: ['stage'],
    params: { code: 'published_without_accounts' },
    message:
      'stage is published but publish.accounts lists no account; add one under publish.accounts, or set stage: rendered',
    when: (payload) => isRecord(payload.value) && payload.value['stage'] === 'published',
  })
  .describe('One video, kept as code: a content item of the service and how it is rendered and published.');

/** The manifest after validation, with defaults filled. */
export type Manifest = z.output<typeof manifestSchema>;
/** One entry of publish.accounts. */
export type ManifestAccount = z.output<typeof accountSchema>;

/** JSON Schema of the manifest as written (input side), for editors and the README reference. */
export function manifestJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(manifestSchema, {
    io: 'input',
    target: 'draft-2020-12',
    unrepresentable: 'any',
  });
  const { $schema, ...rest } = schema;
  return { $schema, title: 'content-as-code manifest', ...rest };
}
