import { type ReactNode, useEffect, useRef } from 'react';
import { adminPaths } from '../admin-routes';
import { useLogout, useViewer } from '../auth/viewer';
import { Link, useAdminLocation } from '../navigation';

interface Props {
  /** The page's h1, also the tab title. */
  title: string;
  /** Above the heading: where this page sits ("Integration", say). */
  eyebrow?: ReactNode;
  /** Beside the heading: the page's main action. */
  actions?: ReactNode;
  children?: ReactNode;
}

interface NavItem {
  href: string;
  label: string;
  /** Also current for addresses under it. */
  prefix?: boolean;
}

/** One admin screen: skip link, header with navigation and account, the heading, the content. */
export function AdminPage({ title, eyebrow, actions, children }: Props) {
  const viewer = useViewer();
  const logout = useLogout();
  const { pathname } = useAdminLocation();
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    document.title = `${title} · PaySplit admin`;
  }, [title]);
  // A new address is a new page: focus its heading so a screen reader starts there (not on the first load).
  const firstPath = useRef(pathname);
  useEffect(() => {
    if (pathname !== firstPath.current) heading.current?.focus();
  }, [pathname]);

  const nav: NavItem[] = [
    { href: adminPaths.dashboard, label: 'Dashboard' },
    { href: adminPaths.integrations, label: 'Integrations', prefix: true },
    { href: adminPaths.sessions, label: 'Sessions', prefix: true },
    ...(viewer.role === 'OPERATOR' ? [{ href: adminPaths.operatorTokens, label: 'Operator tokens' }] : []),
  ];
  const isCurrent = (item: NavItem) => pathname === item.href || (item.prefix === true && pathname.startsWith(`${item.href}/`));

  return (
    <div className="admin">
      <a className="skip-link" href="#admin-main">
        Skip to content
      </a>
      <header className="admin-header">
        <div className="admin-brand">
          <span className="brand-mark" aria-hidden="true">
            ◐
          </span>{' '}
          PaySplit <span className="admin-brand-area">{viewer.role === 'OPERATOR' ? 'operator' : 'merchant'} admin</span>
        </div>
        <nav aria-label="Admin" className="admin-nav">
          <ul>
            {nav.map((item) => (
              <li key={item.href}>
                <Link href={item.href} aria-current={isCurrent(item) ? 'page' : undefined}>
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="admin-account">
          <span className="admin-account-email" title={viewer.email}>
            {viewer.email}
          </span>
          <Link href={adminPaths.changePassword} aria-current={pathname === adminPaths.changePassword ? 'page' : undefined}>
            Change password
          </Link>
          <button type="button" className="button-quiet" onClick={() => logout.mutate()} disabled={logout.isPending}>
            Log out
          </button>
        </div>
      </header>
      <main id="admin-main" className="admin-main">
        {eyebrow && <p className="eyebrow">{eyebrow}</p>}
        <div className="admin-title">
          <h1 ref={heading} tabIndex={-1}>
            {title}
          </h1>
          {actions}
        </div>
        {children}
      </main>
    </div>
  );
}
