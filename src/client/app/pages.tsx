/** Which component renders each page route; routes whose feature is not built yet say so. */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { PageRoute } from '../../shared/pageRoutes';
import { InspectorOff } from '../features/dev/InspectorOff';
import { NotYetAvailable } from '../ui/NotYetAvailable';

type PageComponent = LazyExoticComponent<ComponentType> | ComponentType;

// Named exports stay named; React.lazy needs a default, so adapt once here.
function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): LazyExoticComponent<ComponentType> {
  return lazy(async () => ({ default: pick(await load()) }));
}

const PAGES: Partial<Record<string, PageComponent>> = {
  landing: lazyPage(
    () => import('../features/public/LandingPage'),
    (m) => m.LandingPage,
  ),
  about: lazyPage(
    () => import('../features/public/AboutPage'),
    (m) => m.AboutPage,
  ),
  bestPractices: lazyPage(
    () => import('../features/public/infoPages'),
    (m) => m.BestPracticesPage,
  ),
  chatPolicy: lazyPage(
    () => import('../features/public/infoPages'),
    (m) => m.ChatPolicyPage,
  ),
  contact: lazyPage(
    () => import('../features/public/infoPages'),
    (m) => m.ContactPage,
  ),
  dataSecurity: lazyPage(
    () => import('../features/public/infoPages'),
    (m) => m.DataSecurityPage,
  ),
  privacy: lazyPage(
    () => import('../features/public/infoPages'),
    (m) => m.PrivacyPage,
  ),
  terms: lazyPage(
    () => import('../features/public/infoPages'),
    (m) => m.TermsPage,
  ),
  productDart: lazyPage(
    () => import('../features/public/ProductDartPage'),
    (m) => m.ProductDartPage,
  ),
  productFind: lazyPage(
    () => import('../features/public/ProductFindPage'),
    (m) => m.ProductFindPage,
  ),
  login: lazyPage(
    () => import('../features/auth/LoginPage'),
    (m) => m.LoginPage,
  ),
  logout: lazyPage(
    () => import('../features/auth/LogoutPage'),
    (m) => m.LogoutPage,
  ),
  forgotPassword: lazyPage(
    () => import('../features/passwords/ForgotPasswordPage'),
    (m) => m.ForgotPasswordPage,
  ),
  resetPassword: lazyPage(
    () => import('../features/passwords/ResetPasswordPage'),
    (m) => m.ResetPasswordPage,
  ),
  register: lazyPage(
    () => import('../features/register/RegisterPage'),
    (m) => m.RegisterPage,
  ),
  profile: lazyPage(
    () => import('../features/account/ProfilePage'),
    (m) => m.ProfilePage,
  ),
  clientProfile: lazyPage(
    () => import('../features/clientProfile/ClientProfilePage'),
    (m) => m.ClientProfilePage,
  ),
  manageUsers: lazyPage(
    () => import('../features/users/ManageUsersPage'),
    (m) => m.ManageUsersPage,
  ),
  exchangeCredentials: lazyPage(
    () => import('../features/credentials/ExchangeCredentialsPage'),
    (m) => m.ExchangeCredentialsPage,
  ),
  find: lazyPage(
    () => import('../features/find/FindPage'),
    (m) => m.FindPage,
  ),
  chat: lazyPage(
    () => import('../features/chat/ChatPage'),
    (m) => m.ChatPage,
  ),
  dart: lazyPage(
    () => import('../features/dart/DartPage'),
    (m) => m.DartPage,
  ),
  transactions: lazyPage(
    () => import('../features/transactions/TransactionsPage'),
    (m) => m.TransactionsPage,
  ),
  security: lazyPage(
    () => import('../features/security/SecurityPage'),
    (m) => m.SecurityPage,
  ),
  devOutbox: lazyPage(
    () => import('../features/dev/DevOutboxPage'),
    (m) => m.DevOutboxPage,
  ),
  // Without INSPECTOR the build drops the inspector's chunk: this branch is removed as dead code.
  devMachines: __KOSH_INSPECTOR__
    ? lazyPage(
        () => import('../features/dev/MachineInspectorPage'),
        (m) => m.MachineInspectorPage,
      )
    : InspectorOff,
};

/** The component for `route`: its page, or the "not yet available" notice with its title. */
export function pageFor(route: PageRoute): PageComponent {
  return PAGES[route.id] ?? (() => <NotYetAvailable title={route.title} />);
}
