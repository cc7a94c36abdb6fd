/**
 * Words a page loads after its first paint, by name: a step few visitors reach (the plan
 * confirmation) would otherwise weigh on every visitor's HTML. Served by pages/api/messages.ts;
 * the browser names a bundle only (the `MessageBundle` type), so the lists stay on the server.
 */
import { CONFIRM_PLAN_MESSAGES } from '@/lib/plans/page-messages'
import type { MessagePart } from './page-messages'

export const MESSAGE_BUNDLES = {
  confirmPlan: CONFIRM_PLAN_MESSAGES,
} satisfies Record<string, readonly MessagePart[]>

export type MessageBundle = keyof typeof MESSAGE_BUNDLES
