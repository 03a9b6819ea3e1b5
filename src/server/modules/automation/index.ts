export { insertRules } from './automation-rules-repository';
export { checkRuleTargets, rulesForTemplate } from './automation-service';
export { clickSummary } from './button-clicks-repository';
export { applyButtonPresses, buttonPressOf } from './button-press-service';
export { automationRoutes } from './routes';
