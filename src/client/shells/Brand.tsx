import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { knownSiteName, siteName } from '../api/siteInfo';
import { BrandMark } from '../ui/icons';

/** The site's name from GET /api/lookup/info (SPEC section 3); the app's own until it is read. */
function useSiteName(): string | null {
  const [name, setName] = useState(knownSiteName);
  useEffect(() => {
    let live = true;
    void siteName().then((read) => {
      if (!live || !read) return;
      setName(read);
      document.title = read;
    });
    return () => {
      live = false;
    };
  }, []);
  return name;
}

export function Brand({ to }: { to: string }) {
  const { t } = useTranslation();
  const name = useSiteName();
  return (
    <Link to={to} className="brand">
      <BrandMark size={34} />
      <span className="brand__name" data-testid="site-name">
        {name ?? t('app.name')}
      </span>
    </Link>
  );
}
