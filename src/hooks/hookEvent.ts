import type { Decision } from '../decision/decision';

/**
 * One agent hook event, read out of the agent's own JSON into what the governor needs.
 * Every agent's adapter (src/hooks/agents/*) turns its events into these and answers
 * from a HookAnswer, so the lifecycle logic lives once, in answerHookEvent.
 */
export type HookEvent =
  | { readonly kind: 'session_start'; readonly sessionId: string; readonly cwd: string }
  | { readonly kind: 'user_prompt'; readonly sessionId: string; readonly cwd: string; readonly prompt: string }
  | {
      readonly kind: 'pre_tool';
      readonly sessionId: string;
      readonly cwd: string;
      /** the tool's name as the governor knows it (the agent preset classifies it) */
      readonly tool: string;
      /** the arguments with absolute workspace paths already made workspace-relative */
      readonly args: unknown;
      readonly callId?: string;
      /** the tool's input exactly as the agent sent it, for an answer that hands it back rewritten (a contained command) */
      readonly input?: Readonly<Record<string, unknown>>;
    }
  | {
      readonly kind: 'post_tool';
      readonly sessionId: string;
      readonly cwd: string;
      readonly tool: string;
      readonly args: unknown;
      readonly callId?: string;
    }
  /**
   * the agent's own approval prompt for a call its pre-tool hook already answered (Codex's
   * PermissionRequest): the call as the agent will run it, a contained command as its line
   */
  | {
      readonly kind: 'permission_request';
      readonly sessionId: string;
      readonly cwd: string;
      readonly tool: string;
      readonly args: unknown;
    }
  /** the agent is about to offer its tools to the model (Gemini CLI's BeforeToolSelection) */
  | {
      readonly kind: 'tool_selection';
      readonly sessionId: string;
      readonly cwd: string;
      readonly tools: readonly string[];
    }
  | { readonly kind: 'stop'; readonly sessionId: string; readonly cwd: string }
  | { readonly kind: 'session_end'; readonly sessionId: string; readonly cwd: string };

export type HookEventKind = HookEvent['kind'];

/**
 * A shell command to run in place of the model's: `line` runs it contained (containedShellLine),
 * and goes in the tool's `argument` (its command). An adapter that cannot hand a rewritten
 * call back to its agent must not let the call run.
 */
export interface ContainedCommand {
  readonly argument: string;
  readonly line: string;
}

/** What the governor answers to one event; each adapter writes it in its agent's format. */
export type HookAnswer =
  /** nothing to block; `context` is text the agent should add to the model's context where it can */
  | { readonly kind: 'proceed'; readonly context?: string }
  /** the call runs; with `contained`, only as that contained command */
  | { readonly kind: 'allow'; readonly decision: Decision; readonly contained?: ContainedCommand }
  | { readonly kind: 'deny'; readonly message: string; readonly decision?: Decision }
  /**
   * a held call: `message` is the five-part prompt and where a human decides, for the model's
   * context and the agent's own prompt; `humanNote` says how to approve, for a channel only the
   * human reads (never the model's context)
   */
  | {
      readonly kind: 'ask';
      readonly message: string;
      readonly humanNote?: string;
      readonly decision: Decision;
      readonly contained?: ContainedCommand;
    }
  /** the tool names the model may see now (tool_selection) */
  | { readonly kind: 'tools'; readonly allowed: readonly string[] };
