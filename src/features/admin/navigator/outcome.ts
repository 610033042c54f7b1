// What a mutation call came to, for the banners: Result true, or the message to show.
import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { messages } from '../../../messages/withAdmin';
import type { MutationResult } from '../../../api/adminApi';
import type { Banner } from './navigatorSlice';

export type Outcome = { ok: true } | { ok: false; message: string };

export type CallResult =
  | { data: MutationResult; error?: undefined }
  | { data?: undefined; error: FetchBaseQueryError | SerializedError };

const messageOf = (data: unknown): string | undefined => {
  const message = (data as { Message?: unknown } | null | undefined)?.Message;
  return typeof message === 'string' && message.trim() ? message : undefined;
};

export function outcomeOf(result: CallResult): Outcome {
  const t = messages.admin.banner;
  if (result.data) {
    return result.data.Result
      ? { ok: true }
      : { ok: false, message: messageOf(result.data) ?? t.unknownError };
  }
  const error = result.error;
  if ('status' in error) {
    // Answers with the contract's {Result:false, Message} shape (400, 401, 404, 429…).
    const message = messageOf(error.data);
    if (message) return { ok: false, message };
    if (error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR') {
      return { ok: false, message: t.networkError };
    }
    return { ok: false, message: typeof error.status === 'number' ? `HTTP ${error.status}` : t.unknownError };
  }
  return { ok: false, message: error.message ?? t.unknownError };
}

/** The banner of an operation's outcome: success, or the failure with its message. */
export const bannerOf = (outcome: Outcome): Banner => (outcome.ok ? { kind: 'success' } : { kind: 'failure', message: outcome.message });
