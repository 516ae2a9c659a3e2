/**
 * The source of intentgate's OpenCode plugin, an ES module for `.opencode/plugin/`: OpenCode
 * has no command hooks, so the plugin runs `hookCommand` (a bash command line, like
 * `intentgate hook opencode --workspace DIR`) for each `tool.execute.before` and
 * `tool.execute.after`, with the event as JSON on stdin, and acts on what it prints
 * (opencodeAdapter.ts): a throw refuses the call, `updatedArgs` are set on its arguments (a shell
 * command allowed only contained becomes its contained line). It fails closed: a hook that cannot start, exits with another code
 * than 0 or prints anything but that JSON refuses the call. OpenCode reports a throw in
 * `tool.execute.before` to the model as the call's result, and the call does not run.
 */
export function opencodePluginSource(hookCommand: string): string {
  return `// intentgate's OpenCode plugin: every tool call is decided by \`intentgate hook opencode\` first.
// Written by intentgate; the hook command is below.
import { spawn } from 'node:child_process';

const HOOK_COMMAND = ${JSON.stringify(hookCommand)};

function parseAnswer(stdout) {
  if (stdout.trim() === '') return {};
  try {
    const body = JSON.parse(stdout);
    return typeof body === 'object' && body !== null && !Array.isArray(body) ? body : { failed: 'intentgate: the hook printed no JSON object' };
  } catch {
    return { failed: 'intentgate: the hook printed no JSON' };
  }
}

function runHook(event, cwd) {
  return new Promise((resolve) => {
    const child = spawn('bash', ['-c', HOOK_COMMAND], { cwd, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', (error) => resolve({ failed: 'intentgate: the hook could not start: ' + error.message }));
    child.on('close', (code) => {
      const answer = parseAnswer(stdout);
      if (code === 0) return resolve(answer);
      const reason = typeof answer.reason === 'string' ? answer.reason : stderr.trim();
      resolve({ failed: reason === '' ? 'intentgate: the hook failed with exit code ' + code : reason });
    });
    child.stdin.on('error', () => {});
    child.stdin.end(JSON.stringify(event));
  });
}

export const IntentGate = async ({ directory }) => {
  const event = (name, input, args) => ({ hook_event_name: name, session_id: input.sessionID, cwd: directory, tool_name: input.tool, tool_input: args ?? {} });
  return {
    'tool.execute.before': async (input, output) => {
      const answer = await runHook(event('tool.execute.before', input, output.args), directory);
      if (answer.failed !== undefined) throw new Error(answer.failed);
      if (answer.decision === 'deny') throw new Error(String(answer.reason));
      // a command allowed only contained: OpenCode runs the arguments as the hook left them
      if (typeof answer.updatedArgs === 'object' && answer.updatedArgs !== null) {
        if (typeof output.args !== 'object' || output.args === null) throw new Error('intentgate: the call has no arguments to rewrite; it is blocked');
        Object.assign(output.args, answer.updatedArgs);
      }
    },
    'tool.execute.after': async (input, output) => {
      const answer = await runHook(event('tool.execute.after', input, input.args), directory);
      if (answer.failed !== undefined || answer.decision === 'deny') output.output = String(answer.failed ?? answer.reason);
      else if (typeof answer.additionalContext === 'string') output.output = String(output.output ?? '') + '\\n\\n' + answer.additionalContext;
    },
  };
};
`;
}
