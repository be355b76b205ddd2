// Errors a handler raises to answer with a status other than its success.

export class HttpError extends Error {
  readonly status: number;
  readonly body: Record<string, unknown>;
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    body: Record<string, unknown> & { error: string },
    headers: Record<string, string> = {},
  ) {
    super(body.error);
    this.status = status;
    this.body = body;
    this.headers = headers;
  }
}

export function badRequest(error: string): HttpError {
  return new HttpError(400, { error });
}

export type Body = Record<string, unknown>;

export function asObject(body: unknown): Body {
  if (body === undefined) return {};
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw badRequest('The request body must be a JSON object.');
  }
  return body as Body;
}

/** Absent → undefined; null → null when nullable; otherwise the string or a 400 naming the field. */
export function optString(body: Body, name: string, nullable = true): string | null | undefined {
  if (!(name in body) || body[name] === undefined) return undefined;
  const value = body[name];
  if (value === null && nullable) return null;
  if (typeof value !== 'string') {
    throw badRequest(`${name}: expected a string${nullable ? ' or null' : ''}, got ${describe(value)}.`);
  }
  return value;
}

export function optBoolean(body: Body, name: string): boolean | undefined {
  if (!(name in body) || body[name] === undefined) return undefined;
  const value = body[name];
  if (typeof value !== 'boolean')
    throw badRequest(`${name}: expected true or false, got ${describe(value)}.`);
  return value;
}

export function optObject(body: Body, name: string): Record<string, unknown> | null | undefined {
  if (!(name in body) || body[name] === undefined) return undefined;
  const value = body[name];
  if (value === null) return null;
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw badRequest(`${name}: expected an object or null, got ${describe(value)}.`);
  }
  return value as Record<string, unknown>;
}

/** A 'yes'/'no' flag of the interface: strings, not booleans. */
export function yesNo(body: Body, name: string): 'yes' | 'no' {
  if (!(name in body) || body[name] === undefined) return 'no';
  const value = body[name];
  if (value !== 'yes' && value !== 'no') {
    throw badRequest(`${name}: expected the string "yes" or "no", got ${describe(value)}.`);
  }
  return value;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'string' ? `"${value.slice(0, 40)}"` : typeof value;
}
