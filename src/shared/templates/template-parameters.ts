import type { TemplateComponent } from '../api/templates';
import { parameterRequired } from '../validation/template-parameters';
import { templateVariableCount } from './template-message';

/**
 * Whether the parameters fit the template's variables, one value per {{n}} (each value's own rules are
 * `parametersField`'s): the reason they do not, or null. Broadcasts and the chat's template send alike.
 */
export function parameterCountProblem(components: TemplateComponent[], parameters: readonly unknown[]): string | null {
  const variables = templateVariableCount(components);
  if (parameters.length < variables) return parameterRequired(parameters.length + 1);
  if (parameters.length > variables) return `This template takes ${variables} parameter${variables === 1 ? '' : 's'}, not ${parameters.length}`;
  return null;
}
