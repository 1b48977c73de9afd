// Public surface of the ops module: operator authentication and audit for every module's
// ops-routes, the operator tables, and the bootstrap operator (main.ts, tests, ops CLI).
export { OPS_API, type OpsDeps } from './deps';
export { auditLog, operatorPasskeys, operatorProposals, operators, type AuditRow, type OperatorProposalRow, type OperatorRow } from './schema';
export { currentAccess, currentOperator, operatorsOnly, registerOperatorDecoration, requireOperator, scheduledAt, type OperatorIdentity } from './auth';
export { OperatorCache } from './operator-cache';
export { writeAudit, writeAudits, type AuditEntry } from './audit';
export { BOOTSTRAP_OPERATOR, ensureBootstrapOperator, OPERATOR_TOKEN_FILE } from './bootstrap';
export { OPERATOR_NAME_PATTERN } from './operators';
export { OPERATOR_ROLES, ROUTE_ROLES, roleForRoute, type OperatorRole } from './roles';
export { auditRefusedApproval, dependenceOf, type DependenceReason } from './independence';
export { CONSOLE_SESSION_TTL_MS } from './console-sessions';
export { addressMatcher, DEFAULT_OPERATOR_CREDENTIAL_NETWORKS } from './networks';
