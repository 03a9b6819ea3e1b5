/** The automation module's public face: what other modules, app.ts and the seed may use. */
export { checkRuleTargets, clickSummary, insertRules, listAutomationRules, replaceRules, rulesForTemplate } from './automation-service';
export { applyButtonPresses, buttonPressOf } from './button-press-service';
export { automationRoutes } from './routes';
