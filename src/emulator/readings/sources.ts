// The sentences the readings interpret, quoted exactly from the service
// interface or from RFC 9110 (RFC 6585 for 429), one constant per sentence
// so that several readings of one sentence cite it the same way.

export const CONTENTS_ENVELOPE = 'Query parameters and the response envelope: not shown.';
/** The interface's own flags on the wire: words, not booleans (POST /contents/upload/{content_id}). */
export const FLAG_WORDS = 'madeForKids | string | yes or no. Named in the 400 condition.';
export const ACCOUNTS_SHAPE =
  'Lists connected accounts. Their ids are used in account_ids. Response shape: not shown.';
export const LIST_FIELDS =
  'Full field list of a list item: not shown beyond the fields named above (published_url, published_platform, last_error, persona as {id, name}).';
export const LIST_ITEMS =
  'Items carry published_url, published_platform, last_error, and persona as {id, name}.';
export const CREATE_BODIES =
  'Creates a content item (the first step of both flows). Request and response bodies: not shown.';
export const PUT_FIELDS = 'Fields other than cancel_generation: not shown.';
export const GENERATION_RESPONSE = 'Response body: not shown.';
export const GENERATION_STATUSES = 'Status codes specific to this endpoint: not shown.';
export const UPLOAD_RESPONSE = 'Other request fields and the 200 response body: not shown.';
export const TASK_STATUS_SHAPE = 'Response body shape: not shown.';
export const ID_FIELD = 'id | string (uuid)';
export const DATE_FIELD = 'creation_date | string (date-time)';
export const UPDATED_FIELD = 'updated_at | string (date-time)';
export const PROGRESS_FIELDS =
  'Inner fields of fine_tuning, stats, metadata, progress and subtitle_settings: not shown.';
export const CREDITS_SHAPE = 'Returns the credit balance. Response shape: not shown.';
export const SUBSCRIPTION_WRAPPED =
  "Returns the caller's plan information, including limits (the account's limits) and usage_summary (its consumption). The payload is wrapped in a success field; on failure the body is {success: false, error: string}.";
export const STATUS_VALUES =
  'ContentStatus allowed values: NEW, PROCESSING, PROCESSING_AUDIO, AUDIO_PROCESSED, PROCESSING_VIDEO, VIDEO_PROCESSED, UPLOADING, READY_FOR_UPLOAD, UPLOADED, FAILED_AUDIO, FAILED_VIDEO, FAILED_UPLOAD, FAILED.';
export const IN_FLIGHT =
  'Terminal states: UPLOADED, FAILED_AUDIO, FAILED_VIDEO, FAILED_UPLOAD, FAILED. Every other state means work is still in flight.';
export const INITIAL_MOVE =
  'Transitions out of NEW, PROCESSING and FAILED, and the initial move into PROCESSING_AUDIO: not shown.';
export const PUT_EDITS = 'Edits a content item.';
export const VERSIONS_SHAPE = 'Response shape on success: not shown.';
export const SCOPES_NOT_SHOWN =
  'The complete list of scopes and the scope each endpoint requires: not shown.';
export const ERROR_BODIES = 'Bodies of 429 and 5xx responses: not shown.';
export const RATE_LIMITED =
  '429 | Rate limited. Carries a Retry-After header in seconds. | Wait that many seconds.';
export const SERVER_FAILURE = '5xx | Server-side failure. | Retry with exponential backoff.';
export const READS_NOT_LIMITED = 'Generation endpoints are rate limited. Read endpoints are not.';
export const NOT_FOUND =
  "404 | No such resource for this key's owner. Another user's resource looks the same as a missing one. | Do not retry unchanged.";
export const ASYNC = 'The request is asynchronous.';
export const PERSONA_LIST = 'On the list view, persona is reduced to {id, name}.';
export const STATE_CHANGES = 'Policy for changes, deprecation and compatibility of the interface: not shown.';

export const RFC_503 =
  'The server MAY send a Retry-After header field (Section 10.2.3) to suggest an appropriate amount of time for the client to wait before retrying the request.';
export const RFC_RETRY_AFTER =
  'The value of this field can be either an HTTP-date or a number of seconds to delay after the response is received.';
export const RFC_202 =
  'The 202 (Accepted) status code indicates that the request has been accepted for processing, but the processing has not been completed.';
export const RFC_204 =
  'The 204 (No Content) status code indicates that the server has successfully fulfilled the request and that there is no additional content to send in the response content.';
export const RFC_201 =
  'The 201 (Created) status code indicates that the request has been fulfilled and has resulted in one or more new resources being created.';
export const RFC_301 =
  'The 301 (Moved Permanently) status code indicates that the target resource has been assigned a new permanent URI and any future references to this resource ought to use one of the enclosed URIs.';
export const RFC_307 =
  'The 307 (Temporary Redirect) status code indicates that the target resource resides temporarily under a different URI and the user agent MUST NOT change the request method if it performs an automatic redirection to that URI.';
export const RFC_308 =
  'The 308 (Permanent Redirect) status code indicates that the target resource has been assigned a new permanent URI and any future references to this resource ought to use one of the enclosed URIs.';
export const RFC_404 =
  'The 404 (Not Found) status code indicates that the origin server did not find a current representation for the target resource or is not willing to disclose that one exists.';
export const RFC_409 =
  'The 409 (Conflict) status code indicates that the request could not be completed due to a conflict with the current state of the target resource.';
export const RFC_410 =
  'The 410 (Gone) status code indicates that access to the target resource is no longer available at the origin server and that this condition is likely to be permanent.';
export const RFC_412 =
  'The 412 (Precondition Failed) status code indicates that one or more conditions given in the request header fields evaluated to false when tested on the server.';
export const RFC_422 =
  'The 422 (Unprocessable Content) status code indicates that the server understands the content type of the request content, and the syntax of the request content is correct, but it was unable to process the contained instructions.';
export const RFC_429 =
  'The 429 status code indicates that the user has sent too many requests in a given amount of time ("rate limiting").';
export const RFC_502 =
  'The 502 (Bad Gateway) status code indicates that the server, while acting as a gateway or proxy, received an invalid response from an inbound server it accessed while attempting to fulfill the request.';
export const RFC_504 =
  'The 504 (Gateway Timeout) status code indicates that the server, while acting as a gateway or proxy, did not receive a timely response from an upstream server it needed to access in order to complete the request.';
export const RFC_CONTENT_TYPE =
  'In practice, resource owners do not always properly configure their origin server to provide the correct Content-Type for a given representation.';
export const RFC_IDEMPOTENT =
  'A request method is considered "idempotent" if the intended effect on the server of multiple identical requests with that method is the same as the effect for a single such request.';
