/** The HTTP helpers every route handler uses (STYLE rule 7). */
export { ApiError, API_ERRORS, notFound, type ApiErrorCode } from "./errors";
export { errorResponse, errorBody, withErrors } from "./error-response";
export { parseJsonBody, parseJsonBytes, readBodyBytes, readBodyText, DEFAULT_MAX_BODY_BYTES, type BodyOptions } from "./body";
export { parsePagination, encodeCursor, decodeCursor, toPage, DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT, type Page, type PageRequest } from "./pagination";
export { parseId, parsePositiveNumber, parseVersionNumber } from "./params";
export { parseQuery } from "./query";
export { getActor, actorIfAny, setActor, SYSTEM_ACTOR, type Actor, type ActorType } from "./actor";
export { issuesOf, type IssueDto } from "./zod-issues";
export { eventStreamResponse, lastEventId, lastEventQuery } from "./event-stream";
