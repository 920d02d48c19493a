/** The footer: information pages and the brand line. */
import { Link } from 'react-router';
import { useBrand } from '../app/appConfig';
import { ThemeToggle } from './ThemeToggle';

const LINKS = [
  { to: '/about', label: 'About' },
  { to: '/product/dart', label: 'Dart' },
  { to: '/product/find', label: 'Find' },
  { to: '/best-practices', label: 'Best practices' },
  { to: '/chat-policy', label: 'Chat policy' },
  { to: '/data-security', label: 'Data security' },
  { to: '/privacy', label: 'Privacy' },
  { to: '/terms', label: 'Terms' },
  { to: '/contact', label: 'Contact' },
] as const;

export function AppFooter() {
  const brand = useBrand();
  return (
    <footer className="kosh-footer">
      <nav aria-label="Information">
        {LINKS.map((l) => (
          <Link key={l.to} to={l.to}>
            {l.label}
          </Link>
        ))}
      </nav>
      <p className="bp6-text-muted">{brand} — trading and surveillance for Indian bonds.</p>
      <ThemeToggle />
    </footer>
  );
}
