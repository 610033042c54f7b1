// The answer of every write call of the specification: `{Result, Message}`, a plain value.
import type { MutationResult } from '../../contract/api.ts';
import { messages } from './messages.ts';

export const refuse = (Message: string): MutationResult => ({ Result: false, Message });
export const ok = (Message: string = messages.ok): MutationResult => ({ Result: true, Message });
