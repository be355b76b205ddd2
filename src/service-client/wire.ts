import type { ContentEdit, GenerationRequest, PublishOptions, RenderOptions } from './types.ts';

// Every quirk of what the client SENDS lives here: paths, the paging query,
// headers, and the translation from the project's clean types to the body
// field names the service wants (see docs/service-assumptions.md). Nothing
// else in the project spells a wire field name.

/** A JSON object sent as a request body. */
export type WireBody = Record<string, unknown>;

export interface BaseUrl {
  /** `scheme://host:port`, what the connection pool is bound to. */
  origin: string;
  /** Path prefix ending in `/v1`, without a trailing slash. */
  prefix: string;
  /** origin + prefix, for messages. */
  href: string;
}

/** A1: taken as given; `/v1` appended unless the path already ends in it; trailing slashes ignored. */
export function resolveBaseUrl(raw: string): BaseUrl | null {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username !== '' || url.password !== '') return null;
  const path = url.pathname.replace(/\/+$/, '');
  const prefix = path.endsWith('/v1') ? path : `${path}/v1`;
  return { origin: url.origin, prefix, href: `${url.origin}${prefix}` };
}

const id = (value: string): string => encodeURIComponent(value);

/** The endpoints of the interface, relative to the `/v1` prefix. */
export const paths = {
  contents: () => '/contents',
  content: (contentId: string) => `/contents/${id(contentId)}`,
  versions: (contentId: string) => `/contents/${id(contentId)}/versions`,
  upload: (contentId: string) => `/contents/upload/${id(contentId)}`,
  processContent: () => '/gen/process-content-async',
  generateVideo: () => '/gen/video',
  taskStatus: (contentId: string) => `/gen/task-status/${id(contentId)}`,
  accounts: () => '/accounts',
  credits: () => '/users/credits',
  subscription: () => '/subscription/current',
  introspect: () => '/api-keys/introspect',
} as const;

/**
 * A6: the query of one listing page. The first page carries no page number,
 * so that the service starts at its own first page (0 or 1); a cursor, when
 * the service gave one, replaces the page number.
 */
export function listingQuery(page: number | null, cursor: string | null, size: number): string {
  const query = new URLSearchParams();
  if (cursor !== null) query.set('cursor', cursor);
  else if (page !== null) query.set('page', String(page));
  query.set('limit', String(size));
  query.set('page_size', String(size));
  return `?${query.toString()}`;
}

/**
 * A7: a page by offset, for a service that ignores page numbers: the offset
 * of the next row under the names services use for it, the size under every
 * size name. It also tells a listing that is not paged at all (which answers
 * its whole list again) from one paged by offset.
 */
export function offsetQuery(size: number, offset: number): string {
  const query = new URLSearchParams();
  for (const name of ['limit', 'page_size', 'per_page']) query.set(name, String(size));
  for (const name of ['offset', 'skip']) query.set(name, String(offset));
  return `?${query.toString()}`;
}

/**
 * A7: a next link, followed as given, as a path relative to the /v1 prefix.
 * Only links on the service's own origin and under its prefix are followed:
 * the key is never sent anywhere else.
 */
export function resolveLink(base: BaseUrl, href: string, from: string): string {
  let url: URL;
  try {
    url = new URL(href, `${base.origin}${base.prefix}${from}`);
  } catch {
    throw new Error(`the listing's next link is not a URL`);
  }
  if (url.origin !== base.origin || !url.pathname.startsWith(`${base.prefix}/`)) {
    throw new Error(`the listing's next link leads off ${base.origin}${base.prefix}: it is not followed`);
  }
  return `${url.pathname.slice(base.prefix.length)}${url.search}`;
}

/** A2, A3, A4: bearer only; JSON content type only when there is a body; a write's Idempotency-Key when it has one. */
export function requestHeaders(
  apiKey: string,
  userAgent: string,
  hasBody: boolean,
  idempotencyKey?: string,
): Record<string, string> {
  const headers: Record<string, string> = {
    authorization: `Bearer ${apiKey}`,
    'user-agent': userAgent,
    accept: 'application/json',
  };
  if (hasBody) headers['content-type'] = 'application/json';
  if (idempotencyKey !== undefined) headers['idempotency-key'] = idempotencyKey;
  return headers;
}

/** 'yes'/'no' flags are strings on the wire, not booleans. */
function yesNo(flag: boolean): 'yes' | 'no' {
  return flag ? 'yes' : 'no';
}

/** `account_ids` are objects `{id}`: a list of plain strings resolves to no accounts at all. */
function accountIds(ids: readonly string[]): Array<{ id: string }> {
  return ids.map((accountId) => ({ id: accountId }));
}

function compact(body: WireBody): WireBody {
  const out: WireBody = {};
  for (const [key, value] of Object.entries(body)) if (value !== undefined) out[key] = value;
  return out;
}

/** A13: ContentDetail names; undefined fields are not sent (PUT is partial), null clears. */
export function contentBody(fields: ContentEdit): WireBody {
  return compact({
    title: fields.title,
    description: fields.description,
    full_text: fields.full_text,
    textover: fields.textover,
    hashtags: fields.hashtags,
    fine_tuning: fields.fine_tuning,
    persona_id: fields.persona_id,
  });
}

/** A13: `cancel_generation` is sent only when the caller asks for it. */
export function editBody(edit: ContentEdit, cancelGeneration: boolean): WireBody {
  const body = contentBody(edit);
  if (cancelGeneration) body.cancel_generation = true;
  return body;
}

function renderFields(render: RenderOptions): WireBody {
  return compact({
    video_id: render.video_id,
    orientation: render.orientation,
    prefer_real_world: render.prefer_real_world,
    image_overlay_enabled: render.image_overlay_enabled,
    image_overlay_position: render.image_overlay_position,
    zoom_effect_enabled: render.zoom_effect_enabled,
    subtitle_settings: render.subtitle_settings,
  });
}

/**
 * Publication fields shared by the one-shot request (A21) and the upload (A26).
 * notifySubscribers / aiDisclosure must keep this exact casing: any other is silently ignored.
 */
function publicationFields(publish: PublishOptions): WireBody {
  return compact({
    privacy: publish.privacy,
    category: publish.category,
    notifySubscribers: publish.notify_subscribers,
    aiDisclosure: publish.ai_disclosure,
    tiktok_post_mode: publish.tiktok_post_mode,
    tiktok_privacy: publish.tiktok_privacy,
  });
}

/**
 * A21: the presence of `account_ids` is the service's only publication switch,
 * so the publication fields travel only together with it.
 */
export function generationBody(request: GenerationRequest): WireBody {
  const body: WireBody = { creation_id: request.content_id, ...renderFields(request.render) };
  const publish = request.publish;
  if (publish === undefined) return body;
  return {
    ...body,
    account_ids: accountIds(publish.account_ids),
    made_for_kids: yesNo(publish.made_for_kids),
    age_restricted: yesNo(publish.age_restricted),
    ...publicationFields(publish),
  };
}

/** A25: `POST /gen/video` takes the item, the source and the orientation only. */
export function videoBody(contentId: string, render: RenderOptions): WireBody {
  return { creation_id: contentId, video_id: render.video_id, orientation: render.orientation };
}

/** A26: the upload spells the COPPA / 18+ flags in camelCase, unlike the one-shot request. */
export function uploadBody(publish: PublishOptions): WireBody {
  return {
    account_ids: accountIds(publish.account_ids),
    madeForKids: yesNo(publish.made_for_kids),
    ageRestricted: yesNo(publish.age_restricted),
    ...publicationFields(publish),
  };
}
