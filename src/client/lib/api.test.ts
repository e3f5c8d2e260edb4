import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  ApiError,
  apiJson,
  errorMessageOf,
  fieldErrorsOf,
  HTML_RESPONSE_ERROR,
  statusOf,
  UNEXPECTED_ANSWER_ERROR,
} from './api';

function answer(status: number, body: string, type = 'application/json') {
  return vi.fn(async () => new Response(body, { status, headers: { 'content-type': type } }));
}

afterEach(() => vi.unstubAllGlobals());

describe('ApiError', () => {
  it('keeps the message "{status}: {text}" and the parsed body beside it', () => {
    const error = new ApiError(400, '{"message":"Invalid input","errors":{"email":"Enter an email"}}');
    expect(error.message).toBe('400: {"message":"Invalid input","errors":{"email":"Enter an email"}}');
    expect(statusOf(error)).toBe(400);
    expect(errorMessageOf(error, 'fallback')).toBe('Invalid input');
    expect(fieldErrorsOf(error)).toEqual({ email: 'Enter an email' });
  });

  it('reads errorType and leaves non-string field messages out', () => {
    const error = new ApiError(409, '{"message":"Limit","errorType":"limit_reached","errors":{"a":1}}');
    expect(error.errorType).toBe('limit_reached');
    expect(fieldErrorsOf(error)).toEqual({});
  });

  it('shows a plain-text answer, but never an HTML page or a JSON body without a message', () => {
    expect(errorMessageOf(new ApiError(502, 'Bad gateway'), 'fallback')).toBe('Bad gateway');
    expect(errorMessageOf(new ApiError(502, '<!DOCTYPE html><p>x</p>'), 'fallback')).toBe('fallback');
    expect(errorMessageOf(new ApiError(500, '{"code":1}'), 'fallback')).toBe('fallback');
  });

  it('is not confused with other errors that look like one', () => {
    const lookalike = new Error('409: {"message":"x"}');
    expect(statusOf(lookalike)).toBeUndefined();
    expect(fieldErrorsOf(lookalike)).toEqual({});
    expect(errorMessageOf(lookalike, 'fallback')).toBe('409: {"message":"x"}');
  });
});

describe('apiJson', () => {
  const schema = z.object({ id: z.string(), count: z.number() });

  it('returns the answer parsed with the contract', async () => {
    vi.stubGlobal('fetch', answer(200, '{"id":"a","count":2,"extra":true}'));
    await expect(apiJson('GET', '/api/x', schema)).resolves.toEqual({ id: 'a', count: 2 });
  });

  it('refuses an answer that does not match its contract instead of casting it', async () => {
    vi.stubGlobal('fetch', answer(200, '{"id":"a","count":"2"}'));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(apiJson('GET', '/api/x', schema)).rejects.toThrow(UNEXPECTED_ANSWER_ERROR);
  });

  it('throws ApiError with status and body for a non-OK answer', async () => {
    vi.stubGlobal('fetch', answer(404, '{"message":"Vehicle not found"}'));
    const error = await apiJson('GET', '/api/x', schema).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(404);
    expect((error as ApiError).serverMessage).toBe('Vehicle not found');
  });

  it('keeps the documented text for an HTML answer', async () => {
    vi.stubGlobal('fetch', answer(200, '<html></html>', 'text/html'));
    await expect(apiJson('GET', '/api/x', schema)).rejects.toThrow(HTML_RESPONSE_ERROR);
  });
});
