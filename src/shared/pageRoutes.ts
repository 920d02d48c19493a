/**
 * The page route table of spec 01 §2 as data: path, layout and access rule. The client builds
 * its router and guards from it; nothing else lists page paths.
 */
import type { Permission, RequestType, Role } from './enums.js';
import type { LayoutName } from './layouts.js';

export type PageAccess =
  | { kind: 'public' }
  | { kind: 'unauthenticatedOnly' }
  | {
      kind: 'login';
      /** Any of these roles passes; absent, any signed-in account does (docs/adr/0003). */
      roles?: readonly Role[];
      /** All of these page-level permissions are needed. */
      permissions?: readonly Permission[];
      complianceRestricted?: boolean;
      /** Closed to view-only users (viewers and compliance): chat needs a chatting role. */
      viewOnlyRestricted?: boolean;
      /**
       * A premium feature (DESIGN §4 gates): a client below PREMIUM gets the 402 wall, whose
       * Request Upgrade files this request type (spec 02 §8).
       */
      premium?: RequestType;
    }
  | { kind: 'redirectOnly'; to: string };

/** A check on the URL itself; failing gives 404 or the status and message it names. */
export interface PageValidate {
  rule: 'numericId' | 'inviteCode';
  status?: number;
  message?: string;
}

export interface PageRoute {
  id: string;
  path: string;
  access: PageAccess;
  layout?: LayoutName;
  /** Spec 01 §2 "a redirect step runs first": a signed-in user goes on to ?redirect= or home. */
  redirectStep?: boolean;
  validate?: PageValidate;
  /** What the page is, for titles and the "not yet available" notice. */
  title: string;
}

const login = (extra: Omit<Extract<PageAccess, { kind: 'login' }>, 'kind'> = {}): PageAccess => ({ kind: 'login', ...extra });
const PUBLIC: PageAccess = { kind: 'public' };

export const PAGE_ROUTES: readonly PageRoute[] = [
  { id: 'landing', path: '/', access: PUBLIC, layout: 'noheader', title: 'Home' },
  { id: 'about', path: '/about', access: PUBLIC, layout: 'noheader', title: 'About' },
  { id: 'login', path: '/auth/login', access: PUBLIC, redirectStep: true, title: 'Sign in' },
  { id: 'logout', path: '/auth/logout', access: PUBLIC, title: 'Sign out' },
  { id: 'forgotPassword', path: '/auth/forgot-password', access: PUBLIC, title: 'Forgot password' },
  { id: 'resetPassword', path: '/auth/reset-password', access: PUBLIC, title: 'Reset password' },
  { id: 'bestPractices', path: '/best-practices', access: PUBLIC, title: 'Best practices' },
  { id: 'chatPolicy', path: '/chat-policy', access: PUBLIC, title: 'Chat policy' },
  { id: 'contact', path: '/contact', access: PUBLIC, title: 'Contact us' },
  { id: 'dataSecurity', path: '/data-security', access: PUBLIC, title: 'Data security' },
  { id: 'privacy', path: '/privacy', access: PUBLIC, title: 'Privacy policy' },
  { id: 'terms', path: '/terms', access: PUBLIC, title: 'Terms of use' },
  {
    id: 'register',
    path: '/client/register',
    access: PUBLIC,
    redirectStep: true,
    layout: 'bare',
    validate: { rule: 'inviteCode', status: 410 },
    title: 'Register',
  },
  {
    id: 'transactions',
    path: '/client/transactions',
    layout: 'dart',
    access: login({ roles: ['clientdealer', 'clientviewer', 'backoffice'] }),
    title: 'Transactions',
  },
  { id: 'clientProfile', path: '/client/profile', access: login(), title: 'Client profile' },
  { id: 'dart', path: '/dart', access: login({ complianceRestricted: true }), layout: 'dart', title: 'Dashboard' },
  // Ours: the spec names no chat path; the same chat is the dart layout's Chat panel.
  { id: 'chat', path: '/chat', access: login({ viewOnlyRestricted: true }), title: 'Chat' },
  { id: 'find', path: '/find', access: PUBLIC, layout: 'dart', title: 'Find bonds' },
  {
    id: 'inventory',
    path: '/inventory',
    access: login({ permissions: ['inventory.has_inventory_access'], premium: 'REQUEST_ACCESS_INVENTORY' }),
    title: 'Inventory',
  },
  { id: 'manageUsers', path: '/manage-users', access: login({ roles: ['clientopsadmin'] }), layout: 'settings', title: 'Manage users' },
  {
    id: 'exchangeCredentials',
    path: '/exchange-credentials',
    access: login({ roles: ['clientopsadmin'] }),
    layout: 'settings',
    title: 'Exchange credentials',
  },
  { id: 'market', path: '/market', access: { kind: 'redirectOnly', to: '/dart' }, title: 'Market' },
  { id: 'trade', path: '/trade', access: { kind: 'redirectOnly', to: '/dart' }, title: 'Trade' },
  { id: 'productDart', path: '/product/dart', access: PUBLIC, layout: 'productdart', title: 'Dart — the trading dashboard' },
  { id: 'productFind', path: '/product/find', access: PUBLIC, layout: 'productfind', title: 'Find — the bond finder' },
  { id: 'profile', path: '/profile', access: login(), layout: 'settings', title: 'Profile' },
  {
    id: 'security',
    path: '/security/:id',
    access: login(),
    layout: 'dart',
    validate: { rule: 'numericId' },
    title: 'Bond detail',
  },
  { id: 'surveillance', path: '/surveillance', access: login({ roles: ['complianceofficer'] }), layout: 'dart', title: 'Surveillance' },
  { id: 'mind', path: '/mind', access: login(), title: 'Mind' },
  // Not in the spec's table: where demo installations show the e-mails and SMS they could not send.
  { id: 'devOutbox', path: '/dev/outbox', access: PUBLIC, title: 'Demo outbox' },
  // Not in the spec's table: the statechart inspector of developer installations (INSPECTOR=on).
  { id: 'devMachines', path: '/dev/machines', access: login(), title: 'Machine inspector' },
];

/** Where the login page sends the original path (spec 01 §2 "redirect query parameter"). */
export const REDIRECT_PARAM = 'redirect';
export const LOGIN_PATH = '/auth/login';
