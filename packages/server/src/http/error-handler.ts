import http from 'node:http';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { errorCodes, type ErrorBody } from '@commons/shared';
import { apiMessages } from '@commons/shared/texts/api';
import { AppError } from '../lib/errors.js';

export function isApiRequest(request: FastifyRequest): boolean {
  return request.url === '/api' || request.url.startsWith('/api/') || request.url.startsWith('/api?');
}

/** Headers every /api/ response carries (API.md §2.1), errors included. */
export function setApiHeaders(reply: FastifyReply): void {
  reply.header('Content-Type', 'application/json; charset=UTF-8');
  reply.header('Cache-Control', 'private, no-store');
}

export function sendApiError(reply: FastifyReply, body: ErrorBody): void {
  setApiHeaders(reply);
  reply.status(body.status).send(JSON.stringify(body));
}

function reasonPhrase(status: number): string {
  return `${http.STATUS_CODES[status] ?? 'Error'}.`;
}

/** Maps any failure to the contract's error body. Client mistakes are 4xx; only faults are 500. */
export function toErrorBody(error: FastifyError | AppError | Error): ErrorBody {
  if (error instanceof AppError) {
    return { status: error.status, ...(error.code ? { code: error.code } : {}), message: error.message };
  }
  const fastifyError = error as FastifyError;
  if (fastifyError.validation) {
    const where = fastifyError.validationContext ?? 'body';
    return {
      status: 400,
      code: errorCodes.invalidJson,
      message: `${apiMessages.invalidJson} ${where}${fastifyError.message.replace(/^[a-z]+/, '')}`,
    };
  }
  if (fastifyError.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return { status: 413, code: errorCodes.bodyTooLarge, message: apiMessages.bodyTooLarge };
  }
  if (
    fastifyError.code === 'FST_ERR_CTP_INVALID_CONTENT_LENGTH' ||
    fastifyError.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
  ) {
    return { status: 400, code: errorCodes.invalidJson, message: apiMessages.invalidJson };
  }
  const status = fastifyError.statusCode;
  if (status !== undefined && status >= 400 && status < 500) {
    return { status, message: reasonPhrase(status) };
  }
  return { status: 500, message: apiMessages.internalError };
}

export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const body = toErrorBody(error);
  if (body.status >= 500) {
    request.log.error({ err: error, route: request.routeOptions.url }, 'request failed');
  }
  if (isApiRequest(request)) {
    sendApiError(reply, body);
  } else {
    reply
      .status(body.status)
      .type('text/plain; charset=utf-8')
      .send(body.status >= 500 ? 'Internal Server Error' : body.message);
  }
}
