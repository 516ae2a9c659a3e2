/** The intents file `hooks install` writes when there is none: no intent yet, and a commented one to copy. */
export const INTENTS_EXAMPLE = `# The intents an agent may work under. Before it changes anything, the agent selects one
# (select_active_intent); it may then change only the paths the intent's owned_scope covers.
# Until an intent is listed here, every call that changes something is refused.
# Written by \`intentgate hooks install\`; the example below shows the fields (README, docs/hooks.md).
#
# active_intents:
#   - id: INT-001
#     name: JWT authentication
#     status: IN_PROGRESS
#     owned_scope:
#       - src/auth/**
#       - tests/auth/
#     constraints:
#       - keep the exports of src/auth/index.ts
#     acceptance_criteria:
#       - npm test passes
active_intents: []
`;
