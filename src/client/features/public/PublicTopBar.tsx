/** Brand and navigation for public pages rendered without the application header. */
import { Link } from 'react-router';
import { useBrand } from '../../app/appConfig';
import { LinkButton } from '../../ui/LinkButton';

/** The brand mark linking home, product links and a sign-in button; `back` adds a Home link. */
export function PublicTopBar({ back }: { back?: boolean }) {
  const brand = useBrand();
  return (
    <nav className="kosh-public__topbar" aria-label={`${brand} public pages`}>
      <Link to="/" className="kosh-public__brand">
        {brand}
      </Link>
      <div className="kosh-public__topbar-links">
        {back && <LinkButton to="/" text="Home" icon="arrow-left" variant="minimal" />}
        <LinkButton to="/product/dart" text="Dart" variant="minimal" />
        <LinkButton to="/product/find" text="Find" variant="minimal" />
        {!back && <LinkButton to="/about" text="About" variant="minimal" />}
        <LinkButton to="/auth/login" text="Sign in" icon="log-in" intent="primary" />
      </div>
    </nav>
  );
}
