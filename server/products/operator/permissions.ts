import { CORRECTION_PATHS } from '../../../domain/corrections.js';
import { FEE_PATHS } from '../../../domain/fees.js';
import { FIAT_PATHS } from '../../../domain/fiat.js';
import { ICO_PATHS } from '../../../domain/ico.js';
import { LIABILITIES_PATHS } from '../../../domain/liabilities.js';
import { MARKET_OPERATOR_PATHS } from '../../../domain/marketsDesk.js';
import { NOTICE_PATHS } from '../../../domain/notices.js';
import { OPERATOR_PATHS, type OperatorPermission } from '../../../domain/operators.js';
import { SECONDS_PATHS } from '../../../domain/seconds.js';
import { TREASURY_PATHS } from '../../../domain/treasury.js';
import { TWO_FACTOR_PATHS } from '../../../domain/twoFactor.js';
import { USERS_DESK_PATHS } from '../../../domain/usersDesk.js';
import { WALLET_PATHS } from '../../../domain/wallet.js';
import { declareOperatorRoutes } from '../../kernel/platform/auth/operators/routePermissions.js';

/**
 * The one table of what each operator route needs (issue 51 §1; docs/OPERATOR.md and docs/API.md
 * "Operators, roles and the audit log" show it by role). The operator product owns the policy for
 * every product's desk, so it reads in one place; it names other products' routes only through
 * their paths in domain/, as the console does. The kernel's auth hook checks it on every operator
 * call (kernel/platform/auth/operators/access.ts) and refuses a route missing here.
 */
