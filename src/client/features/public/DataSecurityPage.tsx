/** Public page `/data-security`: how accounts, sessions, credentials and data are protected. */
import { Link } from 'react-router';
import { useBrand } from '../../app/appConfig';
import { InfoPage, type InfoSection } from './InfoPage';

function sections(brand: string): InfoSection[] {
  return [
    {
      id: 'passwords',
      title: 'Passwords',
      icon: 'key',
      points: [
        'Passwords are never stored. The server keeps only an argon2id hash — a memory-hard algorithm designed to make guessing a stolen hash slow and costly.',
        'Sign-in, password reset and one-time-password requests are rate-limited to slow down guessing.',
      ],
    },
    {
      id: 'sessions',
      title: 'Short-lived sessions',
      icon: 'time',
      points: [
        'Each request carries an access token that is valid for five minutes at most, so a leaked token expires quickly.',
        'The session is renewed with a refresh token held in an httpOnly, SameSite cookie that scripts on the page cannot read.',
        'Refresh tokens rotate on every use and are stored only as hashes. If an old refresh token is ever presented again, the whole chain of sessions descending from it is revoked.',
        'Live updates travel over a websocket that must authenticate with a valid token before it receives anything.',
      ],
    },
    {
      id: 'otp',
      title: 'One-time passwords',
      icon: 'mobile-phone',
      points: [
        'Two-factor sign-in uses a six-digit one-time password.',
        'It is stored only as a hash, expires five minutes after it is sent, and both the number of attempts and the number of codes sent are limited.',
      ],
    },
    {
      id: 'exchange-credentials',
      title: 'Exchange credentials',
      icon: 'lock',
      points: [
        'Credentials for the exchanges and clearing corporations are encrypted at rest with AES-256-GCM, which also detects any tampering with the stored value.',
        'The encryption key is supplied to the server separately and is not kept in the database.',
        'Credentials are write-only: once saved they are never sent back to a browser or returned by the API.',
        'Only a firm’s operations administrators can enter or replace them.',
      ],
    },
    {
      id: 'access',
      title: 'Role-based access',
      icon: 'people',
      paragraphs: [
        'What a user may see and do follows their roles — dealer, viewer, operations admin, back office, compliance officer — and permissions such as trading access, inventory access and security-data access, assigned by their firm’s administrator.',
      ],
      points: [
        'The server checks role, permission and tenancy on every request, from one shared policy table. Hiding a button is never the only control.',
        'Viewers and compliance officers have read-only access.',
        'Premium features are checked on the server as well as on screen.',
      ],
    },
    {
      id: 'tenancy',
      title: 'Tenancy isolation',
      icon: 'office',
      points: [
        'Every record belongs to a client firm. Orders, private runs, inventory, tickets and exchange credentials are visible only to the firm that owns them and, for a negotiation, to its counterparties.',
        'Public market data — public runs, interest shown to the whole market and the bond finder — is visible to every user with trading access.',
        'Compliance officers have a read-only view across the platform, for surveillance.',
        'A request for another firm’s private record is answered as if the record did not exist, so its existence is not revealed.',
        'Each live update is filtered per user before it is sent.',
      ],
    },
    {
      id: 'audit',
      title: 'Append-only audit log',
      icon: 'history',
      paragraphs: [
        'Every change of state — an interest posted, a quote revised, an order placed, a trade settled — is written to an event log in the same database transaction as the change itself. No part of the application updates or deletes entries in that log. Surveillance and notifications read from it, so what compliance reviews is exactly what happened.',
      ],
    },
    {
      id: 'browser',
      title: 'In your browser',
      icon: 'globe-network',
      points: [
        'Security headers and a content security policy limit what the page may load and where it may send data.',
        'The session cookie is httpOnly; display preferences, such as the light or dark theme, are kept only in your browser.',
      ],
    },
    {
      id: 'your-part',
      title: 'Your part',
      icon: 'endorsed',
      points: [
        `Use a password for ${brand} that you use nowhere else, and sign in with a one-time password whenever it is offered.`,
        'Never share your password, a one-time password or exchange credentials — not even with support.',
        <>
          Report anything suspicious straight away; see <Link to="/contact">contact and support</Link>.
        </>,
      ],
    },
  ];
}

/** How the platform protects accounts, credentials and each firm's data. */
export function DataSecurityPage() {
  const brand = useBrand();
  return (
    <InfoPage
      path="/data-security"
      title="Data security"
      intro={`Trading data is sensitive. This page explains how ${brand} protects your account, your firm’s exchange credentials and the separation between firms.`}
      sections={sections(brand)}
    />
  );
}
