// The team module's public face: what other modules may use (docs/architecture.md).
export { generateStaffPassword } from './generated-password';
export { insertTeamMember, STAFF_EMAIL_TAKEN } from './members';
export { isAdminRole, rankOf } from './rules';
export { staffNameOf } from './staff-name';
