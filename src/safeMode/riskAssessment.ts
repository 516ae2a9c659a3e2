import { reason, type Reason } from '../decision/reason';
import { ToolArgumentsError } from '../errors/ToolArgumentsError';
import { CATEGORY_TEXTS } from '../categories/riskCategories';
import { assessCallRisk } from '../risk/categorize';
import { workspacePathContext, type CallRisk, type RiskContext } from '../risk/riskContext';
import { categorization, type Categorization, type Evidence } from '../categories/evidence';
import { pathUseEvidence } from '../risk/fileRisk';
import type { CommandPath } from '../risk/shellRisk';
import { PATH_ARGUMENT_KEYS } from '../tools/toolCatalog';
import type { ToolClass } from '../tools/toolClass';

/** A call to assess, with the class the lifecycle gave its tool. */
export interface AssessedCall {
  readonly tool: string;
  readonly args: Readonly<Record<string, unknown>>;
  readonly toolClass: ToolClass;
}

/** What safe mode makes of one call. */
export type RiskAssessment =
  | {
      readonly ok: true;
      readonly risk: Categorization;
      readonly notes: readonly Reason[];
      /** the workspace paths a shell command names, for the lifecycle's path checks */
      readonly commandPaths: readonly CommandPath[];
      /** a shell command's simple commands and why it could not be seen whole, for the policy's command rules */
      readonly shell?: CallRisk['shell'];
    }
  | { readonly ok: false; readonly problem: string };

/**
 * A tool with no kind still gets categories: its path arguments are checked as reads (SAFE
 * tools) or writes, and a DESTRUCTIVE one counts as running arbitrary code, since nothing
 * says what it does.
 */
function unmappedToolRisk({ tool, args, toolClass }: AssessedCall, context: RiskContext): Categorization {
  const base = workspacePathContext(context);
  const role = toolClass === 'SAFE' ? 'read' : 'write';
  const evidence: Evidence[] = PATH_ARGUMENT_KEYS.filter((key) => typeof args[key] === 'string').flatMap((key) =>
    pathUseEvidence({ path: args[key] as string, role, argument: key }, base),
  );
  if (toolClass === 'DESTRUCTIVE') {
    evidence.unshift({
      category: 'EXEC_ARBITRARY',
      argument: 'tool',
      trigger: tool,
      note: 'a DESTRUCTIVE tool with no risk mapping',
      details: [tool, context.workspaceRoot, 'unknown'],
    });
  }
  return categorization(evidence);
}

export function categoryNotes(risk: Categorization): Reason[] {
  return risk.categories.map((category) => {
    const first = risk.evidence.find((item) => item.category === category);
    const trigger = first ? ` (${first.argument}: ${first.trigger})` : '';
    return reason('risk_category', 'safe-mode', {
      message: `${category}: ${CATEGORY_TEXTS.en[category].risk}${trigger}`,
      category,
    });
  });
}

/** Categorizes a call for the governor: unknown tools fall back, malformed arguments are reported. */
export function assessRisk(call: AssessedCall, context: RiskContext): RiskAssessment {
  const { tool, toolClass } = call;
  const assessed = assessCallRisk(tool, call.args, context);
  if (assessed.ok) {
    return {
      ok: true,
      risk: assessed.risk,
      notes: categoryNotes(assessed.risk),
      commandPaths: assessed.commandPaths,
      ...(assessed.shell && { shell: assessed.shell }),
    };
  }
  if (assessed.error instanceof ToolArgumentsError) return { ok: false, problem: assessed.error.message };
  const risk = unmappedToolRisk(call, context);
  const unmapped = reason('unmapped_tool', 'safe-mode', {
    message: `'${tool}' has no risk mapping: its path arguments are checked${toolClass === 'DESTRUCTIVE' ? ' and it counts as EXEC_ARBITRARY' : ''}.`,
  });
  return { ok: true, risk, notes: [...categoryNotes(risk), unmapped], commandPaths: [] };
}