export const OPERATOR_ROUTE_PERMISSIONS: Readonly<Record<string, OperatorPermission>> = {
  // This product: the session, the operators desk and the audit log.
  [`POST ${OPERATOR_PATHS.logout}`]: 'session',
  [`POST ${OPERATOR_PATHS.operators}`]: 'operators.read',
  [`POST ${OPERATOR_PATHS.create}`]: 'operators.manage',
  [`POST ${OPERATOR_PATHS.disable}`]: 'operators.manage',
  [`POST ${OPERATOR_PATHS.enable}`]: 'operators.manage',
  [`POST ${OPERATOR_PATHS.setRoles}`]: 'operators.manage',
  [`POST ${OPERATOR_PATHS.accessRequests}`]: 'operators.read',
  [`POST ${OPERATOR_PATHS.approveAccess}`]: 'operators.manage',
  [`POST ${OPERATOR_PATHS.rejectAccess}`]: 'operators.manage',
  [`POST ${OPERATOR_PATHS.audit}`]: 'audit.read',
  [`POST ${OPERATOR_PATHS.auditExport}`]: 'audit.read',
  // Operators' own 2FA, sessions and sign-in history (issue 51 §1).
  [`POST ${OPERATOR_PATHS.mySessions}`]: 'session',
  [`POST ${OPERATOR_PATHS.mySessionRevoke}`]: 'session',
  [`POST ${OPERATOR_PATHS.myOtherSessionsRevoke}`]: 'session',
  [`POST ${OPERATOR_PATHS.mySignIns}`]: 'session',
  [`POST ${OPERATOR_PATHS.myPassword}`]: 'session',
  [`POST ${OPERATOR_PATHS.resetTwoFactor}`]: 'operators.manage',
  // Identity review (kyc).
  'POST /api/operator/kyc/list': 'identity.read',
  'POST /api/operator/kyc/detail': 'identity.read',
  'POST /api/operator/kyc/approve': 'identity.review',
  'POST /api/operator/kyc/reject': 'identity.review',
  'GET /api/identity/photo/:id/:side': 'identity.read',
  // The users desk (accounts).
  [`POST ${TWO_FACTOR_PATHS.operatorUsers}`]: 'users.read',
  [`POST ${TWO_FACTOR_PATHS.operatorReset}`]: 'users.security',
  // The users desk: search, a user's page, freezes, notes (issue 51 §3).
  [`POST ${USERS_DESK_PATHS.search}`]: 'users.read',
  [`POST ${USERS_DESK_PATHS.export}`]: 'users.read',
  [`POST ${USERS_DESK_PATHS.user}`]: 'users.read',
  [`POST ${USERS_DESK_PATHS.freeze}`]: 'users.freeze',
  [`POST ${USERS_DESK_PATHS.unfreeze}`]: 'users.freeze',
  [`POST ${USERS_DESK_PATHS.identity}`]: 'users.freeze',
  [`POST ${USERS_DESK_PATHS.endSessions}`]: 'users.security',
  [`POST ${USERS_DESK_PATHS.suspendKeys}`]: 'users.security',
  [`POST ${USERS_DESK_PATHS.note}`]: 'users.notes',
  // The withdrawal queue (wallet).
  [`POST ${WALLET_PATHS.operatorWithdrawals}`]: 'withdrawals.read',
  [`POST ${WALLET_PATHS.operatorApproveWithdrawal}`]: 'withdrawals.review',
  [`POST ${WALLET_PATHS.operatorFailWithdrawal}`]: 'withdrawals.review',
  // Held deposits (wallet): the list, and a credit or a return with the operator's 2FA code.
  [`POST ${WALLET_PATHS.operatorHeldDeposits}`]: 'deposits.read',
  [`POST ${WALLET_PATHS.operatorCreditHeldDeposit}`]: 'deposits.review',
  [`POST ${WALLET_PATHS.operatorReturnHeldDeposit}`]: 'deposits.review',
  // Balance corrections with four eyes (issue 51 §4).
  [`POST ${CORRECTION_PATHS.list}`]: 'corrections.read',
  [`POST ${CORRECTION_PATHS.account}`]: 'corrections.read',
  [`POST ${CORRECTION_PATHS.propose}`]: 'corrections.propose',
  [`POST ${CORRECTION_PATHS.approve}`]: 'corrections.approve',
  [`POST ${CORRECTION_PATHS.reject}`]: 'corrections.approve',
  // P2P: appeals with their chat, and the trade settings.
  [`POST ${FIAT_PATHS.operatorAppeals}`]: 'p2p.appeals.read',
  'GET /api/fiat/chat_image/:id/:message': 'p2p.appeals.read',
  [`POST ${FIAT_PATHS.operatorResolve}`]: 'p2p.appeals.resolve',
  [`POST ${FIAT_PATHS.operatorTradeSettings}`]: 'trading.read',
  [`POST ${FIAT_PATHS.operatorLegalTrade}`]: 'trading.write',
  // Seconds contracts' periods.
  [`POST ${SECONDS_PATHS.operatorPeriods}`]: 'trading.read',
  [`POST ${SECONDS_PATHS.operatorUpdatePeriod}`]: 'trading.write',
  // ICO projects.
  [`POST ${ICO_PATHS.operatorProjects}`]: 'trading.read',
  [`POST ${ICO_PATHS.operatorSave}`]: 'trading.write',
  // Market halts (issue 52 §1).
  [`POST ${MARKET_OPERATOR_PATHS.markets}`]: 'trading.read',
  [`POST ${MARKET_OPERATOR_PATHS.halt}`]: 'trading.write',
  [`POST ${MARKET_OPERATOR_PATHS.resume}`]: 'trading.write',
  [`POST ${MARKET_OPERATOR_PATHS.list}`]: 'trading.write',
  [`POST ${MARKET_OPERATOR_PATHS.delist}`]: 'trading.write',
  [`POST ${MARKET_OPERATOR_PATHS.listCurrency}`]: 'trading.write',
  [`POST ${MARKET_OPERATOR_PATHS.delistCurrency}`]: 'trading.write',
  [`POST ${MARKET_OPERATOR_PATHS.contractList}`]: 'trading.write',
  [`POST ${MARKET_OPERATOR_PATHS.contractDelist}`]: 'trading.write',
  // Announcements and platform notes (issue 51 §5).
  [`POST ${NOTICE_PATHS.operatorList}`]: 'notices.read',
  [`POST ${NOTICE_PATHS.operatorNotes}`]: 'notices.read',
  [`POST ${NOTICE_PATHS.operatorSave}`]: 'notices.write',
  [`POST ${NOTICE_PATHS.operatorPublish}`]: 'notices.write',
  [`POST ${NOTICE_PATHS.operatorUnpublish}`]: 'notices.write',
  [`POST ${NOTICE_PATHS.operatorNoteSave}`]: 'notices.write',
  // Proof of liabilities (issue 52 §4): the snapshots built (the desk), and one built now beside the daily one.
  [`POST ${LIABILITIES_PATHS.operatorSnapshots}`]: 'liabilities.read',
  [`POST ${LIABILITIES_PATHS.operatorBuild}`]: 'liabilities.build',
  // Fee schedules, tiers and overrides (issue 52 §2).
  [`POST ${FEE_PATHS.operatorRead}`]: 'fees.read',
  [`POST ${FEE_PATHS.operatorTiers}`]: 'fees.write',
  [`POST ${FEE_PATHS.operatorSchedule}`]: 'fees.write',
  [`POST ${FEE_PATHS.operatorVolumes}`]: 'fees.write',
  [`POST ${FEE_PATHS.operatorOverride}`]: 'fees.override',
  // The treasury desk (issue 52 §3): read-only figures.
  [`POST ${TREASURY_PATHS.series}`]: 'treasury.read',
  [`POST ${TREASURY_PATHS.balanceSheet}`]: 'treasury.read',
};

declareOperatorRoutes(OPERATOR_ROUTE_PERMISSIONS);
